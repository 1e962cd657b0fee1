"""A database that fails in the middle of a move never freezes a table or loses a payout.

Each failure point is injected through the table service with a real store: the write of a
start, of a person's move, of a computer's move, of a hand's settlement, of the next hand's
deal, and a second connection holding ``BEGIN IMMEDIATE`` while a hand settles. Afterwards the
table has finished, every hand is settled once, and the stored log replays.
"""

from __future__ import annotations

import sqlite3

import pytest

from store import AccountRef, DatabaseBusy, Store, StoreSettings
from tables import durable
from tables.clock import VirtualClock
from tables.errors import TableError
from tables.game import GameDriver
from tables.persist import StoreTables
from tests.tables.conftest import ANN, GUILD, make_service
from tests.tables.fakes import Recording

HANDS = 2


@pytest.fixture(autouse=True)
def quick_backoff(monkeypatch):
    monkeypatch.setattr(durable, "BACKOFF", (0.0, 0.0, 0.0))


class Flaky(StoreTables):
    """Fails appends number ``at`` … (``settle_only``: counting settlements only) enough times
    in a row that the retries give up, then works again."""

    def __init__(self, store, at: int, settle_only: bool = False) -> None:
        super().__init__(store)
        self.at, self.settle_only = at, settle_only
        self.calls = 0
        self.failed = 0

    async def append(self, table_id, events, settle=None):
        if not self.settle_only or settle is not None:
            n = self.calls
            self.calls += 1
            if n >= self.at and self.failed < len(durable.BACKOFF) + 1:
                self.failed += 1
                self.calls -= 1  # the same write comes again
                raise DatabaseBusy("the database is locked (injected)")
        return await super().append(table_id, events, settle)


async def play(svc, clock, tid, on_trouble=None) -> int:
    """Ann plays (greedy) until the table is over; returns how many clicks were refused."""
    refused = 0
    for _ in range(20_000):
        if tid not in {t.id for t in svc.tables()}:
            return refused
        t = svc._tables[tid]
        seat = t.seat_of(ANN.user_id)
        if t.game is not None and seat is not None and seat in t.game.acting():
            c = t.game.computer_choice(seat, "greedy")
            try:
                await svc.act(tid, ANN.user_id, t.game.hand_no, t.game.step, c.code, c.arg)
            except TableError as exc:
                assert exc.key == "err.storage"
                refused += 1
                if on_trouble is not None:
                    on_trouble()
            continue
        if on_trouble is not None:
            on_trouble()
        assert await clock.run_next(), "the table stopped: no timer is armed"
    raise AssertionError("the game did not end")


async def check_whole(store: Store, tid: str, rec: Recording) -> None:
    txns = await store.run_read(lambda tx: tx.fetchall(
        "SELECT hand_no FROM ledger_txns WHERE game_id = ? AND kind = 'hand_settlement' "
        "ORDER BY hand_no", (tid,)))
    assert [h for (h,) in txns] == list(range(HANDS))  # every hand paid once
    assert sorted(s.hand_no for s in rec.settlements) == list(range(HANDS))  # and posted
    events = await StoreTables(store).events(tid)
    GameDriver.replay(events)  # the stored log replays
    assert (await store.get_table(tid)).status == "finished"
    await store.verify_books()


async def start_table(svc, store) -> str:
    info = await svc.create(GUILD, 10, ANN, "heyuan-jihu", {}, 1, HANDS)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    try:
        await svc.start(info.id, ANN.user_id)
    except TableError as exc:
        assert exc.key == "err.storage"
        await svc.start(info.id, ANN.user_id)  # still a lobby: Start again works
    return info.id


@pytest.mark.parametrize(("at", "settle_only"), [
    (0, False),  # the start's events
    (1, False),  # the first moves (computers, then Ann)
    (4, False),
    (17, False),  # mid-hand
    (0, True),  # the first hand's settlement
    (1, True),  # the last hand's settlement
])
async def test_a_failing_write_is_retried_and_the_table_carries_on(tmp_path, at, settle_only):
    store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
    clock, rec = VirtualClock(), Recording()
    flaky = Flaky(store, at, settle_only)
    svc = make_service(flaky, rec, clock, afk_timeouts=99)
    tid = await start_table(svc, store)
    await play(svc, clock, tid)
    assert flaky.failed == len(durable.BACKOFF) + 1, "the failure was never injected"
    assert "call.storage" in rec.notice_keys() or flaky.at == 0
    await check_whole(store, tid, rec)
    await store.close()


async def test_a_second_connection_holding_the_write_lock_while_a_hand_settles(tmp_path):
    path = tmp_path / "m.db"
    store = await Store.open(path, StoreSettings(synchronous="OFF", busy_timeout_ms=20))
    clock, rec = VirtualClock(), Recording()
    blocker: list[sqlite3.Connection] = []

    class Locking(StoreTables):
        async def append(self, table_id, events, settle=None):
            if settle is not None and not blocker and not rec.settlements:
                con = sqlite3.connect(path, isolation_level=None, timeout=1)
                con.execute("BEGIN IMMEDIATE")  # another process takes the write lock
                blocker.append(con)
            return await super().append(table_id, events, settle)

    def release() -> None:
        if blocker and "call.storage" in rec.notice_keys() and blocker[0].in_transaction:
            blocker[0].execute("ROLLBACK")

    svc = make_service(Locking(store), rec, clock, afk_timeouts=99)
    tid = await start_table(svc, store)
    ann = AccountRef.user(GUILD, ANN.user_id)
    before = await store.balance(ann)
    await play(svc, clock, tid, on_trouble=release)
    assert blocker, "the lock was never taken"
    assert "call.storage" in rec.notice_keys()
    await check_whole(store, tid, rec)
    assert await store.balance(ann) == before + sum(s.chips[0] for s in rec.settlements)
    blocker[0].close()
    await store.close()


class RefusesTheEnd(StoreTables):
    """Refuses to store the table's end (its status "finished") ``times`` times in a row."""

    def __init__(self, store, times: int) -> None:
        super().__init__(store)
        self.times = times
        self.failed = 0

    async def set_status(self, table_id, status, meta, result=None):
        if status == "finished" and self.failed < self.times:
            self.failed += 1
            raise DatabaseBusy("the database is locked (injected)")
        return await super().set_status(table_id, status, meta, result)


@pytest.mark.parametrize("times", [1, len(durable.BACKOFF) + 1, 3 * (len(durable.BACKOFF) + 1)])
async def test_a_failing_write_of_the_tables_end_is_retried_until_the_table_finishes(
    tmp_path, times
):
    """The database refuses the write that ends the table (the last hand settled): once (a
    retry writes it), past every retry, or for several retries of the table's own: the table
    finishes all the same, in the ledger and for its people (the standings posted once) —
    never ended in memory only, with no timer left to end it."""
    store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
    clock, rec = VirtualClock(), Recording()
    flaky = RefusesTheEnd(store, times)
    svc = make_service(flaky, rec, clock, afk_timeouts=99)
    tid = await start_table(svc, store)
    await play(svc, clock, tid)
    assert flaky.failed == times
    await check_whole(store, tid, rec)
    assert len(rec.final) == 1
    if times > len(durable.BACKOFF):
        assert "call.storage" in rec.notice_keys()
    await store.close()
