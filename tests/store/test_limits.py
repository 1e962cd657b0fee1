"""Balances stay 64-bit integers: a documented maximum, payouts checked against it.

10,000 payouts of 10^15 used to push a balance past 2^63 - 1, where SQLite stores a REAL,
and the books check then refused to start the bot.
"""

from __future__ import annotations

import pytest

from store import BalanceLimit, PaymentIn, Store
from store.ledger import HOUSE_LIMIT, MAX_AMOUNT, MAX_BALANCE, cap_payments
from tests.store.conftest import GUILD, house, user

SEATS = (user(1), house(), house(), house())


async def test_payouts_stop_at_the_maximum_and_stay_integers(store: Store, backend: str):
    assert MAX_BALANCE <= MAX_AMOUNT and 4 * MAX_AMOUNT + HOUSE_LIMIT < 2**63
    hands = 60  # three payers of 10^15 each: past 2^63 long before 10,000 hands before the fix
    for n in range(hands):
        pays = [PaymentIn(p, 0, MAX_AMOUNT, "win") for p in (1, 2, 3)]
        r = await store.settle_hand("rich", n, SEATS, pays)
        assert sum(r.deltas) == 0
    assert await store.balance(user(1)) == MAX_BALANCE
    # SQLite turns a sum past 2^63 - 1 into a REAL; PostgreSQL's BIGINT would refuse it
    typeof, integer = ("typeof", "integer") if backend == "sqlite" else ("pg_typeof", "bigint")
    kinds = await store.run_read(lambda tx: tx.fetchall(
        f"SELECT DISTINCT {typeof}(balance)::text FROM accounts UNION "
        f"SELECT DISTINCT {typeof}(amount)::text FROM ledger_entries"
        if backend != "sqlite" else
        f"SELECT DISTINCT {typeof}(balance) FROM accounts UNION "
        f"SELECT DISTINCT {typeof}(amount) FROM ledger_entries"))
    assert {k for (k,) in kinds} == {integer}
    await store.verify_books()
    # the history says what was owed and what moved once the maximum was reached
    last = (await store.history(user(1), limit=1))[0]
    assert last.amount == 0 and last.owed == 3 * MAX_AMOUNT


async def test_a_grant_past_the_maximum_is_refused_with_a_clear_message(store: Store):
    await store.grant(user(2), MAX_BALANCE - 1000, actor_id=9, reason="whale")
    before = await store.balance(user(2))
    with pytest.raises(BalanceLimit) as exc:
        await store.grant(user(2), 1, actor_id=9, reason="one more")
    assert f"{MAX_BALANCE:,}" in str(exc.value) and "nothing was written" in str(exc.value)
    assert await store.balance(user(2)) == before == MAX_BALANCE
    with pytest.raises(BalanceLimit):
        await store.claim_daily(user(2))
    await store.verify_books()


def test_the_cap_leaves_room_only_up_to_the_maximum():
    pays = [PaymentIn(1, 0, 500, "win"), PaymentIn(2, 0, 500, "win")]
    out = cap_payments(pays, [100, None, None], room=[600, None, None])
    assert [p.paid for p in out] == [500, 100]
    assert GUILD > 0
