"""Store fixtures: a fresh database per test, on each backend, and a clock the test can move.

Every test that takes ``settings`` or ``store`` runs twice: on a SQLite file and on
PostgreSQL (a schema of its own, dropped afterwards).  ``@pytest.mark.sqlite_only`` keeps a
test about SQLite's own file handling to SQLite, ``postgresql_only`` one about PostgreSQL's.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import AccountRef, Store, StoreSettings
from tests.store import pg

GUILD = 7


class FakeClock:
    """Milliseconds since the epoch, moved by hand."""

    def __init__(self, start: dt.datetime) -> None:
        self.ms = int(start.timestamp() * 1000)

    def __call__(self) -> int:
        return self.ms

    def advance(self, **kw: float) -> None:
        self.ms += int(dt.timedelta(**kw).total_seconds() * 1000)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC))


BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        names: tuple[str, ...] = BACKENDS
        if metafunc.definition.get_closest_marker("sqlite_only"):
            names = ("sqlite",)
        elif metafunc.definition.get_closest_marker("postgresql_only"):
            names = ("postgresql",)
        metafunc.parametrize("backend", names, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        pg.require()
    return str(request.param)


@pytest.fixture
async def settings(tmp_path: Path, backend: str) -> AsyncIterator[StoreSettings]:
    path = str(tmp_path / "db" / "chips.db")
    if backend == "sqlite":
        yield StoreSettings(path=path, starting_chips=1000, daily_amount=200)
        return
    schema = pg.new_schema()
    try:
        yield StoreSettings(path=path, starting_chips=1000, daily_amount=200,
                            database_url=pg.URL, database_schema=schema)
    finally:
        await pg.drop_schema(schema)


async def raw_execute(settings: StoreSettings, sql: str, *args: object) -> None:
    """Run ``sql`` on the database behind the store's back (``?`` placeholders), committed."""
    if settings.database_url:
        from store.postgres_backend import to_dollar_params

        assert settings.database_schema
        await pg.execute(settings.database_schema, to_dollar_params(sql), *args)
        return
    con = sqlite3.connect(settings.path)
    try:
        con.execute(sql, args)
        con.commit()
    finally:
        con.close()


@pytest.fixture
async def store(settings: StoreSettings, clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(settings=settings, clock=clock)
    try:
        yield s
    finally:
        await s.close()


def user(n: int, guild: int = GUILD) -> AccountRef:
    return AccountRef.user(guild, n)


def house(guild: int = GUILD) -> AccountRef:
    return AccountRef.house(guild)


async def snapshot(s: Store) -> dict[str, object]:
    """Everything a write could change, to prove a failed write changed nothing."""

    async def read(tx):
        out = {}
        for table in ("accounts", "ledger_txns", "ledger_entries", "hand_results", "player_stats",
                      "game_players", "game_tables", "game_events", "guild_settings", "seasons",
                      "season_standings", "hand_messages"):
            out[table] = await tx.fetchall(f"SELECT * FROM {table} ORDER BY 1, 2")
        return out

    return await s.run_read(read)
