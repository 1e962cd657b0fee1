"""The discards of a 14-tile hand that the greedy player ranks first, in one pass.

:func:`widest_discards` gives what :func:`engine.analysis.hand.discard_masks` with
``best_only`` followed by a count of each option's unseen accepting tiles gives (the
options at the lowest shanten whose accepting kinds have the most unseen tiles, keeping a
wildcard on a tie, in the options' order), without a record per option: the greedy
player's choice is about a third of a simulated hand, and most of that was building the
options and reading them again. ``tests/engine/analysis/test_ranking.py`` holds it to the
plain path on random hands.

Where the standard form alone decides (no seven pairs or thirteen orphans that can reach
the lowest shanten, counts of four at most), each suit's lowest need after a discard is
read first from the suit's removals (one ``min`` over their vector ids), and the masks are
worked out only for the discards of the suits at that lowest need; anything else takes the
plain path. What it keeps per suit pattern is in ``suit_info.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.discards import _REMOVED, _form_counts, _removals
from engine.analysis.forms import _EITHER, _EVEN, _ODD, _pairs_total, _seven_pairs_gain, _standard
from engine.analysis.hand import discard_masks
from engine.analysis.reading import _absent_orphans, _odd_mask
from engine.analysis.suit_info import (
    _INFO,
    _Info,
    _info,
)
from engine.analysis.tables import (
    CONV,
    NEED,
    ORPHAN_MASK,
    TIGHT_IDS,
    Class,
)


def rank(options: Sequence[tuple[int, int, int]], unseen: tuple[int, int, int]) -> list[int]:
    """The kinds of ``options`` ((kind, shanten, mask), -1 a wildcard) whose masks hold the
    most unseen tiles (``unseen``: the unseen copies per kind as three bit planes), a
    wildcard after a natural kind of the same count; in the options' order."""
    p0, p1, p2 = unseen
    best_key = -1
    best: list[int] = []
    for k, _, mask in options:
        key = (
            (mask & p0).bit_count() + 2 * (mask & p1).bit_count() + 4 * (mask & p2).bit_count()
        ) * 2 - (k < 0)
        if key > best_key:
            best_key, best = key, [k]
        elif key == best_key:
            best.append(k)
    return best


def widest_discards(
    counts: Sequence[int],
    wilds: int,
    melds: int,
    unseen: tuple[int, int, int],
    *,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> list[int]:
    """The best discards of a 14-tile hand (kinds, -1 a wildcard): those of
    ``discard_masks(..., best_only=True)`` whose masks hold the most unseen tiles
    (:func:`rank`; a lone option as it is, none for none)."""
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        b = b""
    if len(b) != 34:  # bad input: the plain path says what is wrong
        return _plain(counts, wilds, melds, unseen, seven_pairs, thirteen_orphans)
    keys = (b[:9], b[9:18], b[18:27], b[27:])
    return widest_of_keys(keys, wilds, melds, unseen, seven_pairs, thirteen_orphans)


def widest_of_keys(
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    melds: int,
    unseen: tuple[int, int, int],
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> list[int]:
    """:func:`widest_discards` of a hand given as its suits' bytes (m, p, s: 9 counts
    each, honours: 7), as the engine keeps them per seat (``Observation.shape``)."""
    return widest_of_unseen(
        keys, wilds, melds, unseen_counts(unseen), seven_pairs, thirteen_orphans
    )


def unseen_counts(planes: tuple[int, int, int]) -> int:
    """The unseen copies per kind given as three bit planes, as one number of a byte per
    kind (kind k: byte k, least significant first), what :func:`widest_of_unseen` reads."""
    p0, p1, p2 = planes
    out = 0
    for k in range(34):
        out |= ((p0 >> k & 1) + 2 * (p1 >> k & 1) + 4 * (p2 >> k & 1)) << 8 * k
    return out


def unseen_planes(counts: int) -> tuple[int, int, int]:
    """:func:`unseen_counts` the other way: the three bit planes of the unseen copies."""
    b = counts.to_bytes(34, "little")[::-1]
    return (
        int(b.translate(_COUNT_BIT[0]), 2),
        int(b.translate(_COUNT_BIT[1]), 2),
        int(b.translate(_COUNT_BIT[2]), 2),
    )


def widest_of_unseen(
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    melds: int,
    unseen: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> list[int]:
    """:func:`widest_of_keys` with the unseen copies given as one number of a byte per
    kind (:func:`unseen_counts`; the greedy player makes it from the tiles in sight in
    three calls). A mask's unseen tiles are then the sum of its kinds' bytes: the mask
    spread to whole bytes (``_SPREAD``), and-ed with it, modulo 255 (256 is 1 modulo 255,
    and no sum reaches 255: 34 kinds, four copies at most)."""
    info = _INFO
    ka, kb, kc, kd = keys
    ia = info.get(ka) or _info(ka)
    ib = info.get(kb) or _info(kb)
    ic = info.get(kc) or _info(kc)
    id_ = info.get(kd) or _info(kd)
    if ia is None or ib is None or ic is None or id_ is None:
        # a pattern outside the tables: the plain path says what is wrong
        return _plain(
            ka + kb + kc + kd, wilds, melds, unseen_planes(unseen), seven_pairs, thirteen_orphans
        )
    ca, cb, cc, cd = ia[0], ib[0], ic[0], id_[0]
    try:
        ok = (
            0 <= wilds <= 8
            and 0 <= melds <= 4
            and ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds == 14
        )
    except TypeError:
        ok = False
    if not ok:
        # bad input: the plain path says what is wrong
        return _plain(
            ka + kb + kc + kd, wilds, melds, unseen_planes(unseen), seven_pairs, thirteen_orphans
        )
    # _standard_best's first pass, a suit at a time: the lowest shanten after a discard
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    ab = CONV[a][bb]
    cd_ = CONV[c][d]
    ra, rb, rc, rd = rests = (CONV[bb][cd_], CONV[a][cd_], CONV[ab][d], CONV[ab][c])
    need_of = NEED[melds]
    w1 = wilds + 1
    wild_sh = need_of[ab][cd_] - wilds if wilds else 99  # the wildcard's discard
    infos = (ia, ib, ic, id_)
    # each suit's lowest need after one of its discards (99: none of that suit to discard)
    lows = (ia[1][melds][ra], ib[1][melds][rb], ic[1][melds][rc], id_[1][melds][rd])
    target = min(lows)
    low = target - w1  # the lowest shanten after a discard of a natural kind
    if wild_sh < low:
        low = wild_sh
        target = low + w1
    if melds == 0 and (
        (seven_pairs and 6 - ca[2] - cb[2] - cc[2] - cd[2] - wilds <= low)
        or (thirteen_orphans and 12 - ca[4] - cb[4] - cc[4] - cd[4] - wilds <= low)
    ):
        # seven pairs or thirteen orphans may reach it (about one greedy hand in a
        # hundred): every discard in every form, from the same tables
        return _widest_all_forms(
            infos, keys, wilds, unseen, ab, cd_, rests, seven_pairs, thirteen_orphans
        )
    ids = (a, bb, c, d)
    tight = TIGHT_IDS[melds]
    # the best so far: its unseen count and kinds; a natural kind beats the wildcard on a tie
    best_n = -1
    best: list[int] = []
    wild_best = False
    if wild_sh == low:
        # the wildcard's discard leaves every suit as it is: its mask is each suit's tight
        # splits against the three others (_standard's mask), read as the loop below reads
        # a discard's, already spread to bytes
        spread = _SPREAD
        best_n = (
            (
                spread[0][ia[3][tight[a][rests[0]]]]
                | spread[1][ib[3][tight[bb][rests[1]]]]
                | spread[2][ic[3][tight[c][rests[2]]]]
                | spread[3][id_[3][tight[d][rests[3]]]]
            )
            & unseen
        ) % 255
        best = [-1]
        wild_best = True
    # the other suits: x's partner y (its complement: x's new vector and the other pair),
    # and the other pair z, zz (each against the first pair and its partner); their part
    # of a discard's count depends on x's new vector only. The suits' order and their
    # spread tables are constants (_ORDERS, _SPREADS): nothing built per call for them
    for x, y, z, zz in _ORDERS:
        if lows[x] != target:
            continue
        complement = rests[x]
        row = need_of[complement]
        base = 9 * x
        uy, uz, uzz = ids[y], ids[z], ids[zz]
        oy, oz, ozz = infos[y][3], infos[z][3], infos[zz][3]
        ty, tz, tzz = tight[uy], tight[uz], tight[uzz]
        sx, sy, sz, szz = _SPREADS[x]
        other_pair = ab if x >= 2 else cd_
        for v, members in infos[x][2]:
            if row[v] != target:
                continue
            # _others_mask_after, counted suit by suit: each suit's tight splits or-ed
            mine = CONV[v][uy]
            rest = (
                sy[oy[ty[CONV[v][other_pair]]]]
                | sz[oz[tz[CONV[mine][uzz]]]]
                | szz[ozz[tzz[CONV[mine][uz]]]]
            )
            # the suit's own tight splits against its complement (as _standard)
            splits = tight[v][complement]
            for j, own in members:
                n = ((rest | sx[own[splits]]) & unseen) % 255
                if n > best_n or (n == best_n and wild_best):
                    best_n, best, wild_best = n, [base + j], False
                elif n == best_n:
                    best.append(base + j)
    if len(best) > 1:
        best.sort()  # the kinds ascending, as a discard at a time would give them
    return best


def _widest_all_forms(
    infos: tuple[_Info, _Info, _Info, _Info],
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    unseen: int,
    ab: int,
    cd_: int,
    rests: tuple[int, int, int, int],
    sp: bool,
    to: bool,
) -> list[int]:
    """:func:`widest_of_unseen` of a hand with no meld where seven pairs (``sp``) or
    thirteen orphans (``to``) may reach the lowest shanten: what ``_discards``
    (``best_only``) and :func:`rank` give, without a record per discard. Each discard's
    shanten in each form is worked out as ``hand._candidates`` does (the same formulas
    and the same bounds), and the mask of a discard at the lowest is the union of the
    masks of the forms that reach it (as ``_discards``), counted as in
    :func:`widest_of_unseen`."""
    need_of = NEED[0]
    tight = TIGHT_IDS[0]
    ca, cb, cc, cd = infos[0][0], infos[1][0], infos[2][0], infos[3][0]
    pairs, singles, present, others_pair, floor7, floor13 = _form_counts(
        (ca, cb, cc, cd), wilds, sp, to
    )
    w1 = wilds + 1
    # the first pass (hand._candidates): each discard's shanten in each form, the lowest
    low = 99
    wild_std = wild_s7 = wild_s13 = 99
    if wilds:
        w = wilds - 1
        wild_std = sh = need_of[ab][cd_] - wilds
        if floor7 <= wild_std:
            wild_s7 = 6 - _pairs_total(pairs, singles, w)
            sh = wild_s7 if wild_s7 < sh else sh
        if floor13 <= wild_std:
            wild_s13 = 13 - present - (ca[5] | cb[5] | cc[5] | cd[5]) - w
            wild_s13 = wild_s13 if wild_s13 >= 0 else -1
            sh = wild_s13 if wild_s13 < sh else sh
        low = sh
    # kind -> (standard, seven pairs, thirteen orphans shanten, pairs, singles, the class
    # after the discard)
    forms: dict[int, tuple[int, int, int, int, int, Class]] = {}
    for x in range(4):
        key = keys[x]
        old = infos[x][0]
        row = need_of[rests[x]]
        base = 9 * x
        others = others_pair[x]
        pairs_rest = pairs - old[2]
        singles_rest = singles - old[3]
        present_rest = present - old[4]
        rem = _REMOVED.get(key)
        if rem is None:
            rem = _removals(key)
        for j, new in rem:
            std = sh = row[new[0]] - w1
            s7 = s13 = 99
            p = pairs_rest + new[2]
            sg = singles_rest + new[3]
            if floor7 <= std:
                total = p + wilds if wilds <= sg else p + sg + (wilds - sg) // 2
                s7 = 6 - total if total < 7 else -1
                sh = s7 if s7 < sh else sh
            if floor13 <= std:
                s13 = 13 - (present_rest + new[4]) - (others | new[5]) - wilds
                s13 = s13 if s13 >= 0 else -1
                sh = s13 if s13 < sh else sh
            forms[base + j] = (std, s7, s13, p, sg, new)
            if sh < low:
                low = sh
    # the second pass: the masks of the discards at the lowest, counted
    b = keys[0] + keys[1] + keys[2] + keys[3]
    odd_spread = absent = -1  # read when needed
    best_n = -1
    best: list[int] = []
    wild_best = False
    if wilds and (wild_std == low or wild_s7 == low or wild_s13 == low):
        counted = 0
        if wild_std == low:
            counted = _spread_of(_standard(b, ca, cb, cc, cd, 0)[1])
        if wild_s7 == low:
            odd_spread = _spread_of(_odd_mask(b))
            counted |= _pairs_spread(pairs, singles, wilds - 1, odd_spread)
        if wild_s13 == low:
            absent = _absent_orphans(b)
            counted |= _orphans_spread(ca[5] | cb[5] | cc[5] | cd[5], wild_s13, absent)
        best_n = (counted & unseen) % 255
        best = [-1]
        wild_best = True
    ids = (ca[0], cb[0], cc[0], cd[0])
    for x, y, z, zz in _ORDERS:
        complement = rests[x]
        base = 9 * x
        uy, uz, uzz = ids[y], ids[z], ids[zz]
        oy, oz, ozz = infos[y][3], infos[z][3], infos[zz][3]
        ty, tz, tzz = tight[uy], tight[uz], tight[uzz]
        sx, sy, sz, szz = _SPREADS[x]
        other_pair = ab if x >= 2 else cd_
        for v, members in infos[x][2]:
            rest = -1  # the other suits' part of the standard mask, read when needed
            splits = tight[v][complement]
            for j, own in members:
                kind = base + j
                std, s7, s13, p, sg, new = forms[kind]
                if std != low and s7 != low and s13 != low:
                    continue
                counted = 0
                if std == low:
                    if rest < 0:
                        mine = CONV[v][uy]
                        rest = (
                            sy[oy[ty[CONV[v][other_pair]]]]
                            | sz[oz[tz[CONV[mine][uzz]]]]
                            | szz[ozz[tzz[CONV[mine][uz]]]]
                        )
                    counted = rest | sx[own[splits]]
                if s7 == low:
                    if odd_spread < 0:
                        odd_spread = _spread_of(_odd_mask(b))
                    # the odd counts after the discard: the kind's parity flips
                    counted |= _pairs_spread(p, sg, wilds, odd_spread ^ _KIND_BYTE[kind])
                if s13 == low:
                    if absent < 0:
                        absent = _absent_orphans(b)
                    gone = 1 << kind if b[kind] == 1 else 0
                    counted |= _orphans_spread(
                        others_pair[x] | new[5], s13, absent | gone & ORPHAN_MASK
                    )
                c = (counted & unseen) % 255
                if c > best_n or (c == best_n and wild_best):
                    best_n, best, wild_best = c, [kind], False
                elif c == best_n:
                    best.append(kind)
    if len(best) > 1:
        best.sort()  # the kinds ascending, as a discard at a time would give them
    return best


def _spread_of(mask: int) -> int:
    """A 34-bit mask spread to whole bytes (255 in the byte of each kind it names)."""
    spread = _SPREAD
    return (
        spread[0][mask & 511]
        | spread[1][mask >> 9 & 511]
        | spread[2][mask >> 18 & 511]
        | spread[3][mask >> 27]
    )


def _orphans_spread(pair: int, sh: int, absent: int) -> int:
    """Thirteen orphans' acceptance (``_thirteen_orphans_of``) as a spread mask: none when
    complete, the orphan kinds not held where a pair is held, else every orphan kind."""
    if sh < 0:
        return 0
    return _spread_of(absent) if pair else _ORPHAN_SPREAD


def _pairs_spread(pairs: int, singles: int, wilds: int, odd_spread: int) -> int:
    """Seven pairs' acceptance (``_seven_pairs_of``) as a spread mask, from the hand's odd
    counts as a spread mask."""
    gain = _seven_pairs_gain(pairs, singles, wilds)
    if gain == _EITHER:
        return _ALL_SPREAD
    if gain == _ODD:
        return odd_spread
    if gain == _EVEN:
        return _ALL_SPREAD ^ odd_spread
    return 0


# a suit's 9-bit mask (by suit) -> 255 in the byte of each kind it names: and-ed with the
# unseen copies as a byte per kind, the kinds' copies modulo 255 are their sum
def _spread(x: int) -> tuple[int, ...]:
    # grown a bit at a time: the masks with bit i set are those below 2^i plus kind i's byte
    # (the same numbers as summing each mask's bytes, for a twentieth of the work at import)
    out = [0]
    for i in range(9):
        byte = 255 << 8 * (9 * x + i)
        out += [v | byte for v in out]
    return tuple(out)


_SPREAD = tuple(_spread(x) for x in range(4))
# every kind's byte, and each kind's byte alone
_ALL_SPREAD = (1 << 8 * 34) - 1
_KIND_BYTE = tuple(255 << 8 * k for k in range(34))
_ORPHAN_SPREAD = sum(255 << 8 * k for k in range(34) if ORPHAN_MASK >> k & 1)
# each suit x with its partner y and the other pair z, zz (y = x ^ 1; z, zz the pair not x's)
_ORDERS = ((0, 1, 2, 3), (1, 0, 2, 3), (2, 3, 0, 1), (3, 2, 0, 1))
# the spread tables of _ORDERS' suits, in their order
_SPREADS = tuple(tuple(_SPREAD[s] for s in order) for order in _ORDERS)
# bytes.translate tables: an unseen count -> ASCII "1" where its bit n is set
_COUNT_BIT = [bytes(48 + (v >> n & 1) for v in range(256)) for n in range(3)]


def _plain(
    counts: Sequence[int],
    wilds: int,
    melds: int,
    unseen: tuple[int, int, int],
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> list[int]:
    options = discard_masks(
        counts, wilds, melds,
        seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans, best_only=True,
    )  # fmt: skip
    if len(options) < 2:
        return [k for k, _, _ in options]
    return rank(options, unseen)
