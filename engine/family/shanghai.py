"""The Shanghai 上海百搭 family: 花 (a base count) × 2^番 (doublings, at most 3).

A win is four sets and a pair, self-drawn; a 百搭 in hand stands for any suited tile or
wind. 花 add up: the base 1, each bonus tile set aside (flowers and dragons), wind pongs and
concealed wind triplets, kongs (more for winds and for concealed ones), each 百搭 held and
门清 (``concealed``). 番 add up to ``rules.fan_cap``: 无百搭 (no joker held), 跑百搭 (the hand
before the draw won on any tile it could draw), 大吊车 (four melds, one tile left), 杠开 (on a
kong's or a bonus tile's replacement). 四百搭 (four jokers in hand at one's own turn) is a win
by itself: 2 番 and only the 花 that need no reading. The reading that pays most counts.

Each of the three others pays ``points`` = 花 × 2^番 (× the unit), doubled once per 荒番: a
count the match carries from hand to hand (a drawn hand +1, a won hand −1, not below 0)
that the dealer's dice raise at the start of a hand (:func:`dice_huangfan`).

``patterns`` lists the 番 ids (four_wilds, no_wilds, any_wait, single_after_calls,
replacement_win), then ``concealed`` when 门清 counted; ``fan`` is the 番 after the cap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.family import BaseFamily, Mark, WinFacts
from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.common import iter_standard, standard_reading
from engine.scoring.readings import PUNG, is_complete
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import WINDS

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement

# free joker groups: a wind triplet is a concealed wind triplet (1 花); any suited set is
# as good as another
_SET_REPS: Final = ((PUNG, 0), *((PUNG, k) for k in WINDS))
_PAIR_REPS: Final = (0,)
# the kinds a 百搭 may stand for, and the kinds a hand may draw: suited tiles and winds
DRAWABLE: Final = tuple(range(31))
REPLACEMENT: Final = ("kong_replacement", "flower_replacement")
FAN_IDS: Final = ("four_wilds", "no_wilds", "any_wait", "single_after_calls", "replacement_win")


def dice_huangfan(dice: Sequence[int]) -> int:
    """What the dealer's throw adds to 荒番: 1-1 or 4-4 add 2; any other throw with a 1 or a
    4, and the other doubles (2-2, 3-3, 5-5, 6-6), add 1."""
    if len(dice) != 2:
        return 0
    a, b = sorted(dice)
    if (a, b) in ((1, 1), (4, 4)):
        return 2
    if a in (1, 4) or b in (1, 4) or a == b:
        return 1
    return 0


def meld_hua(melds: Sequence[Meld]) -> int:
    """花 of the declared melds: wind pong 1; kongs of suited tiles 1 (exposed or added) or 2
    (concealed); kongs of winds 2 (exposed or added) or 3 (concealed)."""
    hua = 0
    for m in melds:
        wind = m.base in WINDS
        if m.kind is MeldKind.PUNG:
            hua += wind
        elif m.kind is MeldKind.CONCEALED_KONG:
            hua += 3 if wind else 2
        elif m.is_kong:
            hua += 2 if wind else 1
    return hua


def is_concealed_hand(melds: Sequence[Meld]) -> bool:
    """门清: no chow, pong or exposed kong (concealed kongs are allowed)."""
    return all(m.kind is MeldKind.CONCEALED_KONG for m in melds)


def any_wait(
    counts13: Sequence[int], wild13: int, melds: Sequence[Meld], wild_kinds: frozenset[int]
) -> bool:
    """跑百搭: the 13-tile hand wins on every suited tile or wind it could still draw (kinds
    it holds four of, concealed and in melds, left out)."""
    held = list(counts13)
    for k in wild_kinds:
        if k < len(held):
            held[k] += wild13
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    c = list(counts13)
    n = len(melds)
    tried = False
    for k in DRAWABLE:
        if held[k] >= 4:
            continue
        tried = True
        c[k] += 1
        ok = is_complete(c, wild13, n, seven_pairs=False, thirteen_orphans=False)
        c[k] -= 1
        if not ok:
            return False
    return tried


def _fan(ids: Sequence[str], rules: Rules) -> int:
    table = rules.patterns
    return min(rules.fan_cap, sum(table.get(i, 0) for i in ids))


def four_wilds_score(
    rules: Rules, counts: Sequence[int], wild: int, melds: Sequence[Meld], ctx: WinContext
) -> Score:
    """四百搭: 2 番, nothing else; 花 that need no reading: base, bonus tiles, melds, natural
    concealed wind triplets, the four 百搭, 门清."""
    hua = 1 + ctx.flowers + meld_hua(melds) + wild
    hua += sum(1 for k in WINDS if counts[k] >= 3)
    ids = ["four_wilds"]
    if is_concealed_hand(melds):
        hua += rules.bonuses.get("concealed", 1)
        ids.append("concealed")
    fan = min(rules.fan_cap, rules.patterns.get("four_wilds", 2))
    return Score(points=hua * 2**fan, patterns=tuple(ids), fan=fan, reading=Reading("four_wilds"))


def score_hand(
    rules: Rules,
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    win_tile: int,
    win_is_wild: bool,
    ctx: WinContext,
) -> Score | None:
    if not ctx.self_drawn:
        return None
    best: Score | None = None
    if wild >= 4 and rules.four_wilds_win:
        best = four_wilds_score(rules, counts, wild, melds, ctx)
    if not is_complete(counts, wild, len(melds), seven_pairs=False, thirteen_orphans=False):
        return best
    # what does not depend on the reading
    concealed = is_concealed_hand(melds)
    base = 1 + ctx.flowers + meld_hua(melds) + wild
    if concealed:
        base += rules.bonuses.get("concealed", 1)
    ids: list[str] = []
    if wild == 0 and rules.no_wilds_bonus:
        ids.append("no_wilds")
    counts13 = list(counts)
    wild13 = wild
    if win_is_wild:
        wild13 -= 1
    else:
        counts13[win_tile] -= 1
    wild_kinds = ctx.wild_kinds or frozenset()
    if any_wait(counts13, wild13, melds, wild_kinds):
        ids.append("any_wait")
    if len(melds) == 4:
        ids.append("single_after_calls")
    if any(s in ctx.situations for s in REPLACEMENT):
        ids.append("replacement_win")
    fan = _fan(ids, rules)
    if concealed:
        ids.append("concealed")
    # the reading: as many concealed wind triplets as the 百搭 can make
    top = -1
    top_reading: Reading | None = None
    for groups in iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS):
        triplets = sum(1 for shape, k in groups if shape == PUNG and k in WINDS)
        if triplets > top:
            top, top_reading = triplets, standard_reading(groups, counts)
    if top < 0:
        return best
    hua = base + top
    score = Score(points=hua * 2**fan, patterns=tuple(ids), fan=fan, reading=top_reading)
    if best is None or score.points > best.points:
        return score
    return best


def hua_of(score_points: int, fan: int | None) -> int:
    """The 花 of a scored win (points = 花 × 2^番)."""
    return score_points // 2 ** (fan or 0)


class ShanghaiFamily(BaseFamily):
    id = "shanghai"
    value_style = "hua"
    flower_replacement_wins = True
    evaluate_fan = False  # the contract's evaluate gives points and patterns only

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
        """四百搭 at one's own turn (the full value, with the 花 of the hand, comes from
        :meth:`score`, which always reaches at least this)."""
        if not rules.four_wilds_win or wild < 4:
            return None
        fan = min(rules.fan_cap, rules.patterns.get("four_wilds", 2))
        return Score(points=(1 + wild) * 2**fan, patterns=("four_wilds",), fan=fan,
                     reading=Reading("four_wilds"))  # fmt: skip

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        return None  # self-draw only: nobody pays for the others

    # -- 荒番 ----------------------------------------------------------------------------

    def huangfan(self, hand: HandState) -> int:
        """The 荒番 count of a hand: carried in, plus what the dealer's dice add."""
        return hand.carry.get("huangfan", 0) + dice_huangfan(hand.dice)

    def carry_over(
        self, rules: Rules, carry: Mapping[str, int], hand: HandState
    ) -> dict[str, int]:
        n = self.huangfan(hand)
        n = n + 1 if not hand.wins else max(0, n - 1)
        return {"huangfan": n} if n else {}

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        n = self.huangfan(hand)
        return {"huangfan": n} if n else {}

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        """The common settlement, every payment doubled once per 荒番 (``outcome.facts``)."""
        from engine.settlement import Payment, Settlement, settle_common

        base = settle_common(rules, outcome)
        times = 2 ** int(outcome.facts.get("huangfan", 0))
        if times == 1:
            return base
        payments = tuple(
            Payment(p.payer, p.payee, p.amount * times, p.reason) for p in base.payments
        )
        return Settlement(payments, tuple(d * times for d in base.deltas))

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        out: list[Mark] = [("hua", tuple(len(st.flowers) for st in hand.seats))]
        n = self.huangfan(hand)
        if n:
            out.append(("huangfan", (n,)))
        if hand.dice:
            out.append(("dice", tuple(hand.dice)))
        return tuple(out)

    # -- computer players ----------------------------------------------------------------

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # any complete hand wins; a typical one pays a few 花, often doubled once
        if pattern == "chicken":
            return 6.0
        return None

    def with_fan(self, rules: Rules, value: float, fan: int) -> float:
        # each wind pong adds a 花 to a hand of about six
        return value * (1.0 + fan / 6.0)

    def bonus_pung_kinds(self, rules: Rules, seat_wind: int, round_wind: int) -> frozenset[int]:
        return frozenset(WINDS)
