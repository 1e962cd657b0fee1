"""Why nothing (or less) is offered: a lock that keeps a claim from a seat is named in its
``legal_actions`` (``withheld``), and a refusal of that claim carries the rule's own code,
whether or not a window is still open on the tile."""

from __future__ import annotations

import pytest

from engine.actions import Choose, IllegalAction, Pass, Pong, Win
from engine.hand import HandState
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one


def _refused(st: HandState, action, code: str) -> None:
    before = st.state_hash()
    with pytest.raises(IllegalAction) as err:
        st.act(action)
    assert err.value.code == code, err.value
    assert st.state_hash() == before


def test_a_pass_win_lock_is_named_while_the_window_is_open_and_after_it_closed():
    # Changsha: South passed a win on West's 5p, pongs East's 8p (no draw: the lock holds)
    # and waits on 1m / 4m; West throws 4m, North may pong it
    st = rigged(
        get_rules("changsha"),
        ["1s1s2s2s3s4s5s6s6s7s9s9s3p8p", "123m456m789m8p8p5p5p", "5p4m3s3s4s4s5s5s7s7s8s8s2s",
         "4m4m2s3s4s5s6s6s7s8s8s9s9s"],
        draws="9p9m9p2p7m",
    )  # fmt: skip
    while st.phase == "choose":
        st.act(Choose(st.awaiting()[0], "pass"))
    discard(st, 0, "3p")
    discard(st, 1, "9p")
    discard(st, 2, "5p")
    pass_window(st)
    discard(st, 3, "9p")
    discard(st, 0, "8p")
    do(st, Pong(1))
    discard(st, 1, "1m")
    discard(st, 2, "4m")
    la = st.legal_actions(1)
    assert la.phase == "wait" and la.withheld == (("win", "pass_win_locked"),)
    assert st.legal_actions(3).pong and st.legal_actions(3).withheld == ()
    _refused(st, Win(1), "pass_win_locked")
    st.act(Pass(3))  # the window closes; North draws
    assert st.phase == "turn" and st.turn == 3
    assert st.legal_actions(1).withheld == (("win", "pass_win_locked"),)
    _refused(st, Win(1), "pass_win_locked")  # not "not_your_turn": the lock is the reason


def test_a_pass_pong_lock_is_named_when_no_window_opens():
    rules = get_rules("heyuan-jihu")
    st = rigged(
        rules,
        ["147m258m369m1357z", "147s258s369s2467z", "33p69m47s8s134567z", "3p12p456p789p111s22z"],
        draws="9p3p",
        dealer=3,
    )
    discard(st, 3, "3p")
    st.act(Pass(2))
    discard(st, 0, "9p")
    discard(st, 1, "3p")
    # East may win on it; West, locked, is not asked but told why
    assert st.legal_actions(2).withheld == (("pong", "pass_pong_locked"),)
    _refused(st, Pong(2), "pass_pong_locked")
    st.act(Pass(3))
    assert st.turn == 2  # West draws: its turn now, the discard gone by


def test_a_discarded_joker_names_the_same_code_to_every_seat_that_wanted_it():
    st = rigged(
        get_rules("quzhou"),
        ["5p123m456m789p1122z", "5p5p123s456s789s3z4z", "147m258s369s1234z",
         "2m5m8m3p6p9p1s4s7s3z4z3m6m"],
        indicator="4p",
    )  # fmt: skip
    discard(st, 0, "5p")
    assert st.turn == 1  # nobody is asked: South just draws
    assert st.legal_actions(2).withheld == ()
    # South holds two 财神: it is told why it may not pong, and refused with that code
    assert st.withheld == {1: (("pong", "wildcard_not_claimable"),)}
    _refused(st, Pong(1), "wildcard_not_claimable")
    _refused(st, Pong(2), "wildcard_not_claimable")


def test_ones_own_discard_is_named_in_shanghai():
    st = rigged(
        get_rules("shanghai"),
        ["1m1m1m4m7m2p5p8p3s6s9s1z2z3z", "1m5m8m3p6p9p2s4s7s4z4z2z3z", "3m6m9m1p4p7p2s5s8s1z4z2z3z",
         "2m5m8m3p6p9p3s4s7s3m6m9m1p"],
        draws="5s",
        indicator="9s",
    )  # fmt: skip
    discard(st, 0, "1m")  # East keeps two 1m and may not pong a 1m before its next draw
    discard(st, 1, "1m")
    assert st.seats[0].discard_lock == T("1m")
    assert st.legal_actions(0).withheld == (("pong", "own_discard_locked"),)
    _refused(st, Pong(0), "own_discard_locked")
