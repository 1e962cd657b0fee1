"""What the greedy player's ranking (:mod:`engine.analysis.ranking`) keeps per suit
pattern: each class's acceptance masks or-ed per set of tight splits (:class:`_Ors`), its
lowest need after a discard per count of melds (:class:`_Lows`), and the pattern's
removals grouped by the vector they leave (:func:`_info`), each read once and kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.discards import _REMOVED, _REMOVED_LIMIT, _removals
from engine.analysis.tables import (
    HONOUR,
    HONOUR_FILE,
    NEED,
    SPLITS,
    SUIT,
    SUIT_FILE,
    Class,
)


class _Ors(dict[int, int]):
    """The masks of one class's splits (a class's acceptance masks, one per split) or-ed
    together per set of splits (a 10-bit number, ``tables.SPLITS``), filled as sets are
    asked: one dictionary read where the hot path would loop over the splits."""

    __slots__ = ("acc",)

    def __init__(self, acc: tuple[int, ...]) -> None:
        super().__init__()
        self.acc = acc

    def __missing__(self, splits: int) -> int:
        acc = self.acc
        m = 0
        for i in SPLITS[splits]:
            m |= acc[i]
        self[splits] = m
        return m


# a class's acceptance masks -> their _Ors (shared by the patterns of equal masks)
_ORS: dict[tuple[int, ...], _Ors] = {}


def _ors(acc: tuple[int, ...]) -> _Ors:
    hit = _ORS.get(acc)
    if hit is None:
        # _Ors(acc) without its __init__ frame (made the first time a class is met)
        hit = _ORS[acc] = _new_ors(_Ors)
        hit.acc = acc
    return hit


_new_ors = dict.__new__


class _Lows(dict[int, int]):
    """A suit pattern's lowest need after one of its discards, against the other suits'
    combined vector (the key) for one count of melds, filled as asked: one dictionary read
    where the hot path would loop over the vectors its discards leave (99: nothing of the
    suit to discard)."""

    __slots__ = ("need", "vectors")
    need: Sequence[Sequence[int]]  # NEED[melds]
    vectors: tuple[int, ...]  # the vector ids the pattern's discards leave

    def __missing__(self, rest: int) -> int:
        row = self.need[rest]
        lowest = 99
        for v in self.vectors:
            if row[v] < lowest:
                lowest = row[v]
        self[rest] = lowest
        return lowest


def _lows(vectors: tuple[int, ...]) -> tuple[_Lows, ...]:
    """The :class:`_Lows` of a pattern whose discards leave ``vectors``, one per count of
    melds (0-4), shared by the patterns whose discards leave the same vectors."""
    hit = _LOWS.get(vectors)
    if hit is None:
        out = []
        for need in NEED:
            lows = _new_ors(_Lows)
            lows.vectors = vectors
            lows.need = need
            out.append(lows)
        hit = _LOWS[vectors] = tuple(out)
    return hit


_LOWS: dict[tuple[int, ...], tuple[_Lows, ...]] = {}


# suit pattern (9 counts, or the honours' 7) -> (its class, its lowest need after a
# discard per count of melds (_Lows), the removals grouped by that vector id: (vector id, ((place, the _Ors of the
# class after it), ...)) in the order of their first place, and the _Ors of its own class):
# one dictionary read per suit where the hot path would make two, each likely a miss of
# the processor's caches (these dictionaries are large). Discards that leave the suit the
# same vector share their shanten and the other suits' part of their masks: each group is
# weighed once
_Group = tuple[int, tuple[tuple[int, _Ors], ...]]
_Info = tuple[Class, tuple[_Lows, ...], tuple[_Group, ...], _Ors]
_INFO: dict[bytes, _Info] = {}


def _info(key: bytes) -> _Info | None:
    """The entry of a suit pattern, or None for a pattern outside the tables (the plain
    path says what is wrong). A pattern met for the first time is read from the tables
    here (the plain path would read it too, and weigh every discard the slow way)."""
    honours = len(key) == 7
    cls = (HONOUR if honours else SUIT).get(key)
    if cls is None:
        try:
            cls = (HONOUR_FILE if honours else SUIT_FILE)[key]
        except KeyError:
            return None
    if len(_INFO) > _REMOVED_LIMIT:  # keep memory bounded
        _INFO.clear()
        _ORS.clear()
        _LOWS.clear()
    rem = _REMOVED.get(key)
    if rem is None:
        rem = _removals(key)
    known = _ORS
    # the groups as tuples from the start (most hold one discard): the entry is then the
    # dict's items, with no list per group to copy
    groups: dict[int, tuple[tuple[int, _Ors], ...]] = {}
    for j, new in rem:
        acc = new[1]
        ors = known.get(acc)  # _ors(acc), its usual answer inline
        if ors is None:
            ors = _ors(acc)
        v = new[0]
        members = groups.get(v)
        groups[v] = ((j, ors),) if members is None else (*members, (j, ors))
    hit = _INFO[key] = (cls, _lows(tuple(groups)), tuple(groups.items()), _ors(cls[1]))
    return hit
