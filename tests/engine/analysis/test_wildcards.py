"""With wildcards: results equal brute force (each wildcard replaced by every kind, fifth
copies allowed, the best / any complete)."""

import random

from engine.analysis import discard_options, is_complete, shanten, waits
from tests.engine.analysis.hands import near_ready, random_complete, random_counts, with_wilds
from tests.engine.analysis.reference import (
    brute_complete,
    brute_shanten,
    brute_waits,
    natural_shanten,
)


def _natural_ours(counts, melds, sp, to):
    return shanten(counts, 0, melds, seven_pairs=sp, thirteen_orphans=to)


def test_reference_agrees_with_ours_on_fifth_copies():
    # our exact path for counts above four, against the slow reference
    rng = random.Random(11)
    for _ in range(60):
        c = random_counts(rng, 12)
        c[rng.randrange(34)] += 2
        k = rng.randrange(34)
        c[k] += 5 - c[k] % 5 if c[k] < 5 else 0
        size = sum(c)
        if size not in (13, 14):
            continue
        assert shanten(c) == natural_shanten(c), c


def test_complete_with_one_to_three_wildcards():
    rng = random.Random(12)
    for i in range(240):
        wilds = 1 + i % 3
        c = with_wilds(rng, random_complete(rng), wilds)
        if i % 2:  # spoil it sometimes
            k = rng.choice([k for k in range(34) if c[k]])
            c[k] -= 1
            c[rng.randrange(34)] += 1
        for sp, to in ((True, True), (False, False)):
            assert is_complete(c, wilds, seven_pairs=sp, thirteen_orphans=to) == brute_complete(
                c, wilds, 0, sp, to
            ), (c, wilds)


def test_shanten_with_wildcards():
    rng = random.Random(13)
    for i in range(150):
        wilds = 1 + i % 2
        c = random_counts(rng, 13 + i % 3 // 2 - wilds)
        want = brute_shanten(c, wilds, natural=_natural_ours)
        assert shanten(c, wilds) == want, (c, wilds)
    for i in range(12):
        c = random_counts(rng, 13 + i % 2 - 3)
        assert shanten(c, 3) == brute_shanten(c, 3, natural=_natural_ours), c


def test_shanten_with_wildcards_against_slow_reference():
    rng = random.Random(14)
    for i in range(25):
        c = random_counts(rng, 12 + i % 2)
        assert shanten(c, 1) == brute_shanten(c, 1), c


def test_waits_with_wildcards():
    rng = random.Random(15)
    for i in range(70):
        wilds = 1 + (i % 4 == 3)
        c = near_ready(rng, wilds)
        assert waits(c, wilds) == brute_waits(c, wilds), (c, wilds)


def test_melds_with_wildcards():
    rng = random.Random(16)
    for i in range(60):
        melds = 1 + i % 3
        wilds = 1 + i % 2
        c = random_counts(rng, 14 - 3 * melds - wilds - i % 2)
        want = brute_shanten(c, wilds, melds, natural=_natural_ours)
        assert shanten(c, wilds, melds) == want
        if sum(c) + wilds + 3 * melds == 13:
            assert waits(c, wilds, melds) == brute_waits(c, wilds, melds)
        else:
            assert is_complete(c, wilds, melds) == brute_complete(c, wilds, melds)


def test_many_wildcards():
    # one wildcard replaced by every kind in turn gives the best of the results with one
    # wildcard fewer (checked down the chain by the brute-force tests above)
    rng = random.Random(17)
    for wilds in (4, 5, 8):
        for i in range(4):
            c = random_counts(rng, 13 + i % 2 - wilds)
            best = min(shanten(_plus(c, k), wilds - 1) for k in range(34))
            assert shanten(c, wilds) == best, (c, wilds)
            if i % 2 == 0:
                got = waits(c, wilds)
                assert got == [k for k in range(34) if is_complete(_plus(c, k), wilds)]
            else:
                assert is_complete(c, wilds) == any(
                    is_complete(_plus(c, k), wilds - 1) for k in range(34)
                )


def _plus(c, k):
    d = list(c)
    d[k] += 1
    return d


def test_discard_options_match_per_discard_analysis():
    rng = random.Random(18)
    for i in range(40):
        wilds = i % 3
        c = with_wilds(rng, random_complete(rng), wilds + 1)
        c[rng.randrange(34)] += 1
        opts = discard_options(c, wilds)
        kinds = [o.kind for o in opts]
        assert kinds == ([-1] if wilds else []) + [k for k in range(34) if c[k]]
        for o in opts:
            d = list(c)
            w = wilds
            if o.kind < 0:
                w -= 1
            else:
                d[o.kind] -= 1
            sh = shanten(d, w)
            assert o.shanten == sh
            better = []
            for k in range(34):
                d[k] += 1
                if shanten(d, w) < sh:
                    better.append(k)
                d[k] -= 1
            assert list(o.accept_kinds) == better
            assert o.accept_count == sum(max(0, 4 - c[k]) for k in better)


def test_more_than_eight_wildcards_are_read():
    # the Philippine window: twenty joker tiles in the set, so a hand may hold nine or more;
    # with 4 − melds sets to make, every natural then takes a set or the pair of its own
    from engine.scoring import readings
    from engine.tiles import parse, to_counts

    hand = to_counts(parse("19m1s67z"), 34)  # and nine jokers: complete
    assert is_complete(hand, 9) and shanten(hand, 9) == -1
    ready = to_counts(parse("19m1s6z"), 34)  # and nine jokers: ready on every kind
    assert shanten(ready, 9) == 0 and len(waits(ready, 9)) == 34
    assert all(o.shanten == 0 for o in discard_options(hand, 9))
    rng = random.Random(9)
    for _ in range(300):
        w = rng.choice((9, 10, 11, 12))
        c = [0] * 34
        for _ in range(14 - w):
            k = rng.choice([k for k in range(34) if c[k] < 4])
            c[k] += 1
        assert is_complete(c, w) == readings.is_complete(c, w, seven_pairs=True)
