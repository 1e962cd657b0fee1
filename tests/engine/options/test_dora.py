"""宝牌 (option dora): the page's examples through ``evaluate``, the indicator turned near
the tail of a rigged wall and passed by the draws, a win in play paying its 宝牌, and
``simulate`` zero-sum and deterministic with it on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.actions import Kong, Win
from engine.cli.evaluate import _answer, evaluate
from engine.hand_setup import HandSetup
from engine.jokers import dora_kind
from engine.rules import get_rules
from engine.tiles import parse_one, tile_name
from tests.engine.hand.helpers import discard

ROOT = Path(__file__).resolve().parents[3]
DORA = {"dora": True}


def ev(preset: str, concealed: str, win: str, **kw: object) -> dict:
    return evaluate({"rules": preset, "options": DORA, "concealed": concealed,
                     "win_tile": win, **kw})


def test_the_next_kind():
    assert [tile_name(dora_kind(parse_one(t))) for t in ("7m", "9s", "4z", "5z", "7z")] == [
        "8m", "1s", "1z", "6z", "5z"]


def test_page_examples_and_what_never_counts():
    out = ev("guangdong", "234p456s789s567m88m", "5m", dora_indicator="7m")
    assert out == {"win": True, "points": 8, "patterns": ["all_chows", "dora", "dora"], "fan": 3}
    full = ev("guangdong", "123456789234m88m", "5m", dora_indicator="7m", self_drawn=True)
    assert full["points"] == 16 and full["patterns"] == ["full_flush"]
    # fujian, turned 4p: the wild 4p never count as 宝牌; a 白板 counts as the kind it stands for
    wild = ev("fujian", "234p456s789s567m44p", "5m", indicator="4p", dora_indicator="3p")
    assert "dora" not in wild["patterns"]
    white = ev("fujian", "234p456s789s567m55z", "5m", indicator="1p", dora_indicator="9p")
    assert white["patterns"].count("dora") == 2


def test_bad_input_without_the_option():
    line = {"rules": "guangdong", "concealed": "234p456s789s567m88m", "win_tile": "5m",
            "dora_indicator": "7m"}
    assert "dora" in _answer(json.dumps(line))["error"]
    assert "dora" not in get_rules("heyuan-zheng").offered_options()
    assert "dora" in get_rules("hefei").offered_options()


def test_in_play_the_indicator_is_out_of_play_and_the_win_pays_it():
    rules = get_rules("guangdong", DORA)
    hands = ["1111p234s678s22z3z8m", "234p456s789s567m8m", "123456789m3p3p3p4z",
             "147m258p369s1234z"]
    setup = HandSetup.dealt(rules, hands, tail="5z").at_baopai("7m")
    # replacements pass the indicator by: the fifth is the tile before it
    assert setup.replacement_index(5) == setup.baopai_index() - 1
    h = setup.start()
    assert tile_name(h.dora_indicator) == "7m" and h.snapshot()["ext"]["dora"][0] == "7m"
    h.act(Kong(0, parse_one("1p")))
    assert h.seats[0].counts[parse_one("5z")] == 1  # the replacement, not the indicator
    assert h.tiles_accounted() == rules.tile_count
    discard(h, 0, "8m")
    won = [e for e in h.act(Win(1)) if type(e).__name__ == "Won"]
    assert won[0].patterns.count("dora") == 2 and won[0].points == 8


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "guangdong", "--hands", "6",
             "--seed", "7", "--options", json.dumps(DORA), "--players", "normal,easy,greedy,hard",
             "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    won = [json.loads(x) for x in log_a.splitlines() if '"type":"won"' in x]
    assert any("dora" in w["patterns"] for w in won)


def test_hundred_and_yangzhou_add_a_point_or_a_fan():
    both = {"dora": True, "lizhi": 1}
    line = {"concealed": "222p333p444p555s66s", "win_tile": "6s", "self_drawn": True}
    hundred = evaluate({"rules": "hundred", **line})["points"]
    out = evaluate({"rules": "hundred", "options": both, "dora_indicator": "1p",
                    "situation": ["lizhi"], **line})
    assert out["points"] == hundred + 4 and out["patterns"].count("dora") == 3
    fan = evaluate({"rules": "yangzhou", **line})["fan"]
    out = evaluate({"rules": "yangzhou", "options": both, "dora_indicator": "1p",
                    "situation": ["lizhi"], **line})
    assert out["fan"] == fan + 4 and out["points"] == 2 ** (fan + 4)
