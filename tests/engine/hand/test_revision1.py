"""The rule fixes of revision 1, each played on a rigged wall against the rule pages, and
each checked to keep the old behaviour for a hand recorded under revision 0."""

from __future__ import annotations

import pytest

from engine.actions import IllegalAction, Kong, Pass, Pong, Win
from engine.events import FlowerSetAside, Won
from engine.hand import replay_events
from engine.rules import get_rules
from engine.tiles import parse, parse_one
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one
GD = get_rules("guangdong")


def _won(st) -> Won:
    return next(e for e in st.events if isinstance(e, Won))


def _replays(st) -> None:
    assert replay_events(st.events).state_hash() == st.state_hash()


# -- 1. 包先不包后: a feeder is liable for the first seat it puts twelve tiles down only ------


def _two_twelve_tile_seats(revision: int):
    # seat 0 (A) feeds all four pongs of seat 1 (B) and the fourth of seat 2 (C)
    st = rigged(
        GD,
        [
            "1p3p5p7p9p1s3s4s6s9s3m7m6p8p",  # A: 1p 3p 5p 7p to B, 9p to C
            "1p1p3p3p5p5p7p7p2s5s8s1m9m",  # B: pongs A's four, feeds C's first three
            "2s2s5s5s8s8s9p9p2m4m6m8m7s",  # C: pongs B's 2s 5s 8s and A's 9p, waits on 7s
            "2p4p6p8p1s3s5s9s4z5z6z7z3m",  # D: draws and throws
        ],
        draws="1z5z2z6z3z7z3z1z4z2z1z2z7s",
        revision=revision,
    )
    for a, b, c in (("1p", "2s", "2m"), ("3p", "5s", "4m"), ("5p", "8s", "6m")):
        discard(st, 0, a)
        do(st, Pong(1))
        discard(st, 1, b)
        do(st, Pong(2))
        discard(st, 2, c)
        discard(st, 3, "".join(x for x in ("1z", "2z", "3z") if st.drawn_tile == T(x)))
    discard(st, 0, "7p")
    do(st, Pong(1))  # B's fourth meld, fed by A: A is liable for B's self-draw
    discard(st, 1, "1m")
    discard(st, 2, "3z")
    discard(st, 3, "1z")
    discard(st, 0, "9p")
    do(st, Pong(2))  # C's fourth meld, fed by A again: 包先不包后
    discard(st, 2, "8m")
    discard(st, 3, "2z")
    discard(st, 0, "1z")
    discard(st, 1, "2z")
    assert st.turn == 2 and st.drawn_tile == T("7s")
    st.act(Win(2))
    return st


def test_a_feeder_is_liable_for_the_first_twelve_tile_seat_only():
    st = _two_twelve_tile_seats(revision=1)
    assert st.seats[1].twelve_feeder == 0 and st.seats[2].twelve_feeder is None
    won = _won(st)
    assert won.seat == 2 and won.self_drawn and won.liable is None
    assert st.ended is not None and st.ended.deltas == (-8, -8, 24, -8)
    _replays(st)


def test_revision0_blamed_the_feeder_again():
    st = _two_twelve_tile_seats(revision=0)
    assert _won(st).liable == 0
    assert st.ended is not None and st.ended.deltas == (-24, 0, 24, 0)
    _replays(st)


# -- 2. 杠上开花包杠 follows the kong whose replacement won: an added kong is paid by all ------


def _bloom_on_an_added_kong(revision: int):
    st = rigged(
        GD,
        [
            "5z1m2m3m4m5m6m7m8m9m1p2p3p4p",  # seat 0 feeds the pong of 5z
            "5z5z6z6z6z1z123s456s7s",  # seat 1: pongs 5z, kongs 6z, adds the fourth 5z
            "5p6p7p8p9p2s3s5s6s8s9s1m9m",
            "6z1p5p8p2m5m8m3p6p9p3s6s9s",  # seat 3 feeds the exposed kong of 6z
        ],
        draws="3z4z7z1z2z5z",
        tail="2z7s",
        revision=revision,
    )
    discard(st, 0, "5z")
    do(st, Pong(1))
    discard(st, 1, "1z")
    discard(st, 2, "3z")
    discard(st, 3, "6z")
    do(st, Kong(1))  # an exposed kong on seat 3's discard (meld 1)
    pass_window(st)
    discard(st, 1, "2z")  # the first replacement
    discard(st, 2, "7z")
    discard(st, 3, "1z")
    discard(st, 0, "2z")
    assert st.turn == 1 and st.drawn_tile == T("5z")
    st.act(Kong(1, T("5z")))  # the added kong (meld 0, fed by seat 0's pong)
    pass_window(st)
    assert st.drawn_tile == T("7s") and st.legal_actions(1).win
    st.act(Win(1))
    return st


def test_a_bloom_on_an_added_kong_is_paid_by_all_three():
    st = _bloom_on_an_added_kong(revision=1)
    won = _won(st)
    assert "kong_replacement" in won.situations and won.liable is None
    assert st.ended is not None and st.ended.deltas == (-8, 24, -8, -8)
    _replays(st)


def test_revision0_blamed_the_older_exposed_kong():
    st = _bloom_on_an_added_kong(revision=0)
    assert _won(st).liable == 3
    assert st.ended is not None and st.ended.deltas == (0, 24, 0, -24)


# -- 4. 过胡 is lifted by any 动牌: a pong as well as a draw -----------------------------------


def _pass_then_pong(revision: int):
    rules = get_rules("heyuan-jihu")
    st = rigged(
        rules,
        [
            "1s2m5m8m3p6p9p2s4s6s8s2z3z4z",
            "5z1m4m7m2p5p8p3s9s6z6z7z7z",
            "123m456m789p55z11s",  # seat 2: ready on 5z / 1s
            "3m6m9m1p4p7p5s7s9s1z1z2z2z",
        ],
        draws="4z1s",
        revision=revision,
    )
    discard(st, 0, "1s")
    assert st.legal_actions(2).win
    st.act(Pass(2))  # seat 2 passes a win: 过胡
    return st


def test_a_pong_lifts_a_passed_win():
    st = _pass_then_pong(1)
    assert st.seats[2].win_lock
    discard(st, 1, "5z")  # seat 1 drew 4z
    assert st.legal_actions(2).pong and not st.legal_actions(2).win  # still locked: no win
    do(st, Pong(2))
    assert not st.seats[2].win_lock  # the pong is 动牌
    discard(st, 2, "1s")  # now waiting on the last 1s
    discard(st, 3, "1s")  # seat 3 drew it
    assert st.legal_actions(2).win
    st.act(Win(2))
    assert _won(st).seat == 2
    _replays(st)


def test_revision0_kept_the_lock_until_a_draw():
    st = _pass_then_pong(0)
    discard(st, 1, "5z")
    do(st, Pong(2))
    assert st.seats[2].win_lock
    discard(st, 2, "1s")
    discard(st, 3, "1s")
    assert not st.legal_actions(2).win


# -- 5. no added kong on the very turn of the pong ------------------------------------------


def _pong_holding_three(revision: int):
    rules = get_rules("heyuan-zheng")
    st = rigged(
        rules,
        [
            "9p1m4m7m2s5s8s1234567z",
            "999p1s3s5s7s258m36p4z",  # seat 1 holds three 9p
            "123p456p111z22z78p",
            "2m5m8m147s2z3z4z6z7z14p",
        ],
        draws="6s4s8m",
        revision=revision,
    )
    discard(st, 0, "9p")
    do(st, Pong(1))
    return st


def test_no_added_kong_on_the_turn_of_the_pong():
    st = _pong_holding_three(1)
    assert st.legal_actions(1).kongs == ()
    before = st.state_hash()
    with pytest.raises(IllegalAction) as err:
        st.act(Kong(1, T("9p")))
    assert err.value.code == "cannot_kong" and st.state_hash() == before
    # on a later own turn the kept fourth may be added
    discard(st, 1, "1s")
    discard(st, 2, "6s")
    discard(st, 3, "4s")
    discard(st, 0, "8m")
    pass_window(st)
    assert st.turn == 1 and (T("9p"), "added_kong") in st.legal_actions(1).kongs
    events = st.act(Kong(1, T("9p")))
    assert any(e.type == "konged" for e in events)
    _replays(st)


def test_revision0_allowed_it():
    st = _pong_holding_three(0)
    assert (T("9p"), "added_kong") in st.legal_actions(1).kongs


# -- 6. 补花 at the deal, round by round ------------------------------------------------------


def _flower_deal(revision: int):
    rules = get_rules("guangdong", {"bonus_flowers": True})
    return rigged(
        rules,
        [
            "1f1m2m3m4m5m6m7m8m9m1p2p3p4p",
            "3f5p6p7p8p9p1s2s3s4s5s6s7s",
            "1z1z2z2z3z3z4z4z5z5z6z6z7z",
            "8s9s8s9s8s9s1m1m9m9m9p9p7z",
        ],
        tail="2f5z6z",
        revision=revision,
    )


def test_a_replacement_flower_waits_for_the_next_round():
    st = _flower_deal(1)
    order = [(e.seat, e.tile) for e in st.events if isinstance(e, FlowerSetAside)]
    assert order == [(0, T("1f")), (1, T("3f")), (0, T("2f"))]
    assert parse("1f2f") == sorted(st.seats[0].flowers) and st.seats[1].flowers == [T("3f")]
    _replays(st)


def test_revision0_replaced_it_at_once():
    st = _flower_deal(0)
    order = [(e.seat, e.tile) for e in st.events if isinstance(e, FlowerSetAside)]
    assert order == [(0, T("1f")), (0, T("2f")), (1, T("3f"))]
