"""The reading search: completeness agrees with the ``mahjong`` library and with brute force."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from engine.scoring.readings import (
    CHOW,
    FREE_PAIR,
    FREE_SET,
    PAIR,
    PUNG,
    is_complete,
    orphans_complete,
    seven_pairs_complete,
    standard_complete,
    standard_readings,
)
from engine.tiles import parse, to_counts

AGARI = Agari()


def c34(notation: str) -> tuple[int, ...]:
    return tuple(to_counts(parse(notation), 34))


@st.composite
def near_complete(draw):
    """14 natural tiles, mostly built from sets so that about half of them are complete."""
    tiles = [draw(st.integers(0, 33))] * 2
    for _ in range(4):
        if draw(st.booleans()):
            tiles += [draw(st.integers(0, 33))] * 3
        else:
            k = draw(st.integers(0, 26).filter(lambda x: x % 9 <= 6))
            tiles += [k, k + 1, k + 2]
    for _ in range(draw(st.integers(0, 2))):
        tiles[draw(st.integers(0, 13))] = draw(st.integers(0, 33))
    counts = Counter(tiles)
    if max(counts.values()) > 4:
        draw(st.nothing())
    return [counts.get(k, 0) for k in range(34)]


@settings(max_examples=400, deadline=None)
@given(near_complete())
def test_completeness_matches_the_mahjong_library(counts):
    # the project counts four of a kind as two pairs in seven pairs; the library does not, so
    # with a four of a kind only the other forms are compared
    seven = 4 not in counts
    ours = is_complete(counts, 0, seven_pairs=seven, thirteen_orphans=True)
    assert ours == AGARI.is_agari(counts)


@settings(max_examples=150, deadline=None)
@given(near_complete(), st.integers(0, 13))
def test_one_wildcard_is_complete_when_some_kind_completes_it(counts, pos):
    tiles = [k for k, n in enumerate(counts) for _ in range(n)]
    tiles.pop(pos)  # that tile becomes a wildcard
    less = to_counts(tiles, 34)
    brute = any(
        standard_complete(tuple(less[i] + (i == k) for i in range(34)), 0, 4)
        for k in range(34)
    )
    assert standard_complete(tuple(less), 1, 4) == brute


def test_every_reading_of_a_pure_run_and_pung_hand():
    readings = standard_readings(c34("111222333m456p55s"), 0, 4)
    shapes = {tuple(sorted(s for s, _ in r)) for r in readings}
    # 111222333m as three pungs or three runs
    assert shapes == {(PUNG, PUNG, PUNG, CHOW, PAIR), (CHOW, CHOW, CHOW, CHOW, PAIR)}


def test_leftover_wildcards_form_free_groups():
    readings = standard_readings(c34("123m456p789s"), 5, 4)
    assert (((CHOW, 0), (CHOW, 12), (CHOW, 24), (FREE_SET, -1), (FREE_PAIR, -1))) in {
        tuple(sorted(r)) for r in readings
    }


def test_special_forms():
    assert seven_pairs_complete(c34("1122m3344p5566s7z"), 1)
    assert seven_pairs_complete(c34("1111m3344p5566s77z"), 0)
    assert not seven_pairs_complete(c34("1123m3344p5566s7z"), 1)
    assert orphans_complete(c34("19m19p19s123456z"), 2)
    assert orphans_complete(c34("19m19p19s1234567z1m"), 0)
    assert not orphans_complete(c34("1199m19p19s12345z"), 1)  # two pairs
    assert not orphans_complete(c34("111m9m19p19s12345z"), 2)
    assert not orphans_complete(c34("19m19p19s123455z2m"), 0)


def test_the_search_on_bytes_finds_and_orders_the_readings_as_the_plain_search():
    # standard_readings searches on bytes (engine.scoring.readings._readings): the same
    # readings found in the same order as the plain search on tuples below, so that the
    # frozensets iterate alike (a scorer keeps the first reading of the best value), and the
    # same completeness; on random hands of up to six wildcards, one or two pairs
    import random

    from engine.tiles import HONOR_BASE

    def take(counts, kinds):
        c = list(counts)
        for k in kinds:
            c[k] -= 1
        return tuple(c)

    def options(counts, k, sets, pairs):
        out = []
        c = counts[k]
        if sets:
            a = min(c, 3)
            out.append(((PUNG, k), take(counts, [k] * a), 3 - a, sets - 1, pairs))
        if pairs:
            a = min(c, 2)
            out.append(((PAIR, k), take(counts, [k] * a), 2 - a, sets, pairs - 1))
        if sets and k < HONOR_BASE:
            pos = k % 9
            for start in (k - 2, k - 1, k):
                if start < k - pos or start % 9 > 6:
                    continue
                used = [k] + [t for t in (start + 1, start + 2) if t > k and counts[t] > 0]
                out.append(((CHOW, start), take(counts, used), 3 - len(used), sets - 1, pairs))
        return out

    def plain(counts, wild, sets, pairs):
        k = next((k for k in range(34) if counts[k]), -1)
        if k < 0:
            if wild == 3 * sets + 2 * pairs:
                return frozenset({((FREE_SET, -1),) * sets + ((FREE_PAIR, -1),) * pairs})
            return frozenset()
        found = set()
        for group, rest, used, s, p in options(counts, k, sets, pairs):
            if used > wild:
                continue
            for tail in plain(rest, wild - used, s, p):
                found.add(tuple(sorted((group, *tail))))
        return frozenset(found)

    rng = random.Random(3)
    several = 0
    for _ in range(600):
        pairs = rng.choice([1, 1, 1, 2])
        sets = rng.choice([4, 4, 3, 2, 1]) if pairs == 1 else rng.choice([2, 3])
        wild = min(rng.choice([0, 1, 2, 3, 4, 5, 6]), 3 * sets + 2 * pairs)
        pool = rng.choice([list(range(34)), list(range(9)), [*range(9, 18), 27, 28]])
        counts = [0] * 34
        while sum(counts) < 3 * sets + 2 * pairs - wild:
            k = rng.choice(pool)
            if counts[k] < 4:
                counts[k] += 1
        key = tuple(counts)
        want = plain(key, wild, sets, pairs)
        got = standard_readings(key, wild, sets, pairs)
        assert list(got) == list(want), (key, wild, sets, pairs)
        assert standard_complete(key, wild, sets, pairs) == bool(want)
        several += len(want) > 1
    assert several > 100  # hands with several readings, whose order is what is compared


def test_iter_standard_splits_off_the_free_groups_as_the_plain_filter():
    # iter_standard counts a reading's free groups with tuple.count and cuts them off the
    # end (a reading is sorted, free groups last): the same readings, in the same order, as
    # filtering them out group by group
    import random
    from itertools import combinations_with_replacement

    from engine.family.heyuan import _PAIR_REPS, _SET_REPS
    from engine.melds import Meld, MeldKind
    from engine.scoring.common import iter_standard, meld_groups

    def plain(counts, wild, melds):
        taken_melds = {k for s, k in meld_groups(melds) if s == PUNG}
        for reading in standard_readings(tuple(counts), wild, 4 - len(melds), 1):
            fixed = tuple(g for g in reading if g[0] < FREE_SET)
            free_sets = sum(1 for g in reading if g[0] == FREE_SET)
            free_pairs = sum(1 for g in reading if g[0] == FREE_PAIR)
            if not free_sets and not free_pairs:
                yield fixed
                continue
            taken = taken_melds | {k for s, k in fixed if s == PUNG}
            reps = [r for r in _SET_REPS if not (r[0] == PUNG and r[1] in taken)]
            for combo in combinations_with_replacement(reps, free_sets):
                pungs = [k for s, k in combo if s == PUNG]
                if len(pungs) != len(set(pungs)):
                    continue
                for pairs in combinations_with_replacement(_PAIR_REPS, free_pairs):
                    yield fixed + combo + tuple((PAIR, k) for k in pairs)

    rng = random.Random(8)
    free = 0
    for _ in range(800):
        wild = rng.choice([0, 1, 2, 3, 4, 5, 6, 8])
        melds = [Meld(MeldKind.PUNG, (k, k, k)) for k in rng.sample(range(34), rng.choice([0, 0, 1, 2]))]
        n = 14 - wild - 3 * len(melds)
        if n < 0:
            continue
        counts = [0] * 34
        while sum(counts) < n:
            k = rng.randrange(34)
            if counts[k] < 4:
                counts[k] += 1
        got = list(iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS))
        assert got == list(plain(counts, wild, melds)), (counts, wild, melds)
        free += any(
            g[0] >= FREE_SET
            for r in standard_readings(tuple(counts), wild, 4 - len(melds), 1)
            for g in r
        )
    assert free > 50  # hands whose readings have free groups to split off
