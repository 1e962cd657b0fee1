"""Whole situations played on rigged walls, read in tile notation."""

from __future__ import annotations

from engine.actions import Kong, Pong, Win
from engine.events import Drawn, HandEnded, Konged, Won
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one


def test_biggest_hand_takes_the_discard():
    # seats 1 and 2 both win on 5m; seat 2's full-flush pungs beat seat 1's half flush
    rules = get_rules("heyuan-zheng")
    st = rigged(
        rules,
        ["5m147p258s1234567z", "123456789m111z5m", "111222333444m5m", "369p369s234567z1s"],
    )
    discard(st, 0, "5m")
    assert set(st.awaiting()) == {1, 2}
    assert st.legal_actions(1).win and st.legal_actions(2).win
    st.act(Win(1))
    st.act(Win(2))
    end = st.ended
    assert end is not None and end.winners == (2,)
    assert end.deltas[2] > 0 and end.deltas[0] == -end.deltas[2] and sum(end.deltas) == 0


def test_order_mode_gives_the_discard_to_the_first_in_turn():
    rules = get_rules("heyuan-zheng", {"multiple_winners": "order"})
    st = rigged(
        rules,
        ["5m147p258s1234567z", "123456789m111z5m", "111222333444m5m", "369p369s234567z1s"],
    )
    discard(st, 0, "5m")
    st.act(Win(2))
    st.act(Win(1))
    assert st.ended is not None and st.ended.winners == (1,)


def test_guangdong_one_discard_three_winners():
    rules = get_rules("guangdong")
    st = rigged(
        rules,
        ["1599m189p39s33447z", "123p456p789p111s5m", "234s567s234m666z5m", "678m345p789s222z5m"],
    )
    discard(st, 0, "5m")
    for s in (3, 1, 2):
        st.act(Win(s))
    wins = [e for e in st.events if isinstance(e, Won)]
    assert [w.seat for w in wins] == [1, 2, 3]
    assert all("multi_win3" in w.situations for w in wins)
    end = st.ended
    assert end is not None and end.winners == (1, 2, 3)
    assert end.deltas[0] < 0 and sum(end.deltas) == 0
    assert all(p[0] == 0 for p in end.payments)


def test_robbing_an_added_kong():
    rules = get_rules("heyuan-zheng")
    st = rigged(
        rules,
        [
            "9p1m4m7m2s5s8s1234567z",
            "99p1s3s5s7s9s258m36p4z",
            "123p456p111z22z78p",
            "2m5m8m147s2z3z4z6z7z14p",
        ],
        draws="6s4s8m9p",
    )
    discard(st, 0, "9p")
    do(st, Pong(1))
    discard(st, 1, "1s")
    discard(st, 2, "6s")  # seat 2 drew 6s
    discard(st, 3, "4s")
    discard(st, 0, "8m")
    pass_window(st)
    assert st.turn == 1 and st.drawn_tile == T("9p")
    st.act(Kong(1, T("9p")))
    assert st.phase == "rob" and st.awaiting() == (2,)
    st.act(Win(2))
    won = next(e for e in st.events if isinstance(e, Won))
    assert won.seat == 2 and "robbing_kong" in won.situations and won.liable == 1
    end = st.ended
    assert end is not None and end.deltas[1] == -end.deltas[2] and end.deltas[0] == 0
    assert all(p[3] != "kong" for p in end.payments)  # a robbed kong is not paid


def test_kong_replacement_comes_from_the_tail_and_kongs_are_paid():
    rules = get_rules("heyuan-zheng")
    st = rigged(
        rules,
        ["1111m234m567m999m5m", "147p258s1234567z", "147s258p1234567z", "369p369s2233z4z14s"],
        tail="5m",
    )
    tail_before = st.wall.tail
    events = st.act(Kong(0, T("1m")))
    assert isinstance(events[0], Konged) and events[0].kind == "concealed_kong"
    assert events[1] == Drawn(0, T("5m"), True)
    assert st.wall.tail == tail_before - 1
    assert st.legal_actions(0).win
    st.act(Win(0))
    won = next(e for e in st.events if isinstance(e, Won))
    assert "kong_replacement" in won.situations and won.self_drawn
    end = st.ended
    assert end is not None
    kong_pay = [p for p in end.payments if p[3] == "kong"]
    assert sorted(p[0] for p in kong_pay) == [1, 2, 3] and all(p[1] == 0 for p in kong_pay)
    assert sum(end.deltas) == 0


def test_exhaustive_draw_pays_nothing_and_uses_the_whole_live_wall():
    rules = get_rules("heyuan-zheng")
    from engine.hand import HandState

    st = HandState.start(rules, "draw-me", dealer=1)
    while not st.is_over:
        pass_window(st)
        if st.is_over:
            break
        seat = st.turn
        tile = st.drawn_tile if st.drawn_tile is not None else st.concealed(seat)[0]
        do(st, __import__("engine.actions", fromlist=["Discard"]).Discard(seat, tile))
    end = st.ended
    assert isinstance(end, HandEnded) and end.drawn and end.winners == ()
    assert end.deltas == (0, 0, 0, 0) and st.wall.remaining == 0


def test_twelve_tiles_exposed_makes_the_feeder_pay():
    # seat 1 pongs four times; seat 3 fed the fourth pong, so seat 3 pays the self-draw whole
    rules = get_rules("guangdong")
    st = rigged(
        rules,
        [
            "1p9p5m9m1s5s9s1234567z",
            "11223344p1z2z3z4z5p",
            "23p6m7m8m2s3s4s6s7s8s9s5z",
            "4p6z7z1m2m3m4m7p8p9p7s8s9s",
        ],
        draws="1s5s6p9m8m5z7z5p",
    )
    discard(st, 0, "1p")
    do(st, Pong(1))
    discard(st, 1, "1z")
    discard(st, 2, "2p")
    do(st, Pong(1))
    discard(st, 1, "2z")
    discard(st, 2, "3p")
    do(st, Pong(1))
    discard(st, 1, "3z")
    discard(st, 2, "5s")
    discard(st, 3, "4p")
    do(st, Pong(1))
    discard(st, 1, "4z")
    discard(st, 2, "8m")
    discard(st, 3, "5z")
    discard(st, 0, "7z")
    pass_window(st)
    assert st.turn == 1 and st.legal_actions(1).win
    st.act(Win(1))
    won = next(e for e in st.events if isinstance(e, Won))
    assert won.self_drawn and won.liable == 3
    end = st.ended
    assert end is not None and end.deltas[0] == 0 and end.deltas[2] == 0
    assert end.deltas[3] == -end.deltas[1] < 0
