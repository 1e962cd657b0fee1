"""Which copy of a hand is kept up to date, through ``python bot.py`` and the Discord double.

A person whose DM was slow plays from an ephemeral copy (``/mahjong hand``); their DM, left
behind, still shows an old turn with live-looking buttons. When they go back to it and click
one of those, the DM is brought up to date (not only "out of date, use the latest message"),
and from then on every update of their hand goes to the DM, the copy they play from: the
game goes on to its end and no turn of theirs times out.
"""

from __future__ import annotations

import re

import pytest

from tests.discord_double.server import Message
from tests.discord_double.users import (
    GAME_CODES,
    Control,
    ScriptedUser,
    controls_of,
    discard_choice,
    hand_counts,
    open_table,
    wait_for,
)
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

REFRESHED = "That button was out of date: your hand is shown as it is now."


def discards(m: Message | None) -> list[Control]:
    return [] if m is None else [c for c in controls_of(m) if c.code == "d"]


def ids(m: Message) -> list[str]:
    return [c.custom_id for c in controls_of(m)]


class OneCopy(ScriptedUser):
    """Plays from one copy of their hand only: their DM (``source = "dm"``) or their
    ephemeral copies (``"ephemeral"``); with ``hold``, a turn to discard is left to the test."""

    source = "dm"
    hold = False

    def hand_message(self) -> Message | None:
        if self.source == "dm":
            pool = self.dm_messages()
        else:
            pool = [m for m in self.channel_messages() if m.visible_to == self.user.id]
        offering = [m for m in pool if m.author_id == self.double.bot.id
                    and any(c.code in GAME_CODES for c in controls_of(m))]
        return max(offering, key=lambda m: m.id, default=None)

    def show_notice(self) -> Message | None:
        return None  # this person never presses Show my hand: the test uses /mahjong hand

    def choose(self, m: Message):  # type: ignore[no-untyped-def]
        if self.hold and discards(m):
            return None
        return super().choose(m)

    def discard(self, m: Message) -> tuple[Control, list[str] | None]:
        """The tile that helps least, as the button (or the menu's option) that discards it."""
        offered = discards(m)
        menu = next((c for c in offered if c.kind == 3), None)
        if menu is not None:
            return menu, [discard_choice(menu.options, hand_counts(m.content), self.rng)]
        tile = discard_choice([c.arg for c in offered], hand_counts(m.content), self.rng)
        return next(c for c in offered if c.arg == tile), None


async def test_a_click_on_an_out_of_date_dm_brings_it_up_to_date_and_makes_it_the_living_copy(
        tmp_path):
    hands = 2  # (if a computer ends the first hand early, her next turn is in the second)
    async with World(tmp_path, ["nora"]) as w:
        d = w.double
        nora = OneCopy(d, w.people[0], w.channel, seed=11, delay=(0.05, 0.2))
        w.users[0] = nora
        await w.start_bot(sync=True)
        table = await open_table(d, nora, [], computers=3, hands=hands)

        # she plays from her DM until it asks her to discard
        nora.hold = True
        await nora.play(lambda: bool(discards(nora.hand_message())), 120)
        dm = nora.hand_message()
        assert dm is not None and discards(dm), nora.log
        behind = dm.version
        old = ids(dm)

        # her DM is slow, she thinks: /mahjong hand, and she discards from the ephemeral copy
        asked = await d.slash(nora.user, w.channel, "mahjong", "hand")
        assert await d.wait_ack(asked), "/mahjong hand was not acknowledged within 3 s"
        nora.source = "ephemeral"
        copy = await wait_for(lambda: (m := nora.hand_message()) is not None and discards(m)
                              and m, d, 30, "the ephemeral copy")
        assert copy.visible_to == nora.id and ids(copy) == old
        control, values = nora.discard(copy)
        assert await nora._press(copy, control, values), nora.log
        # the copy is the one kept up to date: she answers claims there until her next turn
        await nora.play(lambda: bool(discards(copy)) and ids(copy) != old, 120)
        assert nora.hand_message() is copy and discards(copy), nora.log
        assert dm.version == behind and ids(dm) == old  # her DM was left behind

        # then she goes back to her DM and clicks a discard button there, out of date now
        button = discards(dm)[0]
        before = copy.version
        stale = await d.click(nora.user, dm, button.custom_id,
                              [button.options[0]] if button.kind == 3 else None)
        assert await d.wait_ack(stale), "the click on the old DM was not acknowledged"
        await wait_for(lambda: dm.version > behind, d, 30, "her DM brought up to date")
        # her hand as it is now: the turn the copy shows, its tiles and its buttons
        assert ids(dm) == ids(copy) != old, (dm.content, copy.content)
        assert hand_counts(dm.content) == hand_counts(copy.content) != {}
        await wait_for(lambda: stale.refused, d, 10, "the ephemeral note")
        assert stale.refused == [REFRESHED]

        # from now on she plays from her DM only, and every update of her hand goes there
        nora.source, nora.hold = "dm", False
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        assert copy.version == before, "the ephemeral copy was still kept up to date"
        later = [i for i in d.interactions.values() if i.user_id == nora.id
                 and i.created > stale.created and i.source_message_id is not None]
        assert later and all(i.source_message_id == dm.id for i in later), nora.log
        assert dm.version > behind + 1  # (brought up to date, then her moves and turns)
        assert not any(m.id > copy.id and controls_of(m) for m in nora.channel_messages()
                       if m.visible_to == nora.id), "another ephemeral copy of her hand"
        assert not nora.failed, nora.log
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        # no turn of hers timed out: a computer never kept her seat
        kept = [t for t in (m.content for m in d.bot_messages(w.channel))
                if re.search(r"nora \(\w+ computer\)", t)]
        assert kept == [], kept
