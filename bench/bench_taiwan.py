"""Taiwan 台灣十六張 next to guangdong's figures on the same kind of input, measured in the
same run:

* ``evaluate`` lines per second (the contract command's own function): complete hands of
  sets and a pair (17 tiles of five sets for taiwan, 14 of four for guangdong), and the same
  hands less their last tile asking for shanten and waits;
* whole simulated hands per second with four ``greedy`` players (the ``simulate`` loop: 補花
  from the tail, the 16-tile reserve, 一炮多響, 連莊; greedy's five-set discards go through
  the exact search, docs/players.md).

The ratio column reads "times guangdong's speed" (below 1: slower).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Any

from bench import Row, rate
from bench.preset_rows import evaluate_all, hands_per_second
from engine.tiles import format_tiles

PEER = "guangdong"


def _complete(rng: random.Random, sets: int) -> list[int]:
    """``sets`` sets and a pair of any kinds."""
    while True:
        k = rng.randrange(34)
        tiles = [k, k]
        for _ in range(sets):
            if rng.random() < 0.4:
                k = rng.randrange(34)
                tiles += [k, k, k]
            else:
                k = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [k, k + 1, k + 2]
        if max(Counter(tiles).values()) <= 4:
            return tiles


def lines(preset: str, n: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(seed)
    sets = 5 if preset == "taiwan" else 4
    wins, waits = [], []
    for _ in range(n):
        tiles = _complete(rng, sets)
        rng.shuffle(tiles)
        base: dict[str, Any] = {"rules": preset}
        wins.append({**base, "concealed": format_tiles(tiles), "win_tile": format_tiles(tiles[-1:]),
                     "self_drawn": True})
        waits.append({**base, "concealed": format_tiles(tiles[:-1])})
    return wins, waits


def run(quick: bool) -> list[Row]:
    n = 60 if quick else 200
    seconds = 0.2 if quick else 0.5
    hands = 2 if quick else 8  # greedy plays a Taiwan hand in about 3 s
    group = "taiwan 16-tile"
    rows: list[Row] = []
    peer_lines = lines(PEER, n, 32)
    own_lines = lines("taiwan", n, 32)
    for i, what in enumerate(("sets and a pair, self-drawn", "one tile less: shanten and waits")):
        peer_value = rate(partial(evaluate_all, peer_lines[i]), n, seconds)
        value = rate(partial(evaluate_all, own_lines[i]), n, seconds)
        rows.append(Row(group, f"evaluate taiwan, {what}", value, "/s", peer=PEER,
                        peer_value=peer_value))
    rows.append(Row(group, "simulate taiwan, greedy players", hands_per_second("taiwan", hands),
                    "hands/s", peer=PEER, peer_value=hands_per_second(PEER, hands)))
    return rows
