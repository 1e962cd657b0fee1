"""The chaos soak's database faults (:mod:`bench.chaos`): a lock held on the ledger from
another connection for a while, on SQLite and on PostgreSQL, as a slow or stuck writer would."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path


def lock_database(db: Path, hold: float) -> None:
    """Hold SQLite's write lock from another connection for ``hold`` seconds."""
    if not db.exists():
        return
    con = sqlite3.connect(db, timeout=2.0, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        time.sleep(hold)
        con.execute("ROLLBACK")
    except sqlite3.OperationalError:
        pass  # the bot held it: no fault this time
    finally:
        con.close()


async def lock_postgres(url: str, schema: str, hold: float) -> None:
    """Hold an EXCLUSIVE lock on the event and ledger tables (reads pass, writes wait)."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        return  # the server is down (restarting): no lock this time
    try:
        async with conn.transaction():
            await conn.execute("LOCK TABLE game_events, ledger_txns, ledger_entries "
                               "IN EXCLUSIVE MODE")
            await asyncio.sleep(hold)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        pass  # not created yet, or the server restarted under it: no fault this time
    finally:
        with contextlib.suppress(Exception):
            await conn.close()
