"""Jiangnan 江南 心皇: the worked examples of the rule page through ``evaluate`` (12 tiles and
the imagined tile, read at the win as what pays most; 排列出牌 barring a win on one's own
discarded kind), the deal of 12, the refusal in play, and ``simulate`` zero-sum and
deterministic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.cli.evaluate import _answer, evaluate
from engine.hand import HandState
from engine.hand.claims import discard_options, withheld_on
from engine.rules import get_rules
from engine.tiles import parse

ROOT = Path(__file__).resolve().parents[3]
S = 2


def ev(concealed: str, win: str | None = None, **kw: object) -> dict:
    line: dict[str, object] = {"rules": "jiangnan", "concealed": concealed, **kw}
    if win is not None:
        line["win_tile"] = win
    return evaluate(line)


def test_example_1_the_imagined_tile_completes_the_chow():
    out = ev("123m456m789p11z34s", "4s", self_drawn=True, seat_wind=S)
    assert out == {"win": True, "points": 4, "patterns": ["all_chows", "self_draw"], "fan": 2,
                   "imagined": out["imagined"]}
    assert out["imagined"] in ("2s", "5s")


def test_example_2_nine_gates_and_example_4_thirteen_orphans():
    nine = ev("1112345678999s", "9s", self_drawn=True)
    assert nine["points"] == 64 and nine["patterns"] == ["nine_gates"]
    orphans = ev("19m19p19s1234567z", "7z", self_drawn=True)
    assert orphans["points"] == 64 and orphans["patterns"] == ["thirteen_orphans"]


def test_example_3_no_win_on_a_kind_one_discarded():
    assert ev("123m456m789p11z4s5s", "5s", seat_wind=S, own_discards="5s") == {"win": False}
    out = ev("123m456m789p11z3s4s", "3s", seat_wind=S, own_discards="5s")
    assert out["points"] == 2 and out["patterns"] == ["all_chows"]
    # self-drawn, the discarded kind still wins
    assert ev("123m456m789p11z4s5s", "5s", seat_wind=S, self_drawn=True,
              own_discards="5s")["win"] is True
    # 12 tiles: the waits, the 心皇 implied
    assert ev("123m456m789p11z4s") == {"shanten": 0, "waits": "23456s1z"}


def test_bad_input_own_discards_without_the_option():
    line = {"rules": "guangdong", "concealed": "123m456m789p11z345s", "win_tile": "3s",
            "own_discards": "5s"}
    assert "discard_furiten" in _answer(json.dumps(line))["error"]


def test_a_deal_of_twelve_and_the_refusal_in_play():
    h = HandState.start(get_rules("jiangnan"), "jn", dealer=0)
    assert sorted(h.seats[i].size for i in range(4)) == [12, 12, 12, 13]
    # seat 1 holds the page's hand and has discarded a 5s; seat 0 lets a 5s go
    st = h.seats[1]
    st.counts = [0] * len(st.counts)
    for t in parse("123m456m789p11z4s"):
        st.counts[t] += 1
    st.touch()
    five, three = parse("5s")[0], parse("3s")[0]
    assert discard_options(h, 0, five)[1].win  # before it discarded a 5s itself
    st.thrown.add(five)
    assert 1 not in discard_options(h, 0, five) or not discard_options(h, 0, five)[1].win
    assert discard_options(h, 0, three)[1].win
    kept = withheld_on(h, 0, five, discard_options(h, 0, five))
    assert ("win", "discard_furiten") in kept[1]


def test_simulate_is_zero_sum_and_deterministic(tmp_path):
    def run(name: str) -> tuple[dict, str]:
        log = tmp_path / f"{name}.jsonl"
        p = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--rules", "jiangnan", "--hands", "6",
             "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)],
            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout), log.read_text()

    a, log_a = run("a")
    b, log_b = run("b")
    assert a["hands"] == 6 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    assert '"won"' in log_a


def test_analyze_reads_twelve_tiles_with_the_imagined_tile():
    from engine.advice import advise

    a = advise(get_rules("jiangnan"), parse("123m456m789p11z4s"), [])
    assert a.waiting and a.shanten == 0
    assert {k for k, _n in a.waits} == set(parse("23456s1z"))
