"""Every way to read a hand as complete: its sets, its pair and what each wildcard stands for.

Scoring needs every reading, not just "complete": the patterns depend on how
the tiles are split (``111222333m`` as pungs or as runs) and on what the
wildcards are read as (a flush needs them in the suit, all-pungs needs them
inside pungs).

The search works on the natural tiles only (a counts array of the 34 kinds)
plus a number of wildcards. It always takes the lowest kind still holding a
natural tile and places it in one group (pung, pair or run) with the fewest
wildcards that group needs, using natural tiles wherever they are available.
That greedy use of naturals loses no reading: if a reading puts a wildcard in
a group while the matching natural sits elsewhere, swapping the two gives the
same groups. Wildcards left over once every natural is placed form whole
*free* groups (``FREE_SET`` / ``FREE_PAIR``) that the scorer reads as whatever
helps the pattern. Results are memoised on the counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from engine.tiles import COUNT_BYTE, HONOR_BASE, NUM_KINDS, ORPHANS

# Group shapes. A group is (shape, kind): kind is the pung's / pair's kind or a run's lowest tile.
PUNG: Final = 0
CHOW: Final = 1
PAIR: Final = 2
FREE_SET: Final = 3  # three wildcards read later as any pung or run
FREE_PAIR: Final = 4  # two wildcards read later as any pair

Group = tuple[int, int]
Counts = tuple[int, ...]

SHAPE_NAMES: Final = {PUNG: "pung", CHOW: "chow", PAIR: "pair"}
_ORPHAN_SET: Final = frozenset(ORPHANS)


def _first(counts: bytes) -> int:
    """The lowest kind holding a natural tile (-1: none)."""
    rest = counts.lstrip(b"\0")
    return len(counts) - len(rest) if rest else -1


def _options(
    counts: bytes, k: int, wild: int, sets: int, pairs: int
) -> list[tuple[Group, bytes, int, int, int]]:
    """The groups holding the lowest natural ``k`` that ``wild`` wildcards can complete:
    (group, counts left, wildcards left, sets, pairs)."""
    out: list[tuple[Group, bytes, int, int, int]] = []
    c = counts[k]
    head, tail = counts[:k], counts[k + 1 :]
    if sets:
        a = min(c, 3)
        if 3 - a <= wild:
            out.append(((PUNG, k), head + COUNT_BYTE[c - a] + tail, wild - 3 + a, sets - 1, pairs))
    if pairs:
        a = min(c, 2)
        if 2 - a <= wild:
            out.append(((PAIR, k), head + COUNT_BYTE[c - a] + tail, wild - 2 + a, sets, pairs - 1))
    if sets and k < HONOR_BASE:
        pos = k % 9
        for start in (k - 2, k - 1, k):
            if start < k - pos or start % 9 > 6:
                continue
            # every kind below k holds no natural (k is the lowest), so those places are wildcards;
            # k itself is natural; kinds above k are natural when available.
            left = bytearray(counts)
            left[k] -= 1
            used = 1
            for t in (start + 1, start + 2):
                if t > k and counts[t]:
                    left[t] -= 1
                    used += 1
            if 3 - used <= wild:
                out.append(((CHOW, start), bytes(left), wild - 3 + used, sets - 1, pairs))
    return out




def standard_readings(counts: Counts, wild: int, sets: int, pairs: int = 1) -> frozenset[tuple[Group, ...]]:
    """Every distinct reading of ``counts`` + ``wild`` wildcards as ``sets`` sets and ``pairs`` pairs.

    Each reading is a sorted tuple of groups; all-wildcard groups appear as FREE_SET / FREE_PAIR.
    """
    return _readings(bytes(counts[:NUM_KINDS]), wild, sets, pairs)


@lru_cache(maxsize=1 << 16)
def _readings(counts: bytes, wild: int, sets: int, pairs: int) -> frozenset[tuple[Group, ...]]:
    """:func:`standard_readings` of the counts as bytes: the search takes tiles out by
    slicing, finds the lowest natural with one strip and keys its results on bytes (cheaper
    than tuples copied and a loop over the kinds), and makes only the groups the wildcards
    left can complete. The readings are found, and so ordered, as by the plain search on
    tuples (tests/engine/scoring/test_readings.py holds it to that search)."""
    k = _first(counts)
    if k < 0:
        if wild == 3 * sets + 2 * pairs:
            return frozenset({((FREE_SET, -1),) * sets + ((FREE_PAIR, -1),) * pairs})
        return frozenset()
    found: set[tuple[Group, ...]] = set()
    for group, rest, left, s, p in _options(counts, k, wild, sets, pairs):
        for tail in _readings(rest, left, s, p):
            found.add(tuple(sorted((group, *tail))))
    return frozenset(found)


def standard_complete(counts: Counts, wild: int, sets: int, pairs: int = 1) -> bool:
    """Whether ``counts`` + ``wild`` wildcards make ``sets`` sets and ``pairs`` pairs exactly."""
    return _complete(bytes(counts[:NUM_KINDS]), wild, sets, pairs)


@lru_cache(maxsize=1 << 18)
def _complete(counts: bytes, wild: int, sets: int, pairs: int) -> bool:
    """:func:`standard_complete` of the counts as bytes (as :func:`_readings`)."""
    k = _first(counts)
    if k < 0:
        return wild == 3 * sets + 2 * pairs
    for _group, rest, left, s, p in _options(counts, k, wild, sets, pairs):
        if _complete(rest, left, s, p):
            return True
    return False


def clear_caches() -> None:
    """Forget the searches' memoised results (benchmarks time them cold)."""
    _readings.cache_clear()
    _complete.cache_clear()


def seven_pairs_complete(counts: Sequence[int], wild: int) -> bool:
    """Seven pairs from 14 tiles: every odd natural needs one wildcard (four of a kind = two pairs)."""
    total = sum(counts) + wild
    if total != 14:
        return False
    singles = sum(c & 1 for c in counts)
    return singles <= wild


def seven_pairs_kinds(counts: Sequence[int], wild: int) -> list[int] | None:
    """The seven pair kinds of a seven-pairs reading, leftover wildcard pairs read as ``-1``."""
    if not seven_pairs_complete(counts, wild):
        return None
    kinds: list[int] = []
    for k, c in enumerate(counts):
        kinds.extend([k] * ((c + 1) // 2))
    kinds.extend([-1] * (7 - len(kinds)))
    return kinds


def orphans_complete(counts: Sequence[int], wild: int) -> bool:
    """Thirteen orphans: every natural an orphan, no kind three times, at most one pair."""
    if sum(counts) + wild != 14:
        return False
    doubles = 0
    for k, c in enumerate(counts):
        if not c:
            continue
        if k not in _ORPHAN_SET or c > 2:
            return False
        doubles += c == 2
    return doubles <= 1


def is_complete(
    counts: Sequence[int],
    wild: int,
    melds: int = 0,
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = True,
) -> bool:
    """Shape-only completeness of a 14-tile hand (``melds`` sets already on the table)."""
    key = tuple(counts[:NUM_KINDS])
    if standard_complete(key, wild, 4 - melds, 1):
        return True
    if melds:
        return False
    if seven_pairs and seven_pairs_complete(key, wild):
        return True
    return thirteen_orphans and orphans_complete(key, wild)
