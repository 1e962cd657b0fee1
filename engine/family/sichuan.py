"""The Sichuan 血战到底 family: 108 tiles, 定缺, fan with a cap, 刮风下雨, 查花猪 and 查叫.

Winning: four sets and a pair, or seven pairs, in at most two suits, none of them the suit
the winner declared void (``WinContext.void_suit``). Fan (the rule page's table): each kong
the winner made 1 (``kong``), each kind held four times without a kong 1 (``four_of_a_kind``,
根, seven pairs too), 对对和 1 (``all_pungs``), 杠上开花 1 (``kong_replacement``), 七对 2
(``seven_pairs``), 清一色 2 (``full_flush``); none: 平和 (``basic``). ``points`` =
2^min(fan, ``rules.fan_cap``); ``Score.fan`` is the fan counted before the cap.

The hand (engine.hand) does the table's part: the 定缺 and 换三张 steps below, void tiles
discarded first, the winner leaving and the others playing on (``rules.play_on``), the
forced win on the last four tiles (``rules.forced_win_tiles``). Settling walks the hand's
events (:func:`ledger`): every win and kong is paid when it happens by the seats still in
then, and a wall used up with two or more still in adds 查花猪 / 查叫 (and 退税).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.actions import IllegalAction
from engine.events import Called, Event, Konged, TilesExchanged, VoidsChosen, Won
from engine.family import BaseFamily, Mark
from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.common import standard_reading
from engine.scoring.readings import CHOW, seven_pairs_complete, standard_readings
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import NotationError, format_tiles, parse

if TYPE_CHECKING:
    from engine.events import HandEnded
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement

SUITS: Final = "mps"
# where the exchanged tiles go, by the dice total mod 3: the next seat in turn order (下家),
# the previous (上家), or across (对家)
EXCHANGE_SHIFT: Final = {1: 1, 2: 3, 0: 2}

Row = tuple[int, int, int, str]  # payer, payee, amount, reason


def suits_held(counts: Sequence[int], melds: Sequence[Meld]) -> set[int]:
    """The suits (0 m, 1 p, 2 s) among a hand's concealed tiles and melds."""
    held = {k // 9 for k in range(27) if counts[k]}
    return held | {m.base // 9 for m in melds}


def four_alike(counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """根 (四归一): kinds held four times that were not declared a kong (four concealed, or a
    pung with the fourth in hand)."""
    pungs = {m.base for m in melds if m.kind is MeldKind.PUNG}
    return sum(1 for k in range(27) if counts[k] + (3 if k in pungs else 0) == 4)


def fan_ids(counts: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> list[str]:
    """The ids every reading of the hand shares (kongs, 根, 杠上开花, 清一色)."""
    ids = ["kong"] * sum(1 for m in melds if m.is_kong)
    ids += ["four_of_a_kind"] * four_alike(counts, melds)
    if "kong_replacement" in ctx.situations:
        ids.append("kong_replacement")
    if len(suits_held(counts, melds)) == 1:
        ids.append("full_flush")
    return ids


def weakest_suit(counts: Sequence[int]) -> int:
    """The suit a player would void: the fewest tiles, then the fewest pairs and runs."""

    def worth(s: int) -> tuple[int, int]:
        c = counts[9 * s : 9 * s + 9]
        pairs = sum(1 for n in c if n >= 2)
        links = sum(1 for i in range(8) if c[i] and (c[i + 1] or (i < 7 and c[i + 2])))
        return sum(c), 2 * pairs + links

    return min(range(3), key=lambda s: (worth(s), s))


def exchange_pick(counts: Sequence[int]) -> tuple[int, ...]:
    """Three tiles of one suit to pass on: from the weakest suit holding three, its loosest
    tiles (singles far from their neighbours first)."""
    held = [s for s in range(3) if sum(counts[9 * s : 9 * s + 9]) >= 3]
    suit = min(held, key=lambda s: (sum(counts[9 * s : 9 * s + 9]), s))
    return loosest(counts, suit, 3)


def loosest(counts: Sequence[int], suit: int, n: int) -> tuple[int, ...]:
    """The ``n`` tiles of ``suit`` that do least for the hand (kept pairs and runs last)."""
    base = 9 * suit
    c = list(counts[base : base + 9])

    def keep(i: int) -> int:
        near = sum(c[j] for j in (i - 2, i - 1, i + 1, i + 2) if 0 <= j < 9)
        return 3 * (c[i] - 1) + near

    out: list[int] = []
    for _ in range(n):
        i = min((i for i in range(9) if c[i]), key=lambda i: (keep(i), abs(4 - i) * -1, i))
        out.append(base + i)
        c[i] -= 1
    return tuple(sorted(out))


class SichuanFamily(BaseFamily):
    id = "sichuan"
    value_style = "fan"
    evaluate_fan = False  # evaluate reports points and patterns, as the contract asks
    kongs_pay = True  # 刮风下雨 is paid at once and each kong is a fan
    ready_pays_at_end = True  # 查叫: the unready pay the ready at a wall used up

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
            return None  # no honours, no jokers in this game
        suits = suits_held(counts, melds)
        if len(suits) > 2 or (ctx.void_suit is not None and ctx.void_suit in suits):
            return None  # 缺门: at most two suits, never the declared void
        if rules.full_flush_only and len(suits) != 1:
            return None  # two players (or three by agreement): 清一色 only
        common = fan_ids(counts, melds, ctx)
        best: tuple[int, list[str], Reading] | None = None
        key = tuple(counts[:34])
        triplets = all(m.is_triplet for m in melds)
        for groups in standard_readings(key, 0, rules.sets - len(melds), 1):
            ids = list(common)
            if triplets and all(g[0] != CHOW for g in groups):
                ids.append("all_pungs")
            fan = self._fan(rules, ids)
            if best is None or fan > best[0]:
                best = (fan, ids, standard_reading(groups, counts))
        if not melds and rules.hand_size == 13 and seven_pairs_complete(key, 0):
            ids = [*common, "seven_pairs"]
            fan = self._fan(rules, ids)
            if best is None or fan > best[0]:
                pairs = tuple(("pair", (k, k)) for k in range(27) for _ in range(counts[k] // 2))
                best = (fan, ids, Reading("seven_pairs", pairs))
        if best is None:
            return None
        fan, ids, reading = best
        order = [p for p, _ in rules.pattern_values]
        ids.sort(key=lambda i: order.index(i) if i in order else len(order))
        return Score(
            points=2 ** min(fan, rules.fan_cap),
            patterns=tuple(ids) or ("basic",),
            fan=fan,
            reading=reading,
        )

    @staticmethod
    def _fan(rules: Rules, ids: Sequence[str]) -> int:
        values = rules.patterns
        return sum(values.get(i, 0) for i in ids)

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        if rules.full_flush_only and not pattern.startswith("full_flush"):
            return None  # only 清一色 wins: computer players aim at nothing else
        fan = {"chicken": 0, "all_pungs": 1, "full_flush": 2, "full_flush_pungs": 3}.get(pattern)
        return None if fan is None else float(2 ** min(fan, rules.fan_cap))

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = rules.patterns
        return [(p, values.get(p, 0)) for p in patterns]

    # -- the steps after the deal: 换三张 (an option), then 定缺 ------------------------------

    def setup_steps(self, rules: Rules) -> tuple[str, ...]:
        # other table sizes (rule page): no 定缺 with two (a win is 清一色 anyway), no 换三张
        # with two or with seven (a 4-tile hand has no three to spare)
        void = ("void",) if rules.players >= 3 else ()
        exchange = rules.exchange_three and rules.players >= 3 and rules.hand_size >= 7
        return ("exchange", *void) if exchange else void

    def step_seats(self, rules: Rules, hand: HandState, step: str) -> tuple[int, ...]:
        return tuple(range(hand.players))

    def step_choices(
        self, rules: Rules, hand: HandState, seat: int, step: str
    ) -> tuple[str, ...]:
        c = hand.seats[seat].counts
        if step == "void":
            weakest = weakest_suit(c)
            return (SUITS[weakest], *(SUITS[s] for s in range(3) if s != weakest))
        # one suggestion per suit holding three or more (any three of one suit are accepted)
        return tuple(
            format_tiles(loosest(c, s, 3)) for s in range(3) if sum(c[9 * s : 9 * s + 9]) >= 3
        )

    def step_pick(self, rules: Rules, step: str) -> int:
        return 3 if step == "exchange" else 0  # any three tiles of one suit held

    def check_choice(
        self, rules: Rules, hand: HandState, seat: int, step: str, value: str
    ) -> str:
        if step == "void":
            if value not in ("m", "p", "s"):
                raise IllegalAction("bad_choice", "choose the void suit: m, p or s")
            return value
        try:
            tiles = parse(value)
        except NotationError as exc:
            raise IllegalAction("bad_choice", f"name three tiles, e.g. 129m: {exc}") from None
        if len(tiles) != 3 or any(t >= 27 for t in tiles) or len({t // 9 for t in tiles}) != 1:
            raise IllegalAction("bad_choice", "pass exactly three tiles of one suit, e.g. 129m")
        c = hand.seats[seat].counts
        for t in set(tiles):
            if c[t] < tiles.count(t):
                raise IllegalAction("tile_not_in_hand", f"you do not hold {format_tiles(tiles)}")
        return format_tiles(sorted(tiles))

    def close_step(self, rules: Rules, hand: HandState, step: str) -> Event:
        n = hand.players
        if step == "void":
            return VoidsChosen(tuple(SUITS.index(hand.choices[s]) for s in range(n)))
        from engine.indicator import hand_dice

        dice = hand_dice(hand.seed, hand.given_dice, "exchange")
        # no "across" at another table than four: odd, to the next; even, to the previous
        odd_table = 1 if sum(dice) % 2 else n - 1
        shift = EXCHANGE_SHIFT[sum(dice) % 3] if n == 4 else odd_table
        tiles = tuple(tuple(sorted(parse(hand.choices[s]))) for s in range(n))
        return TilesExchanged(shift, tiles, dice)

    # -- settling: every payment in the order it fell due ----------------------------------

    def hand_facts(self, rules: Rules, hand: HandState) -> dict[str, Any]:
        return {"ledger": ledger(rules, hand)}

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        """A finished hand: the ledger its ``hand_facts`` wrote (:func:`ledger`); where there
        is none, wins and kongs with every seat still in (what can be said without the
        hand's order)."""
        players = outcome.players
        if "ledger" in outcome.facts:
            return rows_settlement(outcome.facts["ledger"], players)
        rows: list[Row] = []
        for k in outcome.kongs:
            if k.kind is MeldKind.KONG and k.from_seat is not None:
                rows.append((k.from_seat, k.seat, rules.unit, "kong"))
            else:
                amount = rules.unit * (2 if k.kind is MeldKind.CONCEALED_KONG else 1)
                rows += [(s, k.seat, amount, "kong") for s in range(players) if s != k.seat]
        for w in outcome.wins:
            value = rules.unit * w.score.points
            payers = [w.discarder] if w.discarder is not None else [
                s for s in range(players) if s != w.seat
            ]  # fmt: skip
            rows += [(p, w.seat, value, "win") for p in payers]
        return rows_settlement(rows, players)

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        """The first winner deals next; after 一炮多响 on the first win, its discarder; with
        no win the dealer stays."""
        events = hand.events
        first = next((i for i, e in enumerate(events) if isinstance(e, Won)), None)
        if first is None:
            return hand.dealer
        win = events[first]
        assert isinstance(win, Won)
        after = events[first + 1] if first + 1 < len(events) else None
        if (
            win.from_seat is not None
            and isinstance(after, Won)
            and after.from_seat == win.from_seat
            and after.tile == win.tile
        ):
            return win.from_seat
        return win.seat

    def next_dealer(self, rules: Rules, dealer: int, ended: HandEnded, players: int) -> int:
        return dealer if ended.next_dealer is None else ended.next_dealer

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        """Each seat's void suit once revealed, and each winner out with its winning tile."""
        marks: list[Mark] = [
            ("void", (seat, st.void_suit))
            for seat, st in enumerate(hand.seats)
            if st.void_suit is not None
        ]
        marks += [("out", (w.seat, w.tile)) for w in hand.wins if w.tile is not None]
        return tuple(marks)

    def paid_so_far(self, rules: Rules, hand: HandState) -> tuple[Row, ...]:
        """Every kong and win so far, each paid by the seats still in then (:func:`ledger`);
        the drawn end's payments only once the hand has ended (while the last tile is still
        being played a hand may hold 14 tiles and has no waits yet)."""
        from engine.hand.types import Phase  # the hand package imports the families

        return tuple(ledger(rules, hand, drawn_end_due=hand.phase is Phase.ENDED))


def rows_settlement(rows: Sequence[Sequence[Any]], players: int) -> Settlement:
    from engine.settlement import Payment, Settlement

    payments = tuple(Payment(int(a), int(b), int(n), str(r)) for a, b, n, r in rows if n)
    deltas = [0] * players
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return Settlement(payments, tuple(deltas))


def ledger(rules: Rules, hand: HandState, drawn_end_due: bool = True) -> list[Row]:
    """Every payment of a 血战 hand in order: each kong (刮风下雨) and each win paid by the
    seats still in when it happened; at a wall used up with two or more still in, 查花猪,
    查叫 and (option) 退税."""
    unit = rules.unit
    n = hand.players
    out: set[int] = set()
    rows: list[Row] = []
    last_kong: list[Row] = []
    for ev in hand.events:
        if isinstance(ev, Konged):
            amount = unit * (2 if ev.kind == MeldKind.CONCEALED_KONG.value else 1)
            last_kong = [(s, ev.seat, amount, "kong") for s in range(n) if s != ev.seat and s not in out]
            rows += last_kong
        elif isinstance(ev, Called) and ev.kind == MeldKind.KONG.value:
            last_kong = []
            rows.append((ev.from_seat, ev.seat, unit, "kong"))
        elif isinstance(ev, Won):
            if "robbing_kong" in ev.situations and last_kong:
                rows = rows[: len(rows) - len(last_kong)]  # a robbed kong is never paid
                last_kong = []
            value = unit * ev.value
            if ev.from_seat is not None:
                rows.append((ev.from_seat, ev.seat, value, "win"))
            else:
                rows += [(s, ev.seat, value, "win") for s in range(n) if s != ev.seat and s not in out]
            out.add(ev.seat)
    still = [s for s in range(n) if s not in out]
    if drawn_end_due and len(still) >= 2 and hand.wall.remaining == 0:
        rows += drawn_end(rules, hand, still, rows)
    return rows


def drawn_end(rules: Rules, hand: HandState, still: list[int], paid: list[Row]) -> list[Row]:
    """查花猪, 查叫 and 退税 among the seats still in when the wall is used up."""
    unit = rules.unit
    pigs = [s for s in still if len(suits_held(hand.seats[s].counts, hand.seats[s].melds)) == 3]
    cap = unit * 2**rules.fan_cap
    rows: list[Row] = []
    for p in pigs:  # 花猪 pays each other seat still in (two pigs would pay each other alike)
        rows += [(p, o, cap, "flower_pig") for o in still if o != p and o not in pigs]
    best = {s: ready_value(hand, s) for s in still if s not in pigs}
    ready = [s for s, v in best.items() if v]
    for s, v in best.items():
        if not v:
            rows += [(s, r, unit * best[r], "not_ready") for r in ready]
    if rules.tax_refund:
        for s in still:
            if best.get(s):
                continue  # ready: keeps its kongs
            rows += [(s, payer, amount, "refund") for payer, payee, amount, why in paid
                     if payee == s and why == "kong"]  # fmt: skip
    return rows


def ready_value(hand: HandState, seat: int) -> int:
    """What the seat's best wait would win from one payer (0: not ready)."""
    best = 0
    for t in hand.waits(seat):
        if t >= 27 or hand.seats[seat].counts[t] + _melded(hand, seat, t) >= 4:
            continue
        sc = hand.score_with(seat, t, False, frozenset())
        if sc is not None:
            best = max(best, sc.points)
    return best


def _melded(hand: HandState, seat: int, t: int) -> int:
    return sum(m.tiles.count(t) for m in hand.seats[seat].melds)
