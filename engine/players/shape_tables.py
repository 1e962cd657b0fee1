"""The targets' shapes from count masks and per-suit tables: how each target is read
(:func:`_spec`), the per-suit cores of flushes and pungs, and :class:`_Shape`, a hand's
reading of every target at once (the same numbers :func:`target_shape` searches for;
tests/engine/players/test_evaluation_fast.py holds them together).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.players.shape_search import _class_moves, _need2, target_shape
from engine.players.targets import Target, pung_need
from engine.tiles import COUNT_BYTE

# --- the targets' shapes from count masks and per-suit tables ------------------------------

_HONOURS = (1 << 34) - (1 << 27)  # bit mask of the seven honour kinds
# bytes.translate tables: a count -> ASCII "1" where it equals n, read back with int(., 2)
_HELD = [bytes(48 + (v == n) for v in range(256)) for n in range(4)]


def _held_masks(b: bytes) -> tuple[int, int, int, int]:
    """Bit masks of the kinds held 0, 1, 2 and 3 times (four: in none of them)."""
    return (
        int(b.translate(_HELD[0])[::-1], 2),
        int(b.translate(_HELD[1])[::-1], 2),
        int(b.translate(_HELD[2])[::-1], 2),
        int(b.translate(_HELD[3])[::-1], 2),
    )


_MASKS: dict[tuple[str, tuple[int, ...]], int] = {}  # Target.key -> bit mask of its kinds


def _kind_mask(t: Target) -> int:
    hit = _MASKS.get(t.key)
    if hit is None:
        hit = _MASKS[t.key] = sum(1 << k for k in t.kinds())
    return hit


# how a target's shape is read: one numbered suit (+ the honours' pungs), pungs of its kinds,
# or (runs, anything else) searched by target_shape
_FLUSH, _PUNGS, _SEARCH = 0, 1, 2
_SPECS: dict[tuple[str, tuple[int, ...]], tuple[int, int, int]] = {}
_ANY_SPEC = (-1, 0, 0)  # the plain hand (any form): read by engine.analysis
_SPECIAL_SPEC = (-2, 0, 0)  # a form the rule family measures (special_need)


def _spec(t: Target) -> tuple[int, int, int]:
    """(how, suit or kind mask, with honours or number of kinds) of a restricted target."""
    hit = _SPECS.get(t.key)
    if hit is None:
        numbered = [x for x in t.suits if x < 3]
        if t.pungs:
            hit = (_PUNGS, _kind_mask(t), len(t.kinds()))
        elif not t.chows and not t.orphans and len(numbered) == 1:
            hit = (_FLUSH, numbered[0], int(3 in t.suits))
        else:
            hit = (_SEARCH, 0, 0)
        _SPECS[t.key] = hit
    return hit


# a view's targets (by their identities) -> how discards() reads each, and whether one is
# the plain hand; the targets are kept in the value, so their identities stay theirs
_PLANS: dict[
    tuple[int, ...],
    tuple[Sequence[Target], list[tuple[Target, tuple[int, int, int], int]], bool],
] = {}


def _plan_of(
    targets: Sequence[Target],
) -> tuple[list[tuple[Target, tuple[int, int, int], int]], bool]:
    """Per target (target, how it is read, its kinds' mask), and whether any is the plain
    hand (any form); the same for every view with these targets."""
    hit = _PLANS.get(tuple(map(id, targets)))
    if hit is None:
        plan: list[tuple[Target, tuple[int, int, int], int]] = []
        for t in targets:
            if t.any_form:
                plan.append((t, _ANY_SPEC, 0))
            elif t.special:
                plan.append((t, _SPECIAL_SPEC, 0))
            else:
                plan.append((t, *_read_as(t)))
        if len(_PLANS) > 4096:  # keep memory bounded
            _PLANS.clear()
        hit = _PLANS[tuple(map(id, targets))] = (
            tuple(targets), plan, any(t.any_form for t in targets)
        )  # fmt: skip
    return hit[1], hit[2]


_READ_AS: dict[tuple[str, tuple[int, ...]], tuple[tuple[int, int, int], int]] = {}


def _read_as(t: Target) -> tuple[tuple[int, int, int], int]:
    """(:func:`_spec`, :func:`_kind_mask`) of a restricted target, in one lookup."""
    hit = _READ_AS.get(t.key)
    if hit is None:
        hit = _READ_AS[t.key] = (_spec(t), _kind_mask(t))
    return hit


# keyed by one int (cheaper to hash than a tuple): vector id, honours' tally code, sets
_FLUSHES: dict[int, tuple[int, tuple[int, ...], int]] = {}
_NO_HONOURS = 512  # the tally code of a flush without honours


def _flush_core(
    vid: int, honours: tuple[int, int, int, int] | None, code: int, sets: int
) -> tuple[int, tuple[int, ...], int]:
    """For a flush target: its need from the suit's distance vector (id ``vid``) and the
    honours' pung tally (None: no honours), the suit's splits that reach that need (a suit
    tile lowers the need exactly when it lowers one of them), and which honour counts
    (bit n: held n times) lower it. The same numbers as :func:`_target_shape`. ``code``:
    the tally's code (h0 | h1 << 3 | h2 << 6; ``_NO_HONOURS`` for None)."""
    key = (vid << 10 | code) << 3 | sets
    hit = _FLUSHES.get(key)
    if hit is None:
        from engine.analysis.tables import VECTORS

        vx = VECTORS[vid]
        if honours is None:
            hit = (vx[2 * sets + 1], (2 * sets + 1,), 0)
        else:
            vh = _pung_vector(honours)
            n0 = _need2(vx, vh, sets)
            splits = []
            for m1 in range(sets + 1):
                m2 = 2 * (sets - m1)
                if vx[2 * m1] + vh[m2 + 1] == n0:
                    splits.append(2 * m1)
                if vx[2 * m1 + 1] + vh[m2] == n0:
                    splits.append(2 * m1 + 1)
            lower = 0
            for n in range(3):
                if honours[n]:
                    moved = list(honours)
                    moved[n] -= 1
                    moved[n + 1] += 1
                    tally = (moved[0], moved[1], moved[2], moved[3])
                    if _need2(vx, _pung_vector(tally), sets) < n0:
                        lower |= 1 << n
            hit = (n0, tuple(splits), lower)
        if len(_FLUSHES) > 100_000:  # keep memory bounded
            _FLUSHES.clear()
        _FLUSHES[key] = hit
    return hit


def _pung_vector(tally: tuple[int, int, int, int]) -> tuple[int, ...]:
    return tuple(pung_need(tally, i // 2, i % 2) for i in range(10))


_PUNG_CORES: dict[int, tuple[int, int]] = {}


def _pung_core(a0: int, a1: int, a2: int, a3: int, sets: int) -> tuple[int, int]:
    """For a pungs target: its need from the tally of its kinds held 0/1/2/3+ times, and
    which counts (bit n: held n times) lower it."""
    key = a0 | a1 << 6 | a2 << 12 | a3 << 18 | sets << 24
    hit = _PUNG_CORES.get(key)
    if hit is None:
        tally = (a0, a1, a2, a3)
        n0 = pung_need(tally, sets, 1)
        lowers = _class_moves(tally, sets, 1, n0)
        hit = _PUNG_CORES[key] = (n0, sum(1 << n for n in range(3) if lowers[n]))
    return hit


# engine.analysis's suit classes: the file (read a pattern at a time) and those read so far
_SUIT_FILE: Any = None
_SUIT: dict[bytes, Any] = {}


def _suit_table() -> Any:
    """engine.analysis's suit table, imported on first use (an import statement in a hot
    function costs more than the lookup it serves)."""
    global _SUIT_FILE, _SUIT
    if _SUIT_FILE is None:
        from engine.analysis.tables import SUIT_FILE

        _SUIT_FILE, _SUIT = SUIT_FILE, SUIT_FILE.known
    return _SUIT_FILE


_new_shape = object.__new__


class _Shape:
    """A hand as the targets read it: bit masks of the kinds held 0, 1, 2 and 3 times, the
    honours' tally (kinds held 0/1/2/3+ times) and each numbered suit's class in
    :mod:`engine.analysis`'s tables (its distance vector and, per split, the kinds that
    lower it). A discard changes one kind: :meth:`without` updates these instead of reading
    the hand again."""

    __slots__ = ("code", "held", "honours", "keys", "sets", "suits")

    def __init__(
        self,
        held: tuple[int, int, int, int],
        honours: tuple[int, int, int, int],
        keys: list[bytes],
        suits: list[Any],
        sets: int,
    ) -> None:
        self.held = held
        self.honours = honours
        self.code = honours[0] | honours[1] << 3 | honours[2] << 6
        self.keys = keys
        self.suits = suits
        self.sets = sets

    @staticmethod
    def of(counts: Sequence[int], sets: int) -> _Shape | None:
        """The shape of 34 counts; None when a suit's pattern is outside the tables."""
        SUIT = _suit_table()
        try:
            b = bytes(counts)
            keys = [b[:9], b[9:18], b[18:27]]
            suits = [SUIT[keys[0]], SUIT[keys[1]], SUIT[keys[2]]]
        except (KeyError, ValueError):
            return None
        if len(b) != 34 or max(b) > 4:
            return None
        held = _held_masks(b)
        h0 = (held[0] & _HONOURS).bit_count()
        h1 = (held[1] & _HONOURS).bit_count()
        h2 = (held[2] & _HONOURS).bit_count()
        return _Shape(held, (h0, h1, h2, 7 - h0 - h1 - h2), keys, suits, sets)

    def without(self, k: int) -> _Shape:
        """The shape after one tile of kind ``k`` (held) is discarded."""
        h0, h1, h2, h3 = self.held
        bit = 1 << k
        # the kind moves down one count (four is in none of the masks)
        if h1 & bit:
            h1 ^= bit
            h0 |= bit
            n = 1
        elif h2 & bit:
            h2 ^= bit
            h1 |= bit
            n = 2
        elif h3 & bit:
            h3 ^= bit
            h2 |= bit
            n = 3
        else:
            h3 |= bit
            n = 4
        held = (h0, h1, h2, h3)
        if k >= 27:
            tally = list(self.honours)
            tally[n if n < 3 else 3] -= 1
            tally[n - 1 if n < 4 else 3] += 1
            honours = (tally[0], tally[1], tally[2], tally[3])
            new = _new_shape(_Shape)
            new.held = held
            new.honours = honours
            new.code = honours[0] | honours[1] << 3 | honours[2] << 6
            new.keys = self.keys
            new.suits = self.suits
            new.sets = self.sets
            return new
        x, j = divmod(k, 9)
        keys = list(self.keys)
        suits = list(self.suits)
        key = keys[x]
        keys[x] = key = key[:j] + COUNT_BYTE[key[j] - 1] + key[j + 1 :]
        try:
            suits[x] = _SUIT[key]  # read so far (of() read the table)
        except KeyError:
            suits[x] = _SUIT_FILE[key]
        # made without __init__ (a call per discard weighed): the same fields
        new = _new_shape(_Shape)
        new.held = held
        new.honours = self.honours
        new.code = self.code
        new.keys = keys
        new.suits = suits
        new.sets = self.sets
        return new

    def target(
        self, t: Target, spec: tuple[int, int, int], counts: Sequence[int]
    ) -> tuple[int, int]:
        """(need, bit mask of the accepting kinds) for a restricted target (``spec``: its
        :func:`_spec`); ``counts`` (the same hand) serves the targets that are searched."""
        how, arg, extra = spec
        h0, h1, h2, _ = self.held
        if how == _FLUSH:
            cls = self.suits[arg]
            # _flush_core's memo read here first (a call costs more than the lookup)
            if extra:
                hit = _FLUSHES.get((cls[0] << 10 | self.code) << 3 | self.sets)
                if hit is None:
                    hit = _flush_core(cls[0], self.honours, self.code, self.sets)
            else:
                hit = _FLUSHES.get((cls[0] << 10 | _NO_HONOURS) << 3 | self.sets)
                if hit is None:
                    hit = _flush_core(cls[0], None, _NO_HONOURS, self.sets)
            n0, splits, lower = hit
            acc = cls[1]
            m = 0
            for i in splits:
                m |= acc[i]
            mask = m << 9 * arg
            if lower:
                if lower & 1:
                    mask |= h0 & _HONOURS
                if lower & 2:
                    mask |= h1 & _HONOURS
                if lower & 4:
                    mask |= h2 & _HONOURS
            return n0, mask
        if how == _PUNGS:
            a0 = (h0 & arg).bit_count()
            a1 = (h1 & arg).bit_count()
            a2 = (h2 & arg).bit_count()
            a3 = extra - a0 - a1 - a2
            # _pung_core's memo read here first
            pung = _PUNG_CORES.get(a0 | a1 << 6 | a2 << 12 | a3 << 18 | self.sets << 24)
            if pung is None:
                pung = _pung_core(a0, a1, a2, a3, self.sets)
            n0, lower = pung
            mask = 0
            if lower & 1:
                mask |= h0 & arg
            if lower & 2:
                mask |= h1 & arg
            if lower & 4:
                mask |= h2 & arg
            return n0, mask
        n0, kinds = target_shape(t, self.sets, tuple([counts[k] for k in t.kinds()]))
        return n0, sum(1 << k for k in kinds)
