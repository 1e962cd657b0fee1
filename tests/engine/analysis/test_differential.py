"""Our analysis against the `mahjong` library, `xiangting` and a slow reference, on
natural hands (no wildcards)."""

import random

import pytest
import xiangting
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.analysis import (
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    waits,
)
from tests.engine.analysis.hands import random_complete, random_counts, with_wilds
from tests.engine.analysis.reference import natural_complete, standard_shanten

_SH = Shanten()
_AGARI = Agari()


def _cases(seed: int, n: int):
    rng = random.Random(seed)
    for i in range(n):
        size = 13 + i % 2
        one_suit = rng.randrange(3) if i % 3 == 0 else None
        yield random_counts(rng, size, one_suit)


def _distinct_pairs_only(counts) -> bool:
    # their seven pairs needs seven different kinds, ours counts a four of a kind as two
    # pairs: with no kind held three times or more (even after one more tile) they agree
    return max(counts) <= 2


@pytest.mark.parametrize("seed", [1, 2])
def test_standard_shanten_matches_mahjong_and_xiangting(seed):
    for counts in _cases(seed, 1500):
        ours = shanten_standard(counts)
        lib = _SH.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
        assert ours == lib, counts
        # xiangting takes the best of the three forms, counting only tiles a player can
        # still draw (no fifth copy; seven distinct pairs)
        xt = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
        if _distinct_pairs_only(counts):
            assert shanten(counts) == xt, counts
        else:
            assert shanten(counts) <= xt, counts


def test_xiangting_with_four_of_a_kind_is_never_better():
    seen = 0
    for counts in _cases(7, 3000):
        if max(counts) < 4:
            continue
        seen += 1
        ours = shanten(counts)
        xt = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
        assert ours <= xt, counts
    assert seen > 10  # some hands held a four of a kind


def test_full_shanten_matches_mahjong_on_forms_that_agree():
    for counts in _cases(3, 2000):
        ours = shanten(counts)
        lib = _SH.calculate_shanten(counts)
        if _distinct_pairs_only(counts):
            assert ours == lib, counts
            assert shanten_seven_pairs(counts) == _SH.calculate_shanten_for_chiitoitsu_hand(counts)
        else:
            assert ours == min(lib, shanten_seven_pairs(counts)), counts
        assert shanten_thirteen_orphans(counts) == _SH.calculate_shanten_for_kokushi_hand(counts)


def test_complete_matches_is_agari():
    rng = random.Random(4)
    hands = [random_complete(rng) for _ in range(1500)]
    # near misses: swap one tile
    for c in hands[:500]:
        d = with_wilds(rng, c, 1)
        d[rng.randrange(34)] += 1
        if max(d) <= 4:
            hands.append(d)
    hands += [c for c in _cases(5, 1000) if sum(c) == 14]
    for counts in hands:
        ours = is_complete(counts)
        assert ours == natural_complete(counts), counts
        if _distinct_pairs_only(counts):
            assert ours == _AGARI.is_agari(counts), counts


def test_waits_match_is_agari():
    rng = random.Random(6)
    for _ in range(600):
        c = with_wilds(rng, random_complete(rng), 1)
        ours = waits(c)
        theirs = []
        for k in range(34):
            c[k] += 1
            if c[k] <= 4 and _AGARI.is_agari(c):
                theirs.append(k)
            c[k] -= 1
        playable = [k for k in ours if c[k] < 4]
        assert set(theirs) <= set(playable), c
        for k in set(playable) - set(theirs):
            # only our seven pairs with a four of a kind as two pairs
            d = list(c)
            d[k] += 1
            assert all(x % 2 == 0 for x in d) and 4 in d, (c, k)


def test_standard_shanten_matches_slow_reference():
    for counts in _cases(8, 300):
        assert shanten_standard(counts) == standard_shanten(counts), counts


def test_melds_match_mahjong():
    rng = random.Random(9)
    for i in range(800):
        melds = 1 + i % 4
        size = 13 - 3 * melds + rng.randrange(2)
        counts = random_counts(rng, size)
        ours = shanten_standard(counts, 0, melds)
        lib = _SH.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
        assert ours == lib, (counts, melds)
        assert shanten(counts, 0, melds) == ours
