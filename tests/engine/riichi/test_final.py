"""The end of a riichi game: final results with uma and oka (the rule page's example), the
chips they become (zero-sum), and whole games played by computer players."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.match import Match, replay_match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.riichi.final import chips, final_scores, ranking, table_chips, uma_of, whole_results
from engine.rules import get_rules

ROOT = Path(__file__).resolve().parents[3]


def test_the_page_example_with_uma_and_oka() -> None:
    # 45,000 / 25,000 / 20,000 / 10,000 -> +55 / +5 / -20 / -40 (tenths of a point)
    assert final_scores([45000, 25000, 20000, 10000]) == [550, 50, -200, -400]
    assert whole_results([45000, 25000, 20000, 10000]) == [55, 5, -20, -40]


def test_equal_points_rank_by_seat_order_from_the_first_dealer() -> None:
    assert ranking([25000, 25000, 25000, 25000], first_dealer=2) == [2, 3, 0, 1]
    got = final_scores([25000, 25000, 25000, 25000], first_dealer=2)
    assert got[2] == -50 + 200 + 200 and got[1] == -50 - 200 and sum(got) == 0


def test_other_uma() -> None:
    assert final_scores([45000, 25000, 20000, 10000], uma=(30, 10, -10, -30)) == [650, 50, -200, -500]


def test_chips_are_the_rounded_result_times_the_stake_and_sum_to_zero() -> None:
    # 31,500 rounds down to 31, 21,600 up to 22; the top takes what is left
    points = [31500, 21600, 28400, 18500]
    res = whole_results(points)
    assert res[2] == 28 - 30 + 10 and res[1] == 22 - 30 - 10 and res[3] == 18 - 30 - 20
    assert sum(res) == 0 and res[0] == -(res[1] + res[2] + res[3])
    assert chips(points, 10) == [r * 10 for r in res]
    assert sum(chips(points, 7)) == 0
    for p in ([50000, 30000, 20000, 0], [-1200, 40100, 31100, 30000], [25000] * 4):
        assert sum(chips(p, 3)) == 0


def _game(seed: int) -> Match:
    rules = get_rules("riichi")
    players = [get_player("greedy", f"{seed}/{i}") for i in range(4)]
    return play_match(Match.start(rules, seed), players)


def test_whole_games_end_as_the_page_says_and_are_zero_sum() -> None:
    for seed in range(3):
        m = _game(seed)
        assert m.ended is not None
        assert sum(m.ended.totals) == 0  # the sticks left on the table went to the top
        points = [m.carry[f"p{s}"] for s in range(4)]
        assert sum(points) + 1000 * m.carry["sticks"] == 100000
        # busting, the end of the last round with someone at 30,000, the end of sudden
        # death, or agari-yame
        last = m.hand
        assert last is not None
        assert (
            min(points) < 0
            or (m.rounds_done >= 2 and (max(points) >= 30000 or m.rounds_done >= 3))
            or (last.round_wind >= 1 and m.dealer == last.dealer and max(points) >= 30000)
        )
        assert replay_match(m.events).state_hash() == m.state_hash()


def test_games_are_deterministic() -> None:
    a, b = _game(7), _game(7)
    assert a.state_hash() == b.state_hash() and a.ended == b.ended


def test_simulate_plays_a_whole_game() -> None:
    args = [sys.executable, "-m", "engine", "simulate", "--rules", "riichi", "--hands", "200",
            "--seed", "3"]  # fmt: skip
    out = [subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=300)
           for _ in range(2)]  # fmt: skip
    import json

    got = [json.loads(p.stdout) for p in out]
    assert got[0]["chips"] == got[1]["chips"] and sum(got[0]["chips"]) == 0
    assert 4 <= got[0]["hands"] < 200  # the game ended by its own rule


def test_a_player_below_zero_ends_the_game_at_once() -> None:
    from engine.actions import Discard, Win
    from engine.hand_setup import HandSetup
    from engine.tiles import parse_one

    rules = get_rules("riichi", {"aka": 0})
    kokushi = "9m19p19s12345677z"  # waits 1m
    others = ["258m369p147s5566z", "369m147p258s1234z"]
    setup = HandSetup.dealt(rules, ["1m23m456m789p11s23s7z", kokushi, *others], dealer=0)
    m = Match.start(rules, "bust", setups=[setup])
    m.act(Discard(0, parse_one("1m")))
    m.act(Win(1))
    assert m.hand is not None and m.hand.is_over
    m.next_hand()
    assert m.is_over and m.ended is not None and len(m.results) == 1
    assert m.ended.totals == (-32000, 32000, 0, 0)
    assert m.carry["p0"] == -7000
    assert replay_match(m.events).state_hash() == m.state_hash()


def test_tonpuusen_is_one_round_with_sudden_death_in_the_south() -> None:
    rules = get_rules("riichi", {"rounds": 1})
    players = [get_player("greedy", f"t/{i}") for i in range(4)]
    m = play_match(Match.start(rules, 11), players)
    assert m.ended is not None and sum(m.ended.totals) == 0
    points = [m.carry[f"p{s}"] for s in range(4)]
    assert min(points) < 0 or m.rounds_done <= 2


def test_computer_players_declare_riichi_when_ready() -> None:
    from engine.events import Discarded, Won

    m = _game(0)
    declared = [e for e in m.events if isinstance(e, Discarded) and e.riichi]
    won = [e for e in m.events if isinstance(e, Won) and "riichi" in e.patterns]
    assert declared and won
    normal = [get_player("normal", f"n/{i}") for i in range(4)]
    m = play_match(Match.start(get_rules("riichi"), 1), normal)
    assert any(isinstance(e, Discarded) and e.riichi for e in m.events)


def test_the_table_uma_option() -> None:
    points = [45000, 25000, 20000, 10000]
    assert table_chips(get_rules("riichi"), points, 2) == [110, 10, -40, -80]
    wide = get_rules("riichi", {"uma": "30/10/-10/-30"})
    assert table_chips(wide, points, 1) == [65, 5, -20, -50]
    assert uma_of("15/5/-5/-15") == (15, 5, -5, -15)
    import pytest

    with pytest.raises(ValueError):
        uma_of("20/10/-10")
