"""Discards and acceptance: the fast per-suit paths against a fresh analysis of every hand."""

import random

import pytest

from engine.analysis import (
    acceptance,
    discard_masks,
    discard_options,
    mask_kinds,
    shanten,
)


def _random_hand(rng: random.Random, size: int) -> tuple[list[int], int, int]:
    """(counts, wilds, melds): often few kinds, sometimes all honours or orphans, with
    fours, wildcards (up to 8) and exposed melds."""
    wilds = rng.choice([0, 0, 0, 1, 2, 3, 4, 8])
    melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
    while size - wilds - 3 * melds < 0:
        melds -= 1
    pool = rng.choice(
        [
            list(range(34)),
            list(range(9)),
            list(range(27, 34)),
            list(range(0, 34, 2)),
            list(range(18, 34)),
            [0, 8, 9, 17, 18, 26, *range(27, 34)],
        ]
    )
    counts = [0] * 34
    while sum(counts) < size - wilds - 3 * melds:
        k = rng.choice(pool)
        if counts[k] < 4:
            counts[k] += 1
    return counts, wilds, melds


def _lowering(counts: list[int], wilds: int, melds: int, sp: bool, to: bool) -> list[int]:
    sh = shanten(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
    out = []
    for k in range(34):
        counts[k] += 1
        if shanten(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to) < sh:
            out.append(k)
        counts[k] -= 1
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_acceptance_is_exactly_the_kinds_that_lower_shanten(seed):
    rng = random.Random(seed)
    for i in range(300):
        counts, wilds, melds = _random_hand(rng, 13)
        sp, to = bool(i % 2), bool(i % 3)
        sh, mask = acceptance(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        assert sh == shanten(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        assert mask_kinds(mask) == _lowering(counts, wilds, melds, sp, to), (counts, wilds, melds)


@pytest.mark.parametrize("seed", [4, 5, 6, 7, 8, 9])
def test_discard_masks_agree_with_a_fresh_analysis_of_each_discard(seed):
    rng = random.Random(seed)
    for i in range(200):
        counts, wilds, melds = _random_hand(rng, 14)
        sp, to = bool(i % 2), bool(i % 3)
        if i % 7 == 0 and melds == 0:  # a fifth copy: the exact path
            k = rng.choice([k for k in range(34) if counts[k]])
            j = rng.choice([j for j in range(34) if counts[j] and j != k] or [k])
            if j != k and counts[k] == 4:
                counts[j] -= 1
                counts[k] += 1
        got = discard_masks(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        want = []
        if wilds:
            want.append(
                (-1, *acceptance(counts, wilds - 1, melds, seven_pairs=sp, thirteen_orphans=to))
            )
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                want.append(
                    (k, *acceptance(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to))
                )
                counts[k] += 1
        assert got == want, (counts, wilds, melds, sp, to)
        low = min(sh for _, sh, _ in want)
        best = discard_masks(
            counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to, best_only=True
        )
        assert best == [o for o in want if o[1] == low]
        opts = discard_options(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        assert [(o.kind, o.shanten, o.accept_kinds) for o in opts] == [
            (k, sh, tuple(mask_kinds(m))) for k, sh, m in want
        ]


@pytest.mark.parametrize("seed", [1, 2])
def test_waits_mask_is_waits(seed):
    from engine.analysis import waits, waits_mask

    rng = random.Random(seed)
    for i in range(600):
        counts, wilds, melds = _random_hand(rng, 13)
        sp, to = bool(i % 2), bool(i % 3)
        want = waits(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        assert mask_kinds(waits_mask(counts, wilds, melds, sp, to)) == want


@pytest.mark.parametrize("seed", [1, 2])
def test_shanten_of_keys_is_shanten(seed):
    from engine.analysis import shanten_of_keys

    rng = random.Random(seed)
    for i in range(600):
        counts, wilds, melds = _random_hand(rng, 13 + i % 2)
        sp, to = bool(i % 2), bool(i % 3)
        b = bytes(counts)
        keys = (b[:9], b[9:18], b[18:27], b[27:])
        want = shanten(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
        assert shanten_of_keys(keys, wilds, melds, sp, to) == want, (counts, wilds, melds)
