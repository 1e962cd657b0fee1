"""The rule fixes of revision 2, each played on a rigged wall against the rule pages, and
each checked to keep the old behaviour for a hand recorded under revision 1."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Choose, IllegalAction, Kong, Pass, Pong, Win
from engine.events import EventError, Won, event_from_json
from engine.hand import HandState, replay_events
from engine.rules import Rules, get_rules
from engine.tiles import parse, parse_one, tile_name
from engine.wall import wall_tiles
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one


def _replays(st: HandState) -> None:
    assert replay_events(st.events).state_hash() == st.state_hash()


# -- 1. 过胡 is lifted by what each game's page says: a draw only, or any 动牌 -------------------


def _steps(st: HandState) -> None:
    """Answer the choices after the deal: 定缺 (South voids 条, the others the suit they hold
    least of) and 起手小胡 (passed)."""
    while st.phase == "choose":
        seat = st.awaiting()[0]
        if st.step == "void":
            st.act(Choose(seat, {0: "p", 1: "s", 2: "p", 3: "p"}[seat]))
        else:
            st.act(Choose(seat, "pass"))


_HANDS = [
    "1s1s2s2s3s4s5s6s6s7s9s9s3p8p",  # East: throws 3p, then 8p (South pongs it)
    "123m456m789m8p8p5p5p",  # South: ready on 8p / 5p
    "5p4m3s3s4s4s5s5s7s7s8s8s2s",  # West: throws 5p, later 4m
    "4m4m2s3s4s5s6s6s7s8s8s9s9s",  # North: a pong of 4m keeps the window open
]


def _pass_a_win_then_pong(rules: Rules, revision: int) -> HandState:
    """South waits on 8p / 5p, passes West's 5p, pongs East's 8p before its next draw and
    discards 1m, waiting on 1m / 4m; West then discards 4m."""
    st = rigged(
        rules,
        _HANDS,
        draws="9p9m9p2p7m",
        revision=revision,
        indicator="1z" if rules.indicator_source != "none" else None,
    )
    _steps(st)
    discard(st, 0, "3p")
    discard(st, 1, "9p")
    discard(st, 2, "5p")
    assert st.legal_actions(1).win
    pass_window(st)  # South passes the win: 过胡
    assert st.seats[1].win_lock
    discard(st, 3, "9p")
    discard(st, 0, "8p")
    do(st, Pong(1))
    discard(st, 1, "1m")
    discard(st, 2, "4m")  # completes South's hand, before South's next draw
    return st


@pytest.mark.parametrize(
    "preset", ["changsha", "baoding", "sichuan", "quzhou", "heyuan-jihu"])
def test_where_the_page_says_draw_a_pong_does_not_lift_the_lock(preset: str) -> None:
    st = _pass_a_win_then_pong(get_rules(preset), revision=2)
    assert st.seats[1].win_lock
    assert not st.legal_actions(1).win
    with pytest.raises(IllegalAction) as err:
        st.act(Win(1))
    assert err.value.code == "pass_win_locked"
    assert "next draw" in str(err.value) and "call" not in str(err.value)
    _replays(st)


@pytest.mark.parametrize("preset", ["guangdong"])
def test_where_the_page_says_dongpai_a_pong_lifts_the_lock(preset: str) -> None:
    st = _pass_a_win_then_pong(get_rules(preset), revision=2)
    assert not st.seats[1].win_lock
    assert st.legal_actions(1).win
    do(st, Win(1))
    assert any(e.type == "won" and e.seat == 1 for e in st.events)  # type: ignore[attr-defined]
    _replays(st)


@pytest.mark.parametrize("preset", ["changsha", "baoding", "sichuan", "quzhou"])
def test_revision1_lifted_the_lock_on_any_call(preset: str) -> None:
    st = _pass_a_win_then_pong(get_rules(preset), revision=1)
    assert not st.seats[1].win_lock and st.legal_actions(1).win
    do(st, Win(1))
    assert any(e.type == "won" and e.seat == 1 for e in st.events)  # type: ignore[attr-defined]
    _replays(st)


def test_the_next_draw_lifts_the_lock_where_a_call_does_not() -> None:
    st = _pass_a_win_then_pong(get_rules("changsha"), revision=2)
    pass_window(st)
    for seat in (3, 0):  # North and East draw and throw what they drew
        assert st.turn == seat and st.drawn_tile is not None
        assert st.seats[1].win_lock
        discard(st, seat, tile_name(st.drawn_tile))
    pass_window(st)
    assert st.turn == 1 and not st.seats[1].win_lock  # South drew
    _replays(st)


def test_a_locked_discard_win_is_refused_without_changing_the_state() -> None:
    st = _pass_a_win_then_pong(get_rules("baoding"), revision=2)
    before = st.state_hash()
    with pytest.raises(IllegalAction):
        st.act(Win(1))
    assert st.state_hash() == before


# -- 2. Sichuan's last four tiles: the forced win overrides a 过胡 lock -----------------------

SC = get_rules("sichuan")
_SC_HANDS = [
    "5p5p1p9p7p3p1s2s3s4s5s7s8s9s",  # East (void m): throws 3p, then what it draws
    "111m23m456m789m4p6p",  # South (void s): ready on 5p only
    "5p1p4p7p9p1m4m7m9m2m5m8m3p",  # West (void s): throws 5p with five tiles left
    "5p1s4s7s2s5s8s3s6s9s1p4p8p",  # North (void m): throws 5p with four left
]


def _last_tiles_draws() -> str:
    """Every live tile, in an order where West's draw with five left is no 条 and North's
    with four left no 万 (each then throws its 5p, not a void tile)."""
    left = Counter(wall_tiles(SC))
    left.subtract(Counter(t for h in _SC_HANDS for t in parse(h)))
    tiles = sorted(left.elements(), key=lambda t: (t % 9, t))  # suits interleaved
    tiles.remove(T("6p"))
    tiles.insert(49, T("6p"))  # West's draw with five left
    tiles.remove(T("2p"))
    tiles.insert(50, T("2p"))  # North's draw with four left
    return "".join(tile_name(t) for t in tiles)


def _five_then_four_left(revision: int) -> HandState:
    st = rigged(SC, _SC_HANDS, draws=_last_tiles_draws(), revision=revision)
    for seat, suit in enumerate("mssm"):
        st.act(Choose(seat, suit))
    discard(st, 0, "3p")
    while st.wall.remaining > 5 or st.turn != 2:
        pass_window(st)
        assert st.drawn_tile is not None
        discard(st, st.turn, tile_name(st.drawn_tile))
    discard(st, 2, "5p")  # five tiles left: South may win, and passes
    assert st.legal_actions(1).win and st.legal_actions(1).can_pass
    pass_window(st)
    assert st.seats[1].win_lock
    assert st.turn == 3 and st.wall.remaining == 4
    discard(st, 3, "5p")  # four left: the same kind again
    return st


def test_sichuan_a_ready_player_must_win_in_the_last_four_tiles_despite_its_lock() -> None:
    st = _five_then_four_left(revision=2)
    la = st.legal_actions(1)
    assert la.win and not la.can_pass  # the forced win: nothing else is offered
    with pytest.raises(IllegalAction) as err:
        st.act(Pass(1))
    assert err.value.code == "must_win"
    do(st, Win(1))
    won = [e for e in st.events if e.type == "won"]
    assert [(e.seat, e.tile, e.from_seat) for e in won] == [(1, T("5p"), 3)]  # type: ignore[attr-defined]
    _replays(st)


def test_sichuan_revision1_let_the_lock_hide_the_forced_win() -> None:
    st = _five_then_four_left(revision=1)
    assert not st.legal_actions(1).win
    _replays(st)


# -- 3. Baoding's 边 / 卡 / 钓: the 13 tiles win (not merely complete a shape) on one kind ------

BD = get_rules("baoding", {"all_pungs_kong": True})


def _single_wait_bloom(revision: int) -> HandState:
    """East (the dealer) pongs 5z and 7p, kongs North's 4z and draws 3m on the replacement:
    `2223m` wins on 3m only (1m / 4m make shapes with a chow, which fail 一色够八张)."""
    st = rigged(
        BD,
        [
            "2223m444z55z77p8m6s9s",
            "5z7p4z1m4m7m1p4p1s4s7s9m9p",  # South throws 5z, 7p, 4z
            "2m5m8m2p5p8p2s5s8s6z6z7z7z",
            "3m6m9m3p6p9p3s6s9s1z1z2z2z",
        ],
        draws="1z2z3z",
        tail="3m",
        revision=revision,
    )
    discard(st, 0, "8m")
    discard(st, 1, "5z")
    do(st, Pong(0))
    discard(st, 0, "6s")
    discard(st, 1, "7p")
    do(st, Pong(0))
    discard(st, 0, "9s")
    discard(st, 1, "4z")
    do(st, Kong(0))
    pass_window(st)
    assert st.turn == 0 and st.drawn_tile == T("3m")
    st.act(Win(0))
    return st


def test_baoding_a_single_wait_by_the_suit_condition_doubles() -> None:
    st = _single_wait_bloom(revision=2)
    won = next(e for e in st.events if e.type == "won")
    assert won.patterns == ("all_pungs", "self_draw", "kong_bloom", "single_wait", "dealer")  # type: ignore[attr-defined]
    assert won.points == 2 * 2**4  # type: ignore[attr-defined]
    assert st.ended is not None and st.ended.deltas == (96, -32, -32, -32)
    _replays(st)


def test_baoding_revision1_read_the_wait_by_shapes() -> None:
    st = _single_wait_bloom(revision=1)
    won = next(e for e in st.events if e.type == "won")
    assert "single_wait" not in won.patterns and won.points == 16  # type: ignore[attr-defined]
    _replays(st)


# -- 4. A win's value says how it reads: Won.value and Won.value_style ------------------------


@pytest.mark.parametrize(
    ("preset", "style"),
    [("changsha", "multiple"), ("baoding", "multiple"), ("sichuan", "fan"), ("quzhou", "duan"),
     ("guangdong", "fan"), ("heyuan-jihu", "multiple")],
)  # fmt: skip
def test_a_win_is_logged_with_its_value_and_how_it_reads(preset: str, style: str) -> None:
    for revision in (1, 2):
        st = rigged(get_rules(preset), _HANDS, draws="9p9m9p2p7m", revision=revision, indicator=(
            "1z" if get_rules(preset).indicator_source != "none" else None))  # fmt: skip
        _steps(st)
        discard(st, 0, "3p")
        discard(st, 1, "9p")
        discard(st, 2, "5p")
        do(st, Win(1))  # South takes the win this time
        won = next(e for e in st.events if isinstance(e, Won))
        obj = won.to_json()
        if revision == 1:  # as written then: "points", no style
            assert won.value_style == "" and obj["points"] == won.value and "value" not in obj
        else:
            assert won.value_style == style and obj["value"] == won.value and "points" not in obj
        assert replay_events(st.events).state_hash() == st.state_hash()


def test_the_value_and_its_style_round_trip_and_old_logs_read_as_written() -> None:
    st = _single_wait_bloom(revision=2)
    won = next(e for e in st.events if isinstance(e, Won))
    obj = won.to_json()
    assert obj["value"] == 32 and obj["value_style"] == "multiple" and "points" not in obj
    assert event_from_json(obj) == won and won.points == won.value
    old = _single_wait_bloom(revision=1)
    won1 = next(e for e in old.events if isinstance(e, Won))
    obj1 = won1.to_json()
    assert obj1["points"] == 16 and "value" not in obj1 and "value_style" not in obj1
    assert event_from_json(obj1) == won1
    with pytest.raises(EventError):
        event_from_json({**obj1, "value": 16})
    assert replay_events(old.events).state_hash() == old.state_hash()


def test_a_guangdong_value_is_two_to_its_fan() -> None:
    st = _pass_a_win_then_pong(get_rules("guangdong"), revision=2)
    do(st, Win(1))
    won = next(e for e in st.events if isinstance(e, Won))
    assert won.value_style == "fan" and won.fan is not None and won.value == 2**won.fan


def test_sichuan_after_two_winners_the_seat_after_the_last_draws() -> None:
    # East's 5p wins for South and North (一炮多响): the next draw goes to the seat after the
    # last winner in turn order from the discarder — North, so East itself draws next
    st = rigged(
        SC,
        ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "999p567m678p22p33p",
         "111p444p888p456m5p"],
        draws="7m9p",
        tail="3p",
    )  # fmt: skip
    for seat in range(4):
        st.act(Choose(seat, "s"))
    discard(st, 0, "5p")
    assert set(st.awaiting()) == {1, 3}
    st.act(Win(3))
    st.act(Win(1))
    assert st.seats[1].has_won and st.seats[3].has_won
    assert st.turn == 0 and st.drawn_tile == T("7m")
    _replays(st)
