"""The Guobiao 国标 family (Chinese Official rules, 81 fans): fans added up, 8 to win.

A hand's fan is its best reading under the official counting rules
(:mod:`engine.guobiao.calculator`: 不重复, 不拆移, 不得相同, 就高不就低, 套算一次), flowers
included as 花牌 (1 each). It wins only with 8 fans or more *without* the flowers.
``points`` = the hand's fan F, the patterns are the fan ids (a fan counted n times is
written n times). The hand reports 和绝张 (three of the winning kind already in sight), 海底捞月
on the last discard, 妙手回春, 杠上开花 and 抢杠和.

Paying (× the unit): a discard win (a robbed kong counts as one, the robbed player as the
discarder), the discarder pays 8 + F and each other player 8; a self-draw, each of the three
pays 8 + F. Kongs are not paid; a drawn hand pays nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Final

from engine.family import BaseFamily, WinFacts
from engine.guobiao import count_fans
from engine.guobiao.calculator import KIND_OF, KNITTED
from engine.guobiao.fans import FAN_VALUE
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.settlement import HandOutcome, Settlement

BASE: Final = 8  # 底分: what every payer pays before the fans
# the six 组合龙 as project kinds (147m 258p 369s …)
# the share of a concealed plain hand's chance of 8 fans kept with 0..4 melds called
_CALLED_CHICKEN: Final = (1.0, 0.33, 0.23, 0.14, 0.43)
# the targets valued for speed (see GuobiaoFamily.speed_value)
_SPEED_VALUE: Final = {
    "chicken": 9.5, "all_pungs": 11.0, "half_flush": 12.0, "full_flush": 24.0,
    "half_flush_pungs": 17.0, "full_flush_pungs": 27.0, "mixed_terminals": 30.0,
    "all_honors": 48.0, "knitted": 16.0, "seven_pairs": 22.0,
    "knitted_straight": 16.0, "mixed_straight": 14.0, "pure_straight": 18.0,
}  # fmt: skip
KNITTED_KINDS: Final = tuple(tuple(sorted(KIND_OF[t] for t in seq)) for seq in KNITTED)

# the hands of nine fixed tiles, one set and a pair, by the nine tiles' possible kinds:
# 组合龙 (147/258/369 in the three suits), 花龙 (123/456/789 in the three suits), 清龙 (1-9)
NINE_FORMS: Final = {
    "knitted_straight": KNITTED_KINDS,
    "mixed_straight": tuple(
        tuple(sorted(9 * s + 3 * i + r for i, s in enumerate(order) for r in range(3)))
        for order in permutations(range(3))
    ),
    "pure_straight": tuple(tuple(range(9 * s, 9 * s + 9)) for s in range(3)),
}


def nine_need(
    forms: Sequence[Sequence[int]], face: Sequence[int], melds: int
) -> tuple[int, tuple[int, ...]]:
    """(fewest tiles to add, the kinds missing from the nearest form's nine) of a 13-tile
    hand for nine fixed tiles (one of ``forms``), a set and a pair; a form missing more than
    four of its nine is not counted (99)."""
    from engine.players.targets import honour_vector, suit_vector

    if melds > 1:
        return 99, ()
    best: tuple[int, tuple[int, ...]] = (99, ())
    for seq in forms:
        missing = tuple(k for k in seq if not face[k])
        if len(missing) > 4:
            continue
        rest = list(face[:NUM_KINDS])
        for k in seq:
            if rest[k]:
                rest[k] -= 1
        vecs = [honour_vector(rest)]
        vecs += [suit_vector(tuple(rest[9 * s : 9 * s + 9])) for s in range(3)]
        if melds:  # the pair alone
            rest_need = min(v[1] for v in vecs)
        else:  # a set and a pair: in one group, or each in its own (the others add none)
            rest_need = min(v[3] for v in vecs)
            for a, va in enumerate(vecs):
                for b, vb in enumerate(vecs):
                    if a != b and va[2] + vb[1] < rest_need:
                        rest_need = va[2] + vb[1]
        need = len(missing) + rest_need
        if need < best[0]:
            best = (need, missing)
    return best


def _set_and_pair(c: list[int], sets: int) -> bool:
    """Whether counts make ``sets`` sets and one pair (no jokers)."""
    if sets == 0:
        return sum(c) == 2 and any(n == 2 for n in c)
    k = next((i for i, n in enumerate(c) if n), None)
    if k is None:
        return False
    if c[k] >= 2:
        c[k] -= 2
        ok = sum(c) == 3 * sets and _sets_only(c, sets)
        c[k] += 2
        if ok:
            return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _set_and_pair(c, sets - 1)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in range(3):
            c[k + i] -= 1
        ok = _set_and_pair(c, sets - 1)
        for i in range(3):
            c[k + i] += 1
        return ok
    return False


def _sets_only(c: list[int], sets: int) -> bool:
    if sets == 0:
        return not any(c)
    k = next((i for i, n in enumerate(c) if n), None)
    if k is None:
        return False
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_only(c, sets - 1)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in range(3):
            c[k + i] -= 1
        ok = _sets_only(c, sets - 1)
        for i in range(3):
            c[k + i] += 1
        return ok
    return False


def knitted_complete(face: Sequence[int], melds: int) -> bool:
    """全不靠 / 七星不靠 (14 distinct tiles from one 组合龙 and the honours, no melds) or
    组合龙 with a set and a pair (at most one meld)."""
    c = list(face[:NUM_KINDS])
    if melds == 0 and sum(c) == 14 and max(c) == 1:
        numbered = {k for k in range(27) if c[k]}
        if 7 <= len(numbered) <= 9 and any(numbered <= set(s) for s in KNITTED_KINDS):
            return True
    if melds > 1:
        return False
    for seq in KNITTED_KINDS:
        if all(c[k] for k in seq):
            for k in seq:
                c[k] -= 1
            ok = _set_and_pair(c, 1 - melds)
            for k in seq:
                c[k] += 1
            if ok:
                return True
    return False


def score_hand(
    rules: Rules, counts: list[int], melds: Sequence[Meld], win_tile: int, ctx: WinContext
) -> Score | None:
    concealed = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    sits = ctx.situations
    result = count_fans(
        concealed, melds, win_tile, flowers=ctx.flowers, self_drawn=ctx.self_drawn,
        last_of_kind="last_of_kind" in sits,
        about_kong=("kong_replacement" if ctx.self_drawn else "robbing_kong") in sits,
        wall_last="last_tile" in sits, seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
    )  # fmt: skip
    if result is None or result.without_flowers < rules.min_fan:
        return None
    return Score(points=result.total, patterns=result.ids(), reading=Reading("standard"))


class GuobiaoFamily(BaseFamily):
    id = "guobiao"
    value_style = "fan_sum"
    last_discard_wins = True  # 海底捞月: a win on the last discard
    last_of_kind_wins = True  # 和绝张
    evaluate_fan = False
    points_are_fan = True  # evaluate gives the points as "fan" too
    fan_base = BASE  # each payer pays 8 base (+ the fan: all on a self-draw, the discarder)
    points_paid = False
    ready_waits_checked = True

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
            return None  # no jokers in this game
        return score_hand(rules, counts, melds, win_tile, ctx)

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        # what this game's settlement pays the winner (every seat pays on a discard win too)
        from engine.settlement import HandOutcome, WinRecord

        discarder = None if self_drawn else (seat + 1) % players
        win = WinRecord(seat, score, self_drawn, discarder)
        return settle_guobiao(rules, HandOutcome.of_win(win, players, dealer)).deltas[seat]

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        return None  # a robbed kong is paid as a discard win

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        return settle_guobiao(rules, outcome)

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        # a fan counted n times is one row worth n times its value (幺九刻 ×2 = 2)
        out: dict[str, int] = {}
        for p in patterns:
            out[p] = out.get(p, 0) + FAN_VALUE.get(p, 0)
        return list(out.items())

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # what one payer pays for a hand of the target (8 + its fans), times the chance that
        # such a hand reaches the 8 fans: a plain hand often does not (平和, 断幺 … are 2
        # each), a flush with pungs, a full flush or 全不靠 always do
        return {
            "chicken": 7.0, "all_pungs": 12.0, "half_flush": 11.0, "full_flush": 36.0,
            "half_flush_pungs": 22.0, "full_flush_pungs": 40.0, "mixed_terminals": 46.0,
            "all_honors": 72.0, "knitted": 22.0, "seven_pairs": 34.0,
            "knitted_straight": 22.0, "mixed_straight": 18.0, "pure_straight": 26.0,
        }.get(pattern)  # fmt: skip

    def speed_value(self, rules: Rules, pattern: str) -> float | None:
        # what a payer pays on average: 8 + the fans on a self-draw (about a third of wins),
        # 8 + a third of them on a discard win (the discarder pays the fans, the others the
        # 8 alone), about 8 + F/2 with F the fans such a hand usually totals, times the chance
        # it reaches 8 fans; the 8 every payer pays makes a fast cheap hand worth far more
        # than ``target_value``'s per-payer 8 + F says (a full flush 2.5 plain hands, not 5)
        return _SPEED_VALUE.get(pattern)

    def deal_in_cost(self, rules: Rules, fast: bool) -> float | None:
        # the discarder pays 8 + the fans (about 20) where it would pay 8 on another's
        # discard, 8 + the fans on a self-draw: about 20 more than were the seat to win anyway
        return 20.0

    def called_scale(self, rules: Rules, pattern: str, melds: int) -> float:
        # the plain hand (any sets and a pair) reaches 8 fans far less often once it calls:
        # 门前清, 不求人 and the concealed pungs go, and the small chow fans are not enough.
        # Measured over the completed shapes of 600 hands of four greedy players (who call
        # whenever it brings the hand closer): 70% of them reached 8 fans concealed, 23%
        # with one meld, 16% with two, 10% with three and 30% with four (全求人)
        if pattern != "chicken":
            return 1.0
        return _CALLED_CHICKEN[min(melds, 4)]

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        """全不靠: 14 distinct tiles of one 组合龙 and the honours; a 13-tile hand needs the
        missing ones (one for the winning tile, the rest by changing tiles)."""
        if pattern in NINE_FORMS:
            return nine_need(NINE_FORMS[pattern], face, melds)
        if pattern != "knitted" or melds:
            return 99, ()
        best: tuple[int, tuple[int, ...]] = (99, ())
        honours = [k for k in range(27, NUM_KINDS) if face[k]]
        for seq in KNITTED_KINDS:
            have = sum(1 for k in seq if face[k]) + len(honours)
            need = 14 - min(14, have)
            if need < best[0]:
                missing = tuple(k for k in (*seq, *range(27, NUM_KINDS)) if not face[k])
                best = (need, missing)
        return best

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        return knitted_complete(face, len(melds))

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        c = list(face[:NUM_KINDS])
        # every knitted form holds at least seven tiles of one 组合龙 once complete (全不靠
        # with seven honours), so a 13-tile hand with fewer than six of any waits on none
        if len(melds) > 1 or max(sum(1 for k in seq if c[k]) for seq in KNITTED_KINDS) < 6:
            return frozenset()
        out = set()
        for k in range(NUM_KINDS):
            if c[k] >= 4:
                continue
            c[k] += 1
            if knitted_complete(c, len(melds)):
                out.add(k)
            c[k] -= 1
        return frozenset(out)

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        return ("knitted",)

    def deep_targets(self, rules: Rules) -> tuple[str, ...]:
        # 七对 is 24 fans: a hand of pairs always reaches the 8, a plain hand often does not;
        # so do the hands of nine set tiles, a set and a pair: 组合龙 (12), 花龙 (8), 清龙 (16)
        pairs = ("seven_pairs",) if rules.seven_pairs else ()
        return (*pairs, *NINE_FORMS)


def settle_guobiao(rules: Rules, outcome: HandOutcome) -> Settlement:
    """The payments of a Guobiao hand (see the module docstring)."""
    from engine.settlement import Payment, Settlement

    players = outcome.players
    payments: list[Payment] = []
    if not outcome.drawn:
        unit = rules.unit
        for w in outcome.wins:
            fan = w.score.points
            others = [s for s in range(players) if s != w.seat]
            if w.self_drawn or w.discarder is None:
                payments.extend(Payment(s, w.seat, (BASE + fan) * unit, "win") for s in others)
            else:
                for s in others:
                    amount = (BASE + fan if s == w.discarder else BASE) * unit
                    payments.append(Payment(s, w.seat, amount, "win"))
    return Settlement.of(payments, players)
