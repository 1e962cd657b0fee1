"""The rule-family protocol: what the engine asks of a game's plugin (:class:`RuleFamily`),
the facts it passes (:class:`WinFacts`) and the errors a family raises. The package's
docstring (:mod:`engine.family`) tells how the engine uses it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from engine.events import CURRENT_REVISION
from engine.melds import Meld
from engine.scoring.types import Score, WinContext

if TYPE_CHECKING:
    from engine.events import Event, HandEnded, Won
    from engine.hand.state import HandState
    from engine.match import Match
    from engine.rules import Rules
    from engine.settlement import HandOutcome, Settlement

# A fact of a hand shown on the table or the settlement: (name, values), e.g. ("burn", (2,))
# for two rounds of 烧庄, ("bound", (1, 3)) for 互包 between seats 1 and 3
Mark = tuple[str, tuple[int, ...]]
PaymentRow = tuple[int, int, int, str]  # payer, payee, amount, reason

# how a family's values read: "multiple" (×n of the unit), "fan" (points = 2^fan), "hua"
# (points = 花 × 2^番, Shanghai), "fan_sum" (points = the fan added up, Beijing), "duan"
# (段, doubled on a discard, Quzhou), "tai" (台 added up, paid with a 底: Taiwan), "points" (a
# point table: forms and specials their points, a colour ×n of the form, additions +n: the
# 100-tile game)
ValueStyle = Literal["multiple", "fan", "hua", "fan_sum", "duan", "tai", "points"]

class UnknownFamily(ValueError):
    """A preset names a rule family that no module registered."""


class EvaluateInputError(ValueError):
    """An ``evaluate`` line a family reads itself (:meth:`BaseFamily.evaluate_line`) cannot
    be scored; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What the 包 rules read about a win, beyond its score.

    ``melds``: the winner's melds in the order they were made (an added kong keeps its
    pung's place). ``discarder``: the discarder, or the robbed player on 抢杠; None on a
    self-draw. ``replacement_kong``: the index in ``melds`` of the kong whose replacement
    tile won (杠上开花), if the win came that way. ``twelve_feeder``: the seat whose discard
    made this winner's fourth exposed meld, where that seat is liable for it (包先不包后:
    a feeder is liable for the first such player only; the hand keeps count).
    ``revision``: the rules revision the hand is played under (``HandStarted.revision``);
    a family keeps the reading a hand of an older revision was played with.
    """

    melds: tuple[Meld, ...]
    ctx: WinContext
    discarder: int | None = None
    replacement_kong: int | None = None
    twelve_feeder: int | None = None
    revision: int = CURRENT_REVISION


class RuleFamily(Protocol):
    """The protocol every rule family implements (see the module docstring)."""

    @property
    def id(self) -> str: ...

    @property
    def value_style(self) -> ValueStyle: ...

    @property
    def flower_replacement_wins(self) -> bool:
        """The hand reports ``flower_replacement`` for a self-draw on a bonus tile's
        replacement (Shanghai's 杠开)."""
        ...

    @property
    def bonus_tile_wins(self) -> bool:
        """Bonus tiles may win by themselves (:meth:`bonus_win`: Taiwan's eight flowers)."""
        ...

    @property
    def last_discard_wins(self) -> bool:
        """The hand reports ``last_tile`` for a win on the last discard (Beijing's 海底)."""
        ...

    @property
    def ready_waits_checked(self) -> bool:
        """Computer players score a ready hand's waits (a complete hand need not win)."""
        ...

    @property
    def points_paid(self) -> bool:
        """A payer pays a win's points as they stand (what pictures may say of a win)."""
        ...

    @property
    def last_of_kind_wins(self) -> bool:
        """The hand reports ``last_of_kind`` (和绝张) when three of the winning kind are
        already in sight (discards and shown melds)."""
        ...

    @property
    def one_suit_need(self) -> int:
        """Tiles of one suit every win needs (Hefei's 八枝: 8), shown under a player's hand
        with the hand's count per suit; 0 where no such rule is."""
        ...

    @property
    def kongs_pay(self) -> bool:
        """A kong is paid at once and adds to the hand's value (Sichuan's 刮风下雨): computer
        players take one whenever it keeps the hand as close to winning."""
        ...

    @property
    def ready_pays_at_end(self) -> bool:
        """A wall used up makes the seats still in and not ready pay the ready ones (Sichuan's
        查叫): computer players value being ready when the wall is nearly out."""
        ...

    @property
    def evaluate_fan(self) -> bool:
        """``evaluate`` reports a score's ``fan`` (Guangdong: the contract asks for it)."""
        ...

    @property
    def fan_base(self) -> int:
        """What every payer pays before the fan where the points are fan (Guobiao's 底分 8);
        0 elsewhere."""
        ...

    @property
    def points_game(self) -> bool:
        """The hands pay the points of a game (riichi): points on the table, the indicator
        naming the dora, chips at the game's end; the game mjai bots speak."""
        ...

    @property
    def points_are_fan(self) -> bool:
        """A hand's points are its fan total (Guobiao): ``evaluate`` gives them as ``fan``
        too, as the contract asks."""
        ...

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
        """The best legal score of a complete-or-not 14-tile hand: ``counts`` are its natural
        concealed tiles (34 kinds, jokers taken out), ``wild`` its jokers; None if no reading
        wins under ``rules``."""
        ...

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
        """Whether :meth:`score` gives a score, exactly; a family may answer it without
        searching every reading for the best one."""
        ...

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        """A win the jokers make on their own after a draw (四保胡), or None."""
        ...

    def instant_wins(self, rules: Rules) -> bool:
        """Whether :meth:`instant_win` can give a win at all under ``rules`` (False: the
        check after every draw need not count the jokers)."""
        ...

    def pattern_possible(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> bool:
        """A cheap necessary condition for a legal win of a complete 14-tile shape: False
        means no reading can score; True means ask :meth:`score`."""
        ...

    def pattern_facts(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> Any:
        """What :meth:`pattern_possible_on` needs of a 13-tile hand, read once per change of
        the hand (the claim check asks it on every discard the hand waits on)."""
        ...

    def pattern_possible_on(self, rules: Rules, facts: Any, tile: int) -> bool:
        """:meth:`pattern_possible` of the hand of ``facts`` with ``tile`` added."""
        ...

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        """The seat that pays the whole win alone (包), or None."""
        ...

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        """Every payment of a finished hand and each seat's total change (sum zero)."""
        ...

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        """What one payer pays for a hand of ``pattern`` (unit 1, no additions), or None
        where the pattern cannot win on its own under ``rules``."""
        ...

    def called_scale(self, rules: Rules, pattern: str, melds: int) -> float:
        """How much of ``target_value`` a hand of ``pattern`` keeps with ``melds`` called
        melds shown: where a complete hand must still reach a minimum (Guobiao's 8 fans),
        calling loses the concealed hand's fans and with them many wins; 1.0 elsewhere."""
        ...

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        """``value`` raised by ``fan`` additions (seat wind, dragon pungs …) where the family
        adds them; families without additions return ``value``."""
        ...

    def bonus_pung_kinds(self, rules: Rules, seat_wind: int, round_wind: int) -> frozenset[int]:
        """Kinds whose pung adds a fan to an ordinary hand (empty where none do)."""
        ...

    def plain_pair_kinds(self, rules: Rules) -> frozenset[int] | None:
        """The kinds whose pair lets a plain hand (sets and a pair, no pattern) win
        (Changsha's 2-5-8 for 平和); None where any pair does."""
        ...

    def wall_reserve(self, rules: Rules) -> tuple[int, str]:
        """Tiles kept back at the end of the wall and how kongs treat them (engine.wall)."""
        ...

    def next_dealer(self, rules: Rules, dealer: int, ended: HandEnded, players: int) -> int:
        """Who deals the next hand of a match after ``ended``."""
        ...

    def carry_over(
        self, rules: Rules, carry: Mapping[str, int], hand: HandState
    ) -> dict[str, int]:
        """What the match carries into the next hand after ``hand`` (which started with
        ``carry``); empty for games that carry nothing."""
        ...

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        """Facts of a finished hand its settlement needs beyond wins and kongs (empty: none);
        :meth:`settle` reads them as ``HandOutcome.facts``."""
        ...

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        """Facts of the hand everyone sees on the table (烧庄 rounds, 互包, 荒番 …)."""
        ...

    def paid_so_far(self, rules: Rules, hand: HandState) -> tuple[PaymentRow, ...]:
        """Payments that fall due during the hand (刮风下雨, 起手小胡, a 血战 win), in order,
        as (payer, payee, amount, reason) at a unit stake: shown as running totals while
        the hand goes on. Chips move once, in the hand's settlement, which lists them again."""
        ...

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        """Whether 14 tiles (``face``: 34 counts, jokers as their face tile) make a winning
        form that is not sets and a pair (Quzhou's 七风 …); shape only."""
        ...

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        """The kinds completing a 13-tile hand in such a form (``face`` as above)."""
        ...

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        """Pattern ids of such forms a computer player may aim at."""
        ...

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        """Each pattern id of a win with the value it counted (for settlement pictures)."""
        ...

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        """(fewest tiles to change, kinds that lower it) of a 13-tile hand for ``pattern``."""
        ...

    def speed_value(self, rules: Rules, pattern: str) -> float | None:
        """What one payer pays on average for a won hand of ``pattern`` (a mix of discard
        wins and self-draws, times the chance the hand reaches the win's minimum), where this
        differs from :meth:`target_value`'s reading: the strongest level values its targets
        so (a fast cheap hand against a slow big one); None keeps ``target_value``."""
        ...

    def deal_in_cost(self, rules: Rules, fast: bool) -> float | None:
        """What dealing in to a ready seat costs a discarder at unit 1 beyond what it would
        pay were that seat to win anyway (by self-draw or on another's discard); None: the
        players' measured default."""
        ...

    def deep_targets(self, rules: Rules) -> tuple[str, ...]:
        """Pattern ids of forms the ordinary win already covers but that pay far more than
        a plain hand (七对: Guobiao's 24 fans, Beijing's 4 against 1 or 2): only the
        strongest level aims at them as targets of their own (``target_value`` values them,
        the players' evaluation measures them)."""
        ...

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        """What a win of ``score`` brings its winner at unit 1, all payers together (computer
        players weigh a discard win against waiting for a self-draw with it)."""
        ...

    def suit_targets(self, rules: Rules) -> tuple[tuple[str, float, tuple[int, ...], bool], ...]:
        """Targets of sets and a pair kept to some suits that only this game pays for, as
        (name, value per payer, suits 0–3 with 3 the honours, pungs only): Baoding's hands
        of two suits (一色够八张)."""
        ...

    def setup_steps(self, rules: Rules) -> tuple[str, ...]:
        """Choices every seat makes at once after the deal, in order (engine.hand.steps):
        ``exchange`` (换三张), ``void`` (定缺), ``small_wins`` (起手小胡); empty for most games."""
        ...

    def step_seats(self, rules: Rules, hand: HandState, step: str) -> tuple[int, ...]:
        """The seats ``step`` asks (none: the step is skipped)."""
        ...

    def step_choices(
        self, rules: Rules, hand: HandState, seat: int, step: str
    ) -> tuple[str, ...]:
        """The values ``seat`` may choose in ``step`` (for buttons and computer players)."""
        ...

    def step_pick(self, rules: Rules, step: str) -> int:
        """How many tiles of one suit a seat may name freely in ``step`` (换三张: 3), beside
        the listed values; 0 when only the listed values are answers."""
        ...

    def check_choice(
        self, rules: Rules, hand: HandState, seat: int, step: str, value: str
    ) -> str:
        """``value`` as recorded, or IllegalAction saying why it is refused."""
        ...

    def close_step(self, rules: Rules, hand: HandState, step: str) -> Event:
        """The event that reveals and applies a step every asked seat has answered."""
        ...

    def turned_tiles(self, rules: Rules, hand: HandState) -> tuple[int, ...]:
        """Tiles turned when the hand ends, in order (Changsha's birds); empty elsewhere."""
        ...

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        """Who deals next where the finished hand decides it (``HandEnded.next_dealer``)."""
        ...

    def bonus_win(self, rules: Rules, hand: HandState) -> Won | None:
        """A win the bonus tiles make by themselves, due right after ``hand``'s seat that
        owes a replacement (``hand.flower_replace``) set one aside (Taiwan's 八仙過海 and
        七搶一), or None. Asked only where ``bonus_tile_wins`` is set."""
        ...

    def bonus_offer(
        self, rules: Rules, hand: HandState, seat: int, tile: int
    ) -> tuple[int, int, tuple[int, ...]] | None:
        """A win offered on a bonus tile once ``seat`` has set ``tile`` aside (Taiwan's
        七搶一): ``(owner, tile, seats)`` — the bonus tile that may be taken, its owner (who
        pays) and the seats offered it — or None; asked where ``bonus_tile_wins`` is set."""
        ...

    def bonus_claim(self, rules: Rules, hand: HandState, winner: int) -> Won:
        """The win of ``winner``, who took the bonus tile of the open window (七搶一)."""
        ...

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        """The whole answer to an ``evaluate`` line of this game (``rules`` with the line's
        options applied), for games whose lines carry fields of their own; None: the common
        reading answers. A bad line raises :class:`EvaluateInputError`."""
        ...

    # -- a family's own record of a hand (riichi: declarations, furiten, ippatsu, dora) ---

    def new_table(self, rules: Rules, players: int) -> Any:
        """A fresh record of the family's own facts of a hand (``HandState.table``), or
        None: the hand then never asks the methods below (most games)."""
        ...

    def observe(self, rules: Rules, hand: HandState, event: Event) -> None:
        """Fold ``event`` (already applied to ``hand``) into ``hand.table``; may set the
        seats' ``win_lock``, ``discard_ban`` and ``calls_closed`` flags the claim and
        discard checks read."""
        ...

    def riichi_discards(
        self, rules: Rules, hand: HandState, seat: int, discards: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The discards among ``discards`` that may declare riichi now
        (``LegalActions.riichi``)."""
        ...

    def riichi_refusal(self, rules: Rules, hand: HandState, seat: int, tile: int) -> str:
        """Why a riichi with ``tile`` is refused (the message of ``cannot_riichi``)."""
        ...

    def kong_after_riichi(
        self, rules: Rules, hand: HandState, seat: int, tile: int, kind: str
    ) -> bool:
        """Whether a seat whose calls are closed (riichi) may declare this own kong."""
        ...

    def win_lock_code(self, rules: Rules, hand: HandState, seat: int) -> str:
        """The refusal code of a seat's locked discard win (``pass_win_locked``; riichi:
        ``furiten_discard``, ``furiten_temporary``, ``furiten_riichi``)."""
        ...

    def hand_aborted(self, rules: Rules, hand: HandState) -> bool:
        """The hand ends now as an abortive draw instead of the next draw."""
        ...

    def win_context(
        self,
        rules: Rules,
        hand: HandState,
        seat: int,
        self_drawn: bool,
        situations: frozenset[str],
        discarder: int | None,
    ) -> WinContext:
        """The :class:`WinContext` of a win where the family keeps a table record."""
        ...

    def match_over(self, rules: Rules, match: Match) -> bool | None:
        """Whether the match ends after its last finished hand (None: the common length)."""
        ...

    def final_totals(self, rules: Rules, match: Match) -> tuple[int, ...]:
        """The totals ``MatchEnded`` records (default: the running totals)."""
        ...

    def may_declare_draw(self, rules: Rules, hand: HandState, seat: int) -> bool:
        """Whether the turn seat may declare an abortive draw now (riichi's 九種九牌:
        ``LegalActions.declare_draw``, the action ``DeclareDraw``)."""
        ...
