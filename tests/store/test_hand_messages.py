"""Where each person's hand lives (``hand_messages``), on SQLite and PostgreSQL: kept once per
new DM and replaced by the next, read back for the tables being resumed, gone with the table."""

from __future__ import annotations

import pytest

from store import InvalidInput, Store, games
from tests.store.conftest import GUILD, snapshot

SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids are 64-bit


async def new_table(store: Store, table_id: str, status: str = "playing") -> str:
    return await store.create_table(guild_id=GUILD, channel_id=100, preset="heyuan-zheng",
                                    seats=[], status=status, table_id=table_id)


async def test_a_hand_message_is_kept_replaced_and_read_back(store: Store):
    await new_table(store, "t1")
    await new_table(store, "t2", status="waiting")
    assert await store.save_hand_message("t1", 1, SNOWFLAKE, SNOWFLAKE + 1)
    assert await store.save_hand_message("t1", 2, 20, 21)
    assert await store.save_hand_message("t2", 1, SNOWFLAKE, 31)
    assert await store.hand_messages(["t1", "t2", "elsewhere"]) == {
        "t1": {1: (SNOWFLAKE, SNOWFLAKE + 1), 2: (20, 21)},
        "t2": {1: (SNOWFLAKE, 31)},
    }
    # a new DM for the same person and table replaces the one kept (an upsert, one row)
    assert await store.save_hand_message("t1", 1, SNOWFLAKE, 99)
    assert await store.hand_messages(["t1"]) == {"t1": {1: (SNOWFLAKE, 99), 2: (20, 21)}}
    assert await store.hand_messages([]) == {}


async def test_the_rows_of_a_table_go_when_it_finishes_or_is_abandoned(store: Store):
    for tid in ("done", "cancelled", "going"):
        await new_table(store, tid)
        await store.save_hand_message(tid, 1, 10, 11)
    await store.finish_table("done", result={"scores": [0, 0, 0, 0]})
    await store.finish_table("cancelled", status="abandoned")
    assert await store.hand_messages(["done", "cancelled", "going"]) == {"going": {1: (10, 11)}}
    # a DM sent after the end (the final hands are shown after it) leaves no row behind
    before = await snapshot(store)
    assert await store.save_hand_message("done", 2, 10, 12) is False
    assert await store.save_hand_message("no such table", 1, 10, 13) is False
    assert await snapshot(store) == before
    assert await store.forget_hand_messages("going") == 1
    assert await store.hand_messages(["going"]) == {}


async def test_bad_ids_are_refused_and_nothing_is_written(store: Store):
    await new_table(store, "t1")
    before = await snapshot(store)
    for bad in ((True, 1, 1), (1, -1, 1), (1, 1, 2**63), (1, 1, "5")):
        with pytest.raises(InvalidInput, match="Discord id"):
            await store.save_hand_message("t1", *bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="table id"):
        await store.save_hand_message("", 1, 1, 1)
    assert await snapshot(store) == before


async def test_the_hands_of_many_tables_are_read_in_chunks(store: Store, monkeypatch):
    monkeypatch.setattr(games, "HAND_MESSAGES_CHUNK", 2)
    ids = [f"t{i}" for i in range(5)]
    for i, tid in enumerate(ids):
        await new_table(store, tid)
        await store.save_hand_message(tid, 7, 70, 700 + i)
    found = await store.hand_messages([*ids, "t0"])
    assert found == {tid: {7: (70, 700 + i)} for i, tid in enumerate(ids)}
