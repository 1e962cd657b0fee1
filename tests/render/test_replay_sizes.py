"""Replays of Sichuan hands at other seat counts: every seat drawn (the ring at 5-7), and
with two players the other's discards face down, and unnamed, until the end."""

from __future__ import annotations

import pytest

from engine.events import Discarded
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from render import replay as rp


def hand(players: int) -> list:
    rules = get_rules("sichuan", {"players": players})
    seats = [get_player("greedy", f"s/{i}") for i in range(players)]
    m = play_match(Match.start(rules, f"sizes-{players}", hands_limit=1), seats)
    return rp.hand_events(m.events, 0)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_every_seat_is_in_the_replay(players):
    events = hand(players)
    frames = rp.replay_frames(events)
    view = rp.shots(events, rp.default_names("en", players), 0, "en")[0][0][1]
    assert len(view.seats) == players
    assert [s.name for s in view.seats] == [f"Seat {i + 1}" for i in range(players)]
    assert frames[-1].final


def test_two_players_see_the_others_discards_face_down_until_the_end():
    events = hand(2)
    names = ["Ann", "Bo"]
    taken, _state, _last = rp.shots(events, names, 0, "en")
    _, view = taken[-1]
    mine, theirs = view.seats
    assert not mine.discards_face_down and theirs.discards_face_down
    captions = [c for c, _ in taken]
    theirs_discarded = [e for e in events if isinstance(e, Discarded) and e.seat == 1]
    assert captions.count("Bo discards face down") == len(theirs_discarded) > 0
    assert not any(c.startswith("Ann discards face down") for c in captions)
    # the open hands at the end show every discard face up
    end = rp.final_frame(0, events, _state, _last, names, 0, "en", 1, 1)
    assert end.image is not None
    assert not rp._table(_state, names, 0, None, open_hands=True).seats[1].discards_face_down


def test_four_players_are_untouched():
    events = hand(4)
    taken, _, _ = rp.shots(events, ["A", "B", "C", "D"], 0, "en")
    assert all(not s.discards_face_down for _, v in taken for s in v.seats)
