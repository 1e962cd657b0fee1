"""Group "jokers": hand analysis when the jokers are an ordinary kind (the kind after an
indicator) against the same hands with flower jokers, in the same run.

A held joker kind is taken out of the counts and added to the wildcard count
(``engine.jokers.split``); the figure shows that costs analysis next to nothing. Both
sides include the split, from a 42-long counts array as a hand keeps it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bench import Row, rate
from engine.analysis import shanten, waits
from engine.jokers import split
from engine.tiles import NUM_TILE_KINDS, WHITE

GROUP = "jokers"
FLOWERS = frozenset({34, 35})
KIND = frozenset({WHITE})


def _hands(rng: random.Random, n: int, jokers: frozenset[int]) -> list[list[int]]:
    """13-tile hands with two jokers of the given kinds (42-long counts)."""
    out = []
    wall = [k for k in range(34) if k != WHITE for _ in range(4)]
    joker = sorted(jokers)
    for _ in range(n):
        counts = [0] * NUM_TILE_KINDS
        for t in rng.sample(wall, 11):
            counts[t] += 1
        counts[joker[0]] += 1
        counts[joker[-1]] += 1
        out.append(counts)
    return out


def run(quick: bool) -> list[Row]:
    n = 300 if quick else 3000
    rows = []
    for name, fn in (("shanten", shanten), ("waits", waits)):
        rates = {}
        for label, kinds in (("flower", FLOWERS), ("kind", KIND)):
            hands = _hands(random.Random(7), n, kinds)

            def go(
                hands: list[list[int]] = hands,
                kinds: frozenset[int] = kinds,
                fn: Callable[..., object] = fn,
            ) -> None:
                for c in hands:
                    natural, w = split(c, kinds)
                    fn(natural, w, 0)

            rates[label] = rate(go, n)
        rows.append(
            Row(
                GROUP,
                f"{name}, 13 tiles with 2 jokers of an ordinary kind (White)",
                rates["kind"],
                "hands/s",
                peer="same hands, flower jokers",
                peer_value=rates["flower"],
                note="ratio ≈1: an indicator joker costs analysis nothing",
            )
        )
    return rows
