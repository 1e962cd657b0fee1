"""Event appends of many tables, committed together (group commit).

Every move of every table appends to the game log, and every append is a write transaction:
BEGIN, read the end of the log, insert, touch the table, COMMIT. Writes go one at a time (a
SQLite database has one writer; on PostgreSQL each table's log is locked), and each statement
is a trip to the database thread (aiosqlite) or server (asyncpg) and back through the event
loop. With hundreds of tables playing, the appends queued behind each other: at 250 tables a
move waited ~0.6 s for its turn to be written, most of the delay people saw.

So appends that arrive while a transaction is being written wait for the next one and are
written together in it, in the same five statements whatever their number
(:func:`store.games.append_batch`). Each caller is answered when that transaction has
committed (its events are on disk, as before), with its table's next sequence number or the
refusal it would have had alone — a refused append never holds back the others. Should the
statements themselves fail, each append of the batch is tried again alone, so that each gets
its own answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from store import games
from store.backend import Backend
from store.errors import StoreError

Waiting = tuple[str, list[str], int | None, "asyncio.Future[int]"]

# appends written in one transaction at most (SQLite allows 32,766 bound values; an append
# binds four per event)
MAX_BATCH = 200


class EventAppender:
    def __init__(self, backend: Backend, clock: Callable[[], int]) -> None:
        self.backend = backend
        self.clock = clock
        self._waiting: list[Waiting] = []
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0  # transactions written (figures and tests)
        self.appends = 0  # appends answered by them

    async def append(self, table_id: str, payloads: list[str], first_seq: int | None) -> int:
        """Append ``payloads`` (checked by :func:`games.event_payloads`) to ``table_id``'s log;
        the next free seq once committed."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.append((table_id, payloads, first_seq, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_all())
        # the write goes on if the caller is cancelled (as a COMMIT already sent would)
        return await asyncio.shield(future)

    async def _write_all(self) -> None:
        try:
            while self._waiting:
                batch: list[Waiting] = []
                later: list[Waiting] = []
                seen: set[str] = set()
                for item in self._waiting:
                    if item[0] in seen or len(batch) >= MAX_BATCH:
                        later.append(item)  # one append per table and transaction
                    else:
                        seen.add(item[0])
                        batch.append(item)
                self._waiting = later
                await self._write(batch)
        except BaseException as exc:
            # cancelled (the store is closing): nobody may wait for ever
            for *_rest, future in self._waiting:
                if not future.done():
                    future.set_exception(StoreError(f"the store closed before the append ({exc!r})"))
            self._waiting = []
            raise

    async def _write(self, batch: list[Waiting]) -> None:
        items = [(t, p, f) for t, p, f, _fut in batch]
        try:
            async with self.backend.write(f"appending events to {len(batch)} table(s)") as tx:
                results: list[int | StoreError] = await games.append_batch(
                    tx, items, self.clock())
        except Exception as exc:
            if len(batch) == 1:
                if not batch[0][3].done():
                    batch[0][3].set_exception(exc)
                return
            # the statements failed (not one append's refusal): each alone, for its own answer
            for one in batch:
                await self._write([one])
            return
        self.batches += 1
        self.appends += len(batch)
        for (_t, _p, _f, future), result in zip(batch, results, strict=True):
            if future.done():
                continue
            if isinstance(result, StoreError):
                future.set_exception(result)
            else:
                future.set_result(result)
