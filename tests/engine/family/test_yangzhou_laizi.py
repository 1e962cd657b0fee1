"""Yangzhou's option ``laizi`` (红中赖子): the 赖子 from the turned tile (never 红中), the page's
example 4 through ``evaluate``, one-tile kongs (杠出去) of 红中 and 赖子 at the table, each
doubling the win, and no win while holding a 红中; ``simulate`` with the option."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import jokers
from engine.actions import Kong, Win
from engine.cli.evaluate import _answer, evaluate
from engine.events import Konged, Won
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import rigged

ROOT = Path(__file__).resolve().parents[3]
LAIZI = {"laizi": True}


def ev(concealed: str, win: str, **kw: object) -> dict:
    return evaluate({"rules": "yangzhou", "options": LAIZI, "concealed": concealed,
                     "win_tile": win, **kw})


@pytest.mark.parametrize(("turned", "laizi"), [
    ("3p", "4p"), ("9s", "1s"), ("4z", "1z"), ("7z", "6z"), ("6z", "5z"),
    ("5z", "6z"),  # 白 → 中 would be 红中: 发 instead
])
def test_the_laizi_is_the_next_kind_never_the_red_dragon(turned, laizi):
    rules = get_rules("yangzhou", LAIZI)
    assert rules.indicator_source == "head"
    assert jokers.wild_kinds(rules, parse_one(turned)) == {parse_one(laizi)}


def test_example_4_a_konged_red_dragon_doubles_and_the_laizi_stands_in():
    out = ev("123m456m789s11z45s4p", "5s", self_drawn=True, seat_wind=2, indicator="3p",
             laizi_kongs="7z")
    assert out == {"win": True, "points": 2, "patterns": ["chicken", "laizi_kong"], "fan": 1}
    # holding a 红中 instead of the 4p: no win
    assert ev("123m456m789s11z45s7z", "5s", self_drawn=True, indicator="3p",
              laizi_kongs="7z") == {"win": False}
    # two kongs out: 4 from each
    assert ev("123m456m789s11z45s4p", "5s", self_drawn=True, indicator="3p",
              laizi_kongs="7z4p")["points"] == 4


@pytest.mark.parametrize(("line", "why"), [
    ({"rules": "yangzhou", "concealed": "123m456m789s11z456s", "win_tile": "5s",
      "laizi_kongs": "7z"}, "needs the laizi option"),
    ({"rules": "yangzhou", "options": LAIZI, "indicator": "3p", "concealed": "123m456m789s11z456s",
      "win_tile": "5s", "laizi_kongs": "5p"}, "neither"),
    ({"rules": "yangzhou", "options": LAIZI, "indicator": "1m", "concealed": "1111m456m789s11z45s",
      "win_tile": "5s"}, "turned indicator"),
    ({"rules": "yangzhou", "options": LAIZI, "concealed": "123m456m789s11z456s", "win_tile": "5s"},
     "indicator"),
])
def test_bad_input(line, why):
    assert why in _answer(json.dumps(line))["error"]


def test_a_red_dragon_konged_out_at_the_table_then_a_self_draw_on_its_replacement():
    rules = get_rules("yangzhou", LAIZI)
    st = rigged(
        rules,
        ["123m456m789s11z45s7z", "999m888m777p666p5p", "111p222p333s444s6s",
         "222z333z444z666z8p"],
        tail="4p", indicator="3p",
    )
    assert st.wild_kinds == {parse_one("4p")}
    legal = st.legal_actions(0)
    assert (parse_one("7z"), "laizi_kong") in legal.kongs
    assert not legal.win  # holding the 红中
    st.act(Kong(0, parse_one("7z")))
    assert any(isinstance(e, Konged) and e.kind == "laizi_kong" for e in st.events)
    assert st.seats[0].flowers == [parse_one("7z")] and st.drawn_tile == parse_one("4p")
    st.act(Win(0))
    won = next(e for e in st.events if isinstance(e, Won))
    assert won.patterns == ("chicken", "laizi_kong") and won.value == 2
    assert st.ended is not None and st.ended.deltas == (6, -2, -2, -2)


def test_without_the_option_a_red_dragon_is_an_ordinary_tile():
    st = rigged(
        get_rules("yangzhou"),
        ["123m456m789s11z45s7z", "999m888m777p666p5p", "111p222p333s444s6s",
         "222z333z444z666z8p"],
    )
    assert st.legal_actions(0).kongs == ()
    assert not st.wild_kinds


def test_simulate_with_laizi_is_zero_sum_deterministic_and_kongs_out(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "yangzhou", "--hands", "6",
             "--seed", "1", "--players", "hard,normal,greedy,random", "--options",
             json.dumps(LAIZI), "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert sum(a["chips"]) == 0 and a["chips"] == b["chips"] and log_a == log_b
    assert '"kind":"laizi_kong"' in log_a and '"laizi_kong"]' in log_a  # konged, and paid
