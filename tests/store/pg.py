"""The PostgreSQL server the store tests use, and a throw-away schema per test.

``MAHJONG_TEST_DATABASE_URL`` (default ``postgresql://postgres@127.0.0.1:5432/test``) names
the server.  Without one reachable the PostgreSQL cases are skipped — unless
``MAHJONG_REQUIRE_POSTGRES=1`` (set by ``.ci/run``), where an unreachable server fails them.
"""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from urllib.parse import urlsplit

import pytest

URL = os.environ.get("MAHJONG_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
REQUIRED = os.environ.get("MAHJONG_REQUIRE_POSTGRES", "") not in ("", "0")


@cache
def reachable() -> str | None:
    """None if a PostgreSQL server answers at URL (and asyncpg is installed), else why not."""
    try:
        import asyncpg
    except ImportError:
        return "asyncpg is not installed"
    parts = urlsplit(URL)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), 2):
            pass
    except OSError as exc:
        return f"no PostgreSQL server at {parts.hostname}:{parts.port}: {exc}"

    async def probe() -> None:
        conn = await asyncpg.connect(URL, timeout=5)
        await conn.close()

    try:
        # in a thread of its own: callers may already be inside an event loop
        with ThreadPoolExecutor(1) as pool:
            pool.submit(lambda: asyncio.run(probe())).result()
    except Exception as exc:
        return f"cannot log in to {URL}: {exc}"
    return None


def require() -> None:
    """Skip (or, in CI, fail) the calling test when there is no server."""
    why = reachable()
    if why is None:
        return
    if REQUIRED:
        pytest.fail(f"MAHJONG_REQUIRE_POSTGRES is set but {why}")
    pytest.skip(why)


def new_schema() -> str:
    return f"test_{uuid.uuid4().hex[:16]}"


async def drop_schema(schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(URL)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


async def execute(schema: str, sql: str, *args: object) -> None:
    """Run ``sql`` directly in ``schema``, outside the store (to damage rows on purpose)."""
    import asyncpg

    conn = await asyncpg.connect(URL, server_settings={"search_path": schema})
    try:
        await conn.execute(sql, *args)
    finally:
        await conn.close()


def require_own_server() -> None:
    """Skip (or, in CI, fail) the calling test when no throw-away PostgreSQL server can be
    started here (``bench.pg_server``: initdb and pg_ctl), as :func:`require` does."""
    from bench.pg_server import unavailable

    why = unavailable()
    if why is None:
        return
    if REQUIRED:
        pytest.fail(f"MAHJONG_REQUIRE_POSTGRES is set but {why}")
    pytest.skip(why)
