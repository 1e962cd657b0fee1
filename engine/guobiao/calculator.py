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

The work is split by concern: :mod:`~engine.guobiao.codes` (the compact tile and pack codes),
:mod:`~engine.guobiao.suits` (the divisions and the waits, read one suit at a time from
tables filled per suit key; :mod:`~engine.guobiao.divide` and :mod:`~engine.guobiao.waits`
hold the plain searches they are tested against), :mod:`~engine.guobiao.tally` (a hand's
tiles tallied into suit keys), :mod:`~engine.guobiao.combos` (fans of sets among
themselves), :mod:`~engine.guobiao.traits` (fans of the whole hand, 不重复),
:mod:`~engine.guobiao.forms` (the special forms); this module scores the divisions and picks
the best reading. What all divisions of a hand share is counted once per hand (:func:`_base`;
the fixed packs' part: :func:`_fixed`).

Tiles use the reference's compact codes (:mod:`engine.guobiao.codes`) so that ties between
divisions resolve in the same order; :func:`code_of` turns the project's kinds into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from engine.guobiao import combos, suits, tally
from engine.guobiao import fans as F
from engine.guobiao.codes import (
    ABOUT_KONG,
    ALL_TILES,
    CHOW,
    FOURTH_TILE,
    KIND_OF,
    KNITTED,
    KONG,
    PUNG,
    SELF_DRAWN_FLAG,
    TABLE,
    WALL_LAST,
    Hand,
    code_of,
    make_pack,
)
from engine.guobiao.combos import (
    CHOW_FANS,
    HIDDEN_PUNGS,
    PUNG_SETS,
    calc_kongs,
    chow_fans,
    pung_sets,
)
from engine.guobiao.forms import knitted_straight, nine_gates, special
from engine.guobiao.suits import KEY_BIT, Parts, division_parts
from engine.guobiao.tally import (
    BIT,
    FOURS,
    KEY_KINDS,
    KNIT,
    NO_TILES,
    ONES,
    PACK_BITS,
    PACK_KEY,
    PACK_SIZE,
    PACK_TILES,
    SHIFT,
    SUIT_BITS,
    counted,
    digit_sum,
    key_kinds,
)
from engine.guobiao.traits import (
    PACK_TRAIT,
    by_kinds,
    by_self_drawn,
    by_win_flag,
    by_winds,
    final_adjust,
    pure_terminal_chows,
    three_suited_terminal_chows,
)
from engine.guobiao.waits import one_kind_wait

_VALID = frozenset(ALL_TILES)

__all__ = [
    "CHOW",
    "KIND_OF",
    "KNITTED",
    "KONG",
    "PUNG",
    "FanResult",
    "calculate",
    "clear_tables",
    "code_of",
    "make_pack",
]


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


# the fans _regular reads and writes, as plain names (it runs for every division)
(
    _NONE, _FOUR_KONGS, _FOUR_CONCEALED_PUNGS, _ALL_PUNGS, _THREE_SUITED_TERMINAL_CHOWS,
    _PURE_TERMINAL_CHOWS, _ALL_CHOWS, _TWO_DRAGON_PUNGS, _LITTLE_THREE_DRAGONS,
    _BIG_THREE_WINDS, _LITTLE_FOUR_WINDS, _OUTSIDE_HAND, _ALL_FIVE, _ALL_EVEN_PUNGS,
    _QUADRUPLE_CHOW, _TILE_HOG, _BIG_FOUR_WINDS, _CHICKEN_HAND, _MELDED_HAND, _EDGE_WAIT,
    _CLOSED_WAIT, _SINGLE_WAIT, _PUNG_T,
) = (
    F.NONE, F.FOUR_KONGS, F.FOUR_CONCEALED_PUNGS, F.ALL_PUNGS, F.THREE_SUITED_TERMINAL_CHOWS,
    F.PURE_TERMINAL_CHOWS, F.ALL_CHOWS, F.TWO_DRAGON_PUNGS, F.LITTLE_THREE_DRAGONS,
    F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.OUTSIDE_HAND, F.ALL_FIVE, F.ALL_EVEN_PUNGS,
    F.QUADRUPLE_CHOW, F.TILE_HOG, F.BIG_FOUR_WINDS, F.CHICKEN_HAND, F.MELDED_HAND,
    F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT, F.PUNG_OF_TERMINALS_OR_HONORS,
)  # fmt: skip


def _situation(flag: int, shown: int) -> list[int]:
    """The fans of the win's situation (``flag``) and of how many fixed packs are melded."""
    table = [0] * F.SIZE
    by_win_flag(flag, table)
    by_self_drawn(shown, bool(flag & SELF_DRAWN_FLAG), table)
    return table


# by flag * 5 + the melded packs: the situation's fans (a table of 16 x 5)
_SITUATION = tuple(_situation(flag, shown) for flag in range(16) for shown in range(5))


def _base(flag: int, shown: int, kinds: int) -> list[int]:
    """What every division of a hand shares: the fans of its tiles and situation (suits,
    ranks, terminals, concealment, the win). ``shown``: the melded fixed packs; ``kinds``:
    the bit set of every kind in the hand."""
    table = _SITUATION[flag * 5 + shown][:]
    by_kinds(kinds, table)
    return table


# what the fixed packs bring to every division: the chows' middle tiles, the concealed
# chows' (offer 0), the pungs' and kongs' tiles, the concealed pungs, the concealed pungs and
# kongs of a given tile (the winning one), the melded and the concealed kongs, the packs'
# 全带幺 / 全带五 / 全双刻 (engine.guobiao.traits.PACK_TRAIT)
Fixed = tuple[list[int], list[int], list[int], int, int, int, int, int]
_NO_FIXED: Fixed = ([], [], [], 0, 0, 0, 0, 0)


def _fixed(fixed: Sequence[int], win: int) -> Fixed:
    chows: list[int] = []
    concealed_chows: list[int] = []
    pungs: list[int] = []
    concealed_pungs = on_win = melded_kongs = concealed_kongs = traits = 0
    for p in fixed:
        traits += PACK_TRAIT[p & 0xFFF]
        kind = p >> 8 & 0xF
        t = p & 0xFF
        if kind == CHOW:
            chows.append(t)
            if not p & 0x3000:
                concealed_chows.append(t)
        elif kind in (PUNG, KONG):
            pungs.append(t)
            if not p & 0x3000:
                on_win += t == win
            if kind == PUNG:
                concealed_pungs += not p & 0x3000
            elif p & 0x3000:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    chows.sort()
    pungs.sort()
    return (chows, concealed_chows, pungs, concealed_pungs, on_win, melded_kongs,
            concealed_kongs, traits)  # fmt: skip


def _regular(
    parts: Parts, fixed: Fixed, win: int, flag: int, winds: int, unique_wait: bool,
    base: list[int], hog: int,
) -> list[int]:  # fmt: skip
    """The fans of one division (the standing tiles' ``parts``, the ``fixed`` packs) over
    the shared ``base`` (written into: the caller copies it for each of several divisions);
    ``winds``: the prevalent wind << 2 | the seat's; ``hog``: 四归一's count."""
    table = base
    mids, own_pungs, pair, traits = parts
    fixed_chows, fixed_concealed_chows, fixed_pungs = fixed[0], fixed[1], fixed[2]
    chows: Sequence[int] = sorted(fixed_chows + list(mids)) if fixed_chows else mids
    pung_tiles: Sequence[int] = sorted(fixed_pungs + list(own_pungs)) if fixed_pungs else own_pungs
    traits += fixed[7]
    n = len(chows)
    wind_tiles: Sequence[int] = ()
    if pung_tiles:
        concealed_pungs = fixed[3] + len(own_pungs)
        melded_kongs, concealed_kongs = fixed[5], fixed[6]
        if not flag & SELF_DRAWN_FLAG and concealed_pungs + concealed_kongs:
            # a discard that completes a concealed pung makes it a melded one, unless the
            # tile could complete a concealed chow instead
            hit = fixed[4] + (win in own_pungs)
            if hit:
                for m in mids:
                    if m - 1 <= win <= m + 1:
                        hit = 0
                        break
                else:
                    for m in fixed_concealed_chows:
                        if m - 1 <= win <= m + 1:
                            hit = 0
                            break
                concealed_pungs -= hit
        if melded_kongs or concealed_kongs:
            calc_kongs(concealed_pungs, melded_kongs, concealed_kongs, table)
        elif concealed_pungs > 1:
            table[HIDDEN_PUNGS[concealed_pungs]] = 1
        key = tuple(pung_tiles)
        sets = PUNG_SETS.get(key)
        if sets is None:
            sets = pung_sets(key)
        alone, together, wind_tiles = sets
        for fan, times in alone:
            table[fan] += times
        if n < 3:
            for fan, times in together:
                table[fan] += times
        if n == 0 and not table[_FOUR_KONGS] and not table[_FOUR_CONCEALED_PUNGS]:
            table[_ALL_PUNGS] = 1
    if n > 1:
        if n == 4 and pair & 0xF == 5 and three_suited_terminal_chows(chows, pair):
            table[_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif n == 4 and pair & 0xF == 5 and pure_terminal_chows(chows, pair):
            table[_PURE_TERMINAL_CHOWS] = 1
        else:
            key = tuple(chows)
            got = CHOW_FANS.get(key)
            for fan, times in chow_fans(key) if got is None else got:
                table[fan] += times
    # the pair: 平和, 小三元, 小四喜
    if n == 4:
        if pair < 0x40:
            table[_ALL_CHOWS] = 1
    elif table[_TWO_DRAGON_PUNGS]:
        if pair > 0x44:
            table[_LITTLE_THREE_DRAGONS] = 1
            table[_TWO_DRAGON_PUNGS] = 0
    elif table[_BIG_THREE_WINDS] and 0x40 < pair < 0x45:
        table[_LITTLE_FOUR_WINDS] = 1
        table[_BIG_THREE_WINDS] = 0
    if traits & 7 == 5:
        table[_OUTSIDE_HAND] = 1
    elif traits >> 3 & 7 == 5:
        table[_ALL_FIVE] = 1
    elif traits >> 6 == 5:
        table[_ALL_EVEN_PUNGS] = 1
    if hog and not table[_QUADRUPLE_CHOW]:
        table[_TILE_HOG] = hog
    if unique_wait and not table[_MELDED_HAND] and not table[_FOUR_KONGS]:
        # 边张 / 嵌张 / 单钓将: where the winning tile sits in the standing sets and pair
        for m in mids:
            if m + 1 == win or m - 1 == win:
                table[_EDGE_WAIT] = 1
                break
        else:
            if win in mids:
                table[_CLOSED_WAIT] = 1
            elif pair == win:
                table[_SINGLE_WAIT] = 1
    final_adjust(table)
    if wind_tiles and not table[_BIG_FOUR_WINDS]:
        for t in wind_tiles:
            by_winds(t, winds >> 2, winds & 3, table)
    if not any(reversed(table)):  # (the small fans sit last: most tables end the scan soon)
        table[_CHICKEN_HAND] = 1
    return table


def clear_tables() -> None:
    """Forget the per-suit readings and set-combination fans found so far: they are filled
    as keys come up, so the first hands a process counts pay for the searches."""
    suits.clear_tables()
    combos.clear_tables()
    tally.clear_tables()


def _total(table: Sequence[int]) -> int:
    return sum(map(mul, F.FAN_VALUES, table))


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
    nfixed = len(fixed)
    if nfixed > 4 or nfixed * 3 + len(standing) != 13:
        return None
    keys = [0, 0, 0, 0, 0]  # per suit, the concealed tiles (engine.guobiao.suits)
    for t in standing:
        keys[t >> 4] += KEY_BIT[t]
    # per suit, its kinds and its tiles (a tile of no kind, or eight of one, leaves the sum
    # short)
    k1, n1 = KEY_KINDS.get(keys[1]) or key_kinds(keys[1])
    k2, n2 = KEY_KINDS.get(keys[2]) or key_kinds(keys[2])
    k3, n3 = KEY_KINDS.get(keys[3]) or key_kinds(keys[3])
    k4, n4 = KEY_KINDS.get(keys[4]) or key_kinds(keys[4])
    if n1 + n2 + n3 + n4 != len(standing):
        return None
    sizes = [0, n1, n2, n3, n4]
    mask = BIT[win] | k1 | k2 << 16 | k3 << 32 | (k4 & 0x7F) << 48
    # the winning tile's copies among the standing tiles, with it
    win_held = (keys[win >> 4] >> SHIFT[win] & 7) + 1
    if win_held > 4:
        return None  # a fifth copy (the standing tiles' own are at most seven: summed above)
    held = keys[:]  # per suit, every tile of the hand: 四归一, and no kind five times
    held[win >> 4] += KEY_BIT[win]
    shown = kongs = 0
    carry = False  # whether a fixed pack may have carried a count past seven
    if nfixed:
        held_n = sizes[:]
        held_n[win >> 4] += 1
        for p in fixed:
            q = p & 0xFFF  # without the offer
            held[q >> 4 & 0xF] += PACK_KEY[q]
            held_n[q >> 4 & 0xF] += PACK_SIZE[q]
            mask |= PACK_BITS[q]
            kongs += q >> 8 == KONG
            shown += bool(p & 0x3000)
        carry = max(held_n) > 7
    hog = -kongs  # 四归一: four of a kind outside a kong
    if (held[1] | held[2] | held[3] | held[4]) & FOURS or carry:
        for s in 1, 2, 3, 4:
            k = held[s]
            fours = k & FOURS  # a rank's count of 4 reads as 100, 5-7 as 1xx
            if fours:
                if fours >> 2 & (k | k >> 1):
                    return None
                hog += fours.bit_count()
            if carry and held_n[s] > 7 and digit_sum(k) != held_n[s]:
                return None  # eight or more of a kind carried into the next rank
    flag = (
        (SELF_DRAWN_FLAG if self_drawn else 0) | (FOURTH_TILE if last_of_kind else 0)
        | (ABOUT_KONG if about_kong else 0) | (WALL_LAST if wall_last else 0)
    )  # fmt: skip
    # 和绝张 needs the winning tile to be no other tile of the hand; three of it shown make it
    shown_win = (held[win >> 4] >> SHIFT[win] & 7) - win_held  # in the fixed packs
    if win_held != 1:
        flag &= ~FOURTH_TILE
    if shown_win == 3:
        flag |= FOURTH_TILE
    if flag & ABOUT_KONG:
        if flag & SELF_DRAWN_FLAG:
            if not kongs:
                flag &= ~ABOUT_KONG  # 杠上开花 needs a kong
        elif shown_win or win_held != 1:
            flag &= ~ABOUT_KONG  # a robbed kong's tile cannot be in the hand
    best: list[int] | None = None
    best_fan = 0
    form: list[int] | None = None
    kinds_held = mask.bit_count()
    if nfixed < 2:
        # the special forms: seven pairs hold at most seven kinds, 十三幺 and 全不靠 thirteen
        # or fourteen, 组合龙 nine or more (1-4-7, 2-5-8 and 3-6-9 each in a suit of its
        # own), 九莲宝灯 nine of the winning tile's suit
        odd = not nfixed and (
            kinds_held >= 13
            or (kinds_held <= 7 and not (held[1] | held[2] | held[3] | held[4]) & ONES)
        )  # (seven pairs: every count even)
        knit = (
            kinds_held >= 9 and KNIT[mask & 0x1FF] and KNIT[mask >> 16 & 0x1FF]
            and KNIT[mask >> 32 & 0x1FF]
        )  # fmt: skip
        gates = not nfixed and kinds_held == 9 and not mask & ~SUIT_BITS[win >> 4]
        if odd or knit or gates:
            kinds = {*standing, win}
            for p in fixed:
                t = p & 0xFF
                kinds.update((t - 1, t, t + 1) if p >> 8 & 0xF == CHOW else (t,))
            unique = sorted(kinds & _VALID)
            fixed_cnt: Sequence[int] = NO_TILES
            if nfixed:
                fixed_cnt = [0] * TABLE
                for p in fixed:
                    t = p & 0xFF
                    if p >> 8 & 0xF == CHOW:
                        fixed_cnt[t - 1] += 1
                        fixed_cnt[t] += 1
                        fixed_cnt[t + 1] += 1
                    else:
                        fixed_cnt[t] += PACK_TILES[p >> 8 & 0xF]
            h = Hand(tuple(fixed), fixed_cnt, counted(standing, win), unique, mask, win, flag,
                     seat_wind, round_wind)  # fmt: skip
            form = (
                (special(h) if odd else None) or (knitted_straight(h) if knit else None)
                or (nine_gates(h) if gates else None)
            )  # fmt: skip
    pairs_form = False
    if form is not None:
        # a special form scores its own fan at least (12 or more): only seven pairs is
        # weighed against the divisions into sets
        pairs_form = form[F.SEVEN_PAIRS] == 1
        best, best_fan = form, 1
    if form is None or pairs_form:
        s = win >> 4
        keys[s] += KEY_BIT[win]
        sizes[s] += 1
        out = division_parts(keys, sizes)
        if out:
            if pairs_form:
                best_fan = _total(best)  # type: ignore[arg-type]
            keys[s] -= KEY_BIT[win]
            sizes[s] -= 1
            # (the kinds held matter to seven pairs' wait only: thirteen tiles standing, one
            # kind an odd number of times)
            tiles: Sequence[int] = ()
            if not nfixed and kinds_held < 9 and (
                (keys[1] & ONES).bit_count() + (keys[2] & ONES).bit_count()
                + (keys[3] & ONES).bit_count() + (keys[4] & ONES).bit_count() == 1
            ):  # fmt: skip
                tiles = sorted(_VALID & {*standing, win})
            one_wait = one_kind_wait(
                keys, sizes, counted(standing, win) if tiles else NO_TILES, tiles, win
            )
            base = _base(flag, shown, mask)
            winds = round_wind << 2 | seat_wind
            held_packs = _fixed(fixed, win) if nfixed else _NO_FIXED
            if len(out) == 1 and best is None:
                # one reading and nothing to weigh it against: its total only decides
                # whether it scores at all (every fan counts once or more but 幺九刻, which a
                # wind may take below zero; a table of none is 无番和)
                best = _regular(out[0], held_packs, win, flag, winds, one_wait, base, hog)
                best_fan = _total(best) if best[_PUNG_T] < 0 or best[_NONE] else 1
            else:
                for parts in out:
                    table = _regular(parts, held_packs, win, flag, winds, one_wait, base[:], hog)
                    fan = _total(table)
                    if fan > best_fan:
                        best, best_fan = table, fan
                    elif fan == best_fan and (
                        table[F.PURE_TRIPLE_CHOW] == 1 or pairs_form or table[F.TRIPLE_PUNG]
                    ):
                        best = table  # on a tie the reference keeps the later reading of these
    if best_fan == 0 or best is None:
        return None
    best[F.FLOWER_TILES] = flowers
    return FanResult(tuple(best))
