"""Tables kept in the store, on SQLite and PostgreSQL: a table reads back as it was written,
and a row damaged outside the bot is reported by name and left exactly as it is."""

from __future__ import annotations

import json
import logging

from tables.persist import StoreTables
from tests.store.conftest import raw_execute, snapshot
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service, seated_table
from tests.tables.fakes import Recording, first_choice, pending


async def stop(svc, store) -> None:
    """The process ends: its timers stop and the database lets go of its tables' leases."""
    await svc.close()
    for t in svc.tables():
        await store.release_lease(f"table:{t.id}")


async def test_a_lobby_reads_back_as_it_was(store):
    svc = make_service(StoreTables(store), Recording())
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {"seven_pairs": False}, 3, 2,
                            turn_seconds=12, hints=True, computer_level="easy", afk_level="hard")
    await svc.add_computer(info.id, ANN.user_id, "normal")
    await svc.join(info.id, BOB)
    before = svc.get(info.id)
    await stop(svc, store)
    again = make_service(StoreTables(store), Recording())
    assert await again.resume_all() == [info.id]
    assert again.get(info.id) == before
    assert [s.level for s in before.seats if s is not None] == ["hard", "normal", "hard"]
    t = again._tables[info.id]
    assert (t.turn_seconds, t.afk_level, t.hints) == (12.0, "hard", True)


async def test_a_damaged_row_is_reported_and_nothing_changes(store, settings, caplog):
    svc = make_service(StoreTables(store), Recording(), afk_timeouts=99)
    bad = await seated_table(svc, people=(ANN,), hands=1)
    good = (await svc.create(GUILD, CHANNEL, BOB, "heyuan-jihu", {}, 1, 1)).id
    await stop(svc, store)
    meta = (await store.get_table(bad)).seats
    meta["stake"] = "lots"
    await raw_execute(settings, "UPDATE game_tables SET seats = ? WHERE id = ?",
                      json.dumps(meta), bad)
    before = await snapshot(store)
    again = make_service(StoreTables(store), Recording())
    with caplog.at_level(logging.ERROR, logger="mahjong.tables"):
        assert await again.resume_all() == [good]
    assert f"table {bad}: 'stake' must be a whole number ≥ 1, not 'lots'" in caplog.text
    assert await snapshot(store) == before  # not resumed, not abandoned, not rewritten
    assert again.table_for(GUILD, ANN.user_id) is None
    assert again.table_for(GUILD, BOB.user_id) is not None


class KeepsHands(Recording):
    """A recording transport whose hands outlive the process (as Discord's DMs do)."""

    def __init__(self) -> None:
        super().__init__()
        self.resumed: dict[str, dict[int, tuple[int, int]]] = {}

    def resume_hands(self, table, hands, hand_no) -> None:
        self.resumed[table.id] = dict(hands)


async def test_where_each_hand_lives_is_given_back_to_a_restarted_process(store):
    svc = make_service(StoreTables(store), KeepsHands(), afk_timeouts=99)
    tid = await seated_table(svc, people=(ANN, BOB), hands=1)
    # the transport tells the service each new DM (plain ids); a seat not theirs is not kept
    await svc.remember_hand_message(tid, ANN.user_id, 9_000_000_000_000_000_001, 5)
    await svc.remember_hand_message(tid, BOB.user_id, 9_000_000_000_000_000_002, 6)
    await svc.remember_hand_message(tid, BOB.user_id, 9_000_000_000_000_000_002, 7)  # a new DM
    await svc.remember_hand_message(tid, 999, 1, 1)
    await stop(svc, store)
    rec = KeepsHands()
    again = make_service(StoreTables(store), rec, afk_timeouts=99)
    assert await again.resume_all() == [tid]
    assert rec.resumed == {tid: {ANN.user_id: (9_000_000_000_000_000_001, 5),
                                 BOB.user_id: (9_000_000_000_000_000_002, 7)}}
    # the game plays to its end: the table's rows go with it
    for _ in range(2000):
        if not again.tables():
            break
        todo = pending(again, tid, {ANN.user_id: 0, BOB.user_id: 1})
        if not todo:
            await again.clock.run_next()
            continue
        user, view = todo[0]
        await again.act(tid, user, view.hand_no, view.step, *first_choice(view))
    assert (await store.get_table(tid)).status == "finished"
    assert await store.hand_messages([tid]) == {}
    await again.remember_hand_message(tid, ANN.user_id, 1, 2)  # after the end: not kept
    assert await store.hand_messages([tid]) == {}


async def test_a_failed_read_of_the_hands_resumes_the_tables_all_the_same(store, caplog):
    svc = make_service(StoreTables(store), KeepsHands(), afk_timeouts=99)
    tid = await seated_table(svc, people=(ANN,), hands=1)
    await svc.remember_hand_message(tid, ANN.user_id, 1, 2)
    await stop(svc, store)

    class Broken(StoreTables):
        async def hand_messages(self, table_ids):
            raise OSError("the database went away")

    rec = KeepsHands()
    again = make_service(Broken(store), rec)
    with caplog.at_level(logging.WARNING, logger="mahjong.tables"):
        assert await again.resume_all() == [tid]
    assert "hand messages not read" in caplog.text
    assert rec.resumed == {tid: {}} and rec.privates  # shown as before: new messages
