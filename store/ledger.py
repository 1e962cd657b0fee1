"""The chip ledger: double-entry books, written inside one backend transaction.

Every function here takes an open :class:`~store.backend.Tx` and never commits: the caller
(:class:`store.Store`) decides what one transaction holds, so a hand's settlement, its
statistics and its final game event commit together or not at all.

Accounts per guild: one per player (``user``, never below zero, enforced by a CHECK), one
``house`` (funds computer seats; the only account allowed below zero besides the mint) and one
``mint`` (the counterparty of every chip created or destroyed).  Hence, per guild and at every
commit:  Σ user balances + house balance = −mint balance = chips created (starting chips +
daily claims + admin grants − admin removals ± season resets).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence

from store.backend import Tx
from store.errors import (
    AlreadyClaimed,
    BalanceLimit,
    BooksOutOfBalance,
    InsufficientChips,
    InvalidInput,
)

# The limits, row shapes, input checks and payment capping live in store.ledger_rules (plain
# Python, no database); the statistics a settlement writes in store.stats.  Callers import them
# from here as before, hence the explicit re-exports.
from store.ledger_rules import HOUSE_LIMIT as HOUSE_LIMIT
from store.ledger_rules import MAX_AMOUNT as MAX_AMOUNT
from store.ledger_rules import MAX_BALANCE as MAX_BALANCE
from store.ledger_rules import MAX_REASON as MAX_REASON
from store.ledger_rules import Account as Account
from store.ledger_rules import EntryIn as EntryIn
from store.ledger_rules import cap_payments as cap_payments
from store.ledger_rules import check_amount as check_amount
from store.ledger_rules import check_cover as check_cover
from store.ledger_rules import check_reason as check_reason
from store.ledger_rules import check_ref as check_ref
from store.ledger_rules import check_settlement as check_settlement
from store.ledger_rules import next_utc_midnight_ms as next_utc_midnight_ms
from store.ledger_rules import utc_day as utc_day
from store.models import AccountRef, HandStats, PaymentIn, PaymentOut, SettleResult
from store.settings import GuildSettings, guild_settings_from_rows
from store.stats import record_stats as record_stats

# -- reading ---------------------------------------------------------------------------------


async def lock_guild(tx: Tx, guild_id: int) -> None:
    """Every write that touches a guild's chips takes this first (before reading balances):
    two settlements of one guild then never compute with the same stale balance, whichever
    process runs them.  (On SQLite every write is exclusive anyway.)"""
    await tx.lock(f"guild:{guild_id}")


async def current_season(tx: Tx, guild_id: int) -> int:
    row = await tx.fetchone("SELECT MAX(season) FROM seasons WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row and row[0] is not None else 1


async def guild_settings(tx: Tx, guild_id: int, defaults: GuildSettings) -> GuildSettings:
    rows = await tx.fetchall(
        "SELECT key, value FROM guild_settings WHERE guild_id = ? ORDER BY key", (guild_id,)
    )
    return guild_settings_from_rows(guild_id, defaults, [(str(k), str(v)) for k, v in rows])


async def find_account(tx: Tx, ref: AccountRef) -> Account | None:
    kind = "house" if ref.is_house else "user"
    row = await tx.fetchone(
        "SELECT id, kind, user_id, balance FROM accounts "
        "WHERE guild_id = ? AND kind = ? AND user_id = ?",
        (ref.guild_id, kind, ref.user_id or 0),
    )
    return Account(int(row[0]), str(row[1]), int(row[2]), int(row[3])) if row else None


# -- writing ---------------------------------------------------------------------------------


async def system_account(tx: Tx, guild_id: int, kind: str, now_ms: int) -> Account:
    """The guild's house or mint account, created (at 0) on first use."""
    await tx.execute(
        "INSERT INTO accounts (guild_id, kind, user_id, balance, created_at) "
        "VALUES (?, ?, 0, 0, ?) ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
        (guild_id, kind, now_ms),
    )
    row = await tx.fetchone(
        "SELECT id, balance FROM accounts WHERE guild_id = ? AND kind = ? AND user_id = 0",
        (guild_id, kind),
    )
    assert row is not None
    return Account(int(row[0]), kind, 0, int(row[1]))


async def insert_txn(
    tx: Tx,
    *,
    guild_id: int,
    kind: str,
    idem_key: str | None,
    season: int,
    now_ms: int,
    game_id: str | None = None,
    hand_no: int | None = None,
    actor_id: int | None = None,
    reason: str | None = None,
) -> int | None:
    """A new transaction row; None when ``idem_key`` was used before (nothing written)."""
    row = await tx.fetchone(
        "INSERT INTO ledger_txns (guild_id, kind, idem_key, game_id, hand_no, actor_id, reason, "
        "season, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (idem_key) DO NOTHING RETURNING id",
        (guild_id, kind, idem_key, game_id, hand_no, actor_id, reason, season, now_ms),
    )
    return int(row[0]) if row else None


async def insert_entries(tx: Tx, txn_id: int, entries: Sequence[EntryIn]) -> None:
    """The entries of one transaction and the balances they move.  Refuses entries that do
    not sum to zero before writing anything; a player's balance going below zero is refused
    by the accounts table's CHECK (the caller's transaction then rolls back)."""
    total = sum(e.amount for e in entries)
    if total != 0:
        raise BooksOutOfBalance(
            f"refused to write ledger transaction {txn_id}: its entries sum to {total}, not 0 "
            "(a bug in the caller; nothing was written)",
            [f"txn {txn_id} sums to {total}"],
        )
    if not entries:
        return
    await tx.executemany(
        "INSERT INTO ledger_entries (txn_id, line, account_id, amount, owed, memo, seat) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(txn_id, i, e.account_id, e.amount, e.owed, e.memo, e.seat) for i, e in enumerate(entries)],
    )
    moves: dict[int, int] = defaultdict(int)
    for e in entries:
        moves[e.account_id] += e.amount
    await check_balance_limits(tx, moves)
    await tx.executemany(
        "UPDATE accounts SET balance = balance + ? WHERE id = ?",
        [(amount, acc) for acc, amount in sorted(moves.items()) if amount],
    )


async def check_balance_limits(tx: Tx, moves: dict[int, int]) -> None:
    """Refuse (before writing) moves that would take a balance past the documented limits."""
    ids = sorted(a for a, m in moves.items() if m)
    if not ids:
        return
    marks = ", ".join("?" for _ in ids)
    rows = await tx.fetchall(
        f"SELECT id, kind, balance, user_id FROM accounts WHERE id IN ({marks})", ids
    )
    for acc_id, kind, balance, user_id in rows:
        after = int(balance) + moves[int(acc_id)]
        if kind == "user" and after > MAX_BALANCE:
            raise BalanceLimit(
                f"refused: player {user_id} would hold {after:,} chips, more than the most a "
                f"balance may hold ({MAX_BALANCE:,}); nothing was written",
                MAX_BALANCE,
            )
        if not -HOUSE_LIMIT <= after <= HOUSE_LIMIT:
            raise BalanceLimit(
                f"refused: the {kind} account would reach {after:,} chips, past ±{HOUSE_LIMIT:,}; "
                "nothing was written (start a new season to reset the house)",
                HOUSE_LIMIT,
            )


async def mint_transfer(
    tx: Tx,
    *,
    guild_id: int,
    account: Account,
    amount: int,
    kind: str,
    idem_key: str | None,
    season: int,
    now_ms: int,
    actor_id: int | None = None,
    reason: str | None = None,
) -> int | None:
    """Create (amount > 0) or destroy (amount < 0) chips on ``account`` against the mint."""
    mint = await system_account(tx, guild_id, "mint", now_ms)
    txn_id = await insert_txn(
        tx, guild_id=guild_id, kind=kind, idem_key=idem_key, season=season, now_ms=now_ms,
        actor_id=actor_id, reason=reason,
    )
    if txn_id is None:
        return None
    await insert_entries(
        tx, txn_id, [EntryIn(mint.id, -amount, -amount, kind), EntryIn(account.id, amount, amount, kind)]
    )
    account.balance += amount
    return txn_id


async def open_account(
    tx: Tx, ref: AccountRef, now_ms: int, defaults: GuildSettings
) -> Account:
    """The account of ``ref``; a new player's account is opened with the guild's starting
    chips (a 'starting_chips' transaction from the mint)."""
    found = await find_account(tx, ref)
    if found is not None:
        return found
    if ref.is_house:
        return await system_account(tx, ref.guild_id, "house", now_ms)
    row = await tx.fetchone(
        "INSERT INTO accounts (guild_id, kind, user_id, balance, created_at) "
        "VALUES (?, 'user', ?, 0, ?) RETURNING id",
        (ref.guild_id, ref.user_id, now_ms),
    )
    assert row is not None
    account = Account(int(row[0]), "user", int(ref.user_id or 0), 0)
    start = (await guild_settings(tx, ref.guild_id, defaults)).starting_chips
    if start > 0:
        await mint_transfer(
            tx, guild_id=ref.guild_id, account=account, amount=start, kind="starting_chips",
            idem_key=f"start:{ref.guild_id}:{ref.user_id}",
            season=await current_season(tx, ref.guild_id), now_ms=now_ms,
        )
    return account


async def open_accounts(
    tx: Tx, guild_id: int, refs: Sequence[AccountRef], now_ms: int, defaults: GuildSettings
) -> dict[AccountRef, Account]:
    """The accounts of a table's seats in one query (opening the missing ones)."""
    users = sorted({r.user_id for r in refs if r.user_id is not None})
    marks = ", ".join("?" for _ in users) or "NULL"
    rows = await tx.fetchall(
        "SELECT id, kind, user_id, balance FROM accounts WHERE guild_id = ? AND "
        f"((kind = 'user' AND user_id IN ({marks})) OR kind = 'house')",
        (guild_id, *users),
    )
    out: dict[AccountRef, Account] = {}
    for acc_id, kind, user_id, balance in rows:
        ref = AccountRef(guild_id, None if kind == "house" else int(user_id))
        out[ref] = Account(int(acc_id), str(kind), int(user_id), int(balance))
    for ref in refs:
        if ref not in out:
            out[ref] = await open_account(tx, ref, now_ms, defaults)
    return out


# -- settlements -----------------------------------------------------------------------------


async def settle(
    tx: Tx,
    *,
    kind: str,
    idem_key: str,
    game_id: str,
    hand_no: int,
    guild_id: int,
    seat_accounts: Sequence[AccountRef],
    payments: Sequence[PaymentIn],
    stats: HandStats | None,
    txn_id: int,
    season: int,
    accounts: dict[AccountRef, Account],
    cover: Sequence[int | None] | None = None,
) -> SettleResult:
    """Write the entries and statistics of a settlement whose transaction row ``txn_id`` was
    just inserted (by :func:`insert_txn`, which is what makes it happen once); ``accounts``
    from :func:`open_accounts`, read in the same transaction.

    ``cover`` (per seat, see :func:`cap_payments`): with it a seat wins at most that much
    from each payer, and a computer seat (the house) pays at most its own cover."""
    seat_ids = [accounts[r].id for r in seat_accounts]
    have: list[int | None] = []
    room: list[int | None] = []
    for i, r in enumerate(seat_accounts):
        if r.is_house:
            have.append(None if cover is None else cover[i])
            room.append(None)
        else:
            have.append(accounts[r].balance)
            room.append(max(0, MAX_BALANCE - accounts[r].balance))
    paid = cap_payments(payments, have, cover, room)
    entries: list[EntryIn] = []
    deltas = [0] * len(seat_accounts)
    for p in paid:
        entries.append(EntryIn(seat_ids[p.payer], -p.paid, -p.owed, p.reason, p.payer))
        entries.append(EntryIn(seat_ids[p.payee], p.paid, p.owed, p.reason, p.payee))
        deltas[p.payer] -= p.paid
        deltas[p.payee] += p.paid
    await insert_entries(tx, txn_id, entries)
    moved: dict[int, int] = defaultdict(int)
    for e in entries:
        moved[e.account_id] += e.amount
    balances = tuple(accounts[r].balance + moved[accounts[r].id] for r in seat_accounts)
    await record_stats(
        tx, kind=kind, game_id=game_id, hand_no=hand_no, guild_id=guild_id, season=season,
        txn_id=txn_id, seat_accounts=seat_accounts, accounts=accounts, deltas=deltas, stats=stats,
    )
    return SettleResult(txn_id, False, tuple(paid), tuple(deltas), balances)



async def load_settlement(
    tx: Tx, idem_key: str, seat_accounts: Sequence[AccountRef]
) -> SettleResult | None:
    """The settlement recorded under ``idem_key`` (for an idempotent repeat)."""
    row = await tx.fetchone("SELECT id FROM ledger_txns WHERE idem_key = ?", (idem_key,))
    if row is None:
        return None
    txn_id = int(row[0])
    lines = await tx.fetchall(
        "SELECT line, amount, owed, memo, seat FROM ledger_entries WHERE txn_id = ? ORDER BY line",
        (txn_id,),
    )
    n = len(seat_accounts)
    deltas = [0] * n
    paid: list[PaymentOut] = []
    for k in range(0, len(lines) - 1, 2):
        _l1, a1, o1, memo, s1 = lines[k]
        _l2, _a2, _o2, _m2, s2 = lines[k + 1]
        paid.append(PaymentOut(int(s1), int(s2), -int(o1), -int(a1), str(memo)))
    for _line, amount, _owed, _memo, seat in lines:
        if seat is not None and 0 <= int(seat) < n:
            deltas[int(seat)] += int(amount)
    balances = []
    for ref in seat_accounts:
        acc = await find_account(tx, ref)
        balances.append(acc.balance if acc else 0)
    return SettleResult(txn_id, True, tuple(paid), tuple(deltas), tuple(balances))


# -- chips in and out ------------------------------------------------------------------------


async def claim_daily(
    tx: Tx, ref: AccountRef, now_ms: int, defaults: GuildSettings
) -> tuple[int, int]:
    """(amount claimed, new balance); AlreadyClaimed if claimed this UTC day."""
    if ref.is_house:
        raise InvalidInput("the house account does not claim daily chips")
    amount = (await guild_settings(tx, ref.guild_id, defaults)).daily_amount
    if amount <= 0:
        raise InvalidInput("daily chips are turned off in this server (daily_amount is 0)")
    account = await open_account(tx, ref, now_ms, defaults)
    day = utc_day(now_ms).isoformat()
    txn = await mint_transfer(
        tx, guild_id=ref.guild_id, account=account, amount=amount, kind="daily_claim",
        idem_key=f"daily:{ref.guild_id}:{ref.user_id}:{day}",
        season=await current_season(tx, ref.guild_id), now_ms=now_ms,
    )
    if txn is None:
        nxt = next_utc_midnight_ms(now_ms)
        raise AlreadyClaimed(
            f"daily chips for {day} (UTC) were already claimed; the next claim opens at "
            f"{dt.datetime.fromtimestamp(nxt / 1000, tz=dt.UTC):%Y-%m-%d %H:%M} UTC",
            nxt,
        )
    return amount, account.balance


async def admin_adjust(
    tx: Tx,
    ref: AccountRef,
    amount: int,
    *,
    actor_id: int,
    reason: str,
    idem_key: str | None,
    now_ms: int,
    defaults: GuildSettings,
) -> tuple[int | None, int]:
    """Grant (amount > 0) or remove (amount < 0) chips; (txn id or None if the idem key was
    used before, new balance)."""
    if ref.is_house:
        raise InvalidInput("admin grants and removals are for players, not the house account")
    account = await open_account(tx, ref, now_ms, defaults)
    if amount < 0 and account.balance < -amount:
        raise InsufficientChips(
            f"cannot remove {-amount} chips: the player has only {account.balance}; remove at "
            f"most {account.balance}",
            account.balance,
        )
    txn = await mint_transfer(
        tx, guild_id=ref.guild_id, account=account, amount=amount,
        kind="admin_grant" if amount > 0 else "admin_removal", idem_key=idem_key,
        season=await current_season(tx, ref.guild_id), now_ms=now_ms,
        actor_id=actor_id, reason=reason,
    )
    return txn, account.balance


async def reset_season(
    tx: Tx, guild_id: int, *, actor_id: int | None, now_ms: int, defaults: GuildSettings
) -> int:
    """Close the current season (its closing balances kept in season_standings), bring every
    player back to the guild's starting chips and the house to 0; returns the new season."""
    old = await current_season(tx, guild_id)
    new = old + 1
    start = (await guild_settings(tx, guild_id, defaults)).starting_chips
    await tx.execute(
        "INSERT INTO seasons (guild_id, season, started_at, started_by) VALUES (?, ?, ?, ?)",
        (guild_id, new, now_ms, actor_id),
    )
    await tx.execute(
        "INSERT INTO season_standings (guild_id, season, account_id, user_id, balance) "
        "SELECT guild_id, ?, id, user_id, balance FROM accounts "
        "WHERE guild_id = ? AND kind = 'user'",
        (old, guild_id),
    )
    mint = await system_account(tx, guild_id, "mint", now_ms)
    rows = await tx.fetchall(
        "SELECT id, kind, balance FROM accounts WHERE guild_id = ? AND kind IN ('user', 'house') "
        "ORDER BY id",
        (guild_id,),
    )
    txn_id = await insert_txn(
        tx, guild_id=guild_id, kind="season_reset", idem_key=f"season:{guild_id}:{new}",
        season=new, now_ms=now_ms, actor_id=actor_id, reason=f"season {new}",
    )
    assert txn_id is not None  # the seasons primary key already refused a second reset
    entries: list[EntryIn] = []
    for acc_id, kind, balance in rows:
        target = start if kind == "user" else 0
        change = target - int(balance)
        if change:
            entries.append(EntryIn(int(acc_id), change, change, "season_reset"))
    total = sum(e.amount for e in entries)
    if total:
        entries.append(EntryIn(mint.id, -total, -total, "season_reset"))
    await insert_entries(tx, txn_id, entries)
    return new
