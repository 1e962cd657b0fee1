"""Many tables settling at once: every chip accounted for, no lost update."""

from __future__ import annotations

import asyncio
import random

from store import AccountRef, HandStats, PaymentIn, Store, StoreSettings
from tests.store.conftest import GUILD, FakeClock, house, user

PLAYERS = 12
TABLES = 50
HANDS = 4


def plan(seed: int) -> list[tuple[str, int, tuple[AccountRef, ...], list[PaymentIn]]]:
    """Hands of 50 tables whose seats overlap (12 players), payments small enough that
    nobody runs out, so the expected balances do not depend on the order of commits."""
    rng = random.Random(seed)
    out = []
    for t in range(TABLES):
        people = rng.sample(range(1, PLAYERS + 1), 3)
        seats = (*(user(p) for p in people), house())
        for h in range(HANDS):
            winner = rng.randrange(4)
            pays = [PaymentIn(s, winner, rng.randint(1, 9)) for s in range(4) if s != winner]
            out.append((f"table-{t}", h, seats, pays))
    return out


def expected(hands, start: int) -> dict[AccountRef, int]:
    bal: dict[AccountRef, int] = {user(p): start for p in range(1, PLAYERS + 1)}
    bal[house()] = 0
    for _tid, _h, seats, pays in hands:
        for p in pays:
            bal[seats[p.payer]] -= p.amount
            bal[seats[p.payee]] += p.amount
    return bal


async def test_fifty_tables_settle_at_once_without_losing_an_update(store: Store):
    hands = plan(1)

    async def play(tid: str) -> None:
        for t, h, seats, pays in hands:
            if t == tid:
                await store.settle_hand(t, h, seats, pays, HandStats((pays[0].payee,), True))
                await asyncio.sleep(0)

    await asyncio.gather(*(play(f"table-{t}") for t in range(TABLES)))
    want = expected(hands, 1000)
    assert {ref: await store.balance(ref) for ref in want} == want
    stats = sum([(await store.user_stats(user(p))).hands for p in range(1, PLAYERS + 1)])
    assert stats == TABLES * HANDS * 3
    await store.verify_books()


async def test_the_same_hands_sent_twice_at_once_settle_once(store: Store):
    hands = plan(2)
    calls = [store.settle_hand(t, h, seats, pays) for _ in range(2) for t, h, seats, pays in hands]
    results = await asyncio.gather(*calls)
    assert sum(not r.already_settled for r in results) == len(hands)
    want = expected(hands, 1000)
    assert {ref: await store.balance(ref) for ref in want} == want
    await store.verify_books()


async def test_two_connections_to_one_file_do_not_lose_updates(
    store: Store, settings: StoreSettings, clock: FakeClock
):
    # a second Store on the same file stands for a second process: SQLite's write lock
    # (BEGIN IMMEDIATE + busy timeout) serialises the two
    other = await Store.open(settings=settings, clock=clock)
    try:
        hands = plan(3)
        half = len(hands) // 2
        await asyncio.gather(
            *(store.settle_hand(t, h, s, p) for t, h, s, p in hands[:half]),
            *(other.settle_hand(t, h, s, p) for t, h, s, p in hands[half:]),
            *(store.claim_daily(user(p)) for p in range(1, PLAYERS + 1)),
        )
        want = expected(hands, 1000)
        for p in range(1, PLAYERS + 1):
            want[user(p)] += 200
        assert {ref: await other.balance(ref) for ref in want} == want
        totals = await store.guild_totals(GUILD)
        assert totals["user"] + totals["house"] == PLAYERS * 1200
        await store.verify_books()
    finally:
        await other.close()
