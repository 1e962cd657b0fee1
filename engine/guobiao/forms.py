"""Guobiao special forms: 组合龙 with a set and a pair, 七对 / 连七对, 全不靠 / 七星不靠,
十三幺 and 九莲宝灯."""

from __future__ import annotations

from collections.abc import Sequence

from engine.guobiao import fans as F
from engine.guobiao.codes import (
    CHOW,
    KNITTED,
    KONG,
    SELF_DRAWN_FLAG,
    THIRTEEN,
    Hand,
    dragons,
    honor,
    melded,
    ptile,
    ptype,
    rank,
    suit,
    suited,
    terminal,
    winds,
)
from engine.guobiao.suits import KEY_BIT, divisions
from engine.guobiao.traits import (
    by_kinds,
    by_wait,
    by_win_flag,
    by_winds,
    final_adjust,
    tile_mask,
)
from engine.guobiao.waits import one_kind_wait, unique_wait

_KNITTED_BITS = tuple(tile_mask(s) for s in KNITTED)
_SUIT_BITS = (0, 0x1FF, 0x1FF << 16, 0x1FF << 32)
_SUITED_BITS = _SUIT_BITS[1] | _SUIT_BITS[2] | _SUIT_BITS[3]


def knitted_straight(h: Hand) -> list[int] | None:
    """组合龙 with a set and a pair (concealed, or with one meld)."""
    if len(h.unique) < 9:
        return None  # the dragon alone is nine kinds
    standing = h.standing_cnt
    mask = tile_mask(t for t in h.unique if standing[t]) if h.fixed else h.mask
    seq: tuple[int, ...] = ()
    for knitted, bits in zip(KNITTED, _KNITTED_BITS, strict=True):
        if not bits & ~mask:
            seq = knitted
            break
    if not seq:
        return None
    if not any(standing[t] > 1 for t in h.unique):
        return None
    cnt = list(standing)
    for t in seq:
        cnt[t] -= 1
    keys = [0, 0, 0, 0, 0]  # the body's tiles, per suit (engine.guobiao.suits)
    sizes = [0, 0, 0, 0, 0]
    for t in h.unique:
        n = cnt[t]
        if n:
            keys[t >> 4] += n * KEY_BIT[t]
            sizes[t >> 4] += n
    out = divisions(keys, sizes, [0, 0, 0, *h.fixed])
    if len(out) != 1:
        return None
    packs = out[0]
    involved = packs[3]
    pair_tile = ptile(packs[4])
    kind = ptype(involved)
    shown = h.fixed_cnt
    table = [0] * F.SIZE
    table[F.KNITTED_STRAIGHT] = 1
    if kind == CHOW:
        if suited(pair_tile):
            table[F.ALL_CHOWS] = 1
        if standing[pair_tile] + shown[pair_tile] == 4:
            table[F.TILE_HOG] = 1
    else:
        t = ptile(involved)
        if honor(t):
            if winds(t):
                table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
                by_winds(t, h.prevalent, h.seat, table)
                if dragons(pair_tile):
                    table[F.ALL_TYPES] = 1
            else:
                table[F.DRAGON_PUNG] = 1
                if winds(pair_tile):
                    table[F.ALL_TYPES] = 1
        else:
            if terminal(t):
                table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
            if not honor(pair_tile):
                table[F.NO_HONORS] = 1
            if kind != KONG and standing[t] + shown[t] == 4:
                table[F.TILE_HOG] = 1
    by_win_flag(h.flag, table)
    if melded(involved):
        if kind == KONG:
            table[F.MELDED_KONG] = 1
    else:
        if kind == KONG:
            table[F.CONCEALED_KONG] = 1
        if h.flag & SELF_DRAWN_FLAG:
            table[F.FULLY_CONCEALED_HAND] = 1
            table[F.SELF_DRAWN] = 0
        else:
            table[F.CONCEALED_HAND] = 1
    if not h.fixed:
        # the body of the dragon has its 边 / 嵌 / 钓 too (the reference's reading)
        win = h.win
        if cnt[win]:
            keys[win >> 4] -= KEY_BIT[win]
            sizes[win >> 4] -= 1
            one_wait = one_kind_wait(keys, sizes, cnt, h.unique, win)
        else:
            # the winning tile is in the dragon: the reference's count of it wraps below zero
            one_wait = unique_wait(cnt, 4, win)
        if one_wait:
            by_wait(packs[3:5], h.win, table)
    elif h.win not in seq or standing[h.win] == 3:
        table[F.SINGLE_WAIT] = 1
    final_adjust(table)
    return table


def seven_shifted(cnt: Sequence[int], suit: int) -> bool:
    if suit == 4:
        return False
    t3 = suit << 4 | 3
    if all(cnt[t3 + i] == 2 for i in range(5)):
        if cnt[t3 - 1] == 2:
            return cnt[t3 - 2] == 2 or cnt[t3 + 5] == 2
        return cnt[t3 + 5] == 2 and cnt[t3 + 6] == 2
    return False


def honors_and_knitted(mask: int, table: list[int]) -> bool:
    """全不靠 / 七星不靠 (with 组合龙 when all nine knitted tiles are there) of fourteen kinds
    (``mask``: their bit set)."""
    if mask.bit_count() != 14:
        return False
    numbered = mask & _SUITED_BITS
    n = numbered.bit_count()
    if not 7 <= n <= 9:
        return False
    if all(numbered & ~bits for bits in _KNITTED_BITS):
        return False
    if n == 7:  # and so all seven honours
        table[F.GREATER_HONORS_AND_KNITTED] = 1
        return True
    table[F.LESSER_HONORS_AND_KNITTED] = 1
    if n == 9:
        table[F.KNITTED_STRAIGHT] = 1
    return True


def special(h: Hand) -> list[int] | None:
    """七对 / 连七对, 全不靠 / 七星不靠, 十三幺."""
    if 7 < len(h.unique) < 13:
        return None  # seven pairs hold at most seven kinds, the others thirteen or fourteen
    cnt = h.standing_cnt
    table = [0] * F.SIZE
    if all(not cnt[t] & 1 for t in h.unique):
        s = suit(h.win)
        if seven_shifted(cnt, s):
            table[F.SEVEN_SHIFTED_PAIRS] = 1
            if not cnt[s << 4 | 1] and not cnt[s << 4 | 9]:
                table[F.ALL_SIMPLES] = 1
            by_win_flag(h.flag, table)
        else:
            table[F.SEVEN_PAIRS] = 1
            by_kinds(h.mask, table)
            table[F.TILE_HOG] = [cnt[t] for t in h.unique].count(4)
            by_win_flag(h.flag, table)
            final_adjust(table)
        return table
    if honors_and_knitted(h.mask, table):
        by_win_flag(h.flag, table)
        return table
    if tuple(h.unique) == THIRTEEN:
        table[F.THIRTEEN_ORPHANS] = 1
        by_win_flag(h.flag, table)
        return table
    return None


def nine_gates(h: Hand) -> list[int] | None:
    s, r = suit(h.win), rank(h.win)
    if s == 4 or h.mask & ~_SUIT_BITS[s]:
        return None  # fourteen tiles of the winning tile's suit
    cnt = h.standing_cnt
    base = s << 4
    middle = [cnt[base + i] for i in range(2, 9)]
    if r in (1, 9):
        other = base + (10 - r)
        if cnt[h.win] != 4 or cnt[other] != 3 or any(n != 1 for n in middle):
            return None
    else:
        if (
            cnt[h.win] != 2 or cnt[base + 1] != 3 or cnt[base + 9] != 3
            or any(cnt[base + i] != 1 for i in range(2, 9) if i != r)
        ):  # fmt: skip
            return None
    table = [0] * F.SIZE
    table[F.NINE_GATES] = 1
    if r in (1, 9):
        table[F.PURE_STRAIGHT] = 1
        table[F.TILE_HOG] = 1
    elif r in (2, 8):
        table[F.TWO_CONCEALED_PUNGS] = 1
        table[F.SHORT_STRAIGHT] = 1
        table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        table[F.TWO_CONCEALED_PUNGS] = 1
        table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        table[F.SHORT_STRAIGHT] = 1
    by_win_flag(h.flag, table)
    return table
