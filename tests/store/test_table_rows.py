"""Tables kept in the store, on SQLite and PostgreSQL: a table reads back as it was written,
and a row damaged outside the bot is reported by name and left exactly as it is."""

from __future__ import annotations

import json
import logging

from tables.persist import StoreTables
from tests.store.conftest import raw_execute, snapshot
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service, seated_table
from tests.tables.fakes import Recording


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
