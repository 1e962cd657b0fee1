"""The 108-tile games through the table service: any three tiles of one suit passed on in
换三张 (checked, with a clear refusal), a seat's own void suit and its win in its view, and
the payments of the hand (刮风下雨, 起手小胡, each 血战 win) as running totals that the
settlement lists again in order."""

from __future__ import annotations

import io
from itertools import combinations

import pytest

from engine.events import Konged, SmallWinsShown, TilesExchanged
from engine.hand import Phase
from engine.tiles import format_tiles, parse
from tables.errors import TableError
from tables.game import GameDriver
from tables.model import Mode
from tables.text import hand_text, table_text
from tests.tables.conftest import ANN, CHANNEL, GUILD, make_service


async def _exchange_table(svc):
    info = await svc.create(GUILD, CHANNEL, ANN, "sichuan", {"exchange_three": True}, 1, 1)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    await svc.start(info.id, ANN.user_id)
    return info


def _free_pick(concealed: tuple[int, ...], suggested: set[str]) -> str:
    """Three tiles of one suit held that no button suggests (the menu's reason to be)."""
    for s in range(3):
        suit = [t for t in concealed if t // 9 == s and t < 27]
        for three in combinations(suit, 3):
            named = format_tiles(sorted(three))
            if named not in suggested:
                return named
    raise AssertionError("every pick is suggested")


async def test_any_three_of_one_suit_are_passed_on_and_a_bad_pick_changes_nothing(rec):
    svc = make_service(transport=rec)
    info = await _exchange_table(svc)
    view = svc.private_view(info.id, ANN.user_id)
    assert view.mode is Mode.CLAIM and view.choosing == "exchange" and view.pick == 3
    assert all(c.code == "y" and len(c.tiles) == 3 for c in view.actions)  # the shortcuts
    text = hand_text(view, svc.get(info.id), "en")
    assert "Exchange: pass on any three tiles of one suit" in text

    mixed = format_tiles(sorted([next(t for t in view.concealed if t // 9 == s) for s in (0, 1)]
                                + [view.concealed[-1]]))
    if len({t // 9 for t in parse(mixed)}) == 1:  # pragma: no cover - a two-suit hand
        pytest.skip("this deal holds one suit")
    refusals = {
        mixed: "err.pick_one_suit",
        format_tiles(view.concealed[:2]): "err.pick_count",
        "1z2z3z": "err.pick_one_suit",
        "nonsense": "err.pick_unreadable",
    }
    absent = next(
        (t for t in range(27) if view.concealed.count(t) == 0
         and sum(1 for c in view.concealed if c // 9 == t // 9) >= 2), None)
    if absent is not None:
        two = [c for c in view.concealed if c // 9 == absent // 9][:2]
        refusals[format_tiles(sorted([*two, absent]))] = "err.pick_not_held"
    events_before = len(svc._tables[info.id].game.log)
    for arg, key in refusals.items():
        with pytest.raises(TableError) as err:
            await svc.act(info.id, ANN.user_id, view.hand_no, view.step, "y", arg)
        assert err.value.key == key, (arg, err.value)
        assert len(svc._tables[info.id].game.log) == events_before  # nothing changed
    assert svc.private_view(info.id, ANN.user_id) == view

    pick = _free_pick(view.concealed, {c.arg for c in view.actions})
    await svc.act(info.id, ANN.user_id, view.hand_no, view.step, "y", pick)
    log = svc._tables[info.id].game.log
    exchanged = next(e for e in log if isinstance(e, TilesExchanged))
    assert format_tiles(exchanged.tiles[0]) == pick  # the computers answered; it went round
    after = svc.private_view(info.id, ANN.user_id)
    assert after.choosing == "void" and after.pick == 0  # 定缺 next: the buttons only
    assert "call.exchanged" in rec.notice_keys()


async def test_the_offline_prompt_reads_typed_tiles_for_the_exchange(rec):
    from tables.offline import _pick, _prompt_lines

    svc = make_service(transport=rec)
    info = await _exchange_table(svc)
    view = svc.private_view(info.id, ANN.user_id)
    assert "or type any 3 tiles of one suit" in _prompt_lines(view, svc.get(info.id), "en")
    assert "同一門的任意 3 張" in _prompt_lines(view, svc.get(info.id), "zh-TW")
    pick = _free_pick(view.concealed, {c.arg for c in view.actions})
    assert _pick(view, pick) == ("y", pick)
    assert _pick(view, "1") == ("y", view.actions[0].arg)
    await svc.act(info.id, ANN.user_id, view.hand_no, view.step, *_pick(view, pick))
    assert any(isinstance(e, TilesExchanged) for e in svc._tables[info.id].game.log)


def _play_until(d: GameDriver, stop) -> None:
    h = d.hand
    assert h is not None
    while not h.is_over and not stop(h):
        seat = next(iter(d.acting()))
        d.apply(seat, d.computer_choice(seat))


def test_a_seat_sees_its_void_and_once_it_has_won_that_it_is_out():
    for n in range(30):
        d, _ = GameDriver.start("sichuan", {}, f"out{n}", 1)
        h = d.hand
        assert h is not None
        _play_until(d, lambda h: h.phase is not Phase.CHOOSE)
        voids = [d.private_view("t", s).void_suit for s in range(4)]
        assert voids == [st.void_suit for st in h.seats] and None not in voids
        _play_until(d, lambda h: bool(h.wins))
        if h.is_over or not h.wins:
            continue
        w = h.wins[0]
        view = d.private_view("t", w.seat)
        assert view.out and view.won_tile == w.tile and view.mode is Mode.WAIT
        assert view.actions == ()
        others = [d.private_view("t", s) for s in range(4) if s != w.seat]
        assert not any(v.out for v in others)
        text = hand_text(view, _info(), "en")
        assert "You have won on" in text and "Your void suit" in text
        return
    raise AssertionError("no hand with a winner while others played on")


def _info():
    from tables.model import Seat, Status, TableInfo

    return TableInfo("t", 1, 1, 1, "sichuan", (), 1, 1, Status.PLAYING,
                     tuple(Seat(i, None, f"P{i}") for i in range(4)))


def _nets(rows, stake=1):
    nets = [0] * 4
    for a, b, n, _ in rows:
        nets[a] -= n * stake
        nets[b] += n * stake
    return tuple(nets)


def test_kongs_and_wins_of_a_bloody_hand_run_up_and_the_settlement_lists_them_in_order():
    for n in range(60):
        d, _ = GameDriver.start("sichuan", {}, f"kong{n}", 1)
        h = d.hand
        assert h is not None
        _play_until(d, lambda h: any(isinstance(e, Konged) for e in h.events))
        if h.is_over:
            continue
        pub = d.public_view("t", names=("a", "b", "c", "d"), computer=(True,) * 4,
                            scores=(0,) * 4, deadline=None, hands_total=1, stake=5)
        assert any(pub.running) and sum(pub.running) == 0
        assert "Paid so far this hand" in table_text(pub, "en")
        kong = next(e for e in h.events if isinstance(e, Konged))
        rows = h.family.paid_so_far(d.rules, h)
        out = {w.seat for w in h.wins}
        # paid at once by every seat still in, shown in chips (×5)
        assert {(a, why) for a, b, _, why in rows if b == kong.seat and why == "kong"} == {
            (s, "kong") for s in range(4) if s != kong.seat and s not in out}
        assert pub.running == _nets(rows, 5)
        running = []
        while not h.is_over:
            seat = next(iter(d.acting()))
            events = d.apply(seat, d.computer_choice(seat))
            if not h.is_over:
                running.append(d.running())
        # what the table showed is a prefix of what the settlement pays, in the same order
        settlement = h.ended
        assert settlement is not None
        shown = d.hand.family.paid_so_far(d.rules, h)
        assert tuple(settlement.payments[: len(shown)]) == tuple(shown)
        assert _nets(settlement.payments) == tuple(settlement.deltas)
        assert running and all(sum(r) == 0 for r in running)
        view = d.settlement_view("t", events, (), ("a", "b", "c", "d"))
        assert view.itemised and view.ledger() == tuple(tuple(p) for p in settlement.payments)
        return
    raise AssertionError("no hand with a kong")


def test_small_wins_run_up_at_once_and_are_settled_first():
    for n in range(80):
        d, _ = GameDriver.start("changsha", {}, f"xiao{n}", 1)
        h = d.hand
        assert h is not None
        if h.phase is not Phase.CHOOSE:
            continue
        for seat in list(d.acting()):
            d.apply(seat, next(c for c in d.legal(seat) if c.arg == "declare"))
        shown = next(e for e in h.events if isinstance(e, SmallWinsShown))
        assert d.running() == _nets([(a, b, x, "small_win") for a, b, x in shown.payments])
        assert any(d.running())
        _play_until(d, lambda h: False)
        ended = h.ended
        assert ended is not None
        k = len(shown.payments)
        assert [p[3] for p in ended.payments[:k]] == ["small_win"] * k
        assert all(p[3] != "small_win" for p in ended.payments[k:])
        view = d.settlement_view("t", [ended], (), ("a", "b", "c", "d"))
        assert view.itemised and view.ledger()[:k] == tuple(
            (a, b, x, "small_win") for a, b, x in shown.payments)
        return
    raise AssertionError("no deal with a small win")


def test_games_paid_only_at_the_end_show_no_running_totals():
    d, _ = GameDriver.start("heyuan-jihu", {}, "plain", 1)
    assert d.running() == ()


def test_the_settlement_text_lists_every_payment_in_order_before_the_totals():
    from tables.text import settlement_text

    d, _ = GameDriver.start("sichuan", {}, "kong3", 1)
    h = d.hand
    assert h is not None
    events = []
    while not h.is_over:
        seat = next(iter(d.acting()))
        events = d.apply(seat, d.computer_choice(seat))
    view = d.settlement_view("t", events, (), ("Ann", "Bob", "Cat", "Dan"), stake=2)
    lines = settlement_text(view, "en").splitlines()
    start = lines.index("Every payment:")
    listed = lines[start + 1 : start + 1 + len(view.payments)]
    assert len(listed) == len(view.payments) > 0
    seats = ("Ann", "Bob", "Cat", "Dan")
    for i, (line, (a, b, n, _)) in enumerate(zip(listed, view.payments, strict=True), 1):
        assert line.startswith(f"{i}. {seats[a]} → {seats[b]}: {n * 2:,} (")
    totals = lines[start + 1 + len(view.payments)]
    assert totals.startswith("Ann ")  # the chips line follows and adds them up


async def test_every_public_view_of_a_bloody_hand_carries_its_running_totals_in_chips(rec):
    svc = make_service(transport=rec)
    info = await svc.create(GUILD, CHANNEL, ANN, "sichuan", {}, 3, 1, seat_host=False)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    await svc.start(info.id, ANN.user_id)  # computers only: the hand plays to its end
    assert rec.settlements and rec.publics
    sums = [v.running for v in rec.publics if v.rules_name == "sichuan"]
    assert all(len(r) == 4 and sum(r) == 0 and all(n % 3 == 0 for n in r) for r in sums)
    assert any(any(r) for r in sums)  # something was paid before the end
    # the table's last word on the hand is what the settlement pays (×3 chips)
    settled = rec.settlements[-1]
    assert sums[-1] == tuple(d * 3 for d in settled.deltas)


def test_the_pictures_carry_the_void_the_win_and_the_running_sums():
    import dataclasses

    from PIL import Image

    from tables import pictures

    d, _ = GameDriver.start("sichuan", {}, "pics", 1)
    _play_until(d, lambda h: h.phase is not Phase.CHOOSE)
    view = d.private_view("t", 0)
    assert view.void_suit is not None
    mine, bare = (pictures.hand_png(v) for v in (view, dataclasses.replace(view, void_suit=None)))
    out = pictures.hand_png(dataclasses.replace(view, out=True, won_tile=5))
    assert mine and bare and out and len({mine, bare, out}) == 3
    assert Image.open(io.BytesIO(mine)).height > Image.open(io.BytesIO(bare)).height
    pub = d.public_view("t", names=("a", "b", "c", "d"), computer=(True,) * 4,
                        scores=(0,) * 4, deadline=None, hands_total=1)
    shown = pictures.table_png(dataclasses.replace(pub, running=(3, -1, -1, -1)))
    assert shown and shown != pictures.table_png(dataclasses.replace(pub, running=()))
