"""The Heyuan Baida 河源百搭 family: one pattern (the best) times the bonuses that apply.

正百搭 (``heyuan-zheng``) and 鸡胡百搭 (``heyuan-jihu``) differ only in their pattern tables
(``rules.pattern_values``) and options; this module reads both. A pattern the preset's table
does not list is not scored; ``chicken`` wins only where ``rules.chicken_wins``. Liability is
the family default (the robbed player on 抢杠); kongs and horses settle the common way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any, Final

from engine import analysis
from engine.family import BaseFamily
from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.common import (
    iter_seven_pairs,
    iter_standard,
    meld_groups,
    orphans_reading,
    seven_pairs_reading,
    standard_reading,
)
from engine.scoring.readings import CHOW, PUNG, Group, seven_pairs_complete
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import NUM_KINDS

# For Heyuan patterns only suit, honour and terminal matter, so one terminal pung (or pair)
# per suit and one honour stand for everything a free wildcard group could be read as.
_SET_REPS: Final = ((PUNG, 0), (PUNG, 9), (PUNG, 18), (PUNG, 27))
_PAIR_REPS: Final = (0, 9, 18, 27)


def _tile_patterns(suits: set[int], honours: bool, simple: bool) -> list[str]:
    """Patterns that depend only on which tiles are in the hand (any winning form)."""
    out: list[str] = []
    if not suits:
        out.append("all_honors")
    elif len(suits) == 1:
        out.append("half_flush" if honours else "full_flush")
    if suits and not honours and not simple:
        out.append("pure_terminals")
    return out


def standard_patterns(groups: Sequence[Group]) -> list[str]:
    """Every Heyuan pattern a standard reading (concealed groups plus melds) satisfies."""
    suits: set[int] = set()
    honours = terminal = simple = chows = False
    for shape, k in groups:
        if shape == CHOW:
            chows = simple = True
            suits.add(k // 9)
        elif k >= 27:
            honours = True
        else:
            suits.add(k // 9)
            if k % 9 in (0, 8):
                terminal = True
            else:
                simple = True
    out = ["chicken", *_tile_patterns(suits, honours, simple)]
    if not chows:
        out.append("all_pungs")
        if len(suits) == 1:
            out.append("half_flush_pungs" if honours else "full_flush_pungs")
        if not simple and terminal and honours:
            out.append("mixed_terminals")
    return out


def seven_pairs_patterns(kinds: Sequence[int]) -> list[str]:
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    simple = any(k < 27 and k % 9 not in (0, 8) for k in kinds)
    return ["seven_pairs", *_tile_patterns(suits, honours, simple)]


def _value(rules: Rules, pattern: str) -> int:
    """What a pattern is worth under the preset; 0 when it cannot win."""
    if pattern == "seven_pairs":
        return rules.seven_pairs_value if rules.seven_pairs else 0
    if pattern == "chicken" and not rules.chicken_wins:
        return 0
    return rules.patterns.get(pattern, 0)


def _values(rules: Rules) -> dict[str, int]:
    """:func:`_value` of every pattern the preset's table lists, seven pairs and chicken
    (another pattern is worth 0), read once per rules: ``rules.patterns`` makes a new
    dictionary on every read, and the search reads a value per pattern of every reading."""
    hit = _VALUES
    if hit and hit[0] is rules:
        table: dict[str, int] = hit[1]
        return table
    table = {p: _value(rules, p) for p in (*rules.patterns, "seven_pairs", "chicken")}
    _VALUES[:] = [rules, table]
    return table


_VALUES: list[Any] = []  # the rules last read and their values


def best_pattern(
    rules: Rules, counts: Sequence[int], wild: int, melds: Sequence[Meld], *, first: bool = False
) -> tuple[int, str, Reading] | None:
    """The best-paying pattern over every reading: (value, pattern id, reading). ``first``:
    any winning pattern will do (the search stops at the first reading that wins)."""
    values = _values(rules)
    best: tuple[int, str, Callable[[], Reading]] | None = None
    # the search stops at a reading worth the most the hand can make: as every reading
    # gives way only to a higher value, the first reading of the best value is the answer
    top = _most(values, counts, melds)

    def consider(patterns: list[str], make: Callable[[], Reading]) -> bool:
        nonlocal best
        for p in patterns:
            v = values.get(p, 0)
            if v and (best is None or v > best[0]):
                best = (v, p, make)
        return best is not None and (first or best[0] >= top)

    if not melds:
        reading = orphans_reading(counts, wild)
        if reading is not None and consider(["thirteen_orphans"], partial(_same, reading)):
            return _done(best)
    mg = meld_groups(melds)
    # listing every reading is slow with several wildcards: only where there is one
    standard = iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS)
    for groups in standard if _standard_complete(counts, wild, melds) else ():
        done = consider(
            standard_patterns(groups + mg), partial(standard_reading, groups, counts)
        )
        if done:
            return _done(best)
    if rules.seven_pairs and not melds:
        for kinds in iter_seven_pairs(counts, wild, _PAIR_REPS):
            if consider(seven_pairs_patterns(kinds), partial(seven_pairs_reading, kinds, counts)):
                break
    return _done(best)


def _most(values: dict[str, int], counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """The most a standard or seven-pairs reading of the hand can be worth (``values``:
    :func:`_values`). Every reading holds each natural tile and each meld in one of its
    groups, so a second suit, an honour, a simple (2–8) or a chowed meld among them is in
    every reading, and rules out the same patterns in all (thirteen orphans, read before
    the others, is left out)."""
    b = bytes(counts[:NUM_KINDS])
    suits = (b[:9] != _NONE9) | (b[9:18] != _NONE9) << 1 | (b[18:27] != _NONE9) << 2
    honours = b[27:] != _NONE9[:7]
    simple = b[1:8] != _NONE9[:7] or b[10:17] != _NONE9[:7] or b[19:26] != _NONE9[:7]
    chow = False
    for m in melds:
        k = m.base
        if m.kind is _CHOW_MELD:
            chow = simple = True
            suits |= 1 << k // 9
        elif k >= 27:
            honours = True
        else:
            suits |= 1 << k // 9
            if k % 9 not in (0, 8):
                simple = True
    one_suit = not suits & (suits - 1)  # (or none)
    get = values.get
    most = get("chicken", 0)
    if not melds:
        most = max(most, get("seven_pairs", 0))
    if not suits:
        most = max(most, get("all_honors", 0))
    if one_suit:
        most = max(most, get("half_flush", 0))
        if not honours:
            most = max(most, get("full_flush", 0))
    if not honours and not simple:
        most = max(most, get("pure_terminals", 0))
    if not chow:
        most = max(most, get("all_pungs", 0))
        if one_suit:
            most = max(most, get("half_flush_pungs", 0))
            if not honours:
                most = max(most, get("full_flush_pungs", 0))
        if not simple:
            most = max(most, get("mixed_terminals", 0))
    return most


def _standard_complete(counts: Sequence[int], wild: int, melds: Sequence[Meld]) -> bool:
    """Whether some reading is four sets and a pair (the analysis tables: fast, and checked
    against the readings' own search in tests/engine/hand/test_judge.py)."""
    return analysis.is_complete(
        counts, wild, len(melds), seven_pairs=False, thirteen_orphans=False
    )


def _same(reading: Reading) -> Reading:
    return reading


def _done(best: tuple[int, str, Callable[[], Reading]] | None) -> tuple[int, str, Reading] | None:
    if best is None:
        return None
    return best[0], best[1], best[2]()


def score_hand(
    rules: Rules,
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    win_tile: int,
    win_is_wild: bool,
    ctx: WinContext,
) -> Score | None:
    found = best_pattern(rules, counts, wild, melds)
    if found is None:
        return None
    value, pattern, reading = found
    bonuses = rules.bonuses
    ids: list[str] = [pattern]
    points = value
    # 飞牌 / 保钓保: the hand before the winning tile was complete with any kind at all.
    counts13 = list(counts)
    wild13 = wild
    if win_is_wild:
        wild13 -= 1
    else:
        counts13[win_tile] -= 1
    if waits_on_anything(rules, counts13, wild13, len(melds)):
        bonus = "wild_on_wild" if win_is_wild else "lone_wild"
        if bonus in bonuses:
            ids.append(bonus)
            points *= bonuses[bonus]
    # 无保 only means something where wildcards are in play
    if wild == 0 and rules.wildcards and rules.no_wilds_bonus and "no_wilds" in bonuses:
        ids.append("no_wilds")
        points *= bonuses["no_wilds"]
    return Score(points=points, patterns=tuple(ids), reading=reading)


def waits_on_anything(rules: Rules, counts13: Sequence[int], wild13: int, melds: int) -> bool:
    """飞牌's test: the 13-tile hand is complete with each of the 34 kinds added (shape only):
    it waits on every kind (a fifth copy counts, as a wildcard may be one). One reading of
    the tables instead of 34 completeness checks (tests/engine/scoring/test_heyuan.py holds
    it to them)."""
    if wild13 == 0:
        # without a wildcard an honour the hand lacks can never complete it
        return False
    return analysis.waits_mask(counts13, wild13, melds, rules.seven_pairs, True) == _ALL_KINDS


_ALL_KINDS: Final = (1 << NUM_KINDS) - 1
_NONE9: Final = bytes(9)  # a suit with no tile
_CHOW_MELD: Final = MeldKind.CHOW


def _d3(n: int) -> int:
    return (3 - n % 3) % 3


@cache
def _pung_part(key: bytes) -> tuple[int, int]:
    """For one suit's counts (or the honours'): the tiles its kinds need to be whole pungs,
    and the best change to that if one of its kinds is the pair instead (2: none held).

    The need is the sum of _d3 over the counts (one bytes.translate and a sum). The pair
    change of a kind held n times is (_d3(n - 2) if n >= 2 else 1) - _d3(n): -1 where n is
    not a multiple of three (n % 3 == 1: 1 - 2; n % 3 == 2: 0 - 1), 2 where it is (2 - 0),
    so the best change is -1 exactly where some kind needs a tile, that is where the need
    is not 0 (tests/engine/scoring/test_heyuan.py holds it to the plain reading)."""
    need = sum(key.translate(_D3))
    return need, -1 if need else 2


@cache
def _pung_added(key: bytes) -> tuple[tuple[int, int], ...]:
    """:func:`_pung_part` of the suit with one more of each of its kinds, by place: one
    kind's count moves from n to n + 1, so the need moves by _d3(n + 1) - _d3(n) (no key
    made per kind)."""
    need = sum(key.translate(_D3))
    out = []
    for n in key:
        m = need - _D3[n] + _D3_NEXT[n]
        out.append((m, -1 if m else 2))
    return tuple(out)


# _d3 of each count (a bytes.translate table), and of each count plus one
_D3 = bytes([(3 - n % 3) % 3 for n in range(256)])
_D3_NEXT = tuple([(3 - (n + 1) % 3) % 3 for n in range(256)])


class HeyuanFamily(BaseFamily):
    id = "heyuan"
    value_style = "multiple"

    def score(
        self,
        rules: Rules,
        counts: list[int],
        wild: int,
        melds: Sequence[Meld],
        win_tile: int,
        win_is_wild: bool,
        ctx: WinContext,
    ) -> Score | None:
        return score_hand(rules, counts, wild, melds, win_tile, win_is_wild, ctx)

    def wins(
        self,
        rules: Rules,
        counts: list[int],
        wild: int,
        melds: Sequence[Meld],
        win_tile: int,
        win_is_wild: bool,
        ctx: WinContext,
    ) -> bool:
        # score_hand wins exactly when some reading has a pattern the preset pays; its
        # bonuses (飞牌's 34 completeness checks among them) never decide it
        if _value(rules, "chicken") and _standard_complete(counts, wild, melds):
            return True  # every standard reading is at least a chicken
        if not melds and _value(rules, "seven_pairs") and seven_pairs_complete(counts, wild):
            return True  # and every seven-pairs reading is seven pairs
        if not self.pattern_possible(rules, counts, wild, melds):
            return False
        return best_pattern(rules, counts, wild, melds, first=True) is not None

    def instant_wins(self, rules: Rules) -> bool:
        return rules.four_wilds_win

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        """四保胡: four wildcards after a draw, paid as a self-draw (where the option is on)."""
        if not rules.four_wilds_win or wild < 4:
            return None
        value = rules.patterns.get("four_wilds")
        if value is None:
            return None
        return Score(points=value, patterns=("four_wilds",), reading=Reading("four_wilds"))

    def pattern_possible(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> bool:
        """Where a hand needs a pattern (正百搭: chicken does not win): every 正百搭 pattern is
        a one-suit hand (with or without honours), an all-pungs hand (which covers the
        terminal patterns), thirteen orphans or seven pairs."""
        if rules.chicken_wins:
            return True
        # asked on nearly every discard a seat waits on: whole suits are compared at once
        b = bytes(counts34)
        suits = (b[:9] != _NONE9) | (b[9:18] != _NONE9) << 1 | (b[18:27] != _NONE9) << 2
        for m in melds:
            if m.base < 27:
                suits |= 1 << m.base // 9
        if not suits & (suits - 1):  # one suit or none
            return True
        if not melds and (
            rules.seven_pairs or b[1:8] == b[10:17] == b[19:26] == _NONE9[:7]
        ):
            return True
        if any(not m.is_triplet for m in melds):
            return False
        # all pungs: every kind held made a whole pung (one of them, or two wildcards, the
        # pair); per suit from a table filled as hands come
        na, pa = _pung_part(b[:9])
        nb, pb = _pung_part(b[9:18])
        nc, pc = _pung_part(b[18:27])
        nd, pd = _pung_part(b[27:34])
        return na + nb + nc + nd + min(pa, pb, pc, pd) <= wilds

    def pattern_facts(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> Any:
        """The parts of :meth:`pattern_possible` one tile cannot change, read once, as they
        are asked per discarded tile: per suit of the tile (m, p, s, honours) whether the
        hand is then of one suit or none; whether it has no meld and plays seven pairs or
        holds no middle kind (2–8); whether every meld is a pung or kong; each suit's key;
        the whole pungs' need of the hand, and per suit the need of its own part and the
        best pair change of the other suits; the wildcards."""
        if rules.chicken_wins:
            return None
        b = bytes(counts34)
        ka, kb, kc, kd = b[:9], b[9:18], b[18:27], b[27:34]
        suits = (ka != _NONE9) | (kb != _NONE9) << 1 | (kc != _NONE9) << 2
        pungs = True
        for m in melds:
            if m.base < 27:
                suits |= 1 << m.base // 9
            if not m.is_triplet:
                pungs = False
        na, pa = _pung_part(ka)
        nb, pb = _pung_part(kb)
        nc, pc = _pung_part(kc)
        nd, pd = _pung_part(kd)
        # (written out: read once per change of a hand that waits on a discard)
        s0, s1, s2 = suits | 1, suits | 2, suits | 4
        return (
            # one suit or none with a tile of suit x added (the honours add no suit)
            (not s0 & (s0 - 1), not s1 & (s1 - 1), not s2 & (s2 - 1), not suits & (suits - 1)),
            not melds and (rules.seven_pairs or b[1:8] == b[10:17] == b[19:26] == _NONE9[:7]),
            pungs,
            (ka, kb, kc, kd),
            na + nb + nc + nd,
            (na, nb, nc, nd),
            (min(pb, pc, pd), min(pa, pc, pd), min(pa, pb, pd), min(pa, pb, pc)),
            wilds,
        )

    def pattern_possible_on(self, rules: Rules, facts: Any, tile: int) -> bool:
        # asked on nearly every discard a seat waits on: the suit's part alone is read again
        if facts is None:  # chicken wins
            return True
        one_suit, open_form, pungs, keys, need_all, need_of, pair_of, wilds = facts
        x = tile // 9 if tile < 27 else 3
        if one_suit[x]:
            return True
        # seven pairs, or only terminals and honours (the orphans form) with the tile
        if open_form and (rules.seven_pairs or x == 3 or tile % 9 in (0, 8)):
            return True
        if not pungs:
            return False
        # all pungs: the suit's part with the tile added, the other suits' as they were
        need, pair = _pung_added(keys[x])[tile - 9 * x]
        other = pair_of[x]
        return need_all - need_of[x] + need + (pair if pair < other else other) <= wilds

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        if pattern == "chicken" and not rules.chicken_wins:
            return None
        return super().target_value(rules, pattern)
