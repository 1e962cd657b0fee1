"""Scoring speed: score_win calls per second on random winning hands with 0, 2 and 4 wildcards.

Each pass clears the reading caches first, so the figure is for hands never seen before
(within one hand the memoised search still shares work). A "warm" figure is given too:
the same hands again with the caches kept, as in a computer player's look-ahead.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

from bench import Row, rate
from engine.rules import Rules, get_rules
from engine.scoring import WinContext, score_win
from engine.scoring.readings import clear_caches
from engine.tiles import FLOWERS


def winning_hands(rng: random.Random, n: int, wilds: int) -> list[tuple[list[int], int]]:
    """``n`` complete hands (four sets and a pair), ``wilds`` tiles of each turned into wildcards."""
    out: list[tuple[list[int], int]] = []
    while len(out) < n:
        tiles = [rng.randrange(34)] * 2
        for _ in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(34)
                tiles += [k, k, k]
            else:
                suit, start = rng.randrange(3), rng.randrange(7)
                k = suit * 9 + start
                tiles += [k, k + 1, k + 2]
        if max(Counter(tiles).values()) > 4:
            continue
        rng.shuffle(tiles)
        win = tiles[-1]
        for i in range(wilds):
            tiles[i] = FLOWERS[i]
        out.append((tiles, win))
    return out


def _clear() -> None:
    clear_caches()


def _run_cold(rules: Rules, hands: list[tuple[list[int], int]], ctx: WinContext) -> None:
    _clear()
    for tiles, win in hands:
        score_win(rules, tiles, [], win, ctx)


def _run_warm(rules: Rules, hands: list[tuple[list[int], int]], ctx: WinContext) -> None:
    for tiles, win in hands:
        score_win(rules, tiles, [], win, ctx)


def run(quick: bool) -> list[Row]:
    rng = random.Random(20240601)
    n = 100 if quick else 400
    seconds = 0.2 if quick else 0.5
    ctx = WinContext(self_drawn=True)
    rows: list[Row] = []
    presets = (("heyuan-zheng", get_rules("heyuan-zheng")), ("guangdong", get_rules("guangdong")))
    for wilds in (0, 2, 4):
        hands = winning_hands(rng, n, wilds)
        for name, rules in presets:
            if wilds and name == "guangdong":
                rules = get_rules("guangdong", {"wildcards": 8})
                name = "guangdong+wildcards"
            cold = rate(partial(_run_cold, rules, hands, ctx), len(hands), seconds)
            rows.append(Row("scoring", f"score_win {name}, {wilds} wildcards", cold, "/s",
                            note="new hands"))
            if wilds == 4 or (wilds == 0 and name == "heyuan-zheng"):
                _run_warm(rules, hands, ctx)
                warm = rate(partial(_run_warm, rules, hands, ctx), len(hands), seconds)
                rows.append(Row("scoring", f"score_win {name}, {wilds} wildcards (warm)", warm, "/s",
                                note="cached readings"))
    return rows
