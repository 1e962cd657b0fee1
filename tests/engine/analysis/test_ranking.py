"""The greedy player's one-pass ranking of discards against the plain path it replaces:
every lowest-shanten option of ``discard_masks`` counted against the unseen tiles."""

import random

import pytest

from engine.analysis import discard_masks, rank, widest_discards
from engine.analysis.ranking import _plain


def _hand(rng: random.Random) -> tuple[list[int], int, int]:
    """(counts, wilds, melds) of 14 tiles: often few kinds, honours or orphans, fours,
    wildcards and melds."""
    wilds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 8])
    melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
    while 14 - wilds - 3 * melds < 0:
        melds -= 1
    pool = rng.choice(
        [
            list(range(34)),
            list(range(9)),
            list(range(9)) + list(range(27, 34)),
            list(range(27, 34)),
            [0, 8, 9, 17, 18, 26, *range(27, 34)],
            list(range(0, 34, 2)),
        ]
    )
    counts = [0] * 34
    while sum(counts) < 14 - wilds - 3 * melds:
        k = rng.choice(pool)
        if counts[k] < 4:
            counts[k] += 1
    return counts, wilds, melds


def _planes(rng: random.Random, counts: list[int]) -> tuple[int, int, int]:
    unseen = [max(0, 4 - counts[k] - rng.choice([0, 0, 1, 2, 3, 4])) for k in range(34)]
    return tuple(sum((u >> n & 1) << k for k, u in enumerate(unseen)) for n in range(3))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_widest_discards_match_the_plain_ranking(seed):
    rng = random.Random(seed)
    for i in range(1500):
        counts, wilds, melds = _hand(rng)
        planes = _planes(rng, counts)
        sp, to = bool(i % 2), bool(i % 3)
        options = discard_masks(
            counts, wilds, melds, seven_pairs=sp, thirteen_orphans=to, best_only=True
        )
        want = [k for k, _, _ in options] if len(options) < 2 else rank(options, planes)
        got = widest_discards(counts, wilds, melds, planes, seven_pairs=sp, thirteen_orphans=to)
        assert got == want, (counts, wilds, melds, sp, to)
        # the plain path itself (taken for patterns not read yet) says the same
        assert _plain(counts, wilds, melds, planes, sp, to) == want


def test_rank_keeps_the_most_unseen_and_the_wildcard_last():
    # kind 0 accepts kind 5 (two unseen), kind 1 accepts kinds 5 and 6 (three), the wildcard
    # accepts the same as kind 1: kind 1 alone is best
    planes = (1 << 6, 1 << 5, 0)  # kind 5: 2 unseen, kind 6: 1
    options = [(-1, 1, 1 << 5 | 1 << 6), (0, 1, 1 << 5), (1, 1, 1 << 5 | 1 << 6)]
    assert rank(options, planes) == [1]
    assert rank(options[:2], planes) == [-1]
    assert rank([(0, 1, 1 << 5), (3, 1, 1 << 5)], planes) == [0, 3]


def test_bad_hands_are_refused_as_discard_masks_refuses_them():
    from engine.analysis import AnalysisError

    with pytest.raises(AnalysisError):
        widest_discards([1] * 34, 0, 0, (0, 0, 0), seven_pairs=False, thirteen_orphans=False)


def test_unseen_counts_and_planes_are_one_reading():
    from engine.analysis import unseen_counts, unseen_planes
    from engine.analysis.ranking import _SPREAD

    rng = random.Random(7)
    for _ in range(500):
        unseen = [rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(34)]
        planes = tuple(sum((u >> n & 1) << k for k, u in enumerate(unseen)) for n in range(3))
        counts = unseen_counts(planes)
        assert counts == int.from_bytes(bytes(unseen), "little")
        assert unseen_planes(counts) == planes
        # a mask's unseen tiles: its kinds' bytes summed (modulo 255), as the planes count
        mask = rng.getrandbits(34)
        spread = (
            _SPREAD[0][mask & 511]
            | _SPREAD[1][mask >> 9 & 511]
            | _SPREAD[2][mask >> 18 & 511]
            | _SPREAD[3][mask >> 27]
        )
        want = sum(u for k, u in enumerate(unseen) if mask >> k & 1)
        assert (spread & counts) % 255 == want


def test_or_tables_are_the_loop_over_the_tight_splits():
    from engine.analysis.suit_info import _Ors, _ors
    from engine.analysis.tables import SPLITS, TIGHT, TIGHT_IDS

    for melds in range(5):
        for a, row in enumerate(TIGHT_IDS[melds]):
            assert tuple(SPLITS[x] for x in row) == TIGHT[melds][a]
    rng = random.Random(3)
    for _ in range(200):
        acc = tuple(rng.getrandbits(9) for _ in range(10))
        ors = _Ors(acc)
        made = _ors(acc)  # as the ranking makes them (no __init__ call)
        assert type(made) is _Ors and made.acc == acc and not made
        for _ in range(20):
            splits = rng.getrandbits(10)
            want = 0
            for i in SPLITS[splits]:
                want |= acc[i]
            assert ors[splits] == want
            assert ors[splits] == want  # and again, from the table
            assert made[splits] == want


def test_lowest_needs_are_the_loop_over_a_patterns_removals():
    """A suit pattern's memo of its lowest need after a discard (per count of melds and
    the other suits' vector) against the need of each removal read from the tables."""
    from engine.analysis.discards import _removals
    from engine.analysis.suit_info import _info
    from engine.analysis.tables import NEED

    rng = random.Random(5)
    for _ in range(300):
        width = rng.choice([9, 9, 9, 7])
        counts = [0] * width
        for _ in range(rng.randint(0, 14)):
            k = rng.randrange(width)
            if counts[k] < 4:
                counts[k] += 1
        key = bytes(counts)
        entry = _info(key)
        assert entry is not None
        for melds in range(5):
            lows = entry[1][melds]
            for _ in range(10):
                rest = rng.randrange(len(NEED[melds]))
                row = NEED[melds][rest]
                want = min((row[cls[0]] for _, cls in _removals(key)), default=99)
                assert lows[rest] == want
                assert lows[rest] == want  # and again, from the memo


def test_seven_pairs_hands_match_the_plain_ranking(monkeypatch):
    # hands of many pairs or orphans, no meld: where seven pairs or thirteen orphans may
    # reach the lowest shanten the ranking weighs every form itself
    # (ranking._widest_all_forms) instead of the plain path
    import engine.analysis.ranking as ranking

    taken = []
    fast = ranking._widest_all_forms
    monkeypatch.setattr(ranking, "_widest_all_forms", lambda *a: taken.append(1) or fast(*a))
    rng = random.Random(7)
    for i in range(3000):
        wilds = rng.choice([0, 0, 1, 2, 3])
        counts = [0] * 34
        if i % 3 == 2:  # mostly orphans: thirteen orphans within reach
            pool = [0, 8, 9, 17, 18, 26, *range(27, 34), *rng.sample(range(34), 3)]
        else:
            pool = rng.sample(range(34), rng.choice([5, 7, 9, 12]))
        while sum(counts) < 14 - wilds:
            k = rng.choice(pool)
            if counts[k] < 4:
                counts[k] += rng.choice([1, 2]) if counts[k] < 3 and i % 3 != 2 else 1
            if sum(counts) > 14 - wilds:
                counts[k] -= 1
        planes = _planes(rng, counts)
        to = i % 4 != 1
        options = discard_masks(
            counts, wilds, 0, seven_pairs=True, thirteen_orphans=to, best_only=True
        )
        want = [k for k, _, _ in options] if len(options) < 2 else rank(options, planes)
        got = widest_discards(counts, wilds, 0, planes, seven_pairs=True, thirteen_orphans=to)
        assert got == want, (counts, wilds, to)
    assert len(taken) > 1000
