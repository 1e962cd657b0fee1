"""The shipped tables (data/analysis/) agree with the exact builder they came from."""

import random

import pytest

from engine.analysis import build, discards, forms, tables
from tests.engine.analysis.hands import random_counts


def _sample(width: int, n: int, rng: random.Random) -> list[bytes]:
    keys = build.pattern_keys(width)
    return rng.sample(keys, n)


def test_pattern_keys_cover_every_suit_pattern_once():
    keys = build.pattern_keys(9)
    assert len(keys) == len(set(keys)) == len(tables.SUIT_FILE)
    assert keys == [bytes(p) for p in build.patterns(9)][: len(keys)]
    assert len(build.pattern_keys(7)) == len(tables.HONOUR_FILE)


def test_a_pattern_is_found_at_its_place_in_the_file():
    for width, table in ((9, tables.SUIT_FILE), (7, tables.HONOUR_FILE)):
        keys = build.pattern_keys(width)
        assert [table.place(k) for k in keys] == list(range(len(keys)))


def test_patterns_outside_the_file_are_missing_keys():
    # (the last kinds too: a place is read as a head and a tail, Patterns.place)
    for key in (bytes([5, 0, 0, 0, 0, 0, 0, 0, 0]), bytes([4, 4, 4, 3, 0, 0, 0, 0, 0]),
                bytes([0, 0, 0, 0, 0, 0, 0, 0, 5]), bytes([1, 1, 1, 1, 4, 4, 4, 0, 0]),
                bytes(8), bytes(10)):  # fmt: skip
        with pytest.raises(KeyError):
            tables.SUIT_FILE[key]
        assert key not in tables.SUIT_FILE
    with pytest.raises(KeyError):
        tables.HONOUR_FILE[bytes(9)]


def test_the_file_reads_back_whole():
    header, suit_ids, honour_ids = build.read()
    counts = header["counts"]
    assert len(header["classes"]) == counts["classes"] and len(header["masks"]) == counts["masks"]
    rng = random.Random(20)
    for width, table, ids in (
        (9, tables.SUIT_FILE, suit_ids),
        (7, tables.HONOUR_FILE, honour_ids),
    ):
        for key in _sample(width, 200, rng):
            vid, mid, *rest = header["classes"][ids[table.place(key)]]
            assert table[key] == (vid, tuple(header["masks"][mid]), *rest)
            assert table.known[key] is table[key]  # kept for the plain reads


def test_sampled_classes_match_the_builder():
    rng = random.Random(21)
    for width, table, honours in ((9, tables.SUIT_FILE, False), (7, tables.HONOUR_FILE, True)):
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
            tables.SUIT_FILE[b[:9]],
            tables.SUIT_FILE[b[9:18]],
            tables.SUIT_FILE[b[18:27]],
            tables.HONOUR_FILE[b[27:]],
        )
        assert forms._standard(b, *parts, melds) == forms._standard_generic(b, parts, melds)


def test_removals_are_the_patterns_less_one_tile():
    # discards._removals makes each pattern less one tile as a number less one unit
    rng = random.Random(24)
    for width, table in ((9, tables.SUIT_FILE), (7, tables.HONOUR_FILE)):
        for key in _sample(width, 300, rng):
            want = [
                (j, table[key[:j] + bytes((n - 1,)) + key[j + 1 :]]) for j, n in enumerate(key) if n
            ]
            discards._REMOVED.pop(key, None)
            assert list(discards._removals(key)) == want, list(key)


def test_the_tables_built_at_import_are_their_plain_definitions():
    # the split tuples, the kinds of a mask and the spread masks are grown a bit at a time
    # at import, the tight rows read by an itemgetter: the same as the plain definitions
    from engine.analysis import ranking

    n = tables.N
    splits = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(1 << 10))
    kinds = tuple(
        tuple(tuple(base + j for j in range(9) if m >> j & 1) for m in range(512))
        for base in (0, 9, 18, 27)
    )
    spread = tuple(
        tuple(sum(255 << 8 * (9 * x + i) for i in range(9) if m >> i & 1) for m in range(512))
        for x in range(4)
    )
    assert splits == tables.SPLITS
    assert kinds == tables.KINDS_OF_MASK
    assert spread == ranking._SPREAD
    for melds in range(5):
        ids = tables.TIGHT_IDS[melds]
        assert len(ids) == n and all(len(row) == n for row in ids)
        tight = tuple(tuple(splits[x] for x in row) for row in ids)
        assert tight == tables.TIGHT[melds]
        assert all(type(row) is tuple for row in tables.TIGHT[melds])
