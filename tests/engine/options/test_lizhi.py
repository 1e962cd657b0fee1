"""立直 (option lizhi): the page's example through ``evaluate``, a declaration on a rigged
wall (offered only with a discard that leaves the hand ready), the lock (no calls, the drawn
tile discarded), the win's fan and the stakes (a drawn hand's carried over), and
``simulate`` zero-sum and deterministic with it on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import IllegalAction, Riichi, Win
from engine.cli.evaluate import _answer, evaluate
from engine.hand_setup import HandSetup
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import discard, pass_window

ROOT = Path(__file__).resolve().parents[3]
KONG = [{"type": "concealed_kong", "tiles": "9999p"}]


def test_page_example_and_bad_input():
    line = {"rules": "guangdong", "options": {"lizhi": 1}, "concealed": "123m456p789s55s",
            "melds": KONG, "win_tile": "5s", "situation": ["lizhi"]}
    assert evaluate(line) == {"win": True, "points": 2, "patterns": ["chicken", "lizhi"],
                              "fan": 1}
    pung = {**line, "melds": [{"type": "pung", "tiles": "999p"}]}
    assert "exposed" in _answer(json.dumps(pung))["error"]
    off = {**line, "options": {}}
    assert "lizhi" in _answer(json.dumps(off))["error"]


def test_declare_lock_win_and_stakes():
    rules = get_rules("guangdong", {"lizhi": 1})
    hands = ["123m456p789s5s6s1z1z4z", "1z234m567m234p678p", "1234s123p9m9m2z2z6z6z",
             "5p5p6p7p8p9p678m5z5z6z7z"]
    h = HandSetup.dealt(rules, hands, draws="9m8m8m3z7s").start(carry={"lizhi.2": 1})
    offered = h.legal_actions(0).riichi
    assert parse_one("4z") in offered and parse_one("1m") not in offered
    with pytest.raises(IllegalAction):
        h.act(Riichi(0, parse_one("1m")))  # 1m out: not ready
    h.act(Riichi(0, parse_one("4z")))
    pass_window(h)
    discard(h, 1, "1z")
    assert 0 not in h.awaiting()  # locked: no pong of 1z
    discard(h, 2, "8m")
    discard(h, 3, "8m")
    assert h.legal_actions(0).discards == (parse_one("3z"),)  # the drawn tile only
    discard(h, 0, "3z")
    discard(h, 1, "7s")
    events = h.act(Win(0))
    won = next(e for e in events if type(e).__name__ == "Won")
    assert won.patterns == ("all_chows", "lizhi") or list(won.patterns) == ["all_chows", "lizhi"]
    ended = next(e for e in events if type(e).__name__ == "HandEnded")
    assert (2, 0, 1, "lizhi") in ended.payments  # the stake a drawn hand left
    assert sum(ended.deltas) == 0


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "guangdong", "--hands", "8",
             "--seed", "5", "--options", json.dumps({"lizhi": 2, "dora": True}),
             "--players", "normal,easy,greedy,hard", "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=180)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert a["hands"] == 8 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    assert '"riichi":true' in log_a  # the computers declare


def test_a_concealed_kong_that_keeps_the_waits_stays_allowed():
    rules = get_rules("guangdong", {"lizhi": 1})
    hands = ["111m456p789s5s6s1z1z4z", "1z234m567m234p678p", "1234s123p9m9m2z2z6z6z",
             "5p5p6p7p8p9p678m5z5z6z7z"]
    h = HandSetup.dealt(rules, hands, draws="9m8m8m1m").start()
    h.act(Riichi(0, parse_one("4z")))
    for seat, tile in ((1, "9m"), (2, "8m"), (3, "8m")):
        discard(h, seat, tile)
    pass_window(h)
    assert h.legal_actions(0).kongs == ((parse_one("1m"), "concealed_kong"),)
    assert h.legal_actions(0).discards == (parse_one("1m"),)


@pytest.mark.parametrize("preset", ["fujian", "nanjing", "jiangnan", "hefei", "hundred",
                                    "yangzhou"])
def test_every_preset_offering_the_options_plays_them_zero_sum(preset):
    options = {"lizhi": 1, "dora": True, "charleston": "american"}
    p = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", preset, "--hands", "4",
         "--seed", "9", "--options", json.dumps(options), "--players", "normal,easy,greedy,hard"],
        cwd=ROOT, capture_output=True, text=True, timeout=180)  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert sum(json.loads(p.stdout)["chips"]) == 0
