"""The Guangdong 鸡平胡 family: fan, with a 3-fan cap for ordinary hands and specials above it.

Hands inside the cap (爆胡) add their patterns (平胡 1, 碰碰胡 2, 混一色 2; none = 鸡胡 0) and
the additions (自摸, seat wind, round wind, each dragon pung: +1), capped at ``rules.fan_cap``.
杠上开花 / 海底捞月 / 抢杠 / 一炮三响 lift such a hand to at least the cap. Special hands score
their own fan with nothing added; the best reading and the best special count.
Points for one payer = 2 ** fan.

``patterns`` lists the hand's pattern ids first (``chicken`` when none), then the addition ids,
``dragon_pung`` once per dragon pung (so the ids add up to the fan before the cap), then the
situation ids that set a floor. A special hand lists only its own id.

包 (``liable_seat``), on a self-draw: 十二张落地 (the feeder of the fourth exposed meld, for
the first such player only: 包先不包后), 大四喜 / 大三元 (the feeder of the last wind / dragon
pung, read from the exposed melds whatever the hand is named) and 杠上开花包杠 (the
discarder of the exposed kong whose replacement tile won; an added kong is no kong on a
discard). When several apply, the one that arose first stands. A robbed kong: the robbed
player, as in every family.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar, Final

from engine.family import BaseFamily, ValueStyle, WinFacts
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
from engine.scoring.readings import CHOW, PAIR, PUNG, Group
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import DRAGONS, WINDS

# free wildcard groups (only where the wildcards option is used in this preset): a terminal
# pung and a run per suit, and every honour (winds and dragons each matter here)
_SET_REPS: Final = (
    (PUNG, 0), (PUNG, 9), (PUNG, 18), (CHOW, 0), (CHOW, 9), (CHOW, 18),
    *((PUNG, k) for k in range(27, 34)),
)  # fmt: skip
_PAIR_REPS: Final = (0, 9, 18, *range(27, 34))
FLOOR_SITUATIONS: Final = ("kong_replacement", "last_tile", "robbing_kong", "multi_win3")
SPECIAL_SITUATIONS: Final = ("heavenly", "earthly", "human")
_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)

Candidate = tuple[int, tuple[str, ...]]


def _best_special(rules: Rules, ids: Sequence[str]) -> Candidate | None:
    table = rules.patterns
    found = [(table[i], i) for i in ids if i in table]
    if not found:
        return None
    fan, pid = max(found, key=lambda f: f[0])  # max keeps the first of equal values
    return fan, (pid,)


def standard_candidate(
    rules: Rules, groups: Sequence[Group], ctx: WinContext, dora: int = 0
) -> Candidate | None:
    """The best (fan, ids) of one standard reading (concealed groups plus melds); ``dora``:
    the natural 宝牌 tiles the hand holds (each an addition inside the cap)."""
    suits: set[int] = set()
    honours = simple = terminal = False
    chows = 0
    dragon_pungs = wind_pungs = 0
    dragon_pair = wind_pair = False
    pungs: set[int] = set()
    for shape, k in groups:
        if shape == CHOW:
            chows += 1
            simple = True
            terminal |= k % 9 in (0, 6)
            suits.add(k // 9)
            continue
        if k >= 27:
            honours = True
            if shape == PAIR:
                dragon_pair |= k in DRAGONS
                wind_pair |= k in WINDS
            else:
                dragon_pungs += k in DRAGONS
                wind_pungs += k in WINDS
        else:
            suits.add(k // 9)
            simple |= k % 9 not in (0, 8)
            terminal |= k % 9 in (0, 8)
        if shape == PUNG:
            pungs.add(k)
    all_pungs = chows == 0
    one_suit = len(suits) == 1
    specials: list[str] = []
    if one_suit and not honours:
        specials.append("full_flush_pungs" if all_pungs else "full_flush")
    if one_suit and honours and all_pungs:
        specials.append("half_flush_pungs")
    if all_pungs and not simple and suits and honours:
        specials.append("mixed_terminals")
    if not suits:
        specials.append("all_honors")
    if suits and not honours and not simple:
        specials.append("pure_terminals")
    if dragon_pungs == 3:
        specials.append("big_dragons")
    elif dragon_pungs == 2 and dragon_pair:
        specials.append("small_dragons")
    if wind_pungs == 4:
        specials.append("big_winds")
    elif wind_pungs == 3 and wind_pair:
        specials.append("small_winds")
    special = _best_special(rules, specials)
    if special is not None:
        return special
    # inside the cap
    table = rules.patterns
    ids: list[str] = []
    if chows == 4 and "all_chows" in table:
        ids.append("all_chows")
    if all_pungs and "all_pungs" in table:
        ids.append("all_pungs")
    if one_suit and honours and "half_flush" in table:
        ids.append("half_flush")
    if not honours and not terminal and "all_simples" in table:
        ids.append("all_simples")  # 断幺九 (Hefei): a pattern inside the cap, like 平胡
    if not ids:
        if not rules.chicken_wins:
            return None
        ids.append("chicken")
    fan = sum(table.get(i, 0) for i in ids)
    adds = rules.bonuses
    added: list[str] = []
    if ctx.self_drawn:
        added.append("self_draw")
    if 27 + ctx.seat_wind in pungs:
        added.append("seat_wind")
    if 27 + ctx.round_wind in pungs:
        added.append("round_wind")
    added.extend(["dragon_pung"] * dragon_pungs)
    added = [a for a in added if a in adds]
    fan += sum(adds[a] for a in added)
    if "lizhi" in ctx.situations:  # 立直 (option lizhi): an addition inside the cap
        fan += 1
        added.append("lizhi")
    if dora:  # 宝牌 (option dora): one fan a tile, listed once per tile
        fan += dora
        added.extend(["dora"] * dora)
    ids.extend(added)
    fan = min(rules.fan_cap, fan)
    floors = [s for s in FLOOR_SITUATIONS if s in ctx.situations]
    if floors:
        # "at least 3 fan": the cap is 3, so a floor situation lifts the hand to the cap
        fan = max(fan, rules.fan_cap)
        ids.extend(floors)
    return fan, tuple(ids)


def dora_count(counts: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> int:
    """The natural 宝牌 tiles of a winning hand (concealed and melds, a kong four): wild
    tiles are not in ``counts``, so they never count."""
    kind = ctx.dora_kind
    if kind is None:
        return 0
    return counts[kind] + sum(m.tiles.count(kind) for m in melds)


def _nine_gates(counts: Sequence[int], wild: int) -> bool:
    """九莲宝灯: all in one suit, 1112345678999 of it (wildcards fill gaps) plus any tile of it."""
    suits = {k // 9 for k, c in enumerate(counts) if c}
    if len(suits) != 1:
        return False
    (suit,) = suits
    if suit > 2:
        return False
    base = suit * 9
    need = sum(max(0, n - counts[base + i]) for i, n in enumerate(_NINE_GATES))
    return need <= wild


def score_hand(
    rules: Rules,
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    win_tile: int,
    win_is_wild: bool,
    ctx: WinContext,
) -> Score | None:
    best: tuple[int, tuple[str, ...], Reading] | None = None

    def consider(cand: Candidate | None, reading: Reading | None) -> None:
        nonlocal best
        if cand is not None and reading is not None and (best is None or cand[0] > best[0]):
            best = (cand[0], cand[1], reading)

    shape: Reading | None = None  # any complete reading (for the situation and nine-gates specials)
    if not melds:
        reading = orphans_reading(counts, wild)
        if reading is not None:
            shape = reading
            consider(_best_special(rules, ["thirteen_orphans"]), reading)
    mg = meld_groups(melds)
    dora = dora_count(counts, melds, ctx)
    for groups in iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS):
        if shape is None:
            shape = standard_reading(groups, counts)
        cand = standard_candidate(rules, groups + mg, ctx, dora)
        if cand is not None and (best is None or cand[0] > best[0]):
            best = (cand[0], cand[1], standard_reading(groups, counts))
    if rules.seven_pairs and not melds:
        for kinds in iter_seven_pairs(counts, wild, _PAIR_REPS):
            if shape is None:
                shape = seven_pairs_reading(kinds, counts)
            suits = {k // 9 for k in kinds if k < 27}
            honours = any(k >= 27 for k in kinds)
            simple = any(k < 27 and k % 9 not in (0, 8) for k in kinds)
            tile_ids: list[str] = []
            if len(suits) == 1 and not honours:
                tile_ids.append("full_flush")
            if not suits:
                tile_ids.append("all_honors")
            if suits and not honours and not simple:
                tile_ids.append("pure_terminals")
            cand = _best_special(rules, tile_ids)
            own = (rules.seven_pairs_value, ("seven_pairs",))
            if cand is None or own[0] >= cand[0]:
                cand = own
            consider(cand, seven_pairs_reading(kinds, counts))
    if shape is None:
        return None
    if not melds and _nine_gates(counts, wild):
        consider(_best_special(rules, ["nine_gates"]), shape)
    for situation in SPECIAL_SITUATIONS:
        if situation in ctx.situations:
            consider(_best_special(rules, [situation]), shape)
    if best is None:
        return None
    fan, ids, reading = best
    if wild == 0 and rules.wildcards and rules.no_wilds_bonus:
        # only when the option is chosen for Guangdong with wildcards: doubles the points
        fan += 1
        ids = (*ids, "no_wilds")
    if fan < rules.min_fan:
        return None
    return Score(points=2**fan, patterns=ids, fan=fan, reading=reading)


class GuangdongFamily(BaseFamily):
    id = "guangdong"
    value_style: ClassVar[ValueStyle] = "fan"

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

    def instant_wins(self, rules: Rules) -> bool:
        return rules.four_wilds_win

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        if not rules.four_wilds_win or wild < 4:
            return None
        fan = rules.patterns.get("four_wilds")
        if fan is None:
            return None
        return Score(points=2**fan, patterns=("four_wilds",), fan=fan, reading=Reading("four_wilds"))

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        robbed = super().liable_seat(rules, facts, score)
        if robbed is not None or not facts.ctx.self_drawn:
            return robbed
        melds = facts.melds
        exposed = [(i, m) for i, m in enumerate(melds) if m.kind is not MeldKind.CONCEALED_KONG]
        found: list[tuple[int, int]] = []  # (meld index when it arose, seat)
        if facts.twelve_feeder is not None and len(exposed) >= 4:
            found.append((exposed[3][0], facts.twelve_feeder))
        # 大四喜 / 大三元 by the shape: every wind / dragon pung exposed, the last one fed
        # (revision 0 asked for the hand to be reported under that pattern)
        for kinds, size, pattern in ((WINDS, 4, "big_winds"), (DRAGONS, 3, "big_dragons")):
            if facts.revision < 1 and pattern not in score.patterns:
                continue
            sets = [(i, m) for i, m in exposed if m.is_triplet and m.base in kinds]
            if len(sets) == size:
                last_index, last = sets[-1]
                if last.from_seat is not None:
                    found.append((last_index, last.from_seat))
        k = facts.replacement_kong
        if "kong_replacement" in facts.ctx.situations and k is not None and 0 <= k < len(melds):
            m = melds[k]
            if m.kind is MeldKind.KONG and m.from_seat is not None:
                found.append((k, m.from_seat))
        if not found:
            return None
        return min(found)[1]

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        v = rules.patterns.get(pattern)
        if v is None or v < rules.min_fan:
            return None
        return float(2**v)

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        """Additions count only inside the cap: 2^min(cap, fan of the hand + ``fan``)."""
        if not fan or value > 2**rules.fan_cap:
            return value
        return float(2 ** min(rules.fan_cap, round(math.log2(value)) + fan))

    def bonus_pung_kinds(self, rules: Rules, seat_wind: int, round_wind: int) -> frozenset[int]:
        # dragons, the seat's own wind and the round wind: a fan each for a hand inside the cap
        return frozenset({*DRAGONS, WINDS[seat_wind % 4], WINDS[round_wind % 4]})
