"""查理士顿 (option charleston): the passes on a rigged deal in the seed's and the American
order, what may not be passed, the dealer's extra round, the turned tile known before the
passes, and ``simulate`` zero-sum, deterministic and replayable with it on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import Choose, IllegalAction
from engine.events import TilesExchanged
from engine.hand_setup import HandSetup
from engine.rules import get_rules
from engine.tiles import format_counts

ROOT = Path(__file__).resolve().parents[3]
HANDS = ["123m456p789s1z2z3z4z5z", "999m222p333s4s5s6s7z", "147m258p369s1z2z3z7z", "4m5m6m7p8p9p1s2s4s6z6z7z7z"]


def _hand(order: str):
    rules = get_rules("guangdong", {"charleston": order})
    return HandSetup.dealt(rules, HANDS).start()


def _pass(h, picks: list[str]) -> list:
    out = []
    for s, v in enumerate(picks):
        out += h.act(Choose(s, v))
    return out


def test_the_seed_order_next_previous_across():
    h = _hand("seed")
    assert h.step == "charleston1" and h.legal_actions(0).pick == 3
    ev = [e for e in _pass(h, ["1z2z3z", "7z4s5s", "1z2z3z", "6z6z7z"]) if isinstance(e, TilesExchanged)]
    assert ev[0].shift == 1 and ev[0].dice == ()
    # seat 1 got seat 0's 1z2z3z and gave 4s5s7z to seat 2
    assert format_counts(h.seats[1].counts) == "999m222p3336s123z"
    assert h.step == "charleston2"
    ev = [e for e in _pass(h, ["4z5z6z", "1z2z3z", "4s5s7z", "1s2s4s"]) if isinstance(e, TilesExchanged)]
    assert ev[0].shift == 3  # to the previous
    assert h.step == "charleston3"


def test_the_american_order_and_the_dealers_extra_round():
    h = _hand("american")
    shifts = []
    for _ in range(3):
        picks = [h.legal_actions(s).choices[0] for s in range(4)]
        shifts += [e.shift for e in _pass(h, picks) if isinstance(e, TilesExchanged)]
    assert shifts == [1, 2, 3]
    assert h.step == "charleston_more" and h.awaiting() == (0,)
    h.act(Choose(0, "again"))
    assert h.step == "charleston4"
    for _ in range(3):
        _pass(h, [h.legal_actions(s).choices[0] for s in range(4)])
    assert h.phase.value == "turn" and h.turn == 0
    assert sorted(sum(st.counts) for st in h.seats) == [13, 13, 13, 14]


def test_what_may_not_be_passed():
    h = _hand("seed")
    for bad in ("1m2m", "1m1m1m", "1f2m3m", "1m2m3m4m"):
        with pytest.raises(IllegalAction):
            h.act(Choose(0, bad))
    fujian = get_rules("fujian", {"charleston": "seed"})
    f = HandSetup.dealt(fujian, HANDS, indicator="4p").start()
    assert f.indicator is not None and f.step == "charleston1"  # turned before the passes
    with pytest.raises(IllegalAction):
        f.act(Choose(0, "4p1z2z"))  # a wild tile


def test_simulate_is_zero_sum_deterministic_and_replays(tmp_path):
    def run(name: str) -> tuple[dict, Path]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "fujian", "--hands", "4",
             "--seed", "3", "--options", json.dumps({"charleston": "seed"}),
             "--players", "normal,easy,greedy,hard", "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=180)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log

    a, log_a = run("a")
    b, log_b = run("b")
    assert sum(a["chips"]) == 0 and a["chips"] == b["chips"]
    assert log_a.read_text() == log_b.read_text() and '"charleston1"' in log_a.read_text()
    r = subprocess.run([sys.executable, "-m", "engine", "replay", str(log_a)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
