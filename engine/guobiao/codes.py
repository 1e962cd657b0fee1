"""Guobiao tiles and packs in the compact code the fan counting works in.

The codes are the reference calculator's (``pymahjonggb``): suit << 4 | rank, characters 1,
bamboo 2, dots 3, honours 4 = E S W N 中 发 白, so that ties between divisions resolve in the
same order as there. A pack is offer << 12 | kind << 8 | tile (a chow's middle tile).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ALL_TILES = (
    *range(0x11, 0x1A), *range(0x21, 0x2A), *range(0x31, 0x3A), *range(0x41, 0x48),
)  # fmt: skip
TABLE = 0x50  # codes up to 0x47; the spare slots read as empty (a 9 of the honours)
E, S, W, N, C, GF, P = range(0x41, 0x48)  # winds, 中, 发, 白
CHOW, PUNG, KONG, PAIR = 1, 2, 3, 4

_SUIT_CODE = (1, 3, 2)  # project suits m p s -> characters, dots, bamboo
_HONOUR_CODE = (E, S, W, N, P, GF, C)  # project 1z..7z = E S W N 白 发 中


def code_of(kind: int) -> int:
    """The compact code of a project tile kind (0–33)."""
    if kind < 27:
        return (_SUIT_CODE[kind // 9] << 4) | (kind % 9 + 1)
    return _HONOUR_CODE[kind - 27]


KIND_OF = {code_of(k): k for k in range(34)}


def make_pack(offer: int, kind: int, tile: int) -> int:
    return (offer << 12) | (kind << 8) | tile


def melded(pack: int) -> bool:
    return bool(pack & 0x3000)


def ptype(pack: int) -> int:
    return (pack >> 8) & 0xF


def ptile(pack: int) -> int:
    return pack & 0xFF


def suited(t: int) -> bool:
    return not t & 0xC0


def terminal(t: int) -> bool:
    return (t & 0xC7) == 1


def winds(t: int) -> bool:
    return 0x40 < t < 0x45


def dragons(t: int) -> bool:
    return 0x44 < t < 0x48


def honor(t: int) -> bool:
    return 0x40 < t < 0x48


def orphan(t: int) -> bool:
    return terminal(t) or honor(t)


GREEN = 0x0020000000AE0000
REVERSIBLE = 0x0040019F01BA0000


def green(t: int) -> bool:
    return bool(GREEN & (1 << (t - 0x11)))


def reversible(t: int) -> bool:
    return bool(REVERSIBLE & (1 << (t - 0x11)))


THIRTEEN = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, E, S, W, N, C, GF, P)
KNITTED = tuple(
    tuple(sorted((a << 4 | r) for a, ranks in zip((1, 2, 3), seq, strict=True) for r in ranks))
    for seq in (
        ((1, 4, 7), (2, 5, 8), (3, 6, 9)), ((1, 4, 7), (3, 6, 9), (2, 5, 8)),
        ((2, 5, 8), (1, 4, 7), (3, 6, 9)), ((2, 5, 8), (3, 6, 9), (1, 4, 7)),
        ((3, 6, 9), (1, 4, 7), (2, 5, 8)), ((3, 6, 9), (2, 5, 8), (1, 4, 7)),
    )
)  # fmt: skip

# win flags
SELF_DRAWN_FLAG, FOURTH_TILE, ABOUT_KONG, WALL_LAST = 1, 2, 4, 8


def rank(t: int) -> int:
    return t & 0xF


def suit(t: int) -> int:
    return t >> 4


@dataclass(slots=True)
class Hand:
    fixed: tuple[int, ...]
    fixed_cnt: Sequence[int]  # the fixed packs' tiles (a kong counts four)
    standing_cnt: list[int]  # the concealed tiles with the winning tile
    unique: list[int]  # the kinds in the hand, in order
    mask: int  # the kinds in the hand as a bit set, bit t - 0x11 for code t
    win: int
    flag: int
    seat: int
    prevalent: int
