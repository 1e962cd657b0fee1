"""What a call of :mod:`engine.analysis` reads and answers: the error it raises, the
discard record it returns, and the reading of 34 counts into the four suits' classes.

The hot path (:func:`_read`) is ``bytes`` of the counts and four dictionary reads; anything
unusual (a wrong size, a count above four, bad types) goes through :func:`_parts`, which
says exactly what is wrong or takes the exact slow path for counts above four.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.analysis import build
from engine.analysis.tables import (
    HONOUR,
    HONOUR_FILE,
    KINDS_OF_MASK,
    ORPHAN_MASK,
    SUIT,
    SUIT_FILE,
    VECTOR_ID,
    Class,
)

_K0, _K1, _K2, _K3 = KINDS_OF_MASK
_ALL = tuple(range(34))
# bytes.translate tables: a count -> ASCII "1"/"0", read back as a bit mask with int(., 2)
_ODD_DIGIT = bytes(48 + (v & 1) for v in range(256))
_ZERO_DIGIT = bytes(48 + (v == 0) for v in range(256))


def _odd_mask(b: bytes) -> int:
    return int(b.translate(_ODD_DIGIT)[::-1], 2)


def _absent_orphans(b: bytes) -> int:
    return int(b.translate(_ZERO_DIGIT)[::-1], 2) & ORPHAN_MASK


class AnalysisError(ValueError):
    """Raised for a hand that cannot be analysed; the message says what is wrong."""


@dataclass(frozen=True)
class DiscardOption:
    """Discarding ``kind`` (-1: a wildcard) leaves a hand of ``shanten``; the kinds that
    would then lower it, and how many such tiles are still unseen."""

    kind: int
    shanten: int
    accept_kinds: tuple[int, ...]
    accept_count: int


# --- reading the input ---------------------------------------------------------------


def _key(counts: Sequence[int] | bytes) -> bytes:
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise AnalysisError(
            "counts must be 34 whole numbers from 0 to 14 (natural tiles by kind)"
        ) from None
    if len(b) != 34:
        raise AnalysisError(f"counts must have 34 entries (one per kind), not {len(b)}")
    return b


@lru_cache(maxsize=4096)
def _slow_class(key: bytes) -> tuple[tuple[int, ...], Class]:
    """Exact class of a pattern outside the shipped tables (a count above 4)."""
    honours = len(key) == 7
    if max(key) > 14:
        raise AnalysisError("a kind cannot be held more than 14 times")
    vec = build.vector(key, honours)
    acc = build.acceptance_masks(key, honours, vec)
    fields = build.simple_fields(key, honours)
    if build._best_matched.cache_info().currsize > 200_000:  # keep memory bounded
        build._best_matched.cache_clear()
    return vec, (VECTOR_ID.get(vec, -1), acc, *fields)


def _lookup(key: bytes, honours: bool) -> Class:
    try:
        return (HONOUR_FILE if honours else SUIT_FILE)[key]
    except KeyError:  # outside the shipped tables
        return _slow_class(key)[1]


def _parts(
    counts: Sequence[int] | bytes, wilds: int, melds: int, sizes: tuple[int, ...]
) -> tuple[bytes, Class, Class, Class, Class]:
    b = _key(counts)
    if not (isinstance(wilds, int) and 0 <= wilds <= 14):
        raise AnalysisError(f"wilds must be a whole number from 0 to 14, not {wilds!r}")
    if not (isinstance(melds, int) and 0 <= melds <= 4):
        raise AnalysisError(f"melds must be a whole number from 0 to 4, not {melds!r}")
    ca = _lookup(b[:9], False)
    cb = _lookup(b[9:18], False)
    cc = _lookup(b[18:27], False)
    cd = _lookup(b[27:], True)
    _check_size(ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds, sizes)
    return b, ca, cb, cc, cd


def _read(
    counts: Sequence[int] | bytes, wilds: int, melds: int, sizes: tuple[int, ...]
) -> tuple[bytes, Class, Class, Class, Class]:
    """The hot path of every public call: a hand of ordinary counts is four dictionary
    reads; anything unusual (a wrong size, a count above 4, bad types) goes through
    :func:`_parts`, which says exactly what is wrong or takes the exact slow path."""
    try:
        b = bytes(counts)
        ca = SUIT[b[:9]]
        cb = SUIT[b[9:18]]
        cc = SUIT[b[18:27]]
        cd = HONOUR[b[27:]]
        if (
            len(b) == 34
            and 0 <= wilds <= 8
            and 0 <= melds <= 4
            and ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds in sizes
        ):
            return b, ca, cb, cc, cd
    except (KeyError, TypeError, ValueError):
        pass
    return _parts(counts, wilds, melds, sizes)


def _check_size(n: int, sizes: tuple[int, ...]) -> None:
    if n not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise AnalysisError(
            f"the hand has {n} tiles counting 3 per meld and every wildcard; {want} expected"
        )
