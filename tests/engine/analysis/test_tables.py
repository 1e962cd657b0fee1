"""The shipped tables (data/analysis/) agree with the exact builder they came from."""

import random

from engine.analysis import build, hand, tables
from tests.engine.analysis.hands import random_counts


def _sample(width: int, n: int, rng: random.Random) -> list[bytes]:
    keys = build.pattern_keys(width)
    return rng.sample(keys, n)


def test_pattern_keys_cover_every_suit_pattern_once():
    keys = build.pattern_keys(9)
    assert len(keys) == len(set(keys)) == len(tables.SUIT)
    assert keys == [bytes(p) for p in build.patterns(9)][: len(keys)]
    assert len(build.pattern_keys(7)) == len(tables.HONOUR)


def test_sampled_classes_match_the_builder():
    rng = random.Random(21)
    for width, table, honours in ((9, tables.SUIT, False), (7, tables.HONOUR, True)):
        for key in _sample(width, 120, rng):
            cls = table[key]
            vec = build.vector(key, honours)
            assert tables.VECTORS[cls[0]] == vec, list(key)
            assert cls[1] == build.acceptance_masks(key, honours, vec), list(key)
            assert cls[2:] == build.simple_fields(key, honours), list(key)


def test_combination_tables():
    rng = random.Random(22)
    v = tables.VECTORS
    for _ in range(2000):
        i, j = rng.randrange(tables.N), rng.randrange(tables.N)
        assert v[tables.CONV[i][j]] == build.combine(v[i], v[j])
        melds = rng.randrange(5)
        sums = [(v[i][x] + v[j][y], x) for x, y in build.split_target(4 - melds)]
        best = min(s for s, _ in sums)
        assert tables.NEED[melds][i][j] == best
        assert tables.TIGHT[melds][i][j] == tuple(sorted(x for s, x in sums if s == best))


def test_table_path_equals_plain_combination():
    rng = random.Random(23)
    for i in range(400):
        melds = i % 3
        c = random_counts(rng, 14 - 3 * melds - i % 2)
        b = bytes(c)
        parts = (
            tables.SUIT[b[:9]],
            tables.SUIT[b[9:18]],
            tables.SUIT[b[18:27]],
            tables.HONOUR[b[27:]],
        )
        assert hand._standard(b, *parts, melds) == hand._standard_generic(b, parts, melds)
