"""Hefei 合肥: the worked examples of the rule page through ``evaluate``, 八枝 (eight tiles of
one suit, melds and a kong as four) on wins and waits, 断幺九 inside the cap, the 108-tile
set and no chow; ``simulate`` zero-sum and deterministic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import _answer, evaluate
from engine.family.hefei import eight_of_a_suit
from engine.melds import meld
from engine.rules import get_rules
from engine.tiles import parse
from engine.wall import wall_tiles

ROOT = Path(__file__).resolve().parents[3]


def ev(concealed: str, win: str | None = None, melds: tuple[str, ...] = (), **kw: object) -> dict:
    line: dict[str, object] = {"rules": "hefei", "concealed": concealed, **kw}
    if win is not None:
        line["win_tile"] = win
    if melds:
        line["melds"] = [{"type": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return evaluate(line)


# -- the page's worked examples -----------------------------------------------------------------


def test_example_1_all_chows_and_all_simples_on_a_discard():
    assert ev("234567m88m345p678s", "8s") == {
        "win": True, "points": 4, "patterns": ["all_chows", "all_simples"], "fan": 2}


def test_example_2_no_suit_of_eight_is_no_win():
    assert ev("123456m789p123s55p", "5p", self_drawn=True) == {"win": False}


def test_example_3_all_pungs_and_all_simples():
    out = ev("888m33m444p", "4p", melds=("pung 222m", "pung 555m"))
    assert out == {"win": True, "points": 8, "patterns": ["all_pungs", "all_simples"], "fan": 3}


# -- 八枝 --------------------------------------------------------------------------------------


def test_eight_counts_melds_and_a_kong_as_four():
    # 5 m concealed + a kong of m = 9; the same hand with a pung of m = 8
    assert eight_of_a_suit(_counts("55m678m"), [meld("kong", "1111m")])
    assert not eight_of_a_suit(_counts("55m67m"), [meld("pung", "111m")])
    # two kongs of 筒 are eight (as three each they would be six)
    assert ev("234m567s55s", "5s", melds=("kong 1111p", "kong 9999p"))["win"] is True
    # 3 筒 + a kong of 筒 = 7, 5 条, 3 万: no suit of eight
    assert ev("123p456m789s22s", "2s", melds=("kong 9999p",)) == {"win": False}


def _counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse(text):
        c[t] += 1
    return c


def test_waits_leave_out_tiles_that_miss_eight_of_a_suit():
    # 6 m, 5 p, 2 s: ready on 5p (shape) but no suit reaches eight
    assert ev("123456m789p123s5p") == {"shanten": 0, "waits": ""}
    # guangdong's waits 5m 8m 8p: 6 万 / 5 筒 / 3 条 with any of them
    assert ev("67888m88999p789s") == {"shanten": 0, "waits": ""}
    assert evaluate({"rules": "guangdong", "concealed": "67888m88999p789s"})["waits"] == "58m8p"
    # eight 万 already: every shape wait stands
    assert ev("234567m88m345p67s") == {"shanten": 0, "waits": "58s"}


def test_all_simples_needs_no_terminal_anywhere():
    # 123m holds a 1: no 断幺九, a chicken hand (mixed chows and a pung)
    assert ev("123m456m678m444p55p", "5p")["patterns"] == ["chicken"]
    assert ev("234m456m678m444p55p", "5p")["patterns"] == ["all_simples"]
    # a special (清一色) counts its own fan: 断幺九 is not added to it
    assert ev("22334455667788m", "8m")["patterns"] == ["full_flush"]
    # inside the cap: 平胡 1 + 断幺九 1 + 自摸 1 = 3, at the cap
    out = ev("234567m88m345p678s", "8s", self_drawn=True)
    assert (out["fan"], out["patterns"]) == (3, ["all_chows", "all_simples", "self_draw"])


@pytest.mark.parametrize(("line", "why"), [
    ({"concealed": "234567m88m345p678s1z", "win_tile": "8s"}, "honour"),
    ({"concealed": "567m88m345p678s", "win_tile": "8s",
      "melds": [{"type": "chow", "tiles": "234m"}]}, "no chow"),
])
def test_bad_input(line, why):
    assert why in _answer(json.dumps({"rules": "hefei", **line}))["error"]


def test_the_set_is_108_tiles_and_there_is_no_chow():
    rules = get_rules("hefei")
    tiles = wall_tiles(rules)
    assert len(tiles) == 108 == rules.tile_count and max(tiles) < 27
    assert not rules.chow and rules.multiple_winners == "all"
    for bad in ("chow", "honours", "wildcards"):
        assert bad not in rules.offered_options()


# -- simulate --------------------------------------------------------------------------------------


def _simulate(tmp_path: Path, name: str) -> tuple[dict, str]:
    log = tmp_path / f"{name}.jsonl"
    p = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "hefei", "--hands", "4",
         "--seed", "33", "--players", "normal,easy,greedy,random", "--log", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), log.read_text()


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    a, log_a = _simulate(tmp_path, "a")
    b, log_b = _simulate(tmp_path, "b")
    assert a["hands"] == 4 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    wins = [json.loads(x) for x in log_a.splitlines() if '"type":"won"' in x]
    assert wins, "four hands of hefei without a single win"


def test_the_table_shows_the_dealers_throw_drawn_from_the_hand_seed():
    from engine.family import family_of
    from engine.match import Match

    rules = get_rules("hefei")
    marks = []
    for seed in ("d1", "d1", "d2"):
        m = Match.start(rules, seed, hands_limit=1)
        assert m.hand is not None
        (mark,) = family_of(rules).table_marks(rules, m.hand)
        name, dice = mark
        assert name == "deal_dice" and len(dice) == 2 and all(1 <= d <= 6 for d in dice)
        marks.append(mark)
    assert marks[0] == marks[1]  # the same seed, the same throw
