"""Failures: a locked database, a full disk, bad rows, errors half-way — typed errors with a
message a person can act on, and nothing half-written."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from store import (
    BooksOutOfBalance,
    ConstraintViolation,
    CorruptRow,
    DatabaseBusy,
    HandStats,
    PaymentIn,
    StorageFailure,
    StorageFull,
    Store,
    StoreSettings,
)
from store.ledger import EntryIn, insert_entries, insert_txn
from store.postgres_backend import LOCK_KEY, to_dollar_params
from store.sqlite_backend import SqliteBackend
from tests.store.conftest import GUILD, FakeClock, house, raw_execute, snapshot, user


async def one(tx, sql: str) -> int:
    row = await tx.fetchone(sql)
    assert row is not None
    return int(row[0])


SEATS = (user(1), user(2), user(3), house())
PAYS = [PaymentIn(p, 0, 10) for p in (1, 2, 3)]


@pytest.mark.sqlite_only
async def test_a_locked_database_gives_a_busy_error_and_writes_nothing(
    settings: StoreSettings, clock: FakeClock
):
    s = await Store.open(settings=StoreSettings(**{**settings.__dict__, "busy_timeout_ms": 150}), clock=clock)
    try:
        await s.balance(user(1))
        before = await snapshot(s)
        other = sqlite3.connect(settings.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            with pytest.raises(DatabaseBusy) as err:
                await s.settle_hand("g", 0, SEATS, PAYS)
            assert "locked" in err.value.message and "second copy" in err.value.message
            assert err.value.code == "store.busy"
            # readers are not blocked by a writer (WAL)
            assert await s.leaderboard(GUILD) != []
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert await snapshot(s) == before
        r = await s.settle_hand("g", 0, SEATS, PAYS)  # the same call works once the lock is gone
        assert not r.already_settled
    finally:
        await s.close()


@pytest.mark.postgresql_only
async def test_a_guild_locked_by_another_process_gives_a_busy_error_and_writes_nothing(
    settings: StoreSettings, clock: FakeClock
):
    # PostgreSQL: another process holds the guild's lock (as a second copy of the bot
    # settling a hand of the same guild would) for longer than the busy timeout
    import asyncpg

    s = await Store.open(settings=StoreSettings(**{**settings.__dict__, "busy_timeout_ms": 150}), clock=clock)
    try:
        await s.balance(user(1))
        before = await snapshot(s)
        other = await asyncpg.connect(settings.database_url,
                                      server_settings={"search_path": settings.database_schema or ""})
        await other.execute(f"SELECT pg_advisory_lock({to_dollar_params(LOCK_KEY)})", f"guild:{GUILD}")
        try:
            with pytest.raises(DatabaseBusy) as err:
                await s.settle_hand("g", 0, SEATS, PAYS)
            assert "locked" in err.value.message and "second copy" in err.value.message
            # readers are not blocked by a writer
            assert await s.leaderboard(GUILD) != []
        finally:
            await other.close()
        assert await snapshot(s) == before
        r = await s.settle_hand("g", 0, SEATS, PAYS)  # the same call works once the lock is gone
        assert not r.already_settled
    finally:
        await s.close()


@pytest.mark.sqlite_only
async def test_a_full_disk_gives_a_clear_error_and_writes_nothing(store: Store):
    table = await store.create_table(guild_id=GUILD, channel_id=1, preset="p", table_id="t")
    await store.settle_hand("t", 0, SEATS, PAYS)
    before = await snapshot(store)
    backend = store.backend
    assert isinstance(backend, SqliteBackend)
    cap = await backend.set_max_page_count(1)  # cannot go below the current size: "no growth"
    big = {"type": "hand_end", "log": "x" * 200_000}
    with pytest.raises(StorageFull) as err:
        await store.settle_hand("t", 1, SEATS, PAYS, HandStats((0,), True), events=[big], first_seq=0)
    assert "full" in err.value.message and "Free disk space" in err.value.message
    assert await snapshot(store) == before
    await store.verify_books()
    await backend.set_max_page_count(cap + 1000)
    r = await store.settle_hand(table, 1, SEATS, PAYS, HandStats((0,), True), events=[big], first_seq=0)
    assert not r.already_settled
    await store.verify_books()


async def test_an_unreachable_server_gives_a_clear_error():
    settings = StoreSettings(database_url="postgresql://nobody:secret@127.0.0.1:9/none")
    with pytest.raises(StorageFailure, match="server is running") as err:
        await Store.open(settings=settings)
    assert "secret" not in err.value.message


async def test_a_statement_caught_half_way_by_a_server_restart_is_a_storage_failure():
    """asyncpg reports a statement on a connection the server has just ended (a restart)
    as an InternalClientError ("cannot switch to state …"): that is a lost connection —
    a StorageFailure, which a table's move retries — not an unknown error that escapes."""
    import asyncpg

    from store.postgres_backend import PgTx
    from tables.durable import TRANSIENT

    class Ended:
        async def execute(self, *args: object) -> None:
            raise asyncpg.InternalClientError(
                "cannot switch to state 12; another operation (2) is in progress")

    with pytest.raises(StorageFailure, match="server is running") as err:
        await PgTx(Ended(), "appending events", "postgresql://u:pw@db/x").execute("SELECT 1")
    assert isinstance(err.value, TRANSIENT) and "pw" not in err.value.message


async def test_a_connection_the_server_ended_after_the_statement_does_not_fail_it():
    """Giving a connection back to the pool resets it: on a connection the server has just
    ended (a restart) that fails. The statement was done (a commit answered stands), so its
    caller gets its rows — not an error for work that was done (a forwarded click taken but
    reported lost would be answered by nobody)."""
    import asyncpg

    from store.postgres_backend import PostgresBackend

    class Conn:
        async def fetch(self, sql: str, *params: object) -> list[tuple[int]]:
            return [(7,)]

    class Pool:
        released = 0

        async def acquire(self) -> Conn:
            return Conn()

        async def release(self, conn: Conn) -> None:
            self.released += 1
            raise asyncpg.InternalClientError(
                "cannot switch to state 15; another operation (2) is in progress")

    pool = Pool()
    backend = PostgresBackend("postgresql://db/x", pool, None)
    assert await backend.statement("taking a forwarded click", "SELECT 7") == [(7,)]
    assert pool.released == 1


def test_a_database_url_that_is_not_postgresql_is_refused():
    with pytest.raises(ValueError, match="postgresql://"):
        StoreSettings.from_env({"MAHJONG_DATABASE_URL": "mysql://x/y"})


async def test_not_a_database_file(tmp_path: Path):
    bad = tmp_path / "junk.db"
    bad.write_bytes(b"this is not a database, it is a shopping list" * 100)
    with pytest.raises(StorageFailure, match="restore from a backup"):
        await Store.open(bad)


async def test_a_damaged_event_row_is_reported_with_where_it_is(store: Store, settings: StoreSettings):
    await store.create_table(guild_id=GUILD, channel_id=1, preset="p", table_id="t")
    await store.append_events("t", [{"type": "a"}, {"type": "b"}], 0)
    await raw_execute(settings, "UPDATE game_events SET payload = '{broken' WHERE seq = 1")
    with pytest.raises(CorruptRow, match=r"table t: event 1 is not valid JSON"):
        await store.load_events("t")


async def test_a_damaged_setting_row_is_reported(store: Store, settings: StoreSettings):
    await raw_execute(settings, "INSERT INTO guild_settings VALUES (?, 'stake', '\"lots\"', 0, NULL)", GUILD)
    with pytest.raises(CorruptRow, match="set it again"):
        await store.get_guild_settings(GUILD)


async def test_tampered_books_stop_start_up(settings: StoreSettings, clock: FakeClock):
    s = await Store.open(settings=settings, clock=clock)
    await s.settle_hand("g", 0, SEATS, PAYS)
    await s.close()
    await raw_execute(settings, "UPDATE accounts SET balance = balance + 5 WHERE kind = 'user' AND user_id = 1")
    with pytest.raises(BooksOutOfBalance) as err:
        await Store.open(settings=settings, clock=clock)
    assert "entries sum to" in err.value.message and "restore" in err.value.message


async def test_the_database_refuses_a_player_below_zero(store: Store):
    await store.balance(user(1))
    before = await snapshot(store)

    with pytest.raises(ConstraintViolation, match="Nothing was written"):
        async with store.backend.write("a buggy transfer") as tx:
            txn = await insert_txn(tx, guild_id=GUILD, kind="admin_grant", idem_key=None, season=1,
                                   now_ms=0, actor_id=1, reason="bug")
            assert txn is not None
            acc = await one(tx, "SELECT id FROM accounts WHERE user_id = 1")
            hs = await one(tx, "SELECT id FROM accounts WHERE kind = 'mint'")
            await insert_entries(tx, txn, [EntryIn(acc, -5000, -5000), EntryIn(hs, 5000, 5000)])
    assert await snapshot(store) == before


async def test_entries_that_do_not_sum_to_zero_are_refused(store: Store):
    await store.balance(user(1))
    before = await snapshot(store)
    with pytest.raises(BooksOutOfBalance):
        async with store.backend.write("a bad transaction") as tx:
            txn = await insert_txn(tx, guild_id=GUILD, kind="admin_grant", idem_key=None, season=1,
                                   now_ms=0, actor_id=1, reason="bug")
            assert txn is not None
            acc = await one(tx, "SELECT id FROM accounts WHERE user_id = 1")
            await insert_entries(tx, txn, [EntryIn(acc, 5, 5)])
    assert await snapshot(store) == before


@pytest.mark.parametrize("point", ["settle:after_events", "settle:before_commit"])
async def test_an_error_half_way_through_a_settlement_leaves_nothing(store: Store, point: str):
    await store.create_table(guild_id=GUILD, channel_id=1, preset="p", table_id="t")
    await store.balance(user(1))
    before = await snapshot(store)

    def boom(where: str) -> None:
        if where == point:
            raise RuntimeError("power cut")

    store.fault_hook = boom
    with pytest.raises(RuntimeError):
        await store.settle_hand("t", 0, SEATS, PAYS, events=[{"type": "hand_end"}], first_seq=0)
    assert await snapshot(store) == before
    store.fault_hook = None
    assert not (await store.settle_hand("t", 0, SEATS, PAYS, events=[{"type": "hand_end"}], first_seq=0)).already_settled


async def test_a_settlement_cancelled_half_way_leaves_nothing(store: Store):
    await store.balance(user(1))
    before = await snapshot(store)

    def cancel_me(where: str) -> None:
        if where == "settle:after_events":
            task = asyncio.current_task()
            assert task is not None
            task.cancel()

    store.fault_hook = cancel_me
    with pytest.raises(asyncio.CancelledError):
        await asyncio.create_task(store.settle_hand("g", 0, SEATS, PAYS))
    store.fault_hook = None
    assert await snapshot(store) == before
    assert not (await store.settle_hand("g", 0, SEATS, PAYS)).already_settled


async def test_a_settlement_cancelled_at_commit_is_all_or_nothing(store: Store):
    # cancelled while COMMIT is in flight, the caller cannot know the outcome; what matters is
    # that it is whole or absent, and that the retry (idempotent) tells which
    await store.balance(user(1))

    def cancel_me(where: str) -> None:
        if where == "settle:before_commit":
            task = asyncio.current_task()
            assert task is not None
            task.cancel()

    store.fault_hook = cancel_me
    with pytest.raises(asyncio.CancelledError):
        await asyncio.create_task(store.settle_hand("g", 0, SEATS, PAYS))
    store.fault_hook = None
    await store.verify_books()
    retry = await store.settle_hand("g", 0, SEATS, PAYS)
    assert retry.deltas == (30, -10, -10, -10)
    assert await store.balance(user(1)) == 1030
    await store.verify_books()
