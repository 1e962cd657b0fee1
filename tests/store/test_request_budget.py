"""The token's request budget shared through the ledger: grants from one slice never add up
past its cap, whichever processes ask (PostgreSQL only: one process needs none)."""

from __future__ import annotations

import asyncio

import pytest

from store import Store, StoreSettings
from store.errors import StoreError
from store.request_budget import RequestBudget


@pytest.mark.sqlite_only
async def test_sqlite_has_no_budget_between_processes(store: Store):
    budget = RequestBudget(store, "token:1", 0.1)
    assert not budget.available
    with pytest.raises(StoreError, match="PostgreSQL"):
        await budget.take(1, 4)


@pytest.mark.postgresql_only
async def test_grants_of_one_slice_stay_within_its_cap_across_processes(settings: StoreSettings):
    # four processes, each with a connection of its own, asking at once in long slices
    stores = [await Store.open(settings=settings) for _ in range(4)]
    try:
        budgets = [RequestBudget(s, "token:7", 5.0) for s in stores]
        grants = await asyncio.gather(*(b.take(3, 10) for b in budgets for _ in range(3)))
        slices = {left > 0 for _g, left in grants}
        assert slices == {True}
        if sum(g for g, _ in grants) < 10:  # a slice ended amid the asks: ask again
            grants = await asyncio.gather(*(b.take(3, 10) for b in budgets for _ in range(3)))
        assert sum(g for g, _ in grants) == 10  # 12 asks of 3 share the slice's 10
        assert all(0 <= g <= 3 for g, _ in grants)
        assert all(0 < left <= 5.0 for _g, left in grants)
    finally:
        for s in stores:
            await s.close()


async def two_in_one_slice(budget: RequestBudget, want: int, cap: int) -> tuple[int, int, float]:
    """Two asks that fell in the same slice (asked again when a slice ended between them)."""
    for _ in range(5):
        g1, left1 = await budget.take(want, cap)
        g2, left2 = await budget.take(want, cap)
        if left2 <= left1:
            return g1, g2, left2
    raise AssertionError("every pair of asks straddled two slices")


@pytest.mark.postgresql_only
async def test_a_slice_fills_up_and_the_next_starts_empty(store: Store):
    budget = RequestBudget(store, "token:8", 0.5)
    first, second, left = await two_in_one_slice(budget, 3, 4)
    assert (first, second) == (3, 1)  # the cap of 4 reached within the slice
    assert (await budget.take(1, 4))[0] in (0, 1)  # full, unless a new slice began
    await asyncio.sleep(left + 0.01)
    again, _ = await budget.take(4, 4)
    assert again == 4  # a new slice
    other, _ = await RequestBudget(store, "token:9", 0.5).take(4, 4)
    assert other == 4  # another bot's token has a budget of its own


@pytest.mark.postgresql_only
async def test_an_ask_from_a_slice_already_over_gets_nothing(settings: StoreSettings):
    # an ask that waited for the row while another process moved it to a newer slice: the
    # row is moved far ahead here, as if that had happened
    store = await Store.open(settings=settings)
    try:
        budget = RequestBudget(store, "token:11", 0.1)
        await budget.take(1, 4)
        async with store.backend.write("moving the slice") as tx:
            await tx.execute("UPDATE request_budget SET slice = slice + 1000, used = 2 "
                             "WHERE bucket = ?", ("token:11",))
        assert (await budget.take(4, 4))[0] == 0
        async with store.backend.read("reading the row") as tx:
            row = await tx.fetchone("SELECT used FROM request_budget WHERE bucket = ?",
                                    ("token:11",))
        assert row == (2,)  # the newer slice's count is left as it was
    finally:
        await store.close()


@pytest.mark.postgresql_only
async def test_a_request_for_nothing_is_granted_nothing(store: Store):
    budget = RequestBudget(store, "token:10", 0.1)
    assert await budget.take(0, 4) == (0, 0.0)
