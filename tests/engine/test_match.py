"""Matches: dealer rotation in both modes, round winds, totals, game length, replay."""

from __future__ import annotations

import pytest

from engine.events import Drawn, HandEnded, MatchEnded
from engine.hand import ReplayError
from engine.match import Match, first_dealer, replay_match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules


def ended(winners=(), deltas=(0, 0, 0, 0)):
    return HandEnded(
        drawn=not winners, winners=tuple(winners), deltas=tuple(deltas), payments=(), seed="x"
    )


def match_with_dealer(rules, dealer):
    m = Match(rules)
    m.dealer = dealer
    m.dealt_this_round = {dealer}
    return m


@pytest.mark.parametrize(
    "winners, dealer_next",
    [((2,), 2), ((), 1), ((1,), 1), ((3, 0), 3)],
    ids=["winner deals", "draw: dealer stays", "dealer wins", "several: first after discarder"],
)
def test_winner_rotation(winners, dealer_next):
    m = match_with_dealer(get_rules("heyuan-zheng"), 1)
    m._after_hand_event(ended(winners))
    assert m.dealer == dealer_next


@pytest.mark.parametrize(
    "winners, dealer_next",
    [((2,), 2), ((), 1), ((1,), 1), ((3, 1), 1), ((0,), 2)],
    ids=[
        "other wins: next",
        "draw stays",
        "dealer wins stays",
        "dealer among winners",
        "next seat",
    ],
)
def test_standard_rotation(winners, dealer_next):
    m = match_with_dealer(get_rules("guangdong"), 1)
    m._after_hand_event(ended(winners))
    assert m.dealer == dealer_next


def test_round_wind_moves_when_every_seat_has_dealt():
    m = match_with_dealer(get_rules("guangdong"), 0)
    winds = []
    for _ in range(5):
        m._after_hand_event(ended(((m.dealer + 1) % 4,)))
        winds.append((m.dealer, m.round_wind))
    assert winds == [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1)]
    assert m.rounds_done == 1


def test_totals_add_up_hand_by_hand():
    m = match_with_dealer(get_rules("heyuan-zheng"), 0)
    m._after_hand_event(ended((1,), (-2, 6, -2, -2)))
    m._after_hand_event(ended((3,), (0, 0, -4, 4)))
    assert m.totals == [-2, 6, -6, 2]


def test_first_dealer_comes_from_the_seed():
    assert {first_dealer(str(s)) for s in range(40)} == {0, 1, 2, 3}
    assert Match.start(get_rules("heyuan-zheng"), "abc").dealer == first_dealer("abc")


def players(kind="random", seed="t"):
    return [get_player(kind, f"{seed}/{i}") for i in range(4)]


def test_a_match_plays_its_length_and_replays():
    rules = get_rules("heyuan-jihu", {"hands": 4})
    m = play_match(Match.start(rules, "m1"), players())
    assert len(m.results) == 4 and isinstance(m.events[-1], MatchEnded)
    assert sum(m.totals) == 0
    again = replay_match(m.events)
    assert again.state_hash() == m.state_hash() and again.totals == m.totals


def test_game_length_in_hands_or_rounds_of_winds():
    m = match_with_dealer(get_rules("heyuan-zheng"), 0)  # 8 hands by default
    for _ in range(7):
        m._after_hand_event(ended())
    assert not m.is_complete()
    m._after_hand_event(ended())
    assert m.is_complete()
    g = match_with_dealer(get_rules("guangdong"), 0)  # one round of winds
    for _ in range(3):
        g._after_hand_event(ended(((g.dealer + 1) % 4,)))
        assert not g.is_complete()
    g._after_hand_event(ended(((g.dealer + 1) % 4,)))
    assert g.is_complete() and g.round_wind == 1


def test_replay_refuses_an_edited_match():
    m = play_match(Match.start(get_rules("heyuan-jihu"), "edit", hands_limit=2), players())
    events = list(m.events)
    i = next(i for i, e in enumerate(events) if e.type == "drawn")
    e = events[i]
    assert isinstance(e, Drawn)
    events[i] = Drawn(e.seat, (e.tile + 1) % 34, e.from_tail)
    with pytest.raises(ReplayError) as err:
        replay_match(events)
    assert err.value.index == i
