"""The Beijing 北京麻将 (惠牌) family: fan added up, plus 烧庄 and 互包.

A hand's fan is the sum of every pattern it meets (the reading of the 惠牌 that pays most):
推倒和 (``basic``) when it meets none of the named hands, 庄 (``dealer``: the dealer wins, or
the dealer deals in), 门清无惠, 对对和, 大钓, 捉五魁, 海底捞月 (2 self-drawn, 1 on the last
discard), 一条龙, 七对子 / 豪华七对子, 杠上开花, 清一色, 天和 (not also 庄), 地和; 四惠牌 is a
win by itself (8, plus 庄 where it applies). ``points`` = the hand's fan.

Paying (× the unit): a self-draw, each other player pays the hand's fan; a discard win (or
a robbed kong, which counts as one), the discarder pays it. 互包: a player bound to the
winner (three chows and pongs between them, :mod:`engine.hand.marks`) pays the whole win
instead — all three shares of a self-draw — and with two such players each pays it whole.
烧庄 (r rounds): the dealer pays 2^(r−1) to each other player, whoever wins. A drawn hand
(荒牌) is a tie: nobody pays anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.family import BaseFamily, Mark, WinFacts
from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.common import iter_standard, meld_groups, seven_pairs_reading, standard_reading
from engine.scoring.readings import CHOW, PUNG, Group, is_complete, seven_pairs_kinds
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement

# free 惠牌 sets: a pung of each suit and the honours (flush, all pungs), the chows an
# 一条龙 or 捉五魁 could use
_SET_REPS: Final = (
    (PUNG, 0), (PUNG, 9), (PUNG, 18), (PUNG, 27),
    *((CHOW, s * 9 + i) for s in range(3) for i in (0, 3, 6)),
)  # fmt: skip
_PAIR_REPS: Final = (0, 9, 18, 27)
FIVE_M: Final = 4
# the hands whose presence makes a hand no 推倒和 (the seed's list)
NAMED: Final = frozenset({
    "all_pungs", "single_after_calls", "five_in_middle", "last_tile", "straight",
    "seven_pairs", "kong_replacement", "full_flush", "luxury_seven_pairs", "four_jokers",
    "heavenly", "earthly",
})  # fmt: skip


def _value(rules: Rules, pid: str, self_drawn: bool) -> int:
    if pid == "last_tile" and not self_drawn:
        return 1  # 海底: the last discard gives 1, self-drawing the last tile 2
    return rules.patterns.get(pid, 0)


def _finish(
    rules: Rules, ids: list[str], dealer: bool, concealed: bool, ctx: WinContext
) -> tuple[int, tuple[str, ...]]:
    """Add 推倒和 / 庄 / 门清无惠 where they apply; (fan, ids in table order)."""
    named = set(ids)
    out = set(ids)
    if not named & NAMED:
        out.add("basic")
    if dealer:
        out.add("dealer")
    if concealed:
        out.add("concealed_no_joker")
    order = [p for p, _ in rules.pattern_values if p in out]
    return sum(_value(rules, p, ctx.self_drawn) for p in order), tuple(order)


def _suits(groups: Sequence[Group]) -> tuple[set[int], bool]:
    suits: set[int] = set()
    honours = False
    for _shape, k in groups:
        if k >= 27:
            honours = True
        else:
            suits.add(k // 9)
    return suits, honours


def _straight(groups: Sequence[Group]) -> bool:
    chows = {k for shape, k in groups if shape == CHOW}
    return any({9 * s, 9 * s + 3, 9 * s + 6} <= chows for s in range(3))


def _only_five(counts13: Sequence[int], wild13: int, melds: int, jokers: frozenset[int]) -> bool:
    """捉五魁's wait: of the natural kinds, only 5m completes the hand before the draw."""
    c = list(counts13)
    for k in range(NUM_KINDS):
        if k in jokers:
            continue
        c[k] += 1
        ok = is_complete(c, wild13, melds, seven_pairs=melds == 0, thirteen_orphans=False)
        c[k] -= 1
        if ok != (k == FIVE_M):
            return False
    return True


def score_hand(
    rules: Rules,
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    win_tile: int,
    win_is_wild: bool,
    ctx: WinContext,
) -> Score | None:
    sits = ctx.situations
    heavenly = "heavenly" in sits and ctx.dealer
    earthly = not ctx.dealer and ("earthly" in sits or "human" in sits)
    dealer = (ctx.dealer or (not ctx.self_drawn and ctx.payer_dealer)) and not heavenly
    concealed = all(m.kind is MeldKind.CONCEALED_KONG for m in melds)
    no_joker = concealed and wild == 0
    common: list[str] = []
    if "last_tile" in sits:
        common.append("last_tile")
    if "kong_replacement" in sits and ctx.self_drawn:
        common.append("kong_replacement")
    if heavenly:
        common.append("heavenly")
    if earthly:
        common.append("earthly")
    best: tuple[int, tuple[str, ...], Reading] | None = None

    def consider(ids: list[str], reading: Reading) -> None:
        nonlocal best
        fan, order = _finish(rules, ids, dealer, no_joker, ctx)
        if best is None or fan > best[0]:
            best = (fan, order, reading)

    if wild >= 4 and ctx.self_drawn and rules.four_wilds_win:
        # 四惠牌: a win by itself, 8 fan and 庄 where it applies
        four = ("dealer", "four_jokers") if dealer else ("four_jokers",)
        best = (sum(_value(rules, p, True) for p in four), four, Reading("four_wilds"))
    mg = meld_groups(melds)
    n = len(melds)
    five: bool | None = None
    for groups in iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS):
        allg = groups + mg
        ids = list(common)
        if all(shape != CHOW for shape, _ in allg):
            ids.append("all_pungs")
        if n == 4:
            ids.append("single_after_calls")
        if win_tile == FIVE_M and not win_is_wild and (CHOW, 3) in groups:
            if five is None:
                c13 = list(counts)
                c13[FIVE_M] -= 1
                five = _only_five(c13, wild, n, ctx.wild_kinds or frozenset())
            if five:
                ids.append("five_in_middle")
        if _straight(allg):
            ids.append("straight")
        suits, honours = _suits(allg)
        if len(suits) == 1 and not honours:
            ids.append("full_flush")
        consider(ids, standard_reading(groups, counts))
    if rules.seven_pairs and not melds:
        kinds = seven_pairs_kinds(counts, wild)
        if kinds is not None:
            fixed = [k for k in kinds if k >= 0]
            free = len(kinds) - len(fixed)
            ids = list(common)
            # two identical pairs: four of a kind, three and a 惠牌, or a spare pair of 惠牌
            luxury = free > 0 or len(set(fixed)) < len(fixed)
            ids.append("luxury_seven_pairs" if luxury else "seven_pairs")
            suits, honours = _suits([(PUNG, k) for k in fixed])
            if len(suits) <= 1 and not honours:
                ids.append("full_flush")
            shown = fixed + ([fixed[0] if fixed else 0] * free)
            consider(ids, seven_pairs_reading(shown, counts))
    if best is None:
        return None
    fan, order, reading = best
    return Score(points=fan, patterns=order, reading=reading)


class BeijingFamily(BaseFamily):
    id = "beijing"
    value_style = "fan_sum"
    last_discard_wins = True
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
        return score_hand(rules, counts, wild, melds, win_tile, win_is_wild, ctx)

    def instant_wins(self, rules: Rules) -> bool:
        return rules.four_wilds_win

    def instant_win(self, rules: Rules, wild: int) -> Score | None:
        """四惠牌: offered when a seat holds all four at its own turn (the value, with 庄 where
        it applies, comes from :meth:`score`)."""
        if not rules.four_wilds_win or wild < 4:
            return None
        fan = rules.patterns.get("four_jokers", 8)
        return Score(points=fan, patterns=("four_jokers",), reading=Reading("four_wilds"))

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        # robbing a kong counts as a discard win: the robbed player pays one share; 互包 is
        # settled from the hand's bonds (hand_facts, read by settle)
        return None

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        if hand.burn.rounds:
            facts["burn"] = hand.burn.rounds
        if hand.bound:
            facts["bound"] = tuple(hand.bound)
        return facts

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        return settle_beijing(rules, outcome)

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        out: list[Mark] = []
        if hand.burn.rounds:
            out.append(("burn", (hand.burn.rounds,)))
        out.extend(("bound", pair) for pair in hand.bound)
        return tuple(out)

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        return [(p, _value(rules, p, self_drawn)) for p in patterns]

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # what a typical hand of the target pays (庄 and 门清无惠 now and then)
        return {
            "chicken": 1.5, "all_pungs": 2.5, "full_flush": 6.5, "full_flush_pungs": 8.5,
            "seven_pairs": 4.5,
        }.get(pattern)  # fmt: skip

    def deep_targets(self, rules: Rules) -> tuple[str, ...]:
        # 七对子 is 4 fan (豪华 8) against a plain hand's 1 or 2, and a 惠牌 pairs any tile
        return ("seven_pairs",) if rules.seven_pairs else ()


def settle_beijing(rules: Rules, outcome: HandOutcome) -> Settlement:
    """The payments of a Beijing hand (see the module docstring; ``outcome.facts``: its 烧庄
    rounds and 互包 bonds)."""
    from engine.settlement import Payment, Settlement

    players, dealer, facts = outcome.players, outcome.dealer, outcome.facts
    payments: list[Payment] = []
    if not outcome.drawn:
        unit = rules.unit
        bound: Sequence[tuple[int, int]] = facts.get("bound", ())
        for w in outcome.wins:
            value = w.score.points * unit
            partners = [b if a == w.seat else a for a, b in bound if w.seat in (a, b)]
            self_drawn = w.self_drawn or w.discarder is None
            if partners:
                whole = value * (players - 1) if self_drawn else value
                payments.extend(Payment(p, w.seat, whole, "bound") for p in partners)
            elif self_drawn:
                payments.extend(
                    Payment(s, w.seat, value, "win") for s in range(players) if s != w.seat
                )
            else:
                assert w.discarder is not None
                payments.append(Payment(w.discarder, w.seat, value, "win"))
        rounds = int(facts.get("burn", 0))
        if rounds:
            burn = 2 ** (rounds - 1) * unit
            payments.extend(
                Payment(dealer, s, burn, "burn") for s in range(players) if s != dealer
            )
    return Settlement.of(payments, players)
