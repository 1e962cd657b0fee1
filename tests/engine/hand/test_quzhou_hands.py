"""Quzhou 邋遢胡 through the hand state machine and the match: the indicator from the head of
the wall, the White-dragon 财神, 截胡, 抢杠胡, an unclaimable 财神, the reserve, and drawn
hands in both modes."""

from __future__ import annotations

import pytest

from engine.actions import IllegalAction, Kong, Pong, Win
from engine.events import Dealt, HandStarted, IndicatorTurned
from engine.hand import HandState
from engine.match import Match, replay_match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from engine.tiles import parse_one, tile_name
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one
QZ = get_rules("quzhou")


def test_the_indicator_is_the_next_wall_tile_and_leaves_play():
    st = HandState.start(QZ, "head")
    ev = next(e for e in st.events if isinstance(e, IndicatorTurned))
    assert ev.index == 53 and ev.dice == ()
    assert ev.tile == st.wall.tiles[53]
    assert st.tiles_accounted() == 136
    assert st.wall.remaining == 136 - 53 - 1 - 14  # seven stacks kept back
    pass_window(st)
    dealer = st.dealer
    tile = next(t for t, n in enumerate(st.seats[dealer].counts) if n)
    discard(st, dealer, tile_name(tile))
    pass_window(st)
    first = next(e for e in st.events if e.type == "drawn")
    assert first.tile == st.wall.tiles[54]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("options", "live"), [({"reserve_stacks": 17}, 136 - 54 - 34),
                                               ({"mode": "duanzi"}, 136 - 54)])
def test_the_reserve_follows_the_options(options, live):
    st = HandState.start(get_rules("quzhou", options), "reserve")
    assert st.wall.remaining == live


def test_white_dragons_as_caishen_turn_no_indicator():
    st = HandState.start(get_rules("quzhou", {"caishen": "white"}), "white")
    assert not any(isinstance(e, IndicatorTurned) for e in st.events)
    assert st.wild_kinds == {T("5z")} and st.wall.remaining == 136 - 53 - 14


def test_only_the_first_in_turn_order_wins_a_discard():
    st = rigged(
        QZ,
        ["1s123m456m789p1122z", "23s456p789p333z99m", "123s456s789s23s77z", "147m258p369s3456z"],
        indicator="4p",
    )  # fmt: skip
    discard(st, 0, "1s")  # South and West both win on 1s; West's hand is bigger
    assert st.window is not None and st.window.options[1].win and st.window.options[2].win
    st.act(Win(2))
    st.act(Win(1))
    assert [w.seat for w in st.wins] == [1]
    assert st.ended is not None and st.ended.deltas[0] == -st.ended.deltas[1]


def test_robbing_an_added_kong_is_paid_by_the_robbed_player_as_a_discard():
    st = rigged(
        QZ,
        ["7s123m456m789p1122z", "77s123p456p789m3z4z", "56s123m456m789p11m", "478m258p369s3456z"],
        draws="1p3z1z7s",
        indicator="4p",
    )  # fmt: skip
    discard(st, 0, "7s")
    do(st, Pong(1))  # South pongs 7s (West passes its win on it: 过胡 until its next draw)
    discard(st, 1, "1p")
    discard(st, 2, "1p")
    discard(st, 3, "3z")
    discard(st, 0, "1z")
    pass_window(st)  # South draws the fourth 7s
    assert (T("7s"), "added_kong") in st.legal_actions(1).kongs
    st.act(Kong(1, T("7s")))
    assert st.phase == "rob" and st.window is not None and st.window.options[2].win
    st.act(Win(2))
    won = st.wins[0]
    assert "robbing_kong" in won.situations and won.from_seat == 1 and won.liable is None
    assert st.ended is not None
    assert st.ended.payments == ((1, 2, won.points, "win"),)  # 2 × 段, from South alone


def test_a_discarded_caishen_cannot_be_claimed():
    st = rigged(
        QZ,
        ["5p123m456m789p1122z", "5p5p123s456s789s3z4z", "147m258s369s1234z", "2m5m8m3p6p9p1s4s7s3z4z3m6m"],
        indicator="4p",
    )  # fmt: skip
    discard(st, 0, "5p")
    assert st.awaiting() == (1,)  # nobody is asked: South just draws
    with pytest.raises(IllegalAction) as exc:
        st.act(Pong(2))
    assert exc.value.code == "wildcard_not_claimable"


@pytest.mark.parametrize("mode", ["latahu", "duanzi"])
def test_drawn_hands_and_the_next_dealer(mode):
    rules = get_rules("quzhou", {"mode": mode})
    players = [get_player("random", f"d{i}") for i in range(4)]
    m = play_match(Match.start(rules, f"drawn-{mode}", hands_limit=6), players)
    starts = [e for e in m.events if isinstance(e, HandStarted)]
    drawn = 0
    for start, nxt, ended in zip(starts, starts[1:], m.results, strict=False):
        if not ended.drawn:
            assert nxt.dealer == ended.winners[0]
            continue
        drawn += 1
        dealer = start.dealer
        if mode == "duanzi":  # the dealer pays 1 to each other player and deals again
            assert ended.deltas[dealer] == -3 and sorted(ended.deltas) == [-3, 1, 1, 1]
            assert nxt.dealer == dealer
        else:  # nobody pays, the next seat deals
            assert ended.deltas == (0, 0, 0, 0) and nxt.dealer == (dealer + 1) % 4
    assert drawn
    assert replay_match(m.events).state_hash() == m.state_hash()
    assert all(isinstance(e, Dealt) for e in m.events if e.type == "dealt")
