"""Leaving mid-hand (or timing out) does not dodge the hand's result: a computer plays the
rest of the hand for the person (托管) and the hand settles to their account; after that hand
the seat is the house's."""

from __future__ import annotations

from store import AccountRef, Store, StoreSettings
from tables.clock import VirtualClock
from tables.persist import StoreTables
from tests.tables.conftest import ANN, BOB, GUILD, make_service
from tests.tables.fakes import Recording
from tests.tables.test_economy import play_out, table_with


async def hand_rows(store: Store, table: str) -> list[tuple[int, int, str, int]]:
    """(hand, seat, account kind, net) per seat with statistics (people only)."""
    return await store.run_read(lambda tx: tx.fetchall(
        "SELECT r.hand_no, r.seat, a.kind, r.net FROM hand_results r "
        "JOIN accounts a ON a.id = r.account_id WHERE r.game_id = ? ORDER BY 1, 2", (table,)))


async def test_a_leaver_pays_the_hand_they_left_and_nothing_after(tmp_path):
    store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
    await store.grant(AccountRef.user(GUILD, ANN.user_id), 10_000, actor_id=1, reason="x")
    clock, rec = VirtualClock(), Recording()
    svc = make_service(StoreTables(store), rec, clock)
    tid = await table_with(svc, (ANN, BOB), 50, 3, {}, computers=2, preset="shanghai")
    ann = AccountRef.user(GUILD, ANN.user_id)
    start = await store.balance(ann)
    await svc.leave(GUILD, ANN.user_id)  # the first hand has just been dealt
    assert "call.left_stakes" in rec.notice_keys()
    assert svc.table_for(GUILD, ANN.user_id) is None  # free for another table
    await play_out(svc, clock, tid, (BOB,))
    rows = await hand_rows(store, tid)
    first = [r for r in rows if r[0] == 0 and r[1] == 0]
    assert first and first[0][2] == "user", rows  # hand 1: her account, not the house
    s0 = next(s for s in rec.settlements if s.hand_no == 0)
    assert first[0][3] == s0.chips[0]
    later = [r for r in rows if r[0] > 0 and r[1] == 0]
    assert later == []  # after that hand the house plays the seat
    assert await store.balance(ann) == start + s0.chips[0]
    assert any(s.chips[0] for s in rec.settlements), "the scenario moved no chips at seat 0"
    await store.verify_books()
    await store.close()


async def test_a_player_who_times_out_still_settles_to_their_account(tmp_path):
    store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
    clock, rec = VirtualClock(), Recording()
    svc = make_service(StoreTables(store), rec, clock)
    tid = await table_with(svc, (ANN, BOB), 5, 2, {}, computers=2)
    ann = AccountRef.user(GUILD, ANN.user_id)
    start = await store.balance(ann)
    await play_out(svc, clock, tid, (BOB,))  # Ann never clicks: time-outs, then a computer
    assert "call.afk" in rec.notice_keys()
    rows = await hand_rows(store, tid)
    mine = [r for r in rows if r[1] == 0]
    assert len(mine) == 2 and all(r[2] == "user" for r in mine)
    assert await store.balance(ann) == start + sum(s.chips[0] for s in rec.settlements)
    await store.close()
