"""诈胡 through ``python bot.py`` and the Discord double: a person presses 胡 on a hand that
is no win, is asked (and cancels once), then declares it; the chips move as baoding.md
says — a non-dealer pays 1 to each other player, the dealer 2 — and only change hands."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.discord_double.server import Message
from tests.discord_double.users import ScriptedUser, controls_of, open_table, wait_for
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

STAKE = 2


class Declarer(ScriptedUser):
    """Plays as the others do, except that a hand offering 胡 on no win is left to the test."""

    def choose(self, m: Message):  # type: ignore[no-untyped-def]
        if any(c.code == "fw" for c in controls_of(m)):
            return None
        return super().choose(m)


def bot_messages_of(u: ScriptedUser) -> list[Message]:
    """What the person sees from the bot: their DMs and their ephemerals in the channel."""
    pool = u.dm_messages() + [m for m in u.channel_messages() if m.visible_to == u.user.id]
    return [m for m in pool if m.author_id == u.double.bot.id]


def asking(u: ScriptedUser) -> Message | None:
    return next((m for m in reversed(bot_messages_of(u))
                 if any(c.code == "fw" for c in controls_of(m))), None)


def question(u: ScriptedUser, after: int = 0) -> Message | None:
    return next((m for m in reversed(bot_messages_of(u)) if m.id > after
                 and any(c.code == "fwy" for c in controls_of(m))), None)


async def press(u: ScriptedUser, m: Message, code: str) -> None:
    control = next(c for c in controls_of(m) if c.code == code)
    i = await u.double.click(u.user, m, control.custom_id)
    assert await u.double.wait_ack(i), f"{code} was not acknowledged within 3 s"


async def test_a_person_declares_a_false_win_and_pays_each_other_player(tmp_path):
    async with World(tmp_path, ["lan", "mei"]) as w:
        d = w.double
        lan = w.users[0] = Declarer(d, w.people[0], w.channel, seed=7, delay=(0.05, 0.2))
        await w.start_bot(sync=True)
        table = await open_table(d, lan, w.users[1:], computers=2, hands=1, preset="baoding",
                                 stake=STAKE)
        mei = asyncio.create_task(w.users[1].play(w.finished, 300))
        # lan plays (claims, passes) until 胡 is offered on a hand that is no win
        await lan.play(lambda: asking(lan) is not None, 120)
        hand = asking(lan)
        assert hand is not None, lan.log
        dealer = re.search(r"you sit (\w+)", hand.content)
        assert dealer is not None, hand.content
        each = STAKE * (2 if dealer.group(1) == "East" else 1)
        # asked first; Cancel changes nothing
        await press(lan, hand, "fw")
        q = await wait_for(lambda: question(lan), d, 10, "the question")
        assert q.visible_to == lan.user.id  # ephemeral
        assert q.content.startswith("This hand is not a winning hand. Declaring it is a false "
                                    f"win (诈胡): it costs you {3 * each} chips"), q.content
        await press(lan, q, "fwn")
        await wait_for(lambda: q.content.startswith("Cancelled") and not controls_of(q), d, 10,
                       "the question cancelled")
        assert not w.settlements() and asking(lan) is hand
        # asked again, declared
        await press(lan, hand, "fw")
        q2 = await wait_for(lambda: question(lan, after=q.id), d, 10, "the second question")
        await press(lan, q2, "fwy")
        await wait_for(w.settlements, d, 30, "the settlement")
        await wait_for(lambda: q2.content == "Declared: a false win (诈胡)." and not controls_of(q2),
                       d, 30, "the question answered")
        await lan.play(w.finished, 120)
        await mei
        await w.bot.stop()
        assert_clean(w)
        (posted,) = w.check_books(table, 1)  # the ledger holds what was posted
        assert posted.chips["lan"] == -3 * each
        assert sorted(c for n, c in posted.chips.items() if n != "lan") == [each] * 3
        assert sum(posted.chips.values()) == 0  # chips only change hands
        text = next(m.content for m in d.bot_messages(w.channel)
                    if m.content.startswith("**Hand 1 settlement**"))
        assert "lan declared a win that is no winning hand: a false win (诈胡)." in text
        assert f"False-win penalty (诈胡): lan {-3 * each:+d}" in text
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
