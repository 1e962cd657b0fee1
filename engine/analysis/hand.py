"""Shanten, completeness, waits and discard choices of a concealed hand with wildcards.

Table driven: each suit's counts are one ``bytes`` key into ``tables.SUIT`` /
``tables.HONOUR``; the suits' vectors (fewest tiles to add for m sets and p
pairs) are combined through the precomputed ``CONV`` / ``NEED`` tables.

Wildcards are free tiles: with ``need`` the fewest real tiles to add to the
natural tiles, ``shanten = need - wilds - 1`` (never below -1 for a 13- or
14-tile hand, since a target hand of 14 tiles misses at least ``wilds`` of
them). Acceptance (the kinds that lower shanten) comes from the "tight" splits:
a tile of suit X lowers ``need`` exactly when some split of sets and pair
between X and the other suits reaches ``need`` and the tile lowers X's part of
it; the per-suit masks of such tiles are in the tables.

Counts above four are accepted and analysed as shape (brute-force checks
substitute wildcards with fifth copies); they take a slower exact path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import SupportsBytes

from engine.analysis import build
from engine.analysis.tables import (
    ALL_KINDS,
    CONV,
    HONOUR,
    HONOUR_FILE,
    KINDS_OF_MASK,
    NEED,
    ORPHAN_MASK,
    SUIT,
    SUIT_FILE,
    TIGHT,
    VECTOR_ID,
    VECTORS,
    Class,
)

__all__ = [
    "AnalysisError",
    "DiscardOption",
    "acceptance",
    "discard_masks",
    "discard_options",
    "is_complete",
    "mask_kinds",
    "shanten",
    "shanten_of_keys",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "waits",
    "waits_mask",
    "waits_of_keys",
]

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
    if not (isinstance(wilds, int) and 0 <= wilds <= 8):
        raise AnalysisError(f"wilds must be a whole number from 0 to 8, not {wilds!r}")
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


# --- the three forms -----------------------------------------------------------------


def _vector(cls: Class, key: bytes) -> tuple[int, ...]:
    return _slow_class(key)[0] if cls[0] < 0 else _vector_of_id(cls[0])


def _vector_of_id(vid: int) -> tuple[int, ...]:
    return VECTORS[vid]


def _standard_generic(
    b: bytes, parts: tuple[Class, Class, Class, Class], melds: int
) -> tuple[int, int]:
    """(need, acceptance mask) by plain min-plus combination: for patterns whose vectors
    fall outside the combination tables."""
    keys = (b[:9], b[9:18], b[18:27], b[27:])
    vecs = [_vector(c, k) for c, k in zip(parts, keys, strict=True)]
    target = build.split_target(4 - melds)
    need = 99
    mask = 0
    per_suit = []
    for x in range(4):
        rest = None
        for y in range(4):
            if y != x:
                rest = vecs[y] if rest is None else build.combine(rest, vecs[y])
        assert rest is not None
        sums = [(vecs[x][i] + rest[j], i) for i, j in target]
        best = min(s for s, _ in sums)
        need = min(need, best)
        per_suit.append((best, [i for s, i in sums if s == best]))
    for x, (best, tight) in enumerate(per_suit):
        assert best == need
        acc = parts[x][1]
        m = 0
        for i in tight:
            m |= acc[i]
        mask |= m << (9 * x)
    return need, mask


def _standard(b: bytes, ca: Class, cb: Class, cc: Class, cd: Class, melds: int) -> tuple[int, int]:
    """(need, acceptance mask) of the standard form."""
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        return _standard_generic(b, (ca, cb, cc, cd), melds)
    conv_ab = CONV[a][bb]
    conv_cd = CONV[c][d]
    need = NEED[melds][conv_ab][conv_cd]
    tight = TIGHT[melds]
    ma = 0
    for i in tight[a][CONV[bb][conv_cd]]:
        ma |= ca[1][i]
    mb = 0
    for i in tight[bb][CONV[a][conv_cd]]:
        mb |= cb[1][i]
    mc = 0
    for i in tight[c][CONV[conv_ab][d]]:
        mc |= cc[1][i]
    md = 0
    for i in tight[d][CONV[conv_ab][c]]:
        md |= cd[1][i]
    return need, ma | mb << 9 | mc << 18 | md << 27


def _need_only(b: bytes, ca: Class, cb: Class, cc: Class, cd: Class, melds: int) -> int:
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        return _standard_generic(b, (ca, cb, cc, cd), melds)[0]
    return NEED[melds][CONV[a][bb]][CONV[c][d]]


def _pairs_total(pairs: int, singles: int, wilds: int) -> int:
    # wildcards pair up singles first, then each other; a four of a kind is two pairs
    total = pairs + wilds if wilds <= singles else pairs + singles + (wilds - singles) // 2
    return total if total < 7 else 7


def _seven_pairs_mask(b: bytes, pairs: int, singles: int, wilds: int) -> int:
    """The kinds whose addition adds a pair (seven pairs not complete yet)."""
    gain = _seven_pairs_gain(pairs, singles, wilds)
    if gain == _EITHER:
        return ALL_KINDS
    if not gain:
        return 0
    odd = _odd_mask(b)
    return odd if gain == _ODD else ALL_KINDS & ~odd


_ODD, _EVEN, _EITHER = 1, 2, 3


def _seven_pairs_gain(pairs: int, singles: int, wilds: int) -> int:
    """Which kinds add a pair: those held an odd number of times (``_ODD``), an even number
    (``_EVEN``), any (``_EITHER``) or none (0); seven pairs not complete yet."""
    total = _pairs_total(pairs, singles, wilds)
    if total >= 7:
        return 0
    odd_gain = singles > 0 and _pairs_total(pairs + 1, singles - 1, wilds) > total
    even_gain = _pairs_total(pairs, singles + 1, wilds) > total
    return (_ODD if odd_gain else 0) | (_EVEN if even_gain else 0)


def _seven_pairs(
    b: bytes, ca: Class, cb: Class, cc: Class, cd: Class, wilds: int
) -> tuple[int, int]:
    """(shanten, acceptance mask) of seven pairs."""
    p = ca[2] + cb[2] + cc[2] + cd[2]
    s = ca[3] + cb[3] + cc[3] + cd[3]
    return 6 - _pairs_total(p, s, wilds), _seven_pairs_mask(b, p, s, wilds)


def _thirteen_orphans(
    b: bytes, ca: Class, cb: Class, cc: Class, cd: Class, wilds: int
) -> tuple[int, int]:
    """(shanten, acceptance mask) of thirteen orphans."""
    present = ca[4] + cb[4] + cc[4] + cd[4]
    pair = ca[5] | cb[5] | cc[5] | cd[5]
    sh = 13 - present - pair - wilds
    if sh < 0:
        return -1, 0
    return sh, _absent_orphans(b) if pair else ORPHAN_MASK


def _mask_kinds(mask: int) -> list[int]:
    return [
        *_K0[mask & 511],
        *_K1[mask >> 9 & 511],
        *_K2[mask >> 18 & 511],
        *_K3[mask >> 27],
    ]


def _acceptance(
    b: bytes,
    ca: Class,
    cb: Class,
    cc: Class,
    cd: Class,
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> tuple[int, int]:
    """(shanten, mask of the kinds whose addition lowers it) of a 13-tile hand."""
    need, mask = _standard(b, ca, cb, cc, cd, melds)
    sh = need - wilds - 1
    if melds == 0:
        if seven_pairs:
            s7, m7 = _seven_pairs(b, ca, cb, cc, cd, wilds)
            if s7 < sh:
                sh, mask = s7, m7
            elif s7 == sh:
                mask |= m7
        if thirteen_orphans:
            s13, m13 = _thirteen_orphans(b, ca, cb, cc, cd, wilds)
            if s13 < sh:
                sh, mask = s13, m13
            elif s13 == sh:
                mask |= m13
    return sh, mask


# --- discards: each changes one suit ---------------------------------------------------

_UP_TO_FOUR = bytes(range(5))  # deleted by bytes.translate: what is left is above four
# suit pattern -> ((place in the suit, class without one of that kind), ...) for each kind held
_REMOVED: dict[bytes, tuple[tuple[int, Class], ...]] = {}
_REMOVED_LIMIT = 200_000


def _removals(key: bytes) -> tuple[tuple[int, Class], ...]:
    """For each kind held in one suit's pattern (7 bytes: the honours): its place in the
    suit and the class of the pattern with one of it taken away. Cached per pattern: a hand
    changes a tile at a time, so the same suit patterns come back all game long."""
    hit = _REMOVED.get(key)
    if hit is None:
        if len(_REMOVED) > _REMOVED_LIMIT:  # keep memory bounded
            _REMOVED.clear()
        width = len(key)
        honours = width == 7
        known = HONOUR if honours else SUIT
        units = _UNITS[honours]
        # each pattern less one tile as a number less one unit, back to bytes (half the
        # cost of cutting and joining the bytes)
        whole = _from_bytes(key, "big")
        out = []
        for j, n in enumerate(key):
            if n:
                k = (whole - units[j]).to_bytes(width, "big")
                # the classes read so far first (a game meets the same few thousand)
                out.append((j, known.get(k) or _lookup(k, honours)))
        hit = _REMOVED[key] = tuple(out)
    return hit


# a suit pattern read as a big-endian number: the unit of each place (by honours or not)
_UNITS = (tuple(1 << 8 * (8 - j) for j in range(9)), tuple(1 << 8 * (6 - j) for j in range(7)))
_from_bytes = int.from_bytes


# a discard candidate: (kind (-1: a wildcard), suit changed (-1: none), that suit's class
# after the discard, wildcards left, shanten, and the shanten of the standard form, of
# seven pairs and of thirteen orphans (99 where a form is not played))
_Candidate = tuple[int, int, Class, int, int, int, int, int]


def _discards(
    b: bytes,
    parts: tuple[Class, Class, Class, Class],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
    best_only: bool,
) -> list[tuple[int, int, int]]:
    """(kind, shanten, acceptance mask) of each distinct discard of a 14-tile hand: the
    wildcard (-1) first, then the kinds held, ascending; ``best_only``: only the discards
    that leave the lowest shanten.

    Only the discarded tile's suit changes, so its class after the discard is a cached
    lookup (:func:`_removals`) and the other suits' combinations are read once. The
    shanten of every discard comes first, from the class fields alone; the acceptance
    masks, the costly part, are then worked out only for the discards asked for, and only
    for the forms that reach the discard's shanten."""
    if b.translate(None, _UP_TO_FOUR):  # a count above four (shape checks only): exact
        return _discards_exact(b, parts, wilds, melds, seven_pairs, thirteen_orphans, best_only)
    sp = seven_pairs and melds == 0
    to = thirteen_orphans and melds == 0
    if best_only:
        # the standard form alone first: where neither seven pairs nor thirteen orphans can
        # reach its lowest shanten after any discard (a discard never adds a pair nor an
        # orphan kind), its best discards are the answer, with the standard form's masks
        best, low = _standard_best(b, parts, wilds, melds)
        ca, cb, cc, cd = parts
        if (not sp or 6 - ca[2] - cb[2] - cc[2] - cd[2] - wilds > low) and (
            not to or 12 - ca[4] - cb[4] - cc[4] - cd[4] - wilds > low
        ):
            return best
    cands, low = _candidates(b, parts, wilds, melds, sp, to, best_only)
    if best_only:
        cands = [c for c in cands if c[4] == low]
    ids = (parts[0][0], parts[1][0], parts[2][0], parts[3][0])
    pair_ids = (CONV[ids[0]][ids[1]], CONV[ids[2]][ids[3]])
    # each suit's complement: its partner combined with the other pair
    rests = (
        CONV[ids[1]][pair_ids[1]],
        CONV[ids[0]][pair_ids[1]],
        CONV[ids[3]][pair_ids[0]],
        CONV[ids[2]][pair_ids[0]],
    )
    tight = TIGHT[melds]
    odd = absent = -1  # the hand's odd-count and absent-orphan masks, read when needed
    # the other suits' part of a discard's mask depends on its suit's new vector only:
    # discards leaving the same vector share it
    others: dict[int, int] = {}
    out = []
    for kind, x, new, w, sh, std, s7, s13 in cands:
        mask = 0
        if std == sh:
            if x < 0:
                mask = _standard(b, *parts, melds)[1]
            else:
                v = new[0]
                rest = others.get(v << 2 | x)
                if rest is None:
                    rest = others[v << 2 | x] = _others_mask_after(
                        x, v, parts, ids, pair_ids, tight
                    )
                # the suit's own tight splits against its complement (as _standard)
                acc = new[1]
                own = 0
                for i in tight[v][rests[x]]:
                    own |= acc[i]
                mask = rest | own << 9 * x
        if s7 == sh or s13 == sh:
            p = list(parts)
            if x >= 0:
                p[x] = new
            if s7 == sh:
                if odd < 0:
                    odd = _odd_mask(b)
                mask |= _seven_pairs_of(p, w, odd ^ (1 << kind) if kind >= 0 else odd)[1]
            if s13 == sh:
                if absent < 0:
                    absent = _absent_orphans(b)
                gone = 1 << kind if kind >= 0 and b[kind] == 1 else 0
                mask |= _thirteen_orphans_of(p, w, absent | gone & ORPHAN_MASK)[1]
        out.append((kind, sh, mask))
    return out


def _suit_sums(
    parts: tuple[Class, Class, Class, Class],
) -> tuple[tuple[int, int, int, int], int, int, tuple[int, int, int, int]]:
    """The four suits' vector ids, the two pairs of suits combined (first two, last two),
    and each suit's complement: the other three suits combined."""
    a, bb, c, d = parts[0][0], parts[1][0], parts[2][0], parts[3][0]
    ab = CONV[a][bb]
    cd_ = CONV[c][d]
    return (a, bb, c, d), ab, cd_, (CONV[bb][cd_], CONV[a][cd_], CONV[ab][d], CONV[ab][c])


def _form_counts(
    parts: tuple[Class, Class, Class, Class],
    wilds: int,
    sp: bool,
    to: bool,
) -> tuple[int, int, int, tuple[int, int, int, int], int, int]:
    """What seven pairs and thirteen orphans read of a hand's four suits: its pairs, singles
    and orphan kinds present, per suit whether another suit holds an orphan pair, and the
    lowest shanten either form can reach after any discard (99: not played)."""
    ca, cb, cc, cd = parts
    pairs = ca[2] + cb[2] + cc[2] + cd[2]
    singles = ca[3] + cb[3] + cc[3] + cd[3]
    present = ca[4] + cb[4] + cc[4] + cd[4]
    others_pair = (
        cb[5] | cc[5] | cd[5],
        ca[5] | cc[5] | cd[5],
        ca[5] | cb[5] | cd[5],
        ca[5] | cb[5] | cc[5],
    )
    floor7 = 6 - pairs - wilds if sp else 99
    floor13 = 12 - present - wilds if to else 99
    return pairs, singles, present, others_pair, floor7, floor13


def _standard_best(
    b: bytes, parts: tuple[Class, Class, Class, Class], wilds: int, melds: int
) -> tuple[list[tuple[int, int, int]], int]:
    """:func:`_discards` with ``best_only`` and the standard form alone (counts at most
    four): the same discards in the same order with the same masks, and their shanten.
    One pass keeps the discards at the lowest shanten so far (no record per discard), then
    their masks are read as :func:`_discards` reads them."""
    ca, cb, cc, cd = parts
    ids, ab, cd_, rests = _suit_sums(parts)
    need_of = NEED[melds]
    w1 = wilds + 1
    wild_sh = need_of[ab][cd_] - wilds if wilds else 99  # the wildcard's discard
    low = wild_sh
    kept: list[tuple[int, int, Class]] = []
    removed = _REMOVED
    for x in range(4):
        need_of_rest = need_of[rests[x]]
        key = b[9 * x : 9 * x + 9] if x < 3 else b[27:]
        rem = removed.get(key)
        if rem is None:
            rem = _removals(key)
        for j, new in rem:
            sh = need_of_rest[new[0]] - w1
            if sh <= low:
                if sh < low:
                    low = sh
                    kept = []
                kept.append((x, j, new))
    out = []
    if wild_sh == low:
        out.append((-1, low, _standard(b, ca, cb, cc, cd, melds)[1]))
    pair_ids = (ab, cd_)
    tight = TIGHT[melds]
    # the other suits' part of a discard's mask depends on its suit's new vector only
    others: dict[int, int] = {}
    for x, j, new in kept:
        v = new[0]
        rest = others.get(v << 2 | x)
        if rest is None:
            rest = others[v << 2 | x] = _others_mask_after(x, v, parts, ids, pair_ids, tight)
        # the suit's own tight splits against its complement (as _standard)
        acc = new[1]
        own = 0
        for i in tight[v][rests[x]]:
            own |= acc[i]
        out.append((9 * x + j, low, rest | own << 9 * x))
    return out, low


def _others_mask_after(
    x: int,
    v: int,
    parts: tuple[Class, Class, Class, Class],
    ids: tuple[int, int, int, int],
    pair_ids: tuple[int, int],
    tight: Sequence[Sequence[tuple[int, ...]]],
) -> int:
    """The standard form's acceptance mask in the suits other than ``x`` once ``x``'s
    vector became ``v``: each one's tight splits against the three others (its partner
    ``y``, the other pair ``z`` and ``zz``)."""
    y = x ^ 1
    u = ids[y]
    mine = CONV[v][u]
    z = 2 if x < 2 else 0
    zz = z + 1
    acc = parts[y][1]
    my = 0
    for i in tight[u][CONV[v][pair_ids[1 - (x >> 1)]]]:
        my |= acc[i]
    acc = parts[z][1]
    mz = 0
    for i in tight[ids[z]][CONV[mine][ids[zz]]]:
        mz |= acc[i]
    acc = parts[zz][1]
    mzz = 0
    for i in tight[ids[zz]][CONV[mine][ids[z]]]:
        mzz |= acc[i]
    return my << 9 * y | mz << 9 * z | mzz << 9 * zz


def _candidates(
    b: bytes,
    parts: tuple[Class, Class, Class, Class],
    wilds: int,
    melds: int,
    sp: bool,
    to: bool,
    best_only: bool,
) -> tuple[list[_Candidate], int]:
    """Every distinct discard with the shanten it leaves in each form (from the class
    fields alone, no masks), and the lowest of those shanten; with ``best_only``, not
    those above the lowest shanten so far. Seven pairs and thirteen orphans are worked out only where they can reach the
    standard form: a discard never adds a pair nor an orphan kind."""
    ca, cb, cc, cd = parts
    _, ab, cd_, rests = _suit_sums(parts)
    need_of = NEED[melds]
    pairs, singles, present, others_pair, floor7, floor13 = _form_counts(parts, wilds, sp, to)
    out: list[_Candidate] = []
    low = 99  # the lowest shanten so far
    if wilds:
        w = wilds - 1
        std = sh = need_of[ab][cd_] - w - 1
        s7 = s13 = 99
        if floor7 <= std:
            s7 = 6 - _pairs_total(pairs, singles, w)
            sh = s7 if s7 < sh else sh
        if floor13 <= std:
            s13 = 13 - present - (ca[5] | cb[5] | cc[5] | cd[5]) - w
            s13 = s13 if s13 >= 0 else -1
            sh = s13 if s13 < sh else sh
        out.append((-1, -1, ca, w, sh, std, s7, s13))
        low = sh
    removed = _REMOVED
    plain = floor7 == 99 and floor13 == 99  # the standard form alone
    w1 = wilds + 1
    for x in range(4):
        old = parts[x]
        # NEED is symmetric: the column of this suit's complement
        need_of_rest = need_of[rests[x]]
        base = 9 * x
        key = b[base : base + 9] if x < 3 else b[27:]
        rem = removed.get(key)
        if rem is None:
            rem = _removals(key)
        if plain:
            for j, new in rem:
                sh = need_of_rest[new[0]] - w1
                if sh <= low or not best_only:
                    out.append((base + j, x, new, wilds, sh, sh, 99, 99))
                    if sh < low:
                        low = sh
            continue
        others = others_pair[x]
        pairs_rest = pairs - old[2]
        singles_rest = singles - old[3]
        present_rest = present - old[4]
        for j, new in rem:
            std = sh = need_of_rest[new[0]] - w1
            s7 = s13 = 99
            if floor7 <= std:
                # 6 - _pairs_total(...), written out: this loop runs for every discard
                p = pairs_rest + new[2]
                sg = singles_rest + new[3]
                total = p + wilds if wilds <= sg else p + sg + (wilds - sg) // 2
                s7 = 6 - total if total < 7 else -1
                sh = s7 if s7 < sh else sh
            if floor13 <= std:
                s13 = 13 - (present_rest + new[4]) - (others | new[5]) - wilds
                s13 = s13 if s13 >= 0 else -1
                sh = s13 if s13 < sh else sh
            if sh <= low or not best_only:
                out.append((base + j, x, new, wilds, sh, std, s7, s13))
                if sh < low:
                    low = sh
    return out, low


def _seven_pairs_of(p: list[Class], wilds: int, odd: int) -> tuple[int, int]:
    """(shanten, acceptance mask) of seven pairs, from the classes and the odd-count mask."""
    pairs = p[0][2] + p[1][2] + p[2][2] + p[3][2]
    singles = p[0][3] + p[1][3] + p[2][3] + p[3][3]
    gain = _seven_pairs_gain(pairs, singles, wilds)
    if gain == _EITHER:
        mask = ALL_KINDS
    elif gain:
        mask = odd if gain == _ODD else ALL_KINDS & ~odd
    else:
        mask = 0
    return 6 - _pairs_total(pairs, singles, wilds), mask


def _thirteen_orphans_of(p: list[Class], wilds: int, absent: int) -> tuple[int, int]:
    """(shanten, acceptance mask) of thirteen orphans, from the classes and the mask of
    orphan kinds not held."""
    pair = p[0][5] | p[1][5] | p[2][5] | p[3][5]
    sh = 13 - p[0][4] - p[1][4] - p[2][4] - p[3][4] - pair - wilds
    if sh < 0:
        return -1, 0
    return sh, absent if pair else ORPHAN_MASK


def _discards_exact(
    b: bytes,
    parts: tuple[Class, Class, Class, Class],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
    best_only: bool,
) -> list[tuple[int, int, int]]:
    """:func:`_discards` by a fresh analysis of each discard (counts above four)."""
    out = []
    if wilds:
        out.append((-1, *_acceptance(b, *parts, wilds - 1, melds, seven_pairs, thirteen_orphans)))
    work = bytearray(b)
    for k in range(34):
        if b[k]:
            work[k] -= 1
            x = k // 9 if k < 27 else 3
            lo = 9 * x
            p = list(parts)
            p[x] = _lookup(bytes(work[lo : lo + 9 if x < 3 else 34]), x == 3)
            got = _acceptance(
                bytes(work), p[0], p[1], p[2], p[3], wilds, melds, seven_pairs, thirteen_orphans
            )
            out.append((k, *got))
            work[k] += 1
    if best_only:
        low = min(o[1] for o in out)
        out = [o for o in out if o[1] == low]
    return out


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


# --- public API ----------------------------------------------------------------------


def shanten_standard(counts: Sequence[int], wilds: int = 0, melds: int = 0) -> int:
    """Shanten of the standard form (4 sets + 1 pair, ``melds`` sets already exposed):
    -1 complete, 0 ready. ``counts``: 34 counts of natural concealed tiles."""
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13, 14))
    return _need_only(b, ca, cb, cc, cd, melds) - wilds - 1


def shanten_seven_pairs(counts: Sequence[int], wilds: int = 0) -> int:
    """Shanten of seven pairs (no melds; a four of a kind counts as two pairs)."""
    b, ca, cb, cc, cd = _parts(counts, wilds, 0, (13, 14))
    return _seven_pairs(b, ca, cb, cc, cd, wilds)[0]


def shanten_thirteen_orphans(counts: Sequence[int], wilds: int = 0) -> int:
    """Shanten of thirteen orphans (no melds)."""
    b, ca, cb, cc, cd = _parts(counts, wilds, 0, (13, 14))
    return _thirteen_orphans(b, ca, cb, cc, cd, wilds)[0]


def shanten(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> int:
    """Shanten of a 13- or 14-tile hand: the best of the allowed forms (seven pairs and
    thirteen orphans only without melds). -1 complete, 0 ready. ``melds`` -1: a hand of
    16 or 17 tiles, five sets and a pair (the standard form only)."""
    if type(melds) is int and melds < 0:
        return _wide_need(counts, wilds, melds, (13, 14)) - wilds - 1
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13, 14))
    sh = _shanten_of_classes(ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)
    if sh is None:  # past the combination tables
        sh = _need_only(b, ca, cb, cc, cd, melds) - wilds - 1
        if melds == 0 and sh >= 0:
            sh = _other_forms(ca, cb, cc, cd, sh, wilds, seven_pairs, thirteen_orphans)
    return sh


def _shanten_of_classes(
    ca: Class,
    cb: Class,
    cc: Class,
    cd: Class,
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> int | None:
    """:func:`shanten` once the hand's four classes are read (the size checked): what
    :func:`shanten`, :func:`shanten_of_keys` and ``KeptHand.shanten`` share; None for a
    pattern past the combination tables."""
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        return None
    sh: int = NEED[melds][CONV[a][bb]][CONV[c][d]] - wilds - 1
    if melds == 0 and sh >= 0:
        if seven_pairs:
            s7 = 6 - _pairs_total(
                ca[2] + cb[2] + cc[2] + cd[2], ca[3] + cb[3] + cc[3] + cd[3], wilds
            )
            if s7 < sh:
                sh = s7
        if thirteen_orphans:
            s13 = 13 - ca[4] - cb[4] - cc[4] - cd[4] - (ca[5] | cb[5] | cc[5] | cd[5]) - wilds
            if s13 < sh:
                sh = s13
    return sh


def _other_forms(
    ca: Class, cb: Class, cc: Class, cd: Class, sh: int, wilds: int, sp: bool, to: bool
) -> int:
    """``sh`` (the standard form's shanten) or seven pairs' or thirteen orphans' if lower."""
    if sp:
        sh = min(
            sh,
            6 - _pairs_total(ca[2] + cb[2] + cc[2] + cd[2], ca[3] + cb[3] + cc[3] + cd[3], wilds),
        )
    if to:
        sh = min(sh, 13 - ca[4] - cb[4] - cc[4] - cd[4] - (ca[5] | cb[5] | cc[5] | cd[5]) - wilds)
    return sh


def shanten_of_keys(
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> int:
    """:func:`shanten` of a hand given as its suits' bytes (m, p, s: 9 counts each, honours:
    7), as the engine keeps them per seat (the same reading, written out again so that
    :func:`shanten` pays no call; tests/engine/analysis/test_discards.py holds them
    together)."""
    ka, kb, kc, kd = keys
    ca = SUIT.get(ka)
    cb = SUIT.get(kb)
    cc = SUIT.get(kc)
    cd = HONOUR.get(kd)
    if (
        ca is None
        or cb is None
        or cc is None
        or cd is None
        or ca[0] < 0
        or cb[0] < 0
        or cc[0] < 0
        or cd[0] < 0
        or not 0 <= wilds <= 8
        or not 0 <= melds <= 4
        or ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds not in (13, 14)
    ):
        # a pattern not read yet, or bad input: shanten reads it (and says what is wrong)
        return shanten(
            ka + kb + kc + kd, wilds, melds,
            seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans,
        )  # fmt: skip
    sh = _shanten_of_classes(ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)
    assert sh is not None  # vector ids checked above
    return sh


def is_complete(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> bool:
    """Whether a 14-tile hand is complete in one of the allowed forms (``melds`` -1: 17
    tiles, five sets and a pair)."""
    if type(melds) is int and melds < 0:
        return _wide_need(counts, wilds, melds, (14,)) <= wilds
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (14,))
    if _need_only(b, ca, cb, cc, cd, melds) <= wilds:
        return True
    if melds:
        return False
    if seven_pairs and _seven_pairs(b, ca, cb, cc, cd, wilds)[0] < 0:
        return True
    return thirteen_orphans and _thirteen_orphans(b, ca, cb, cc, cd, wilds)[0] < 0


def waits(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> list[int]:
    """The kinds (sorted) whose addition completes a 13-tile hand; shape only, so kinds
    already held four times are included (a wildcard may be a fifth copy)."""
    if type(melds) is int and melds < 0:  # 16 tiles: each kind tried
        _wide_need(counts, wilds, melds, (13,))
        return [k for k in _ALL if is_complete([*counts[:k], counts[k] + 1, *counts[k + 1 : 34]],
                                               wilds, melds)]  # fmt: skip
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13,))
    return _mask_kinds(_waits_mask(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans))


def waits_mask(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> int:
    """:func:`waits` as a bit mask (bit k: kind k), what the engine keeps per hand: a
    discard's claim check and a draw's self-draw check test one bit (the same reading as
    :func:`waits`, written out again so that neither pays a call for the other;
    tests/engine/analysis/test_discards.py holds them together)."""
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13,))
    return _waits_mask(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)


def waits_of_keys(
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> int:
    """:func:`waits_mask` of a hand given as its suits' bytes (m, p, s: 9 counts each,
    honours: 7), as the engine keeps them per seat: no counts to read."""
    ka, kb, kc, kd = keys
    ca = SUIT.get(ka)
    cb = SUIT.get(kb)
    cc = SUIT.get(kc)
    cd = HONOUR.get(kd)
    if (
        ca is None
        or cb is None
        or cc is None
        or cd is None
        or ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds != 13
        or not 0 <= wilds <= 8
        or not 0 <= melds <= 4
        or ca[0] < 0
        or cb[0] < 0
        or cc[0] < 0
        or cd[0] < 0
    ):
        # a pattern not read yet, outside the combination tables, or a hand of the wrong
        # size: waits_mask reads it (and says what is wrong)
        return waits_mask(ka + kb + kc + kd, wilds, melds, seven_pairs, thirteen_orphans)
    b = ka + kb + kc + kd if melds == 0 and (seven_pairs or thirteen_orphans) else b""
    return _waits_mask(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)


def _waits_mask(
    b: SupportsBytes,
    ca: Class,
    cb: Class,
    cc: Class,
    cd: Class,
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> int:
    """:func:`waits_mask` once the hand is read (``b``: its counts, or what gives them as
    ``bytes(b)``, read only where seven pairs or thirteen orphans are ready; ``bytes`` of a
    ``bytes`` is that object)."""
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        sh, mask = _acceptance(
            bytes(b), ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans
        )
        return mask if sh == 0 else 0
    conv_ab = CONV[a][bb]
    conv_cd = CONV[c][d]
    ready = NEED[melds][conv_ab][conv_cd] == wilds + 1
    # a 13-tile hand has shanten >= 0 in every form: it waits when some form is at 0
    mask = 0
    if melds == 0:
        if seven_pairs:
            p = ca[2] + cb[2] + cc[2] + cd[2]
            s = ca[3] + cb[3] + cc[3] + cd[3]
            if _pairs_total(p, s, wilds) == 6:
                mask = _seven_pairs_mask(bytes(b), p, s, wilds)
                if mask == ALL_KINDS:
                    return mask
        if (
            thirteen_orphans
            and ca[4] + cb[4] + cc[4] + cd[4] + (ca[5] | cb[5] | cc[5] | cd[5]) + wilds == 13
        ):
            mask |= _absent_orphans(bytes(b)) if ca[5] | cb[5] | cc[5] | cd[5] else ORPHAN_MASK
    if not ready:
        return mask
    ma = mb = mc = md = 0
    tight = TIGHT[melds]
    for i in tight[a][CONV[bb][conv_cd]]:
        ma |= ca[1][i]
    for i in tight[bb][CONV[a][conv_cd]]:
        mb |= cb[1][i]
    for i in tight[c][CONV[conv_ab][d]]:
        mc |= cc[1][i]
    for i in tight[d][CONV[conv_ab][c]]:
        md |= cd[1][i]
    return mask | ma | mb << 9 | mc << 18 | md << 27


def discard_options(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    visible: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """For a 14-tile hand, every distinct discard (kind -1: a wildcard, listed first, then
    natural kinds ascending): the shanten after it, the kinds that would lower that
    shanten, and how many of those are unseen (4 - held in the 14-tile hand - visible).
    ``melds`` -1: a 17-tile hand (five sets), each discard and each tile tried."""
    if type(melds) is int and melds < 0:
        return _wide_discard_options(counts, wilds, melds, visible)
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (14,))
    # the unseen copies of each kind as three bit planes: a mask's count is three popcounts
    seen = b if visible is None else bytes(map(_seen, b, _key(visible)))
    p0, p1, p2 = (int(seen[::-1].translate(t), 2) for t in _UNSEEN_BIT)
    out = []
    parts = (ca, cb, cc, cd)
    for kind, sh, mask in _discards(b, parts, wilds, melds, seven_pairs, thirteen_orphans, False):
        kinds = _K0[mask & 511] + _K1[mask >> 9 & 511] + _K2[mask >> 18 & 511] + _K3[mask >> 27]
        n = (mask & p0).bit_count() + 2 * (mask & p1).bit_count() + 4 * (mask & p2).bit_count()
        out.append(DiscardOption(kind, sh, kinds, n))
    return out


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


def _seen(held: int, visible: int) -> int:
    return held + visible if held + visible < 256 else 255


# bytes.translate tables: a seen count -> ASCII "1" where bit n of its unseen copies
# (4 - seen, at least 0) is set
_UNSEEN_BIT = [bytes(48 + ((4 - v if v < 4 else 0) >> n & 1) for v in range(256)) for n in range(3)]


def discard_masks(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    best_only: bool = False,
) -> list[tuple[int, int, int]]:
    """:func:`discard_options` in raw form, for callers that weigh many hands: for a 14-tile
    hand, (kind, shanten after it, acceptance bit mask: bit k = kind k) per distinct discard,
    the wildcard (-1) first. ``best_only``: only the discards that leave the lowest shanten
    (the others' masks are never worked out)."""
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (14,))
    return _discards(b, (ca, cb, cc, cd), wilds, melds, seven_pairs, thirteen_orphans, best_only)


def acceptance(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> tuple[int, int]:
    """(shanten, acceptance bit mask) of a 13-tile hand: bit k is set when one more tile of
    kind k lowers the shanten (shape only: a fifth copy counts)."""
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13,))
    return _acceptance(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)


def mask_kinds(mask: int) -> list[int]:
    """The kinds (ascending) whose bits are set in an acceptance mask."""
    return _mask_kinds(mask)
