"""The game store: tables, events with sequence numbers, the final event settled atomically."""

from __future__ import annotations

import pytest

from store import (
    DuplicateEvent,
    HandSettlement,
    HandStats,
    InvalidInput,
    PaymentIn,
    SequenceGap,
    Store,
    StoreSettings,
    UnknownTable,
)
from tests.store.conftest import GUILD, FakeClock, house, snapshot, user

SEATS = (user(1), user(2), house(), house())


async def new_table(store: Store, table_id: str = "t1") -> str:
    return await store.create_table(
        guild_id=GUILD, channel_id=100, preset="heyuan-zheng", options={"wildcards": 8},
        seats=[{"user": 1}, {"user": 2}, {"bot": "greedy"}, {"bot": "greedy"}], table_id=table_id,
    )


def hand_settlement(hand_no: int, amount: int = 10) -> HandSettlement:
    payments = tuple(PaymentIn(p, 0, amount) for p in (1, 2, 3))
    return HandSettlement(hand_no, SEATS, payments, HandStats((0,), True, None, amount, "p"))


async def test_events_append_in_order_and_load_back(store: Store):
    tid = await new_table(store)
    assert await store.append_events(tid, [{"type": "deal", "seed": 5}], 0) == 1
    assert await store.append_events(tid, [{"type": "draw"}, {"type": "discard", "tile": "5m"}], 1) == 3
    assert await store.append_events(tid, [{"type": "draw"}]) == 4  # at the end, no seq given
    events = await store.load_events(tid)
    assert [e["type"] for e in events] == ["deal", "draw", "discard", "draw"]
    assert events[2]["tile"] == "5m"
    assert [e["type"] for e in await store.load_events(tid, after_seq=2)] == ["draw"]


async def test_a_duplicate_append_is_refused_and_a_gap_too(store: Store):
    tid = await new_table(store)
    await store.append_events(tid, [{"type": "a"}, {"type": "b"}], 0)
    before = await snapshot(store)
    with pytest.raises(DuplicateEvent, match="already stored"):
        await store.append_events(tid, [{"type": "b"}, {"type": "c"}], 1)
    with pytest.raises(SequenceGap, match="missing events"):
        await store.append_events(tid, [{"type": "z"}], 5)
    with pytest.raises(UnknownTable):
        await store.append_events("nope", [{"type": "a"}], 0)
    with pytest.raises(InvalidInput, match="JSON"):
        await store.append_events(tid, [{"type": {1, 2}}], 2)
    with pytest.raises(InvalidInput, match="dict"):
        await store.append_events(tid, ["not an object"], 2)  # type: ignore[list-item]
    assert await snapshot(store) == before


async def test_unfinished_tables_survive_a_restart(settings: StoreSettings, clock: FakeClock):
    s = await Store.open(settings=settings, clock=clock)
    t1 = await new_table(s, "t1")
    clock.advance(seconds=1)
    t2 = await new_table(s, "t2")
    clock.advance(seconds=1)
    t3 = await s.create_table(guild_id=GUILD + 1, channel_id=1, preset="guangdong")
    await s.update_table(t1, status="playing")
    await s.append_events(t1, [{"type": "deal"}, {"type": "draw"}], 0)
    await s.append_events_and_settle(t1, [{"type": "hand_end"}], 2, hand_settlement(0))
    await s.finish_table(t2, result={"winner": 1})
    await s.close()

    s = await Store.open(settings=settings, clock=clock)
    try:
        unfinished = await s.list_unfinished()
        assert [t.id for t in unfinished] == [t1, t3]
        rec = unfinished[0]
        assert (rec.status, rec.preset, rec.options, rec.next_seq) == ("playing", "heyuan-zheng", {"wildcards": 8}, 3)
        assert rec.seats[2] == {"bot": "greedy"}
        assert [e["type"] for e in await s.load_events(t1)] == ["deal", "draw", "hand_end"]
        assert [t.id for t in await s.list_unfinished(GUILD)] == [t1]
        done = await s.get_table(t2)
        assert (done.status, done.result) == ("finished", {"winner": 1})
        assert done.finished_at_ms == clock.ms
        with pytest.raises(InvalidInput, match="finished"):
            await s.append_events(t2, [{"type": "late"}])
    finally:
        await s.close()


async def test_final_event_and_settlement_commit_together(store: Store):
    tid = await new_table(store)
    await store.append_events(tid, [{"type": "deal"}], 0)
    r = await store.append_events_and_settle(tid, [{"type": "hand_end", "hand": 0}], 1, hand_settlement(0))
    assert r.deltas == (30, -10, -10, -10)
    # the same call again (a retry after a timeout): no second payment, no second event
    again = await store.append_events_and_settle(tid, [{"type": "hand_end", "hand": 0}], 1, hand_settlement(0))
    assert again.already_settled and again.deltas == r.deltas
    assert len(await store.load_events(tid)) == 2


async def test_a_refused_final_event_settles_nothing(store: Store):
    tid = await new_table(store)
    await store.append_events(tid, [{"type": "deal"}, {"type": "draw"}], 0)
    before = await snapshot(store)
    with pytest.raises(DuplicateEvent):
        await store.append_events_and_settle(tid, [{"type": "hand_end"}], 1, hand_settlement(0))
    assert await snapshot(store) == before
    with pytest.raises(UnknownTable):
        await store.append_events_and_settle("ghost", [{"type": "hand_end"}], 0, hand_settlement(0))
    assert await snapshot(store) == before


async def test_table_ids_are_unique_and_checked(store: Store):
    await new_table(store, "t1")
    with pytest.raises(InvalidInput, match="already exists"):
        await new_table(store, "t1")
    with pytest.raises(InvalidInput, match="status"):
        await store.create_table(guild_id=1, channel_id=1, preset="x", status="lost")
    generated = await store.create_table(guild_id=1, channel_id=1, preset="x")
    assert len(generated) == 16
