"""Tables of other seat counts (Sichuan 2-7) in the service: the lobby seats the rules'
count, the text numbers seats from the dealer, and a table of people is ranked in the pool of
its seat count (ratings compare equal seat counts only)."""

from __future__ import annotations

import dataclasses

from tables.model import Seat, Status, TableInfo
from tables.text import lobby_text, ranked, seat_wind


def info(n: int, people: bool = True) -> TableInfo:
    seats = tuple(Seat(i, 100 + i if people else None, f"P{i}") for i in range(n))
    return TableInfo(id="t1", guild_id=1, channel_id=2, host_id=100, preset="sichuan",
                     options=(("players", n),), stake=1, hands=1, status=Status.LOBBY,
                     seats=seats)


def test_people_in_every_seat_make_a_ranked_table_at_any_count():
    for n in (2, 3, 4, 5, 6, 7):
        assert ranked(info(n)), n
        assert not ranked(info(n, people=False)), n
        assert not ranked(dataclasses.replace(info(n), hints=True)), n
    text = lobby_text(info(3), "en")
    assert "🏆 Ranked among 3-seat tables" in text
    assert "🏆 排位賽，計入7人桌的等級分" in lobby_text(info(7), "zh-Hant")
    assert "🏆 Ranked (four people" in lobby_text(info(4), "en")


def test_the_lobby_names_its_seat_count_and_numbers_the_seats():
    text = lobby_text(info(3), "en")
    assert "3 seats at this table" in text
    assert "Seat 1: P0" in text and "Seat 3: P2" in text and "East" not in text
    four = lobby_text(dataclasses.replace(info(4), options=()), "en")
    assert "seats at this table" not in four and "East: P0" in four


def test_seats_are_numbered_from_the_dealer_off_four():
    assert seat_wind(2, 2, "en", 3) == "Seat 1"
    assert seat_wind(1, 2, "en", 3) == "Seat 3"
    assert seat_wind(1, 2, "zh-Hans", 7) == "7号位"
    assert seat_wind(3, 2, "en") == "South"  # four seats: winds, as before


def test_a_two_seat_hint_counts_only_the_discards_its_seat_could_see():
    from engine.tiles import NUM_KINDS
    from tables.game import GameDriver
    from tables.hints import visible_counts

    g, _ = GameDriver.start("sichuan", {"players": 2}, "hint-two", 1)
    for _ in range(12):
        seat = next(iter(g.acting()))
        g.apply(seat, g.computer_choice(seat, "greedy"))
    assert g.hand is not None and all(st.river for st in g.hand.seats)
    own = [0] * NUM_KINDS
    for t in g.hand.seats[0].river:
        own[t] += 1
    assert visible_counts(g, 0) == own  # the other's discards lie face down
    view = g.public_view("t", names=("a", "b"), computer=(False, False), scores=(0, 0),
                         deadline=None, hands_total=1)
    assert view.hidden_rivers and view.last_discard in (None, (0, 0), (1, 0))
    assert [len(r) for r in view.rivers] == [len(st.river) for st in g.hand.seats]
    assert all(t == 0 for r in view.rivers for t in r)


async def _play(path, restart_after):
    from store import Store
    from tables.clock import VirtualClock
    from tables.persist import StoreTables
    from tests.tables.conftest import ANN, BOB, make_service, seated_table
    from tests.tables.fakes import Recording, pending

    users = {ANN.user_id: 0, BOB.user_id: 1}
    store = await Store.open(path)
    clock = VirtualClock()
    svc = make_service(StoreTables(store), Recording(), clock)
    tid = await seated_table(svc, hands=2, preset="sichuan", options={"players": 3})
    clicks = 0
    while tid in {t.id for t in svc.tables()}:
        if restart_after is not None and clicks == restart_after:
            await svc.close()
            await store.close()  # the process "dies" here
            store = await Store.open(path)
            clock = VirtualClock()
            svc = make_service(StoreTables(store), Recording(), clock)
            assert await svc.resume_all() == [tid]
            assert len(svc.get(tid).seats) == 3
            restart_after = None
        todo = pending(svc, tid, users)
        if not todo:
            assert await clock.run_next()
            continue
        user, view = todo[0]
        # the first button (a win where there is one): void suits, discards, passes
        c = next((a for a in view.actions if a.kind in ("win", "self_draw")), view.actions[0])
        await svc.act(tid, user, view.hand_no, view.step, c.code, c.arg)
        clicks += 1
    scores = await store.table_scores(tid, 3)
    events = await store.load_events(tid)
    await store.verify_books()
    await store.close()
    return events, scores, clicks


async def test_a_three_seat_table_resumes_after_a_restart_as_if_uninterrupted(tmp_path):
    straight = await _play(tmp_path / "a.db", None)
    assert len(straight[1]) == 3 and sum(straight[1]) == 0 and straight[2] > 8
    assert await _play(tmp_path / "b.db", restart_after=7) == straight


def _public(n: int):
    from tables.game import GameDriver

    g, _ = GameDriver.start("sichuan", {"players": n}, "no-winds", 2)
    for _ in range(2 * n):
        seat = next(iter(g.acting()))
        g.apply(seat, g.computer_choice(seat, "greedy"))
    names = tuple(f"P{i}" for i in range(n))
    return g, g.public_view("t", names=names, computer=(False,) * n, scores=(0,) * n,
                            deadline=None, hands_total=2)


def test_the_table_says_no_wind_off_four_seats():
    from tables.text import table_text

    winds = ("East", "South", "West", "North")
    for n in (2, 3, 5, 7):
        _, view = _public(n)
        text = table_text(view, "en")
        assert text.splitlines()[0] == f"**Table #t · Sichuan Bloody Battle · hand 1/2 · {n} seats · dealer P{view.dealer}**"
        assert not any(w in text for w in winds), text
        assert "风" not in table_text(view, "zh-Hans") and f"{n} 人桌" in table_text(view, "zh-Hans")
        assert f"{n} 人桌" in table_text(view, "zh-Hant")
    _, four = _public(4)
    assert "· East round ·" in table_text(four, "en")


async def test_the_hand_start_notice_says_no_wind_off_four_seats():
    from engine.events import HandStarted
    from tables.notices import move_for
    from tables.text import notice_text
    from tests.tables.conftest import make_service, seated_table

    for n, key in ((3, "move.hand.seats"), (4, "move.hand")):
        svc = make_service()
        tid = await seated_table(svc, hands=1, preset="sichuan", options={"players": n})
        t = svc.hub.table(tid)
        started = next(e for e in t.playing().log if isinstance(e, HandStarted))
        notice = move_for(t, started, 0)
        assert notice is not None and notice.key == key
        text = notice_text(notice, "en")
        assert ("East round" in text) == (n == 4) and (f"{n} seats" in text) == (n != 4)


def test_the_table_picture_draws_no_round_wind_off_four_seats():
    import dataclasses as dc

    from tables.pictures import table_png

    for n in (2, 3, 4):
        _, view = _public(n)
        other = dc.replace(view, round_wind=(view.round_wind + 1) % 4)
        # a round wind drawn in the centre changes the picture; at two and three seats none is
        assert (table_png(view) == table_png(other)) == (n != 4), n
