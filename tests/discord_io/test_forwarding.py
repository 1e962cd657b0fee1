"""A forwarded click is read back as the control's own item reads it; the receiving process
reads a table and its owner from the ledger once for many clicks, and takes back together the
clicks nobody took."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import pytest

import discord_io.forwarding as forwarding
from discord_io.forwarding import ClickForwarder, click_of
from tables.errors import TableError
from tables.shards import ShardSet


def test_a_button_a_discard_menu_and_a_pick_menu_read_as_their_items_read_them():
    assert click_of("mj:3fa9c1d0:2:d:5m:41", []) == ("3fa9c1d0", 2, "d", "5m", 41)
    assert click_of("mj:3fa9c1d0:1:hint::0", []) == ("3fa9c1d0", 1, "hint", "", 0)
    assert click_of("mjs:3fa9c1d0:2:41", ["7p"]) == ("3fa9c1d0", 2, "d", "7p", 41)
    assert click_of("mjk:3fa9c1d0:1:3:3", ["5m.0", "5m.1", "9m.0"]) == (
        "3fa9c1d0", 1, "y", "5m5m9m", 3)


def test_anything_else_is_not_a_table_control():
    assert click_of("mjr:3fa9c1d0", []) is None
    assert click_of("mj:3fa9c1d0:2:d:5m:41:extra", []) is None
    assert click_of("", []) is None


# -- the receiving process: few trips to the ledger ------------------------------------------



class Queue:
    """The click queue as the ledger keeps it, in memory (a click taken once)."""

    def __init__(self) -> None:
        self.rows: dict[int, str] = {}
        self.next = 0
        self.alive_checks = 0
        self.alive = True

    async def owner_alive(self, table_id: str) -> bool:
        self.alive_checks += 1
        return self.alive

    async def put(self, table_id: str, shard: int, payload: Any, now_ms: int) -> int:
        self.next += 1
        self.rows[self.next] = table_id
        return self.next

    async def take(self, click_id: int) -> Any:
        return self.rows.pop(click_id, None)

    async def take_back(self, click_ids: list[int]) -> set[int]:
        return {c for c in click_ids if self.rows.pop(c, None) is not None}


def receiver() -> tuple[ClickForwarder, Queue, AsyncMock]:
    store = MagicMock()
    store.get_table = AsyncMock(return_value=SimpleNamespace(guild_id=7 << 22, status="playing"))
    tables = MagicMock()
    tables.get = MagicMock(side_effect=TableError("err.no_table"))  # not this process's table
    bot = SimpleNamespace(store=store, tables=tables, settings=None)
    fw = ClickForwarder(bot)
    q = Queue()
    fw.queue = q  # type: ignore[assignment]
    fw.active, fw.shards = True, ShardSet(4, frozenset({0}))
    return fw, q, store.get_table


def dm_click() -> Any:
    i = MagicMock()
    i.guild_id = None
    i.response.is_done = MagicMock(return_value=False)
    i.response.defer = AsyncMock()
    i.response.type = None
    i.followup.send = AsyncMock()
    return i


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forwarding, "FORWARD_WAIT", 0.05)
    monkeypatch.setattr(forwarding, "SWEEP_SECONDS", 0.01)
    monkeypatch.setattr(forwarding, "interaction_json", lambda i: {})


async def test_a_tables_record_and_owner_are_read_once_for_many_clicks(quick: None):
    fw, q, get_table = receiver()
    for _ in range(5):
        assert await fw.forward(dm_click(), "t1", "d")
    assert get_table.await_count == 1 and q.alive_checks == 1
    assert fw.forwarded == 5 and len(q.rows) == 5
    for cid in list(q.rows):
        await q.take(cid)  # the owner took them all
    await asyncio.sleep(0.2)
    assert fw.away == 0 and not fw._unclaimed


async def test_clicks_nobody_took_are_answered_restarting_and_the_owner_asked_again(quick: None):
    fw, q, _ = receiver()
    taken, left = dm_click(), dm_click()
    await fw.forward(taken, "t1", "d")
    await fw.forward(left, "t1", "d")
    await q.take(min(q.rows))  # the owner took the first only
    await asyncio.sleep(0.2)
    assert fw.away == 1 and not fw._unclaimed
    left.followup.send.assert_awaited_once()
    taken.followup.send.assert_not_awaited()
    # the owner did not come for one: the next click asks the ledger about it again
    q.alive = False
    assert await fw.forward(dm_click(), "t1", "d")
    assert q.alive_checks == 2 and fw.away == 2


@pytest.mark.parametrize("step", ["get_table", "owner_alive", "put"])
async def test_a_click_when_the_ledger_is_away_is_answered_did_not_count(quick: None, step: str):
    """The database server restarting while a DM click is forwarded: the click (already
    acknowledged) is answered "did not count, click again", never left without a word."""
    from store.errors import StorageFailure

    fw, q, get_table = receiver()
    down = StorageFailure("cannot use the database (ConnectionRefusedError)")
    if step == "get_table":
        get_table.side_effect = down
    else:
        setattr(q, step, AsyncMock(side_effect=down))
    click = dm_click()
    assert await fw.forward(click, "t1", "d")
    click.response.defer.assert_awaited_once()
    click.followup.send.assert_awaited_once()
    assert "click again" in click.followup.send.await_args.args[0]
    assert fw.forwarded == 0 and not fw._unclaimed and not q.rows


async def test_clicks_are_taken_back_once_the_ledger_is_back(quick: None, caplog):
    """The ledger away when the sweep comes (its server restarting): a warning, and the
    clicks nobody took are taken back at a later sweep, answered "restarting" once each."""
    from store.errors import StorageFailure

    fw, q, _ = receiver()
    real = q.take_back
    calls = 0

    async def flaky(ids: list[int]) -> set[int]:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise StorageFailure("cannot use the database (the server is restarting)")
        return await real(ids)

    q.take_back = flaky  # type: ignore[method-assign]
    left = dm_click()
    await fw.forward(left, "t1", "d")
    await asyncio.sleep(0.3)
    assert calls >= 2 and fw.away == 1 and not fw._unclaimed
    left.followup.send.assert_awaited_once()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
