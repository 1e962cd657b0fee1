"""Clicks left for another process: taken exactly once, heard by LISTEN, purged when old,
and the owner's presence read from its lease (PostgreSQL only: one process needs none)."""

from __future__ import annotations

import asyncio

import pytest

from store import Store, StoreSettings
from store.click_queue import ClickQueue
from store.errors import StoreError

CLICK = {"response_type": 6, "interaction": {"id": "1", "token": "tok", "data": {
    "custom_id": "mj:3fa9c1d0:1:d:5m:41"}}}


@pytest.mark.sqlite_only
async def test_sqlite_has_no_queue_between_processes(store: Store):
    q = ClickQueue(store)
    assert not q.available
    with pytest.raises(StoreError, match="PostgreSQL"):
        await q.put("t1", 0, CLICK, 0)


@pytest.mark.postgresql_only
async def test_a_click_is_taken_once_by_whoever_comes_first(store: Store):
    q = ClickQueue(store)
    first = await q.put("t1", 0, CLICK, 1000)
    second = await q.put("t1", 0, CLICK | {"response_type": 5}, 1001)
    assert first != second
    taken = await asyncio.gather(q.take(first), q.take(first), q.take(first))
    assert taken.count(CLICK) == 1 and taken.count(None) == 2
    assert (await q.take(second) or {})["response_type"] == 5
    assert await q.take(second) is None


@pytest.mark.postgresql_only
async def test_the_owner_hears_of_a_click_for_its_shards_from_another_store(settings: StoreSettings):
    receiver = await Store.open(settings=settings)
    owner = await Store.open(settings=settings)
    try:
        heard: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        await ClickQueue(owner).listen([1, 3], lambda cid, table: heard.put_nowait((cid, table)))
        other = await ClickQueue(receiver).put("t6", 2, CLICK, 4)  # shard 2: not the owner's
        cid = await ClickQueue(receiver).put("t7", 3, CLICK, 5)
        assert await asyncio.wait_for(heard.get(), 5) == (cid, "t7")
        assert heard.empty()
        assert await ClickQueue(owner).take(other) == CLICK
        assert await ClickQueue(owner).take(cid) == CLICK
    finally:
        await receiver.close()
        await owner.close()


@pytest.mark.postgresql_only
async def test_old_clicks_are_purged(store: Store):
    q = ClickQueue(store)
    old = await q.put("t1", 0, CLICK, 1_000)
    new = await q.put("t1", 0, CLICK, 9_000)
    assert await q.purge(5_000) == 1
    assert await q.take(old) is None
    assert await q.take(new) == CLICK


@pytest.mark.postgresql_only
async def test_the_owner_is_alive_while_some_process_holds_the_lease(settings: StoreSettings):
    runner = await Store.open(settings=settings)
    other = await Store.open(settings=settings)
    try:
        q = ClickQueue(other)
        assert not await q.owner_alive("t9")
        assert await runner.try_lease("table:t9")
        assert await q.owner_alive("t9")
        assert not await q.owner_alive("t8")
        await runner.release_lease("table:t9")
        assert not await q.owner_alive("t9")
    finally:
        await runner.close()
        await other.close()


async def test_leases_are_intact_until_their_connection_is_cut(settings: StoreSettings, backend):
    """A lease lives on a connection of its own; when the server ends that session (a restart,
    a cut connection) every lease on it is gone, and ``leases_intact`` says so."""
    runner = await Store.open(settings=settings)
    try:
        assert await runner.leases_intact()  # none taken
        assert await runner.try_lease("table:t1") and await runner.try_lease("table:t2")
        assert await runner.leases_intact()
        if backend != "postgresql":
            return  # SQLite: leases are this process's own, nothing can take them away
        other = await Store.open(settings=settings)
        try:
            pid = runner.backend._lease_conn.get_server_pid()  # this store's lease session

            async def cut(tx):
                return await tx.fetchone("SELECT pg_terminate_backend(?)", (pid,))

            assert await other.run_read(cut) == (True,)
            for _ in range(50):  # the server ends the session at once; a moment to notice
                if not await runner.leases_intact():
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("a cut lease connection was still called intact")
            assert await other.try_lease("table:t1")  # free for another process now
        finally:
            await other.close()
    finally:
        await runner.close()


@pytest.mark.postgresql_only
async def test_clicks_nobody_took_are_taken_back_together(store: Store):
    q = ClickQueue(store)
    ids = [await q.put("t1", 0, CLICK, 1000 + n) for n in range(4)]
    assert await q.take(ids[1]) == CLICK  # its owner took this one
    assert await q.take_back(ids) == {ids[0], ids[2], ids[3]}
    assert await q.take_back(ids) == set()  # taken once: by the owner or back, never twice
    assert await q.take_back([]) == set()


@pytest.mark.postgresql_only
async def test_forwarded_clicks_write_no_log_and_take_one_round_trip_each(store: Store):
    """The table is UNLOGGED (a click lives seconds: nothing to flush to disk), and leaving a
    click, taking it and taking clicks back are single statements."""
    async def persistence(tx):
        return await tx.fetchone(
            "SELECT relpersistence::text FROM pg_class WHERE oid = 'forwarded_clicks'::regclass")

    assert await store.run_read(persistence) == ("u",)
    calls: list[str] = []
    backend = store.backend
    real = backend.statement

    async def counted(what, sql, params=()):
        calls.append(what)
        return await real(what, sql, params)

    backend.statement = counted
    try:
        q = ClickQueue(store)
        cid = await q.put("t1", 0, CLICK, 1)
        assert await q.take(cid) == CLICK
        assert await q.take_back([cid]) == set()
    finally:
        backend.statement = real
    assert calls == ["forwarding a click", "taking a forwarded click", "taking back forwarded clicks"]


@pytest.mark.postgresql_only
async def test_the_owner_listens_again_after_the_server_ended_its_session(settings: StoreSettings):
    """A database restart ends the LISTEN session: nothing forwarded would be heard again.
    ``relisten`` opens it anew (and only then), and clicks are heard once more."""
    receiver = await Store.open(settings=settings)
    owner = await Store.open(settings=settings)
    try:
        heard: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        q = ClickQueue(owner)
        await q.listen([1], lambda cid, table: heard.put_nowait((cid, table)))
        assert not await q.relisten()  # the session is there: nothing to do
        pid = owner.backend._listen_conn.get_server_pid()

        async def cut(tx):
            return await tx.fetchone("SELECT pg_terminate_backend(?)", (pid,))

        assert await receiver.run_read(cut) == (True,)
        for _ in range(50):  # the server ends the session at once; a moment to notice
            if await q.relisten():
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("a session the server ended was not opened again")
        assert owner.backend._listen_conn.get_server_pid() != pid
        cid = await ClickQueue(receiver).put("t7", 1, CLICK, 5)
        assert await asyncio.wait_for(heard.get(), 5) == (cid, "t7")
        assert not await q.relisten()
    finally:
        await receiver.close()
        await owner.close()
