"""Writing a table's moves so that a failing database never freezes the table or loses a move.

A move is *stored, then applied*: the service applies it in memory, writes its events (and,
for the hand's last one, the settlement) and, if the write fails for good, puts the game back
as it was before the move (replayed from the events that are stored). A busy or failing
database is retried with back-off first (another process holding the write lock, a disk
hiccup); only when that does not help does the service give up on the move, tell the
players, keep the table's timers running and try again later — a settlement is never
skipped, because the hand cannot end in memory without it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from store.errors import (
    DatabaseBusy,
    DuplicateEvent,
    SequenceGap,
    StorageFailure,
    StorageFull,
    StoreError,
)
from tables.errors import TableError

log = logging.getLogger("mahjong.tables")

T = TypeVar("T")

# back-off between attempts, seconds (each attempt also waits the store's busy timeout)
BACKOFF = (0.05, 0.2, 0.5, 1.0)
# how long the service waits before trying a failed move of the table itself again
RETRY_LATER = 2.0
TRANSIENT = (DatabaseBusy, StorageFailure, StorageFull, SequenceGap, OSError)


class StorageDown(TableError):
    """The database refused a move even after retries: nothing of it was kept."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__("err.storage")
        self.cause = cause


async def with_retries(
    write: Callable[[], Awaitable[T]], what: str, backoff: tuple[float, ...] | None = None
) -> T:
    """``await write()``; a transient failure is tried again after each back-off step.

    A ``DuplicateEvent`` on a retry means the failed attempt had in fact been committed (the
    error came after COMMIT): the write is done, so it counts as success (``None``)."""
    backoff = BACKOFF if backoff is None else backoff
    attempt = 0
    while True:
        try:
            return await write()
        except DuplicateEvent:
            if attempt == 0:
                raise
            log.warning("%s: stored by the attempt that seemed to fail", what)
            return None  # type: ignore[return-value]
        except TRANSIENT as exc:
            if attempt >= len(backoff):
                raise StorageDown(exc) from exc
            log.warning("%s failed (%s); retrying in %.2f s", what, exc, backoff[attempt])
            await asyncio.sleep(backoff[attempt])
            attempt += 1
        except StoreError as exc:
            raise StorageDown(exc) from exc
