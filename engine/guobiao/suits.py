"""Guobiao readings one suit at a time: the fast paths of :mod:`engine.guobiao.divide` and
:mod:`engine.guobiao.waits`.

A hand's tiles of one suit (or of the honours) are a *suit key*: three bits of count per rank,
rank 1 lowest. Sets never cross suits, so every division of a hand is one reading per suit,
and a suit's readings depend on its key alone: they are searched once per key and kept
(a key is any pattern of at most 14 tiles in one suit; a few thousand of them come up).

Order matters: the reference takes the divisions in the order of their sets' sorted tile
triples, and on a tie between equal scores it keeps the later one for some fans. Each suit's
readings are kept in that order, and as every set of a lower suit sorts before every set of
a higher one, the product of the suits' lists (lowest suit outermost) is the reference's order
(held equal to :func:`engine.guobiao.divide.divide` by the tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from engine.guobiao.codes import CHOW, PAIR, PUNG, make_pack
from engine.guobiao.traits import PACK_TRAIT

# a suit key's count of rank r (1-9) sits at bits 3(r-1) .. 3(r-1)+2
RANK_BIT: tuple[int, ...] = tuple(1 << 3 * (r - 1) if r else 0 for r in range(10))
# the key's part of a compact tile code (suit << 4 | rank), and its suit
KEY_BIT: tuple[int, ...] = tuple(
    RANK_BIT[t & 0xF] if 0 < (t & 0xF) < 10 else 0 for t in range(0x50)
)

# the chows and the pungs as packs (each sorted), the pair's tile (0: none)
Reading = tuple[tuple[int, ...], tuple[int, ...], int]

_READINGS: dict[int, tuple[Reading, ...]] = {}
# the ranks r whose bit r is set, by wait mask
_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(1, 10) if m >> r & 1) for m in range(1 << 10)
)
_WAITS: dict[int, int] = {}
LIMIT = 1 << 17  # keys kept per table (a hand game meets a few thousand)


def clear_tables() -> None:
    """Forget the readings found so far (the bench measures a first sight of every key)."""
    _READINGS.clear()
    _PARTS.clear()
    _WAITS.clear()
    _INFO.clear()


def _counts(key: int) -> list[int]:
    return [0, *((key >> 3 * i) & 7 for i in range(9))]


def _sets(
    cnt: list[int], honours: bool, prev: tuple[int, int, int], acc: list[tuple[int, int]],
    out: list[list[tuple[int, int]]],
) -> None:  # fmt: skip
    """Every way to take all of ``cnt`` as sets (pung: kind PUNG at its rank, chow: kind
    CHOW at its middle rank), sets in non-decreasing order of their rank triples."""
    first = next((r for r in range(1, 10) if cnt[r]), 0)
    if not first:
        out.append(list(acc))
        return
    # the lowest tile left must start a set: a pung of it or a chow from it
    r = first
    if cnt[r] >= 3 and (r, r, r) > prev:
        cnt[r] -= 3
        acc.append((PUNG, r))
        _sets(cnt, honours, (r, r, r), acc, out)
        acc.pop()
        cnt[r] += 3
    if not honours and r <= 7 and cnt[r + 1] and cnt[r + 2] and (r, r + 1, r + 2) >= prev:
        cnt[r] -= 1
        cnt[r + 1] -= 1
        cnt[r + 2] -= 1
        acc.append((CHOW, r + 1))
        _sets(cnt, honours, (r, r + 1, r + 2), acc, out)
        acc.pop()
        cnt[r] += 1
        cnt[r + 1] += 1
        cnt[r + 2] += 1


def _eigen(sets: list[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    return tuple((r, r, r) if kind == PUNG else (r - 1, r, r + 1) for kind, r in sets)


def readings(suit: int, key: int, pair: bool) -> tuple[Reading, ...]:
    """The readings of a suit's tiles as sets (and one pair when ``pair``), in the
    reference's order; suit 4 is the honours (no chows)."""
    ck = key | suit << 28 | pair << 27
    got = _READINGS.get(ck)
    if got is not None:
        return got
    cnt = _counts(key)
    honours = suit == 4
    found: list[tuple[tuple[tuple[int, int, int], ...], list[tuple[int, int]], int]] = []
    for p in range(1, 10) if pair else (0,):
        if p and cnt[p] < 2:
            continue
        cnt[p] -= 2 if p else 0
        ways: list[list[tuple[int, int]]] = []
        _sets(cnt, honours, (0, 0, 0), [], ways)
        cnt[p] += 2 if p else 0
        found.extend((_eigen(w), w, p) for w in ways)
    found.sort(key=lambda f: f[0])
    base = suit << 4
    got = tuple(
        (
            tuple(sorted(make_pack(0, CHOW, base | r) for kind, r in sets if kind == CHOW)),
            tuple(sorted(make_pack(0, PUNG, base | r) for kind, r in sets if kind == PUNG)),
            base | p if p else 0,
        )
        for _e, sets, p in found
    )
    if len(_READINGS) >= LIMIT:
        _READINGS.clear()  # a bound on a long-lived process; the keys in use come back
    _READINGS[ck] = got
    return got


def divisions(
    keys: Sequence[int], sizes: Sequence[int], fixed: Sequence[int]
) -> list[tuple[int, ...]]:
    """Every division of the concealed tiles (per suit 1-4: ``keys``, tile counts ``sizes``)
    into sets and a pair after the ``fixed`` packs, as :func:`engine.guobiao.divide.divide`
    gives them."""
    lists = []
    pairs = 0
    several = False
    for s in (1, 2, 3, 4):
        n = sizes[s]
        if n:
            rest = n % 3
            if rest == 1:
                return []
            pairs += rest == 2
            got = _READINGS.get(keys[s] | s << 28 | (rest == 2) << 27)
            if got is None:
                got = readings(s, keys[s], rest == 2)
            if not got:
                return []
            lists.append(got)
            several = several or len(got) > 1
    if pairs != 1:
        return []
    # packs sort chows before pungs and a lower suit before a higher one: each suit's chows,
    # then each suit's pungs, are the sets in order
    if not several:
        chows = [*fixed]
        pungs: list[int] = []
        pair = 0
        for got in lists:
            c, p, t = got[0]
            chows += c
            pungs += p
            pair |= t
        chows += pungs
        chows.append(PAIR << 8 | pair)
        return [tuple(chows)]
    out = []
    for combo in product(*lists):
        chows = [*fixed]
        pungs = []
        pair = 0
        for c, p, t in combo:
            chows += c
            pungs += p
            pair |= t
        chows += pungs
        chows.append(PAIR << 8 | pair)
        out.append(tuple(chows))
    return out


# a suit's reading as the calculator weighs it: its chows' middle tiles and its pungs' tiles
# (each sorted), the pair's tile (0: none) and what its sets and pair bring to 全带幺 / 全带五
# / 全双刻 (engine.guobiao.traits.PACK_TRAIT)
Parts = tuple[tuple[int, ...], tuple[int, ...], int, int]
_PARTS: dict[int, tuple[Parts, ...]] = {}


def parts(suit: int, key: int, pair: bool) -> tuple[Parts, ...]:
    """:func:`readings` as :data:`Parts`, in the same order."""
    ck = key | suit << 28 | pair << 27
    got = _PARTS.get(ck)
    if got is None:
        got = tuple(
            (
                tuple(c & 0xFF for c in chows), tuple(p & 0xFF for p in pungs), t,
                sum(PACK_TRAIT[c] for c in chows) + sum(PACK_TRAIT[p] for p in pungs)
                + (PACK_TRAIT[PAIR << 8 | t] if t else 0),
            )
            for chows, pungs, t in readings(suit, key, pair)
        )  # fmt: skip
        if len(_PARTS) >= LIMIT:
            _PARTS.clear()
        _PARTS[ck] = got
    return got


def division_parts(keys: Sequence[int], sizes: Sequence[int]) -> list[Parts]:
    """Every division of the concealed tiles (per suit 1-4: ``keys``, tile counts ``sizes``)
    into sets and a pair, as :func:`divisions` gives them (in its order) without the fixed
    packs: each as the :data:`Parts` of its suits' readings joined (the tiles of a lower suit
    sort before a higher one's, so the joined tuples stay sorted)."""
    lists = []
    pairs = 0
    several = False
    for s in (1, 2, 3, 4):
        n = sizes[s]
        if n:
            rest = n % 3
            if rest == 1:
                return []
            pairs += rest == 2
            got = _PARTS.get(keys[s] | s << 28 | (rest == 2) << 27)
            if got is None:
                got = parts(s, keys[s], rest == 2)
            if not got:
                return []
            lists.append(got)
            several = several or len(got) > 1
    if pairs != 1:
        return []
    if len(lists) == 1 and not several:
        return [lists[0][0]]
    out = []
    for combo in product(*lists) if several else (tuple(got[0] for got in lists),):
        mids: tuple[int, ...] = ()
        pungs: tuple[int, ...] = ()
        pair = traits = 0
        for m, p, t, tr in combo:
            mids += m
            pungs += p
            pair |= t
            traits += tr
        out.append((mids, pungs, pair, traits))
    return out


def _sets_only(key: int, honours: bool) -> bool:
    """Whether a suit key reads as sets: its lowest tile starts a pung or a chow."""
    if not key:
        return True
    i = ((key & -key).bit_length() - 1) // 3  # the lowest rank present, from 0
    shift = 3 * i
    if key >> shift & 7 >= 3 and _sets_only(key - (3 << shift), honours):
        return True
    if honours or i > 6 or not key >> shift + 3 & 7 or not key >> shift + 6 & 7:
        return False
    return _sets_only(key - (0o111 << shift), honours)


def _complete(suit: int, key: int, pair: bool) -> bool:
    """Whether a suit key reads as sets (and one pair when ``pair``): the yes-or-no of
    :func:`readings`, without listing them."""
    got = _READINGS.get(key | suit << 28 | pair << 27)
    if got is not None:
        return bool(got)
    honours = suit == 4
    if not pair:
        return _sets_only(key, honours)
    return any(key >> 3 * r & 7 >= 2 and _sets_only(key - (2 << 3 * r), honours) for r in range(9))


def wait_mask(suit: int, key: int, pair: bool) -> int:
    """The ranks (bit r) whose tile makes the suit's tiles sets (and a pair when ``pair``)."""
    ck = key | suit << 28 | pair << 27
    got = _WAITS.get(ck)
    if got is not None:
        return got
    mask = 0
    for r in range(1, 8 if suit == 4 else 10):
        if (key >> 3 * (r - 1)) & 7 < 7 and _complete(suit, key + RANK_BIT[r], pair):
            mask |= 1 << r
    if len(_WAITS) >= LIMIT:
        _WAITS.clear()
    _WAITS[ck] = mask
    return mask


_INFO: dict[int, tuple[bool, int]] = {}


def suit_info(suit: int, key: int, size: int) -> tuple[bool, int]:
    """A suit's tiles before the win (``size`` of them): whether they read whole (as sets, or
    sets and the pair when ``size`` % 3 == 2), and the ranks (bit r) whose tile completes them
    (into sets and a pair when ``size`` % 3 == 1, into sets when 2)."""
    ck = key | suit << 28
    got = _INFO.get(ck)
    if got is None:
        rest = size % 3
        whole = rest != 1 and _complete(suit, key, rest == 2)
        got = (whole, wait_mask(suit, key, rest == 1) if rest else 0)
        if len(_INFO) >= LIMIT:
            _INFO.clear()
        _INFO[ck] = got
    return got


def regular_waits(keys: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, int]]:
    """Where the concealed tiles before the win (per suit: ``keys``, ``sizes``) wait to
    become sets and a pair, as (suit, ranks bit set) for each suit with waits: the tiles
    :func:`engine.guobiao.waits.regular_wait` marks."""
    ones: list[int] = []
    twos: list[int] = []
    masks = [0, 0, 0, 0, 0]
    whole = [True, True, True, True, True]
    for s in (1, 2, 3, 4):
        n = sizes[s]
        if n:
            rest = n % 3
            got = _INFO.get(keys[s] | s << 28)
            whole[s], masks[s] = suit_info(s, keys[s], n) if got is None else got
            if rest == 1:
                ones.append(s)
            elif rest == 2:
                twos.append(s)
            elif not whole[s]:
                return []  # a suit of sets only that does not read as sets
    if len(ones) == 1 and not twos:
        return [(ones[0], masks[ones[0]])] if masks[ones[0]] else []
    if len(twos) == 2 and not ones:
        x, y = twos
        out = []
        if whole[y] and masks[x]:
            out.append((x, masks[x]))
        if whole[x] and masks[y]:
            out.append((y, masks[y]))
        return out
    return []


def wait_count(keys: Sequence[int], sizes: Sequence[int]) -> int:
    """How many tile kinds :func:`regular_waits` marks (the same reading, no list made)."""
    n_ones = n_twos = 0
    one_mask = 0  # the waits of the suit of 3n+1 tiles
    two_x = two_y = (False, 0)  # the readings of the suits of 3n+2
    for s in (1, 2, 3, 4):
        n = sizes[s]
        if n:
            rest = n % 3
            got = _INFO.get(keys[s] | s << 28)
            if got is None:
                got = suit_info(s, keys[s], n)
            if rest == 1:
                n_ones += 1
                one_mask = got[1]
            elif rest == 2:
                n_twos += 1
                if n_twos == 1:
                    two_x = got
                else:
                    two_y = got
            elif not got[0]:
                return 0  # a suit of sets only that does not read as sets
    if n_ones == 1 and not n_twos:
        return one_mask.bit_count()
    if n_twos == 2 and not n_ones:
        count = 0
        if two_y[0] and two_x[1]:
            count += two_x[1].bit_count()
        if two_x[0] and two_y[1]:
            count += two_y[1].bit_count()
        return count
    return 0
