"""Every refused action names its reason and leaves the state exactly as it was."""

from __future__ import annotations

import pytest

from engine.actions import Chow, Discard, IllegalAction, Kong, Pass, Pong, Win
from engine.rules import get_rules
from engine.tiles import parse, parse_one
from tests.engine.hand.helpers import discard, rigged

T = parse_one

HEYUAN = ["5m1f147p258s1234z6z7z", "123456789m111z5m", "77z222333444m9s1s", "369p369s234567z1s"]


def heyuan(**options):
    return rigged(get_rules("heyuan-zheng", options or None), HEYUAN, draws="8s8s9s")


def after_discard(tile="5m", **options):
    st = heyuan(**options)
    discard(st, 0, tile)
    return st


GUANGDONG = [
    "5m1199m189p39s3344z",
    "123p456p789p111s4m",
    "234s567s234m666z5m",
    "678m345p789s222z5m",
]


def guangdong_after_discard():
    st = rigged(get_rules("guangdong"), GUANGDONG)
    discard(st, 0, "5m")
    return st


def over():
    st = after_discard()
    st.act(Win(1))
    return st


CASES = [
    ("out of turn", heyuan, Discard(1, T("1m")), "not_your_turn"),
    ("tile not in hand", heyuan, Discard(0, T("9m")), "tile_not_in_hand"),
    ("pong with one tile", lambda: after_discard("7z"), Pong(3), "cannot_pong"),
    ("claim with no window", heyuan, Pong(2), "no_claim_window"),
    ("claim own discard", lambda: after_discard("7z"), Pong(0), "not_a_claimant"),
    ("discard during a window", after_discard, Discard(1, T("1m")), "not_your_turn"),
    ("wildcard discard claimed", lambda: after_discard("1f"), Win(2), "wildcard_not_claimable"),
    ("wildcard discard ponged", lambda: after_discard("1f"), Pong(2), "wildcard_not_claimable"),
    ("win when not complete", heyuan, Win(0), "cannot_win"),
    ("win on a discard that does not complete", lambda: after_discard("1p"), Win(1), "cannot_win"),
    ("self-draw only", lambda: after_discard(self_draw_only=True), Win(1), "self_draw_only"),
    ("chow in heyuan", after_discard, Chow(1, (T("3m"), T("4m"), T("5m"))), "chow_not_allowed"),
    (
        "chow from the wrong seat",
        guangdong_after_discard,
        Chow(2, (T("3m"), T("4m"), T("5m"))),
        "chow_wrong_seat",
    ),
    ("kong of a wildcard", heyuan, Kong(0, T("1f")), "wildcard_not_meldable"),
    ("kong without four", heyuan, Kong(0, T("5m")), "cannot_kong"),
    ("pass on your own turn", heyuan, Pass(0), "nothing_to_pass"),
    ("action after the hand ended", over, Discard(3, T("1s")), "hand_over"),
    ("bad seat", heyuan, Discard(7, T("1m")), "bad_seat"),
]


@pytest.mark.parametrize("make, action, code", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_with_reason_and_no_change(make, action, code):
    st = make()
    before = st.state_hash()
    n = len(st.events)
    with pytest.raises(IllegalAction) as err:
        st.act(action)
    assert err.value.code == code
    assert err.value.message
    assert not action.can(st)
    assert st.state_hash() == before and len(st.events) == n


def test_second_action_on_one_discard():
    st = guangdong_after_discard()
    st.act(Win(2))
    before = st.state_hash()
    with pytest.raises(IllegalAction) as err:
        st.act(Pass(2))
    assert err.value.code == "already_acted" and st.state_hash() == before


def test_passed_win_locks_discard_wins_until_own_draw():
    st = rigged(get_rules("guangdong"), GUANGDONG, draws="5m")
    discard(st, 0, "5m")
    st.act(Pass(2))
    st.act(Pass(3))
    assert st.seats[2].win_lock and st.seats[3].win_lock
    discard(st, 1, "5m")  # seat 1 drew the last 5m; seat 2 may chow it but not win on it
    assert st.awaiting() == (2,) and not st.legal_actions(2).win and st.legal_actions(2).chows
    before = st.state_hash()
    with pytest.raises(IllegalAction) as err:
        st.act(Win(2))
    assert err.value.code == "pass_win_locked" and st.state_hash() == before
    st.act(Pass(2))
    assert st.turn == 2 and not st.seats[2].win_lock  # seat 2's own draw lifts it


def test_passed_pong_locks_that_kind_until_own_discard():
    rules = get_rules("heyuan-jihu")
    st = rigged(
        rules,
        ["147m258m369m1357z", "147s258s369s2467z", "33p69m47s8s134567z", "3p12p456p789p111s22z"],
        draws="9p3p",
        dealer=3,
    )
    discard(st, 3, "3p")
    assert st.legal_actions(2).pong
    st.act(Pass(2))
    assert parse("3p")[0] in st.seats[2].pong_lock
    discard(st, 0, "9p")
    discard(st, 1, "3p")
    assert st.awaiting() == (3,) and st.legal_actions(3).win and not st.legal_actions(2).pong
    before = st.state_hash()
    with pytest.raises(IllegalAction) as err:
        st.act(Pong(2))
    assert err.value.code == "pass_pong_locked" and st.state_hash() == before
