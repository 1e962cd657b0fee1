"""Whole games through the table service, with a recording transport and a virtual clock."""

from __future__ import annotations

import asyncio
import logging

import pytest

from tables.errors import TableError
from tables.model import Mode, Status
from tables.persist import MemoryTables
from tests.tables.conftest import ANN, BOB, CAT, CHANNEL, GUILD, make_service, seated_table
from tests.tables.fakes import first_choice, pending

USERS = {ANN.user_id: 0, BOB.user_id: 1}


async def play_out(svc, tid, clock, users=USERS, limit=5000):
    """Scripted people answer every prompt until the table closes; returns clicks made."""
    clicks = 0
    while tid in {t.id for t in svc.tables()} and clicks < limit:
        todo = pending(svc, tid, users)
        if not todo:
            assert await clock.run_next(), "a table waits with no one to act and no timer"
            continue
        user, view = todo[0]
        await svc.act(tid, user, view.hand_no, view.step, *first_choice(view))
        clicks += 1
    return clicks


def events_of(store, tid):
    return list(store.logs[tid])


async def test_a_whole_game_ends_settled_with_standings(rec, clock):
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc, hands=2)
    clicks = await play_out(svc, tid, clock)
    assert clicks > 0
    assert store.rows[tid].status == "finished"
    assert len(rec.settlements) == 2 and len(rec.final) == 1
    assert sum(rec.final[0].totals) == 0
    # private views only ever went to the seat's own person
    for user, view in rec.privates:
        assert USERS[user] == view.seat
    # people are free again
    assert svc.table_for(GUILD, ANN.user_id) is None


async def test_refusals_change_nothing(rec, clock):
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc)
    todo = pending(svc, tid, USERS)
    assert todo, "someone must be asked to act"
    (user, view), = todo
    other = BOB.user_id if user == ANN.user_id else ANN.user_id
    before = events_of(store, tid)
    code, arg = first_choice(view)
    cases = [
        (CAT.user_id, view.step, code, arg, "err.not_seated"),  # someone not at the table
        (other, view.step, code, arg, "err.not_your_turn"),  # out of turn
        (user, view.step - 1, code, arg, "err.stale"),  # an old button
        (user, view.step, "d", "9z", "err.stale"),  # a tile that is not offered
        (user, view.step, "zz", "", "err.stale"),  # garbage
    ]
    for who, step, c, a, key in cases:
        with pytest.raises(TableError) as err:
            await svc.act(tid, who, view.hand_no, step, c, a)
        assert err.value.key == key
    with pytest.raises(TableError) as err:
        await svc.act(tid, user, view.hand_no + 1, view.step, code, arg)
    assert err.value.key == "err.stale"
    with pytest.raises(TableError) as err:
        await svc.act("nope", user, 0, 0, code, arg)
    assert err.value.key == "err.no_table"
    assert events_of(store, tid) == before
    assert svc.private_view(tid, user) == view


async def test_two_clicks_at_once_count_once(rec, clock):
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc)
    (user, view), = pending(svc, tid, USERS)
    code, arg = first_choice(view)
    results = await asyncio.gather(
        svc.act(tid, user, view.hand_no, view.step, code, arg),
        svc.act(tid, user, view.hand_no, view.step, code, arg),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, TableError)]
    assert len(errors) == 1 and errors[0].key in ("err.stale", "err.not_your_turn")
    discards = [line for line in events_of(store, tid) if '"discarded"' in line]
    mine = [d for d in discards if f'"seat":{view.seat}' in d]
    assert len(mine) == 1


async def test_time_outs_discard_then_a_computer_keeps_the_seat_until_back(rec, clock):
    svc = make_service(None, rec, clock, turn_seconds=30, claim_seconds=10, afk_timeouts=2,
                       computer_delay=1.0)
    tid = await seated_table(svc, people=(ANN,), hands=1)
    seat = svc.get(tid).seat_of(ANN.user_id)
    # nobody clicks: the clock runs until Ann has timed out twice
    while not svc.get(tid).seats[seat].afk:
        assert await clock.run_next()
    keys = rec.notice_keys()
    assert "call.afk" in keys
    assert svc.private_view(tid, ANN.user_id).mode is Mode.AFK
    with pytest.raises(TableError) as err:
        v = svc.private_view(tid, ANN.user_id)
        await svc.act(tid, ANN.user_id, v.hand_no, v.step, "d", "1m")
    assert err.value.key == "hand.autoplay"
    await svc.back(tid, ANN.user_id)
    assert not svc.get(tid).seats[seat].afk and "call.back" in rec.notice_keys()
    with pytest.raises(TableError) as err:
        await svc.back(tid, ANN.user_id)
    assert err.value.key == "err.not_afk"
    await play_out(svc, tid, clock, {ANN.user_id: seat})
    assert rec.final


async def test_a_closed_dm_does_not_stop_the_table(rec, clock):
    rec.fail_private_for.add(BOB.user_id)
    svc = make_service(None, rec, clock)
    tid = await seated_table(svc, hands=1)
    assert await svc.note_dm_closed(tid, 1) is True
    assert await svc.note_dm_closed(tid, 1) is False  # told once
    await play_out(svc, tid, clock)
    assert rec.final and all(user != BOB.user_id for user, _ in rec.privates)


async def test_leaving_hands_the_seat_to_a_computer(rec, clock):
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc, hands=1)
    info = await svc.leave(GUILD, BOB.user_id)
    assert info.seats[1].left and info.seats[1].is_computer
    assert "call.left_stakes" in rec.notice_keys()  # the hand being played stays theirs
    with pytest.raises(TableError) as err:
        await svc.leave(GUILD, BOB.user_id)
    assert err.value.key == "err.not_at_table"
    with pytest.raises(TableError) as err:
        svc.private_view(tid, BOB.user_id)
    assert err.value.key == "err.not_seated"
    # Bob may sit elsewhere now; Ann may not (one table per server)
    other = await svc.create(GUILD, CHANNEL, BOB, "guangdong", {}, 1, 1)
    with pytest.raises(TableError) as err:
        await svc.join(other.id, ANN)
    assert err.value.key == "err.already_seated"
    await play_out(svc, tid, clock, {ANN.user_id: 0})
    assert store.rows[tid].status == "finished"


async def test_lobby_rules(rec, clock):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-zheng", {"horses": 2}, 5, 4)
    with pytest.raises(TableError) as err:
        await svc.create(GUILD, CHANNEL, ANN, "heyuan-zheng")
    assert err.value.key == "err.already_seated"
    await svc.create(GUILD + 1, CHANNEL, ANN, "heyuan-zheng")  # another server is fine
    for bad in ({"horses": 3}, {"nope": 1}):
        with pytest.raises(TableError) as err:
            await svc.create(GUILD, CHANNEL, CAT, "heyuan-zheng", bad)
        assert err.value.key == "err.bad_option"
    # a table has the seats its rules play: Sichuan 2-7, the others four (refused in one line)
    three = await svc.create(GUILD + 2, CHANNEL, CAT, "sichuan", {"players": 3})
    assert len(three.seats) == 3 and three.seats[0] is not None and three.seats[1:] == (None,) * 2
    with pytest.raises(TableError) as err:
        await svc.create(GUILD + 3, CHANNEL, CAT, "heyuan-zheng", {"players": 3})
    assert err.value.key == "err.bad_option" and "players" in err.value.args_["reason"]
    with pytest.raises(TableError) as err:
        await svc.create(GUILD + 3, CHANNEL, CAT, "sichuan", {"players": 8})
    assert err.value.key == "err.bad_option"
    with pytest.raises(TableError) as err:
        await svc.start(info.id, ANN.user_id)
    assert err.value.key == "err.need_players"
    await svc.join(info.id, BOB)
    with pytest.raises(TableError) as err:
        await svc.start(info.id, BOB.user_id)
    assert err.value.key == "err.not_host"
    with pytest.raises(TableError):
        await svc.add_computer(info.id, CAT.user_id)
    await svc.add_computer(info.id, BOB.user_id)
    await svc.add_computer(info.id, ANN.user_id)
    with pytest.raises(TableError) as err:
        await svc.join(info.id, CAT)
    assert err.value.key == "err.table_full"
    await svc.leave(GUILD, ANN.user_id)  # the host leaves the lobby: Bob hosts
    assert svc.get(info.id).host_id == BOB.user_id
    await svc.cancel(info.id, BOB.user_id)
    assert rec.lobbies[-1].status is Status.CANCELLED
    assert svc.table_for(GUILD, BOB.user_id) is None


async def test_info_logs_never_show_a_concealed_hand(rec, clock, caplog):
    import bot

    caplog.handler.addFilter(bot.HideConcealed())
    with caplog.at_level(logging.DEBUG, logger="mahjong"):
        svc = make_service(None, rec, clock)
        tid = await seated_table(svc, hands=1)
        await play_out(svc, tid, clock)
    shown = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert shown and not any('"dealt"' in m or '"hands"' in m for m in shown)


@pytest.mark.parametrize("preset", ["heyuan-zheng", "guangdong", "shanghai", "beijing", "quzhou"])
async def test_computer_players_never_fall_back_to_the_safe_move(rec, clock, caplog, preset):
    """The safe-move fallback keeps a table alive if a computer player breaks; in a sound
    build it must never be used (it would hide a broken player)."""
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc, people=(ANN,), hands=2, preset=preset)
    with caplog.at_level(logging.ERROR, logger="tables.game"):
        await play_out(svc, tid, clock, users={ANN.user_id: 0})
    assert store.rows[tid].status == "finished"
    assert not [r for r in caplog.records if r.name == "tables.game"]


def test_settlement_view_sums_kong_and_horse_payments_in_chips():
    from tables.model import SettlementView

    view = SettlementView(
        table_id="t", hand_no=0, rules_name="heyuan-zheng", drawn=False, wins=(),
        deltas=(0, 8, -1, -7), chips=(0, 16, -2, -14),
        payments=((0, 1, 3, "win"), (2, 1, 3, "win"), (3, 1, 3, "win"), (1, 0, 1, "kong"),
                  (2, 0, 1, "kong"), (3, 0, 1, "kong"), (3, 2, 3, "kong")),
        names=("A", "B", "C", "D"), seed="s", commitment="c", stake=2,
    )
    assert view.extras() == (("kong", (6, -2, 4, -8)),)


@pytest.mark.parametrize("preset", ["shanghai", "beijing", "quzhou"])
async def test_the_indicator_is_announced_and_in_every_view(rec, clock, preset):
    store = MemoryTables()
    svc = make_service(store, rec, clock)
    tid = await seated_table(svc, people=(ANN,), hands=1, preset=preset)
    notices = [n for n in rec.notices if n.key == "call.indicator"]
    assert len(notices) == 1 and notices[0].args["kind"] == preset
    public = svc.public_view(tid)
    private = svc.private_view(tid, ANN.user_id)
    assert public.indicator is not None and public.indicator == private.indicator
    assert public.wild == private.wild and len(public.wild) == 1
    assert public.family == private.family == preset
    from tables.text import hand_text, notice_text, table_text

    info = svc.get(tid)
    for locale in ("en", "zh-CN", "zh-TW"):
        assert notice_text(notices[0], locale)
        assert hand_text(private, info, locale).count("\n") >= 2
        assert table_text(public, locale)
    await play_out(svc, tid, clock, users={ANN.user_id: 0})
    assert store.rows[tid].status == "finished"


def test_settlement_view_lists_burn_and_bound_payments():
    from tables.model import SettlementView

    view = SettlementView(
        table_id="t", hand_no=0, rules_name="beijing", drawn=False, wins=(),
        deltas=(-12, 6, 4, 2), chips=(-12, 6, 4, 2),
        payments=((0, 1, 4, "burn"), (0, 2, 4, "burn"), (0, 3, 4, "burn"), (3, 1, 2, "bound")),
        names=("A", "B", "C", "D"), seed="s", commitment="c", stake=1,
    )
    assert view.extras() == (("burn", (-12, 4, 4, 4)), ("bound", (0, 2, 0, -2)))


async def test_a_preset_the_engine_plays_but_tables_do_not_offer_is_refused(rec, clock):
    from engine.rules import ENGINE_ONLY_PRESETS
    from tables.queue import check_request

    svc = make_service(MemoryTables(), rec, clock)
    for preset in ENGINE_ONLY_PRESETS:
        with pytest.raises(TableError) as err:
            await svc.create(GUILD, CHANNEL, ANN, preset, {}, 1, 2)
        assert err.value.key == "err.bad_option"
        with pytest.raises(TableError):
            check_request(preset, 0, "normal", 2)
