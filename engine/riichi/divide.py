"""Every reading of a complete riichi hand as four sets and a pair, or seven distinct pairs.

A block is ``(tile, type)``: the lowest tile (the kind of a pung, pair or kong, the start of
a sequence) and its type. The types are numbered, and the readings ordered, as the reference
library orders them (kong < pung < pair < sequence on the same tile; blocks sorted inside a
reading and readings sorted among themselves), because where two readings score exactly alike
the library keeps the first one, and so must we to give the same yaku.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

QUAD: Final = 0
TRIPLET: Final = 1
PAIR: Final = 2
SEQUENCE: Final = 3

Block = tuple[int, int]
Reading = tuple[Block, ...]


def _sets(c: list[int], i: int, blocks: list[Block], base: int, out: list[Reading]) -> None:
    """Append every way the counts ``c`` from rank ``i`` on split into sets (sequences before
    a pung at each rank, so that each split is found once)."""
    while i < 9 and not c[i]:
        i += 1
    if i == 9:
        out.append(tuple(blocks))
        return
    if i < 7 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        blocks.append((base + i, SEQUENCE))
        _sets(c, i, blocks, base, out)
        blocks.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if c[i] >= 3:
        c[i] -= 3
        blocks.append((base + i, TRIPLET))
        _sets(c, i + 1, blocks, base, out)
        blocks.pop()
        c[i] += 3


@lru_cache(maxsize=8192)
def suit_readings(counts: tuple[int, ...], base: int) -> tuple[Reading, ...]:
    """The readings of one suit's nine counts: sets only, or sets and one pair."""
    total = sum(counts)
    c = list(counts)
    out: list[Reading] = []
    if total % 3 == 0:
        _sets(c, 0, [], base, out)
    elif total % 3 == 2:
        for p in range(9):
            if c[p] >= 2:
                c[p] -= 2
                _sets(c, 0, [(base + p, PAIR)], base, out)
                c[p] += 2
    return tuple(out)


def honour_reading(counts: Sequence[int]) -> Reading | None:
    """The one reading of the honours (pungs and at most one pair), or None."""
    blocks: list[Block] = []
    pair = False
    for i in range(27, 34):
        n = counts[i]
        if not n:
            continue
        if n == 3:
            blocks.append((i, TRIPLET))
        elif n == 2 and not pair:
            blocks.append((i, PAIR))
            pair = True
        else:
            return None
    return tuple(blocks)


def seven_pairs(counts: Sequence[int]) -> Reading | None:
    """Seven distinct pairs (no kind held four times), or None."""
    if 1 in counts or 3 in counts or 4 in counts:
        return None
    blocks = [(k, PAIR) for k in range(34) if counts[k] == 2]
    return tuple(blocks) if len(blocks) == 7 else None


def _pairs(reading: Reading) -> int:
    return sum(1 for b in reading if b[1] == PAIR)


def readings(counts: Sequence[int], meld_blocks: Sequence[Block]) -> list[Reading]:
    """Every reading of the concealed ``counts`` (34 kinds) with the melds' blocks: four sets
    and one pair in all, and seven pairs when there is no meld; sorted."""
    honours = honour_reading(counts)
    out: list[Reading] = []
    if honours is not None:
        man = suit_readings(tuple(counts[0:9]), 0)
        if man:
            pin = suit_readings(tuple(counts[9:18]), 9)
            if pin:
                sou = suit_readings(tuple(counts[18:27]), 18)
                honour_pairs = _pairs(honours)
                for m in man:
                    pm = _pairs(m) + honour_pairs
                    for p in pin:
                        pp = pm + _pairs(p)
                        for s in sou:
                            if pp + _pairs(s) != 1:
                                continue
                            blocks = [*m, *p, *s, *honours, *meld_blocks]
                            if len(blocks) == 5:
                                blocks.sort()
                                out.append(tuple(blocks))
    if not meld_blocks:
        pairs = seven_pairs(counts)
        if pairs is not None:
            out.append(pairs)
    out.sort()
    return out


def complete(counts: Sequence[int], melds: int) -> bool:
    """Whether concealed ``counts`` with ``melds`` sets already made form a winning shape:
    sets and a pair, seven distinct pairs or thirteen orphans (the last two with no meld)."""
    blocks: tuple[Block, ...] = ((0, QUAD),) * melds  # stand-ins: only their number counts
    if readings(counts, blocks):
        return True
    return not melds and orphans(counts)


ORPHAN_KINDS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def orphans(counts: Sequence[int]) -> bool:
    """Thirteen orphans: each terminal and honour, one of them twice (14 tiles)."""
    product = 1
    for k in ORPHAN_KINDS:
        product *= counts[k]
    return product == 2 and sum(counts) == 14
