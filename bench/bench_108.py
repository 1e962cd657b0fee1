"""The 108-tile games (Sichuan 血战到底, Changsha), next to guangdong's figures on the same
kind of input, measured in the same run:

* ``evaluate`` lines per second (the contract command's own function): complete 14-tile
  hands of the three suits in two suits (so that they are Sichuan wins too), with a 2-5-8
  pair (Changsha 平和), and 13-tile hands asking for shanten and waits;
* whole simulated hands per second with four ``greedy`` players (the ``simulate`` loop:
  定缺 and the winners leaving in Sichuan, 起手小胡, the 海底 offer and birds in Changsha).

The ratio column reads "times guangdong's speed" (below 1: slower).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bench import Row
from bench.preset_rows import preset_rows
from engine.tiles import format_tiles

PEER = "guangdong"
GAMES = ("sichuan", "changsha")


def _complete(rng: random.Random) -> list[int]:
    """Four sets and a 2-5-8 pair in two suits."""
    while True:
        suits = rng.sample(range(3), 2)
        tiles = [9 * suits[0] + rng.choice((1, 4, 7))] * 2
        for _ in range(4):
            s = 9 * rng.choice(suits)
            if rng.random() < 0.4:
                k = s + rng.randrange(9)
                tiles += [k, k, k]
            else:
                k = s + rng.randrange(7)
                tiles += [k, k + 1, k + 2]
        if max(Counter(tiles).values()) <= 4:
            return tiles


def lines(preset: str, n: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(seed)
    wins, waits = [], []
    for _ in range(n):
        tiles = _complete(rng)
        rng.shuffle(tiles)
        base: dict[str, Any] = {"rules": preset}
        wins.append({**base, "concealed": format_tiles(tiles), "win_tile": format_tiles(tiles[-1:]),
                     "self_drawn": True})
        waits.append({**base, "concealed": format_tiles(tiles[:-1])})
    return wins, waits


def run(quick: bool) -> list[Row]:
    return preset_rows("108-tile games", GAMES, PEER, lines, 11, "14 tiles in two suits", quick)
