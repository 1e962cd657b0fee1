"""The riichi 立直麻雀 family: Japanese riichi scoring (rule page ``riichi.md``), han and fu
exactly as the reference library counts them (:mod:`engine.riichi`).

It answers ``evaluate`` lines of the ``riichi`` preset, whole
(:meth:`RiichiFamily.evaluate_line`: red fives, riichi, ippatsu, dora and ura-dora
indicators), and plays the table game: the hand keeps a record of its own
(:mod:`engine.riichi.table`: riichi, ippatsu, furiten, kan dora, abortive draws), a win's
:class:`WinContext` carries riichi, ippatsu and the indicators face up, the settlement pays
points, honba, sticks, tenpai and nagashi (:mod:`engine.riichi.settle`), and the match
carries each seat's points, the honba and the sticks on the table (``carry``: ``p0`` …
``p3``, ``honba``, ``sticks``) and ends as the page says (sudden death, busting,
agari-yame; :mod:`engine.riichi.final` for the final result and chips). ``points`` is what
the winner receives for the hand (before honba and riichi sticks) and ``fan`` its han.

Red fives in play (option ``aka``): the first copy of each five in the wall is red; the hand's
record follows it (:func:`engine.riichi.table.reds_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.family import BaseFamily, Mark, WinFacts
from engine.melds import Meld, MeldKind
from engine.riichi import table as rt
from engine.riichi.evaluate import evaluate_riichi
from engine.riichi.final import ranking
from engine.riichi.hand import SITUATIONS as RIICHI_SITUATIONS
from engine.riichi.hand import RiichiWin
from engine.riichi.score import score_riichi
from engine.riichi.settle import settle_riichi
from engine.riichi.yaku import BY_ID
from engine.rules import Rules
from engine.scoring.types import Reading, Score, WinContext

if TYPE_CHECKING:
    from engine.events import Event
    from engine.hand.state import HandState
    from engine.match import Match
    from engine.settlement import HandOutcome, Settlement

SUDDEN_DEATH_TARGET = 30000
_DRAGONS = frozenset({31, 32, 33})
_WINDS = frozenset({27, 28, 29, 30})


class RiichiFamily(BaseFamily):
    id = "riichi"
    value_style = "multiple"
    points_game = True
    last_discard_wins = True  # houtei raoyui: a win on the last discard
    evaluate_fan = False  # evaluate gives "han" instead
    points_paid = False  # a tsumo splits the points (dealer / others); the payments say it

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        return evaluate_riichi(rules, obj)

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
            return None  # no jokers in riichi
        situations = frozenset(ctx.situations) & RIICHI_SITUATIONS
        if "kong_replacement" in situations:
            situations -= {"last_tile"}  # a rinshan win on the last tile is rinshan only
        win = RiichiWin(
            concealed=tuple(k for k in range(34) for _ in range(counts[k])),
            melds=tuple(melds), win_tile=win_tile, self_drawn=ctx.self_drawn,
            seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
            situations=situations, aka=rules.aka > 0, reds=ctx.reds if rules.aka else 0,
            riichi=ctx.riichi > 0, double_riichi=ctx.riichi == 2,
            ippatsu=ctx.ippatsu and ctx.riichi > 0,
            dora_indicators=ctx.dora_indicators, ura_indicators=ctx.ura_indicators,
        )  # fmt: skip
        got = score_riichi(win)
        if got is None:
            return None
        return Score(points=got.points, patterns=got.patterns, fan=got.han, reading=Reading("standard"))

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        return [(p, BY_ID[p].closed if p in BY_ID else 0) for p in patterns]

    # -- what computer players aim at ------------------------------------------------------

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # what one payer pays (thousands of points) for a hand of the target, closed: a plain
        # closed hand wins with riichi or menzen tsumo and some han besides
        return {
            "chicken": 2.0, "all_pungs": 4.0, "half_flush": 4.0, "full_flush": 10.0,
            "half_flush_pungs": 6.0, "full_flush_pungs": 12.0, "seven_pairs": 3.2,
            "all_honors": 32.0,
        }.get(pattern)  # fmt: skip

    def called_scale(self, rules: Rules, pattern: str, melds: int) -> float:
        # calling loses riichi, menzen tsumo and pinfu; a plain open hand needs a yaku of
        # its own (tanyao, a yakuhai) and often has none
        if not melds:
            return 1.0
        return {"chicken": 0.3, "all_pungs": 0.8, "half_flush": 0.7, "full_flush": 0.8,
                "half_flush_pungs": 0.8, "full_flush_pungs": 0.85}.get(pattern, 0.6)

    # -- the table game ----------------------------------------------------------------------

    def new_table(self, rules: Rules, players: int) -> Any:
        return rt.RiichiTable(players=players)

    def observe(self, rules: Rules, hand: HandState, event: Event) -> None:
        rt.observe(rules, hand, event)

    def riichi_discards(
        self, rules: Rules, hand: HandState, seat: int, discards: tuple[int, ...]
    ) -> tuple[int, ...]:
        return rt.riichi_discards(hand, seat, discards)

    def riichi_refusal(self, rules: Rules, hand: HandState, seat: int, tile: int) -> str:
        return rt.riichi_refusal(hand, seat, tile)

    def kong_after_riichi(
        self, rules: Rules, hand: HandState, seat: int, tile: int, kind: str
    ) -> bool:
        return rt.kong_after_riichi(hand, seat, tile, kind)

    def win_lock_code(self, rules: Rules, hand: HandState, seat: int) -> str:
        return rt.lock_code(hand, seat) or "pass_win_locked"

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        from engine.riichi.marks import table_marks

        return table_marks(hand)

    def may_declare_draw(self, rules: Rules, hand: HandState, seat: int) -> bool:
        return rules.abortive_draws and rt.nine_kinds(hand, seat)

    def hand_aborted(self, rules: Rules, hand: HandState) -> bool:
        return rules.abortive_draws and bool(rt.abort_reason(hand))

    def win_context(
        self,
        rules: Rules,
        hand: HandState,
        seat: int,
        self_drawn: bool,
        situations: frozenset[str],
        discarder: int | None,
    ) -> WinContext:
        t: rt.RiichiTable = hand.table
        dora, ura = rt.indicators(hand, t.dora)
        return WinContext(
            self_drawn=self_drawn, seat_wind=hand.seat_wind(seat), round_wind=hand.round_wind,
            situations=situations, wild_kinds=hand.wild_kinds, dealer=seat == hand.dealer,
            payer_dealer=discarder is not None and discarder == hand.dealer,
            revision=hand.revision, riichi=t.riichi[seat], ippatsu=t.ippatsu[seat],
            dora_indicators=dora, ura_indicators=ura if t.riichi[seat] else (),
            reds=rt.reds_of(hand, seat, None if self_drawn or hand.window is None
                            else hand.window.tile),
        )  # fmt: skip

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        """Pao: the discarder whose tile made the third dragon set (daisangen) or the fourth
        wind set (dai suushii) by a pung or kong."""
        for pattern, kinds, nth in (("daisangen", _DRAGONS, 3), ("dai_suushii", _WINDS, 4)):
            if pattern not in score.patterns:
                continue
            sets = [m for m in facts.melds if m.base in kinds and m.kind is not MeldKind.CHOW]
            if len(sets) >= nth:
                m = sets[nth - 1]
                if not m.kind.is_concealed and m.from_seat is not None:
                    return m.from_seat
        return None

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        return settle_riichi(rules, outcome)

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        facts: dict[str, Any] = {
            "honba": int(hand.carry.get("honba", 0)),
            "pot": int(hand.carry.get("sticks", 0)),
            "sticks": rt.sticks_put(hand),
        }
        if hand.wins:
            return facts
        if hand.draw_declared is not None:
            facts["abort"] = "nine_kinds"
            return facts
        if hand.wall.remaining > 0:
            facts["abort"] = rt.abort_reason(hand) or "three_rons"
            return facts
        facts["exhaustive"] = True
        facts["tenpai"] = rt.tenpai_seats(hand)
        if rules.nagashi_mangan:
            facts["nagashi"] = rt.nagashi_seats(hand)
        return facts

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        """The dealer stays on a dealer win (one of a double ron), on dealer tenpai at an
        exhaustive draw and on an abortive draw; otherwise the deal passes on."""
        dealer = hand.dealer
        if hand.wins:
            stays = any(w.seat == dealer for w in hand.wins)
        elif hand.wall.remaining > 0 or hand.draw_declared is not None:
            stays = True
        else:
            stays = bool(rt.seat_waits(hand, dealer))
        return dealer if stays else (dealer + 1) % hand.players

    def carry_over(self, rules: Rules, carry: Mapping[str, int], hand: HandState) -> dict[str, int]:
        ended = hand.ended
        assert ended is not None
        n = hand.players
        points = [int(carry.get(f"p{s}", rt.START_POINTS)) + ended.deltas[s] for s in range(n)]
        put = len(rt.sticks_put(hand))
        sticks = 0 if hand.wins else int(carry.get("sticks", 0)) + put
        dealer_won = any(w.seat == hand.dealer for w in hand.wins)
        honba = 0 if hand.wins and not dealer_won else int(carry.get("honba", 0)) + 1
        out = {f"p{s}": points[s] for s in range(n)}
        out.update(honba=honba, sticks=sticks)
        return out

    def match_over(self, rules: Rules, match: Match) -> bool | None:
        """Busting (below 0), the end of the last round or of sudden death, agari-yame."""
        hand = match.hand
        if hand is None or hand.ended is None:
            return None
        n = match.players
        points = [int(match.carry.get(f"p{s}", rt.START_POINTS)) for s in range(n)]
        if min(points) < 0:
            return True
        length = rules.rounds
        if match.rounds_done > length:
            return True  # the sudden-death round is over
        if match.rounds_done == length:
            return max(points) >= SUDDEN_DEATH_TARGET
        last_round = hand.round_wind >= length - 1 and len(match.dealt_this_round) >= n
        sudden = hand.round_wind >= length
        if (last_round or sudden) and match.dealer == hand.dealer:
            d = hand.dealer
            kept = any(w.seat == d for w in hand.wins) or (
                not hand.wins and hand.wall.remaining == 0
            )
            top = ranking(points, match.first_dealer)[0]
            if kept and top == d and points[d] >= SUDDEN_DEATH_TARGET and points.count(points[d]) == 1:
                return True
        return False

    def final_totals(self, rules: Rules, match: Match) -> tuple[int, ...]:
        """Each seat's points less the 25,000 it started with; the sticks left on the table
        go to the top."""
        n = match.players
        points = [int(match.carry.get(f"p{s}", rt.START_POINTS)) for s in range(n)]
        top = ranking(points, match.first_dealer)[0]
        points[top] += int(match.carry.get("sticks", 0)) * rt.RIICHI_STICK
        return tuple(p - rt.START_POINTS for p in points)
