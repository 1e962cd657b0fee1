"""The suit-at-a-time readings (:mod:`engine.guobiao.suits`) equal the plain searches they
stand in for: every division in the same order (the reference's ties depend on it) and the
same 独听, on the sample hands and on hands crowded into few ranks, where readings multiply."""

from __future__ import annotations

import random

from engine.guobiao import meld_pack
from engine.guobiao.calculator import code_of
from engine.guobiao.codes import CHOW, PAIR, PUNG, TABLE
from engine.guobiao.divide import divide
from engine.guobiao.samples import random_hands
from engine.guobiao.suits import KEY_BIT, division_parts, divisions, regular_waits, wait_count
from engine.guobiao.traits import PACK_TRAIT
from engine.guobiao.waits import one_kind_wait, regular_wait, unique_wait

SUITED = [s << 4 | r for s in (1, 2, 3) for r in range(1, 10)]
HONOURS = list(range(0x41, 0x48))


def _crowded(rng: random.Random) -> list[int]:
    """14 tiles of sets and a pair from a few neighbouring ranks (many readings)."""
    while True:
        lo = rng.choice(SUITED[:7] + SUITED[9:16])
        pool = [lo + i for i in range(rng.randint(2, 4)) if (lo + i) & 0xF <= 9]
        pool += rng.sample(HONOURS, 1) if rng.random() < 0.3 else []
        cnt = [0] * TABLE
        tiles: list[int] = []
        for _ in range(4):
            t = rng.choice(pool)
            shape = (
                [t, t, t] if rng.random() < 0.4 or t > 0x40 or (t & 0xF) > 7 else [t, t + 1, t + 2]
            )
            tiles += shape
        tiles += [rng.choice(pool)] * 2
        for t in tiles:
            cnt[t] += 1
        if max(cnt) <= 4:
            return tiles


def _hands() -> list[tuple[list[int], list[int], int]]:
    """(fixed packs, standing tiles with the winning tile, the winning tile)."""
    out = []
    for h in random_hands(3, 1500):
        standing = [code_of(k) for k in h.concealed]
        out.append(([meld_pack(m) for m in h.melds], standing, code_of(h.win_tile)))
    rng = random.Random(11)
    for _ in range(1500):
        tiles = _crowded(rng)
        out.append(([], tiles, rng.choice(tiles)))
    return out


def _split(tiles: list[int]) -> tuple[list[int], list[int], list[int]]:
    cnt = [0] * TABLE
    keys = [0] * 5
    sizes = [0] * 5
    for t in tiles:
        cnt[t] += 1
        keys[t >> 4] += KEY_BIT[t]
        sizes[t >> 4] += 1
    return cnt, keys, sizes


def test_divisions_equal_the_plain_search_in_order():
    many = 0
    for fixed, standing, _win in _hands():
        cnt, keys, sizes = _split(standing)
        plain: list[tuple[int, ...]] = []
        divide(list(cnt), fixed, plain)
        assert divisions(keys, sizes, fixed) == plain, (fixed, sorted(standing))
        many += len(plain) > 2
    assert many > 100  # the crowded hands do reach several readings


def test_one_kind_wait_equals_the_plain_search():
    both = [0, 0]
    for _fixed, standing, win in _hands():
        cnt, _keys, _sizes = _split(standing)
        before = list(standing)
        before.remove(win)
        _c, keys, sizes = _split(before)
        tiles = [t for t in range(TABLE) if cnt[t]]
        fast = one_kind_wait(keys, sizes, cnt, tiles, win)
        assert fast == unique_wait(list(cnt), len(before), win), sorted(standing)
        both[fast] += 1
    assert min(both) > 100


def _parts_of(packs: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """A division's packs (no fixed ones) as the calculator's parts: the chows' middles, the
    pungs' tiles, the pair's tile, the packs' traits summed."""
    return (
        tuple(p & 0xFF for p in packs if p >> 8 == CHOW),
        tuple(p & 0xFF for p in packs if p >> 8 == PUNG),
        next(p & 0xFF for p in packs if p >> 8 == PAIR),
        sum(PACK_TRAIT[p] for p in packs),
    )


def test_division_parts_are_the_divisions_read_in_order():
    for _fixed, standing, _win in _hands():
        _cnt, keys, sizes = _split(standing)
        assert division_parts(keys, sizes) == [
            _parts_of(packs) for packs in divisions(keys, sizes, [])
        ], sorted(standing)


def test_the_wait_search_over_the_kinds_held_marks_the_same_tiles():
    for _fixed, standing, win in _hands()[:1500]:
        cnt, _keys, _sizes = _split(standing)
        cnt[win] = (cnt[win] - 1) & 0xFFFF
        every = [0] * TABLE
        regular_wait(list(cnt), len(standing) - 1, 0, every)
        held = [0] * TABLE
        regular_wait(list(cnt), len(standing) - 1, 0, held, [t for t in range(TABLE) if cnt[t]])
        assert held == every, sorted(standing)


def test_wait_count_counts_the_kinds_the_waits_mark():
    counted = set()
    for _fixed, standing, win in _hands():
        before = list(standing)
        before.remove(win)
        _c, keys, sizes = _split(before)
        marked = sum(ranks.bit_count() for _s, ranks in regular_waits(keys, sizes))
        assert wait_count(keys, sizes) == marked, sorted(before)
        counted.add(marked)
    assert {0, 1, 2} <= counted
