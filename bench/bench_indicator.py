"""The games whose joker comes from an indicator (Shanghai, Beijing, Quzhou), next to
heyuan-zheng's figures on the same kind of input, measured in the same run:

* ``evaluate`` lines per second (the contract command's own function, JSON object in, JSON
  object out): 14-tile wins with two jokers, and 13-tile hands asking for shanten and waits;
* whole simulated hands per second with four ``greedy`` players (the ``simulate`` loop).

The ratio column reads "times heyuan-zheng's speed" (below 1: slower).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bench import Row
from bench.preset_rows import preset_rows
from engine.tiles import DRAGONS, format_tiles, parse_one

PEER = "heyuan-zheng"
GAMES = ("shanghai", "beijing", "quzhou")
INDICATOR = "4p"  # 5p is the joker in all three
JOKER = parse_one("5p")


def _complete(rng: random.Random, no_dragons: bool) -> list[int]:
    while True:
        tiles = [rng.randrange(34)] * 2
        for _ in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(34)
                tiles += [k, k, k]
            else:
                k = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [k, k + 1, k + 2]
        if max(Counter(tiles).values()) > 4 or JOKER in tiles:
            continue
        if no_dragons and any(t in DRAGONS for t in tiles):
            continue
        return tiles


def lines(preset: str, n: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(14-tile wins with two jokers, 13-tile hands) as ``evaluate`` input objects; the same
    hands for every preset, the jokers written as flowers (Heyuan) or 5p (the others)."""
    rng = random.Random(seed)
    wins, waits = [], []
    peer = preset == PEER
    for _ in range(n):
        tiles = _complete(rng, no_dragons=True)
        rng.shuffle(tiles)
        win = tiles[-1]
        jokers = [parse_one(f"{i + 1}f") for i in range(2)] if peer else [JOKER, JOKER]
        hand = jokers + tiles[2:]
        base: dict[str, Any] = {"rules": preset}
        if not peer:
            base["indicator"] = INDICATOR
        wins.append({**base, "concealed": format_tiles(hand), "win_tile": format_tiles([win]),
                     "self_drawn": True})
        waits.append({**base, "concealed": format_tiles(hand[:-1])})
    return wins, waits


def run(quick: bool) -> list[Row]:
    return preset_rows("indicator games", GAMES, PEER, lines, 7, "14 tiles, 2 jokers", quick)
