"""No table runs for nobody: when no person plays at a table any more (all left, or a
computer played the whole hand for each), it ends at the end of that hand, settled as usual;
a member's openings and abandoned tables are rate limited; computers alone never start.

On main one member could open a table, add three computers, start and leave every 15–30 s,
and each such table played all its hands for nobody.
"""

from __future__ import annotations

import pytest

from store import Store, StoreSettings
from tables.errors import TableError
from tables.persist import StoreTables
from tables.table import MAX_OPENS, OPEN_WINDOW
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service
from tests.tables.fakes import Recording
from tests.tables.test_economy import play_out


async def open_and_leave(svc, hands=16):
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, hands)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    await svc.start(info.id, ANN.user_id)
    await svc.leave(GUILD, ANN.user_id)
    return info.id


async def test_a_table_everyone_left_ends_with_the_hand_settled(tmp_path, clock):
    store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
    rec = Recording()
    svc = make_service(StoreTables(store), rec, clock)
    before = await store.total_chips() if hasattr(store, "total_chips") else None
    tid = await open_and_leave(svc)
    for _ in range(200):
        if tid not in {t.id for t in svc.tables()}:
            break
        assert await clock.run_next()
    assert tid not in {t.id for t in svc.tables()}
    assert len(rec.settlements) == 1  # the hand under way, settled; no second hand dealt
    assert "call.nobody_left" in rec.notice_keys() and "call.game_over" in rec.notice_keys()
    assert rec.final and rec.final[-1].hands_played == 1
    row = await store.get_table(tid)
    assert row.status == "finished"
    assert sum(rec.final[-1].totals) == 0
    if before is not None:
        assert await store.total_chips() == before
    await store.close()


async def test_a_person_a_computer_played_a_whole_hand_for_ends_the_table(rec, clock):
    svc = make_service(None, rec, clock, afk_timeouts=1)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 8)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    await svc.start(info.id, ANN.user_id)
    for _ in range(2000):  # Ann never clicks: time-outs, then a computer keeps her seat
        if info.id not in {t.id for t in svc.tables()}:
            break
        assert await clock.run_next()
    assert info.id not in {t.id for t in svc.tables()}
    assert len(rec.settlements) == 1 and rec.final[-1].hands_played == 1


async def test_a_table_with_a_person_playing_goes_on(rec, clock):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 2)
    await svc.join(info.id, BOB)
    for _ in range(2):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    await svc.start(info.id, ANN.user_id)
    await svc.leave(GUILD, BOB.user_id)  # Bob leaves; Ann plays on to the last hand
    await play_out(svc, clock, info.id, (ANN,))
    assert len(rec.settlements) == 2 and "call.nobody_left" not in rec.notice_keys()


async def test_the_terminal_autoplay_table_plays_every_hand(rec, clock):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 2, seat_host=False)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    await svc.start(info.id, ANN.user_id)
    for _ in range(500):
        if info.id not in {t.id for t in svc.tables()}:
            break
        assert await clock.run_next()
    assert len(rec.settlements) == 2


async def test_opening_and_abandoning_tables_is_rate_limited(rec, clock):
    svc = make_service(None, rec, clock)
    for _ in range(MAX_OPENS // 2):
        await open_and_leave(svc)  # an opening and an abandoned table each
    with pytest.raises(TableError) as err:
        await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1)
    assert err.value.key == "err.too_many_opens" and 0 < err.value.args_["seconds"] <= OPEN_WINDOW
    assert svc.table_for(GUILD, ANN.user_id) is None  # nothing was opened
    # someone else is not held back, and Ann may open again once the window has passed
    await svc.create(GUILD, CHANNEL + 1, BOB, "heyuan-jihu", {}, 1, 1)
    await clock.advance(OPEN_WINDOW)
    await svc.create(GUILD, CHANNEL + 2, ANN, "heyuan-jihu", {}, 1, 1)


async def test_computers_alone_never_start(rec, clock):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1)
    await svc.join(info.id, BOB)
    for _ in range(2):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    t = svc._tables[info.id]
    for s in t.seats:  # both people left their seats to computers in the lobby's record
        if s is not None and s.user_id is not None:
            s.left = True
    with pytest.raises(TableError) as err:
        await svc.start(info.id, ANN.user_id)
    assert err.value.key == "err.need_person"
    assert svc.get(info.id).status.value == "waiting"


async def test_a_resumed_table_nobody_plays_at_ends_with_its_hand(tmp_path, clock):
    path = tmp_path / "m.db"
    store = await Store.open(path, StoreSettings(synchronous="OFF"))
    rec = Recording()
    svc = make_service(StoreTables(store), rec, clock, computer_delay=5.0)
    tid = await open_and_leave(svc)
    await svc.close()
    await store.close()  # the process "dies" before the computers finish the hand
    store = await Store.open(path, StoreSettings(synchronous="OFF"))
    svc = make_service(StoreTables(store), rec, clock)
    assert await svc.resume_all() == [tid]
    for _ in range(200):
        if tid not in {t.id for t in svc.tables()}:
            break
        assert await clock.run_next()
    assert tid not in {t.id for t in svc.tables()}
    assert (await store.get_table(tid)).status == "finished"
    assert len(rec.settlements) == 1
    await store.close()
