"""Nanjing 南京: the worked examples of the rule page through ``evaluate`` (flower points on
top of 2^fan, no dragon hands, a dragon is a bonus tile), the dice thrown twice, and
``simulate`` zero-sum and deterministic with the dragons set aside."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.cli.evaluate import _answer, evaluate
from engine.family.nanjing import two_throws
from engine.rules import get_rules

ROOT = Path(__file__).resolve().parents[3]
E, S, W = 1, 2, 3


def ev(concealed: str, win: str, melds: tuple[str, ...] = (), **kw: object) -> dict:
    line: dict[str, object] = {"rules": "nanjing", "concealed": concealed, "win_tile": win, **kw}
    if melds:
        line["melds"] = [{"type": "pung", "tiles": m} for m in melds]
    return evaluate(line)


def test_example_1_flowers_add_to_each_payment():
    out = ev("123m456m789m99p222z", "9p", seat_wind=S, flowers=3)
    assert out == {"win": True, "points": 5, "fan": 1,
                   "patterns": ["chicken", "seat_wind", "flowers", "flowers", "flowers"]}


def test_example_2_small_winds_stay():
    out = ev("789m44z", "4z", melds=("111z", "222z", "333z"), self_drawn=True, flowers=2)
    assert out == {"win": True, "points": 34, "fan": 5,
                   "patterns": ["small_winds", "flowers", "flowers"]}


def test_example_3_and_the_option_off():
    out = ev("12233445556789m", "9m", self_drawn=True, seat_wind=W, flowers=7)
    assert out["points"] == 23 and out["fan"] == 4 and out["patterns"][0] == "full_flush"
    off = ev("12233445556789m", "9m", self_drawn=True, seat_wind=W, flowers=7,
             options={"flower_points": False})
    assert off == {"win": True, "points": 16, "patterns": ["full_flush"], "fan": 4}


def test_no_dragon_hands_and_a_dragon_is_a_bonus_tile():
    rules = get_rules("nanjing")
    assert not {"small_dragons", "big_dragons", "thirteen_orphans"} & set(rules.patterns)
    assert "dragon_pung" not in rules.bonuses and rules.tile_count == 144
    bad = {"rules": "nanjing", "concealed": "123m456m789m99p555z", "win_tile": "9p"}
    assert "bonus tile" in _answer(json.dumps(bad))["error"]


def test_the_dice_thrown_twice():
    # the dealer's total counts seats from the dealer (dealer 1): 6 → the next seat; 11 → the
    # deal starts at the 12th stack
    first, second, thrower, stack = two_throws("x", (3, 3), 0, 4)
    assert first == (3, 3) and thrower == 1 and stack == sum(second) + 1
    assert two_throws("x", (5, 4), 2, 4)[2] == 2  # 9: the dealer again


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "nanjing", "--hands", "6",
             "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    assert '"won"' in log_a
