"""A riichi game through ``python bot.py`` and the Discord double: people declare riichi
from the button, the table shows points, dora, sticks and honba, each settlement its han and
fu, the chips move once at the end of the game and the ledger equals what was posted (the
last hand's chips line and the final ranking)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

from discord_double.server import Message
from discord_double.users import Control, ScriptedUser
from i18n.bot_text import bt
from tables.walls import ChosenHand, walls_json
from tests.discord_double.users import controls_of, open_table, wait_for
from tests.e2e.test_games import assert_clean
from tests.e2e.world import STARTING_CHIPS, World

pytestmark = pytest.mark.e2e

RANK_ROW = re.compile(r"^\d\. (?P<name>.+) — (?P<points>[\d,-]+) points, result (?P<result>[+-]\d+), "
                      r"chips (?P<chips>[+-]\d+)$")


async def test_a_riichi_game_settles_its_chips_once_and_the_ledger_matches(tmp_path):
    hands = 2
    async with World(tmp_path, ["kana", "leo"]) as w:
        await w.start_bot(sync=True)
        # the lobby offers riichi: /mahjong new's preset autocomplete finds it
        offered = await w.double.autocomplete(w.people[0], w.channel, "mahjong", "new", "preset",
                                              "riichi")
        assert "riichi" in [c["value"] for c in offered]
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset="riichi")
        await w.play(timeout=400)
        await w.bot.stop()
        assert_clean(w)
        texts = [m.content for m in w.double.bot_messages(w.channel)]
        # the table shows the game's points and its dora; each settlement its points paid
        assert any("Dora indicators" in t and "honba" in t for t in texts), texts[-5:]
        settled = [t for t in texts if t.startswith("**Hand ")]
        assert settled and all("Points: " in t for t in settled)
        posted = w.check_books(table, hands)
        # chips move once: nothing before the last hand, the game's result with it
        by_hand = {s.hand: s for s in posted}
        assert all(not any(by_hand[h].chips.values()) for h in range(1, hands))
        last = by_hand[hands].chips
        assert sum(last.values()) == 0
        # the final ranking says the same chips, and they are the ledger's
        standings = next(t for t in reversed(texts) if t.startswith("**Standings**"))
        rows = [m for line in standings.splitlines() if (m := RANK_ROW.match(line))]
        assert len(rows) == 4, standings
        assert sum(int(m["chips"]) for m in rows) == 0
        balances, _per_hand, _txns = w.ledger(table)
        for p in w.people:
            row = next(m for m in rows if m["name"].startswith(p.name))
            assert int(row["chips"]) == last[p.name]
            assert balances[p.id] == STARTING_CHIPS + int(row["chips"])
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


# the host (seat 0, East) is dealt a hand that is ready after giving up 9m (waits 1s 4s);
# the others' hands and first draws give nobody a call on it, and the host's first draw is 4s
RIICHI_WALL = ChosenHand(
    0, ("123m456m789p11s23s9m", "147m258p369s1234z", "258m369p147s5566z", "369m147p258s2347z"),
    "9p1p9s4s",
)


async def test_a_riichi_declared_from_the_button_wins_with_its_yaku_ura_dora_and_the_books(
    tmp_path,
):
    hands = 2
    walls = tmp_path / "walls.json"
    walls.write_text(walls_json("riichi", [RIICHI_WALL]), encoding="utf-8")
    async with World(tmp_path, ["kana", "leo"]) as w:
        await w.start_bot(sync=True, extra={"MAHJONG_WALLS": str(walls)})
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset="riichi")
        await w.play(timeout=400)
        await w.bot.stop()
        assert_clean(w)
        assert w.users[0].riichi >= 1  # the host pressed 立直 (the first offered: 9m)
        texts = [m.content for m in w.double.bot_messages(w.channel)]
        first = next(t for t in texts if t.startswith("**Hand 1 settlement**"))
        # a riichi on the first turn (double riichi) and the ippatsu tsumo on 4s, or a ron on a
        # discard of its waits: its yaku with their han, han and fu, the ura-dora shown, the
        # sticks and honba paid
        assert "kana won" in first and "Double Riichi 2" in first, first
        assert re.search(r"\d+ han \d+ fu", first) and "Ura-dora indicators" in first
        assert "riichi sticks to the winner: 1" in first
        posted = w.check_books(table, hands)
        assert not any(posted[0].chips.values())  # chips move at the game's end only
        assert sum(posted[-1].chips.values()) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


async def test_killed_in_the_last_hand_the_game_s_chips_move_once(tmp_path):
    """kill -9 during the hand that ends the game, then a restart: the game's chips move once,
    with that hand, and the ledger equals the posted last settlement and final ranking."""
    hands = 2
    async with World(tmp_path, ["mia", "ned"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset="riichi")
        players = asyncio.gather(*(u.play(w.finished, 400) for u in w.users))

        def last_hand_under_way() -> bool:
            return len(w.settlements()) >= hands - 1 and any(
                (m := u.hand_message()) is not None
                and any(c.code == "d" for c in controls_of(m)) for u in w.users)

        await wait_for(last_hand_under_way, w.double, 300, "the last hand")
        await w.bot.kill()  # SIGKILL: no goodbye
        assert not w.finished()
        await asyncio.sleep(1.0)
        await w.start_bot()
        await asyncio.wait_for(players, 420)
        assert w.finished()
        await w.bot.stop()
        posted = w.check_books(table, hands)
        last = {s.hand: s for s in posted}[hands].chips
        texts = [m.content for m in w.double.bot_messages(w.channel)]
        standings = next(t for t in reversed(texts) if t.startswith("**Standings**"))
        rows = [m for line in standings.splitlines() if (m := RANK_ROW.match(line))]
        balances, _per_hand, _txns = w.ledger(table)
        for p in w.people:
            row = next(m for m in rows if m["name"].startswith(p.name))
            assert int(row["chips"]) == last[p.name]
            assert balances[p.id] == STARTING_CHIPS + last[p.name]
        assert "Traceback" not in w.bots[1].log_text()


# hand 1: the host (dealer) declares riichi giving up 9m (no call, no ron on it); leo holds nine
# terminals and honours and declares 九種九牌 on his first draw: abortive draw, the dealer
# stays, honba 1, the riichi stick stays on the table. Hand 2: the host's riichi discard 5p is
# won by leo (34m…46p, tanyao) and mia (…67p, tanyao) at once: a double ron, both paid by the
# host with the honba each, the stick to leo (nearest the discarder in turn order).
ABORT_WALL = ChosenHand(
    0, ("123m456m789p11s23s9m", "19m19p1s1234z23p56s", "258m369p147s5566z", "369m147p258s2347z"),
    "5z",
)
DOUBLE_RON_WALL = ChosenHand(
    0, ("123m456m789p11s23s5p", "234m567m345s66s46p", "345m678m234s88s67p", "1199m1199p1199s7z"),
    "",
)
# hand 3, leo deals: he declares riichi giving up 9m (waits 1s 4s; his hand locked, he gives up
# what he draws). Mia gives up 1p first (she could have declared on 3p), draws 3p and declares
# riichi giving up 7z: waits 1p 4p, and 1p is among her discards — furiten. Kana then draws 4p
# and gives it up: mia is not offered ron, and her hand says why while leo plays.
FURITEN_WALL = ChosenHand(
    1, ("147m258p369s1234z", "123m456m789p55z23s9m", "123m456m789s2p55z1p", "258m369p2578s3z6z7z"),
    "7z8s8m1z3p2m4p9p",
)


class GivesUp(ScriptedUser):
    """Plays as the others do, but gives up ``tile`` the first time she may once ``when()``."""

    def __init__(self, *args: Any, tile: str, when: Callable[[], bool] = lambda: True,
                 **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.tile, self.when, self.thrown = tile, when, False

    def choose(self, m: Message) -> tuple[Control, list[str] | None] | None:
        if not self.thrown and self.when():
            for c in controls_of(m):
                if c.code == "d" and c.arg == self.tile:
                    self.thrown = True
                    return c, None
        return super().choose(m)


async def test_nine_terminals_abort_a_double_ron_and_a_furiten_refusal_and_the_books(tmp_path):
    hands = 4  # the three chosen, then one shuffled
    walls = tmp_path / "walls.json"
    walls.write_text(walls_json("riichi", [ABORT_WALL, DOUBLE_RON_WALL, FURITEN_WALL]),
                     encoding="utf-8")
    async with World(tmp_path, ["kana", "leo", "mia"]) as w:
        w.users[1].declare_draws = True
        d, ch = w.double, w.channel
        mia = w.users[2] = GivesUp(d, w.people[2], ch, seed=102, tile="1p")
        kana = w.users[0] = GivesUp(d, w.people[0], ch, seed=100, tile="4p",
                                    when=lambda: mia.riichi >= 1)
        await w.start_bot(sync=True, extra={"MAHJONG_WALLS": str(walls)})
        table = await open_table(w.double, w.users[0], w.users[1:], computers=1, hands=hands,
                                 preset="riichi")
        await w.play(timeout=400)
        await w.bot.stop()
        assert_clean(w)
        assert w.users[1].declared_draws == 1
        texts = [m.content for m in w.double.bot_messages(w.channel)]
        first, second = (next(t for t in texts if t.startswith(f"**Hand {n} settlement**"))
                         for n in (1, 2))
        assert "Abortive draw: leo declared nine terminals" in first, first
        before = texts[:texts.index(first)]  # the channel's notice says so too, not "wall empty"
        assert any(t.startswith("Abortive draw: leo") for t in before), before[-5:]
        assert not any("the wall is empty" in t for t in before), before[-5:]
        assert "Riichi sticks on the table: 1 · honba: 0" in first, first
        # both win on the host's 5p; each takes the honba (300) from the host, leo the stick
        won = {m["name"]: int(m["points"]) for m in re.finditer(
            r"^(?P<name>\w+) won on 5 Dots \(on kana's discard\).*; (?P<points>\d+) points$",
            second, re.M)}
        assert set(won) == {"leo", "mia"}, second
        assert "Honba 1 (300 each) · riichi sticks to the winner: 1" in second, second
        paid = {m[1]: int(m[2].replace(",", ""))
                for m in re.finditer(r"kana → (\w+) ([\d,]+)", second)}
        assert paid == {n: p + 300 for n, p in won.items()}, second
        points = {m[1]: int(m[2].replace(",", ""))
                  for m in re.finditer(r"(\w+) ([\d,]+)(?: ·|$)", second.split("Points: ")[-1]
                                       .splitlines()[0])}
        assert points["kana"] == 24_000 - sum(paid.values())
        assert points["leo"] == 25_000 + paid["leo"] + 1_000
        assert points["mia"] == 25_000 + paid["mia"]
        # hand 3: mia, in furiten on 1p, is not offered ron on leo's 4p, and her hand says why
        assert mia.thrown and mia.riichi >= 1 and kana.thrown
        furiten = bt("withheld.furiten_discard", "en")
        told = [t for m in mia.dm_messages() for t in (*m.history, m.content) if furiten in t]
        assert told and all("Hand:" in t for t in told), [m.content for m in mia.dm_messages()]
        third = next(t for t in texts if t.startswith("**Hand 3 settlement**"))
        assert "mia won on 4 Dots (on kana's discard)" not in third, third
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
        # the ledger equals the posted last settlement and the final ranking
        last = {s.hand: s for s in w.check_books(table, hands)}[hands].chips
        standings = next(t for t in reversed(texts) if t.startswith("**Standings**"))
        rows = [m for line in standings.splitlines() if (m := RANK_ROW.match(line))]
        balances, _per_hand, _txns = w.ledger(table)
        for p in w.people:
            row = next(m for m in rows if m["name"].startswith(p.name))
            assert int(row["chips"]) == last[p.name]
            assert balances[p.id] == STARTING_CHIPS + last[p.name]
