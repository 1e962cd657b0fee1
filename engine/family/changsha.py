"""The Changsha family: 2-5-8 pairs, 大胡 counted, 起手小胡 on the deal, birds (扎鸟).

A hand wins as 平和 (``ping_hu``: four sets and a pair of 2, 5 or 8) or with a 大胡 form:
七巧对 ``seven_pairs``, 碰碰和 ``all_pungs``, 将将和 ``all_258`` (every tile a 2, 5 or 8, no
sets needed), 清一色 ``full_flush``. The situational 大胡 (杠上花 ``kong_bloom``, 抢杠和
``robbing_kong``, 海底捞月 ``last_tile``, 海底炮和 ``last_tile_discard``, 天和 ``heavenly``,
地和 ``earthly``) add to a winning hand but never make one. n = the 大胡 counted; ``points``
(one payer, before birds) = 6n, or for 平和 2 on a self-draw and 1 on a discard.

起手小胡 (四喜 ``four_alike`` per kind held four times, 板板胡 ``no_258``, 缺一色
``missing_suit``, 六六顺 ``two_triplets`` with ``rules.six_six``) are declared in the
``small_wins`` step right after the deal and paid at once, 2 from each other player per item;
play goes on.

Birds: after a win the next ``rules.birds`` wall tiles (as many as are left; the 海底 itself
when the wall is empty) are turned (``HandEnded.turned``); a bird's number counts seats from
the dealer (1 5 9 the dealer, 2 6 the next, 3 7 opposite, 4 8 the previous), and each payment
of a win is × (1 + birds on the winner + birds on that payer). ``rules.zhuang_xian`` adds one
unit to every payment between the dealer and another player, after birds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.actions import IllegalAction
from engine.events import Event, SmallWinsShown
from engine.family import BaseFamily, Mark
from engine.family.sichuan import rows_settlement
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.common import standard_reading
from engine.scoring.readings import CHOW, PAIR, seven_pairs_complete, standard_readings
from engine.scoring.types import Reading, Score, WinContext

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement

FORMS: Final = ("seven_pairs", "all_pungs", "all_258", "full_flush")
# situation of the hand -> the 大胡 it counts (地和: a win on the dealer's first discard)
SITUATIONAL: Final = (
    ("kong_replacement", "kong_bloom"),
    ("robbing_kong", "robbing_kong"),
    ("last_tile", "last_tile"),
    ("last_tile_discard", "last_tile_discard"),
    ("heavenly", "heavenly"),
)
SMALL_WINS: Final = ("four_alike", "no_258", "missing_suit", "two_triplets")
KIND_258: Final = tuple(k for k in range(27) if k % 9 in (1, 4, 7))
BIG: Final = 6  # a 大胡 pays 6 per 大胡 counted


def is_258(k: int) -> bool:
    return k < 27 and k % 9 in (1, 4, 7)


def small_wins(counts: Sequence[int], six_six: bool = True) -> tuple[str, ...]:
    """The 起手小胡 items of a dealt hand (四喜 once per kind held four times)."""
    items = ["four_alike"] * sum(1 for k in range(27) if counts[k] == 4)
    if not any(counts[k] for k in KIND_258):
        items.append("no_258")
    if any(not any(counts[9 * s : 9 * s + 9]) for s in range(3)):
        items.append("missing_suit")
    if six_six and sum(1 for k in range(27) if counts[k] == 3) >= 2:
        items.append("two_triplets")
    return tuple(items)


def bird_seat(tile: int, dealer: int, players: int = 4) -> int:
    """The seat a bird lands on: its number counts seats from the dealer (1 = the dealer)."""
    return (dealer + (tile % 9) % players) % players


class ChangshaFamily(BaseFamily):
    id = "changsha"
    value_style = "multiple"
    evaluate_fan = False

    # -- scoring ----------------------------------------------------------------------------

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
        if wild or any(counts[27:]):
            return None
        key = tuple(counts[:34])
        readings = standard_readings(key, 0, 4 - len(melds), 1)
        pairs = not melds and seven_pairs_complete(key, 0)
        tiles = [k for k in range(27) if counts[k]] + [t for m in melds for t in m.tiles]
        ids: list[str] = []
        if pairs:
            ids.append("seven_pairs")
        pung_reading = None
        if all(m.is_triplet for m in melds):
            pung_reading = next((r for r in readings if all(g[0] != CHOW for g in r)), None)
        if pung_reading is not None:
            ids.append("all_pungs")
        if all(is_258(t) for t in tiles):
            ids.append("all_258")
        if len({t // 9 for t in tiles}) == 1 and (readings or pairs):
            ids.append("full_flush")
        ping = next((r for r in readings if any(g[0] == PAIR and is_258(g[1]) for g in r)), None)
        if not ids and ping is None:
            return None  # 平和 needs a 2-5-8 pair; nothing else wins
        sit = ctx.situations
        ids += [big for s, big in SITUATIONAL if s in sit]
        if "last_tile" in ids and not ctx.self_drawn:
            ids.remove("last_tile")  # the 海底 another took and showed is 海底炮和
            if "last_tile_discard" not in ids:
                ids.append("last_tile_discard")
        if not ctx.self_drawn and ("earthly" in sit or ("human" in sit and ctx.payer_dealer)):
            ids.append("earthly")  # on the dealer's first discard, before one's own draw
        reading = self._reading(counts, pung_reading or ping or next(iter(readings), None), pairs)
        if not ids:
            return Score(points=2 if ctx.self_drawn else 1, patterns=("ping_hu",), reading=reading)
        return Score(points=BIG * len(ids), patterns=tuple(ids), reading=reading)

    @staticmethod
    def _reading(counts: Sequence[int], groups: Any, pairs: bool) -> Reading | None:
        if groups is not None:
            return standard_reading(groups, counts)
        if pairs:
            return Reading(
                "seven_pairs",
                tuple(("pair", (k, k)) for k in range(27) for _ in range(counts[k] // 2)),
            )
        return Reading("all_258")

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        return {"chicken": 1.0, "all_pungs": 6.0, "full_flush": 6.0, "full_flush_pungs": 12.0,
                "all_258": 6.0}.get(pattern)  # fmt: skip

    def plain_pair_kinds(self, rules: Rules) -> frozenset[int] | None:
        return frozenset(KIND_258)  # 平和 needs a pair of 2s, 5s or 8s

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        if tuple(patterns) == ("ping_hu",):
            return [("ping_hu", 2 if self_drawn else 1)]
        return [(p, BIG) for p in patterns]

    # 将将和: any fourteen 2s, 5s and 8s, no sets needed

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        return ("all_258",)

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        if sum(face) + 3 * len(melds) != 14:
            return False
        return all(is_258(k) for k in range(len(face)) if face[k]) and all(
            is_258(t) for m in melds for t in m.tiles
        )

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        if sum(face) + 3 * len(melds) != 13:
            return frozenset()
        if not all(is_258(k) for k in range(len(face)) if face[k]):
            return frozenset()
        if not all(is_258(t) for m in melds for t in m.tiles):
            return frozenset()
        return frozenset(k for k in KIND_258 if face[k] < 4)

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        off = sum(face[k] for k in range(len(face)) if face[k] and not is_258(k))
        return off, KIND_258

    # -- 起手小胡 ----------------------------------------------------------------------------

    def setup_steps(self, rules: Rules) -> tuple[str, ...]:
        return ("small_wins",)

    def step_seats(self, rules: Rules, hand: HandState, step: str) -> tuple[int, ...]:
        n = hand.players
        order = [(hand.dealer + i) % n for i in range(n)]
        return tuple(s for s in order if small_wins(hand.seats[s].counts, rules.six_six))

    def step_choices(
        self, rules: Rules, hand: HandState, seat: int, step: str
    ) -> tuple[str, ...]:
        return ("declare", "pass")

    def check_choice(
        self, rules: Rules, hand: HandState, seat: int, step: str, value: str
    ) -> str:
        if value not in ("declare", "pass"):
            raise IllegalAction("bad_choice", "declare your 小胡 or pass: 'declare' or 'pass'")
        return value

    def close_step(self, rules: Rules, hand: HandState, step: str) -> Event:
        n = hand.players
        items = tuple(
            small_wins(hand.seats[s].counts, rules.six_six)
            if hand.choices.get(s) == "declare"
            else ()
            for s in range(n)
        )
        rows: list[tuple[int, int, int]] = []
        for s, got in enumerate(items):
            if not got:
                continue
            for p in range(n):
                if p != s:
                    amount = 2 * rules.unit * len(got) + self._zhuang(rules, hand.dealer, p, s)
                    rows.append((p, s, amount))
        return SmallWinsShown(items, tuple(rows))

    @staticmethod
    def _zhuang(rules: Rules, dealer: int, payer: int, payee: int) -> int:
        return rules.unit if rules.zhuang_xian and dealer in (payer, payee) else 0

    # -- birds, dealer, settling ------------------------------------------------------------

    def turned_tiles(self, rules: Rules, hand: HandState) -> tuple[int, ...]:
        if not hand.wins:
            return ()
        w = hand.wall
        if w.remaining == 0:
            return (w.tiles[w.head - 1],)  # the 海底 (the last tile drawn) is the bird
        return tuple(w.tiles[w.head : w.head + min(rules.birds, w.remaining)])

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        """The winner; after 通炮 the discarder; after a drawn hand the 海底's taker, or the
        first it was offered to."""
        wins = hand.wins
        if len(wins) > 1 and wins[0].from_seat is not None:
            return wins[0].from_seat
        if wins:
            return wins[0].seat
        for seat in (hand.haidi_taker, hand.haidi_first):
            if seat is not None:
                return seat
        return hand.dealer

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        """起手小胡 shown, the 海底's taker, and the birds once the hand is over."""
        marks: list[Mark] = [
            ("small_win", (seat, len(items))) for seat, items in enumerate(hand.small_wins) if items
        ]
        if hand.haidi_taker is not None:
            marks.append(("haidi", (hand.haidi_taker,)))
        if hand.ended is not None:
            marks += [("bird", (t,)) for t in hand.ended.turned]
        return tuple(marks)

    def paid_so_far(
        self, rules: Rules, hand: HandState
    ) -> tuple[tuple[int, int, int, str], ...]:
        """The 起手小胡 shown after the deal (a win ends the hand: it is paid at the end)."""
        return tuple(
            (p, s, a, "small_win")
            for ev in hand.events
            if isinstance(ev, SmallWinsShown)
            for p, s, a in ev.payments
        )

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        rows: list[tuple[int, int, int, str]] = list(self.paid_so_far(rules, hand))
        birds = self.turned_tiles(rules, hand)
        n = hand.players
        hits = [0] * n
        for t in birds:
            hits[bird_seat(t, hand.dealer, n)] += 1
        for win in hand.wins:
            value = rules.unit * win.value
            payers = [win.from_seat] if win.from_seat is not None else [
                s for s in range(n) if s != win.seat
            ]  # fmt: skip
            for p in payers:
                amount = value * (1 + hits[win.seat] + hits[p])
                amount += self._zhuang(rules, hand.dealer, p, win.seat)
                rows.append((p, win.seat, amount, "win"))
        return {"ledger": rows}

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        """A finished hand: the ledger its ``hand_facts`` wrote (birds included); wins alone
        (without birds) where there is none."""
        players, dealer = outcome.players, outcome.dealer
        if "ledger" in outcome.facts:
            return rows_settlement(outcome.facts["ledger"], players)
        rows = []
        for w in outcome.wins:
            value = rules.unit * w.score.points
            payers = [w.discarder] if w.discarder is not None else [
                s for s in range(players) if s != w.seat
            ]  # fmt: skip
            rows += [(p, w.seat, value + self._zhuang(rules, dealer, p, w.seat), "win")
                     for p in payers]  # fmt: skip
        return rows_settlement(rows, players)

