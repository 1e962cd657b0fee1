"""The defaults a rule family inherits (:class:`BaseFamily`): a new game overrides what its
page changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from engine import charleston
from engine.family.protocol import Mark, PaymentRow, RuleFamily, ValueStyle, WinFacts
from engine.melds import Meld
from engine.scoring.types import Score, WinContext

if TYPE_CHECKING:
    from engine.events import Event, HandEnded, Won
    from engine.hand.state import HandState
    from engine.match import Match
    from engine.rules import Rules
    from engine.settlement import HandOutcome, Settlement


class BaseFamily:
    """Defaults a family inherits: no instant win, no pattern filter, 包 only for a robbed
    kong, the common settlement (:func:`engine.settlement.settle_hand`), no additions."""

    id: ClassVar[str] = ""
    value_style: ClassVar[ValueStyle] = "multiple"

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        return None

    def instant_wins(self, rules: Rules) -> bool:
        # a family that overrides instant_win says when it can win
        return type(self).instant_win is not BaseFamily.instant_win

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
        # the default asks for the score itself; every family defines score
        family = cast("RuleFamily", self)
        return family.score(rules, counts, wild, melds, win_tile, win_is_wild, ctx) is not None

    def pattern_possible(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> bool:
        return True

    def pattern_facts(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> Any:
        return counts34, wilds, melds

    def pattern_possible_on(self, rules: Rules, facts: Any, tile: int) -> bool:
        counts34, wilds, melds = facts
        counts = list(counts34)
        counts[tile] += 1
        return self.pattern_possible(rules, counts, wilds, melds)

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        if "robbing_kong" in facts.ctx.situations and facts.discarder is not None:
            return facts.discarder  # the robbed player pays for all three
        return None

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        from engine.settlement import settle_common

        return settle_common(rules, outcome)

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        v = rules.patterns.get(pattern)
        return float(v) if v else None

    def called_scale(self, rules: Rules, pattern: str, melds: int) -> float:
        return 1.0

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        return value

    def bonus_pung_kinds(self, rules: Rules, seat_wind: int, round_wind: int) -> frozenset[int]:
        return frozenset()

    def plain_pair_kinds(self, rules: Rules) -> frozenset[int] | None:
        return None

    # situations only some games read (the hand reports them only where the family asks):
    # a self-draw on the replacement of a bonus tile, and a discard win on the last tile
    flower_replacement_wins: ClassVar[bool] = False
    # bonus tiles may win by themselves (bonus_win: Taiwan's eight flowers)
    bonus_tile_wins: ClassVar[bool] = False
    last_discard_wins: ClassVar[bool] = False
    # 和绝张: the hand reports ``last_of_kind`` when three of the winning kind are in sight
    last_of_kind_wins: ClassVar[bool] = False
    # a payer pays a win's points as they stand (pictures say "n from each"); Guobiao adds
    # its base of 8 and Baoding's dealer pays double
    points_paid: ClassVar[bool] = True
    # computer players score a ready hand's waits before trusting it (a complete hand need
    # not win: Guobiao's 8 fans, Baoding's suit condition)
    ready_waits_checked: ClassVar[bool] = False
    # a kong is paid at once and adds to the hand's value (Sichuan's 刮风下雨): computer
    # players take one whenever it keeps the hand as close to winning
    kongs_pay: ClassVar[bool] = False
    # tiles of one suit every win needs (Hefei's 八枝): the hand shows its count per suit
    one_suit_need: ClassVar[int] = 0
    # a wall used up pays the ready hands still in (Sichuan's 查叫): being ready at the end
    # is worth something even when the win is out of reach
    ready_pays_at_end: ClassVar[bool] = False
    evaluate_fan: ClassVar[bool] = True
    points_are_fan: ClassVar[bool] = False
    # the hands pay the points of a game (riichi): the table shows points, the turned
    # indicator names the dora, the game's end turns points into chips, mjai bots speak it
    points_game: ClassVar[bool] = False
    fan_base: ClassVar[int] = 0

    def wall_reserve(self, rules: Rules) -> tuple[int, str]:
        return rules.reserve, rules.reserve_mode

    def next_dealer(self, rules: Rules, dealer: int, ended: HandEnded, players: int) -> int:
        """``winner``: the winner deals (several: the first in turn order after the
        discarder); ``standard``: the dealer stays on a dealer win, else the next seat. Both:
        the dealer stays on a drawn hand. A hand that names the next dealer decides."""
        if ended.next_dealer is not None:
            return ended.next_dealer
        if ended.drawn or not ended.winners:
            return dealer
        if rules.dealer_rotation == "winner":
            return ended.winners[0]
        return dealer if dealer in ended.winners else (dealer + 1) % players

    def carry_over(
        self, rules: Rules, carry: Mapping[str, int], hand: HandState
    ) -> dict[str, int]:
        return {}

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        return {}

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        return ()

    def paid_so_far(self, rules: Rules, hand: HandState) -> tuple[PaymentRow, ...]:
        return ()

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        return False

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        return frozenset()

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        return ()

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = {**rules.patterns, **rules.bonuses}
        return [(p, values.get(p, 0)) for p in patterns]

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        return 99, ()

    def deep_targets(self, rules: Rules) -> tuple[str, ...]:
        return ()

    def speed_value(self, rules: Rules, pattern: str) -> float | None:
        return None

    def deal_in_cost(self, rules: Rules, fast: bool) -> float | None:
        return None

    def suit_targets(self, rules: Rules) -> tuple[tuple[str, float, tuple[int, ...], bool], ...]:
        return ()

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        # the common payment: every other seat on a self-draw, the discarder alone (or for
        # all three with 包三家) on a discard
        shares = players - 1 if self_drawn or rules.discarder_pays_all else 1
        return score.points * shares

    # the steps after the deal: only the Charleston (option charleston, engine.charleston)
    # where a family asks for none of its own

    def setup_steps(self, rules: Rules) -> tuple[str, ...]:
        return charleston.steps(rules)

    def step_seats(self, rules: Rules, hand: HandState, step: str) -> tuple[int, ...]:
        return charleston.seats(hand, step) if charleston.is_step(step) else ()

    def step_choices(
        self, rules: Rules, hand: HandState, seat: int, step: str
    ) -> tuple[str, ...]:
        return charleston.choices(hand, seat, step) if charleston.is_step(step) else ()

    def step_pick(self, rules: Rules, step: str) -> int:
        return 3 if step in charleston.PASSES else 0  # any three tiles held but jokers

    def check_choice(
        self, rules: Rules, hand: HandState, seat: int, step: str, value: str
    ) -> str:
        from engine.actions import IllegalAction

        if charleston.is_step(step):
            return charleston.check(hand, seat, step, value)
        raise IllegalAction("no_choice", "there is nothing to choose in this game")

    def close_step(self, rules: Rules, hand: HandState, step: str) -> Event:
        if charleston.is_step(step):
            return charleston.close(rules, hand, step)
        raise ValueError(f"no step {step!r} in this game")

    def turned_tiles(self, rules: Rules, hand: HandState) -> tuple[int, ...]:
        return ()

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        return None

    def bonus_win(self, rules: Rules, hand: HandState) -> Won | None:
        return None

    def bonus_offer(
        self, rules: Rules, hand: HandState, seat: int, tile: int
    ) -> tuple[int, int, tuple[int, ...]] | None:
        return None

    def bonus_claim(self, rules: Rules, hand: HandState, winner: int) -> Won:
        raise ValueError("no win on a bonus tile in this game")

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        return None

    # -- a family's own record of the hand and the match (riichi) ---------------------------

    def new_table(self, rules: Rules, players: int) -> Any:
        return None  # no record: the hand never calls observe

    def observe(self, rules: Rules, hand: HandState, event: Event) -> None:
        return None

    def riichi_discards(
        self, rules: Rules, hand: HandState, seat: int, discards: tuple[int, ...]
    ) -> tuple[int, ...]:
        return ()

    def riichi_refusal(self, rules: Rules, hand: HandState, seat: int, tile: int) -> str:
        return "there is no riichi in these rules"

    def kong_after_riichi(
        self, rules: Rules, hand: HandState, seat: int, tile: int, kind: str
    ) -> bool:
        return True

    def win_lock_code(self, rules: Rules, hand: HandState, seat: int) -> str:
        return "pass_win_locked"

    def hand_aborted(self, rules: Rules, hand: HandState) -> bool:
        return False

    def win_context(
        self,
        rules: Rules,
        hand: HandState,
        seat: int,
        self_drawn: bool,
        situations: frozenset[str],
        discarder: int | None,
    ) -> WinContext:
        raise NotImplementedError("asked only of a family that keeps a table record")

    def match_over(self, rules: Rules, match: Match) -> bool | None:
        return None  # the common length (hands or rounds of winds)

    def final_totals(self, rules: Rules, match: Match) -> tuple[int, ...]:
        return tuple(match.totals)

    def may_declare_draw(self, rules: Rules, hand: HandState, seat: int) -> bool:
        return False
