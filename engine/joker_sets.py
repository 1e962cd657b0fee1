"""Jokers in sets (option ``joker_sets``, docs/rules/variants.md section 9): which tiles of a
hand go into a pong, kong or quint made with wild tiles.

Seed: "百搭牌可碰任何牌成搭，四只成杠，五只成昆（Quint）。" A set of one kind of 3 (pong), 4 (kong)
or 5 (quint) tiles may hold wild tiles, with at least one natural tile naming its kind. On a
discard the discard itself is that natural tile (a discarded wild tile is never claimable), so
holding two wild tiles one may pong any discard; a set declared from the hand needs a natural
tile of the kind in it. Wild tiles never go into a chow.

These functions only choose the tiles: natural tiles of the kind first, then wild tiles, lowest
wild kind first (the same hand always gives the same choice). ``counts`` are a hand's concealed
counts by kind, ``wild_kinds`` the hand's wild kinds (:mod:`engine.jokers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

PONG: Final = 3
KONG: Final = 4
QUINT: Final = 5
SET_SIZES: Final = (PONG, KONG, QUINT)


def _take(
    counts: Sequence[int], wild_kinds: frozenset[int], kind: int, need: int, natural_min: int
) -> tuple[int, ...] | None:
    """``need`` tiles for a set of ``kind`` from ``counts``, naturals first, at least
    ``natural_min`` of them; None where the hand has too few."""
    if kind in wild_kinds or need < 0:
        return None
    natural = min(counts[kind], need)
    if natural < natural_min:
        return None
    out = [kind] * natural
    for w in sorted(wild_kinds):
        if len(out) == need:
            break
        if w < len(counts):
            out.extend([w] * min(counts[w], need - len(out)))
    return tuple(out) if len(out) == need else None


def call_tiles(
    counts: Sequence[int], wild_kinds: frozenset[int], discard: int, size: int
) -> tuple[int, ...] | None:
    """The tiles from the hand that make a set of ``size`` (3 pong, 4 kong, 5 quint) with the
    discard ``discard``: ``size - 1`` tiles, natural ones of its kind first, then wild ones.
    None where the discard is a wild tile or the hand has too few."""
    if size not in SET_SIZES:
        raise ValueError(f"a set with jokers has 3, 4 or 5 tiles, not {size}")
    return _take(counts, wild_kinds, discard, size - 1, 0)


def declared_tiles(
    counts: Sequence[int], wild_kinds: frozenset[int], kind: int, size: int
) -> tuple[int, ...] | None:
    """The tiles of a concealed kong (4) or quint (5) of ``kind`` declared from the hand, with at
    least one natural tile of the kind; None where the hand cannot make it."""
    if size not in (KONG, QUINT):
        raise ValueError(f"a declared set has 4 or 5 tiles, not {size}")
    return _take(counts, wild_kinds, kind, size, 1)


def wild_count(tiles: Sequence[int], kind: int) -> int:
    """How many of a set's ``tiles`` are wild, i.e. not of its ``kind``."""
    return sum(1 for t in tiles if t != kind)
