"""A hand kept as tiles come and go: shanten and waits without reading 34 counts.

:func:`engine.analysis.shanten` turns a list of 34 counts into four suit keys on every
call (``bytes``, four slices, four hashed reads): most of its cost, and what a caller that
changes a hand one tile at a time pays again for the three suits that did not change.
:class:`KeptHand` keeps each suit's pattern as a small number (three bits a count, the
honours marked by bit 27) and its class; a tile in or out is one addition and one read of
a dictionary keyed on small numbers (whose hash is the number), and shanten or waits then
read the four kept classes only. The numbers never name a count above four: a read of a
number not met yet decodes it and refuses a fifth copy or a tile not held (a borrow
leaves a digit of seven).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.analysis.forms import _mask_kinds, _seven_pairs_mask
from engine.analysis.hand import shanten, waits_mask
from engine.analysis.reading import AnalysisError, _absent_orphans, _lookup
from engine.analysis.tables import ALL_KINDS, CONV, NEED, ORPHAN_MASK, SPLITS, TIGHT_IDS, Class

__all__ = ["KeptHand"]

_HONOURS = 1 << 27  # the mark of an honours pattern (its seven counts below it)
# kind -> (suit index, the unit of its count in the suit's number)
_STEP: dict[int, tuple[int, int]] = {
    k: (k // 9, 1 << 3 * (k % 9)) if k < 27 else (3, 1 << 3 * (k - 27)) for k in range(34)
}
_EMPTY = (0, 0, 0, _HONOURS)
# what a kept hand holds of a suit pattern: its vector id, its seven pairs' and thirteen
# orphans' fields and its tiles packed in one number (a hand's sum of four of them is the
# sum of each field: no field of a hand of 14 tiles or fewer overflows), its class, and its
# acceptance masks or-ed per set of tight splits (waits read one entry, not a loop), and its
# number
Kept = tuple[int, int, Class, dict[int, int], int]
# pattern number -> its Kept and its counts as the tables key them, as met
_KEPT_OF: dict[int, Kept] = {}
_KEY_OF: dict[int, bytes] = {}
# the packed fields: pairs (bits 0-4), singles (5-9), orphan kinds present (10-14), orphan
# pairs (15-17), tiles (18 on; a pattern past the combination tables adds 64 tiles, so
# that the hand reads as no size the fast path takes)
_PAST_TABLES = 64 << 18


def _met(n: int, why: str = "a kept hand holds each kind 0 to 4 times") -> Kept:
    """What a kept hand holds of pattern number ``n``, met for the first time (kept from
    then on); ``AnalysisError`` for a number no hand of counts 0-4 makes."""
    honours = n >> 27 == 1
    digits = [n >> 3 * j & 7 for j in range(9)]
    if n < 0 or n >> 28 or max(digits) > 4 or (honours and (digits[7] or digits[8])):
        raise AnalysisError(why)
    key = bytes(digits[:7] if honours else digits)
    cls = _lookup(key, honours)
    vid, _, pairs, singles, present, pair, tiles = cls
    packed = pairs | singles << 5 | present << 10 | pair << 15 | tiles << 18
    kept = _KEPT_OF[n] = (vid, packed if vid >= 0 else packed + _PAST_TABLES, cls, _ors(cls[1]), n)
    _KEY_OF[n] = key
    return kept


# a class's acceptance masks -> their masks or-ed per set of splits (tables.SPLITS), filled
# as asked (a plain dict: its reads are the fastest a lookup gets; a miss raises KeyError
# and is filled by _or_of)
_ORS: dict[tuple[int, ...], dict[int, int]] = {}


def _ors(acc: tuple[int, ...]) -> dict[int, int]:
    hit = _ORS.get(acc)
    if hit is None:
        hit = _ORS[acc] = {}
    return hit


def _or_of(kept: Kept, splits: int) -> int:
    """The or of ``kept``'s class's acceptance masks over the set of splits ``splits``,
    kept in its dict from then on."""
    ors = kept[3]
    m = ors.get(splits)
    if m is None:
        acc = kept[2][1]
        m = 0
        for i in SPLITS[splits]:
            m |= acc[i]
        ors[splits] = m
    return m


def _number(key: bytes, honours: bool) -> int:
    n = _HONOURS if honours else 0
    for j, v in enumerate(key):
        n += v << 3 * j
    return n


class KeptHand:
    """The natural concealed tiles of one hand (wildcards apart, as everywhere in
    :mod:`engine.analysis`), changed by :meth:`add` and :meth:`remove`; :meth:`shanten`,
    :meth:`waits_mask` and :meth:`waits` answer as the functions of the same names do on
    :meth:`counts`."""

    __slots__ = ("_kept",)

    def __init__(self, counts: Sequence[int] | None = None) -> None:
        self._kept = [_KEPT_OF.get(n) or _met(n) for n in _EMPTY]
        if counts is not None:
            if len(counts) != 34:
                raise AnalysisError(
                    f"counts must have 34 entries (one per kind), not {len(counts)}"
                )
            for n in counts:
                if not (type(n) is int and 0 <= n <= 4):
                    raise AnalysisError("a kept hand holds each kind 0 to 4 times")
            b = bytes(counts)
            keys = (b[:9], b[9:18], b[18:27], b[27:])
            for x, key in enumerate(keys):
                n = _number(key, x == 3)
                self._kept[x] = _KEPT_OF.get(n) or _met(n)

    @classmethod
    def of_kinds(cls, kinds: Iterable[int]) -> KeptHand:
        """The hand holding these kinds (one entry a tile)."""
        hand = cls()
        for k in kinds:
            hand.add(k)
        return hand

    def add(self, kind: int) -> None:
        """One tile of ``kind`` comes in (``AnalysisError`` for a fifth copy)."""
        try:
            x, unit = _STEP[kind]
        except (KeyError, TypeError):
            raise AnalysisError(f"kind must be a whole number from 0 to 33, not {kind!r}") from None
        hand = self._kept
        n = hand[x][4] + unit
        try:  # a subscript, not .get: no method call on the hot path
            kept = _KEPT_OF[n]
        except KeyError:
            kept = _met(n, f"a fifth tile of kind {kind}")
        hand[x] = kept

    def remove(self, kind: int) -> None:
        """One tile of ``kind`` goes (``AnalysisError`` for a kind not held)."""
        try:
            x, unit = _STEP[kind]
        except (KeyError, TypeError):
            raise AnalysisError(f"kind must be a whole number from 0 to 33, not {kind!r}") from None
        hand = self._kept
        n = hand[x][4] - unit
        try:  # a subscript, not .get: no method call on the hot path
            kept = _KEPT_OF[n]
        except KeyError:
            kept = _met(n, f"no tile of kind {kind} to remove")
        hand[x] = kept

    def keys(self) -> tuple[bytes, bytes, bytes, bytes]:
        """The suits' counts as :func:`engine.analysis.shanten_of_keys` reads them."""
        a, b, c, d = self._kept
        return _KEY_OF[a[4]], _KEY_OF[b[4]], _KEY_OF[c[4]], _KEY_OF[d[4]]

    def counts(self) -> list[int]:
        """The 34 counts."""
        return list(b"".join(self.keys()))

    def shanten(
        self,
        wilds: int = 0,
        melds: int = 0,
        *,
        seven_pairs: bool = True,
        thirteen_orphans: bool = True,
    ) -> int:
        """:func:`engine.analysis.shanten` of the hand with ``wilds`` wildcards and
        ``melds`` exposed sets."""
        ka, kb, kc, kd = self._kept
        f = ka[1] + kb[1] + kc[1] + kd[1]
        try:
            n = (f >> 18) + wilds + 3 * melds
            if (n == 13 or n == 14) and 0 <= wilds <= 8 and 0 <= melds <= 4:
                # engine.analysis.shanten's reading (tests/engine/analysis/test_kept.py
                # holds them together), on the packed fields
                sh: int = NEED[melds][CONV[ka[0]][kb[0]]][CONV[kc[0]][kd[0]]] - wilds - 1
                if melds == 0 and sh >= 0:
                    # each form only where its bound (every wildcard a pair, an orphan)
                    # is below the standard form's shanten: seldom, on random hands
                    pairs = f & 31
                    if seven_pairs and 6 - pairs - wilds < sh:
                        singles = f >> 5 & 31
                        if wilds <= singles:
                            total = pairs + wilds
                        else:
                            total = pairs + singles + (wilds - singles) // 2
                        if 6 - total < sh:
                            sh = 6 - total if total < 7 else -1
                    present = f >> 10 & 31
                    if thirteen_orphans and 12 - present - wilds < sh:
                        s13 = 12 - present - wilds if f & 0x38000 else 13 - present - wilds
                        if s13 < sh:
                            sh = s13
                return sh
        except TypeError:
            pass
        # a pattern past the combination tables, five sets or bad input: read afresh (it
        # says what is wrong)
        return shanten(
            self.counts(), wilds, melds, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans
        )

    def waits_mask(
        self,
        wilds: int = 0,
        melds: int = 0,
        seven_pairs: bool = True,
        thirteen_orphans: bool = True,
    ) -> int:
        """:func:`engine.analysis.waits_mask` of the 13-tile hand (bit k: kind k)."""
        ka, kb, kc, kd = self._kept
        f = ka[1] + kb[1] + kc[1] + kd[1]
        try:
            if (f >> 18) + wilds + 3 * melds == 13 and 0 <= wilds <= 8 and 0 <= melds <= 4:
                # engine.analysis.waits_mask's reading (tests/engine/analysis/test_kept.py
                # holds them together), on the packed fields and the or-ed masks
                a, b, c, d = ka[0], kb[0], kc[0], kd[0]
                ab = CONV[a][b]
                cd = CONV[c][d]
                mask = 0
                if melds == 0:
                    pairs = f & 31
                    if seven_pairs and pairs + wilds >= 6:  # else seven pairs is not ready
                        singles = f >> 5 & 31
                        if wilds <= singles:
                            total = pairs + wilds
                        else:
                            total = pairs + singles + (wilds - singles) // 2
                        if total == 6:
                            mask = _seven_pairs_mask(bytes(self), pairs, singles, wilds)
                            if mask == ALL_KINDS:
                                return mask
                    if thirteen_orphans and (f >> 10 & 31) + wilds >= 12:
                        pair = f & 0x38000
                        if (f >> 10 & 31) + (1 if pair else 0) + wilds == 13:
                            mask |= _absent_orphans(bytes(self)) if pair else ORPHAN_MASK
                if NEED[melds][ab][cd] != wilds + 1:
                    return mask
                tight = TIGHT_IDS[melds]
                ta = tight[a][CONV[b][cd]]
                tb = tight[b][CONV[a][cd]]
                tc = tight[c][CONV[ab][d]]
                td = tight[d][CONV[ab][c]]
                try:
                    return mask | ka[3][ta] | kb[3][tb] << 9 | kc[3][tc] << 18 | kd[3][td] << 27
                except KeyError:  # a set of splits not or-ed yet for one of the classes
                    return (
                        mask
                        | _or_of(ka, ta)
                        | _or_of(kb, tb) << 9
                        | _or_of(kc, tc) << 18
                        | _or_of(kd, td) << 27
                    )
        except TypeError:
            pass
        return waits_mask(self.counts(), wilds, melds, seven_pairs, thirteen_orphans)

    def waits(
        self,
        wilds: int = 0,
        melds: int = 0,
        *,
        seven_pairs: bool = True,
        thirteen_orphans: bool = True,
    ) -> list[int]:
        """:func:`engine.analysis.waits` of the 13-tile hand."""
        return _mask_kinds(self.waits_mask(wilds, melds, seven_pairs, thirteen_orphans))

    def __bytes__(self) -> bytes:
        return b"".join(self.keys())

    def __repr__(self) -> str:
        return f"KeptHand({self.counts()!r})"
