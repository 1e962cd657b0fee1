"""Several bot processes on one PostgreSQL ledger: a table belongs to the process whose shard
holds its guild, and a lease keeps a second process with the same shard off it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import Store, StoreSettings
from tables.clock import VirtualClock
from tables.persist import StoreTables
from tables.shards import ShardSet, parse_shard_ids, shard_of
from tests.store import pg
from tests.tables.conftest import GUILD, make_service, seated_table
from tests.tables.fakes import Recording

ROOT = Path(__file__).resolve().parents[2]


def test_a_guild_belongs_to_the_shard_discord_routes_it_to():
    assert shard_of(175928847299117063, 16) == (175928847299117063 >> 22) % 16
    assert ShardSet(2, frozenset({shard_of(GUILD, 2)})).owns(GUILD)
    assert not ShardSet(2, frozenset({1 - shard_of(GUILD, 2)})).owns(GUILD)
    assert ShardSet().owns(GUILD)  # one process, every guild


def test_shard_ids_are_read_and_checked():
    assert parse_shard_ids("0,2", 4) == {0, 2}
    assert parse_shard_ids("0-2, 5", 8) == {0, 1, 2, 5}
    for bad, why in (("4", "between 0 and 3"), ("x", "numbers"), ("", "no shard"), ("3-1", "backwards")):
        with pytest.raises(ValueError, match=why):
            parse_shard_ids(bad, 4)


@pytest.fixture
async def ledger() -> AsyncIterator[StoreSettings]:
    pg.require()
    schema = pg.new_schema()
    try:
        yield StoreSettings(database_url=pg.URL, database_schema=schema)
    finally:
        await pg.drop_schema(schema)


async def test_a_second_process_with_the_same_shard_does_not_take_a_live_table(ledger):
    mine = ShardSet(2, frozenset({shard_of(GUILD, 2)}))
    first: Store | None = await Store.open(settings=ledger)  # process 1
    second = await Store.open(settings=ledger)  # process 2, started with the same shard
    try:
        assert first is not None
        svc = make_service(StoreTables(first, mine), Recording(), VirtualClock())
        tid = await seated_table(svc, hands=2)
        other = make_service(StoreTables(second, mine), Recording(), VirtualClock())
        assert await other.resume_all() == []  # the lease is held by process 1
        not_mine = ShardSet(2, frozenset({1 - shard_of(GUILD, 2)}))
        assert await make_service(StoreTables(second, not_mine), Recording(),
                                  VirtualClock()).resume_all() == []
        await svc.close()
        await first.close()  # process 1 ends: its leases go with its connection
        first = None
        assert await other.resume_all() == [tid]
    finally:
        if first is not None:
            await first.close()
        await second.close()


async def test_a_lease_held_by_a_killed_process_is_free_at_once(ledger):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MAHJONG_DATABASE_URL": ledger.database_url,
           "MAHJONG_DATABASE_SCHEMA": ledger.database_schema}
    code = ("import asyncio, sys\n"
            "from store import Store, StoreSettings\n"
            "async def main():\n"
            "    s = await Store.open(settings=StoreSettings.from_env())\n"
            "    assert await s.try_lease('table:x')\n"
            "    print('ready', flush=True)\n"
            "    await asyncio.sleep(60)\n"
            "asyncio.run(main())\n")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, text=True)
    here = await Store.open(settings=ledger)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        assert not await here.try_lease("table:x")
        child.send_signal(signal.SIGKILL)
        child.wait()
        for _ in range(50):  # the server sees the socket close and drops the lock
            if await here.try_lease("table:x"):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the killed process's lease was never freed")
        assert not await here.try_lease("table:x")  # held here now, once
        await here.release_lease("table:x")
        assert await here.try_lease("table:x")
    finally:
        child.kill()
        if child.stdout:
            child.stdout.close()
        await here.close()
