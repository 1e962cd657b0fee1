"""Store fixtures: a fresh database file per test and a clock the test can move."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import AccountRef, Store, StoreSettings

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


@pytest.fixture
def settings(tmp_path: Path) -> StoreSettings:
    return StoreSettings(path=str(tmp_path / "db" / "chips.db"), starting_chips=1000, daily_amount=200)


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
                      "season_standings"):
            out[table] = await tx.fetchall(f"SELECT * FROM {table} ORDER BY 1, 2")
        return out

    return await s.run_read(read)
