"""Move a SQLite ledger into PostgreSQL: ``python -m store.copy SQLITE_FILE POSTGRESQL_URL``.

    python -m store.copy data/mahjong.db postgresql://bot@db.example/mahjong [--schema mahjong]

Both ends are opened as the bot opens them (migrations applied, the source's books
checked).  The destination must hold no ledger yet.  Every table is copied with its ids, in
one PostgreSQL transaction, the id sequences moved past the copied ids, and the copy checked
before that transaction commits: the books balance on PostgreSQL (the ``verify_books``
check), every table has the same number of rows, and every guild's totals (players, house,
mint) are the same on both sides.  Any difference rolls the whole copy back.  The SQLite file
is only read.  Stop the bot before copying.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.cli.helptext import plain_help
from store import queries
from store.backend import Tx
from store.errors import StoreError
from store.postgres_backend import PgTx, PostgresBackend
from store.settings import StoreSettings
from store.store import Store

# parents before children (foreign keys); every table the migrations create
TABLES: tuple[str, ...] = (
    "guild_settings", "seasons", "accounts", "ledger_txns", "ledger_entries",
    "season_standings", "hand_results", "game_players", "player_stats", "game_tables",
    "game_events", "hand_messages",
)
CHUNK = 20_000


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    guilds: int
    seconds: float

    def lines(self) -> list[str]:
        out = [f"{table:18} {n:>10,} rows" for table, n in self.rows.items()]
        out.append(
            f"books balance on PostgreSQL; row counts and the totals of {self.guilds} guild(s) "
            f"match the SQLite file ({self.seconds:.1f} s)"
        )
        return out


class CopyRefused(StoreError):
    code = "store.copy_refused"


async def copy_sqlite_to_postgres(
    sqlite_path: str, url: str, *, schema: str | None = None
) -> CopyReport:
    """Copy, check, and only then commit: any difference rolls the whole copy back."""
    started = time.perf_counter()
    if not Path(sqlite_path).is_file():
        raise CopyRefused(f"there is no SQLite ledger at {sqlite_path}")
    source = await Store.open(settings=StoreSettings(path=sqlite_path))  # books checked
    try:
        dest = await Store.open(
            settings=StoreSettings(database_url=url, database_schema=schema, verify_on_open=False)
        )
        try:
            backend = dest.backend
            assert isinstance(backend, PostgresBackend)
            want = await source.run_read(_counts)
            guilds = await source.run_read(_guild_ids)
            totals = {g: await source.guild_totals(g) for g in guilds}
            async with backend.write("copying the ledger") as tx:
                rows = await _copy(sqlite_path, backend, tx)
                await backend.sync_identities(tx)
                problems = await queries.verify_books(tx)
                if problems:
                    raise StoreError("the copied books do not balance: " + "; ".join(problems[:5]))
                if rows != want or await _counts(tx) != want:
                    raise StoreError(f"row counts differ: SQLite {want}, copied {rows}")
                for g in guilds:
                    there = await queries.guild_totals(tx, g)
                    if there != totals[g]:
                        raise StoreError(
                            f"guild {g}: totals differ: SQLite {totals[g]}, PostgreSQL {there}"
                        )
        finally:
            await dest.close()
    finally:
        await source.close()
    return CopyReport(rows, len(guilds), time.perf_counter() - started)


async def _counts(tx: Tx) -> dict[str, int]:
    out = {}
    for table in TABLES:
        row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
        out[table] = int(row[0]) if row else 0
    return out


async def _guild_ids(tx: Tx) -> list[int]:
    found = await tx.fetchall("SELECT DISTINCT guild_id FROM accounts ORDER BY guild_id")
    return [int(g) for (g,) in found]


async def _copy(sqlite_path: str, backend: PostgresBackend, tx: PgTx) -> dict[str, int]:
    for table, n in (await _counts(tx)).items():
        if n:
            raise CopyRefused(
                f"the destination already has {n} row(s) in {table}: copy only into an empty "
                "ledger (a new database, or another --schema)"
            )
    con = sqlite3.connect(f"file:{sqlite_path}?mode=ro", uri=True)
    counts: dict[str, int] = {}
    try:
        for table in TABLES:
            cur = con.execute(f"SELECT * FROM {table}")
            columns = [d[0] for d in cur.description]
            n = 0
            while batch := cur.fetchmany(CHUNK):
                await backend.copy_records(tx, table, columns, batch)
                n += len(batch)
            counts[table] = n
    finally:
        con.close()
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store.copy", description=plain_help(__doc__.split("\n\n")[0]))
    parser.add_argument("sqlite_file")
    parser.add_argument("postgresql_url")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema for the tables")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_sqlite_to_postgres(args.sqlite_file, args.postgresql_url, schema=args.schema))
    except StoreError as exc:
        print(f"copy failed, nothing was kept in PostgreSQL: {exc.message}", file=sys.stderr)
        return 1
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
