"""Fujian 福建 活动百搭 / 带弟百搭: the worked examples of the rule page through ``evaluate``
(the turned kind wild, every 白板 a natural tile of it), the next-kind cycle of 带弟百搭, and
``simulate`` zero-sum and deterministic with the tail tile turned out of play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import _answer, evaluate
from engine.jokers import cycle_next, stand_in, wild_kinds
from engine.rules import get_rules
from engine.tiles import parse, tile_name

ROOT = Path(__file__).resolve().parents[3]
E, S, W, N = 1, 2, 3, 4


def ev(concealed: str, win: str | None, indicator: str, melds: tuple[str, ...] = (),
       rules: str = "fujian", **kw: object) -> dict:
    line: dict[str, object] = {"rules": rules, "concealed": concealed, "indicator": indicator, **kw}
    if win is not None:
        line["win_tile"] = win
    if melds:
        line["melds"] = [{"type": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return evaluate(line)


def test_example_1_white_stands_in_for_the_turned_kind():
    out = ev("12345678999m555z", "9m", "5m", self_drawn=True, seat_wind=S)
    assert out == {"win": True, "points": 16, "patterns": ["full_flush"], "fan": 4}
    g = evaluate({"rules": "guangdong", "concealed": "12345678999m555z", "win_tile": "9m",
                  "self_drawn": True, "seat_wind": S})
    assert g["points"] == 8 and "dragon_pung" in g["patterns"]


def test_example_2_a_white_pong_is_a_pong_of_the_wild_kind():
    out = ev("123m456p789s555z11z", "1z", "3s", seat_wind=N)
    assert out == {"win": True, "points": 1, "patterns": ["chicken"], "fan": 0}
    # the option off: 白板 is a dragon again (箭刻)
    off = ev("123m456p789s555z11z", "1z", "3s", seat_wind=N, options={"white_stands_in": False})
    assert off["points"] == 2 and "dragon_pung" in off["patterns"]


def test_example_3_a_drawn_wild_tile_wins_a_discarded_one_does_not():
    out = ev("123456789p11s34s5m", "5m", "5m", self_drawn=True, seat_wind=W)
    assert out == {"win": True, "points": 4, "patterns": ["all_chows", "self_draw"], "fan": 2}
    assert ev("123456789p11s34s5m", "5m", "5m", seat_wind=W) == {"win": False}
    assert ev("123456789p11s34s", None, "5m") == {"shanten": 0, "waits": "25s"}


def test_example_4_joker_next_turned_north_makes_red_wild():
    out = ev("2345679s555z7z", "9s", "4z", melds=("pung 444z",), seat_wind=S,
             options={"joker_next": True})
    assert out == {"win": True, "points": 8, "patterns": ["half_flush", "dragon_pung"], "fan": 3}


@pytest.mark.parametrize(("turned", "wild"), [
    ("3m", "4m"), ("9m", "1m"), ("9s", "1s"), ("1z", "2z"), ("4z", "7z"), ("7z", "6z"),
    ("6z", "5z"), ("5z", "1z"),
])
def test_joker_next_runs_nine_to_one_and_the_honours_round(turned, wild):
    rules = get_rules("fujian", {"joker_next": True})
    assert tile_name(cycle_next(parse(turned)[0])) == wild
    assert wild_kinds(rules, parse(turned)[0]) == frozenset(parse(wild))


def test_nothing_stands_in_when_white_is_wild():
    rules = get_rules("fujian")
    assert stand_in(rules, wild_kinds(rules, parse("5z")[0])) is None
    assert stand_in(rules, wild_kinds(rules, parse("7m")[0])) == parse("7m")[0]


def test_bad_input_a_fourth_turned_tile_or_a_wild_tile_in_a_meld():
    four = {"rules": "fujian", "indicator": "5m", "concealed": "5555m123p456s78s9s",
            "win_tile": "9s"}
    assert "out of play" in _answer(json.dumps(four))["error"]
    meld = {"rules": "fujian", "indicator": "5m", "concealed": "123p456s789s11z", "win_tile": "1z",
            "melds": [{"type": "pung", "tiles": "555m"}]}
    assert "joker" in _answer(json.dumps(meld))["error"]


def _simulate(tmp_path: Path, name: str, options: str = "") -> tuple[dict, list[dict]]:
    log = tmp_path / f"{name}.jsonl"
    cmd = [sys.executable, "-m", "engine", "simulate", "--rules", "fujian", "--hands", "6",
           "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), [json.loads(x) for x in log.read_text().splitlines()]


def test_simulate_is_zero_sum_deterministic_and_turns_the_tail(tmp_path):
    a, log_a = _simulate(tmp_path, "a")
    b, log_b = _simulate(tmp_path, "b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    turned = [e for e in log_a if e["type"] == "indicator_turned"]
    assert len(turned) == 6
    assert any(e["type"] == "won" for e in log_a)


def test_analyze_reads_white_as_the_wild_kind():
    from engine.advice import advise

    # turned 3s: the 白板 is a 3s, so 4s + 白板 wait on 2s and 5s
    a = advise(get_rules("fujian"), parse("123456789p11s4s5z"), [], indicator=parse("3s")[0])
    assert a.shanten == 0 and {k for k, _n in a.waits} == set(parse("25s"))
