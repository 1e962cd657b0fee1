"""Riichi scoring: ours (pure Python, :mod:`engine.riichi`) beside the reference library
``mahjong`` 2.1.0 (``HandCalculator.estimate_hand_value``, pure Python) on the same seeded
random winning hands of every shape (:mod:`engine.riichi.samples`), and how many of them the
two score alike.

Two rows of speed: the scoring alone, each side given the hand in its own form built before
the clock starts (ours a ``RiichiWin``, the library its 136-format tiles, melds, indicators
and ``HandConfig``); and whole ``evaluate`` lines, from the JSON object to the answer (ours
the command's reading and scoring; the library the rule page's mapping of the line, the call
and its response read back). The agreement row compares the full answers.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from bench import Row, rate
from bench.riichi_library import answer_of, library_answer, library_args
from engine.riichi.evaluate import evaluate_riichi, read_line
from engine.riichi.hand import RiichiWin
from engine.riichi.samples import random_lines
from engine.riichi.score import score_riichi
from engine.rules import Rules, get_rules


def _rules(line: dict[str, Any], plain: Rules, no_red: Rules) -> Rules:
    return no_red if line.get("options") else plain


def _loop_ours(wins: list[RiichiWin]) -> None:
    for w in wins:
        score_riichi(w)


def _loop_ref(calc: Any, args: list[dict[str, Any]]) -> None:
    for kw in args:
        calc(**kw)


def _lines_ours(lines: list[tuple[Rules, dict[str, Any]]]) -> None:
    for rules, line in lines:
        evaluate_riichi(rules, line)


def _lines_ref(lines: list[dict[str, Any]]) -> None:
    for line in lines:
        library_answer(line)


def run(quick: bool) -> list[Row]:
    from mahjong.hand_calculating.hand import HandCalculator

    n = 500 if quick else 2000
    seconds = 0.2 if quick else 0.5
    plain = get_rules("riichi", scoring=True)
    no_red = get_rules("riichi", {"aka": 0}, scoring=True)
    sample = random_lines(34, n)
    ruled = [(_rules(line, plain, no_red), line) for line in sample]
    wins = [read_line(rules, line) for rules, line in ruled]
    ours = [w for w in wins if isinstance(w, RiichiWin)]
    args = [library_args(line) for line in sample]
    agree = sum(
        evaluate_riichi(rules, line) == answer_of(HandCalculator.estimate_hand_value(**kw), line)
        for (rules, line), kw in zip(ruled, args, strict=True)
    )
    args = [library_args(line) for line in sample]  # fresh configs for the timing
    mine_rate = rate(partial(_loop_ours, ours), len(ours), seconds)
    ref_rate = rate(partial(_loop_ref, HandCalculator.estimate_hand_value, args), n, seconds)
    line_rate = rate(partial(_lines_ours, ruled), n, seconds)
    ref_line_rate = rate(partial(_lines_ref, sample), n, seconds)
    return [
        Row("riichi", "han/fu/yaku scoring, random winning hands", mine_rate, "/s",
            peer="mahjong", peer_value=ref_rate, note="all shapes, melds, situations, dora"),
        Row("riichi", "evaluate lines, JSON object to answer", line_rate, "/s",
            peer="mahjong", peer_value=ref_line_rate, note="the library: the page's mapping"),
        Row("riichi", "hands scored alike (han, fu, yaku, points)", 100.0 * agree / n, "%",
            peer="mahjong", peer_value=100.0, note=f"{agree} of {n}"),
    ]  # fmt: skip
