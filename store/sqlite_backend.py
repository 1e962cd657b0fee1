"""The SQLite backend (aiosqlite): the only module with SQLite-specific statements.

Two connections to one file:

* the writer: every write goes through it, one at a time (an asyncio lock in this process,
  ``BEGIN IMMEDIATE`` against other processes, which waits up to ``busy_timeout``);
* the reader: leaderboards and history read a WAL snapshot without waiting for writers.

Both run with WAL, foreign keys on, and ``synchronous=FULL`` by default (a committed
settlement survives a power cut, not only a crash of the bot).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from store.backend import Row
from store.errors import StorageFailure, StoreError, from_sqlite

_SYNC_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")


def _identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``; None when there is none (or ``:memory:``)."""
    if path == ":memory:":
        return None
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)


def _create_private(path: str) -> None:
    """Create the database file readable by its owner only (0600): it holds every dealt hand
    and every balance. An existing file keeps its mode."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return
    except OSError:
        return  # SQLite reports the real problem when it opens the path
    os.close(fd)


class SqliteTx:
    """A Tx over one aiosqlite connection; translates sqlite3 errors to StoreError."""

    def __init__(self, conn: aiosqlite.Connection, what: str, path: str) -> None:
        self._conn = conn
        self._what = what
        self._path = path

    def _error(self, exc: sqlite3.Error) -> StoreError:
        return from_sqlite(exc, self._what, self._path)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        # one round trip to the worker thread; the row count comes from total_changes, which
        # is exact because a connection is only ever used by one transaction at a time
        before = self._conn.total_changes
        try:
            await self._conn.execute_fetchall(sql, params)
        except sqlite3.Error as exc:
            raise self._error(exc) from exc
        return self._conn.total_changes - before

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise self._error(exc) from exc

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            rows = await self._conn.execute_fetchall(sql, params)
        except sqlite3.Error as exc:
            raise self._error(exc) from exc
        for row in rows:
            return tuple(row)
        return None

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            rows = await self._conn.execute_fetchall(sql, params)
        except sqlite3.Error as exc:
            raise self._error(exc) from exc
        return [tuple(r) for r in rows]

    async def lock(self, key: str) -> None:
        # a write transaction already holds SQLite's single write lock (BEGIN IMMEDIATE)
        return None

    async def lock_many(self, keys: Sequence[str]) -> None:
        return None


class SqliteBackend:
    name = "sqlite"

    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection | None) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._identity: tuple[int, int] | None = None  # (device, inode) of the file opened
        # leases are kept in this process only: a SQLite ledger serves one bot process
        # (several sharded processes need PostgreSQL, where leases are advisory locks)
        self._leases: set[str] = set()

    @classmethod
    async def connect(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int = 5000,
        synchronous: str = "FULL",
        max_page_count: int | None = None,
    ) -> SqliteBackend:
        spath = str(path)
        sync = synchronous.upper()
        if sync not in _SYNC_MODES:
            raise StoreError(f"synchronous must be one of {', '.join(_SYNC_MODES)}, not {synchronous!r}")
        if spath != ":memory:":
            Path(spath).parent.mkdir(parents=True, exist_ok=True)
            _create_private(spath)
        writer = await cls._open(spath, busy_timeout_ms, sync, max_page_count, "opening the database")
        reader = None
        if spath != ":memory:":
            try:
                reader = await cls._open(spath, busy_timeout_ms, sync, None, "opening the database")
                # the reader never writes; a bug that tries is refused by SQLite itself
                await reader.execute("PRAGMA query_only = ON")
            except BaseException:
                await writer.close()
                raise
        backend = cls(spath, writer, reader)
        backend._identity = _identity(spath)
        return backend

    @staticmethod
    async def _open(
        path: str, busy_timeout_ms: int, sync: str, max_page_count: int | None, what: str
    ) -> aiosqlite.Connection:
        try:
            # isolation_level=None: no implicit BEGIN; transactions are explicit below
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise from_sqlite(exc, what, path) from exc
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cur = await conn.execute("PRAGMA journal_mode = WAL")
            mode = await cur.fetchone()
            await cur.close()
            if path != ":memory:" and (mode is None or str(mode[0]).lower() != "wal"):
                raise StorageFailure(
                    f"{what}: {path} could not be switched to WAL mode (got {mode}); is it on a "
                    "network file system? Put the database on a local disk."
                )
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute(f"PRAGMA synchronous = {sync}")
            if max_page_count is not None:
                await conn.execute(f"PRAGMA max_page_count = {int(max_page_count)}")
            # a wrong file (not a database) fails here rather than in the first query
            await conn.execute("SELECT count(*) FROM sqlite_master")
        except sqlite3.Error as exc:
            await conn.close()
            raise from_sqlite(exc, what, path) from exc
        except BaseException:
            await conn.close()
            raise
        return conn

    async def set_max_page_count(self, pages: int) -> int:
        """Cap the file size of the writer (SQLite PRAGMA max_page_count); returns the cap."""
        async with self._write_lock:
            cur = await self._writer.execute(f"PRAGMA max_page_count = {int(pages)}")
            row = await cur.fetchone()
            await cur.close()
            return int(row[0]) if row else pages

    def check_file(self, what: str) -> None:
        """Refuse to write when the file opened is no longer the one at the path (deleted,
        or replaced): SQLite would write on into the unlinked file, and every commit since
        would be gone at the next start."""
        if self._identity is None:
            return
        now = _identity(self.path)
        if now != self._identity:
            raise StorageFailure(
                f"{what}: the database file {self.path} was "
                + ("deleted" if now is None else "replaced by another file")
                + " while the bot was running; nothing more is written. Restore it (or move "
                "the new one away) and restart the bot."
            )

    @asynccontextmanager
    async def write(self, what: str) -> AsyncIterator[SqliteTx]:
        async with self._write_lock:
            self.check_file(what)
            tx = SqliteTx(self._writer, what, self.path)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await self._rollback()
                raise
            try:
                # once COMMIT is queued it runs whatever happens to the caller; shielding it
                # keeps the lock held until it has, so the next writer starts after it
                await asyncio.shield(tx.execute("COMMIT"))
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        # SQLite rolls back by itself on some errors (SQLITE_FULL, IOERR): only roll back
        # what is still open.  A failing rollback must not hide the original error.
        try:
            if self._writer.in_transaction:
                await self._writer.execute("ROLLBACK")
        except (sqlite3.Error, ValueError):
            pass

    @asynccontextmanager
    async def read(self, what: str) -> AsyncIterator[SqliteTx]:
        if self._reader is None:  # ":memory:" has a single connection
            async with self.write(what) as tx:
                yield tx
            return
        async with self._read_lock:
            tx = SqliteTx(self._reader, what, self.path)
            await tx.execute("BEGIN")
            try:
                yield tx
            finally:
                try:
                    if self._reader.in_transaction:
                        await self._reader.execute("COMMIT")
                except (sqlite3.Error, ValueError):
                    pass

    async def try_lease(self, key: str) -> bool:
        if key in self._leases:
            return False
        self._leases.add(key)
        return True

    async def release_lease(self, key: str) -> None:
        self._leases.discard(key)

    async def leases_intact(self) -> bool:
        return True  # kept in this process: nothing can take them away

    async def backup(self, target: Path) -> int:
        """Copy the database to ``target`` with SQLite's online backup API while the bot
        runs; returns the copy's size in bytes.

        The copy is taken in one step from the reader connection: one read transaction, so
        it is a consistent snapshot, and in WAL mode writers carry on meanwhile. It is
        written beside ``target`` first and renamed into place once SQLite has checked it,
        so a backup cut short never leaves a half-written file under the final name.
        """
        target = Path(target)
        if self.path == ":memory:":
            raise StoreError("an in-memory database has no file to back up")
        if target.resolve() == Path(self.path).resolve():
            raise StoreError(f"the backup must go to another file than the database ({target})")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        _create_private(str(partial))  # a backup holds what the database holds: owner only
        source = self._reader or self._writer
        lock = self._read_lock if self._reader is not None else self._write_lock
        try:
            async with lock:
                dest = await aiosqlite.connect(str(partial))
                try:
                    await source.backup(dest)
                    cur = await dest.execute("PRAGMA integrity_check")
                    row = await cur.fetchone()
                    await cur.close()
                    # a backup is one self-contained file, whatever the source's journal
                    await dest.execute("PRAGMA journal_mode = DELETE")
                finally:
                    await dest.close()
            if row is None or str(row[0]) != "ok":
                raise StoreError(f"the backup at {partial} failed its integrity check: {row}")
            partial.replace(target)
        except sqlite3.Error as exc:
            raise from_sqlite(exc, "backing up the database", str(target)) from exc
        finally:
            partial.unlink(missing_ok=True)
        return target.stat().st_size

    async def migrate(self, directory: Path) -> list[int]:
        from store import migrations

        return await migrations.apply(self, directory, dialect=self.name)

    async def close(self) -> None:
        async with self._write_lock:
            for conn in (self._reader, self._writer):
                if conn is not None:
                    with suppress(sqlite3.Error, ValueError):
                        await conn.close()
