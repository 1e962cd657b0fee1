"""Random hands for the analysis tests (fixed seeds)."""

from __future__ import annotations

import random


def wall(one_suit: int | None = None) -> list[int]:
    tiles = [k for k in range(34) for _ in range(4)]
    if one_suit is not None:
        tiles = [k for k in tiles if k // 9 == one_suit] + [k for k in tiles if k >= 27][:6]
    return tiles


def random_counts(rng: random.Random, size: int, one_suit: int | None = None) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(wall(one_suit), size):
        counts[t] += 1
    return counts


def random_complete(rng: random.Random) -> list[int]:
    """A random complete 14-tile hand (4 sets + pair), at most 4 of a kind."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(34)
                counts[k] += 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                for k in (s, s + 1, s + 2):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def with_wilds(rng: random.Random, counts: list[int], wilds: int) -> list[int]:
    """Take ``wilds`` random natural tiles out (they become wildcards)."""
    c = list(counts)
    for _ in range(wilds):
        k = rng.choice([k for k in range(34) if c[k]])
        c[k] -= 1
    return c


def near_ready(rng: random.Random, wilds: int) -> list[int]:
    """A 13-tile hand (natural counts; ``wilds`` wildcards implied) that is often ready."""
    c = random_complete(rng)
    c = with_wilds(rng, c, 1)
    return with_wilds(rng, c, wilds)
