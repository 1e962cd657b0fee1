"""Whose chips a seat plays with, and how much it may win or lose (以小博大).

The rule, as the gold-coin modes of Chinese mahjong apps play it:

* **A seat never wins from a payer more than it could itself have lost in the hand**: its
  *cover*, the chips its account held when the hand started. A player with 100 chips who
  wins a hand worth 10,000 from each of three payers takes at most 100 from each.
* **Nobody pays more than they hold** (the ledger pays what one has at that moment).
* **Computer seats play from the house with the same caps**: a computer seat's cover is the
  cover of the richest person at the table, so a person can win from a computer exactly what
  they could win from a person as rich as the richest of them, and a computer can never take
  more from a person than that person holds.
* **An entry requirement**: to sit at a table one needs ``entry_stakes`` × stake × the
  rules' unit chips (a server setting, default 10).

The ledger applies the caps (``store.ledger.cap_payments``); this module gives it the covers
and says who sits on whose account: a person who leaves mid-hand keeps their chips at stake
to the end of that hand (a computer plays it for them, 托管); after it the seat is the house's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.rules import RulesError, get_rules
from tables.errors import TableError
from tables.model import Seat
from tables.records import Paid


class _Table(Protocol):
    guild_id: int
    seats: list[Seat | None]
    game: Any


class _Store(Protocol):
    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]: ...


def _hand_no(t: _Table) -> int | None:
    return t.game.hand_no if t.game is not None else None


def seat_accounts(seats: Sequence[Seat | None], hand_no: int | None = None) -> list[int | None]:
    """Per seat, the user whose chips are at stake (None: the house). A person who left is
    still the one at stake in the hand they left during."""
    out: list[int | None] = []
    for s in seats:
        if s is None or s.user_id is None or (s.left and (s.left_hand is None or s.left_hand != hand_no)):
            out.append(None)
        else:
            out.append(s.user_id)
    return out


async def covers(store: _Store, t: _Table) -> list[int | None]:
    """Per seat, the chips at stake now: a person's balance; a computer seat, the richest
    person's (None at a table of computers only, where the house plays itself)."""
    accounts = seat_accounts(t.seats, _hand_no(t))
    balances = await store.balances(t.guild_id, accounts)
    people = [b for a, b in zip(accounts, balances, strict=True) if a is not None and b is not None]
    house = max(people) if people else None
    return [b if a is not None else house for a, b in zip(accounts, balances, strict=True)]


async def check_entry(
    store: Any, guild_id: int, user_id: int, stake: int, unit: int, name: str | None = None,
) -> None:
    """TableError ``err.entry`` when the person holds less than the table asks to sit:
    ``entry_stakes`` (the server's setting) × stake × the rules' unit."""
    get_stakes = getattr(store, "entry_stakes", None)
    if get_stakes is None:
        return
    from tables.durable import with_retries

    stakes = await with_retries(lambda: get_stakes(guild_id), "reading the entry requirement")
    need = max(0, int(stakes)) * stake * max(1, unit)
    if need <= 0:
        return
    have = (await with_retries(lambda: store.balances(guild_id, [user_id]),
                               "reading a balance"))[0] or 0
    if have < need:
        if name is not None:
            raise TableError("err.entry_other", name=name, need=need, have=have)
        raise TableError("err.entry", need=need, have=have)


def cut_payments(paid: Sequence[Paid]) -> tuple[tuple[int, int, int, int], ...]:
    """The payments that moved less than was owed, (payer, payee, owed, paid) summed per
    (payer, payee) so a picture shows one line per pair."""
    sums: dict[tuple[int, int], list[int]] = {}
    for p in paid:
        row = sums.setdefault((p.payer, p.payee), [0, 0])
        row[0] += p.owed
        row[1] += p.paid
    return tuple((a, b, o, g) for (a, b), (o, g) in sums.items() if g < o)


def rules_unit(preset: str, options: Mapping[str, Any]) -> int:
    try:
        return int(getattr(get_rules(preset, dict(options)), "unit", 1) or 1)
    except RulesError:
        return 1
