"""Hands of five sets (16 tiles dealt, 17 with the win), past what the tables know: each
set beyond four is chosen by search, the rest read by the tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.forms import (
    _need_only,
)
from engine.analysis.reading import (
    _ALL,
    AnalysisError,
    DiscardOption,
    _check_size,
    _key,
    _lookup,
)

# --- hands of five sets (16 tiles dealt, 17 with the win) -----------------------------


def _need_any(b: bytes, melds: int) -> int:
    """Fewest tiles to add for ``4 - melds`` sets and a pair, ``melds`` below 0 too: the
    tables know four sets at most, so each set beyond them is chosen here (every pung and
    run it could be), the tiles of it the hand holds set apart, and the rest read by the
    tables. Exact, since a target's tiles missing from the hand add up set by set."""
    if melds >= 0:
        return _need_only(
            b, _lookup(b[:9], False), _lookup(b[9:18], False), _lookup(b[18:27], False),
            _lookup(b[27:], True), melds,
        )  # fmt: skip
    work = bytearray(b)
    best = 99
    for target in _SETS:
        held = []
        for k in target:
            if work[k]:
                work[k] -= 1
                held.append(k)
        miss = 3 - len(held)
        if miss < best:
            best = min(best, miss + _need_any(bytes(work), melds + 1))
        for k in held:
            work[k] += 1
    return best


# every set a hand may hold: a pung of each kind, each run of a numbered suit
_SETS: tuple[tuple[int, ...], ...] = (
    *((k, k, k) for k in range(34)),
    *((k, k + 1, k + 2) for k in range(27) if k % 9 < 7),
)


def _wide_need(counts: Sequence[int], wilds: int, melds: int, sizes: tuple[int, ...]) -> int:
    b = _key(counts)
    if not (isinstance(wilds, int) and 0 <= wilds <= 8):
        raise AnalysisError(f"wilds must be a whole number from 0 to 8, not {wilds!r}")
    if melds < -1:
        raise AnalysisError(f"melds must be a whole number from -1 to 4, not {melds!r}")
    _check_size(sum(b) + wilds + 3 * melds, sizes)
    return _need_any(b, melds)


def _wide_discard_options(
    counts: Sequence[int], wilds: int, melds: int, visible: Sequence[int] | None
) -> list[DiscardOption]:
    """:func:`discard_options` of a hand of five sets, past the tables: every discard, then
    every tile added to what is left (a few hundred five-set reads: for advice, not play)."""
    _wide_need(counts, wilds, melds, (14,))
    seen = list(counts[:34])
    if visible is not None:
        seen = [a + b for a, b in zip(seen, visible[:34], strict=True)]
    work = list(counts[:34])
    out = []
    kinds = ([-1] if wilds else []) + [k for k in _ALL if work[k]]
    for kind in kinds:
        w = wilds - 1 if kind < 0 else wilds
        if kind >= 0:
            work[kind] -= 1
        sh = _need_any(bytes(work), melds) - w - 1
        accept = []
        for k in _ALL:
            work[k] += 1
            if _need_any(bytes(work), melds) - w - 1 < sh:
                accept.append(k)
            work[k] -= 1
        if kind >= 0:
            work[kind] += 1
        n = sum(max(0, 4 - seen[k]) for k in accept)
        out.append(DiscardOption(kind, sh, tuple(accept), n))
    return out
