"""Beijing 惠牌 played through whole rigged hands: the seed's two worked score examples come
out exactly from play (烧庄 rounds, 互包, 庄), the 惠坯 on the replacement end, the reserve,
and the discard-win limits."""

from __future__ import annotations

import pytest

from engine.actions import Discard, IllegalAction, Pong, Win
from engine.events import HandEnded, IndicatorTurned
from engine.hand.replay import replay_events
from engine.rules import get_rules
from engine.tiles import parse_one
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one


def _turn(state, seat, tile):
    """``seat`` draws (automatically) and discards ``tile``; every window is passed."""
    pass_window(state)
    assert state.awaiting() == (seat,), (state.awaiting(), seat)
    return state.act(Discard(seat, T(tile)))


def test_example_1_east_self_draws_all_pungs_after_one_round_of_burning():
    rules = get_rules("beijing", {"unit": 2000})
    st = rigged(
        rules,
        ["7z111m222p333s44z5z9p", "2359m67p468s1347z", "1469m1358p2579s7z", "478m3568p369s267z"],
        draws="1p2s4s8s5s6s7s8m5z",
        indicator="9s",
    )
    assert st.wild_kinds == {T("1s")} and st.indicator == T("9s")
    # go-round 1: East leads 中, the three others follow: one round of 烧庄
    _turn(st, 0, "7z")
    for seat in (1, 2, 3):
        _turn(st, seat, "7z")
    assert st.burn.rounds == 1
    _turn(st, 0, "8s")  # East draws 8s and throws it; South does not follow: the run is over
    _turn(st, 1, "4z")
    do(st, Pong(0))  # East pongs South's 4z …
    st.act(Discard(0, T("9p")))  # … and waits on 5z alone
    _turn(st, 1, "6s")
    _turn(st, 2, "7s")
    _turn(st, 3, "8m")
    pass_window(st)
    assert st.burn.rounds == 1 and st.burn.over
    assert st.legal_actions(0).win  # East draws 5z
    st.act(Win(0))
    ended = st.ended
    assert isinstance(ended, HandEnded)
    won = st.wins[0]
    assert won.points == 3 and list(won.patterns) == ["dealer", "all_pungs"]
    assert ended.deltas == (12000, -4000, -4000, -4000)
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_example_2_three_rounds_of_burning_and_south_north_bound():
    rules = get_rules("beijing", {"unit": 500})
    st = rigged(
        rules,
        [
            "123z234m567s88p99p7z",  # East (dealer, 14)
            "123z6m7p4z123m456p7s",  # South
            "123z147m36p246s67z",  # West
            "123z66m77p44z59m28p",  # North
        ],
        draws="8s8m3p" "4p9s5p9p" "6p5z6s2m" "8m5z" "9m3s" "4m1s" "2s",
        indicator="9s",
    )
    for honour in ("1z", "2z", "3z"):  # three go-rounds, everyone throwing the same honour
        for seat in range(4):
            _turn(st, seat, honour)
    assert st.burn.rounds == 3
    _turn(st, 0, "8m")  # East's fourth: South does not follow
    for tile, north_throws, east_throws in (("6m", "9m", "9m"), ("7p", "2p", "4m"), ("4z", "3p", None)):
        _turn(st, 1, tile)
        do(st, Pong(3))
        st.act(Discard(3, T(north_throws)))
        if east_throws:
            _turn(st, 0, east_throws)
    assert st.bound == [(1, 3)] and st.burn.rounds == 3
    _turn(st, 0, "2s")  # East draws 2s and deals in
    legal = st.legal_actions(1)
    assert legal.win
    do(st, Win(1))
    won = st.wins[0]
    assert (won.seat, won.from_seat, won.points) == (1, 0, 2)
    assert list(won.patterns) == ["basic", "dealer"]
    ended = st.ended
    assert isinstance(ended, HandEnded)
    assert ended.deltas == (-6000, 3000, 2000, 1000)
    assert (3, 1, 1000, "bound") in ended.payments  # North pays South's hand
    assert all(p[0] == 0 and p[3] == "burn" for p in ended.payments if p[1] != 1 or p[0] == 0)
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_the_huipi_is_the_first_replacement_tile_and_leaves_play():
    rules = get_rules("beijing")
    st = rigged(
        rules,
        ["1111m234p567s8899p", "234m456p789s1234z", "478m258p369s1567z",
         "2m5m8m3p6p9p1s4s7s1z2z3z4z"],
        tail="6z",
        indicator="5z",
    )
    ev = next(e for e in st.events if isinstance(e, IndicatorTurned))
    assert ev.tile == T("5z") and ev.index == len(st.wall.tiles) - 1
    assert st.wild_kinds == {T("7z")}  # 白 → 中
    assert st.tiles_accounted() == rules.tile_count
    live = st.wall.remaining
    # the reserve: 14 tiles at the end are never drawn; the 惠坯 was one of them
    assert live == 136 - 53 - 14
    st.act(st.legal_actions(0).actions()[0])  # East's concealed kong of 1m …
    assert st.melds(0)[0].base == T("1m")
    assert st.seats[0].counts[T("6z")] == 1  # … is replaced by the tile after the 惠坯
    assert st.wall.remaining == live  # a kong replacement comes from the reserve


def test_after_a_call_only_self_draw_and_three_huipai_must_self_draw():
    rules = get_rules("beijing")
    st = rigged(
        rules,
        ["234m678p789s11z55p9m", "23m456p789s1s1s1s77z", "147m258p369s4567z",
         "2m5m8m3p6p9p4s7s1z2z3z4z6z"],
        indicator="9s",
    )  # fmt: skip
    # South holds three 惠牌 (1s) and 9m completes its hand: still no win on a discard
    assert T("9m") in st.waits(1)
    discard(st, 0, "9m")
    assert st.window is None or 1 not in st.window.options


def test_a_discarded_huipai_cannot_be_claimed():
    rules = get_rules("beijing")
    st = rigged(
        rules,
        ["1s234m567p789s1122z", "1s1s456p789s1234z7z", "147m258p369s3567z",
         "2m5m8m3p6p9p4s7s3z4z6z5z8s"],
        indicator="9s",
    )  # fmt: skip
    discard(st, 0, "1s")  # South holds two 惠牌, but nobody may claim one
    assert st.awaiting() == (1,) and st.phase == "turn"
    with pytest.raises(IllegalAction) as exc:
        st.act(Pong(2))
    assert exc.value.code == "wildcard_not_claimable"


@pytest.mark.parametrize("preset", ["beijing", "shanghai"])
def test_who_deals_next(preset):
    from engine.events import HandStarted
    from engine.match import Match
    from engine.players import get_player
    from engine.players.autoplay import play_match

    players = [get_player(k, f"r{i}") for i, k in enumerate(("greedy", "random", "greedy", "random"))]
    m = play_match(Match.start(get_rules(preset), f"rotate-{preset}", hands_limit=10), players)
    starts = [e for e in m.events if isinstance(e, HandStarted)]
    for start, nxt, ended in zip(starts, starts[1:], m.results, strict=False):
        dealer = start.dealer
        if ended.drawn:  # both: the dealer stays on a drawn hand
            assert nxt.dealer == dealer
        elif preset == "beijing":  # the dealer stays on its win, else the deal passes on
            assert nxt.dealer == (dealer if dealer in ended.winners else (dealer + 1) % 4)
        else:  # Shanghai: the winner deals
            assert nxt.dealer == ended.winners[0]
