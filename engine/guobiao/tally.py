"""Guobiao: a hand's tiles tallied into suit keys (:mod:`engine.guobiao.suits`), the tables the
calculator reads them with: each tile's and fixed pack's part of a key and of the set of kinds,
a key's kinds and tiles (filled as keys come up), the masks of its digits."""

from __future__ import annotations

from collections.abc import Sequence

from engine.guobiao.codes import ALL_TILES, CHOW, KONG, PUNG, TABLE
from engine.guobiao.suits import KEY_BIT, LIMIT

_VALID = frozenset(ALL_TILES)

PACK_TILES = (0, 3, 3, 4, 2)  # by pack kind: chow, pung, kong, pair
NO_TILES = (0,) * TABLE
BIT = tuple(1 << (t - 0x11) if t in _VALID else 0 for t in range(TABLE))


def pack_key(p: int) -> tuple[int, int]:
    """A fixed pack without its offer (kind << 8 | tile): its tiles in its suit's key and its
    kinds' bits (engine.guobiao.traits.tile_mask)."""
    kind, t = p >> 8, p & 0xFF
    if kind == CHOW and t - 1 in _VALID and t + 1 in _VALID and t < 0x40:
        return 0o111 * KEY_BIT[t - 1], BIT[t - 1] | BIT[t] | BIT[t + 1]
    if kind in (PUNG, KONG) and t in _VALID:
        return PACK_TILES[kind] * KEY_BIT[t], BIT[t]
    return 0, 0


PACK_KEY, PACK_BITS = zip(*(pack_key(p) for p in range(0x500)), strict=True)
PACK_SIZE = tuple(PACK_TILES[p >> 8] if 0 < p >> 8 < 4 else 0 for p in range(0x500))
# by tile: the shift of its count in its suit's key
SHIFT = tuple(max(KEY_BIT[t].bit_length() - 1, 0) for t in range(TABLE))
FOURS = 0o444444444


def counted(standing: Sequence[int], win: int) -> list[int]:
    """The standing tiles and the winning one, counted by tile."""
    cnt = [0] * TABLE
    for t in standing:
        cnt[t] += 1
    cnt[win] += 1
    return cnt


# a suit key -> its kinds (bit r - 1: rank r) and its tiles, as met
KEY_KINDS: dict[int, tuple[int, int]] = {}


def key_kinds(key: int) -> tuple[int, int]:
    kinds = tiles = 0
    for r in range(9):
        n = key >> 3 * r & 7
        if n:
            kinds |= 1 << r
            tiles += n
    if len(KEY_KINDS) >= LIMIT:
        KEY_KINDS.clear()
    got = KEY_KINDS[key] = (kinds, tiles)
    return got


ONES = 0o111111111
SUIT_BITS = (0, 0x1FF, 0x1FF << 16, 0x1FF << 32, 0x7F << 48)  # by suit: its kinds' bits


def digit_sum(key: int) -> int:
    """The tiles a suit key counts (its digits summed)."""
    return (
        (key & 0o111111111).bit_count() + 2 * (key & 0o222222222).bit_count()
        + 4 * (key & 0o444444444).bit_count()
    )  # fmt: skip


# by a suit's nine bits of kinds: whether it holds 1-4-7, 2-5-8 or 3-6-9 (组合龙's part)
KNIT = tuple(any(m & k == k for k in (0o111, 0o222, 0o444)) for m in range(512))


def clear_tables() -> None:
    """Forget the keys' kinds and tiles met so far."""
    KEY_KINDS.clear()
