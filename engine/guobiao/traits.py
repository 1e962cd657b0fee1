"""Guobiao fans of the whole hand (suits, ranks, terminals, concealment, the wait's place, the
winds and the win's situation) and the 不重复 table of what each fan already includes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.guobiao import fans as F
from engine.guobiao.codes import (
    ABOUT_KONG,
    ALL_TILES,
    CHOW,
    FOURTH_TILE,
    PAIR,
    SELF_DRAWN_FLAG,
    WALL_LAST,
    E,
    dragons,
    green,
    honor,
    orphan,
    ptile,
    ptype,
    rank,
    reversible,
    suit,
    suited,
    terminal,
    winds,
)


def pure_terminal_chows(chows: Sequence[int], pair: int) -> bool:
    pt = ptile(pair)
    if rank(pt) != 5:
        return False
    low = high = 0
    for p in chows:
        t = ptile(p)
        if suit(t) != suit(pt):
            return False
        r = rank(t)
        if r == 2:
            low += 1
        elif r == 8:
            high += 1
        else:
            return False
    return low == 2 and high == 2


def three_suited_terminal_chows(chows: Sequence[int], pair: int) -> bool:
    pt = ptile(pair)
    if rank(pt) != 5:
        return False
    low = [0] * 4
    high = [0] * 4
    ps = suit(pt)
    for p in chows:
        t = ptile(p)
        s = suit(t)
        if s == ps:
            return False
        r = rank(t)
        if r == 2:
            low[s] += 1
        elif r == 8:
            high[s] += 1
        else:
            return False
    return all(low[s] and high[s] for s in (1, 2, 3) if s != ps)


def by_self_drawn(shown: int, self_drawn: bool, table: list[int]) -> None:
    """不求人 / 门前清, 全求人, 自摸 by how many of the fixed packs are melded (``shown``)."""
    if shown == 0:
        table[F.FULLY_CONCEALED_HAND if self_drawn else F.CONCEALED_HAND] = 1
    elif shown == 4:
        table[F.SELF_DRAWN if self_drawn else F.MELDED_HAND] = 1
    elif self_drawn:
        table[F.SELF_DRAWN] = 1


def by_pair(pair_tile: int, chow_cnt: int, table: list[int]) -> None:
    if chow_cnt == 4:
        if suited(pair_tile):
            table[F.ALL_CHOWS] = 1
        return
    if table[F.TWO_DRAGON_PUNGS]:
        if dragons(pair_tile):
            table[F.LITTLE_THREE_DRAGONS] = 1
            table[F.TWO_DRAGON_PUNGS] = 0
        return
    if table[F.BIG_THREE_WINDS] and winds(pair_tile):
        table[F.LITTLE_FOUR_WINDS] = 1
        table[F.BIG_THREE_WINDS] = 0


# The whole-hand traits read a hand's kinds as a bit set: bit t - 0x11 for code t (suit 1 at
# bits 0-8, suit 2 at 16-24, suit 3 at 32-40, the honours E S W N 中 发 白 at 48-54).


def tile_mask(tiles: Iterable[int]) -> int:
    """The bit set of the kinds ``tiles`` hold."""
    mask = 0
    for t in tiles:
        mask |= 1 << (t - 0x11)
    return mask


def _bits(test: Callable[[int], bool]) -> int:
    return tile_mask(t for t in ALL_TILES if test(t))


_HONOUR_BITS = _bits(honor)
_WIND_BITS = _bits(winds)
_DRAGON_BITS = _bits(dragons)
_ORPHAN_BITS = _bits(orphan)
_TERMINAL_BITS = _bits(terminal)
_GREEN_BITS = _bits(green)
_REVERSIBLE_BITS = _bits(reversible)


def by_kinds(mask: int, table: list[int]) -> None:
    """The fans of the kinds a hand holds (``mask``: their bit set): 无字, 缺一门, 混一色 /
    清一色, 五门齐 (an all-honours hand lacks three suits); 断幺, 推不倒, 绿一色, 字一色 / 清幺九 /
    混幺九; 全大 / 全中 / 全小, 大于五 / 小于五 (the ranks of a hand without honours)."""
    honours = mask & _HONOUR_BITS
    # the suits
    voided = (not mask & 0x1FF) + (not mask & 0x1FF << 16) + (not mask & 0x1FF << 32)
    if voided == 2:
        table[_HALF_FLUSH if honours else _FULL_FLUSH] = 1
    else:
        if not honours:
            table[_NO_HONORS] = 1
        if voided:
            table[_ONE_VOIDED] = voided
        elif mask & _WIND_BITS and mask & _DRAGON_BITS:
            table[_ALL_TYPES] = 1
    # the tiles' traits
    if not mask & ~_REVERSIBLE_BITS:
        table[_REVERSIBLE] = 1
    if not mask & ~_GREEN_BITS:
        table[_ALL_GREEN] = 1
    if not mask & _ORPHAN_BITS:
        table[_ALL_SIMPLES] = 1
    elif not mask & ~_HONOUR_BITS:
        table[_ALL_HONORS] = 1
    elif not mask & ~_TERMINAL_BITS:
        table[_ALL_TERMINALS] = 1
    elif not mask & ~_ORPHAN_BITS:
        table[_ALL_TERMINALS_AND_HONORS] = 1
    if honours:
        return
    # the ranks
    flag = ((mask | mask >> 16 | mask >> 32) & 0x1FF) << 1  # bit r: rank r in some suit
    if not flag & 0xFFE1:
        table[_LOWER_FOUR if flag & 0x0010 else _LOWER_TILES] = 1
    elif not flag & 0xFC3F:
        table[_UPPER_FOUR if flag & 0x0040 else _UPPER_TILES] = 1
    elif not flag & 0xFF8F:
        table[_MIDDLE_TILES] = 1


def _pack_trait(p: int) -> int:
    """What a pack brings to 全带幺 (1), 全带五 (8) or 全双刻 (64): a sum over five packs
    counts each in its own three bits."""
    t = ptile(p)
    if not suited(t):
        return 1
    r = rank(t)
    if ptype(p) == CHOW:
        return 1 if r in (2, 8) else 8 if r in (4, 5, 6) else 0
    return 1 if r in (1, 9) else 8 if r == 5 else 64 if r in (2, 4, 6, 8) else 0


# by pack without its offer: kind << 8 | tile
PACK_TRAIT: tuple[int, ...] = tuple(
    _pack_trait(p) if 0 < (p & 0xFF) < 0x48 and (p >> 8) else 0 for p in range(0x500)
)


def by_pack_traits(packs: Sequence[int], table: list[int]) -> None:
    """全带幺 / 全带五 / 全双刻: every one of the five packs holds a terminal or honour, a five,
    or is a pung of an even rank."""
    traits = 0
    for p in packs:
        traits += PACK_TRAIT[p & 0xFFF]
    if traits & 7 == 5:
        table[F.OUTSIDE_HAND] = 1
    elif traits >> 3 & 7 == 5:
        table[F.ALL_FIVE] = 1
    elif traits >> 6 == 5:
        table[F.ALL_EVEN_PUNGS] = 1


def by_wait(concealed: Sequence[int], win: int, table: list[int]) -> None:
    """边张 / 嵌张 / 单钓将 of a hand that waited on one kind: where the winning tile sits."""
    if table[F.MELDED_HAND] or table[F.FOUR_KONGS]:
        return
    flag = 0
    for p in concealed:
        kind = ptype(p)
        mid = ptile(p)
        if kind == CHOW:
            if mid == win:
                flag |= 2
            elif mid + 1 == win or mid - 1 == win:
                flag |= 1
        elif kind == PAIR and mid == win:
            flag |= 4
    if flag & 1:
        table[F.EDGE_WAIT] = 1
    elif flag & 2:
        table[F.CLOSED_WAIT] = 1
    elif flag & 4:
        table[F.SINGLE_WAIT] = 1


# -- 不重复原则: what a fan already includes -----------------------------------------------------

EXCLUDES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.BIG_FOUR_WINDS, (F.ALL_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.BIG_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.FOUR_KONGS, (F.SINGLE_WAIT,)),
    (
        F.ALL_TERMINALS,
        (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.NO_HONORS, F.DOUBLE_PUNG),
    ),
    (F.LITTLE_FOUR_WINDS, (F.PUNG_OF_TERMINALS_OR_HONORS,)),
    (F.LITTLE_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (F.ALL_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT)),
)
EXCLUDES_AFTER: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.PURE_TERMINAL_CHOWS, (F.FULL_FLUSH, F.ALL_CHOWS, F.NO_HONORS)),
    (F.FOUR_PURE_SHIFTED_PUNGS, (F.ALL_PUNGS,)),
    (F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.UPPER_TILES, (F.NO_HONORS,)),
    (F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, (F.NO_HONORS,)),
    (F.THREE_SUITED_TERMINAL_CHOWS, (F.ALL_CHOWS, F.NO_HONORS)),
    (F.ALL_FIVE, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.UPPER_FOUR, (F.NO_HONORS,)),
    (F.LOWER_FOUR, (F.NO_HONORS,)),
)
EXCLUDES_LAST: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGON_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)


# the fans read by final_adjust, as plain names (it runs for every division)
(
    _BIG_FOUR_WINDS, _BIG_THREE_DRAGONS, _ALL_GREEN, _FOUR_KONGS, _ALL_TERMINALS,
    _LITTLE_FOUR_WINDS, _LITTLE_THREE_DRAGONS, _ALL_HONORS, _FOUR_CONCEALED_PUNGS,
    _PURE_TERMINAL_CHOWS, _FOUR_PURE_SHIFTED_PUNGS, _ALL_TERMINALS_AND_HONORS,
    _ALL_EVEN_PUNGS, _UPPER_TILES, _MIDDLE_TILES, _LOWER_TILES, _THREE_SUITED_TERMINAL_CHOWS,
    _ALL_FIVE, _UPPER_FOUR, _LOWER_FOUR, _BIG_THREE_WINDS,
    _REVERSIBLE, _ONE_VOIDED, _LAST_DRAW, _REPLACEMENT, _FULLY_CONCEALED, _SELF_DRAWN,
    _MELDED_HAND, _SINGLE_WAIT, _TWO_DRAGON_PUNGS, _DRAGON_PUNG, _ALL_CHOWS, _ALL_SIMPLES,
    _NO_HONORS,
) = (
    F.BIG_FOUR_WINDS, F.BIG_THREE_DRAGONS, F.ALL_GREEN, F.FOUR_KONGS, F.ALL_TERMINALS,
    F.LITTLE_FOUR_WINDS, F.LITTLE_THREE_DRAGONS, F.ALL_HONORS, F.FOUR_CONCEALED_PUNGS,
    F.PURE_TERMINAL_CHOWS, F.FOUR_PURE_SHIFTED_PUNGS, F.ALL_TERMINALS_AND_HONORS,
    F.ALL_EVEN_PUNGS, F.UPPER_TILES, F.MIDDLE_TILES, F.LOWER_TILES,
    F.THREE_SUITED_TERMINAL_CHOWS, F.ALL_FIVE, F.UPPER_FOUR, F.LOWER_FOUR, F.BIG_THREE_WINDS,
    F.REVERSIBLE_TILES, F.ONE_VOIDED_SUIT, F.LAST_TILE_DRAW, F.OUT_WITH_REPLACEMENT_TILE,
    F.FULLY_CONCEALED_HAND, F.SELF_DRAWN, F.MELDED_HAND, F.SINGLE_WAIT, F.TWO_DRAGON_PUNGS,
    F.DRAGON_PUNG, F.ALL_CHOWS, F.ALL_SIMPLES, F.NO_HONORS,
)  # fmt: skip


_HALF_FLUSH, _FULL_FLUSH, _ALL_TYPES = F.HALF_FLUSH, F.FULL_FLUSH, F.ALL_TYPES


def _drop(rows: Sequence[tuple[int, tuple[int, ...]]], table: list[int]) -> None:
    for fan, drops in rows:
        if table[fan]:
            for d in drops:
                table[d] = 0


def final_adjust(table: list[int]) -> None:
    """不重复: drop what the fans present already include, in the reference's order (within
    each of the three tables no row drops a fan that starts another row, so a table is
    skipped when none of its fans is present, and the last is written out)."""
    t = table
    if (
        t[_BIG_FOUR_WINDS] or t[_BIG_THREE_DRAGONS] or t[_ALL_GREEN] or t[_FOUR_KONGS]
        or t[_ALL_TERMINALS] or t[_LITTLE_FOUR_WINDS] or t[_LITTLE_THREE_DRAGONS]
        or t[_ALL_HONORS]
    ):  # fmt: skip
        _drop(EXCLUDES, t)
    if t[_FOUR_CONCEALED_PUNGS]:
        t[F.ALL_PUNGS] = 0
        t[F.CONCEALED_HAND] = 0
        if t[_FULLY_CONCEALED]:
            t[_FULLY_CONCEALED] = 0
            t[_SELF_DRAWN] = 1
    if (
        t[_PURE_TERMINAL_CHOWS] or t[_FOUR_PURE_SHIFTED_PUNGS] or t[_ALL_TERMINALS_AND_HONORS]
        or t[_ALL_EVEN_PUNGS] or t[_UPPER_TILES] or t[_MIDDLE_TILES] or t[_LOWER_TILES]
        or t[_THREE_SUITED_TERMINAL_CHOWS] or t[_ALL_FIVE] or t[_UPPER_FOUR] or t[_LOWER_FOUR]
    ):  # fmt: skip
        _drop(EXCLUDES_AFTER, t)
    if t[_BIG_THREE_WINDS] and not t[_ALL_HONORS] and not t[_ALL_TERMINALS_AND_HONORS]:
        t[F.PUNG_OF_TERMINALS_OR_HONORS] -= 3  # the three wind pungs are in 三风刻
    # EXCLUDES_LAST
    if t[_REVERSIBLE]:
        t[_ONE_VOIDED] = 0
    if t[_LAST_DRAW] or t[_REPLACEMENT] or t[_FULLY_CONCEALED]:
        t[_SELF_DRAWN] = 0
    if t[_MELDED_HAND]:
        t[_SINGLE_WAIT] = 0
    if t[_TWO_DRAGON_PUNGS]:
        t[_DRAGON_PUNG] = 0
    if t[_ALL_CHOWS] or t[_ALL_SIMPLES]:
        t[_NO_HONORS] = 0


def by_winds(tile: int, prevalent: int, seat: int, table: list[int]) -> None:
    """圈风刻 / 门风刻; the wind pung's 幺九刻 goes unless a bigger fan already took it."""
    deducted = bool(
        table[F.BIG_THREE_WINDS] or table[F.ALL_TERMINALS_AND_HONORS] or table[F.ALL_HONORS]
        or table[F.LITTLE_FOUR_WINDS]
    )  # fmt: skip
    delta = tile - E
    if delta == prevalent:
        table[F.PREVALENT_WIND] = 1
        if not deducted:
            table[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if delta == seat:
        table[F.SEAT_WIND] = 1
        if seat != prevalent and not deducted:
            table[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1


def by_win_flag(flag: int, table: list[int]) -> None:
    if flag & FOURTH_TILE:
        table[F.LAST_TILE] = 1
    if flag & SELF_DRAWN_FLAG:
        table[F.SELF_DRAWN] = 1
        if flag & WALL_LAST:
            table[F.LAST_TILE_DRAW] = 1
            table[F.SELF_DRAWN] = 0
        if flag & ABOUT_KONG:
            table[F.OUT_WITH_REPLACEMENT_TILE] = 1
            table[F.SELF_DRAWN] = 0
    else:
        if flag & WALL_LAST:
            table[F.LAST_TILE_CLAIM] = 1
        if flag & ABOUT_KONG:
            table[F.ROBBING_THE_KONG] = 1
            table[F.LAST_TILE] = 0  # the robbed tile is the last one by nature
