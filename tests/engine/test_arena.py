"""Duplicate play: seatings, zero-sum boards, the report's numbers, and the command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.arena import duplicate, half_width, seatings
from engine.rules import get_rules

ROOT = Path(__file__).resolve().parents[2]


def test_seatings_are_the_distinct_rotations():
    assert seatings(["hard", "greedy", "hard", "greedy"]) == [
        ("hard", "greedy", "hard", "greedy"),
        ("greedy", "hard", "greedy", "hard"),
    ]
    assert len(seatings(["a", "b", "c", "d"])) == 4
    assert seatings(["x"] * 4) == [("x",) * 4]


def test_half_width():
    assert half_width([1.0]) == float("inf")
    assert half_width([1.0, 1.0, 1.0]) == 0.0
    assert half_width([0.0, 2.0]) == pytest.approx(1.959964 * 2**0.5 / 2**0.5)


@pytest.mark.parametrize("preset", ["heyuan-zheng", "guangdong"])
def test_a_two_level_duplicate_is_zero_sum_per_board(preset):
    rep = duplicate(get_rules(preset), ["greedy", "random", "greedy", "random"], 3, "t")
    assert rep.boards == 3 and rep.hands == 6
    g, r = rep.levels["greedy"], rep.levels["random"]
    assert g.seat_hands == r.seat_hands == 12
    # every chip one level wins the other loses, board by board
    for a, b in zip(g.board_means, r.board_means, strict=True):
        assert a == pytest.approx(-b)
    assert g.chips + r.chips == 0
    pair = rep.pairs()[0]
    assert pair["a"] == "greedy" and pair["diff"] == pytest.approx(2 * g.mean(), abs=1e-3)
    j = rep.to_json()
    assert {"levels", "pairs", "boards", "hands", "seconds"} <= set(j)
    md = rep.to_markdown()
    assert "| greedy |" in md and "greedy − random" in md


def test_duplicate_repeats_with_the_seed():
    rules = get_rules("guangdong")
    kinds = ["normal", "greedy", "normal", "greedy"]
    a = duplicate(rules, kinds, 2, "same").to_json()
    b = duplicate(rules, kinds, 2, "same").to_json()
    a.pop("seconds"), b.pop("seconds"), a.pop("hands_per_second"), b.pop("hands_per_second")
    assert a == b


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "simulate", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_simulate_duplicate_prints_one_object_and_writes_the_report(tmp_path):
    report = tmp_path / "arena.md"
    p = _simulate(
        "--rules", "heyuan-jihu", "--hands", "4", "--seed", "3",
        "--players", "greedy,random,greedy,random", "--duplicate", "--report", str(report),
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["hands"] == 4 and out["boards"] == 2
    assert [lv["kind"] for lv in out["levels"]] == ["greedy", "random"]
    assert {"chips_per_hand", "ci95", "win_rate", "deal_in_rate", "avg_win_value"} <= set(
        out["levels"][0]
    )
    assert "| level |" in report.read_text(encoding="utf-8")


def test_simulate_without_duplicate_keeps_the_contract():
    p = _simulate(
        "--rules",
        "guangdong",
        "--hands",
        "2",
        "--seed",
        "1",
        "--players",
        "hard,easy,normal,greedy",
    )
    assert p.returncode == 0, p.stderr
    assert list(json.loads(p.stdout)) == [
        "hands", "wins", "draws", "self_draws", "chips", "seconds", "hands_per_second",
    ]  # fmt: skip
    bad = _simulate("--rules", "guangdong", "--hands", "2", "--report", "x.md")
    assert bad.returncode == 2 and "--duplicate" in bad.stderr
