"""Guobiao 独听: whether the hand before the win waited on one tile kind only.

:func:`unique_wait` finds it the way the reference calculator does (every reading of the
concealed tiles, waits marked); :func:`one_kind_wait` reads the same one suit at a time
(:mod:`engine.guobiao.suits`) and is what the calculator uses, held to the plain search by the
tests (the plain one still serves 组合龙 when the winning tile sits in the dragon, where the
reference's count of it wraps below zero)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.guobiao.codes import ALL_TILES, TABLE, suited
from engine.guobiao.suits import regular_waits, wait_count


def seven_pairs_wait(cnt: Sequence[int], waits: list[int]) -> None:
    pairs = 0
    for t in ALL_TILES:
        n = cnt[t]
        if n in (2, 3):
            pairs += 1
        elif n == 4:
            pairs += 2
    if pairs == 6:
        for t in ALL_TILES:
            if cnt[t] in (1, 3):
                waits[t] = 1
                break


def pack_wait(cnt: Sequence[int], waits: list[int], tiles: Sequence[int] = ALL_TILES) -> None:
    """The two tiles left after a pair: a second pair, or a partial chow (``tiles``: the
    kinds to look at, in order: every kind the counts may hold)."""
    for t in tiles:
        n = cnt[t]
        if n < 1:
            continue
        if n > 1:
            waits[t] = 1
            return
        if suited(t):
            r = t & 0xF
            if r > 1 and cnt[t - 1]:
                if r < 9:
                    waits[t + 1] = 1
                if r > 2:
                    waits[t - 2] = 1
                return
            if r > 2 and cnt[t - 2]:
                waits[t - 1] = 1
                return


def regular_wait(
    cnt: list[int], left: int, prev: int, waits: list[int], tiles: Sequence[int] = ALL_TILES
) -> None:
    """Mark in ``waits`` the tiles that complete ``left`` counted tiles into sets and a pair
    (sets taken from ``prev`` on); ``tiles``: the kinds to look at, in order (the kinds held
    are enough: a count never grows in the search)."""
    if left == 1:
        for t in tiles:
            if cnt[t] == 1:
                waits[t] = 1
                break
        return
    if left == 4:
        for t in tiles:
            if cnt[t] < 2:
                continue
            cnt[t] -= 2
            pack_wait(cnt, waits, tiles)
            cnt[t] += 2
    for t in tiles:
        n = cnt[t]
        if n < 1:
            continue
        if n > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                cnt[t] -= 3
                regular_wait(cnt, left - 3, eigen, waits, tiles)
                cnt[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and cnt[t + 1] and cnt[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                cnt[t] -= 1
                cnt[t + 1] -= 1
                cnt[t + 2] -= 1
                regular_wait(cnt, left - 3, eigen, waits, tiles)
                cnt[t] += 1
                cnt[t + 1] += 1
                cnt[t + 2] += 1


def unique_wait(cnt: list[int], left: int, win: int) -> bool:
    """Whether the hand before the win waited on one tile kind only (独听). ``cnt`` holds the
    winning tile; a count taken below zero wraps as the reference's unsigned counts do."""
    waits = [0] * TABLE
    cnt[win] = (cnt[win] - 1) & 0xFFFF
    if left == 13:
        seven_pairs_wait(cnt, waits)
    regular_wait(cnt, left, 0, waits, [t for t in ALL_TILES if cnt[t]])
    cnt[win] = (cnt[win] + 1) & 0xFFFF
    return sum(waits) == 1


def one_kind_wait(
    keys: Sequence[int], sizes: Sequence[int], cnt: Sequence[int], tiles: Sequence[int], win: int
) -> bool:
    """:func:`unique_wait` of a hand whose concealed tiles before the win are ``keys`` /
    ``sizes`` per suit (:mod:`engine.guobiao.suits`), read one suit at a time: ``cnt`` counts
    them with the winning tile, ``tiles`` are the kinds they hold, in order (or none where
    the caller knows seven pairs cannot be waited on: that needs thirteen tiles with exactly
    one kind held an odd number of times)."""
    if not tiles:  # no seven pairs' wait to add: the count of the sets' waits only
        return wait_count(keys, sizes) == 1
    waits = regular_waits(keys, sizes)
    count = 0
    for _suit, ranks in waits:
        count += ranks.bit_count()
    if count > 1:
        return False
    if sum(sizes) == 13:
        # 七对: six pairs (four of a kind is two) and the odd tile
        pairs = 0
        odd = 0
        for t in tiles:
            n = cnt[t] - (t == win)
            if n in (2, 3):
                pairs += 1
            elif n == 4:
                pairs += 2
            if n in (1, 3) and not odd:
                odd = t
        suit, rank = odd >> 4, odd & 0xF
        if pairs == 6 and odd and not any(s == suit and r >> rank & 1 for s, r in waits):
            count += 1
    return count == 1
