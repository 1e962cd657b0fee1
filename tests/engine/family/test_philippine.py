"""Philippine 菲律宾 窗百搭: the five wild kinds of the window (9 and 1 touch, the honours
round 东南西北中发白), the worked examples of the rule page through ``evaluate`` and
``simulate`` zero-sum and deterministic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import evaluate
from engine.jokers import wild_kinds
from engine.rules import get_rules
from engine.tiles import parse

ROOT = Path(__file__).resolve().parents[3]


def ev(concealed: str, win: str, indicator: str, **kw: object) -> dict:
    return evaluate({"rules": "philippine", "concealed": concealed, "win_tile": win,
                     "indicator": indicator, **kw})


@pytest.mark.parametrize(("turned", "window"), [
    ("4m", "345m4p4s"), ("9s", "9m9p189s"), ("1p", "1m129p1s"), ("7z", "12567z"),
    ("3z", "34567z"), ("1z", "12347z"),
])
def test_the_window(turned, window):
    assert wild_kinds(get_rules("philippine"), parse(turned)[0]) == frozenset(parse(window))


def test_example_1_honour_window_and_no_win_on_a_discarded_wild():
    out = ev("111m999p999s44z125z", "9s", "7z", seat_wind=3)
    assert out == {"win": True, "points": 32, "patterns": ["mixed_terminals"], "fan": 5}
    assert ev("111m999p999s44z125z", "2z", "7z", seat_wind=3) == {"win": False}


def test_example_2_nine_and_one_touch():
    out = ev("12345556789p1s8s9m", "8s", "9s", self_drawn=True)
    assert out == {"win": True, "points": 16, "patterns": ["full_flush"], "fan": 4}


def test_example_3_the_seeds_window_makes_nine_gates():
    out = ev("111235678999m4p4s", "4s", "4m", self_drawn=True)
    assert out == {"win": True, "points": 64, "patterns": ["nine_gates"], "fan": 6}


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "philippine", "--hands", "6",
             "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    assert '"indicator_turned"' in log_a and '"won"' in log_a
