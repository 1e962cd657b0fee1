"""The 100-tile game 百张 (``hundred``): Guangdong without 万, pong only, self-draw only, a
point table topped by 清一色全对 12, and kong payments on top.

Points per payer (``docs/rules/variants.md``, ``hundred``), best reading:

* a form × a colour: the form is 鸡胡 ``chicken`` 1, 平胡 ``all_chows`` 2 or 对对胡
  ``all_pungs`` 2; 混一色 ``half_flush`` multiplies it by 3, 清一色 ``full_flush`` by 6;
  混一色对对胡 ``half_flush_pungs`` is 6 and 清一色全对 ``full_flush_pungs`` 12, each listed
  alone. To these hands +1 point each: ``seat_wind``, ``round_wind``, ``dragon_pung`` (each),
  ``kong_replacement``, ``last_tile``; the total stops at :data:`CAP` (12).
* the specials, their own points with nothing added: 小三元, 小四喜, 混幺九 6; 字一色,
  大三元, 大四喜, 九莲宝灯, 天和, 地和 12.

``patterns`` lists the form first (none for the two pung rows), then the colour, then the
additions (``dragon_pung`` once per dragon pung) and the situations that added; a special
lists only its own id. Every win is a self-draw (``rules.self_draw_only``): a line on a
discard is no win.

Kongs are paid at the end of a hand someone won (``rules.kong_payments``, not on a draw): an
exposed kong 3 from its discarder, a concealed kong ``rules.concealed_kong_units`` (2) from
each other player, an added kong 1 from each (:func:`engine.settlement.settle_common`). 包 is
Guangdong's (:meth:`GuangdongFamily.liable_seat`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.family.guangdong import (
    _PAIR_REPS,
    _SET_REPS,
    GuangdongFamily,
    _nine_gates,
    dora_count,
)
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.common import iter_standard, meld_groups, standard_reading
from engine.scoring.readings import CHOW, PAIR, PUNG, Group
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import DRAGONS, WINDS

CAP: Final = 12  # the most a hand of the table pays one payer (清一色全对, the seed's figure)
FORMS: Final = ("chicken", "all_chows", "all_pungs")
COLOURS: Final = ("half_flush", "full_flush")
# situations that add a point to a form × colour hand
ADDING_SITUATIONS: Final = ("kong_replacement", "last_tile")
SPECIAL_SITUATIONS: Final = ("heavenly", "earthly")

Candidate = tuple[int, tuple[str, ...]]


def _special(rules: Rules, ids: Sequence[str]) -> Candidate | None:
    table = rules.patterns
    found = [(table[i], i) for i in ids if i in table]
    if not found:
        return None
    value, pid = max(found, key=lambda f: f[0])  # max keeps the first of equal values
    return value, (pid,)


def candidates(rules: Rules, groups: Sequence[Group], ctx: WinContext) -> list[Candidate]:
    """(points, ids) of each way the table reads one division (concealed groups and melds):
    the form × colour hand with its additions, and the specials it also is."""
    table, adds = rules.patterns, rules.bonuses
    suits: set[int] = set()
    honours = simple = False
    chows = dragon_pungs = wind_pungs = 0
    dragon_pair = wind_pair = False
    pungs: set[int] = set()
    for shape, k in groups:
        if shape == CHOW:
            chows += 1
            simple = True
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
        if shape == PUNG:
            pungs.add(k)
    out: list[Candidate] = []
    specials: list[str] = []
    if not suits:
        specials.append("all_honors")
    if chows == 0 and suits and honours and not simple:
        specials.append("mixed_terminals")
    if dragon_pungs == 3:
        specials.append("big_dragons")
    elif dragon_pungs == 2 and dragon_pair:
        specials.append("small_dragons")
    if wind_pungs == 4:
        specials.append("big_winds")
    elif wind_pungs == 3 and wind_pair:
        specials.append("small_winds")
    special = _special(rules, specials)
    if special is not None:
        out.append(special)
    if not suits:
        return out
    one_suit = len(suits) == 1
    colour = ("half_flush" if honours else "full_flush") if one_suit else None
    ids: list[str]
    if chows == 0 and colour is not None:
        pid = f"{colour}_pungs"
        ids, value = [pid], table.get(pid, 0)
    else:
        form = "all_chows" if chows == 4 else "all_pungs" if chows == 0 else "chicken"
        ids, value = [form], table.get(form, 0)
        if colour is not None:
            ids.append(colour)
            value *= table.get(colour, 1)
    if not value:
        return out
    added: list[str] = []
    if 27 + ctx.seat_wind in pungs:
        added.append("seat_wind")
    if 27 + ctx.round_wind in pungs:
        added.append("round_wind")
    added.extend(["dragon_pung"] * dragon_pungs)
    added.extend(s for s in ADDING_SITUATIONS if s in ctx.situations)
    added = [a for a in added if a in adds]
    value = min(CAP, value + sum(adds[a] for a in added))
    out.append((value, (*ids, *added)))
    return out


def score_hand(
    rules: Rules, counts: list[int], melds: Sequence[Meld], ctx: WinContext
) -> Score | None:
    """The best reading of a complete 14-tile hand under the table, or None."""
    if rules.self_draw_only and not ctx.self_drawn:
        return None
    best: tuple[int, tuple[str, ...], Reading] | None = None
    shape: Reading | None = None
    mg = meld_groups(melds)
    for groups in iter_standard(counts, 0, melds, _SET_REPS, _PAIR_REPS):
        reading = standard_reading(groups, counts)
        shape = shape or reading
        for value, ids in candidates(rules, groups + mg, ctx):
            if best is None or value > best[0]:
                best = (value, ids, reading)
    if shape is None:
        return None
    extra: list[str] = []
    if not melds and _nine_gates(counts, 0):
        extra.append("nine_gates")
    extra.extend(s for s in SPECIAL_SITUATIONS if s in ctx.situations)
    special = _special(rules, extra)
    if special is not None and (best is None or special[0] > best[0]):
        best = (special[0], special[1], shape)
    if best is None:
        return None
    value, ids, reading = best
    # the options on several presets: 立直 +1 point, each natural 宝牌 +1 point
    extra = ["lizhi"] * ("lizhi" in ctx.situations) + ["dora"] * dora_count(counts, melds, ctx)
    return Score(points=value + len(extra), patterns=(*ids, *extra), reading=reading)


class HundredFamily(GuangdongFamily):
    id = "hundred"
    value_style = "points"
    evaluate_fan = False

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
        return score_hand(rules, counts, melds, ctx)

    def instant_wins(self, rules: Rules) -> bool:
        return False

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        return None

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # a colour is worth its multiple of the plain hand (混一色 of a chicken: 3)
        v = rules.patterns.get(pattern)
        return float(v) if v else None

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        """Additions are +1 point each, to a form × colour hand, up to the cap."""
        if not fan or value >= CAP:
            return value
        return float(min(CAP, value + fan))

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = {**rules.patterns, **rules.bonuses}
        return [(p, values.get(p, 0)) for p in patterns]
