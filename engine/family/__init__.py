"""Rule families: what differs between regional games, behind one small protocol.

A preset (:class:`engine.rules.Rules`) is data; its ``family`` names the module that gives
that data its meaning. A family answers the questions only a game of its region can:

* :meth:`RuleFamily.score` — is this complete hand a legal win, and what does it pay;
  :meth:`RuleFamily.wins` — only whether it is one (what a list of waits needs);
* :meth:`RuleFamily.pattern_possible` — a cheap necessary test before the full scoring
  search (the hand state machine asks it after every discard);
* :meth:`RuleFamily.liable_seat` — who pays a whole win alone (包), if anyone;
* :meth:`RuleFamily.settle` — every payment of a finished hand (one
  :class:`engine.settlement.HandOutcome` in, a :class:`engine.settlement.Settlement` out);
* what computer players need to value a hand: :meth:`RuleFamily.target_value` (what one
  payer pays for a pattern), :meth:`RuleFamily.with_fan` (what additions on top of it are
  worth) and :meth:`RuleFamily.bonus_pung_kinds` (which pungs add to a hand);
* ``value_style`` — how pattern values read to people: ``"multiple"`` (×n of the unit) or
  ``"fan"`` (points = 2^fan);
* what a game adds around the hand, each with a default that adds nothing: the wall's
  reserve (:meth:`BaseFamily.wall_reserve`), the next dealer
  (:meth:`BaseFamily.next_dealer`), state the match carries from hand to hand
  (:meth:`BaseFamily.carry_over`, Shanghai's 荒番), facts of a finished hand its settlement
  and pictures read (:meth:`BaseFamily.hand_facts`, handed to ``settle`` as
  ``HandOutcome.facts``, and :meth:`BaseFamily.table_marks`), winning forms that are not sets and a pair
  (:meth:`BaseFamily.special_complete`, :meth:`BaseFamily.special_waits`, Quzhou's 七风 …)
  and their targets for computer players (:meth:`BaseFamily.special_targets`,
  :meth:`BaseFamily.special_need`);
* a game whose ``evaluate`` lines carry fields of their own (riichi's dora indicators and red
  fives) answers them whole: :meth:`BaseFamily.evaluate_line`, refusing a bad line with
  :class:`EvaluateInputError`.

Families register themselves by id (:func:`register`); :func:`family_of` finds a preset's,
and fails with :class:`UnknownFamily` — never falls back to another game's scoring. A new
game is one module with a :class:`BaseFamily` subclass plus a preset entry in
:mod:`engine.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, cast

from engine.events import CURRENT_REVISION
from engine.melds import Meld
from engine.scoring.types import Score, WinContext

if TYPE_CHECKING:
    from engine.events import Event, HandEnded
    from engine.hand.state import HandState
    from engine.rules import Rules
    from engine.settlement import HandOutcome, Settlement

# A fact of a hand shown on the table or the settlement: (name, values), e.g. ("burn", (2,))
# for two rounds of 烧庄, ("bound", (1, 3)) for 互包 between seats 1 and 3
Mark = tuple[str, tuple[int, ...]]
PaymentRow = tuple[int, int, int, str]  # payer, payee, amount, reason

# how a family's values read: "multiple" (×n of the unit), "fan" (points = 2^fan), "hua"
# (points = 花 × 2^番, Shanghai), "fan_sum" (points = the fan added up, Beijing), "duan"
# (段, doubled on a discard, Quzhou)
ValueStyle = Literal["multiple", "fan", "hua", "fan_sum", "duan"]

__all__ = [
    "BaseFamily",
    "EvaluateInputError",
    "Mark",
    "RuleFamily",
    "UnknownFamily",
    "ValueStyle",
    "WinFacts",
    "families",
    "family_of",
    "register",
    "unregister",
]


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

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        """The whole answer to an ``evaluate`` line of this game (``rules`` with the line's
        options applied), for games whose lines carry fields of their own; None: the common
        reading answers. A bad line raises :class:`EvaluateInputError`."""
        ...


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
    # a wall used up pays the ready hands still in (Sichuan's 查叫): being ready at the end
    # is worth something even when the win is out of reach
    ready_pays_at_end: ClassVar[bool] = False
    evaluate_fan: ClassVar[bool] = True
    points_are_fan: ClassVar[bool] = False
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

    def suit_targets(self, rules: Rules) -> tuple[tuple[str, float, tuple[int, ...], bool], ...]:
        return ()

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        # the common payment: every other seat on a self-draw, the discarder alone (or for
        # all three with 包三家) on a discard
        shares = players - 1 if self_drawn or rules.discarder_pays_all else 1
        return score.points * shares

    def setup_steps(self, rules: Rules) -> tuple[str, ...]:
        return ()

    def step_seats(self, rules: Rules, hand: HandState, step: str) -> tuple[int, ...]:
        return ()

    def step_choices(
        self, rules: Rules, hand: HandState, seat: int, step: str
    ) -> tuple[str, ...]:
        return ()

    def step_pick(self, rules: Rules, step: str) -> int:
        return 0

    def check_choice(
        self, rules: Rules, hand: HandState, seat: int, step: str, value: str
    ) -> str:
        from engine.actions import IllegalAction

        raise IllegalAction("no_choice", "there is nothing to choose in this game")

    def close_step(self, rules: Rules, hand: HandState, step: str) -> Event:
        raise ValueError(f"no step {step!r} in this game")

    def turned_tiles(self, rules: Rules, hand: HandState) -> tuple[int, ...]:
        return ()

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        return None

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        return None


_FAMILIES: dict[str, RuleFamily] = {}
# the built-in families not imported yet, id -> (module, class): a process imports a family's
# module the first time one of its presets is asked for (a simulation of one game need not
# compile and run the nine others' modules at its start)
_BUILTINS: dict[str, tuple[str, str]] = {
    "heyuan": ("engine.family.heyuan", "HeyuanFamily"),
    "guangdong": ("engine.family.guangdong", "GuangdongFamily"),
    "shanghai": ("engine.family.shanghai", "ShanghaiFamily"),
    "beijing": ("engine.family.beijing", "BeijingFamily"),
    "quzhou": ("engine.family.quzhou", "QuzhouFamily"),
    "guobiao": ("engine.family.guobiao", "GuobiaoFamily"),
    "baoding": ("engine.family.baoding", "BaodingFamily"),
    "sichuan": ("engine.family.sichuan", "SichuanFamily"),
    "changsha": ("engine.family.changsha", "ChangshaFamily"),
    "riichi": ("engine.family.riichi", "RiichiFamily"),
}


def register(family: RuleFamily) -> RuleFamily:
    """Make ``family`` the one presets reach by its id (a later registration replaces it)."""
    if not family.id:
        raise ValueError("a rule family needs an id")
    _BUILTINS.pop(family.id, None)
    _FAMILIES[family.id] = family
    return family


def unregister(family_id: str) -> None:
    """Remove a family (plugins and tests that register one for a while)."""
    _BUILTINS.pop(family_id, None)
    _FAMILIES.pop(family_id, None)


def _load(family_id: str) -> RuleFamily | None:
    """The built-in family ``family_id``, imported and registered now (None: no such one)."""
    where = _BUILTINS.get(family_id)
    if where is None:
        return None
    import importlib

    module, name = where
    return register(getattr(importlib.import_module(module), name)())


def families() -> dict[str, RuleFamily]:
    """Every registered family by id."""
    for family_id in list(_BUILTINS):
        _load(family_id)
    return dict(_FAMILIES)


def family_of(rules: Rules | str) -> RuleFamily:
    """The family of a preset (or a family id); UnknownFamily names the known ones."""
    key = rules if isinstance(rules, str) else rules.family
    fam = _FAMILIES.get(key)
    if fam is None:
        fam = _load(key)
    if fam is None:
        known = ", ".join(sorted({*_FAMILIES, *_BUILTINS})) or "none"
        raise UnknownFamily(f"no rule family {key!r} is registered (families: {known})")
    return fam
