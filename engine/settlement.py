"""Settling a hand: who pays whom, in whole chips, for wins, 包 (liability), horses and kongs.

Pure and exact: :func:`settle_hand` returns every payment and each seat's total change (the
deltas sum to zero). It returns what is owed; capping a payer at the chips they hold is the
ledger's business, not this module's. A finished hand reaches its family's settlement as one
frozen :class:`HandOutcome` (its wins, kongs, table size, dealer, horses and the facts the
family found in it); every family answers ``settle(rules, outcome) -> Settlement``.

Rules, as in ``docs/rules/``:

- per-payer value = ``rules.unit`` × ``score.points``;
- self-draw: each other seat pays it; discard win: the discarder pays one share (three shares
  with ``discarder_pays_all``); a liable seat (包) pays every share of the win alone;
- horses (奖马): each turned tile in the winner's seat set adds one ``rules.unit`` per share;
- kongs (where ``rules.kong_payments``): concealed and added kongs ``rules.kong_unit`` from
  each other seat (a concealed kong ``rules.concealed_kong_units`` times that), an exposed kong on a discard three ``kong_unit`` from the discarder; void
  on a drawn hand unless ``kongs_paid_on_draw``;
- several winners on one discard (一炮多响): each win is settled on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.family import WinFacts
from engine.melds import MeldKind
from engine.rules import Rules
from engine.scoring.types import Score
from engine.tiles import DRAGONS, FLOWER_BASE, HONOR_BASE, WINDS

__all__ = [
    "HandOutcome",
    "KongRecord",
    "Payment",
    "Settlement",
    "WinFacts",
    "WinRecord",
    "horse_group",
    "horse_hits",
    "liable_seat",
    "settle_common",
    "settle_hand",
]


@dataclass(frozen=True, slots=True)
class WinRecord:
    seat: int
    score: Score
    self_drawn: bool
    discarder: int | None  # the discarder, or the robbed player on 抢杠; None on a self-draw
    liable: int | None = None  # the seat that pays the whole win (包), from liable_seat()


@dataclass(frozen=True, slots=True)
class KongRecord:
    seat: int
    kind: MeldKind  # KONG (exposed, on a discard), ADDED_KONG or CONCEALED_KONG
    from_seat: int | None  # the discarder of an exposed kong
    tile: int


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str  # "win", "liable", "horse", "kong"; "burn" (烧庄), "bound" (互包), "draw" (a
    # drawn hand's penalty)


@dataclass(frozen=True, slots=True)
class Settlement:
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]

    @classmethod
    def of(cls, payments: Iterable[Payment], players: int) -> Settlement:
        """The payments that move chips (an amount of 0 is left out) and each seat's total."""
        kept = tuple(p for p in payments if p.amount)
        deltas = [0] * players
        for p in kept:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        return cls(kept, tuple(deltas))


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand as a settlement reads it: the wins (in the order they happened), the
    kongs still standing, the table size, the dealer, the horse tiles turned, and ``facts``:
    what the family's ``hand_facts`` found in the hand (烧庄 rounds, 互包 bonds, 荒番, a
    血战 ledger …; empty where it pays for none). ``drawn``: no win ended it."""

    wins: tuple[WinRecord, ...] = ()
    kongs: tuple[KongRecord, ...] = ()
    players: int = 4
    drawn: bool = False
    dealer: int = 0
    horse_tiles: tuple[int, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of_win(cls, win: WinRecord, players: int, dealer: int) -> HandOutcome:
        """A hand ended by ``win`` alone (what a win brings, as computer players weigh it)."""
        return cls(wins=(win,), players=players, dealer=dealer)


# -- 包: who pays a whole win -----------------------------------------------------------------------


def liable_seat(rules: Rules, facts: WinFacts, score: Score) -> int | None:
    """The seat that pays the whole win alone (包), or None: the preset's family decides
    (:meth:`engine.family.RuleFamily.liable_seat`; every family: the robbed player on 抢杠)."""
    from engine.family import family_of

    return family_of(rules).liable_seat(rules, facts, score)


# -- horses -----------------------------------------------------------------------------------------


def horse_group(tile: int) -> int:
    """Which seat (counted from the dealer, 0 = dealer) a turned horse tile belongs to.

    Dealer 1 5 9 E Red 春 梅; next 2 6 S Green 夏 兰; opposite 3 7 W White 秋 竹;
    previous 4 8 N 冬 菊.
    """
    if tile < HONOR_BASE:
        return (tile % 9) % 4
    if tile in WINDS:
        return tile - WINDS[0]
    if tile in DRAGONS:
        return {DRAGONS[0]: 2, DRAGONS[1]: 1, DRAGONS[2]: 0}[tile]
    # flowers 1f–8f: 春 夏 秋 冬 梅 兰 菊 竹
    return (0, 1, 2, 3, 0, 1, 3, 2)[tile - FLOWER_BASE]


def horse_hits(horse_tiles: Sequence[int], winner: int, dealer: int, players: int = 4) -> int:
    """How many turned tiles belong to the winner's seat set."""
    mine = (winner - dealer) % players
    return sum(1 for t in horse_tiles if horse_group(t) == mine)


# -- settling ---------------------------------------------------------------------------------------


def _win_payments(
    rules: Rules, win: WinRecord, players: int, dealer: int, horse_tiles: Sequence[int]
) -> list[Payment]:
    value = rules.unit * win.score.points
    hits = horse_hits(horse_tiles, win.seat, dealer, players) if horse_tiles else 0
    others = [s for s in range(players) if s != win.seat]
    out: list[Payment] = []

    def pay(payer: int, shares: int, reason: str) -> None:
        if value * shares:
            out.append(Payment(payer, win.seat, value * shares, reason))
        if hits and rules.unit:
            out.append(Payment(payer, win.seat, rules.unit * hits * shares, "horse"))

    if win.liable is not None and win.liable != win.seat:
        pay(win.liable, len(others), "liable")
    elif win.self_drawn or win.discarder is None:
        for s in others:
            pay(s, 1, "win")
    else:
        pay(win.discarder, len(others) if rules.discarder_pays_all else 1, "win")
    return out


def _kong_payments(rules: Rules, kong: KongRecord, players: int) -> list[Payment]:
    b = rules.kong_unit
    if not b:
        return []
    if kong.kind is MeldKind.KONG:
        if kong.from_seat is None or kong.from_seat == kong.seat:
            return []
        return [Payment(kong.from_seat, kong.seat, 3 * b, "kong")]
    if kong.kind is MeldKind.CONCEALED_KONG:
        b *= rules.concealed_kong_units  # the 100-tile game: 2 from each
    return [Payment(s, kong.seat, b, "kong") for s in range(players) if s != kong.seat]


def settle_hand(rules: Rules, outcome: HandOutcome) -> Settlement:
    """Every payment of a finished hand and each seat's total change, as the preset's family
    settles it (most families: :func:`settle_common`)."""
    from engine.family import family_of

    return family_of(rules).settle(rules, outcome)


def settle_common(rules: Rules, outcome: HandOutcome, *, kongs: bool = True) -> Settlement:
    """The common settlement: wins (with 包 and horses) and kongs as the module docstring
    says (``kongs``: False where the game does not pay for them)."""
    payments: list[Payment] = []
    players, dealer = outcome.players, outcome.dealer
    drawn = outcome.drawn
    if not drawn:
        for win in outcome.wins:
            payments.extend(_win_payments(rules, win, players, dealer, outcome.horse_tiles))
    if kongs and rules.kong_payments and (not drawn or rules.kongs_paid_on_draw):
        for kong in outcome.kongs:
            payments.extend(_kong_payments(rules, kong, players))
    deltas = [0] * players
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return Settlement(tuple(payments), tuple(deltas))
