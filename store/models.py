"""Plain data the store takes and returns (no engine, no Discord)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

TxnKind = Literal[
    "hand_settlement",
    "kong_payment",
    "daily_claim",
    "starting_chips",
    "admin_grant",
    "admin_removal",
    "season_reset",
]
TableStatus = Literal["waiting", "playing", "finished", "abandoned"]
TABLE_STATUSES: tuple[str, ...] = ("waiting", "playing", "finished", "abandoned")
UNFINISHED: tuple[str, ...] = ("waiting", "playing")


@dataclass(frozen=True)
class AccountRef:
    """Whose chips: a player of a guild, or the guild's house account (``user_id=None``),
    which funds computer seats."""

    guild_id: int
    user_id: int | None = None

    @classmethod
    def user(cls, guild_id: int, user_id: int) -> AccountRef:
        return cls(guild_id, user_id)

    @classmethod
    def house(cls, guild_id: int) -> AccountRef:
        return cls(guild_id, None)

    @property
    def is_house(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class PaymentIn:
    """One payment of a settlement, between seats: ``payer`` owes ``payee`` ``amount``."""

    payer: int
    payee: int
    amount: int
    reason: str = "win"  # "win", "kong", "horse", "bao" … (free text, ≤ 32 chars)


@dataclass(frozen=True)
class HandStats:
    """What leaderboards and statistics need from a hand, passed in with its settlement."""

    winners: tuple[int, ...] = ()  # seats; empty for a drawn hand
    self_draw: bool = False
    deal_in_seat: int | None = None  # the seat whose discard was won on
    points: int = 0  # the hand's points (what one payer pays at a unit stake)
    pattern: str | None = None  # the best pattern id of the winning hand


@dataclass(frozen=True)
class HandSettlement:
    """Everything to settle one hand: who sits where, what they pay, the hand's stats."""

    hand_no: int
    seat_accounts: tuple[AccountRef, ...]
    payments: tuple[PaymentIn, ...]
    stats: HandStats = field(default_factory=HandStats)


@dataclass(frozen=True)
class PaymentOut:
    """A payment as settled: what was owed and what the payer could actually pay."""

    payer: int
    payee: int
    owed: int
    paid: int
    reason: str


@dataclass(frozen=True)
class SettleResult:
    txn_id: int
    already_settled: bool  # True: this (game, hand) was settled before; nothing changed now
    payments: tuple[PaymentOut, ...]
    deltas: tuple[int, ...]  # per seat, sums to zero
    # per seat, after the settlement (house seats: the house's); for a repeat: as they are now
    balances: tuple[int, ...]


@dataclass(frozen=True)
class HistoryItem:
    """One ledger transaction as seen from one account."""

    txn_id: int
    kind: str
    created_at_ms: int
    amount: int  # net change of this account
    owed: int  # what it would have been had every payer covered
    game_id: str | None
    hand_no: int | None
    actor_id: int | None
    reason: str | None
    season: int


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    user_id: int
    value: int  # chips, net, win rate in millionths, or points
    hands: int = 0
    wins: int = 0
    pattern: str | None = None


@dataclass(frozen=True)
class UserStats:
    user_id: int
    season: int  # 0 = all time
    balance: int
    games: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    net: int
    best_points: int
    best_pattern: str | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class TableRecord:
    id: str
    guild_id: int
    channel_id: int
    preset: str
    options: dict[str, Any]
    seats: Any  # JSON list or object, as given
    status: str
    result: dict[str, Any] | None
    created_at_ms: int
    updated_at_ms: int
    finished_at_ms: int | None
    next_seq: int  # sequence number the next appended event gets


@dataclass(frozen=True)
class ClaimResult:
    amount: int
    balance: int
    next_claim_ms: int  # when the next /daily opens (next UTC midnight)
