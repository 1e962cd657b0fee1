"""Guobiao fans of sets among themselves: chows with chows (一色四同顺 … 老少副 under the
套算一次 limit), pungs with pungs (大四喜 … 双同刻), the kong and concealed-pung fans."""

from __future__ import annotations

from collections.abc import Sequence

from engine.guobiao import fans as F
from engine.guobiao.codes import GF, C, E, N, P, S, W, dragons, rank, suit, suited, terminal, winds


def mixed(s0: int, s1: int, s2: int) -> bool:
    return s0 != s1 and s0 != s2 and s1 != s2


def shift1(a: int, b: int, c: int) -> bool:
    return a + 1 == b and b + 1 == c


def shift2(a: int, b: int, c: int) -> bool:
    return a + 2 == b and b + 2 == c


def four_chows(t0: int, t1: int, t2: int, t3: int) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (
        t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3
    ):
        return F.FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return F.QUADRUPLE_CHOW
    return F.NONE


def three_chows(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = suit(t0), suit(t1), suit(t2)
    r0, r1, r2 = rank(t0), rank(t1), rank(t2)
    if mixed(s0, s1, s2):
        if shift1(*sorted((r0, r1, r2))):
            return F.MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return F.PURE_STRAIGHT
        if shift2(t0, t1, t2) or shift1(t0, t1, t2):
            return F.PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return F.PURE_TRIPLE_CHOW
    return F.NONE


def two_chows(t0: int, t1: int) -> int:
    if (t0 & 0xF0) != (t1 & 0xF0):
        if (t0 & 0xCF) == (t1 & 0xCF):
            return F.MIXED_DOUBLE_CHOW
    else:
        if t0 + 3 == t1 or t1 + 3 == t0:
            return F.SHORT_STRAIGHT
        r0, r1 = rank(t0), rank(t1)
        if (r0, r1) in ((2, 8), (8, 2)):
            return F.TWO_TERMINAL_CHOWS
        if t0 == t1:
            return F.PURE_DOUBLE_CHOW
    return F.NONE


def four_pungs(t0: int, t1: int, t2: int, t3: int) -> int:
    if suited(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (E, S, W, N):
        return F.BIG_FOUR_WINDS
    return F.NONE


def three_pungs(t0: int, t1: int, t2: int) -> int:
    if suited(t0) and suited(t1) and suited(t2):
        s0, s1, s2 = suit(t0), suit(t1), suit(t2)
        r0, r1, r2 = rank(t0), rank(t1), rank(t2)
        if mixed(s0, s1, s2):
            if shift1(*sorted((r0, r1, r2))):
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


def two_pungs(t0: int, t1: int) -> int:
    if suited(t0) and suited(t1):
        if (t0 & 0xCF) == (t1 & 0xCF):
            return F.DOUBLE_PUNG
    elif dragons(t0) and dragons(t1):
        return F.TWO_DRAGON_PUNGS
    return F.NONE


def one_pung(t: int) -> int:
    if dragons(t):
        return F.DRAGON_PUNG
    if terminal(t) or winds(t):
        return F.PUNG_OF_TERMINALS_OR_HONORS
    return F.NONE


def chow_extra(t0: int, t1: int, t2: int, extra: int) -> int:
    found = {two_chows(t0, extra), two_chows(t1, extra), two_chows(t2, extra)}
    for fan in (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS):
        if fan in found:
            return fan
    return F.NONE


def limit_pairs(all_fans: Sequence[int], max_cnt: int, table: list[int]) -> None:
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


def calc_4_chows(m: list[int], table: list[int]) -> None:
    fan = four_chows(m[0], m[1], m[2], m[3])
    if fan:
        table[fan] = 1
        return
    for a, b, c, d in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = three_chows(m[a], m[b], m[c])
        if fan:
            table[fan] = 1
            extra = chow_extra(m[a], m[b], m[c], m[d])
            if extra:
                table[extra] = 1
            return
    pairs = [
        two_chows(m[0], m[1]), two_chows(m[0], m[2]), two_chows(m[0], m[3]),
        two_chows(m[1], m[2]), two_chows(m[1], m[3]), two_chows(m[2], m[3]),
    ]  # fmt: skip
    max_cnt = 3
    # a chow that combines with none of the others lowers the limit
    for i, j, k in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if not pairs[i] and not pairs[j] and not pairs[k]:
            max_cnt -= 1
    if max_cnt > 0:
        limit_pairs(pairs, max_cnt, table)


def calc_3_chows(m: list[int], table: list[int]) -> None:
    fan = three_chows(m[0], m[1], m[2])
    if fan:
        table[fan] = 1
        return
    pairs = [two_chows(m[0], m[1]), two_chows(m[0], m[2]), two_chows(m[1], m[2])]
    limit_pairs(pairs, 2, table)


# 双暗刻 / 三暗刻 / 四暗刻 by the count of concealed pungs
HIDDEN_PUNGS = (
    F.NONE,
    F.NONE,
    F.TWO_CONCEALED_PUNGS,
    F.THREE_CONCEALED_PUNGS,
    F.FOUR_CONCEALED_PUNGS,
)


def calc_kongs(
    concealed_pungs: int, melded_kongs: int, concealed_kongs: int, table: list[int]
) -> None:
    """双暗刻 … 四暗刻 with the kong fans (a concealed kong is a concealed pung)."""
    kongs = melded_kongs + concealed_kongs
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
    if n > 1:
        table[HIDDEN_PUNGS[n]] = 1


def calc_4_pungs(m: list[int], table: list[int]) -> None:
    fan = four_pungs(m[0], m[1], m[2], m[3])
    if fan:
        table[fan] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = three_pungs(m[a], m[b], m[c])
        if fan:
            table[fan] = 1
            for i in range(4):
                if i == free:
                    continue
                two = two_pungs(m[i], m[free])
                if two:
                    table[two] += 1
                    break
            return
    for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        two = two_pungs(m[i], m[j])
        if two:
            table[two] += 1


def calc_3_pungs(m: list[int], table: list[int]) -> None:
    fan = three_pungs(m[0], m[1], m[2])
    if fan:
        table[fan] = 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        two = two_pungs(m[i], m[j])
        if two:
            table[two] += 1


# 箭刻 / 幺九刻 of a pung, by its tile
ONE_PUNG: tuple[int, ...] = tuple(one_pung(t) for t in range(0x50))

# The fans of a division's chows among themselves, and of its pungs, depend only on their
# sorted tiles: a bounded table (at most four of 21 chows, four of 34 pungs), filled as the
# combinations come up, holds each one's (fan, count) entries.

CHOW_FANS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
PUNG_FANS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def _entries(table: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((i, n) for i, n in enumerate(table) if n)


def chow_fans(tiles: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The fans of two to four chows (their middle tiles, sorted) among themselves (four
    chows: other than 一色双龙会 / 三色双龙会, which need the pair)."""
    got = CHOW_FANS.get(tiles)
    if got is None:
        table = [0] * F.SIZE
        if len(tiles) == 4:
            calc_4_chows(list(tiles), table)
        elif len(tiles) == 3:
            calc_3_chows(list(tiles), table)
        elif len(tiles) == 2:
            table[two_chows(tiles[0], tiles[1])] += 1
            table[F.NONE] = 0
        got = CHOW_FANS[tiles] = _entries(table)
    return got


def pung_fans(tiles: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The fans of two to four pungs or kongs (their tiles, sorted) among themselves."""
    got = PUNG_FANS.get(tiles)
    if got is None:
        table = [0] * F.SIZE
        if len(tiles) == 4:
            calc_4_pungs(list(tiles), table)
        elif len(tiles) == 3:
            calc_3_pungs(list(tiles), table)
        elif len(tiles) == 2:
            table[two_pungs(tiles[0], tiles[1])] += 1
            table[F.NONE] = 0
        got = PUNG_FANS[tiles] = _entries(table)
    return got


# a division's pungs and kongs (their tiles, sorted) -> the fans of each alone (箭刻 / 幺九刻),
# their fans among themselves (:func:`pung_fans`, none for one) and their wind tiles (圈风刻 /
# 门风刻), filled as they come up
PungSets = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[int, ...]]
PUNG_SETS: dict[tuple[int, ...], PungSets] = {}


def pung_sets(tiles: tuple[int, ...]) -> PungSets:
    """:data:`PUNG_SETS`' entry for ``tiles``."""
    got = PUNG_SETS.get(tiles)
    if got is None:
        table = [0] * F.SIZE
        for t in tiles:
            table[ONE_PUNG[t]] += 1
        table[F.NONE] = 0
        together = pung_fans(tiles) if len(tiles) > 1 else ()
        got = PUNG_SETS[tiles] = (_entries(table), together, tuple(t for t in tiles if winds(t)))
    return got


def clear_tables() -> None:
    """Forget the filled tables (the bench measures a first sight of every combination)."""
    CHOW_FANS.clear()
    PUNG_FANS.clear()
    PUNG_SETS.clear()
