"""Hands of five sets (16 tiles, 17 with the win) in the analysis' fast path: each set held
out and the tables read the rest. Its waits and completeness equal the reference search of
scoring (every kind tried against every split) on random hands."""

from __future__ import annotations

import random

from engine.analysis import is_complete, waits
from engine.scoring.readings import standard_complete


def reference_waits(counts: list[int]) -> list[int]:
    out = []
    for k in range(34):
        counts[k] += 1  # shape only: a fifth copy counts, as the tables read it
        if standard_complete(tuple(counts), 0, 5):
            out.append(k)
        counts[k] -= 1
    return out


def random_hand(rng: random.Random, size: int, kinds: int) -> list[int]:
    pool = [k for k in range(kinds) for _ in range(4)]
    rng.shuffle(pool)
    counts = [0] * 34
    for t in pool[:size]:
        counts[t] += 1
    return counts


def test_sixteen_tile_waits_equal_the_reference_search():
    rng = random.Random(32)
    ready = 0
    for i in range(1500):
        # few kinds make many ready hands
        counts = random_hand(rng, 16, 9 if i % 3 == 0 else 18 if i % 3 == 1 else 34)
        got = waits(counts, 0, -1)
        assert got == reference_waits(counts), counts
        ready += bool(got)
    assert ready > 100


def test_seventeen_tile_completeness_equals_the_reference_search():
    rng = random.Random(33)
    complete = 0
    for i in range(1500):
        counts = random_hand(rng, 17, 9 if i % 2 else 12)
        want = standard_complete(tuple(counts), 0, 5)
        assert is_complete(counts, 0, -1) == want, counts
        complete += want
    assert complete > 20
