"""Shanten, completeness, waits and discard choices of a concealed hand with wildcards:
the public calls. Each reads its input (``reading.py``) and answers from the hand's forms
(``forms.py``), its discards (``discards.py``) or, for hands of five sets, a search past the
tables (``wide.py``).

Wildcards are free tiles: with ``need`` the fewest real tiles to add to the
natural tiles, ``shanten = need - wilds - 1`` (never below -1 for a 13- or
14-tile hand, since a target hand of 14 tiles misses at least ``wilds`` of
them).

Counts above four are accepted and analysed as shape (brute-force checks
substitute wildcards with fifth copies); they take a slower exact path.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.discards import (
    _discards,
)
from engine.analysis.forms import (
    _acceptance,
    _mask_kinds,
    _need_only,
    _other_forms,
    _pairs_total,
    _seven_pairs,
    _seven_pairs_mask,
    _shanten_of_classes,
    _thirteen_orphans,
    _waits_mask,
)
from engine.analysis.reading import (
    _ALL,
    _K0,
    _K1,
    _K2,
    _K3,
    AnalysisError,
    DiscardOption,
    _absent_orphans,
    _check_size,
    _key,
    _parts,
    _read,
)
from engine.analysis.tables import ALL_KINDS, CONV, HONOUR, NEED, ORPHAN_MASK, SUIT, TIGHT, Class
from engine.analysis.wide import (
    _SETS,
    _need_any,
    _wide_discard_options,
    _wide_need,
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


def shanten_of_keys(
    keys: tuple[bytes, bytes, bytes, bytes],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
) -> int:
    """:func:`shanten` of a hand given as its suits' bytes (m, p, s: 9 counts each, honours:
    7), as the engine keeps them per seat: no counts to read."""
    parts = _classes_of_keys(keys, wilds, melds, (13, 14))
    if parts is None:  # a pattern not read yet, or bad input: shanten reads it (and says
        return shanten(  # what is wrong)
            b"".join(keys), wilds, melds,
            seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans,
        )  # fmt: skip
    ca, cb, cc, cd = parts
    sh = _shanten_of_classes(ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)
    assert sh is not None  # vector ids checked
    return sh


def _classes_of_keys(
    keys: tuple[bytes, bytes, bytes, bytes], wilds: int, melds: int, sizes: tuple[int, ...]
) -> tuple[Class, Class, Class, Class] | None:
    """The classes of a hand given as its suits' bytes, read so far and inside the
    combination tables, for a hand of one of ``sizes``; None otherwise (a pattern not read
    yet, outside the combination tables, a hand of the wrong size or bad input: the caller
    reads the counts afresh, which says what is wrong)."""
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
        or ca[6] + cb[6] + cc[6] + cd[6] + wilds + 3 * melds not in sizes
    ):
        return None
    return ca, cb, cc, cd


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
        if melds == -1 and not wilds:
            k = _key(counts)
            _check_size(sum(k) + 3 * melds, (14,))
            return _wide_complete(k, 0, melds)
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
    if type(melds) is int and melds == -1 and not wilds:  # 16 tiles: each set held out
        return _mask_kinds(_wide_waits_mask(_key(counts), 0, melds))
    if type(melds) is int and melds < 0:  # each kind tried
        _wide_need(counts, wilds, melds, (13,))
        return [k for k in _ALL if is_complete([*counts[:k], counts[k] + 1, *counts[k + 1 : 34]],
                                               wilds, melds)]  # fmt: skip
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13,))
    # forms._waits_mask's reading written out, with the kinds listed from the masks: the
    # call it saves is a tenth of a random ready hand's waits
    # (tests/engine/analysis/test_discards.py holds them together)
    a, bb, c, d = ca[0], cb[0], cc[0], cd[0]
    if a < 0 or bb < 0 or c < 0 or d < 0:
        sh, mask = _acceptance(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)
        return _mask_kinds(mask) if sh == 0 else []
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
                mask = _seven_pairs_mask(b, p, s, wilds)
                if mask == ALL_KINDS:
                    return list(_ALL)
        if (
            thirteen_orphans
            and ca[4] + cb[4] + cc[4] + cd[4] + (ca[5] | cb[5] | cc[5] | cd[5]) + wilds == 13
        ):
            mask |= _absent_orphans(b) if ca[5] | cb[5] | cc[5] | cd[5] else ORPHAN_MASK
    if not ready:
        return _mask_kinds(mask) if mask else []
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
    if mask:
        return _mask_kinds(mask | ma | mb << 9 | mc << 18 | md << 27)
    return [*_K0[ma], *_K1[mb], *_K2[mc], *_K3[md]]


def waits_mask(
    counts: Sequence[int],
    wilds: int = 0,
    melds: int = 0,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> int:
    """:func:`waits` as a bit mask (bit k: kind k), what the engine keeps per hand: a
    discard's claim check and a draw's self-draw check test one bit."""
    if type(melds) is int and melds < 0:  # a hand of five sets
        return _wide_waits_mask(_key(counts), wilds, melds)
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
    parts = _classes_of_keys(keys, wilds, melds, (13,))
    b = b"".join(keys)
    if parts is None:
        return waits_mask(b, wilds, melds, seven_pairs, thirteen_orphans)
    ca, cb, cc, cd = parts
    return _waits_mask(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)


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
    if type(melds) is int and melds < 0:  # a hand of five sets: past the tables
        wide = [
            (o.kind, o.shanten, sum(1 << k for k in o.accept_kinds))
            for o in _wide_discard_options(counts, wilds, melds, None)
        ]
        low = min(o[1] for o in wide)
        return [o for o in wide if o[1] == low] if best_only else wide
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
    if type(melds) is int and melds < 0:  # a hand of five sets: each kind tried
        need = _wide_need(counts, wilds, melds, (13,))
        work = bytearray(_key(counts))
        mask = 0
        for k in _ALL:
            work[k] += 1
            if _need_any(bytes(work), melds) < need:
                mask |= 1 << k
            work[k] -= 1
        return need - wilds - 1, mask
    b, ca, cb, cc, cd = _read(counts, wilds, melds, (13,))
    return _acceptance(b, ca, cb, cc, cd, wilds, melds, seven_pairs, thirteen_orphans)


def mask_kinds(mask: int) -> list[int]:
    """The kinds (ascending) whose bits are set in an acceptance mask."""
    return _mask_kinds(mask)


# --- hands of five sets, wildcard-free: one set held whole taken out, four for the tables ---


def _held_sets(b: bytes) -> list[bytes]:
    """The counts left after taking out each set the hand holds whole (each pung and run
    once): a hand of five sets is four sets read by the tables once one of them is out."""
    out = []
    for target in _SETS:
        work = bytearray(b)
        for k in target:
            if not work[k]:
                break
            work[k] -= 1
        else:
            out.append(bytes(work))
    return out


def _wide_waits_mask(b: bytes, wilds: int, melds: int) -> int:
    """:func:`waits_mask` of a 16-tile hand with no meld (``melds`` -1), wildcard-free: a
    complete 17-tile hand has five sets, at least one of them without the winning tile, so
    the waits are the union, over each set held whole, of the tables' waits of the 13
    tiles left. Exact, and a few table reads per set held (the slow path tries each kind
    against every set instead)."""
    if wilds or melds != -1:
        return sum(1 << k for k in waits(b, wilds, melds))
    _check_size(sum(b) + 3 * melds, (13,))
    mask = 0
    for rest in _held_sets(b):
        mask |= waits_mask(rest, 0, 0, False, False)
    return mask


def _wide_complete(b: bytes, wilds: int, melds: int) -> bool:
    """:func:`is_complete` of a 17-tile hand with no meld, wildcard-free (as above: one set
    held whole out, four sets and a pair for the tables)."""
    return any(is_complete(rest, 0, 0, seven_pairs=False, thirteen_orphans=False)
               for rest in _held_sets(b))  # fmt: skip
