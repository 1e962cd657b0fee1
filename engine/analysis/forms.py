"""The three forms of a hand read from its four suits' classes: the standard form (sets
and a pair), seven pairs and thirteen orphans, each with the kinds that lower it.

Table driven: the suits' vectors (fewest tiles to add for m sets and p pairs) are combined
through the precomputed ``CONV`` / ``NEED`` tables. A tile of suit X lowers ``need`` exactly
when some split of sets and pair between X and the other suits reaches ``need`` and the
tile lowers X's part of it ("tight" splits); the per-suit masks of such tiles are in the
tables.
"""

from __future__ import annotations

from typing import SupportsBytes

from engine.analysis import build
from engine.analysis.reading import (
    _K0,
    _K1,
    _K2,
    _K3,
    _absent_orphans,
    _odd_mask,
    _slow_class,
)
from engine.analysis.tables import (
    ALL_KINDS,
    CONV,
    NEED,
    ORPHAN_MASK,
    TIGHT,
    VECTORS,
    Class,
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


def _standard(
    b: SupportsBytes, ca: Class, cb: Class, cc: Class, cd: Class, melds: int
) -> tuple[int, int]:
    """(need, acceptance mask) of the standard form."""
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        return _standard_generic(bytes(b), (ca, cb, cc, cd), melds)
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
    :func:`shanten` and :func:`shanten_of_keys` share (``KeptHand.shanten`` reads the same
    on its packed fields); None for a pattern past the combination tables."""
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
    # the standard form's masks as _standard reads them, written out: waits are asked once
    # per change of every seat's hand
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
