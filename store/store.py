"""The Store: the one object the rest of the bot talks to for chips, games and settings.

    store = await Store.open("data/mahjong.db", StoreSettings())
    result = await store.append_events_and_settle(table_id, [final_event], first_seq, settlement)
    await store.close()

Each public write method is one database transaction: it commits entirely or, on any error
(typed :class:`~store.errors.StoreError`), leaves nothing behind.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from store import games, ledger, queries
from store.appender import EventAppender
from store.backend import Backend, Tx
from store.errors import BooksOutOfBalance, InvalidInput, StoreError
from store.migrations import MIGRATIONS_DIR
from store.models import (
    AccountRef,
    ClaimResult,
    HandSettlement,
    HandStats,
    HistoryItem,
    LeaderRow,
    PaymentIn,
    SettleResult,
    TableRecord,
    UserStats,
)
from store.settings import GuildSettings, StoreSettings, check_database_url, check_guild_setting
from store.sqlite_backend import SqliteBackend


def _wall_clock_ms() -> int:
    return int(time.time() * 1000)


async def open_backend(settings: StoreSettings) -> Backend:
    """The backend ``settings`` name (no migrations run)."""
    if settings.database_url:
        from store.postgres_backend import PostgresBackend

        return await PostgresBackend.connect(
            check_database_url(settings.database_url),
            schema=settings.database_schema,
            busy_timeout_ms=settings.busy_timeout_ms,
            synchronous=settings.synchronous,
            pool_size=settings.pool_size,
        )
    return await SqliteBackend.connect(
        settings.path,
        busy_timeout_ms=settings.busy_timeout_ms,
        synchronous=settings.synchronous,
        max_page_count=settings.max_page_count,
    )


class Store:
    def __init__(
        self, backend: Backend, settings: StoreSettings, clock: Callable[[], int] = _wall_clock_ms
    ) -> None:
        self.backend = backend
        self.settings = settings
        self._clock = clock
        # tests only: called at named points inside write transactions (may raise to simulate
        # a failure half-way through one)
        self.fault_hook: Callable[[str], None] | None = None
        # the moves of many tables written in one transaction (store/appender.py)
        self.appender = EventAppender(backend, self.now_ms)

    # -- life cycle ------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path | None = None,
        settings: StoreSettings | None = None,
        *,
        clock: Callable[[], int] | None = None,
        migrations_dir: Path = MIGRATIONS_DIR,
    ) -> Store:
        """Open (creating if needed) the database — the SQLite file ``settings.path``, or
        PostgreSQL when ``settings.database_url`` is set — apply pending migrations and, if
        ``settings.verify_on_open``, check the books."""
        settings = settings or StoreSettings()
        if path is not None:
            settings = dataclasses.replace(settings, path=str(path))
        backend = await open_backend(settings)
        store = cls(backend, settings, clock or _wall_clock_ms)
        try:
            await backend.migrate(migrations_dir)
            if settings.verify_on_open:
                await store.verify_books()
        except BaseException:
            await backend.close()
            raise
        return store

    async def close(self) -> None:
        await self.backend.close()

    async def backup(self, target: str | Path) -> int:
        """A consistent copy of the whole database at ``target``, taken while the bot runs
        (SQLite's online backup); returns its size in bytes."""
        backup = getattr(self.backend, "backup", None)
        if backup is None:
            raise StoreError(f"the {getattr(self.backend, 'name', '?')} backend has no online "
                             "backup here; use its own tools")
        size: int = await backup(Path(target))
        return size

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def now_ms(self) -> int:
        return self._clock()

    def _checkpoint(self, name: str) -> None:
        if self.fault_hook is not None:
            self.fault_hook(name)

    @property
    def _defaults(self) -> GuildSettings:
        return GuildSettings(
            starting_chips=self.settings.starting_chips, daily_amount=self.settings.daily_amount,
            computer_level=self.settings.computer_level, afk_level=self.settings.afk_level,
        )

    # -- guild settings --------------------------------------------------------------------

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.backend.read("reading guild settings") as tx:
            return await ledger.guild_settings(tx, guild_id, self._defaults)

    async def set_guild_setting(
        self, guild_id: int, key: str, value: Any, *, actor_id: int | None = None
    ) -> GuildSettings:
        """Set one setting (validated: type and range); returns the guild's settings after."""
        check_guild_setting(key, value)
        async with self.backend.write(f"setting {key}") as tx:
            await ledger.lock_guild(tx, guild_id)
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at, updated_by) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, key) DO UPDATE SET "
                "value = excluded.value, updated_at = excluded.updated_at, "
                "updated_by = excluded.updated_by",
                (guild_id, key, json.dumps(value), self.now_ms(), actor_id),
            )
            return await ledger.guild_settings(tx, guild_id, self._defaults)

    # -- accounts and chips ----------------------------------------------------------------

    async def balance(self, ref: AccountRef) -> int:
        """A player's chips (opening their account with the starting chips on first use),
        or the house's (may be negative)."""
        ledger.check_ref(ref)
        async with self.backend.read("reading a balance") as tx:
            found = await queries.balance(tx, ref)
        if found is not None:
            return found
        async with self.backend.write("opening an account") as tx:
            await ledger.lock_guild(tx, ref.guild_id)
            return (await ledger.open_account(tx, ref, self.now_ms(), self._defaults)).balance

    async def balances(self, refs: Sequence[AccountRef]) -> list[int]:
        """Balances of several accounts (opening missing player accounts), in order."""
        for ref in refs:
            ledger.check_ref(ref)
        async with self.backend.read("reading balances") as tx:
            found = [await queries.balance(tx, ref) for ref in refs]
        if all(f is not None for f in found):
            return [int(f or 0) for f in found]
        out = []
        async with self.backend.write("opening accounts") as tx:
            for guild_id in sorted({ref.guild_id for ref in refs}):
                await ledger.lock_guild(tx, guild_id)
            for ref in refs:
                acc = await ledger.open_account(tx, ref, self.now_ms(), self._defaults)
                out.append(acc.balance)
        return out

    async def claim_daily(self, ref: AccountRef) -> ClaimResult:
        """/daily: the guild's daily amount once per UTC day (AlreadyClaimed otherwise)."""
        ledger.check_ref(ref)
        now = self.now_ms()
        async with self.backend.write("claiming daily chips") as tx:
            await ledger.lock_guild(tx, ref.guild_id)
            amount, bal = await ledger.claim_daily(tx, ref, now, self._defaults)
            self._checkpoint("daily:before_commit")
        return ClaimResult(amount, bal, ledger.next_utc_midnight_ms(now))

    async def grant(
        self, ref: AccountRef, amount: int, *, actor_id: int, reason: str, idem_key: str | None = None
    ) -> int:
        """An admin creates chips for a player; returns the new balance.  With ``idem_key``
        (e.g. the interaction id) a retried command grants once."""
        return await self._adjust(ref, ledger.check_amount(amount, "the grant"), actor_id, reason, idem_key)

    async def remove(
        self, ref: AccountRef, amount: int, *, actor_id: int, reason: str, idem_key: str | None = None
    ) -> int:
        """An admin removes chips (InsufficientChips if the player has fewer)."""
        return await self._adjust(ref, -ledger.check_amount(amount, "the removal"), actor_id, reason, idem_key)

    async def _adjust(
        self, ref: AccountRef, amount: int, actor_id: int, reason: str, idem_key: str | None
    ) -> int:
        ledger.check_ref(ref)
        reason = ledger.check_reason(reason)
        if isinstance(actor_id, bool) or not isinstance(actor_id, int) or actor_id <= 0:
            raise InvalidInput(f"the admin's user id is required, not {actor_id!r}")
        if idem_key is not None and (not isinstance(idem_key, str) or not idem_key or len(idem_key) > 100):
            raise InvalidInput("idem_key must be a short non-empty text")
        key = f"admin:{idem_key}" if idem_key else None
        async with self.backend.write("adjusting chips") as tx:
            await ledger.lock_guild(tx, ref.guild_id)
            _txn, bal = await ledger.admin_adjust(
                tx, ref, amount, actor_id=actor_id, reason=reason, idem_key=key,
                now_ms=self.now_ms(), defaults=self._defaults,
            )
            self._checkpoint("adjust:before_commit")
        return bal

    async def current_season(self, guild_id: int) -> int:
        async with self.backend.read("reading the season") as tx:
            return await ledger.current_season(tx, guild_id)

    async def reset_season(self, guild_id: int, *, actor_id: int | None = None) -> int:
        """Start a new season: closing balances kept, players back to the starting chips,
        the house back to 0.  Returns the new season's number."""
        async with self.backend.write("resetting the season") as tx:
            await ledger.lock_guild(tx, guild_id)
            return await ledger.reset_season(
                tx, guild_id, actor_id=actor_id, now_ms=self.now_ms(), defaults=self._defaults
            )

    # -- settlements -----------------------------------------------------------------------

    async def settle_hand(
        self,
        game_id: str,
        hand_no: int,
        seat_accounts: Sequence[AccountRef],
        payments: Sequence[PaymentIn],
        stats: HandStats | None = None,
        *,
        events: Sequence[Mapping[str, Any]] = (),
        first_seq: int | None = None,
        cover: Sequence[int | None] | None = None,
    ) -> SettleResult:
        """Settle hand ``hand_no`` of ``game_id`` once.  A second call with the same (game,
        hand) changes nothing and returns the first result with ``already_settled=True``.
        ``events`` (e.g. the hand's final event) are appended to table ``game_id`` in the
        same transaction.  ``cover`` (per seat): what each seat had at stake when the hand
        started — it wins at most that from each payer, and a computer seat pays at most its
        own (以小博大); without it the house pays in full and winnings are not capped."""
        return await self._settle(
            "hand_settlement", f"hand:{game_id}:{hand_no}", game_id, hand_no,
            seat_accounts, payments, stats, events, first_seq, cover,
        )

    async def append_events_and_settle(
        self,
        table_id: str,
        events: Sequence[Mapping[str, Any]],
        first_seq: int | None,
        settlement: HandSettlement,
    ) -> SettleResult:
        """The hand's final event(s) and its ledger settlement, in one transaction."""
        return await self.settle_hand(
            table_id, settlement.hand_no, settlement.seat_accounts, settlement.payments,
            settlement.stats, events=events, first_seq=first_seq,
        )

    async def pay_kong(
        self,
        game_id: str,
        hand_no: int,
        kong_no: int,
        seat_accounts: Sequence[AccountRef],
        payments: Sequence[PaymentIn],
        *,
        events: Sequence[Mapping[str, Any]] = (),
        first_seq: int | None = None,
    ) -> SettleResult:
        """A kong paid at once (for presets that pay kongs when made), once per
        (game, hand, kong_no)."""
        if isinstance(kong_no, bool) or not isinstance(kong_no, int) or kong_no < 0:
            raise InvalidInput(f"kong number must be a whole number ≥ 0, not {kong_no!r}")
        return await self._settle(
            "kong_payment", f"kong:{game_id}:{hand_no}:{kong_no}", game_id, hand_no,
            seat_accounts, payments, None, events, first_seq,
        )

    async def _settle(
        self,
        kind: str,
        idem_key: str,
        game_id: str,
        hand_no: int,
        seat_accounts: Sequence[AccountRef],
        payments: Sequence[PaymentIn],
        stats: HandStats | None,
        events: Sequence[Mapping[str, Any]],
        first_seq: int | None,
        cover: Sequence[int | None] | None = None,
    ) -> SettleResult:
        seat_accounts = tuple(seat_accounts)
        payments = tuple(payments)
        guild_id = ledger.check_settlement(game_id, hand_no, seat_accounts, payments, stats)
        cover = ledger.check_cover(cover, len(seat_accounts))
        now = self.now_ms()
        async with self.backend.write(f"settling {game_id} hand {hand_no}") as tx:
            # before any read: the balances this settlement computes with are the latest
            await ledger.lock_guild(tx, guild_id)
            season = await ledger.current_season(tx, guild_id)
            # accounts first: a new player's starting chips come before their first hand
            accounts = await ledger.open_accounts(tx, guild_id, seat_accounts, now, self._defaults)
            txn_id = await ledger.insert_txn(
                tx, guild_id=guild_id, kind=kind, idem_key=idem_key, season=season,
                now_ms=now, game_id=game_id, hand_no=hand_no,
            )
            if txn_id is None:
                done = await ledger.load_settlement(tx, idem_key, seat_accounts)
                assert done is not None
                return done
            if events:
                await games.append_events(tx, game_id, events, first_seq, now)
            self._checkpoint("settle:after_events")
            result = await ledger.settle(
                tx, kind=kind, idem_key=idem_key, game_id=game_id, hand_no=hand_no,
                guild_id=guild_id, seat_accounts=seat_accounts, payments=payments, stats=stats,
                txn_id=txn_id, season=season, accounts=accounts, cover=cover,
            )
            self._checkpoint("settle:before_commit")
        return result

    # -- reading the books -----------------------------------------------------------------

    async def history(
        self, ref: AccountRef, limit: int = 20, before_txn: int | None = None
    ) -> list[HistoryItem]:
        """A player's (or the house's) movements, newest first; page with ``before_txn``."""
        ledger.check_ref(ref)
        async with self.backend.read("reading history") as tx:
            return await queries.history(tx, ref, limit, before_txn)

    async def leaderboard(
        self,
        guild_id: int,
        by: str = "chips",
        *,
        season: int | None = None,
        limit: int = 10,
        min_hands: int = 20,
    ) -> list[LeaderRow]:
        """``by``: chips, net, win_rate (value in millionths; min_hands), best_hand."""
        async with self.backend.read("reading a leaderboard") as tx:
            return await queries.leaderboard(
                tx, guild_id, by, season=season, limit=limit, min_hands=min_hands
            )

    async def user_stats(self, ref: AccountRef, season: int | None = None) -> UserStats:
        ledger.check_ref(ref)
        async with self.backend.read("reading statistics") as tx:
            return await queries.user_stats(tx, ref, season)

    async def guild_totals(self, guild_id: int) -> dict[str, int]:
        """Balances summed by kind: ``user + house == -mint`` == chips created in the guild."""
        async with self.backend.read("reading totals") as tx:
            return await queries.guild_totals(tx, guild_id)

    async def table_scores(self, game_id: str, seats: int = 4) -> list[int]:
        """Chips each seat actually won or lost at a table (all its settled hands and kongs)."""
        async with self.backend.read("reading table scores") as tx:
            rows = await tx.fetchall(
                "SELECT e.seat, SUM(e.amount) FROM ledger_entries e "
                "JOIN ledger_txns t ON t.id = e.txn_id "
                "WHERE t.game_id = ? AND t.kind IN ('hand_settlement', 'kong_payment') "
                "AND e.seat IS NOT NULL GROUP BY e.seat",
                (game_id,),
            )
        out = [0] * seats
        for seat, total in rows:
            if 0 <= int(seat) < seats:
                out[int(seat)] = int(total)
        return out

    async def verify_books(self) -> None:
        """BooksOutOfBalance (listing the problems) unless every transaction sums to zero
        and every balance equals the sum of its entries."""
        async with self.backend.read("checking the books") as tx:
            problems = await queries.verify_books(tx)
        if problems:
            raise BooksOutOfBalance(
                "the chip ledger does not balance: " + "; ".join(problems[:5])
                + ". Stop the bot and restore the database from a backup, or ask a developer.",
                problems,
            )

    # -- the game store --------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        preset: str,
        options: Mapping[str, Any] | None = None,
        seats: Any = (),
        status: str = "waiting",
        table_id: str | None = None,
    ) -> str:
        """A new table's metadata; returns its id (generated unless given)."""
        async with self.backend.write("creating a table") as tx:
            return await games.create_table(
                tx, table_id=table_id, guild_id=guild_id, channel_id=channel_id, preset=preset,
                options=options or {}, seats=seats, status=status, now_ms=self.now_ms(),
            )

    async def get_table(self, table_id: str) -> TableRecord:
        async with self.backend.read("reading a table") as tx:
            return await games.get_table(tx, table_id)

    async def update_table(
        self,
        table_id: str,
        *,
        status: str | None = None,
        seats: Any = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        async with self.backend.write("updating a table") as tx:
            await games.update_table(
                tx, table_id, now_ms=self.now_ms(), status=status, seats=seats, options=options
            )

    async def finish_table(
        self, table_id: str, *, status: str = "finished", result: Mapping[str, Any] | None = None
    ) -> None:
        if status not in ("finished", "abandoned"):
            raise InvalidInput(f"a table finishes as 'finished' or 'abandoned', not {status!r}")
        async with self.backend.write("finishing a table") as tx:
            await tx.lock(f"table:{table_id}")  # as save_hand_message: no row saved after this
            await games.update_table(tx, table_id, now_ms=self.now_ms(), status=status, result=result)
            await games.forget_hand_messages(tx, table_id)

    async def append_events(
        self, table_id: str, events: Sequence[Mapping[str, Any]], first_seq: int | None = None
    ) -> int:
        """Append events (seq first_seq, first_seq+1 …); returns the next free seq.  With
        ``first_seq`` given, an append that was already stored is refused (DuplicateEvent)."""
        payloads = games.event_payloads(table_id, events, first_seq)
        return await self.appender.append(table_id, payloads, first_seq)

    async def load_events(self, table_id: str, after_seq: int = -1) -> list[dict[str, Any]]:
        """The table's events in order (those after ``after_seq``)."""
        async with self.backend.read("loading events") as tx:
            return await games.load_events(tx, table_id, after_seq)

    async def list_unfinished(self, guild_id: int | None = None) -> list[TableRecord]:
        """Tables still waiting or playing (to rebuild from their events after a restart)."""
        async with self.backend.read("listing tables") as tx:
            return await games.list_unfinished(tx, guild_id)

    async def save_hand_message(
        self, table_id: str, user_id: int, channel_id: int, message_id: int
    ) -> bool:
        """Where a person's hand lives for a table: their DM's channel and message id (an
        upsert: a new DM replaces the one kept). False, nothing written, for a table that is
        unknown or has ended. Written once per new DM, not per edit."""
        async with self.backend.write("keeping a hand message") as tx:
            return await games.save_hand_message(
                tx, table_id, user_id, channel_id, message_id, self.now_ms())

    async def hand_messages(self, table_ids: Sequence[str]) -> dict[str, dict[int, tuple[int, int]]]:
        """table → person → (DM channel id, message id) for the tables given (resuming them)."""
        async with self.backend.read("reading hand messages") as tx:
            return await games.hand_messages(tx, table_ids)

    async def forget_hand_messages(self, table_id: str) -> int:
        """Delete a table's hand messages (``finish_table`` does it with the table's end)."""
        async with self.backend.write("forgetting hand messages") as tx:
            return await games.forget_hand_messages(tx, table_id)

    async def try_lease(self, name: str) -> bool:
        """Hold ``name`` (e.g. ``table:<id>``) for this process: True if it is now held here,
        False if another process (or an earlier call here) holds it.  Released by
        :meth:`release_lease`, or by the database when this process ends, however it ends."""
        return await self.backend.try_lease(name)

    async def release_lease(self, name: str) -> None:
        await self.backend.release_lease(name)

    async def leases_intact(self) -> bool:
        """Whether every lease this process took is still its own (see the backends)."""
        return await self.backend.leases_intact()

    async def run_read(self, fn: Callable[[Tx], Any]) -> Any:
        """Run ``await fn(tx)`` in a read snapshot (for ad-hoc reports and tests)."""
        async with self.backend.read("reading") as tx:
            return await fn(tx)
