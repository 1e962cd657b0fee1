"""Guobiao fan counting: the best reading of a winning hand under the official rules.

The official rules count a hand once, in the division into sets that scores most, and apply
four principles: 不重复 (a fan implied by a bigger one is not counted again: 清一色 includes
无字 and 缺一门), 不拆移 (a set that made one fan is not split to make another), 不得相同
(a set already combined with another may combine once more, but never into the same fan
twice — 套算一次原则) and 就高不就低. They are encoded the way the reference calculator
(``pymahjonggb``, whose C++ core the project's tests compare against) encodes them:

* the special forms first (组合龙 with up to one meld, 七对 / 连七对, 十三幺, 全不靠 / 七星不靠),
  then every division of the hand into four sets and a pair;
* per division, the fans of the sets among themselves (four chows: 一色四同顺 / 一色四步高, or
  the best three-chow fan plus one pair-of-chows fan with the fourth chow, or pairs of chows
  under the 套算一次 limit; pungs likewise), the kong / concealed-pung fans, then the fans of
  the whole hand (suits, ranks, terminals), the wait, and the table of what each fan excludes;
* a pung completed by a discard counts as melded (the 双暗刻 of ``111m`` + a discarded 1m is
  one concealed pung), unless the tile could complete a concealed chow instead.

Tiles inside this module use the reference's compact codes (suit << 4 | rank: characters 1,
bamboo 2, dots 3, honours 4 = E S W N 中 发 白) so that ties between divisions resolve in the
same order; :func:`fan_table` takes the project's kinds (``engine.tiles``).

Pure and allocation-light: a hand costs a few division searches over a 72-entry count table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.guobiao import fans as F

# -- tiles and packs in the compact code --------------------------------------------------------

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


def _melded(pack: int) -> bool:
    return bool(pack & 0x3000)


def _ptype(pack: int) -> int:
    return (pack >> 8) & 0xF


def _ptile(pack: int) -> int:
    return pack & 0xFF


def _suited(t: int) -> bool:
    return not t & 0xC0


def _terminal(t: int) -> bool:
    return (t & 0xC7) == 1


def _winds(t: int) -> bool:
    return 0x40 < t < 0x45


def _dragons(t: int) -> bool:
    return 0x44 < t < 0x48


def _honor(t: int) -> bool:
    return 0x40 < t < 0x48


def _orphan(t: int) -> bool:
    return _terminal(t) or _honor(t)


_GREEN = 0x0020000000AE0000
_REVERSIBLE = 0x0040019F01BA0000


def _green(t: int) -> bool:
    return bool(_GREEN & (1 << (t - 0x11)))


def _reversible(t: int) -> bool:
    return bool(_REVERSIBLE & (1 << (t - 0x11)))


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


@dataclass(frozen=True, slots=True)
class FanResult:
    """The counted fans of the best reading: ``counts[i]`` times fan ``i`` of
    :data:`engine.guobiao.fans.FANS` (flowers included as ``flower_tiles``)."""

    counts: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(F.FAN_VALUES[i] * n for i, n in enumerate(self.counts) if n)

    @property
    def without_flowers(self) -> int:
        return self.total - self.counts[F.FLOWER_TILES]

    def items(self) -> list[tuple[str, int]]:
        """(fan id, times) in table order."""
        return [(F.FAN_IDS[i], n) for i, n in enumerate(self.counts) if n]

    def ids(self) -> tuple[str, ...]:
        """Fan ids in table order, a fan counted n times written n times."""
        return tuple(F.FAN_IDS[i] for i, n in enumerate(self.counts) for _ in range(n))


# -- fans of sets among themselves --------------------------------------------------------------


def _rank(t: int) -> int:
    return t & 0xF


def _suit(t: int) -> int:
    return t >> 4


def _mixed(s0: int, s1: int, s2: int) -> bool:
    return s0 != s1 and s0 != s2 and s1 != s2


def _shift1(a: int, b: int, c: int) -> bool:
    return a + 1 == b and b + 1 == c


def _shift2(a: int, b: int, c: int) -> bool:
    return a + 2 == b and b + 2 == c


def _four_chows(t0: int, t1: int, t2: int, t3: int) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (
        t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3
    ):
        return F.FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return F.QUADRUPLE_CHOW
    return F.NONE


def _three_chows(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = _suit(t0), _suit(t1), _suit(t2)
    r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
    if _mixed(s0, s1, s2):
        if _shift1(*sorted((r0, r1, r2))):
            return F.MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return F.PURE_STRAIGHT
        if _shift2(t0, t1, t2) or _shift1(t0, t1, t2):
            return F.PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return F.PURE_TRIPLE_CHOW
    return F.NONE


def _two_chows(t0: int, t1: int) -> int:
    if (t0 & 0xF0) != (t1 & 0xF0):
        if (t0 & 0xCF) == (t1 & 0xCF):
            return F.MIXED_DOUBLE_CHOW
    else:
        if t0 + 3 == t1 or t1 + 3 == t0:
            return F.SHORT_STRAIGHT
        r0, r1 = _rank(t0), _rank(t1)
        if (r0, r1) in ((2, 8), (8, 2)):
            return F.TWO_TERMINAL_CHOWS
        if t0 == t1:
            return F.PURE_DOUBLE_CHOW
    return F.NONE


def _four_pungs(t0: int, t1: int, t2: int, t3: int) -> int:
    if _suited(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (E, S, W, N):
        return F.BIG_FOUR_WINDS
    return F.NONE


def _three_pungs(t0: int, t1: int, t2: int) -> int:
    if _suited(t0) and _suited(t1) and _suited(t2):
        s0, s1, s2 = _suit(t0), _suit(t1), _suit(t2)
        r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
        if _mixed(s0, s1, s2):
            if _shift1(*sorted((r0, r1, r2))):
                return F.MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return F.TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F.PURE_SHIFTED_PUNGS
    else:
        if (t0, t1, t2) in ((E, S, W), (E, S, N), (E, W, N), (S, W, N)):
            return F.BIG_THREE_WINDS
        if (t0, t1, t2) == (C, GF, P):
            return F.BIG_THREE_DRAGONS
    return F.NONE


def _two_pungs(t0: int, t1: int) -> int:
    if _suited(t0) and _suited(t1):
        if (t0 & 0xCF) == (t1 & 0xCF):
            return F.DOUBLE_PUNG
    elif _dragons(t0) and _dragons(t1):
        return F.TWO_DRAGON_PUNGS
    return F.NONE


def _one_pung(t: int) -> int:
    if _dragons(t):
        return F.DRAGON_PUNG
    if _terminal(t) or _winds(t):
        return F.PUNG_OF_TERMINALS_OR_HONORS
    return F.NONE


def _chow_extra(t0: int, t1: int, t2: int, extra: int) -> int:
    found = {_two_chows(t0, extra), _two_chows(t1, extra), _two_chows(t2, extra)}
    for fan in (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS):
        if fan in found:
            return fan
    return F.NONE


def _limit_pairs(all_fans: Sequence[int], max_cnt: int, table: list[int]) -> None:
    """套算一次: at most ``max_cnt`` pair-of-chows fans, dropping 老少副 first, then 连六,
    喜相逢, 一般高 (each kept once as long as possible)."""
    counts = [0, 0, 0, 0]
    cnt = 0
    for f in all_fans:
        if f != F.NONE:
            cnt += 1
            counts[f - F.PURE_DOUBLE_CHOW] += 1
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while counts[idx] > limit and cnt > max_cnt:
                counts[idx] -= 1
                cnt -= 1
        limit -= 1
    table[F.PURE_DOUBLE_CHOW] = counts[0]
    table[F.MIXED_DOUBLE_CHOW] = counts[1]
    table[F.SHORT_STRAIGHT] = counts[2]
    table[F.TWO_TERMINAL_CHOWS] = counts[3]


def _calc_4_chows(m: list[int], table: list[int]) -> None:
    fan = _four_chows(m[0], m[1], m[2], m[3])
    if fan:
        table[fan] = 1
        return
    for a, b, c, d in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_chows(m[a], m[b], m[c])
        if fan:
            table[fan] = 1
            extra = _chow_extra(m[a], m[b], m[c], m[d])
            if extra:
                table[extra] = 1
            return
    pairs = [
        _two_chows(m[0], m[1]), _two_chows(m[0], m[2]), _two_chows(m[0], m[3]),
        _two_chows(m[1], m[2]), _two_chows(m[1], m[3]), _two_chows(m[2], m[3]),
    ]  # fmt: skip
    max_cnt = 3
    # a chow that combines with none of the others lowers the limit
    for i, j, k in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if not pairs[i] and not pairs[j] and not pairs[k]:
            max_cnt -= 1
    if max_cnt > 0:
        _limit_pairs(pairs, max_cnt, table)


def _calc_3_chows(m: list[int], table: list[int]) -> None:
    fan = _three_chows(m[0], m[1], m[2])
    if fan:
        table[fan] = 1
        return
    pairs = [_two_chows(m[0], m[1]), _two_chows(m[0], m[2]), _two_chows(m[1], m[2])]
    _limit_pairs(pairs, 2, table)


def _calc_kongs(
    concealed_pungs: int, melded_kongs: int, concealed_kongs: int, table: list[int]
) -> None:
    """双暗刻 … 四暗刻 with the kong fans (a concealed kong is a concealed pung)."""
    kongs = melded_kongs + concealed_kongs
    hidden = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}
    if kongs == 0:
        n = concealed_pungs
    elif kongs == 1:
        table[F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG] = 1
        n = concealed_pungs + concealed_kongs
    elif kongs == 2:
        table[
            (F.TWO_MELDED_KONGS, F.CONCEALED_AND_MELDED_KONG, F.TWO_CONCEALED_KONGS)[
                concealed_kongs
            ]
        ] = 1
        n = concealed_pungs + concealed_kongs
        if concealed_kongs == 2 and not concealed_pungs:
            n = 0  # 双暗杠 already holds two concealed pungs: no 双暗刻 on top of it
    elif kongs == 3:
        table[F.THREE_KONGS] = 1
        # with three kongs at most one concealed pung is left; melded kongs hide nothing
        n = concealed_kongs + (1 if concealed_pungs else 0) if concealed_kongs else 0
    else:
        table[F.FOUR_KONGS] = 1
        n = concealed_kongs
    if n in hidden:
        table[hidden[n]] = 1


def _calc_4_pungs(m: list[int], table: list[int]) -> None:
    fan = _four_pungs(m[0], m[1], m[2], m[3])
    if fan:
        table[fan] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_pungs(m[a], m[b], m[c])
        if fan:
            table[fan] = 1
            for i in range(4):
                if i == free:
                    continue
                two = _two_pungs(m[i], m[free])
                if two:
                    table[two] += 1
                    break
            return
    for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        two = _two_pungs(m[i], m[j])
        if two:
            table[two] += 1


def _calc_3_pungs(m: list[int], table: list[int]) -> None:
    fan = _three_pungs(m[0], m[1], m[2])
    if fan:
        table[fan] = 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        two = _two_pungs(m[i], m[j])
        if two:
            table[two] += 1


# -- fans of the whole hand ---------------------------------------------------------------------


def _pure_terminal_chows(chows: Sequence[int], pair: int) -> bool:
    pt = _ptile(pair)
    if _rank(pt) != 5:
        return False
    low = high = 0
    for p in chows:
        t = _ptile(p)
        if _suit(t) != _suit(pt):
            return False
        r = _rank(t)
        if r == 2:
            low += 1
        elif r == 8:
            high += 1
        else:
            return False
    return low == 2 and high == 2


def _three_suited_terminal_chows(chows: Sequence[int], pair: int) -> bool:
    pt = _ptile(pair)
    if _rank(pt) != 5:
        return False
    low = [0] * 4
    high = [0] * 4
    ps = _suit(pt)
    for p in chows:
        t = _ptile(p)
        s = _suit(t)
        if s == ps:
            return False
        r = _rank(t)
        if r == 2:
            low[s] += 1
        elif r == 8:
            high[s] += 1
        else:
            return False
    return all(low[s] and high[s] for s in (1, 2, 3) if s != ps)


def _by_self_drawn(packs: Sequence[int], nfixed: int, self_drawn: bool, table: list[int]) -> None:
    melded = sum(1 for p in packs[:nfixed] if _melded(p))
    if melded == 0:
        table[F.FULLY_CONCEALED_HAND if self_drawn else F.CONCEALED_HAND] = 1
    elif melded == 4:
        table[F.SELF_DRAWN if self_drawn else F.MELDED_HAND] = 1
    elif self_drawn:
        table[F.SELF_DRAWN] = 1


def _by_pair(pair_tile: int, chow_cnt: int, table: list[int]) -> None:
    if chow_cnt == 4:
        if _suited(pair_tile):
            table[F.ALL_CHOWS] = 1
        return
    if table[F.TWO_DRAGON_PUNGS]:
        if _dragons(pair_tile):
            table[F.LITTLE_THREE_DRAGONS] = 1
            table[F.TWO_DRAGON_PUNGS] = 0
        return
    if table[F.BIG_THREE_WINDS] and _winds(pair_tile):
        table[F.LITTLE_FOUR_WINDS] = 1
        table[F.BIG_THREE_WINDS] = 0


def _by_suits(tiles: Sequence[int], table: list[int]) -> None:
    flag = 0
    for t in tiles:
        flag |= 1 << (t >> 4)
    if not flag & 0xF1:
        table[F.NO_HONORS] = 1
    for mask in (0xE3, 0xE5, 0xE9):
        if not flag & mask:
            table[F.ONE_VOIDED_SUIT] += 1
    if table[F.ONE_VOIDED_SUIT] == 2:
        table[F.ONE_VOIDED_SUIT] = 0
        if not table[F.NO_HONORS]:
            table[F.HALF_FLUSH] = 1
        else:
            table[F.FULL_FLUSH] = 1
            table[F.NO_HONORS] = 0
    if flag == 0x1E and any(_winds(t) for t in tiles) and any(_dragons(t) for t in tiles):
        table[F.ALL_TYPES] = 1


def _by_rank_range(tiles: Sequence[int], table: list[int]) -> None:
    flag = 0
    for t in tiles:
        if not _suited(t):
            return
        flag |= 1 << (t & 0xF)
    if not flag & 0xFFE1:
        table[F.LOWER_FOUR if flag & 0x0010 else F.LOWER_TILES] = 1
    elif not flag & 0xFC3F:
        table[F.UPPER_FOUR if flag & 0x0040 else F.UPPER_TILES] = 1
    elif not flag & 0xFF8F:
        table[F.MIDDLE_TILES] = 1


def _by_pack_traits(packs: Sequence[int], table: list[int]) -> None:
    terminal = honor = five = even = 0
    for p in packs:
        t = _ptile(p)
        if _suited(t):
            r = _rank(t)
            if _ptype(p) == CHOW:
                if r in (2, 8):
                    terminal += 1
                elif r in (4, 5, 6):
                    five += 1
            elif r in (1, 9):
                terminal += 1
            elif r == 5:
                five += 1
            elif r in (2, 4, 6, 8):
                even += 1
        else:
            honor += 1
    if terminal + honor == 5:
        table[F.OUTSIDE_HAND] = 1
    elif five == 5:
        table[F.ALL_FIVE] = 1
    elif even == 5:
        table[F.ALL_EVEN_PUNGS] = 1


def _by_tile_traits(tiles: Sequence[int], table: list[int]) -> None:
    if not any(_orphan(t) for t in tiles):
        table[F.ALL_SIMPLES] = 1
    if all(_reversible(t) for t in tiles):
        table[F.REVERSIBLE_TILES] = 1
    if all(_green(t) for t in tiles):
        table[F.ALL_GREEN] = 1
    if table[F.ALL_SIMPLES]:
        return
    if all(_honor(t) for t in tiles):
        table[F.ALL_HONORS] = 1
    elif all(_terminal(t) for t in tiles):
        table[F.ALL_TERMINALS] = 1
    elif all(_orphan(t) for t in tiles):
        table[F.ALL_TERMINALS_AND_HONORS] = 1


def _by_tile_hog(merged: Sequence[int], kongs: int, table: list[int]) -> None:
    table[F.TILE_HOG] = sum(1 for n in merged if n == 4) - kongs


# -- the wait -----------------------------------------------------------------------------------


def _seven_pairs_wait(cnt: Sequence[int], waits: list[int]) -> None:
    pairs = 0
    for t in ALL_TILES:
        n = cnt[t]
        if n in (2, 3):
            pairs += 1
        elif n == 4:
            pairs += 2
    if pairs == 6:
        for t in ALL_TILES:
            if cnt[t] in (1, 3):
                waits[t] = 1
                break


def _pack_wait(cnt: Sequence[int], waits: list[int]) -> None:
    """The two tiles left after a pair: a second pair, or a partial chow."""
    for t in ALL_TILES:
        n = cnt[t]
        if n < 1:
            continue
        if n > 1:
            waits[t] = 1
            return
        if _suited(t):
            r = t & 0xF
            if r > 1 and cnt[t - 1]:
                if r < 9:
                    waits[t + 1] = 1
                if r > 2:
                    waits[t - 2] = 1
                return
            if r > 2 and cnt[t - 2]:
                waits[t - 1] = 1
                return


def _regular_wait(cnt: list[int], left: int, prev: int, waits: list[int]) -> None:
    if left == 1:
        for t in ALL_TILES:
            if cnt[t] == 1:
                waits[t] = 1
                break
        return
    if left == 4:
        for t in ALL_TILES:
            if cnt[t] < 2:
                continue
            cnt[t] -= 2
            _pack_wait(cnt, waits)
            cnt[t] += 2
    for t in ALL_TILES:
        n = cnt[t]
        if n < 1:
            continue
        if n > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                cnt[t] -= 3
                _regular_wait(cnt, left - 3, eigen, waits)
                cnt[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and cnt[t + 1] and cnt[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                cnt[t] -= 1
                cnt[t + 1] -= 1
                cnt[t + 2] -= 1
                _regular_wait(cnt, left - 3, eigen, waits)
                cnt[t] += 1
                cnt[t + 1] += 1
                cnt[t + 2] += 1


def _unique_wait(cnt: list[int], left: int, win: int) -> bool:
    """Whether the hand before the win waited on one tile kind only (独听). ``cnt`` holds the
    winning tile; a count taken below zero wraps as the reference's unsigned counts do."""
    waits = [0] * TABLE
    cnt[win] = (cnt[win] - 1) & 0xFFFF
    if left == 13:
        _seven_pairs_wait(cnt, waits)
    _regular_wait(cnt, left, 0, waits)
    cnt[win] = (cnt[win] + 1) & 0xFFFF
    return sum(waits) == 1


def _by_wait(concealed: Sequence[int], win: int, table: list[int]) -> None:
    """边张 / 嵌张 / 单钓将 of a hand that waited on one kind: where the winning tile sits."""
    if table[F.MELDED_HAND] or table[F.FOUR_KONGS]:
        return
    flag = 0
    for p in concealed:
        kind = _ptype(p)
        mid = _ptile(p)
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

_EXCLUDES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.BIG_FOUR_WINDS, (F.ALL_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.BIG_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.FOUR_KONGS, (F.SINGLE_WAIT,)),
    (F.ALL_TERMINALS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.NO_HONORS,
                       F.DOUBLE_PUNG)),
    (F.LITTLE_FOUR_WINDS, (F.PUNG_OF_TERMINALS_OR_HONORS,)),
    (F.LITTLE_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (F.ALL_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
                    F.ONE_VOIDED_SUIT)),
)  # fmt: skip
_EXCLUDES_AFTER: tuple[tuple[int, tuple[int, ...]], ...] = (
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
)  # fmt: skip
_EXCLUDES_LAST: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGON_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)


def _apply(rows: Sequence[tuple[int, tuple[int, ...]]], table: list[int]) -> None:
    for fan, drops in rows:
        if table[fan]:
            for d in drops:
                table[d] = 0


def _final_adjust(table: list[int]) -> None:
    _apply(_EXCLUDES, table)
    if table[F.FOUR_CONCEALED_PUNGS]:
        table[F.ALL_PUNGS] = 0
        table[F.CONCEALED_HAND] = 0
        if table[F.FULLY_CONCEALED_HAND]:
            table[F.FULLY_CONCEALED_HAND] = 0
            table[F.SELF_DRAWN] = 1
    _apply(_EXCLUDES_AFTER, table)
    if (
        table[F.BIG_THREE_WINDS]
        and not table[F.ALL_HONORS]
        and not table[F.ALL_TERMINALS_AND_HONORS]
    ):
        table[F.PUNG_OF_TERMINALS_OR_HONORS] -= 3  # the three wind pungs are in 三风刻
    _apply(_EXCLUDES_LAST, table)


def _by_winds(tile: int, prevalent: int, seat: int, table: list[int]) -> None:
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


def _by_win_flag(flag: int, table: list[int]) -> None:
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


# -- the forms ----------------------------------------------------------------------------------


def _divide(cnt: list[int], fixed: Sequence[int], out: list[tuple[int, ...]]) -> None:
    """Every division of the counted tiles into sets and a pair after the ``fixed`` packs, each
    multiset of sets once (sets taken in non-decreasing order), in the reference's order."""
    nfixed = len(fixed)
    work = [*fixed, 0, 0, 0, 0, 0][:5]
    if any(cnt[t] > 1 for t in ALL_TILES):
        _divide_sets(cnt, work, nfixed, out, 0, 0)


# _divide's search as module functions, not closures: a closure that calls itself is a
# reference cycle, left for the garbage collector after every hand it scores


def _divide_sets(
    cnt: list[int], work: list[int], nfixed: int, out: list[tuple[int, ...]], step: int, prev: int
) -> bool:
    """The sets from pack ``step`` on (each not below ``prev``), then the pair."""
    idx = step + nfixed
    if idx == 4:
        return _divide_pair(cnt, work, nfixed, out)
    ret = False
    for t in ALL_TILES:
        c = cnt[t]
        if c < 1:
            continue
        if c > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                work[idx] = make_pack(0, PUNG, t)
                cnt[t] -= 3
                if _divide_sets(cnt, work, nfixed, out, step + 1, eigen):
                    ret = True
                cnt[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and cnt[t + 1] and cnt[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                work[idx] = make_pack(0, CHOW, t + 1)
                cnt[t] -= 1
                cnt[t + 1] -= 1
                cnt[t + 2] -= 1
                if _divide_sets(cnt, work, nfixed, out, step + 1, eigen):
                    ret = True
                cnt[t] += 1
                cnt[t + 1] += 1
                cnt[t + 2] += 1
    return ret


def _divide_pair(
    cnt: list[int], work: list[int], nfixed: int, out: list[tuple[int, ...]]
) -> bool:
    """The pair that ends a division, if the tiles left are one; the division is kept once."""
    for t in ALL_TILES:
        if cnt[t] < 2:
            continue
        cnt[t] -= 2
        done = not any(cnt)
        cnt[t] += 2
        if done:
            div = (*work[:nfixed], *sorted(work[nfixed:4]), make_pack(0, PAIR, t))
            if all(od[nfixed:4] != div[nfixed:4] for od in out):
                out.append(div)
            return True
    return False


@dataclass(slots=True)
class _Hand:
    fixed: tuple[int, ...]
    fixed_cnt: list[int]  # the fixed packs' tiles (a kong counts four)
    standing_cnt: list[int]  # the concealed tiles with the winning tile
    unique: list[int]  # the kinds in the hand, in order
    win: int
    flag: int
    seat: int
    prevalent: int


def _regular(packs: Sequence[int], h: _Hand, unique_wait: bool) -> list[int]:
    table = [0] * F.SIZE
    pair = 0
    chows: list[int] = []
    pungs: list[int] = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    for p in packs:
        kind = _ptype(p)
        if kind == CHOW:
            chows.append(p)
        elif kind == PUNG:
            pungs.append(p)
            if not _melded(p):
                concealed_pungs += 1
        elif kind == KONG:
            pungs.append(p)
            if _melded(p):
                melded_kongs += 1
            else:
                concealed_kongs += 1
        else:
            pair = p
    win = h.win
    flag = h.flag
    _by_win_flag(flag, table)
    if not flag & SELF_DRAWN_FLAG and not any(
        not _melded(c) and _ptile(c) - 1 <= win <= _ptile(c) + 1 for c in chows
    ):
        # a discard that completes a concealed pung makes it a melded one
        for p in pungs:
            if _ptile(p) == win and not _melded(p):
                concealed_pungs -= 1
    if pungs:
        _calc_kongs(concealed_pungs, melded_kongs, concealed_kongs, table)
        if len(pungs) == 4 and not table[F.FOUR_KONGS] and not table[F.FOUR_CONCEALED_PUNGS]:
            table[F.ALL_PUNGS] = 1
        for p in pungs:
            fan = _one_pung(_ptile(p))
            if fan:
                table[fan] += 1
    n = len(chows)
    if n == 4:
        if _three_suited_terminal_chows(chows, pair):
            table[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _pure_terminal_chows(chows, pair):
            table[F.PURE_TERMINAL_CHOWS] = 1
        else:
            _calc_4_chows(sorted(_ptile(c) for c in chows), table)
    elif n == 3:
        _calc_3_chows(sorted(_ptile(c) for c in chows), table)
    elif n == 2:
        two = _two_chows(_ptile(chows[0]), _ptile(chows[1]))
        if two:
            table[two] += 1
        two = _two_pungs(_ptile(pungs[0]), _ptile(pungs[1]))
        if two:
            table[two] += 1
    elif n == 1:
        _calc_3_pungs(sorted(_ptile(p) for p in pungs), table)
    else:
        _calc_4_pungs(sorted(_ptile(p) for p in pungs), table)
    nfixed = len(h.fixed)
    _by_self_drawn(packs, nfixed, bool(flag & SELF_DRAWN_FLAG), table)
    _by_pair(_ptile(pair), n, table)
    _by_pack_traits(packs, table)
    _by_suits(h.unique, table)
    _by_tile_traits(h.unique, table)
    _by_rank_range(h.unique, table)
    if not table[F.QUADRUPLE_CHOW]:
        merged = [a + b for a, b in zip(h.standing_cnt, h.fixed_cnt, strict=True)]
        _by_tile_hog(merged, melded_kongs + concealed_kongs, table)
    if unique_wait:
        _by_wait(packs[nfixed:], win, table)
    _final_adjust(table)
    if not table[F.BIG_FOUR_WINDS]:
        for p in pungs:
            t = _ptile(p)
            if _winds(t):
                _by_winds(t, h.prevalent, h.seat, table)
    if not any(table):
        table[F.CHICKEN_HAND] = 1
    return table


def _knitted_straight(h: _Hand) -> list[int] | None:
    """组合龙 with a set and a pair (concealed, or with one meld)."""
    standing = h.standing_cnt
    if not any(standing[t] > 1 for t in ALL_TILES):
        return None
    seq = next((s for s in KNITTED if all(standing[t] > 0 for t in s)), None)
    if seq is None:
        return None
    cnt = list(standing)
    for t in seq:
        cnt[t] -= 1
    out: list[tuple[int, ...]] = []
    _divide(cnt, [0, 0, 0, *h.fixed], out)
    if len(out) != 1:
        return None
    packs = out[0]
    involved = packs[3]
    pair_tile = _ptile(packs[4])
    kind = _ptype(involved)
    total = [a + b for a, b in zip(standing, h.fixed_cnt, strict=True)]
    table = [0] * F.SIZE
    table[F.KNITTED_STRAIGHT] = 1
    if kind == CHOW:
        if _suited(pair_tile):
            table[F.ALL_CHOWS] = 1
        if total[pair_tile] == 4:
            table[F.TILE_HOG] = 1
    else:
        t = _ptile(involved)
        if _honor(t):
            if _winds(t):
                table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
                _by_winds(t, h.prevalent, h.seat, table)
                if _dragons(pair_tile):
                    table[F.ALL_TYPES] = 1
            else:
                table[F.DRAGON_PUNG] = 1
                if _winds(pair_tile):
                    table[F.ALL_TYPES] = 1
        else:
            if _terminal(t):
                table[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
            if not _honor(pair_tile):
                table[F.NO_HONORS] = 1
            if kind != KONG and total[t] == 4:
                table[F.TILE_HOG] = 1
    _by_win_flag(h.flag, table)
    if _melded(involved):
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
        if _unique_wait(cnt, 4, h.win):
            _by_wait(packs[3:5], h.win, table)
    elif h.win not in seq or standing[h.win] == 3:
        table[F.SINGLE_WAIT] = 1
    _final_adjust(table)
    return table


def _seven_shifted(cnt: Sequence[int], suit: int) -> bool:
    if suit == 4:
        return False
    t3 = suit << 4 | 3
    if all(cnt[t3 + i] == 2 for i in range(5)):
        if cnt[t3 - 1] == 2:
            return cnt[t3 - 2] == 2 or cnt[t3 + 5] == 2
        return cnt[t3 + 5] == 2 and cnt[t3 + 6] == 2
    return False


def _honors_and_knitted(unique: Sequence[int], table: list[int]) -> bool:
    if len(unique) != 14:
        return False
    numbered = [t for t in unique if not _honor(t)]
    honours = unique[len(numbered) :]
    if not 7 <= len(numbered) <= 9:
        return False
    if not any(set(numbered) <= set(s) for s in KNITTED):
        return False
    if len(numbered) == 7 and list(honours) == list(THIRTEEN[6:]):
        table[F.GREATER_HONORS_AND_KNITTED] = 1
        return True
    table[F.LESSER_HONORS_AND_KNITTED] = 1
    if len(numbered) == 9:
        table[F.KNITTED_STRAIGHT] = 1
    return True


def _special(h: _Hand) -> list[int] | None:
    """七对 / 连七对, 全不靠 / 七星不靠, 十三幺."""
    cnt = h.standing_cnt
    table = [0] * F.SIZE
    if all(not cnt[t] & 1 for t in ALL_TILES):
        s = _suit(h.win)
        if _seven_shifted(cnt, s):
            table[F.SEVEN_SHIFTED_PAIRS] = 1
            if not cnt[s << 4 | 1] and not cnt[s << 4 | 9]:
                table[F.ALL_SIMPLES] = 1
            _by_win_flag(h.flag, table)
        else:
            table[F.SEVEN_PAIRS] = 1
            _by_suits(h.unique, table)
            _by_tile_traits(h.unique, table)
            _by_rank_range(h.unique, table)
            _by_tile_hog(cnt, 0, table)
            _by_win_flag(h.flag, table)
            _final_adjust(table)
        return table
    if _honors_and_knitted(h.unique, table):
        _by_win_flag(h.flag, table)
        return table
    if tuple(h.unique) == THIRTEEN:
        table[F.THIRTEEN_ORPHANS] = 1
        _by_win_flag(h.flag, table)
        return table
    return None


def _nine_gates(h: _Hand) -> list[int] | None:
    cnt = h.standing_cnt
    s, r = _suit(h.win), _rank(h.win)
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
    _by_win_flag(h.flag, table)
    return table


def _total(table: Sequence[int]) -> int:
    return sum(F.FAN_VALUES[i] * n for i, n in enumerate(table) if n)


def _pack_counts(packs: Sequence[int]) -> list[int]:
    cnt = [0] * TABLE
    for p in packs:
        t = _ptile(p)
        kind = _ptype(p)
        if kind == CHOW:
            cnt[t - 1] += 1
            cnt[t] += 1
            cnt[t + 1] += 1
        else:
            cnt[t] += {PUNG: 3, KONG: 4, PAIR: 2}[kind]
    return cnt


def calculate(
    fixed: Sequence[int],
    standing: Sequence[int],
    win: int,
    *,
    flowers: int = 0,
    self_drawn: bool = False,
    last_of_kind: bool = False,
    about_kong: bool = False,
    wall_last: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
) -> FanResult | None:
    """The fans of a winning hand in compact codes: ``fixed`` packs (:func:`make_pack`; offer
    0 = a concealed kong), the ``standing`` tiles before the win, the winning tile. None when
    the tiles make no winning form. ``about_kong``: 杠上开花 on a self-draw, 抢杠和 on a
    discard; ``wall_last``: 妙手回春 / 海底捞月; ``last_of_kind``: 和绝张."""
    if len(fixed) > 4 or len(fixed) * 3 + len(standing) != 13:
        return None
    fixed_cnt = _pack_counts(fixed)
    standing_cnt = [0] * TABLE
    for t in standing:
        standing_cnt[t] += 1
    standing_cnt[win] += 1
    if any(fixed_cnt[t] + standing_cnt[t] > 4 for t in ALL_TILES):
        return None
    unique = [t for t in ALL_TILES if fixed_cnt[t] or standing_cnt[t]]
    flag = (
        (SELF_DRAWN_FLAG if self_drawn else 0) | (FOURTH_TILE if last_of_kind else 0)
        | (ABOUT_KONG if about_kong else 0) | (WALL_LAST if wall_last else 0)
    )  # fmt: skip
    # 和绝张 needs the winning tile to be no other tile of the hand; three of it shown make it
    if standing_cnt[win] != 1:
        flag &= ~FOURTH_TILE
    if fixed_cnt[win] == 3:
        flag |= FOURTH_TILE
    if flag & ABOUT_KONG:
        if flag & SELF_DRAWN_FLAG:
            if not any(_ptype(p) == KONG for p in fixed):
                flag &= ~ABOUT_KONG  # 杠上开花 needs a kong
        elif fixed_cnt[win] or standing_cnt[win] != 1:
            flag &= ~ABOUT_KONG  # a robbed kong's tile cannot be in the hand
    h = _Hand(tuple(fixed), fixed_cnt, standing_cnt, unique, win, flag, seat_wind, round_wind)
    best: list[int] = [0] * F.SIZE
    best_fan = 0
    special: list[int] | None = None
    if not fixed:
        special = _special(h) or _knitted_straight(h) or _nine_gates(h)
    elif len(fixed) == 1:
        special = _knitted_straight(h)
    if special is not None:
        best, best_fan = special, _total(special)
    pairs_form = special is not None and special[F.SEVEN_PAIRS] == 1
    if best_fan == 0 or pairs_form:
        unique_wait = _unique_wait(list(standing_cnt), len(standing), win)
        out: list[tuple[int, ...]] = []
        _divide(list(standing_cnt), fixed, out)
        for packs in out:
            table = _regular(packs, h, unique_wait)
            fan = _total(table)
            if fan > best_fan:
                best, best_fan = table, fan
            elif fan == best_fan and (
                table[F.PURE_TRIPLE_CHOW] == 1 or pairs_form or table[F.TRIPLE_PUNG]
            ):
                best = table  # on a tie the reference keeps the later reading of these
    if best_fan == 0:
        return None
    best = list(best)
    best[F.FLOWER_TILES] = flowers
    return FanResult(tuple(best))
