"""Slow, obviously-correct references for the analysis tests (no tables).

Flowers in test notation stand for wildcards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from tests.conftest import hand


def split(notation: str) -> tuple[list[int], int]:
    """``"123m1f"`` -> (34 counts of the natural tiles, number of wildcards)."""
    counts = [0] * 34
    wilds = 0
    for t in hand(notation):
        if t >= 34:
            wilds += 1
        else:
            counts[t] += 1
    return counts, wilds


def _runs_ok(i: int) -> bool:
    return i < 27 and i % 9 <= 6


@cache
def standard_need(counts: tuple[int, ...], sets: int, pair: int) -> int:
    """Fewest tiles to add so the tiles contain ``sets`` sets and ``pair`` pairs (any
    counts, fifth copies included): every tile is unused or in a group, and a group's
    other slots take held tiles or missing ones."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0 or (sets == 0 and pair == 0):
        return 3 * sets + 2 * pair
    c = list(counts)
    c[i] -= 1
    best = standard_need(tuple(c), sets, pair)  # this copy unused
    if pair:
        d = list(c)
        miss = 0
        if d[i]:
            d[i] -= 1
        else:
            miss = 1
        best = min(best, miss + standard_need(tuple(d), sets, 0))
    if sets:
        d = list(c)
        miss = 0
        for _ in range(2):
            if d[i]:
                d[i] -= 1
            else:
                miss += 1
        best = min(best, miss + standard_need(tuple(d), sets - 1, pair))
        if i < 27:
            for start in (i - 2, i - 1, i):
                if start < 0 or start // 9 != i // 9 or not _runs_ok(start):
                    continue
                d = list(c)
                miss = 0
                for k in (start, start + 1, start + 2):
                    if k == i:
                        continue
                    if k > i and d[k]:
                        d[k] -= 1
                    else:
                        miss += 1
                best = min(best, miss + standard_need(tuple(d), sets - 1, pair))
    return best


def standard_shanten(counts: Sequence[int], melds: int = 0) -> int:
    return standard_need(tuple(counts), 4 - melds, 1) - 1


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    return 6 - min(7, sum(c // 2 for c in counts))


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def orphans_shanten(counts: Sequence[int]) -> int:
    kinds = sum(1 for k in ORPHANS if counts[k])
    pair = any(counts[k] >= 2 for k in ORPHANS)
    return 13 - kinds - int(pair)


def natural_shanten(counts: Sequence[int], melds: int = 0, sp: bool = True, to: bool = True) -> int:
    best = standard_shanten(counts, melds)
    if melds == 0:
        if sp:
            best = min(best, seven_pairs_shanten(counts))
        if to:
            best = min(best, orphans_shanten(counts))
    return best


@cache
def _standard_complete(counts: tuple[int, ...], sets: int, pair: int) -> bool:
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return sets == 0 and pair == 0
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if _standard_complete(tuple(c), sets, 0):
            return True
        c[i] += 2
    if sets and c[i] >= 3:
        c[i] -= 3
        if _standard_complete(tuple(c), sets - 1, pair):
            return True
        c[i] += 3
    if sets and _runs_ok(i) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _standard_complete(tuple(c), sets - 1, pair):
            return True
    return False


def natural_complete(
    counts: Sequence[int], melds: int = 0, sp: bool = True, to: bool = True
) -> bool:
    if _standard_complete(tuple(counts), 4 - melds, 1):
        return True
    if melds:
        return False
    if sp and sum(counts) == 14 and all(c % 2 == 0 for c in counts):
        return True
    return to and orphans_shanten(counts) == -1


def substitutions(counts: Sequence[int], wilds: int):
    """Every way of replacing the wildcards by kinds (fifth copies allowed)."""
    for kinds in combinations_with_replacement(range(34), wilds):
        c = list(counts)
        for k in kinds:
            c[k] += 1
        yield c


def brute_complete(counts, wilds, melds=0, sp=True, to=True) -> bool:
    return any(natural_complete(c, melds, sp, to) for c in substitutions(counts, wilds))


def brute_shanten(counts, wilds, melds=0, sp=True, to=True, natural=natural_shanten) -> int:
    return min(natural(c, melds, sp, to) for c in substitutions(counts, wilds))


def brute_waits(counts, wilds, melds=0, sp=True, to=True) -> list[int]:
    out = []
    for k in range(34):
        c = list(counts)
        c[k] += 1
        if brute_complete(c, wilds, melds, sp, to):
            out.append(k)
    return out
