"""Taiwan 台灣十六張 at the table, on rigged walls: 一炮多響 (each winner paid on its own, the
deal passing), 連莊 (the dealer's 1 + 2N on what he receives and pays, the streak carried),
八仙過海 and 七搶一, the 16-tile reserve, and whole simulated games: zero-sum, repeatable,
the streak and the deal following the page's rotation."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

from engine.actions import Discard, Pass, Pong, Win
from engine.events import HandEnded, HandStarted, Won
from engine.family import family_of
from engine.hand import HandState
from engine.hand.replay import replay_events
from engine.log import loads_log
from engine.rules import get_rules
from engine.tiles import parse
from tests.engine.hand.helpers import pass_window, rigged

ROOT = Path(__file__).resolve().parents[3]
TW = get_rules("taiwan")

E17 = "2468m1s5689s1234z677z5p"  # the dealer: no win, 5p to throw
S16 = "123m456m789m234s55z34p"  # waits 2p 5p: 門清 1
W16 = "1379m1279s89p1234z66z"
N16 = "123p34p567p789p234p99p"  # waits 2p 5p: 平胡 2 + 門清 1 + 清一色 8


def one(tile: str) -> int:
    return parse(tile)[0]


def ended(events: list) -> HandEnded:
    return next(e for e in events if isinstance(e, HandEnded))


def round_of_draws(h, first: str) -> None:
    """The dealer throws ``first``; S, W and N each draw and throw a 5s (a win before one's
    first draw is 人胡: this round makes the next wins plain); then the dealer draws."""
    h.act(Discard(0, one(first)))
    for seat in (1, 2, 3):
        pass_window(h)
        h.act(Discard(seat, one("5s")))
    pass_window(h)


SECOND = "5s5s5s3s"  # the draws of round_of_draws


def test_a_discard_with_two_winners_pays_each_on_its_own():
    h = rigged(TW, [E17, S16, W16, N16], draws=SECOND)
    round_of_draws(h, "1s")
    h.act(Discard(0, one("5p")))
    assert set(h.awaiting()) >= {1, 3}
    events = []
    for s in list(h.awaiting()):
        events += h.act(Win(s) if s in (1, 3) else Pass(s))
    wins = [e for e in events if isinstance(e, Won)]
    assert [(w.seat, w.from_seat, w.fan) for w in wins] == [(1, 0, 1), (3, 0, 11)]
    end = ended(events)
    # (底 3 + T + the dealer's 1) from the dealer to each
    assert sorted(end.payments) == [(0, 1, 5, "win"), (0, 3, 15, "win")]
    assert end.deltas == (-20, 5, 0, 15)
    # the deal passes to the next seat and the streak starts again
    fam = family_of(TW)
    assert fam.next_dealer(TW, 0, end, 4) == 1
    assert fam.carry_over(TW, h.carry, h) == {}


def test_first_claimant_only():
    rules = get_rules("taiwan", {"multiple_winners": "first"})
    h = rigged(rules, [E17, S16, W16, N16], draws=SECOND)
    round_of_draws(h, "1s")
    h.act(Discard(0, one("5p")))
    events = []
    for s in list(h.awaiting()):
        events += h.act(Win(s) if s in (1, 3) else Pass(s))
    assert [w.seat for w in events if isinstance(w, Won)] == [1]


def test_the_dealers_streak_is_paid_and_carried():
    # the dealer of 連2 self-draws: 門清自摸 3 + 獨聽 1 + 圈風 1 + 門風 1 = T 6, D 1 + 4
    dealer = "111z234m567m345p68s99s"  # 16 tiles and a 17th to throw
    north = "11226677p88m234z777z"
    h = rigged(TW, [dealer + "9m", S16, W16, north], draws="5s5s5s7s", carry={"streak": 2})
    round_of_draws(h, "9m")
    assert h.can_self_win(0)
    end = ended(h.act(Win(0)))
    assert end.payments == ((1, 0, 14, "win"), (2, 0, 14, "win"), (3, 0, 14, "win"))
    # the dealer keeps the deal: N grows
    assert family_of(TW).carry_over(TW, h.carry, h) == {"streak": 3}


def test_a_non_dealer_winning_from_the_dealer_of_a_streak():
    # N = 1: S's win on the dealer's discard adds 1 + 2 to the dealer's payment only
    h = rigged(TW, [E17, S16, W16, N16], draws=SECOND, carry={"streak": 1})
    round_of_draws(h, "1s")
    h.act(Discard(0, one("5p")))
    events = []
    for s in list(h.awaiting()):
        events += h.act(Win(s) if s == 1 else Pass(s))
    end = ended(events)
    assert end.payments == ((0, 1, 3 + 1 + 3, "win"),)


def test_a_win_before_ones_first_draw_is_human():
    # 人胡 8 in 門清's place; 一炮多響 on the dealer's first discard
    h = rigged(TW, [E17, S16, W16, N16])
    h.act(Discard(0, one("5p")))
    events = []
    for s in list(h.awaiting()):
        events += h.act(Win(s) if s in (1, 3) else Pass(s))
    wins = [e for e in events if isinstance(e, Won)]
    assert [(w.seat, w.fan, "human" in w.patterns) for w in wins] == [(1, 8, True), (3, 18, True)]


def test_eight_flowers_win_at_once_and_seven_rob_one():
    # S holds seven flowers from the deal (set aside, replaced from the tail) and draws the
    # eighth: 八仙過海, 8 台 from each (the dealer 1 more)
    s16 = "1234567f" + "123m456m789m"
    tail = "1s2s3s4s5s6s7s"
    h = rigged(TW, [E17, s16, W16, N16], draws="8f", tail=tail)
    h.act(Discard(0, one("5p")))
    pass_window(h)
    events = h.events
    won = [e for e in events if isinstance(e, Won)]
    assert [(w.seat, w.self_drawn, w.patterns) for w in won] == [(1, True, ("eight_flowers",))]
    assert ended(events).deltas == (-12, 34, -11, -11)
    assert replay_events(events).ended == ended(events)  # the log replays to the same end

    # W shows the eighth: it is offered to S, who takes it (七搶一); W pays as a discarder
    def shown() -> HandState:
        h = rigged(TW, [E17, s16, W16, N16], draws="5s8f", tail=tail + "9s")
        h.act(Discard(0, one("5p")))
        pass_window(h)
        h.act(Discard(1, one("5s")))
        while h.phase == "claim":
            h.act(Pass(h.awaiting()[0]))
        assert h.phase == "rob" and list(h.awaiting()) == [1] and h.seats[2].flowers == [one("8f")]
        return h

    h = shown()
    h.act(Win(1))
    won = [e for e in h.events if isinstance(e, Won)]
    assert [(w.seat, w.from_seat, w.patterns) for w in won] == [(1, 2, ("seven_rob_one",))]
    assert ended(h.events).payments == ((2, 1, 11, "win"),)
    assert replay_events(h.events).ended == ended(h.events)
    # S may pass: W takes his replacement from the tail and plays on
    h = shown()
    h.act(Pass(1))
    assert h.phase == "turn" and h.turn == 2 and h.window is None and not h.wins


def test_the_last_sixteen_tiles_are_never_drawn():
    h = rigged(TW, [E17, S16, W16, N16])
    assert h.wall.remaining == 144 - 4 * 16 - 1 - 16


def simulate(hands: int, seed: str, log: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "taiwan", "--hands", str(hands),
         "--seed", seed, "--players", "greedy,greedy,greedy,greedy", "--log", str(log)],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def test_simulate_is_zero_sum_repeatable_and_follows_the_deal(tmp_path):
    a = simulate(6, "tw", tmp_path / "a.jsonl")
    b = simulate(6, "tw", tmp_path / "b.jsonl")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert {k: v for k, v in a.items() if "second" not in k} == {
        k: v for k, v in b.items() if "second" not in k
    }
    events = loads_log((tmp_path / "a.jsonl").read_text())
    starts = [e for e in events if isinstance(e, HandStarted)]
    ends = [e for e in events if isinstance(e, HandEnded)]
    for before, after, end in zip(starts, starts[1:], ends, strict=False):
        streak = dict(before.carry).get("streak", 0)
        keeps = end.drawn or before.dealer in end.winners
        assert after.dealer == (before.dealer if keeps else (before.dealer + 1) % 4)
        assert dict(after.carry).get("streak", 0) == (streak + 1 if keeps else 0)
        assert sum(end.deltas) == 0


def test_the_last_discard_is_won_on_never_called():
    west = "1379m233s789p1234z66z"  # holds 33s
    h = rigged(TW, [E17, S16, west, N16], draws="3s")
    h.act(Discard(0, one("1s")))
    # the wall as it stands at its end: S's draw is the last live tile (海底)
    h.wall.tail = h.wall.head + 1 + h.wall.reserve
    pass_window(h)
    assert h.wall.remaining == 0 and h.turn == 1
    events = h.act(Discard(1, one("3s")))  # 河底: W's pair of 3s may not pong it
    assert ended(events).drawn
    # (where the last discard may be called, W is asked)
    h = rigged(dataclasses.replace(TW, last_discard_calls=True), [E17, S16, west, N16], draws="3s")
    h.act(Discard(0, one("1s")))
    h.wall.tail = h.wall.head + 1 + h.wall.reserve
    pass_window(h)
    h.act(Discard(1, one("3s")))
    assert 2 in h.awaiting()


def test_passing_a_win_locks_discard_wins_until_ones_own_draw():
    # 過水: S passes its win on the dealer's 5p; N pongs it and throws 2p, which S also waits
    # on: no win for S before its own next draw (a call between does not lift it)
    north = "55p2p678p11p1379m3478s"

    def after_pass(rules):
        h = rigged(rules, [E17, S16, W16.replace("89p", "9p9s"), north])
        h.act(Discard(0, one("5p")))
        h.act(Pass(1))
        for s in list(h.awaiting()):
            h.act(Pong(s) if s == 3 else Pass(s))
        assert h.turn == 3 and h.seats[3].melds
        h.act(Discard(3, one("2p")))
        return h

    assert 1 not in after_pass(TW).awaiting()
    assert 1 in after_pass(dataclasses.replace(TW, pass_win_lock=False)).awaiting()
