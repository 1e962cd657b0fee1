"""The chip ledger: settlements, claims, grants, seasons, queries."""

from __future__ import annotations

import pytest

from store import (
    AlreadyClaimed,
    HandStats,
    InsufficientChips,
    InvalidInput,
    PaymentIn,
    SettingError,
    Store,
)
from tests.store.conftest import GUILD, FakeClock, house, snapshot, user

SEATS = (user(1), user(2), user(3), house())


def self_draw_by(winner: int, each: int, seats: int = 4) -> list[PaymentIn]:
    return [PaymentIn(p, winner, each, "win") for p in range(seats) if p != winner]


async def test_new_players_start_with_the_configured_chips(store: Store):
    assert await store.balance(user(1)) == 1000
    assert await store.balance(house()) == 0
    [item] = await store.history(user(1))
    assert (item.kind, item.amount) == ("starting_chips", 1000)


async def test_a_settlement_moves_chips_and_sums_to_zero(store: Store):
    r = await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 100), HandStats((0,), True, None, 100, "pure"))
    assert not r.already_settled
    assert r.deltas == (300, -100, -100, -100)
    assert sum(r.deltas) == 0
    assert r.balances == (1300, 900, 900, -100)
    assert await store.balance(user(2)) == 900
    totals = await store.guild_totals(GUILD)
    assert totals["user"] + totals["house"] == -totals["mint"] == 3000
    await store.verify_books()


async def test_settling_the_same_hand_twice_changes_nothing(store: Store):
    first = await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 100), HandStats((0,), True))
    before = await snapshot(store)
    again = await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 999), HandStats((1,), True))
    assert again.already_settled
    assert again.txn_id == first.txn_id
    assert again.deltas == first.deltas
    assert [(p.owed, p.paid) for p in again.payments] == [(p.owed, p.paid) for p in first.payments]
    assert await snapshot(store) == before


async def test_a_payer_pays_only_what_they_have_in_payment_order(store: Store):
    await store.remove(user(2), 950, actor_id=99, reason="test: leave 50")
    payments = [PaymentIn(1, 0, 30, "kong"), PaymentIn(1, 0, 100, "win"), PaymentIn(2, 0, 100, "win")]
    r = await store.settle_hand("g1", 0, SEATS, payments, HandStats((0,), False, 1, 100))
    assert [(p.owed, p.paid) for p in r.payments] == [(30, 30), (100, 20), (100, 100)]
    assert r.deltas == (150, -50, -100, 0)
    assert await store.balance(user(2)) == 0
    [hand] = [h for h in await store.history(user(2)) if h.kind == "hand_settlement"]
    assert (hand.amount, hand.owed) == (-50, -130)
    [won] = [h for h in await store.history(user(1)) if h.kind == "hand_settlement"]
    assert (won.amount, won.owed) == (150, 230)


async def test_chips_received_earlier_in_the_hand_can_be_paid_on(store: Store):
    await store.remove(user(2), 1000, actor_id=99, reason="test: empty")
    payments = [PaymentIn(0, 1, 40, "kong"), PaymentIn(1, 2, 100, "win")]
    r = await store.settle_hand("g1", 0, SEATS, payments)
    assert [p.paid for p in r.payments] == [40, 40]


async def test_the_house_pays_in_full_and_may_go_negative(store: Store):
    seats = (user(1), house(), house(), house())
    r = await store.settle_hand("g1", 0, seats, self_draw_by(0, 5000), HandStats((0,), True, None, 5000))
    assert r.deltas == (15000, -5000, -5000, -5000)
    assert await store.balance(house()) == -15000
    await store.verify_books()


async def test_house_seats_do_not_get_statistics(store: Store):
    await store.settle_hand("g1", 0, SEATS, self_draw_by(3, 10), HandStats((3,), True, None, 10, "x"))
    rows = await store.leaderboard(GUILD, "net")
    assert {r.user_id for r in rows} == {1, 2, 3}


async def test_daily_once_per_utc_day(store: Store, clock: FakeClock):
    r = await store.claim_daily(user(1))
    assert (r.amount, r.balance) == (200, 1200)
    before = await snapshot(store)
    with pytest.raises(AlreadyClaimed) as err:
        await store.claim_daily(user(1))
    assert "already claimed" in err.value.message
    assert err.value.next_claim_ms == r.next_claim_ms
    assert await snapshot(store) == before
    clock.advance(hours=11, minutes=59)  # 23:59 UTC: still the same day
    with pytest.raises(AlreadyClaimed):
        await store.claim_daily(user(1))
    clock.advance(minutes=1)  # midnight UTC
    assert (await store.claim_daily(user(1))).balance == 1400


async def test_daily_amount_and_starting_chips_follow_guild_settings(store: Store):
    await store.set_guild_setting(GUILD, "daily_amount", 50, actor_id=5)
    await store.set_guild_setting(GUILD, "starting_chips", 300, actor_id=5)
    assert await store.balance(user(40)) == 300
    assert (await store.claim_daily(user(40))).amount == 50
    assert await store.balance(AccountRef_other := user(40, guild=8)) == 1000
    assert AccountRef_other.guild_id == 8


async def test_daily_turned_off(store: Store):
    await store.set_guild_setting(GUILD, "daily_amount", 0)
    with pytest.raises(InvalidInput, match="turned off"):
        await store.claim_daily(user(1))


async def test_guild_settings_are_typed(store: Store):
    s = await store.get_guild_settings(GUILD)
    assert (s.default_preset, s.stake, s.starting_chips, s.daily_amount) == ("heyuan-zheng", 1, 1000, 200)
    s = await store.set_guild_setting(GUILD, "default_preset", "guangdong")
    assert s.default_preset == "guangdong"
    s = await store.set_guild_setting(GUILD, "turn_timer", 20)
    assert s.turn_timer == 20
    before = await snapshot(store)
    for key, value in [("stake", "5"), ("stake", 0), ("turn_timer", 1), ("nope", 1),
                       ("default_preset", ""), ("stake", True), ("daily_amount", 2.5)]:
        with pytest.raises(SettingError):
            await store.set_guild_setting(GUILD, key, value)
    assert await snapshot(store) == before


async def test_admin_grants_and_removals_record_who_and_why(store: Store):
    assert await store.grant(user(1), 500, actor_id=42, reason="tournament prize") == 1500
    assert await store.remove(user(1), 200, actor_id=42, reason="typo") == 1300
    items = await store.history(user(1))
    assert [(h.kind, h.amount, h.actor_id, h.reason) for h in items[:2]] == [
        ("admin_removal", -200, 42, "typo"), ("admin_grant", 500, 42, "tournament prize")]
    before = await snapshot(store)
    with pytest.raises(InsufficientChips) as err:
        await store.remove(user(1), 1301, actor_id=42, reason="too much")
    assert err.value.balance == 1300 and "at most 1300" in err.value.message
    with pytest.raises(InvalidInput):
        await store.grant(user(1), 10, actor_id=42, reason="  ")
    with pytest.raises(InvalidInput):
        await store.grant(user(1), -10, actor_id=42, reason="negative")
    assert await snapshot(store) == before


async def test_a_grant_with_an_idempotency_key_happens_once(store: Store):
    assert await store.grant(user(1), 100, actor_id=1, reason="r", idem_key="interaction-1") == 1100
    assert await store.grant(user(1), 100, actor_id=1, reason="r", idem_key="interaction-1") == 1100


@pytest.mark.parametrize("payments, message", [
    ([PaymentIn(0, 4, 10)], "not a seat"),
    ([PaymentIn(0, 0, 10)], "cannot pay itself"),
    ([PaymentIn(0, 1, 0)], "more than 0"),
    ([PaymentIn(0, 1, -5)], "more than 0"),
    ([PaymentIn(0, 1, 10, "")], "reason"),
])
async def test_bad_payments_are_refused_and_change_nothing(store: Store, payments, message):
    await store.balance(user(1))
    before = await snapshot(store)
    with pytest.raises(InvalidInput, match=message):
        await store.settle_hand("g1", 0, SEATS, payments)
    assert await snapshot(store) == before


async def test_bad_seats_and_stats_are_refused(store: Store):
    with pytest.raises(InvalidInput, match="one guild"):
        await store.settle_hand("g1", 0, (user(1), user(2, guild=9)), [])
    with pytest.raises(InvalidInput, match="sit only once"):
        await store.settle_hand("g1", 0, (user(1), user(1)), [])
    with pytest.raises(InvalidInput, match="both win and deal in"):
        await store.settle_hand("g1", 0, SEATS, [], HandStats((1,), False, 1))
    with pytest.raises(InvalidInput, match="hand number"):
        await store.settle_hand("g1", -1, SEATS, [])


async def test_statistics_and_leaderboards(store: Store):
    # hand 0: 1 self-draws; hand 1: 2 wins on 3's discard; hand 2: draw
    await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 50), HandStats((0,), True, None, 50, "all_pungs"))
    await store.settle_hand("g1", 1, SEATS, [PaymentIn(2, 1, 80)], HandStats((1,), False, 2, 80, "flush"))
    await store.settle_hand("g1", 2, SEATS, [], HandStats())
    await store.settle_hand("g2", 0, SEATS, self_draw_by(0, 10), HandStats((0,), True, None, 10, "chicken"))
    s1 = await store.user_stats(user(1))
    assert (s1.games, s1.hands, s1.wins, s1.self_draws, s1.deal_ins) == (2, 4, 2, 2, 0)
    assert (s1.best_points, s1.best_pattern, s1.net) == (50, "all_pungs", 180)
    assert s1.balance == 1180
    s3 = await store.user_stats(user(3))
    assert (s3.deal_ins, s3.wins, s3.net) == (1, 0, -140)
    chips = await store.leaderboard(GUILD, "chips")
    assert [(r.rank, r.user_id, r.value) for r in chips] == [(1, 1, 1180), (2, 2, 1020), (3, 3, 860)]
    net = await store.leaderboard(GUILD, "net", limit=2)
    assert [(r.user_id, r.value) for r in net] == [(1, 180), (2, 20)]
    rate = await store.leaderboard(GUILD, "win_rate", min_hands=4)
    assert [(r.user_id, r.value) for r in rate][:2] == [(1, 500_000), (2, 250_000)]
    assert await store.leaderboard(GUILD, "win_rate", min_hands=5) == []
    best = await store.leaderboard(GUILD, "best_hand")
    assert [(r.user_id, r.value, r.pattern) for r in best] == [(2, 80, "flush"), (1, 50, "all_pungs")]
    with pytest.raises(InvalidInput):
        await store.leaderboard(GUILD, "luck")


async def test_season_reset_keeps_standings_and_restarts_chips(store: Store):
    await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 100), HandStats((0,), True, None, 100, "p"))
    assert await store.current_season(GUILD) == 1
    assert await store.reset_season(GUILD, actor_id=5) == 2
    assert [await store.balance(r) for r in SEATS] == [1000, 1000, 1000, 0]
    old = await store.leaderboard(GUILD, "chips", season=1)
    assert [(r.user_id, r.value) for r in old] == [(1, 1300), (2, 900), (3, 900)]
    await store.settle_hand("g1", 1, SEATS, self_draw_by(1, 10), HandStats((1,), True, None, 10, "q"))
    season2 = await store.leaderboard(GUILD, "net", season=2)
    assert (season2[0].user_id, season2[0].value) == (2, 30)
    alltime = await store.leaderboard(GUILD, "net")
    assert (alltime[0].user_id, alltime[0].value) == (1, 290)
    totals = await store.guild_totals(GUILD)
    assert totals["user"] + totals["house"] == -totals["mint"]
    await store.verify_books()


async def test_history_pages_newest_first(store: Store):
    for i in range(5):
        await store.settle_hand("g", i, SEATS, [PaymentIn(1, 0, 1)])
    page1 = await store.history(user(1), limit=3)
    page2 = await store.history(user(1), limit=3, before_txn=page1[-1].txn_id)
    assert [h.hand_no for h in page1] == [4, 3, 2]
    assert [h.hand_no for h in page2] == [1, 0, None]
    assert await store.history(user(99)) == []


async def test_table_scores_sum_a_tables_settlements(store: Store):
    await store.settle_hand("g1", 0, SEATS, self_draw_by(0, 100))
    await store.pay_kong("g1", 1, 0, SEATS, [PaymentIn(1, 2, 5, "kong")])
    await store.pay_kong("g1", 1, 0, SEATS, [PaymentIn(1, 2, 5, "kong")])  # once only
    assert await store.table_scores("g1") == [300, -105, -95, -100]
