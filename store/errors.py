"""Typed store errors, each with a message a person can act on.

Every error has a stable ``code`` (``store.busy``, ``ledger.insufficient`` …) so the Discord
layer can show it in zh-Hans, zh-Hant or English without parsing the English message.  When
any of these is raised from a write, the whole transaction has been rolled back: nothing is
half-written.
"""

from __future__ import annotations

import sqlite3


class StoreError(Exception):
    """Base of everything the store raises on purpose."""

    code = "store.error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# -- the database itself ------------------------------------------------------------------


class MigrationError(StoreError):
    """A migration failed, was edited after it ran, or the database is newer than the code."""

    code = "store.migration"


class DatabaseBusy(StoreError):
    """Another connection held the write lock for longer than the busy timeout."""

    code = "store.busy"


class StorageFull(StoreError):
    """The disk (or the configured size limit) is full."""

    code = "store.full"


class StorageFailure(StoreError):
    """The file cannot be read or written: I/O error, read-only, not a database, corrupt."""

    code = "store.storage"


class ConstraintViolation(StoreError):
    """A row broke a constraint of the schema (the database refused it)."""

    code = "store.constraint"


class CorruptRow(StoreError):
    """A stored row cannot be read back (e.g. an event whose payload is not JSON)."""

    code = "store.corrupt_row"


class BooksOutOfBalance(StoreError):
    """verify_books() found a transaction that does not sum to zero or a wrong balance."""

    code = "ledger.out_of_balance"

    def __init__(self, message: str, problems: list[str]) -> None:
        super().__init__(message)
        self.problems = problems


# -- bad input ------------------------------------------------------------------------------


class InvalidInput(StoreError, ValueError):
    """The caller passed data the store refuses (a bad seat, a negative amount …)."""

    code = "store.invalid"


class SettingError(InvalidInput):
    """An unknown guild setting or a value of the wrong type or range."""

    code = "settings.invalid"


# -- ledger rules ---------------------------------------------------------------------------


class InsufficientChips(StoreError):
    """An admin removal asked for more chips than the player holds."""

    code = "ledger.insufficient"

    def __init__(self, message: str, balance: int) -> None:
        super().__init__(message)
        self.balance = balance


class BalanceLimit(StoreError):
    """A balance would pass the ledger's documented maximum (``ledger.MAX_BALANCE`` for a
    player): refused, nothing written."""

    code = "ledger.balance_limit"

    def __init__(self, message: str, limit: int) -> None:
        super().__init__(message)
        self.limit = limit


class AlreadyClaimed(StoreError):
    """/daily was already claimed this UTC day."""

    code = "ledger.already_claimed"

    def __init__(self, message: str, next_claim_ms: int) -> None:
        super().__init__(message)
        self.next_claim_ms = next_claim_ms


# -- game store -----------------------------------------------------------------------------


class UnknownTable(StoreError):
    code = "games.unknown_table"


class DuplicateEvent(StoreError):
    """An event with this (table, seq) is already stored: the append was refused."""

    code = "games.duplicate_event"


class SequenceGap(StoreError):
    """The first sequence number of an append is past the end of the table's log."""

    code = "games.sequence_gap"


# SQLite primary result codes (https://sqlite.org/rescode.html), low byte of extended codes.
_BUSY, _LOCKED, _FULL, _IOERR, _CORRUPT, _READONLY, _CANTOPEN, _NOTADB = 5, 6, 13, 10, 11, 8, 14, 26


def from_sqlite(exc: sqlite3.Error, where: str, path: str) -> StoreError:
    """Turn a sqlite3 exception into the matching typed StoreError."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    if primary in (_BUSY, _LOCKED) or "database is locked" in text:
        return DatabaseBusy(
            f"{where}: the database {path} is locked by another connection (waited the busy "
            "timeout). Is a second copy of the bot running on the same file? Try again, or "
            "stop the other process."
        )
    if primary == _FULL or "database or disk is full" in text:
        return StorageFull(
            f"{where}: the database {path} is full (disk full or size limit reached). Nothing "
            "was written. Free disk space (or raise the limit) and try again."
        )
    if isinstance(exc, sqlite3.IntegrityError):
        return ConstraintViolation(f"{where}: the database refused the row ({text}). Nothing was written.")
    if primary in (_IOERR, _CORRUPT, _READONLY, _CANTOPEN, _NOTADB):
        return StorageFailure(
            f"{where}: cannot use the database file {path} ({text}). Check the path, its "
            "permissions and free space; restore from a backup if the file is damaged."
        )
    return StoreError(f"{where}: database error on {path}: {text}")
