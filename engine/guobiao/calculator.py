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
hold the plain searches they are tested against), :mod:`~engine.guobiao.combos` (fans of
sets among themselves), :mod:`~engine.guobiao.traits` (fans of the whole hand, 不重复),
:mod:`~engine.guobiao.forms` (the special forms); this module scores the divisions and picks
the best reading. What all divisions of a hand share is counted once per hand
(:class:`_Base`).

Tiles use the reference's compact codes (:mod:`engine.guobiao.codes`) so that ties between
divisions resolve in the same order; :func:`code_of` turns the project's kinds into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from engine.guobiao import combos, suits
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
    E,
    Hand,
    N,
    code_of,
    make_pack,
)
from engine.guobiao.combos import (
    HIDDEN_PUNGS,
    ONE_PUNG,
    calc_kongs,
    chow_fans,
    pung_fans,
)
from engine.guobiao.forms import knitted_straight, nine_gates, special
from engine.guobiao.suits import KEY_BIT, divisions
from engine.guobiao.traits import (
    PACK_TRAIT,
    by_rank_range,
    by_self_drawn,
    by_suits,
    by_tile_traits,
    by_wait,
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


@dataclass(slots=True)
class _Base:
    """What every division of a hand shares: the fans of its tiles and situation (suits,
    ranks, terminals, concealment, the win) and 四归一's count."""

    table: list[int]
    hog: int


def _base(h: Hand, shown: int, hog: int, kinds: int) -> _Base:
    """``shown``: the melded fixed packs; ``hog``: 四归一's count; ``kinds``: the bit set of
    every kind in the hand."""
    table = [0] * F.SIZE
    by_win_flag(h.flag, table)
    by_self_drawn(shown, bool(h.flag & SELF_DRAWN_FLAG), table)
    by_suits(kinds, table)
    by_tile_traits(kinds, table)
    by_rank_range(kinds, table)
    return _Base(table, hog)


def _regular(packs: Sequence[int], h: Hand, unique_wait: bool, base: _Base) -> list[int]:
    """The fans of one division (``packs``: the fixed ones, the sets, the pair last)."""
    table = base.table[:]
    chows: list[int] = []
    pungs: list[int] = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    traits = 0  # 全带幺 / 全带五 / 全双刻 (engine.guobiao.traits.PACK_TRAIT)
    for p in packs:
        traits += PACK_TRAIT[p & 0xFFF]
        kind = p >> 8 & 0xF
        if kind == CHOW:
            chows.append(p)
        elif kind == PUNG:
            pungs.append(p)
            if not p & 0x3000:
                concealed_pungs += 1
        elif kind == KONG:
            pungs.append(p)
            if p & 0x3000:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    pair = packs[-1] & 0xFF
    win = h.win
    n = len(chows)
    if pungs:
        if not h.flag & SELF_DRAWN_FLAG and concealed_pungs + concealed_kongs:
            # a discard that completes a concealed pung makes it a melded one, unless the
            # tile could complete a concealed chow instead
            hit = 0
            for p in pungs:
                if p & 0xFF == win and not p & 0x3000:
                    hit += 1
            if hit:
                for c in chows:
                    if not c & 0x3000 and (c & 0xFF) - 1 <= win <= (c & 0xFF) + 1:
                        hit = 0
                        break
                concealed_pungs -= hit
        if melded_kongs or concealed_kongs:
            calc_kongs(concealed_pungs, melded_kongs, concealed_kongs, table)
        elif concealed_pungs > 1:
            table[HIDDEN_PUNGS[concealed_pungs]] = 1
        pung_tiles = sorted([p & 0xFF for p in pungs])
        if n == 0 and not table[F.FOUR_KONGS] and not table[F.FOUR_CONCEALED_PUNGS]:
            table[F.ALL_PUNGS] = 1
        for t in pung_tiles:
            fan = ONE_PUNG[t]
            if fan:
                table[fan] += 1
        if n < 3:
            for fan, times in pung_fans(tuple(pung_tiles)):
                table[fan] += times
    else:
        pung_tiles = []
    if n > 1:
        if n == 4 and three_suited_terminal_chows(chows, pair):
            table[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        elif n == 4 and pure_terminal_chows(chows, pair):
            table[F.PURE_TERMINAL_CHOWS] = 1
        else:
            for fan, times in chow_fans(tuple(sorted([c & 0xFF for c in chows]))):
                table[fan] += times
    # the pair: 平和, 小三元, 小四喜
    if n == 4:
        if pair < 0x40:
            table[F.ALL_CHOWS] = 1
    elif table[F.TWO_DRAGON_PUNGS]:
        if pair > 0x44:
            table[F.LITTLE_THREE_DRAGONS] = 1
            table[F.TWO_DRAGON_PUNGS] = 0
    elif table[F.BIG_THREE_WINDS] and 0x40 < pair < 0x45:
        table[F.LITTLE_FOUR_WINDS] = 1
        table[F.BIG_THREE_WINDS] = 0
    if traits & 7 == 5:
        table[F.OUTSIDE_HAND] = 1
    elif traits >> 3 & 7 == 5:
        table[F.ALL_FIVE] = 1
    elif traits >> 6 == 5:
        table[F.ALL_EVEN_PUNGS] = 1
    if not table[F.QUADRUPLE_CHOW]:
        table[F.TILE_HOG] = base.hog
    if unique_wait:
        by_wait(packs[len(h.fixed) :], win, table)
    final_adjust(table)
    if not table[F.BIG_FOUR_WINDS]:
        for t in pung_tiles:
            if E <= t <= N:
                by_winds(t, h.prevalent, h.seat, table)
    if not any(table):
        table[F.CHICKEN_HAND] = 1
    return table


def clear_tables() -> None:
    """Forget the per-suit readings and set-combination fans found so far: they are filled
    as keys come up, so the first hands a process counts pay for the searches."""
    suits.clear_tables()
    combos.clear_tables()


def _total(table: Sequence[int]) -> int:
    return sum(map(mul, F.FAN_VALUES, table))


_PACK_TILES = (0, 3, 3, 4, 2)  # by pack kind: chow, pung, kong, pair
_NO_TILES = (0,) * TABLE


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
    standing_cnt = [0] * TABLE
    for t in standing:
        standing_cnt[t] += 1
    standing_cnt[win] += 1
    kinds = set(standing)
    kinds.add(win)
    shown = kongs = 0
    fixed_cnt: Sequence[int] = _NO_TILES
    if nfixed:
        fixed_cnt = [0] * TABLE
        for p in fixed:
            t = p & 0xFF
            kind = p >> 8 & 0xF
            if kind == CHOW:
                fixed_cnt[t - 1] += 1
                fixed_cnt[t] += 1
                fixed_cnt[t + 1] += 1
                kinds.update((t - 1, t, t + 1))
            else:
                fixed_cnt[t] += _PACK_TILES[kind]
                kinds.add(t)
                kongs += kind == KONG
            shown += bool(p & 0x3000)
    unique = sorted(kinds & _VALID)
    hog = -kongs  # 四归一: four of a kind outside a kong
    mask = 0  # every kind of the hand as a bit set (engine.guobiao.traits.tile_mask)
    for t in unique:
        n = fixed_cnt[t] + standing_cnt[t]
        if n > 3:
            if n > 4:
                return None
            hog += 1
        mask |= 1 << (t - 0x11)
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
            if not kongs:
                flag &= ~ABOUT_KONG  # 杠上开花 needs a kong
        elif fixed_cnt[win] or standing_cnt[win] != 1:
            flag &= ~ABOUT_KONG  # a robbed kong's tile cannot be in the hand
    h = Hand(tuple(fixed), fixed_cnt, standing_cnt, unique, mask, win, flag, seat_wind, round_wind)
    best: list[int] | None = None
    best_fan = 0
    form: list[int] | None = None
    if not nfixed:
        form = special(h) or knitted_straight(h) or nine_gates(h)
    elif nfixed == 1:
        form = knitted_straight(h)
    if form is not None:
        best, best_fan = form, _total(form)
    pairs_form = form is not None and form[F.SEVEN_PAIRS] == 1
    if best_fan == 0 or pairs_form:
        keys = [0, 0, 0, 0, 0]  # per suit, the concealed tiles (engine.guobiao.suits)
        sizes = [0, 0, 0, 0, 0]
        for t in kinds:
            n = standing_cnt[t]
            if n:
                keys[t >> 4] += n * KEY_BIT[t]
                sizes[t >> 4] += n
        out = divisions(keys, sizes, fixed)
        if out:
            s = win >> 4
            keys[s] -= KEY_BIT[win]
            sizes[s] -= 1
            one_wait = one_kind_wait(keys, sizes, standing_cnt, unique, win)
            base = _base(h, shown, hog, mask)
            if len(out) == 1 and best is None:
                # one reading and nothing to weigh it against: its total only decides
                # whether it scores at all
                best = _regular(out[0], h, one_wait, base)
                best_fan = _total(best) if min(best) < 0 or best[F.NONE] else int(any(best))
            else:
                for packs in out:
                    table = _regular(packs, h, one_wait, base)
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
