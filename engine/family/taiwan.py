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
from engine.taiwan.evaluate import evaluate_taiwan, lugu_shanten
from engine.taiwan.tai import (
    dealer_tai,
    flower_win_score,
    lugu_pung,
    score_taiwan,
    tai_values,
)
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.events import Won
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement


def streak_of(hand: HandState) -> int:
    """N of the hand: the hands in a row its dealer kept the deal before it."""
    return int(hand.carry.get("streak", 0))


class TaiwanFamily(BaseFamily):
    id = "taiwan"
    value_style = "tai"
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
        # what one payer pays for a hand of the target: the 底 and the 台 the target brings
        # (with a 台 of 門清 or 自摸 most hands also get); "chicken" is any complete hand
        tai = {
            "chicken": 1, "all_chows": 3, "half_flush": 4, "full_flush": 8,
            "half_flush_pungs": 8, "full_flush_pungs": 12, "all_pungs": 4, "all_honors": 16,
            "seven_pairs_pung": 9,
        }.get(pattern)  # fmt: skip
        return None if tai is None else float(rules.base + tai)

    # -- 八仙過海 and 七搶一 ------------------------------------------------------------------

    bonus_tile_wins = True

    def bonus_win(self, rules: Rules, hand: HandState) -> Won | None:
        """The seat that just set a flower aside holds all eight: 八仙過海, at once, paid as
        a self-draw."""
        shower = hand.flower_replace
        if not rules.flower_win or shower is None or len(hand.seats[shower].flowers) < 8:
            return None
        return self._flower_won(hand, shower, None)

    def bonus_offer(
        self, rules: Rules, hand: HandState, seat: int, tile: int
    ) -> tuple[int, int, tuple[int, ...]] | None:
        """七搶一: one seat has set seven flowers aside and another the eighth, the flower
        just shown making it so. Shown by the one (the eighth, in play or in the deal's 補花),
        it is offered to the holder of the seven; shown by the holder as his seventh while the
        eighth already lies by another (the deal's rounds of 補花 bring flowers in any order),
        he is offered that one. Either way the holder may pass, and the shower takes his
        replacement; the flower's owner pays as a discarder."""
        if not rules.flower_win:
            return None
        seats = hand.seats
        if len(seats[seat].flowers) == 1:
            seven = [s for s, st in enumerate(seats) if s != seat and len(st.flowers) == 7]
            return (seat, tile, (seven[0],)) if seven else None
        if len(seats[seat].flowers) == 7:
            one = [s for s, st in enumerate(seats) if s != seat and len(st.flowers) == 1]
            return (one[0], seats[one[0]].flowers[0], (seat,)) if one else None
        return None

    def bonus_claim(self, rules: Rules, hand: HandState, winner: int) -> Won:
        """The holder of seven takes the window's flower: its owner pays."""
        w = hand.window
        assert w is not None
        return self._flower_won(hand, winner, w.seat)

    @staticmethod
    def _flower_won(hand: HandState, winner: int, payer: int | None) -> Won:
        from engine.events import Won

        ctx = hand.win_context(winner, payer is None, frozenset(), payer)
        score = flower_win_score(ctx)
        tile = (
            hand.window.tile
            if payer is not None and hand.window
            else hand.seats[winner].flowers[-1]
        )
        return Won(
            seat=winner, tile=tile, self_drawn=payer is None, from_seat=payer,
            value=score.points, fan=score.fan, patterns=score.patterns, situations=(),
            value_style="tai",
        )  # fmt: skip

    # -- 嚦咕嚦咕, a winning form that is not five sets and a pair ---------------------------

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        return ("seven_pairs_pung",) if rules.seven_pairs_pung else ()

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        return rules.seven_pairs_pung and not melds and lugu_pung(face) is not None

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        if not rules.seven_pairs_pung or melds or sum(face[:NUM_KINDS]) != 16:
            return frozenset()
        odd = [k for k in range(NUM_KINDS) if face[k] % 2]
        # six pairs, a pung and a single (the single), or eight pairs (any of them)
        if len(odd) == 2:
            return (
                frozenset(k for k in odd if face[k] == 1)
                if any(face[k] == 3 for k in odd)
                else frozenset()
            )
        if not odd:
            return frozenset(k for k in range(NUM_KINDS) if face[k] == 2)
        return frozenset()

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        if pattern != "seven_pairs_pung" or melds > rules.short_sets:
            return 99, ()
        counts = list(face[:NUM_KINDS])
        need = lugu_shanten(counts) + 1
        better = []
        for k in range(NUM_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if lugu_shanten(counts) + 1 < need:  # (17 tiles: after the best discard)
                    better.append(k)
                counts[k] -= 1
        return need, tuple(better)

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
        # each seat's flowers lie by its hand already; the dealer's plate carries 連N拉N
        n = streak_of(hand)
        return (("streak", (n,)),) if n else ()


def win_payers(
    players: int, dealer: int, streak: int, winner: int, discarder: int | None
) -> list[tuple[int, int]]:
    """Who pays a win and the dealer's 台 in each payment: ``(payer, D)`` with D = 1 + 2N
    where the winner or that payer deals, else 0. ``discarder`` None: a self-draw (八仙過海
    too), paid by every other seat; else (搶槓, 七搶一 too) that seat alone."""
    d = dealer_tai(streak)
    payers = [s for s in range(players) if s != winner] if discarder is None else [discarder]
    return [(p, d if dealer in (winner, p) else 0) for p in payers]


def settle_taiwan(rules: Rules, outcome: HandOutcome) -> Settlement:
    """The payments of a Taiwan hand (see the module docstring)."""
    from engine.settlement import Payment, Settlement

    players, dealer = outcome.players, outcome.dealer
    streak = int(outcome.facts.get("streak", 0))
    payments: list[Payment] = []
    if not outcome.drawn:
        for w in outcome.wins:
            t = w.score.fan or 0
            discarder = None if w.self_drawn else w.discarder
            for p, d in win_payers(players, dealer, streak, w.seat, discarder):
                payments.append(Payment(p, w.seat, (rules.base + t + d) * rules.unit, "win"))
    return Settlement.of(payments, players)
