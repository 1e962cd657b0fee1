"""The discards of a 14-tile hand: for each distinct discard, the shanten it leaves and
the kinds that would then lower it. A discard changes one suit, so its class after the
discard is a cached lookup and the other suits' combinations are read once.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.forms import (
    _EITHER,
    _ODD,
    _acceptance,
    _pairs_total,
    _seven_pairs_gain,
    _standard,
)
from engine.analysis.reading import (
    _absent_orphans,
    _lookup,
    _odd_mask,
)
from engine.analysis.tables import (
    ALL_KINDS,
    CONV,
    HONOUR,
    NEED,
    ORPHAN_MASK,
    SUIT,
    TIGHT,
    Class,
)

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
