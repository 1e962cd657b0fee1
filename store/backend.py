"""The small interface between the store's logic and one database engine.

Everything above this line (ledger, games, queries) speaks only :class:`Tx`, with portable
SQL: ``?`` placeholders (a PostgreSQL backend rewrites them to ``$1, $2 …``), ``INSERT … ON
CONFLICT … DO NOTHING / DO UPDATE``, ``RETURNING``, ``LIMIT ?``, integer arithmetic.  Engine
specific statements (PRAGMAs, ``BEGIN IMMEDIATE``) live only in a backend's own module.

Writes that read before they decide are serialised: SQLite makes every ``write()`` exclusive
(one writer connection, an asyncio lock and ``BEGIN IMMEDIATE``); PostgreSQL runs writes
concurrently and the store names what it is about to read and change with ``Tx.lock(key)``
(an advisory lock per guild or table, held to the end of the transaction).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

Row = tuple[Any, ...]


class Tx(Protocol):
    """One open transaction (or read snapshot)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def lock(self, key: str) -> None:
        """Hold the lock named ``key`` until this transaction ends.  A write takes it before
        reading what it will decide on (``guild:<id>`` before reading balances, ``table:<id>``
        before reading a table's log), so concurrent writers — other processes included —
        run one after the other there.  SQLite: nothing to do, a write already holds the
        whole database; PostgreSQL: a transaction-scoped advisory lock."""
        ...

    async def lock_many(self, keys: Sequence[str]) -> None:
        """:meth:`lock` on every key, in one statement, always in the same (sorted) order so
        that two transactions locking overlapping keys never wait for each other in a ring."""
        ...


class Backend(Protocol):
    """A database the store can run on."""

    name: str

    def write(self, what: str) -> AbstractAsyncContextManager[Tx]:
        """One serialised read-write transaction: committed on normal exit, rolled back on
        any exception.  ``what`` names the operation in error messages."""
        ...

    def read(self, what: str) -> AbstractAsyncContextManager[Tx]:
        """A consistent read-only snapshot of committed data."""
        ...

    async def try_lease(self, key: str) -> bool:
        """Hold ``key`` for as long as this process runs (or until released): True if it is
        now held here, False if another process holds it."""
        ...

    async def release_lease(self, key: str) -> None: ...

    async def leases_intact(self) -> bool:
        """Whether every lease taken here is still held (a lease lives on a connection, which
        a database restart ends)."""
        ...

    async def migrate(self, directory: Path) -> list[int]:
        """Apply the numbered migrations not yet applied; returns the versions applied."""
        ...

    async def close(self) -> None: ...
