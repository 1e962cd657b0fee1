"""Scoring a riichi win: every reading, its yaku, fu and han, and the one that pays most.

The answers are the reference library's (``mahjong`` 2.1.0, ``HandCalculator`` with the rule
page's settings), reading for reading: the hand is read in every split into blocks
(:mod:`engine.riichi.divide`) and, in each, every block the winning tile may have completed
(a "win group"); each pair (reading, win group) gets its fu and yaku; the most expensive
wins (points, then a true yakuman over a counted one, then han, then fu, then the fu before
rounding; on a full tie the first in the library's order). Thirteen orphans is read apart.

Decisions the library takes and this module keeps, for the same answers:

- a pung completed by a discard counts open for fu; for ``san_ankou`` it counts open only
  when no closed sequence holds the winning tile (so 111m 123m won on 1m by ron keeps three
  concealed pungs while its fu reads the pung open in that win group);
- pinfu is a closed hand whose reading gives no fu beside the base;
- a double wind pair gives 4 fu; a rinshan win takes the tsumo fu;
- yakuman leave only yakuman (dora never join them); dora join only a hand with a yaku.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.melds import MeldKind
from engine.riichi.divide import PAIR, QUAD, SEQUENCE, TRIPLET, Block, Reading, readings
from engine.riichi.hand import (
    EARTHLY,
    HEAVENLY,
    KONG_REPLACEMENT,
    LAST_TILE,
    ROBBING_KONG,
    RiichiScore,
    RiichiWin,
)
from engine.riichi.payments import hand_cost
from engine.riichi.yaku import BY_ID, ORDER

TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
HONOURS: Final = frozenset(range(27, 34))
ORPHANS: Final = TERMINALS | HONOURS
GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})
DRAGONS: Final = (31, 32, 33)
_DRAGON_YAKU: Final = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}
_WIND_NAMES: Final = ("east", "south", "west", "north")
_ORPHAN_KINDS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_YAKUMAN: Final = frozenset(y.id for y in BY_ID.values() if y.yakuman)
_OPENED: Final = 1
_KAN: Final = 2


def dora_of(indicator: int) -> int:
    """The kind an indicator makes dora: the next one, 9 → 1 in a suit, winds E → S → W →
    N → E, dragons White → Green → Red → White."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 + (indicator - 26) % 4
    return 31 + (indicator - 30) % 3


def _count_dora(tiles34: Sequence[int], indicators: Sequence[int]) -> int:
    return sum(tiles34[dora_of(i)] for i in indicators)


def _simple(tile: int) -> bool:
    return tile < 27 and 0 < tile % 9 < 8


class _Hand:
    """What every reading of one win shares, read once."""

    __slots__ = (
        "chow_melds", "counts", "is_open", "kan_melds", "meld_blocks", "meld_state", "melds",
        "open_blocks", "tiles34", "valued", "win", "win_tile",
    )  # fmt: skip

    def __init__(self, win: RiichiWin) -> None:
        self.win = win
        counts = [0] * 34
        for t in win.concealed:
            counts[t] += 1
        self.counts = counts
        tiles34 = counts[:]
        meld_blocks: list[Block] = []
        open_blocks: list[Block] = []
        meld_state = [0] * 34
        chow_melds: list[int] = []
        kan_melds = 0
        for m in win.melds:
            for t in m.tiles:
                tiles34[t] += 1
            base = m.tiles[0]
            if m.kind is MeldKind.CHOW:
                block = (base, SEQUENCE)
                chow_melds.append(base)
            elif m.kind is MeldKind.PUNG:
                block = (base, TRIPLET)
                meld_state[base] = _OPENED
            else:
                block = (base, QUAD)
                kan_melds += 1
                meld_state[base] = _KAN if m.kind is MeldKind.CONCEALED_KONG else _KAN | _OPENED
            meld_blocks.append(block)
            if m.kind is not MeldKind.CONCEALED_KONG:
                open_blocks.append(block)
        self.tiles34 = tiles34
        self.meld_blocks = meld_blocks
        self.open_blocks = open_blocks
        self.meld_state = meld_state
        self.chow_melds = chow_melds
        self.kan_melds = kan_melds
        self.melds = len(win.melds)
        self.is_open = bool(open_blocks)
        self.win_tile = win.win_tile
        self.valued = (31, 32, 33, 27 + win.seat_wind, 27 + win.round_wind)


def _situation_yaku(h: _Hand) -> list[str]:
    """The yaku of how the hand was won (the same in every reading)."""
    w = h.win
    sits = w.situations
    out = []
    if w.self_drawn and not h.is_open:
        out.append("menzen_tsumo")
    if w.double_riichi:
        out.append("double_riichi")
    elif w.riichi:
        out.append("riichi")
    if w.ippatsu:
        out.append("ippatsu")
    if KONG_REPLACEMENT in sits:
        out.append("rinshan_kaihou")
    if ROBBING_KONG in sits:
        out.append("chankan")
    if LAST_TILE in sits:
        out.append("haitei_raoyue" if w.self_drawn else "houtei_raoyui")
    if HEAVENLY in sits:
        out.append("tenhou")
    if EARTHLY in sits:
        out.append("chiihou")
    return out


def _san_ankou(h: _Hand, blocks: Reading) -> bool:
    win = h.win_tile
    opened = h.open_blocks
    closed = 0
    chow_with_win = False
    for b in blocks:
        t, ty = b
        if ty in (TRIPLET, QUAD):
            if b not in opened:
                closed += 1
        elif ty == SEQUENCE and t <= win <= t + 2 and b not in opened:
            chow_with_win = True
    if not h.win.self_drawn and not chow_with_win:
        for b in blocks:
            if (b[1] == TRIPLET or b[1] == QUAD) and b[0] == win and b not in opened:
                closed -= 1
                break
    return closed == 3


def _suu_ankou(h: _Hand, blocks: Reading) -> bool:
    win = h.win_tile
    ron = not h.win.self_drawn
    pungs = 0
    for t, ty in blocks:
        if ty in (TRIPLET, QUAD):
            if ron and t == win:
                continue  # a pung completed by a discard is not concealed
            pungs += 1
    return pungs == 4


def _chuuren(tiles34: Sequence[int], blocks: Reading) -> bool:
    suits = {t // 9 for t, _ in blocks}
    if len(suits) != 1 or blocks[0][0] >= 27:
        return False
    base = 9 * suits.pop()
    c = list(tiles34[base : base + 9])
    if c[0] < 3 or c[8] < 3:
        return False
    c[0] -= 2
    c[8] -= 2
    return sorted(c) == [1, 1, 1, 1, 1, 1, 1, 1, 2]


def _reading_yaku(h: _Hand, blocks: Reading) -> list[str]:
    """The yaku of one reading that do not depend on the win group."""
    out: list[str] = []
    chows = [t for t, ty in blocks if ty == SEQUENCE]
    pungs = [t for t, ty in blocks if ty in (TRIPLET, QUAD)]
    tanyao = all(_simple(t) and (ty != SEQUENCE or _simple(t + 2)) for t, ty in blocks)
    suit_mask = 0
    honour_blocks = 0
    for t, _ty in blocks:
        if t >= 27:
            honour_blocks += 1
        else:
            suit_mask |= 1 << (t // 9)
    one_suit = suit_mask in (1, 2, 4)
    if tanyao:
        out.append("tanyao")
    if len(blocks) == 7:
        out.append("chiitoitsu")
    if one_suit and not honour_blocks:
        out.append("chinitsu")
    elif one_suit:
        out.append("honitsu")
    if not chows:
        if honour_blocks and all(t >= 27 for t, _ in blocks):
            out.append("tsuu_iisou")
        if not tanyao:
            if all(t in ORPHANS for t, _ in blocks):
                out.append("honroutou")
            if not honour_blocks and all(t in TERMINALS for t, _ in blocks):
                out.append("chinroutou")
    if all(t in GREEN if ty != SEQUENCE else t == 19 for t, ty in blocks):
        out.append("ryuuiisou")
    if chows:
        if not tanyao:
            _chow_ends(blocks, out)
        if not h.is_open:
            starts: dict[int, int] = {}
            for t in chows:
                starts[t] = starts.get(t, 0) + 1
            twice = sum(n // 2 for n in starts.values())
            if twice >= 2:
                out.append("ryanpeikou")
            elif twice:
                out.append("iipeiko")
        if suit_mask == 7:
            ranks = [0, 0, 0]
            for t in chows:
                ranks[t // 9] |= 1 << (t % 9)
            if ranks[0] & ranks[1] & ranks[2]:
                out.append("sanshoku_doujun")
    if pungs:
        _pung_yaku(h, blocks, pungs, suit_mask, honour_blocks, tanyao, out)
    return out


def _chow_ends(blocks: Reading, out: list[str]) -> None:
    """chantai, junchan and ittsu (hands with a sequence and no all-simples)."""
    terminal_sets = honour_sets = 0
    for t, ty in blocks:
        last = t + 2 if ty == SEQUENCE else t
        if t in TERMINALS or last in TERMINALS:
            terminal_sets += 1
        elif t >= 27:
            honour_sets += 1
    if terminal_sets + honour_sets == 5 and terminal_sets and honour_sets:
        out.append("chantai")
    if terminal_sets == 5:
        out.append("junchan")
    runs = [0, 0, 0]
    for t, ty in blocks:
        if ty == SEQUENCE and t % 9 in (0, 3, 6):
            runs[t // 9] |= 1 << (t % 9 // 3)
    if 7 in runs:
        out.append("ittsu")


def _pung_yaku(
    h: _Hand,
    blocks: Reading,
    pungs: list[int],
    suit_mask: int,
    honour_blocks: int,
    tanyao: bool,
    out: list[str],
) -> None:
    """The yaku of pungs and kongs (readings holding at least one)."""
    if len(pungs) == 4:
        out.append("toitoi")
    if _san_ankou(h, blocks):
        out.append("san_ankou")
    if suit_mask == 7:
        ranks = [0, 0, 0]
        for t in pungs:
            if t < 27:
                ranks[t // 9] |= 1 << (t % 9)
        if ranks[0] & ranks[1] & ranks[2]:
            out.append("sanshoku_doukou")
    if honour_blocks:
        dragon_sets = sum(1 for t, _ in blocks if t in DRAGONS)
        if dragon_sets == 3:
            out.append("shou_sangen")
        for d in DRAGONS:
            if d in pungs:
                out.append(_DRAGON_YAKU[d])
        seat = 27 + h.win.seat_wind
        if seat in pungs:
            out.append(f"yakuhai_seat_wind_{_WIND_NAMES[h.win.seat_wind]}")
        rnd = 27 + h.win.round_wind
        if rnd in pungs:
            out.append(f"yakuhai_round_wind_{_WIND_NAMES[h.win.round_wind]}")
        dragon_pungs = sum(1 for t in pungs if t in DRAGONS)
        if dragon_pungs == 3:
            out.append("daisangen")
        wind_pungs = sum(1 for t in pungs if 27 <= t <= 30)
        wind_pairs = sum(1 for t, ty in blocks if ty == PAIR and 27 <= t <= 30)
        if wind_pungs == 3 and wind_pairs == 1:
            out.append("shousuushii")
        if wind_pungs == 4:
            out.append("dai_suushii")
    if not h.melds and not tanyao and _chuuren(h.tiles34, blocks):
        n = h.tiles34[h.win_tile]
        out.append("daburu_chuuren_poutou" if n in (2, 4) else "chuuren_poutou")
    if not h.is_open and _suu_ankou(h, blocks):
        out.append("suu_ankou_tanki" if h.tiles34[h.win_tile] == 2 else "suu_ankou")
    if h.kan_melds == 3:
        out.append("san_kantsu")
    elif h.kan_melds == 4:
        out.append("suu_kantsu")


def _win_groups(h: _Hand, blocks: Reading) -> list[Block]:
    """The blocks the winning tile may have completed: concealed ones holding it, each
    shape once (an open meld identical to a concealed set is matched first)."""
    unmatched = list(h.open_blocks)
    win = h.win_tile
    out: list[Block] = []
    for b in blocks:
        if b in unmatched:
            unmatched.remove(b)
            continue
        t, ty = b
        holds = t <= win <= t + 2 if ty == SEQUENCE else t == win
        if holds and b not in out:
            out.append(b)
    return out


def _fu(h: _Hand, blocks: Reading, group: Block) -> tuple[int, int]:
    """``(fu before rounding, fu)`` of a reading won on ``group``."""
    if len(blocks) == 7:
        return 25, 25
    win = h.win_tile
    gt, gty = group
    total = 0
    if gty == SEQUENCE and sum(1 for b in blocks if b == group) > h.chow_melds.count(gt):
        rank = gt % 9
        if (rank == 0 and win == gt + 2) or (rank == 6 and win == gt):
            total += 2  # penchan
        if win == gt + 1:
            total += 2  # kanchan
    self_drawn = h.win.self_drawn
    for t, ty in blocks:
        if ty == PAIR:
            valued = h.valued.count(t)
            if valued == 1:
                total += 2
            elif valued >= 2:
                total += 4
        elif ty in (TRIPLET, QUAD):
            state = h.meld_state[t]
            was_open = state & _OPENED
            if not self_drawn and gty == ty and gt == t:
                was_open = 1  # completed by the discard
            fu = 8 if t in ORPHANS else 4
            if ty == QUAD or state & _KAN:
                fu *= 4
            total += fu // 2 if was_open else fu
    if gty == PAIR:
        total += 2  # tanki
    if self_drawn and total:
        total += 2
    if h.is_open and not total:
        total = 2  # an open hand with no fu counts 30
    total += 20 if h.is_open or self_drawn else 30
    return total, (total + 9) // 10 * 10


def _dora_yaku(h: _Hand) -> list[tuple[str, int]]:
    w = h.win
    out = []
    dora = _count_dora(h.tiles34, w.dora_indicators)
    if dora:
        out.append(("dora", dora))
    if w.aka and w.reds:
        out.append(("aka_dora", w.reds))
    if w.riichi or w.double_riichi:
        ura = _count_dora(h.tiles34, w.ura_indicators)
        if ura:
            out.append(("ura_dora", ura))
    return out


def _orphans_score(h: _Hand) -> RiichiScore | None:
    if h.is_open:
        return None
    product = 1
    for k in _ORPHAN_KINDS:
        product *= h.tiles34[k]
    if product != 2:
        return None
    ids = ["kokushi_musou_juusanmen_matchi" if h.tiles34[h.win_tile] == 2 else "kokushi_musou"]
    ids += [y for y in _situation_yaku(h) if y in ("tenhou", "chiihou")]
    yaku = [(y, BY_ID[y].closed) for y in ids]
    han = sum(n for _, n in yaku)
    w = h.win
    main, additional, level = hand_cost(
        han, 0, yakuman=True, dealer=w.dealer, self_drawn=w.self_drawn
    )
    yaku.sort(key=lambda y: ORDER[y[0]])
    return RiichiScore(han, 0, tuple(yaku), main, additional, level, w.dealer, w.self_drawn)


def score_riichi(win: RiichiWin) -> RiichiScore | None:
    """The score of ``win``, or None when no reading is a winning hand with a yaku.

    The win is taken as given (the evaluate command refuses what cannot happen at a table
    first): a riichi with an open meld, an ippatsu without riichi and such are scored as
    the flags say."""
    h = _Hand(win)
    situation = _situation_yaku(h)
    is_open = h.is_open
    dora = None
    best: tuple[tuple[int, bool, int, int, int], RiichiScore] | None = None
    for blocks in readings(h.counts, h.meld_blocks):
        base_ids = situation + _reading_yaku(h, blocks)
        chiitoitsu = len(blocks) == 7
        for group in _win_groups(h, blocks):
            raw, fu = _fu(h, blocks, group)
            ids = base_ids
            if not is_open and not chiitoitsu and raw == (30 if not win.self_drawn else 20):
                ids = [*base_ids, "pinfu"]
            yakuman = [y for y in ids if y in _YAKUMAN]
            if yakuman:
                ids = yakuman
            yaku = [(y, BY_ID[y].han(is_open)) for y in ids]
            han = sum(n for _, n in yaku)
            if not han:
                continue  # no yaku in this reading
            if not yakuman:
                if dora is None:
                    dora = _dora_yaku(h)
                yaku.extend(dora)
                han += sum(n for _, n in dora)
            han = min(han, 78)
            main, additional, level = hand_cost(
                han, fu, yakuman=bool(yakuman), dealer=win.dealer, self_drawn=win.self_drawn
            )
            key = (main + 2 * additional, bool(yakuman), han, fu, raw)
            if best is None or key > best[0]:
                yaku.sort(key=lambda y: ORDER[y[0]])
                score = RiichiScore(
                    han, fu, tuple(yaku), main, additional, level, win.dealer, win.self_drawn
                )
                best = (key, score)
    orphans = _orphans_score(h)
    if orphans is not None and (best is None or (orphans.points, True, orphans.han, 0, 0) > best[0]):
        return orphans
    return best[1] if best else None
