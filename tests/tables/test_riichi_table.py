"""Riichi at a table: a game of points whose chips move once, with the hand that ends it.

The hands before the last are settled (written once, with their final event) but move no
chips; the last moves the game's result (``engine.riichi.final.table_chips``) × the stake,
zero-sum, through the ledger's caps; a kill after the last hand pays nothing twice.
"""

from __future__ import annotations

import pytest

from engine.riichi.final import table_chips
from store import AccountRef, Store, StoreSettings
from tables import lobby, points_game, queue
from tables.persist import StoreTables
from tests.tables.conftest import ANN, BOB, GUILD, make_service
from tests.tables.fakes import Recording
from tests.tables.test_economy import play_out, table_with


@pytest.fixture(autouse=True)
def _offered(monkeypatch):
    # whether the lobby lists riichi is another test's question (tests/tables/test_lobby*)
    monkeypatch.setattr(lobby, "ENGINE_ONLY_PRESETS", frozenset())
    monkeypatch.setattr(queue, "ENGINE_ONLY_PRESETS", frozenset())


def test_chips_become_payments_that_move_exactly_them():
    chips = (55, 5, -20, -40)
    paid = points_game.payments_of(chips)
    net = [0, 0, 0, 0]
    for a, b, amount, why in paid:
        assert amount > 0 and why == points_game.GAME_REASON
        net[a] -= amount
        net[b] += amount
    assert tuple(net) == chips
    assert points_game.payments_of((0, 0, 0, 0)) == ()
    with pytest.raises(ValueError):
        points_game.payments_of((1, 0, 0, 0))


async def _riichi_game(tmp_path, hands: int, stake: int):
    store = await Store.open(tmp_path / "m.db", StoreSettings(starting_chips=100_000,
                                                             synchronous="OFF"))
    rec = Recording()
    from tables.clock import VirtualClock

    clock = VirtualClock()
    svc = make_service(StoreTables(store), rec, clock)
    tid = await table_with(svc, (ANN, BOB), stake, hands, {"rounds": 1}, computers=2,
                           preset="riichi")
    await play_out(svc, clock, tid, (ANN, BOB))
    return store, rec, tid


async def test_a_riichi_game_moves_its_result_once_at_its_end(tmp_path):
    stake = 10
    store, rec, tid = await _riichi_game(tmp_path, 3, stake)
    assert rec.settlements and rec.final
    # every hand before the last moved nothing; the last moved the game's chips
    *before, last = rec.settlements
    assert all(not any(s.chips) for s in before)
    from tables.game import GameDriver
    from tables.persist import StoreTables as _ST

    events = await _ST(store).events(tid)
    game = GameDriver.replay(events)
    assert game.match_over
    expected = tuple(table_chips(game.rules, points_game.final_points(game.rules, game.match),
                                 stake, game.match.first_dealer))
    assert sum(expected) == 0 and any(expected)
    assert tuple(last.chips) == expected
    assert tuple(rec.final[-1].totals) == expected
    # the final ranking: first to last, its chips the same as the ledger's
    ranked = rec.final[-1].final
    assert [r[3] for r in ranked] == sorted(expected, reverse=True)
    assert all(expected[seat] == chips for seat, _p, _r, chips in ranked)
    assert sum(p for _s, p, _r, _c in ranked) == 100_000
    from tables.text import standings_text

    assert "Final ranking" in standings_text(rec.final[-1], "en")
    assert "终局排名" in standings_text(rec.final[-1], "zh-Hans")
    ann, bob = await store.balances([AccountRef.user(GUILD, ANN.user_id),
                                     AccountRef.user(GUILD, BOB.user_id)])
    seats = {s: i for i, s in enumerate((ANN.user_id, BOB.user_id))}
    assert seats  # Ann hosts at seat 0, Bob sits at seat 1
    assert ann == 100_000 + expected[0] and bob == 100_000 + expected[1]
    assert sum((await store.guild_totals(GUILD)).values()) == 0
    await store.verify_books()
    # a second settlement of the last hand (a resume) moves nothing more
    again = await StoreTables(store).append(tid, [], settle=_last_settlement(game, events))
    assert again is not None and again.already_settled
    assert (await store.balances([AccountRef.user(GUILD, ANN.user_id)]))[0] == ann
    await store.close()


def _last_settlement(game, events):
    from engine.events import HandEnded
    from tables.records import HandSummary, Settlement

    ended = [e for e in events if isinstance(e, HandEnded)][-1]
    chips = points_game.game_chips(game.rules, game.match, 10)
    return Settlement(hand_no=game.hand_no, accounts=(ANN.user_id, BOB.user_id, None, None),
                      ended=ended, stake=10, stats=HandSummary.of(events),
                      payments=points_game.payments_of(chips))


async def test_a_person_who_leaves_a_riichi_game_keeps_its_result(tmp_path):
    """Ann and Bob play; Ann leaves after the first hand: computers play on (Bob stays), and
    the game's result at its end is paid from and to Ann's own account, as posted."""
    from engine.events import HandEnded
    from tables.clock import VirtualClock

    store = await Store.open(tmp_path / "m.db", StoreSettings(starting_chips=100_000,
                                                             synchronous="OFF"))
    rec, clock = Recording(), VirtualClock()
    svc = make_service(StoreTables(store), rec, clock)
    tid = await table_with(svc, (ANN, BOB), 10, 3, {"rounds": 1}, computers=2, preset="riichi")
    for _ in range(20_000):  # Bob and Ann play greedy until the first hand has ended
        if rec.settlements:
            break
        t = svc._tables[tid]
        for p in (ANN, BOB):
            seat = t.seat_of(p.user_id)
            if seat is not None and t.game is not None and seat in t.game.acting():
                c = t.game.computer_choice(seat, "greedy")
                await svc.act(tid, p.user_id, t.game.hand_no, t.game.step, c.code, c.arg)
                break
        else:
            assert await clock.run_next()
    await svc.leave(GUILD, ANN.user_id)
    assert "call.left_game" in rec.notice_keys()
    await play_out(svc, clock, tid, (BOB,))
    events = await StoreTables(store).events(tid)
    assert sum(isinstance(e, HandEnded) for e in events) == len(rec.settlements)
    from tables.game import GameDriver

    game = GameDriver.replay(events)
    expected = points_game.game_chips(game.rules, game.match, 10)
    assert game.match_over and any(expected)
    assert tuple(rec.settlements[-1].chips) == expected
    ann, bob = await store.balances([AccountRef.user(GUILD, ANN.user_id),
                                     AccountRef.user(GUILD, BOB.user_id)])
    assert (ann, bob) == (100_000 + expected[0], 100_000 + expected[1])
    assert sum((await store.guild_totals(GUILD)).values()) == 0
    await store.verify_books()
    await store.close()
