"""Yangzhou 扬州 (``yangzhou``): 136 tiles, no chow, six hands, a robbed kong paid as a
discard, 连庄.

The whole table (``docs/rules/variants.md``, ``yangzhou``): four sets and a pair only, 平胡
``chicken`` 0, 对对胡 ``all_pungs`` 1, 混一色 ``half_flush`` 1, 清一色 ``full_flush`` 2,
混一色对对胡 ``half_flush_pungs`` 2, 清一色对对胡 ``full_flush_pungs`` 3 fan; points =
2^fan per payer, nothing added (no winds, dragons, 自摸, situations or 天和). A hand lists its
one id. No 包: a win on a robbed added kong is paid by the robbed player as a discarder, one
share (出冲).

Option ``laizi`` (红中赖子): the tile turned after the deal makes the next kind wild (never
红中); a 红中 or a 赖子 set aside at one's turn as a one-tile kong (杠出去, the event kind
``laizi_kong``: it lies beside the melds with the seat's set-aside tiles, so the win reads
their count as ``WinContext.flowers``) adds a fan each (``laizi_kong``); a hand holding a 红中
does not win.

The dealer stays on its own win (one of several too) or a drawn hand (``dealer_rotation``
``standard``); the match carries how many hands in a row it has kept the deal (``kept``, the
table's 连庄 count, shown on the dealer's plate).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.family.guangdong import _PAIR_REPS, _SET_REPS, GuangdongFamily, dora_count
from engine.family.protocol import Mark, ValueStyle, WinFacts
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.common import iter_standard, meld_groups, standard_reading
from engine.scoring.readings import CHOW, Group
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import RED

if TYPE_CHECKING:
    from engine.hand.state import HandState


def hand_id(groups: Sequence[Group]) -> str:
    """The one id of the table a division (concealed groups and melds) reads as."""
    suits = {k // 9 for _shape, k in groups if k < 27}
    honours = any(k >= 27 for _shape, k in groups)
    pungs = all(shape != CHOW for shape, _k in groups)
    if len(suits) == 1:
        colour = "half_flush" if honours else "full_flush"
        return f"{colour}_pungs" if pungs else colour
    return "all_pungs" if pungs else "chicken"


def score_hand(
    rules: Rules, counts: list[int], wild: int, melds: Sequence[Meld], ctx: WinContext
) -> Score | None:
    """The best reading of a complete 14-tile hand under the six hands, or None. With
    ``laizi``: ``wild`` 赖子 stand for any tile, a hand holding a 红中 does not win, and each
    one-tile kong (``ctx.flowers``: the 红中 and 赖子 set aside) adds a fan (``laizi_kong``)."""
    if rules.laizi and counts[RED]:
        return None
    table = rules.patterns
    best: tuple[int, str, Reading] | None = None
    mg = meld_groups(melds)
    for groups in iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS):
        pid = hand_id(groups + mg)
        fan = table.get(pid)
        if fan is not None and (best is None or fan > best[0]):
            best = (fan, pid, standard_reading(groups, counts))
    if best is None:
        return None
    fan, pid, reading = best
    kongs = ctx.flowers if rules.laizi else 0
    fan += kongs * rules.bonuses.get("laizi_kong", 1)
    # the options on several presets: 立直 +1 fan, each natural 宝牌 +1 fan
    extra = ["lizhi"] * ("lizhi" in ctx.situations) + ["dora"] * dora_count(counts, melds, ctx)
    fan += len(extra)
    if fan < rules.min_fan:
        return None
    return Score(points=2**fan, patterns=(pid, *["laizi_kong"] * kongs, *extra), fan=fan,
                 reading=reading)


def kept_of(hand: HandState) -> int:
    """How many hands in a row the dealer of ``hand`` has kept the deal (连庄)."""
    return int(hand.carry.get("kept", 0))


class YangzhouFamily(GuangdongFamily):
    id = "yangzhou"
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
        return score_hand(rules, counts, wild, melds, ctx)

    def instant_wins(self, rules: Rules) -> bool:
        return False

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        return None

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        # no 包: a robbed kong is a discard (the robbed player pays one share)
        return None

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        return value  # nothing adds

    def bonus_pung_kinds(self, rules: Rules, seat_wind: int, round_wind: int) -> frozenset[int]:
        return frozenset()

    # -- 连庄 -------------------------------------------------------------------------------

    def carry_over(self, rules: Rules, carry: Mapping[str, int], hand: HandState) -> dict[str, int]:
        """连庄: one more when the dealer keeps the deal (its win, one of several, a drawn
        hand), else nothing (the deal passes)."""
        keeps = not hand.wins or any(w.seat == hand.dealer for w in hand.wins)
        return {"kept": kept_of(hand) + 1} if keeps else {}

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        n = kept_of(hand)
        return (("kept_deal", (n,)),) if n else ()

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        return {}
