"""Yangzhou 扬州: the worked examples of the rule page through ``evaluate`` (the six hands,
nothing added), a robbed kong paid by the robbed player as one discard share, no 包, 连庄
carried from hand to hand; ``simulate`` zero-sum and deterministic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import _answer, evaluate
from engine.family import WinFacts, family_of
from engine.rules import get_rules
from engine.scoring import Score, WinContext
from engine.settlement import HandOutcome, WinRecord, settle_hand

ROOT = Path(__file__).resolve().parents[3]
E, S, W, N = 1, 2, 3, 4


def ev(concealed: str, win: str | None = None, melds: tuple[str, ...] = (), rules: str = "yangzhou",
       **kw: object) -> dict:
    line: dict[str, object] = {"rules": rules, "concealed": concealed, **kw}
    if win is not None:
        line["win_tile"] = win
    if melds:
        line["melds"] = [{"type": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return evaluate(line)


# -- the page's worked examples -----------------------------------------------------------------


def test_example_1_a_plain_hand_nothing_added():
    out = ev("123m456p789s11z", "1z", melds=("pung 555z",), seat_wind=W)
    assert out == {"win": True, "points": 1, "patterns": ["chicken"], "fan": 0}
    # guangdong adds its 箭刻: 2
    assert ev("123m456p789s11z", "1z", melds=("pung 555z",), seat_wind=W,
              rules="guangdong")["points"] == 2


def test_example_2_full_flush_all_pungs():
    out = ev("444666888s99s", "9s", melds=("pung 222s",), self_drawn=True)
    assert out == {"win": True, "points": 8, "patterns": ["full_flush_pungs"], "fan": 3}
    assert ev("444666888s99s", "9s", melds=("pung 222s",), self_drawn=True,
              rules="guangdong")["points"] == 32


def test_example_3_a_robbed_kong_is_a_discard():
    out = ev("123456789m11z", "7m", melds=("pung 222z",), seat_wind=W,
             situation=["robbing_kong"])
    assert out == {"win": True, "points": 2, "patterns": ["half_flush"], "fan": 1}
    # the robbed player (S) pays one share, as a discarder: no 包
    rules = get_rules("yangzhou")
    score = Score(2, ("half_flush",), fan=1)
    facts = WinFacts(melds=(), ctx=WinContext(situations=frozenset({"robbing_kong"})),
                     discarder=1)
    assert family_of(rules).liable_seat(rules, facts, score) is None
    win = WinRecord(2, score, False, 1, liable=None)
    assert settle_hand(rules, HandOutcome(wins=(win,))).deltas == (0, -2, 2, 0)
    # guangdong: 抢杠 lifts it to 3 fan and the robbed pays all three shares, 24
    g = ev("123456789m11z", "7m", melds=("pung 222z",), seat_wind=W,
           situation=["robbing_kong"], rules="guangdong")
    assert g["points"] * 3 == 24


@pytest.mark.parametrize(("concealed", "win", "melds", "kw", "pid"), [
    ("111m333p555s777z99s", "9s", (), {}, "all_pungs"),
    ("123456789m11z222z", "2z", (), {}, "half_flush"),
    ("12223334445556m", "6m", (), {}, "full_flush"),
    ("555m999m11z222z", "2z", ("pung 111m",), {}, "half_flush_pungs"),
    # self-drawn, seat and round wind, 杠上开花: nothing adds
    ("123m456p789s11z", "1z", ("pung 222z",), {"self_drawn": True, "seat_wind": S,
                                                "situation": ["kong_replacement"]}, "chicken"),
])
def test_the_six_hands_and_nothing_else(concealed, win, melds, kw, pid):
    out = ev(concealed, win, melds=melds, **kw)
    fan = dict(get_rules("yangzhou").pattern_values)[pid]
    assert out == {"win": True, "points": 2**fan, "patterns": [pid], "fan": fan}


def test_no_seven_pairs_no_thirteen_orphans_no_chow():
    assert ev("1133m2255p4477s66z", "6z") == {"win": False}
    assert ev("19m19p19s1234567z1z", "1z") == {"win": False}
    bad = {"rules": "yangzhou", "concealed": "456m789p11z22z2z", "win_tile": "2z",
           "melds": [{"type": "chow", "tiles": "123m"}]}
    assert "no chow" in _answer(json.dumps(bad))["error"]


def test_min_fan_option():
    out = ev("123m456p789s11z", "1z", melds=("pung 555z",), options={"min_fan": 1})
    assert out == {"win": False}


# -- 连庄 and simulate -----------------------------------------------------------------------


def _simulate(tmp_path: Path, name: str, hands: int = 6) -> tuple[dict, list[dict]]:
    log = tmp_path / f"{name}.jsonl"
    p = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "yangzhou", "--hands",
         str(hands), "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), [json.loads(x) for x in log.read_text().splitlines()]


def test_simulate_is_zero_sum_deterministic_and_carries_the_kept_deal(tmp_path):
    a, log_a = _simulate(tmp_path, "a")
    b, log_b = _simulate(tmp_path, "b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    starts = [e for e in log_a if e["type"] == "hand_started"]
    ends = [e for e in log_a if e["type"] == "hand_ended"]
    kept = 0
    for i, (start, end) in enumerate(zip(starts, ends, strict=False)):
        assert dict(start.get("carry", {})).get("kept", 0) == kept
        dealer = start["dealer"]
        keeps = end["drawn"] or dealer in end["winners"]
        kept = kept + 1 if keeps else 0
        if i + 1 < len(starts):
            assert starts[i + 1]["dealer"] == (dealer if keeps else (dealer + 1) % 4)
    assert any(e["type"] == "won" for e in log_a)


def test_a_rigged_robbed_kong_is_paid_by_the_robbed_player_as_one_discard():
    from engine.actions import Kong, Pong, Win
    from engine.events import Won
    from engine.tiles import parse_one
    from tests.engine.hand.helpers import discard, do, pass_window, rigged

    st = rigged(
        get_rules("yangzhou"),
        [
            "9p1m4m7m2s5s8s1234567z",
            "99p1s3s5s7s9s258m36p4z",
            "123p456p111z22z78p",
            "2m5m8m147s2z3z4z6z7z14p",
        ],
        draws="6s4s8m9p",
    )
    discard(st, 0, "9p")
    do(st, Pong(1))
    discard(st, 1, "1s")
    discard(st, 2, "6s")
    discard(st, 3, "4s")
    discard(st, 0, "8m")
    pass_window(st)
    st.act(Kong(1, parse_one("9p")))
    assert st.phase == "rob" and st.awaiting() == (2,)
    st.act(Win(2))
    won = next(e for e in st.events if isinstance(e, Won))
    # 123p 456p 789p 111z 22z: 混一色 1 fan, 2 points; the robbed player pays one share
    assert won.patterns == ("half_flush",) and won.liable is None
    end = st.ended
    assert end is not None and end.deltas == (0, -2, 2, 0)
