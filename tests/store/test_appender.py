"""Appends of many tables are written together (group commit): fewer transactions than
appends, each append answered with its own table's next seq or its own refusal, a table's
appends in order, nothing lost or written twice."""

from __future__ import annotations

import asyncio

import pytest

from store import DuplicateEvent, InvalidInput, SequenceGap, Store, UnknownTable
from tests.store.test_games import new_table


async def test_appends_that_arrive_together_are_one_transaction(store: Store):
    tables = [await new_table(store, f"t{i}") for i in range(30)]
    before = store.appender.batches
    nexts = await asyncio.gather(*(
        store.append_events(t, [{"type": "deal", "n": i}, {"type": "draw"}], 0)
        for i, t in enumerate(tables)))
    assert nexts == [2] * 30
    # the first append starts a transaction; the 29 that came meanwhile share the next one
    assert store.appender.batches - before <= 2
    for i, t in enumerate(tables):
        assert [e["type"] for e in await store.load_events(t)] == ["deal", "draw"]
        assert (await store.load_events(t))[0]["n"] == i


async def test_a_refused_append_is_refused_alone_and_the_others_are_written(store: Store):
    good = [await new_table(store, f"g{i}") for i in range(3)]
    late = await new_table(store, "late")
    await store.append_events(late, [{"type": "deal"}], 0)
    calls = [store.append_events(t, [{"type": "deal"}], 0) for t in good]
    calls.append(store.append_events(late, [{"type": "again"}], 0))  # seq 0 is taken
    calls.append(store.append_events(late, [{"type": "gap"}], 5))  # the next batch: a gap
    calls.append(store.append_events("nobody", [{"type": "x"}], 0))
    out = await asyncio.gather(*calls, return_exceptions=True)
    assert out[:3] == [1, 1, 1]
    assert isinstance(out[3], DuplicateEvent)
    assert isinstance(out[4], SequenceGap)
    assert isinstance(out[5], UnknownTable)
    assert [e["type"] for e in await store.load_events(late)] == ["deal"]
    for t in good:
        assert [e["type"] for e in await store.load_events(t)] == ["deal"]


async def test_a_tables_appends_made_at_once_are_written_in_turn(store: Store):
    t = await new_table(store)
    out = await asyncio.gather(*(store.append_events(t, [{"type": "e", "n": n}], n)
                                 for n in range(5)))
    assert out == [1, 2, 3, 4, 5]
    assert [e["n"] for e in await store.load_events(t)] == [0, 1, 2, 3, 4]


async def test_bad_input_is_refused_before_anything_is_queued(store: Store):
    t = await new_table(store)
    with pytest.raises(InvalidInput):
        await store.append_events(t, [{"type": {1, 2}}], 0)
    with pytest.raises(InvalidInput):
        await store.append_events(t, [{"type": "ok"}], -1)
    assert store.appender._waiting == []
    assert await store.append_events(t, [{"type": "ok"}], 0) == 1


async def test_a_failing_transaction_answers_each_append_alone(store: Store):
    """The batch's statements fail (not an append's refusal): each append is written again on
    its own, so one that can be written is, and one that cannot gets its own error."""
    tables = [await new_table(store, f"f{i}") for i in range(4)]
    real = store.backend.write
    failed = []

    def failing_once(what: str):
        if "4 table(s)" in what and not failed:
            failed.append(what)
            raise InvalidInput("the disk is on fire")
        return real(what)

    store.backend.write = failing_once  # type: ignore[method-assign]
    try:
        # queued behind a first append so that the four arrive as one batch
        first = asyncio.create_task(store.append_events(await new_table(store, "x"), [{"a": 1}], 0))
        await asyncio.sleep(0)
        out = await asyncio.gather(*(store.append_events(t, [{"type": "deal"}], 0)
                                     for t in tables))
        await first
    finally:
        store.backend.write = real  # type: ignore[method-assign]
    assert failed and out == [1, 1, 1, 1]
