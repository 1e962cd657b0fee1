"""Property: after any sequence of settlements, claims, grants, removals, season resets and
failures, the books balance exactly.

Stated in docs/store.md: per guild, Σ player balances + house balance = chips created
(starting chips + daily claims + grants − removals + season-reset adjustments) = −mint
balance, every ledger transaction sums to zero, and every balance equals the sum of its
entries.  The model below also predicts every balance exactly (payers paying what they have).
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store import (
    AccountRef,
    AlreadyClaimed,
    HandStats,
    InsufficientChips,
    InvalidInput,
    PaymentIn,
    Store,
    StoreSettings,
)
from tests.store import pg
from tests.store.conftest import GUILD, FakeClock, house, user

START, DAILY = 500, 100
SEAT_CHOICES = [1, 2, 3, 4, 5, None, None, None]  # None: a computer seat (the house)

amounts = st.integers(min_value=1, max_value=900)
payments = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), amounts, st.sampled_from(["win", "kong", "horse"]))
    .filter(lambda p: p[0] != p[1]),
    max_size=6,
)
op = st.one_of(
    st.tuples(st.just("settle"), st.integers(0, 5), st.permutations(SEAT_CHOICES), payments),
    st.tuples(st.just("resettle"), st.integers(0, 50)),
    st.tuples(st.just("failed_settle"), st.permutations(SEAT_CHOICES), payments),
    st.tuples(st.just("bad_settle"), st.permutations(SEAT_CHOICES)),
    st.tuples(st.just("claim"), st.integers(1, 5), st.booleans()),
    st.tuples(st.just("grant"), st.integers(1, 5), amounts),
    st.tuples(st.just("remove"), st.integers(1, 5), st.integers(1, 2000)),
    st.tuples(st.just("season")),
)


@dataclass
class Model:
    balances: dict[AccountRef, int] = field(default_factory=dict)
    created: int = 0
    claimed: set[tuple[int, int]] = field(default_factory=set)
    day: int = 0
    settled: list[tuple[str, int, tuple[AccountRef, ...], list[PaymentIn]]] = field(default_factory=list)

    def open(self, ref: AccountRef) -> None:
        if ref not in self.balances:
            self.balances[ref] = 0 if ref.is_house else START
            self.created += 0 if ref.is_house else START

    def settle(self, seats: tuple[AccountRef, ...], pays: list[PaymentIn]) -> None:
        for ref in seats:
            self.open(ref)
        left = {r: (None if r.is_house else self.balances[r]) for r in seats}
        for p in pays:
            payer, payee = seats[p.payer], seats[p.payee]
            have = left[payer]
            paid = p.amount if have is None else min(p.amount, have)
            if have is not None:
                left[payer] = have - paid
            if left[payee] is not None:
                left[payee] = (left[payee] or 0) + paid
            self.balances[payer] -= paid
            self.balances[payee] += paid


def seats_of(perm: list[int | None]) -> tuple[AccountRef, ...]:
    return tuple(house() if p is None else user(p) for p in perm[:4])


def pays_of(raw: list[tuple[int, int, int, str]]) -> list[PaymentIn]:
    return [PaymentIn(a, b, n, r) for a, b, n, r in raw]


async def run(ops: list[tuple], cfg: StoreSettings) -> None:
    clock = FakeClock.__new__(FakeClock)
    clock.ms = 1_740_000_000_000
    s = await Store.open(settings=cfg, clock=clock)
    m = Model()
    hand_no = 0
    try:
        for o in ops:
            kind = o[0]
            if kind == "settle":
                seats, pays = seats_of(o[2]), pays_of(o[3])
                game = f"game-{o[1]}"
                r = await s.settle_hand(game, hand_no, seats, pays, HandStats())
                assert not r.already_settled and sum(r.deltas) == 0
                m.settle(seats, pays)
                m.settled.append((game, hand_no, seats, pays))
                hand_no += 1
            elif kind == "resettle" and m.settled:
                game, h, seats, pays = m.settled[o[1] % len(m.settled)]
                r = await s.settle_hand(game, h, seats, pays, HandStats())
                assert r.already_settled
            elif kind == "failed_settle":
                def boom(where: str) -> None:
                    if where == "settle:before_commit":
                        raise RuntimeError("simulated failure")

                s.fault_hook = boom
                try:
                    await s.settle_hand("failing", hand_no, seats_of(o[1]), pays_of(o[2]))
                    raise AssertionError("the fault hook did not fire")
                except RuntimeError:
                    pass
                finally:
                    s.fault_hook = None
            elif kind == "bad_settle":
                try:
                    await s.settle_hand("bad", hand_no, seats_of(o[1]), [PaymentIn(0, 7, 10)])
                    raise AssertionError("a bad seat was accepted")
                except InvalidInput:
                    pass
            elif kind == "claim":
                ref = user(o[1])
                if o[2]:
                    clock.ms += 86_400_000
                    m.day += 1
                try:
                    await s.claim_daily(ref)
                    assert (o[1], m.day) not in m.claimed
                    m.open(ref)
                    m.balances[ref] += DAILY
                    m.created += DAILY
                    m.claimed.add((o[1], m.day))
                except AlreadyClaimed:
                    assert (o[1], m.day) in m.claimed
            elif kind == "grant":
                ref = user(o[1])
                await s.grant(ref, o[2], actor_id=1, reason="property test")
                m.open(ref)
                m.balances[ref] += o[2]
                m.created += o[2]
            elif kind == "remove":
                ref = user(o[1])
                m.open(ref)
                try:
                    await s.remove(ref, o[2], actor_id=1, reason="property test")
                    assert o[2] <= m.balances[ref]
                    m.balances[ref] -= o[2]
                    m.created -= o[2]
                except InsufficientChips:
                    assert o[2] > m.balances[ref]
            elif kind == "season":
                await s.reset_season(GUILD, actor_id=1)
                for ref in m.balances:
                    target = 0 if ref.is_house else START
                    m.created += target - m.balances[ref]
                    m.balances[ref] = target
        # the invariants, stated exactly
        for ref, want in m.balances.items():
            assert await s.balance(ref) == want, ref
        totals = await s.guild_totals(GUILD)
        assert totals["user"] + totals["house"] == m.created == -totals["mint"]
        assert totals["house"] == m.balances.get(house(), 0)
        assert all(b >= 0 for r, b in m.balances.items() if not r.is_house)

        async def unbalanced(tx):
            return await tx.fetchall(
                "SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING SUM(amount) <> 0")

        assert await s.run_read(unbalanced) == []
        await s.verify_books()
    finally:
        await s.close()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(op, max_size=25))
def test_the_books_always_balance(ops):
    with tempfile.TemporaryDirectory() as d:
        cfg = StoreSettings(path=str(Path(d) / "p.db"), starting_chips=START, daily_amount=DAILY,
                            synchronous="NORMAL")
        asyncio.run(run(ops, cfg))


# fewer examples on PostgreSQL: each one creates and drops a schema of its own
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(op, max_size=25))
def test_the_books_always_balance_on_postgresql(ops):
    pg.require()
    schema = pg.new_schema()
    cfg = StoreSettings(starting_chips=START, daily_amount=DAILY, synchronous="NORMAL",
                        database_url=pg.URL, database_schema=schema)
    try:
        asyncio.run(run(ops, cfg))
    finally:
        asyncio.run(pg.drop_schema(schema))
