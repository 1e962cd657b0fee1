"""A restart mid-hand: a fresh service on the same SQLite file rebuilds the table from its events
and the game ends exactly as an uninterrupted run with the same seed and the same moves."""

from __future__ import annotations

import pytest

from store import AccountRef, StorageFailure, Store
from tables import durable
from tables.clock import VirtualClock
from tables.persist import StoreTables
from tests.tables.conftest import ANN, BOB, GUILD, make_service, seated_table
from tests.tables.fakes import Recording, first_choice, pending

USERS = {ANN.user_id: 0, BOB.user_id: 1}


async def run(path, restart_after: int | None):
    store = await Store.open(path)
    clock = VirtualClock()
    svc = make_service(StoreTables(store), Recording(), clock)
    tid = await seated_table(svc, hands=2)
    clicks = 0
    while tid in {t.id for t in svc.tables()}:
        if restart_after is not None and clicks == restart_after:
            hand_before = svc.private_view(tid, ANN.user_id).hand_no
            await svc.close()
            await store.close()  # the process "dies" here
            store = await Store.open(path)
            clock = VirtualClock()
            rec = Recording()
            svc = make_service(StoreTables(store), rec, clock)
            assert await svc.resume_all() == [tid]
            assert "call.resumed" in rec.notice_keys()
            assert svc.private_view(tid, ANN.user_id).hand_no == hand_before
            restart_after = None
        todo = pending(svc, tid, USERS)
        if not todo:
            assert await clock.run_next()
            continue
        user, view = todo[0]
        await svc.act(tid, user, view.hand_no, view.step, *first_choice(view))
        clicks += 1
    events = await store.load_events(tid)
    scores = await store.table_scores(tid)
    balances = await store.balances([AccountRef.user(GUILD, ANN.user_id),
                                     AccountRef.user(GUILD, BOB.user_id)])
    status = (await store.get_table(tid)).status
    await store.verify_books()
    await store.close()
    return events, scores, balances, status, clicks


async def test_restart_mid_hand_ends_as_an_uninterrupted_game(tmp_path):
    straight = await run(tmp_path / "a.db", None)
    assert straight[3] == "finished" and straight[4] > 8
    resumed = await run(tmp_path / "b.db", restart_after=7)
    assert resumed == straight


async def test_restart_in_the_lobby_keeps_the_lobby(tmp_path):
    path = tmp_path / "c.db"
    store = await Store.open(path)
    svc = make_service(StoreTables(store), Recording(), VirtualClock())
    info = await svc.create(GUILD, 10, ANN, "guangdong", {}, 2, 1)
    await svc.join(info.id, BOB)
    await svc.close()
    await store.close()
    store = await Store.open(path)
    svc = make_service(StoreTables(store), Recording(), VirtualClock())
    assert await svc.resume_all() == [info.id]
    again = svc.get(info.id)
    assert again.seat_of(BOB.user_id) == 1 and again.stake == 2
    assert svc.table_for(GUILD, ANN.user_id) is not None
    await store.close()


class Crash(BaseException):
    """The process dies: not an Exception, so nothing in the service catches it."""


class DiesBeforeTheSettlementMessage(Recording):
    async def settlement(self, table, view):
        raise Crash


async def test_a_crash_between_settlement_and_its_message_reposts_it_on_resume(tmp_path):
    straight = await run(tmp_path / "a.db", None)
    path = tmp_path / "b.db"
    store = await Store.open(path)
    clock = VirtualClock()
    svc = make_service(StoreTables(store), DiesBeforeTheSettlementMessage(), clock)
    tid = await seated_table(svc, hands=2)
    clicks = 0
    try:
        for _ in range(5000):  # bounded: a bug fails the test instead of hanging it
            todo = pending(svc, tid, USERS)
            if not todo:
                assert await clock.run_next()
                continue
            user, view = todo[0]
            await svc.act(tid, user, view.hand_no, view.step, *first_choice(view))
            clicks += 1
        raise AssertionError("the first hand never ended")
    except Crash:
        pass
    await store.close()  # the hand is settled in the ledger; its message was never posted
    store = await Store.open(path)
    rec = Recording()
    clock = VirtualClock()
    svc = make_service(StoreTables(store), rec, clock)
    assert await svc.resume_all() == [tid]
    (posted,) = [s for s in rec.settlements if s.hand_no == 0]
    assert list(posted.chips) == list(await store.table_scores(tid))  # what the ledger moved
    for _ in range(5000):
        if tid not in {t.id for t in svc.tables()}:
            break
        todo = pending(svc, tid, USERS)
        if not todo:
            assert await clock.run_next()
            continue
        user, view = todo[0]
        await svc.act(tid, user, view.hand_no, view.step, *first_choice(view))
        clicks += 1
    assert await store.load_events(tid) == straight[0]  # nothing appended twice
    assert await store.table_scores(tid) == straight[1]  # nothing paid twice
    await store.verify_books()
    await store.close()


class AwayAtFirst(StoreTables):
    """The database does not answer the first ``times`` reads of a table's scores (the
    server restarting while the process starts)."""

    def __init__(self, store, times: int) -> None:
        super().__init__(store)
        self.times = times

    async def table_scores(self, table_id, stake, events):
        if self.times > 0:
            self.times -= 1
            raise StorageFailure("cannot use the database (ConnectionRefusedError)")
        return await super().table_scores(table_id, stake, events)


async def test_a_table_whose_rebuild_meets_the_database_away_is_not_skipped(tmp_path, monkeypatch):
    """Resuming takes the table's lease first: a table skipped because the database did not
    answer for a moment would be run by no process until the next start. The read is tried
    again; a database that stays away fails the start (started again, it resumes then)."""
    monkeypatch.setattr(durable, "BACKOFF", (0.0, 0.0))
    path = tmp_path / "d.db"
    store = await Store.open(path)
    svc = make_service(StoreTables(store), Recording(), VirtualClock())
    tid = await seated_table(svc, hands=2)
    await svc.close()
    await store.close()
    for times, resumed in ((1, True), (99, False), (0, True)):
        store = await Store.open(path)
        svc = make_service(AwayAtFirst(store, times), Recording(), VirtualClock())
        if resumed:
            assert await svc.resume_all() == [tid]
        else:
            with pytest.raises(durable.StorageDown):
                await svc.resume_all()
        await svc.close()
        await store.close()
