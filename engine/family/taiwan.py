"""The Taiwan 台灣十六張 family: 16-tile hands scored in 台 (engine.taiwan.tai), paid
``(base + T + D) × unit`` with the dealer's D = 1 + 2N (莊家 and 連N拉N) on each payment the
dealer receives or makes.

Paying (rule page ``taiwan.md``, "Payment"): a discard win (搶槓 and 七搶一 too) is paid by
the discarder (the robbed player, the one who showed the eighth flower) alone; a self-draw
(八仙過海 too) by each other player; 一炮多響 pays each winner on its own; a drawn hand pays
nothing. Kongs are not paid, nobody is liable (no 包).

The match carries N (``streak``) from hand to hand: the dealer keeps the deal when he wins,
is one of several winners or the hand is drawn, and N grows by one; otherwise the deal passes
to the next seat and N is 0 (:meth:`TaiwanFamily.carry_over`; the rotation is the common
``standard`` one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.family import BaseFamily, Mark, WinFacts
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import Score, WinContext
from engine.taiwan.evaluate import evaluate_taiwan
from engine.taiwan.tai import DEALER_ITEMS, dealer_tai, score_taiwan, tai_values

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement


def streak_of(hand: HandState) -> int:
    """N of the hand: the hands in a row its dealer kept the deal before it."""
    return int(hand.carry.get("streak", 0))


class TaiwanFamily(BaseFamily):
    id = "taiwan"
    value_style = "multiple"
    evaluate_fan = False
    points_paid = False  # each payer adds the 底, and the dealer's 台 where he pays
    flower_replacement_wins = True  # 槓上開花 on a flower's replacement
    last_discard_wins = True  # 河底撈魚

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        return evaluate_taiwan(rules, obj)

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
        if wild:
            return None  # no jokers in Taiwan
        return score_taiwan(rules, counts, melds, win_tile, ctx)

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        return None  # the robbed player pays as a discarder: the discard rule already says so

    # -- paying ----------------------------------------------------------------------------

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        return settle_taiwan(rules, outcome)

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        t = score.fan or 0
        payers = [s for s in range(players) if s != seat] if self_drawn else [(seat + 1) % players]
        return sum(
            (rules.base + t + (1 if dealer in (seat, p) else 0)) * rules.unit for p in payers
        )

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = tai_values(rules)
        return [(p, values.get(p, 0)) for p in patterns]

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # what one payer pays for a typical hand of the target: the 底 and a 台 or two
        values = tai_values(rules)
        if pattern not in values or pattern in DEALER_ITEMS:
            return None
        return float(rules.base + values[pattern] + 1)

    # -- the match -------------------------------------------------------------------------

    def carry_over(self, rules: Rules, carry: Mapping[str, int], hand: HandState) -> dict[str, int]:
        """連莊: N + 1 when the dealer keeps the deal (his win, one of several, a drawn
        hand), else 0 (the deal passes)."""
        keeps = not hand.wins or any(w.seat == hand.dealer for w in hand.wins)
        return {"streak": streak_of(hand) + 1} if keeps else {}

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        n = streak_of(hand)
        return {"streak": n} if n else {}

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        out: list[Mark] = [("hua", tuple(len(st.flowers) for st in hand.seats))]
        n = streak_of(hand)
        if n:
            out.append(("streak", (n,)))
        return tuple(out)


def settle_taiwan(rules: Rules, outcome: HandOutcome) -> Settlement:
    """The payments of a Taiwan hand (see the module docstring)."""
    from engine.settlement import Payment, Settlement

    players, dealer = outcome.players, outcome.dealer
    d = dealer_tai(int(outcome.facts.get("streak", 0)))
    payments: list[Payment] = []
    if not outcome.drawn:
        for w in outcome.wins:
            t = w.score.fan or 0
            if w.self_drawn or w.discarder is None:
                payers = [s for s in range(players) if s != w.seat]
            else:
                payers = [w.discarder]
            for p in payers:
                extra = d if dealer in (w.seat, p) else 0
                payments.append(Payment(p, w.seat, (rules.base + t + extra) * rules.unit, "win"))
    return Settlement.of(payments, players)
