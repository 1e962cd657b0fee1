"""The rule fix of revision 3, played on a rigged wall against the rule page, and checked to
keep the old behaviour for a hand recorded under revision 2.

Quzhou's 过碰 (``../shared/rules/quzhou.md``: "after passing a pong, no pong of that kind until
your next draw"): a seat that passes a pong, then pongs another kind and discards without
drawing, still may not pong the passed kind. Revision 2 lifted the lock at that discard."""

from __future__ import annotations

import pytest

from engine.actions import IllegalAction, Pong
from engine.hand import HandState, replay_events
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one

_HANDS = [
    "123m456p123s99s7p8m3z",  # East (dealer): throws 3z, later 7p
    "5m5m7p7p111p456s9m8s6z",  # South: a pair of 5m (the pong it passes) and of 7p
    "234m678m23p678s1z5z",  # West: throws what it draws (8p, later the last 5m)
    "1m1m9p9p3s3s7s7s4m6p2s4z7z",  # North: throws the 5m it draws
]


def _pass_a_pong_then_pong_another(revision: int) -> HandState:
    """South passes North's 5m, pongs East's 7p and discards 6z before its next draw; West
    then throws the last 5m."""
    st = rigged(get_rules("quzhou"), _HANDS, draws="6z8p5m4z5m", revision=revision,
                indicator="1z")
    discard(st, 0, "3z")
    discard(st, 1, "6z")
    discard(st, 2, "8p")
    discard(st, 3, "5m")
    assert st.legal_actions(1).pong
    pass_window(st)  # South passes the pong: 过碰 on 5m
    assert T("5m") in st.seats[1].pong_lock
    discard(st, 0, "7p")
    do(st, Pong(1))
    discard(st, 1, "6z")  # South's own discard, before its next draw
    discard(st, 2, "5m")
    return st


def _replays(st: HandState) -> None:
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_quzhou_pass_pong_lasts_until_the_next_draw_not_the_own_discard() -> None:
    st = _pass_a_pong_then_pong_another(revision=3)
    assert T("5m") in st.seats[1].pong_lock
    legal = st.legal_actions(1)
    assert not legal.pong and ("pong", "pass_pong_locked") in legal.withheld
    with pytest.raises(IllegalAction) as err:
        st.act(Pong(1))
    assert err.value.code == "pass_pong_locked" and "next draw" in str(err.value)
    pass_window(st)
    # North and East draw and throw; South's own draw lifts the lock
    for seat in (3, 0):
        assert st.turn == seat and T("5m") in st.seats[1].pong_lock
        discard(st, seat, "4m" if seat == 3 else "8m")
    pass_window(st)
    assert st.turn == 1 and st.drawn_tile is not None and not st.seats[1].pong_lock
    _replays(st)


def test_revision2_lifted_the_pass_pong_at_the_own_discard() -> None:
    st = _pass_a_pong_then_pong_another(revision=2)
    assert not st.seats[1].pong_lock and st.legal_actions(1).pong
    do(st, Pong(1))
    assert [m.tiles for m in st.seats[1].melds][-1] == (T("5m"),) * 3
    _replays(st)
