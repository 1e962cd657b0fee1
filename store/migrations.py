"""Numbered SQL migrations (``data/migrations/0001_name.sql``), applied in order, recorded.

Each file runs in its own transaction together with the row that records it in
``schema_migrations`` (version, name, SHA-256 of the text, time), so a migration is either
fully applied and recorded or not at all.  A recorded migration whose file changed since, or a
database that records a version this code does not have, stops start-up with MigrationError.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.datafiles import data_path
from store.backend import Backend
from store.errors import MigrationError, StoreError

MIGRATIONS_DIR = data_path("migrations")
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_TABLE = """CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    checksum   TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
)"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    # how one engine's types differ from the portable text (None: run as written)
    translate: Callable[[str], str] | None = None

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode("utf-8")).hexdigest()

    def statements(self) -> list[str]:
        stmts = split_statements(self.sql)
        return [self.translate(s) for s in stmts] if self.translate else stmts


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (semicolons inside strings or triggers kept)."""
    out: list[str] = []
    buf = ""
    for piece in sql.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            stmt = _strip_comments(buf).strip()
            if stmt and stmt != ";":
                out.append(stmt)
            buf = ""
    if _strip_comments(buf).strip(" \n\t;"):
        raise MigrationError(f"unterminated SQL statement at the end of a migration: {buf.strip()[:80]!r}")
    return out


def _strip_comments(stmt: str) -> str:
    # only whole-line comments: enough to drop headers without touching string literals
    return "\n".join(line for line in stmt.splitlines() if not line.lstrip().startswith("--"))


def load(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations in ``directory``, in version order; refuses stray or duplicate names."""
    if not directory.is_dir():
        raise MigrationError(f"migrations folder {directory} does not exist")
    found: dict[int, Migration] = {}
    for path in sorted(directory.iterdir()):
        if path.suffix != ".sql":
            continue
        m = _NAME.match(path.name)
        if not m:
            raise MigrationError(
                f"migration file {path.name} is not named NNNN_lowercase_name.sql; rename it"
            )
        version = int(m.group(1))
        if version in found:
            raise MigrationError(f"two migrations have version {version:04d}; renumber one")
        found[version] = Migration(version, m.group(2), path.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


def for_dialect(
    migrations: list[Migration], directory: Path, dialect: str,
    translate: Callable[[str], str] | None = None,
) -> list[Migration]:
    """The migrations as one engine runs them: ``directory/<dialect>/NNNN_name.sql`` replaces
    the portable file of the same name when present, else the portable file's statements go
    through ``translate`` (types only: the text, and so the checksum, stays the file's)."""
    own = directory / dialect
    out = []
    for mig in migrations:
        path = own / f"{mig.version:04d}_{mig.name}.sql"
        if path.is_file():
            out.append(Migration(mig.version, mig.name, path.read_text(encoding="utf-8")))
        else:
            out.append(Migration(mig.version, mig.name, mig.sql, translate))
    if own.is_dir():
        names = {f"{m.version:04d}_{m.name}.sql" for m in migrations}
        stray = sorted(p.name for p in own.glob("*.sql") if p.name not in names)
        if stray:
            raise MigrationError(
                f"{own} has {', '.join(stray)} without a portable migration of the same name in "
                f"{directory}; every version needs its portable file"
            )
    return out


async def apply(
    backend: Backend,
    directory: Path = MIGRATIONS_DIR,
    *,
    dialect: str = "sqlite",
    translate: Callable[[str], str] | None = None,
) -> list[int]:
    """Apply every migration not yet recorded; returns the versions applied now."""
    migrations = for_dialect(load(directory), directory, dialect, translate)
    known = {m.version: m for m in migrations}
    async with backend.write("recording migrations") as tx:
        # two processes starting at once: the second waits, then finds the work done
        await tx.lock("migrations")
        await tx.execute(translate(_CREATE_TABLE) if translate else _CREATE_TABLE)
        rows = await tx.fetchall("SELECT version, name, checksum FROM schema_migrations")
    for version, name, checksum in rows:
        mig = known.get(version)
        if mig is None:
            raise MigrationError(
                f"the database has migration {version:04d}_{name} which this code does not "
                "know: it was written by a newer version of the bot; upgrade the code"
            )
        if mig.checksum != checksum:
            raise MigrationError(
                f"migration {version:04d}_{name}.sql was edited after it was applied; restore "
                "the original file and put the change in a new numbered migration"
            )
    applied: list[int] = []
    for mig in migrations:
        try:
            async with backend.write(f"migration {mig.version:04d}_{mig.name}") as tx:
                # re-check inside the write lock: another process may have just applied it
                await tx.lock("migrations")
                done = await tx.fetchone(
                    "SELECT 1 FROM schema_migrations WHERE version = ?", (mig.version,)
                )
                if done:
                    continue
                for stmt in mig.statements():
                    await tx.execute(stmt)
                await tx.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) "
                    "VALUES (?, ?, ?, ?)",
                    (mig.version, mig.name, mig.checksum, int(time.time() * 1000)),
                )
        except MigrationError:
            raise
        except StoreError as exc:
            raise MigrationError(
                f"migration {mig.version:04d}_{mig.name}.sql failed and was rolled back: "
                f"{exc.message}"
            ) from exc
        applied.append(mig.version)
    return applied
