"""The ledger's rules in plain Python: its limits, the shapes of its rows, the validation of
every input before anything is written, and who pays what in a hand (:func:`cap_payments`).

Nothing here touches the database: :mod:`store.ledger` writes the books with these, inside the
caller's transaction.  The names are imported from :mod:`store.ledger` as before.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from store.errors import InvalidInput
from store.models import AccountRef, HandStats, PaymentIn, PaymentOut

MAX_AMOUNT = 10**15  # far above any real stake, far below 2**63: sums cannot overflow
# A player's balance never passes MAX_BALANCE: winnings stop there, grants and daily claims
# that would pass it are refused. The house may run to -HOUSE_LIMIT (computer seats pay at
# most their cover per hand). Both keep every balance a 64-bit integer in SQLite (past
# 2**63 - 1 it silently turns into a REAL and the books no longer add up).
MAX_BALANCE = 10**15
HOUSE_LIMIT = 4 * 10**18
MAX_REASON = 200


@dataclass(frozen=True)
class EntryIn:
    account_id: int
    amount: int  # + received, − paid
    owed: int  # what was due (same sign, |amount| ≤ |owed|)
    memo: str = ""
    seat: int | None = None


@dataclass
class Account:
    id: int
    kind: str
    user_id: int
    balance: int


# -- small helpers ---------------------------------------------------------------------------


def utc_day(now_ms: int) -> dt.date:
    return dt.datetime.fromtimestamp(now_ms / 1000, tz=dt.UTC).date()


def next_utc_midnight_ms(now_ms: int) -> int:
    day = utc_day(now_ms) + dt.timedelta(days=1)
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp() * 1000)


def check_amount(amount: object, what: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidInput(f"{what} must be a whole number of chips, not {amount!r}")
    if amount <= 0:
        raise InvalidInput(f"{what} must be more than 0, not {amount}")
    if amount > MAX_AMOUNT:
        raise InvalidInput(f"{what} of {amount} is too large (at most {MAX_AMOUNT})")
    return amount


def check_ref(ref: object) -> AccountRef:
    if not isinstance(ref, AccountRef):
        raise InvalidInput(f"expected an AccountRef, not {ref!r}")
    if isinstance(ref.guild_id, bool) or not isinstance(ref.guild_id, int) or ref.guild_id <= 0:
        raise InvalidInput(f"guild id must be a positive whole number, not {ref.guild_id!r}")
    if ref.user_id is not None and (
        isinstance(ref.user_id, bool) or not isinstance(ref.user_id, int) or ref.user_id <= 0
    ):
        raise InvalidInput(f"user id must be a positive whole number, not {ref.user_id!r}")
    return ref


def check_reason(reason: object, what: str = "reason") -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidInput(f"a {what} is required (who asked and why), not {reason!r}")
    if len(reason) > MAX_REASON:
        raise InvalidInput(f"the {what} is at most {MAX_REASON} characters")
    return reason.strip()


# -- settlements -----------------------------------------------------------------------------


def check_settlement(
    game_id: object,
    hand_no: object,
    seat_accounts: Sequence[AccountRef],
    payments: Sequence[PaymentIn],
    stats: HandStats | None,
) -> int:
    """Validate a settlement before anything is written; returns its guild id."""
    if not isinstance(game_id, str) or not game_id or len(game_id) > 100:
        raise InvalidInput(f"game id must be a non-empty text of at most 100 characters, not {game_id!r}")
    if isinstance(hand_no, bool) or not isinstance(hand_no, int) or hand_no < 0:
        raise InvalidInput(f"hand number must be a whole number ≥ 0, not {hand_no!r}")
    if not seat_accounts:
        raise InvalidInput("a settlement needs the accounts of the seats")
    refs = [check_ref(r) for r in seat_accounts]
    guilds = {r.guild_id for r in refs}
    if len(guilds) != 1:
        raise InvalidInput(f"all seats of a table must belong to one guild, got {sorted(guilds)}")
    users = [r.user_id for r in refs if r.user_id is not None]
    if len(users) != len(set(users)):
        raise InvalidInput("one player holds two seats; each player may sit only once")
    n = len(refs)
    for i, p in enumerate(payments):
        if not isinstance(p, PaymentIn):
            raise InvalidInput(f"payment {i} is not a PaymentIn: {p!r}")
        for side in ("payer", "payee"):
            seat = getattr(p, side)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise InvalidInput(f"payment {i}: {side} seat {seat!r} is not a seat 0–{n - 1}")
        if p.payer == p.payee:
            raise InvalidInput(f"payment {i}: seat {p.payer} cannot pay itself")
        check_amount(p.amount, f"payment {i}'s amount")
        if not isinstance(p.reason, str) or not p.reason or len(p.reason) > 32:
            raise InvalidInput(f"payment {i}: reason must be a short text (≤ 32), not {p.reason!r}")
    if stats is not None:
        for w in stats.winners:
            if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < n:
                raise InvalidInput(f"winner seat {w!r} is not a seat 0–{n - 1}")
        if len(set(stats.winners)) != len(stats.winners):
            raise InvalidInput("a winner is listed twice")
        d = stats.deal_in_seat
        if d is not None and (isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < n):
            raise InvalidInput(f"deal-in seat {d!r} is not a seat 0–{n - 1}")
        if d is not None and d in stats.winners:
            raise InvalidInput(f"seat {d} cannot both win and deal in")
        if stats.self_draw and (d is not None or not stats.winners):
            raise InvalidInput("a self-drawn win has a winner and no deal-in seat")
        if isinstance(stats.points, bool) or not isinstance(stats.points, int) or stats.points < 0:
            raise InvalidInput(f"points must be a whole number ≥ 0, not {stats.points!r}")
        if stats.pattern is not None and (not isinstance(stats.pattern, str) or len(stats.pattern) > 64):
            raise InvalidInput(f"pattern must be a pattern id (≤ 64 characters), not {stats.pattern!r}")
    return guilds.pop()


def check_cover(cover: object, seats: int) -> tuple[int | None, ...] | None:
    """Per-seat covers: None, or one whole number ≥ 0 (or None) per seat."""
    if cover is None:
        return None
    if not isinstance(cover, (list, tuple)) or len(cover) != seats:
        raise InvalidInput(f"cover must give one amount per seat ({seats}), not {cover!r}")
    for c in cover:
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or c < 0):
            raise InvalidInput(f"a seat's cover is a whole number ≥ 0, not {c!r}")
    return tuple(cover)


def cap_payments(
    payments: Sequence[PaymentIn],
    have: Sequence[int | None],
    cover: Sequence[int | None] | None = None,
    room: Sequence[int | None] | None = None,
) -> list[PaymentOut]:
    """Who pays what, in payment order; every list is per seat.

    * ``have``: what a seat can pay at the start of the hand (a player's balance; a computer
      seat's stake; None: pays in full). A payer pays at most what they have at that moment:
      that, plus what earlier payments of the hand gave them, minus what they already paid.
    * ``cover`` (以小博大): the most a seat may win from any one payer in the hand — what the
      seat itself had at stake (its balance when the hand started). None: no cap.
    * ``room``: how much more a seat's balance may grow before the ledger's maximum.
    """
    left: list[int | None] = list(have)
    won: dict[tuple[int, int], int] = defaultdict(int)
    grow: list[int | None] = list(room) if room is not None else [None] * len(have)
    out: list[PaymentOut] = []
    for p in payments:
        limits = [p.amount]
        if left[p.payer] is not None:
            limits.append(left[p.payer] or 0)
        if cover is not None and cover[p.payee] is not None:
            limits.append((cover[p.payee] or 0) - won[(p.payer, p.payee)])
        if grow[p.payee] is not None:
            limits.append(grow[p.payee] or 0)
        paid = max(0, min(limits))
        won[(p.payer, p.payee)] += paid
        if left[p.payer] is not None:
            left[p.payer] = (left[p.payer] or 0) - paid
        if left[p.payee] is not None:
            left[p.payee] = (left[p.payee] or 0) + paid
        if grow[p.payee] is not None:
            grow[p.payee] = (grow[p.payee] or 0) - paid
        if grow[p.payer] is not None:
            grow[p.payer] = (grow[p.payer] or 0) + paid
        out.append(PaymentOut(p.payer, p.payee, p.amount, paid, p.reason))
    return out
