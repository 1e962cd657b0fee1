"""Why a button is missing, through ``python bot.py`` and the Discord double: a lock that
keeps a claim from a person (here Quzhou's "a discarded 财神 cannot be ponged, konged or won
on") is said in that person's hand message, in their language.

The hand is laid on a chosen wall (``engine.hand_setup``): the table is started by the table
service on that wall and stored, then the bot resumes it. Lan, the dealer, throws a 财神
first; Mei, two seats on, holds two of them, so a pong is kept from her, and while the
computer between them plays her hand says why."""

from __future__ import annotations

import pytest

from discord_double.server import Message
from discord_double.users import ScriptedUser, controls_of, wait_for
from engine.hand_setup import HandSetup
from engine.match import Match
from engine.rules import get_rules
from i18n.bot_text import bt
from store import Store, StoreSettings
from tables.clock import VirtualClock
from tables.game import GameDriver
from tables.persist import StoreTables
from tables.service import Person
from tests.e2e.test_games import assert_clean
from tests.e2e.world import STARTING_CHIPS, World
from tests.tables.conftest import make_service
from tests.tables.fakes import Recording

pytestmark = pytest.mark.e2e

JOKER = "2z"  # the 财神 when the indicator is 1z (East → South)
HANDS = [
    "123m456p123s99s7p8m" + JOKER,  # lan (East, the dealer: 14 tiles)
    "234m678m23p678s1z5z",  # a computer (South)
    "5m5m7p7p111p456s9m" + JOKER + JOKER,  # mei (West): two 财神
    "1m1m9p9p3s3s7s7s4m6p2s4z7z",  # a computer (North)
]


class ThrowsTheJoker(ScriptedUser):
    """Plays as the others do, but throws the 财神 the first time it may."""

    thrown = False

    def choose(self, m: Message):  # type: ignore[no-untyped-def]
        if not self.thrown:
            for c in controls_of(m):
                if c.code == "d" and (c.arg == JOKER or JOKER in c.options):
                    self.thrown = True
                    return c, ([JOKER] if c.kind == 3 else None)
        return super().choose(m)


async def _stored_table(w: World, monkeypatch: pytest.MonkeyPatch) -> str:
    """A Quzhou table of lan, mei and two computers started on the chosen wall and stored,
    as a bot that stopped right after Start leaves it."""
    setup = HandSetup.dealt(get_rules("quzhou"), HANDS, indicator="1z", seed="withheld")

    def start(cls, preset, options, seed, n, walls=None):  # type: ignore[no-untyped-def]
        m = Match.start(get_rules(preset, options), seed, hands_limit=n, setups=[setup])
        return cls(m), list(m.events)

    monkeypatch.setattr(GameDriver, "start", classmethod(start))
    store = await Store.open(settings=StoreSettings(path=str(w.db),
                                                    starting_chips=STARTING_CHIPS))
    svc = make_service(StoreTables(store), Recording(), VirtualClock())
    lan, mei = w.people
    try:
        info = await svc.create(w.guild.id, w.channel, Person(lan.id, lan.name), "quzhou",
                                {}, 1, 1)
        await svc.add_computer(info.id, lan.id)  # South
        await svc.join(info.id, Person(mei.id, mei.name))  # West
        await svc.add_computer(info.id, lan.id)  # North
        await svc.start(info.id, lan.id)
        assert [s.user_id for s in svc.get(info.id).seats] == [lan.id, None, mei.id, None]
    finally:
        await svc.close()
        await store.close()
    monkeypatch.undo()
    return info.id


async def test_a_discarded_joker_kept_from_a_person_is_said_in_her_hand(tmp_path, monkeypatch):
    async with World(tmp_path, ["lan", "mei"]) as w:
        d = w.double
        w.users[0] = ThrowsTheJoker(d, w.people[0], w.channel, seed=3, delay=(0.05, 0.2))
        await _stored_table(w, monkeypatch)
        # the computers take a moment over each move, as people see them do: Mei's hand is
        # shown between Lan's discard and South's
        await w.start_bot(extra={"MAHJONG_COMPUTER_DELAY": "1.5"})
        lan, mei = w.users
        said = bt("withheld.wildcard_not_claimable", "en")

        def mei_told() -> Message | None:  # (the line goes once South has discarded)
            return next((m for m in mei.dm_messages()
                         if any(said in text for text in (*m.history, m.content))), None)

        await lan.play(lambda: lan.thrown, 60)
        assert lan.thrown
        told = await wait_for(mei_told, d, 30, "mei's hand to say why there is no pong")
        shown = next(t for t in (*told.history, told.content) if said in t)
        assert "Hand:" in shown and "Not your turn" in shown
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
