"""A Taiwan game's settlements in words and pictures: each win as (底 + 台) × unit with the 底
and every 台 by name, the dealer's 莊家 and 連N拉N where they count, the streak on the table
(the hands of tests/tables/taiwan_walls.py, dealt from chosen walls)."""

from __future__ import annotations

import io

from PIL import Image

from engine.actions import Discard, Pass, Win
from engine.events import HandEnded
from engine.tiles import parse
from tables import pictures
from tables.game import GameDriver
from tables.text import settlement_text, table_text
from tables.walls import ChosenWalls, parse_walls, walls_json
from tests.tables.taiwan_walls import DELTAS, HANDS, THROWS

NAMES = ("ann", "bo", "cy", "di")


def play() -> tuple[GameDriver, list]:
    """The three hands, each seat throwing its THROWS and taking every win; per hand its
    settlement view and public view (taken just before its end)."""
    game, _ = GameDriver.start("taiwan", {}, "walls", len(HANDS), ChosenWalls("taiwan", HANDS))
    m = game.match
    throws = [list(t) for t in THROWS]
    out = []
    while m.ended is None:
        h = m.hand
        assert h is not None
        events: list = []
        table = None
        if h.is_over:  # 八仙過海 in the deal's 補花: won before anyone is asked anything
            events = [e for e in m.events if isinstance(e, HandEnded)][-1:] + events
            table = game.public_view("t", names=NAMES, computer=(False,) * 4,
                                     scores=tuple(m.totals), deadline=None,
                                     hands_total=len(HANDS))
        while not h.is_over:
            seat = h.awaiting()[0]
            legal = h.legal_actions(seat)
            if legal.win:
                table = game.public_view("t", names=NAMES, computer=(False,) * 4,
                                         scores=tuple(m.totals), deadline=None,
                                         hands_total=len(HANDS))
                events += m.act(Win(seat))
            elif h.phase == "turn":
                events += m.act(Discard(seat, parse(throws[seat].pop(0))[0]))
            else:
                events += m.act(Pass(seat))
        end = next(e for e in events if isinstance(e, HandEnded))
        out.append((game.settlement_view("t", events, tuple(end.deltas), NAMES), table))
        m.next_hand()
    assert not any(throws)
    return game, out


def test_the_three_hands_pay_as_the_page_says():
    _game, hands = play()
    assert [v.chips for v, _t in hands] == list(DELTAS)
    assert [tuple(w.seat for w in v.wins) for v, _t in hands] == [(0,), (1, 3), (2,), (2,)]
    assert [w.patterns for w in hands[3][0].wins] == [("dealer", "eight_flowers")]


def test_each_win_reads_base_plus_tai_times_unit_with_every_tai_by_name():
    _game, hands = play()
    texts = [settlement_text(v, "en") for v, _t in hands]
    assert ("base 3 + Concealed Self-Draw 3 + Single Wait 1 + Dealer 1; "
            "(base 3 + 5 tai) × 1 = 8 from each") in texts[0]
    assert "base 3 + Concealed 1 + Dealer 1 + streak 連1拉1 2; (base 3 + 4 tai) × 1 = 7" in texts[1]
    assert ("base 3 + Concealed 1 + All Chows 2 + Full Flush 8 + Dealer 1 + streak 連1拉1 2; "
            "(base 3 + 14 tai) × 1 = 17") in texts[1]
    assert "East keeps the deal: streak 連1拉1" in texts[1]
    assert "taking di's flower): base 3 + Seven Rob One 8; (base 3 + 8 tai) × 1 = 11" in texts[2]
    assert "base 3 + Eight Immortals 8 + Dealer 1; (base 3 + 9 tai) × 1 = 12 from each" in texts[3]
    zh = settlement_text(hands[1][0], "zh-Hant")
    assert "底 3 + 門清 1 + 莊家 1 + 連1拉1 2；(底 3 + 4 台) × 1 = 7" in zh


def test_a_self_draw_by_another_seat_adds_the_dealers_tai_to_his_payment_only():
    import dataclasses

    _game, hands = play()
    view = hands[1][0]
    w = dataclasses.replace(view.wins[0], self_drawn=True, from_seat=None, points=1)
    text = settlement_text(dataclasses.replace(view, wins=(w,)), "en")
    assert ("(base 3 + 1 tai) × 1 = 4 from each of the other two; the dealer adds Dealer 1 + "
            "streak 連1拉1 2: (base 3 + 4 tai) × 1 = 7") in text
    png = pictures.settlement_png(dataclasses.replace(view, wins=(w,)), "en")
    assert png is not None


def test_the_stake_is_the_unit():
    import dataclasses

    _game, hands = play()
    text = settlement_text(dataclasses.replace(hands[0][0], stake=5), "en")
    assert "(base 3 + 5 tai) × 5 = 40 from each" in text


def test_the_pictures_list_the_base_and_the_streak():
    from render.settlement_tai import tai_rows, tai_total
    from render.views import SettlementView, WinView

    _game, hands = play()
    for view, table in hands:
        for locale in ("en", "zh-Hans", "zh-Hant"):
            png = pictures.settlement_png(view, locale)
            assert png is not None and Image.open(io.BytesIO(png)).size[0] > 0
            assert pictures.table_png(table, locale) is not None
    # the rows the picture draws for North's win of hand 2 (the streak of 1)
    marks = (("streak", (1,)),)
    north = WinView(seat=3, hand=_hand(), patterns=[("dealer", 1), ("dealer_streak", 2),
                    ("concealed", 1), ("all_chows", 2), ("full_flush", 8)], points=14,
                    discarder=0, fan=11)
    sv = SettlementView(names=list(NAMES), payments=[-24, 7, 0, 17], wins=[north],
                        family="taiwan", value_style="tai", marks=marks, base=3, unit=1)
    rows = tai_rows(sv, north, "en", "zh-Hant")
    assert [(r[0], r[2]) for r in rows] == [
        ("Base", "3 tai"), ("Concealed", "1 tai"), ("All Chows", "2 tai"),
        ("Full Flush", "8 tai"), ("Dealer", "1 tai"), ("Streak 連1拉1", "2 tai")]
    assert tai_total(sv, north, "en") == ("(base 3 + 14 tai) × 1 = 17", "paid by E")
    # a self-draw by South: the others pay 3 + 11, the dealer 3 + 11 + 3
    south = WinView(seat=1, hand=_hand(), patterns=[("concealed_self_draw", 3)], points=3,
                    self_drawn=True, fan=3)
    sv = SettlementView(names=list(NAMES), payments=[-9, 21, -6, -6], wins=[south],
                        family="taiwan", value_style="tai", marks=marks, base=3, unit=2)
    rows = tai_rows(sv, south, "en", "zh-Hant")
    assert [(r[0], r[2]) for r in rows[-2:]] == [
        ("Dealer (the dealer's payment)", "1 tai"), ("Streak 連1拉1 (the dealer's payment)", "2 tai")]
    assert tai_total(sv, south, "en") == (
        "(base 3 + 3 tai) × 2 = 12", "the other two each; the dealer pays (base 3 + 6 tai) × 2 = 18")


def _hand():
    from render.views import HandView

    return HandView(concealed=parse("123p34p567p789p234p99p"), drawn=parse("5p")[0])


def test_the_table_picture_names_the_streak_on_the_dealers_plate():
    from render.table import seat_marks
    from render.views import SeatView, TableView

    seats = [SeatView(name=n, discards=[], melds=[], concealed_count=16, seat_wind=i,
                      is_dealer=i == 0) for i, n in enumerate(NAMES)]
    view = TableView(seats=seats, wall_remaining=50, round_wind=0, marks=(("streak", (2,)),))
    assert seat_marks(view, 0, "zh-Hant")[0] == ["連2拉2"]
    assert seat_marks(view, 0, "en")[0] == ["Streak 連2拉2"]
    assert seat_marks(view, 1, "en")[0] == []
    _game, hands = play()
    assert "East keeps the deal: streak 連1拉1" in table_text(hands[1][1], "en")


def test_walls_round_trip_and_bad_walls_are_refused():
    import json

    import pytest

    from tables.walls import WallsError

    walls = parse_walls(json.loads(walls_json("taiwan", HANDS)))
    assert walls == ChosenWalls("taiwan", HANDS)
    bad = json.loads(walls_json("taiwan", HANDS))
    bad["hands"][0]["hands"][0] += "1m"  # 18 tiles for the dealer
    with pytest.raises(WallsError, match="seat 0 needs 17 tiles, got 18"):
        parse_walls(bad)
