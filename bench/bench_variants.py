"""The variants told as changes to Guangdong — Hefei 合肥 (108 tiles, 八枝), the 100-tile game
百张 (no 万, a point table), Yangzhou 扬州 (six hands), and the joker games Fujian 福建 活动百搭
(the turned kind wild, 白板 standing in for it), the Philippine 窗百搭 (five wild kinds),
Nanjing 南京 (20 bonus tiles) and Jiangnan 江南 (12 tiles and the imagined 心皇) — next to
guangdong's figures on the same kind of input, measured in the same run:

* ``evaluate`` lines per second: complete hands of four sets and a pair drawn from each
  preset's own tiles (self-drawn: the 100-tile game wins no other way; bonus tiles left
  out; in Jiangnan one tile fewer, the 心皇 reading as it; where the joker comes from a
  turned tile, a turned kind drawn too), and the same hands less their last tile asking
  for shanten and waits;
* whole simulated hands per second with four ``greedy`` players.

The ratio column reads "times guangdong's speed" (below 1: slower).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bench import Row
from bench.preset_rows import preset_rows
from engine.rules import get_rules
from engine.tiles import format_tiles

PEER = "guangdong"
GAMES = ("hefei", "hundred", "yangzhou", "fujian", "philippine", "nanjing", "jiangnan")


def _complete(rng: random.Random, kinds: list[int]) -> list[int]:
    """Four sets and a pair of ``kinds`` (a run only where all three kinds are there)."""
    have = set(kinds)
    while True:
        k = rng.choice(kinds)
        tiles = [k, k]
        for _ in range(4):
            k = rng.choice(kinds)
            if k < 27 and k % 9 < 7 and k + 2 in have and rng.random() < 0.6:
                tiles += [k, k + 1, k + 2]
            else:
                tiles += [k, k, k]
        if max(Counter(tiles).values()) <= 4:
            return tiles


def lines(preset: str, n: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(seed)
    rules = get_rules(preset)
    absent = rules.absent_kinds | rules.bonus_kinds
    kinds = [k for k in range(34) if k not in absent]
    wins, waits = [], []
    for _ in range(n):
        tiles = _complete(rng, kinds)
        rng.shuffle(tiles)
        del tiles[len(tiles) - rules.imagined :]  # the 心皇 reads as the tiles left out
        base: dict[str, Any] = {"rules": preset}
        if rules.indicator_source != "none":  # the turned tile: one of its kind is out
            held = Counter(tiles)
            base["indicator"] = format_tiles([rng.choice([k for k in kinds if held[k] < 4])])
        wins.append({**base, "concealed": format_tiles(tiles), "win_tile": format_tiles(tiles[-1:]),
                     "self_drawn": True})
        waits.append({**base, "concealed": format_tiles(tiles[:-1])})
    return wins, waits


def run(quick: bool) -> list[Row]:
    return preset_rows("variants", GAMES, PEER, lines, 33, "14 tiles: a complete hand", quick)
