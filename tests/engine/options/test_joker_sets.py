"""Jokers in sets (option ``joker_sets``) in play: a pong and a kong of a discard made with
wild tiles on a rigged wall, the meld reading as its kind for the win, and whole games with
the option on zero-sum and deterministic. The option is not offered in a lobby yet (quints
and declared kongs with wild tiles are still to come), so the tests set it on the rules."""

from __future__ import annotations

import dataclasses

from engine.actions import Kong, Pong, Win
from engine.events import Called, Konged, Won, event_from_json
from engine.hand import HandState
from engine.hand_setup import HandSetup
from engine.match import Match
from engine.melds import MeldKind
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import Rules, get_rules
from engine.tiles import format_tiles, parse, parse_one
from tests.engine.hand.helpers import discard, do, pass_window

T = parse_one


def fujian(on: bool = True) -> Rules:
    return dataclasses.replace(get_rules("fujian"), joker_sets=on)


# fujian, turned 5m: the other three 5m are wild. Seat 1 (W in the page's example) holds a
# 9p and a wild 5m; the dealer throws 9p; the draws bring three 9m and then seat 1's 5m.
HANDS = [
    "9p147m258p369s1234z",
    "123m46m789s11z9p5m3z",
    "147m258p369s2367z",
    "238m147p147s2467z",
]


def _hand(on: bool = True) -> HandState:
    setup = HandSetup.dealt(fujian(on), HANDS, draws="9m9m9m5m").at_indicator("5m")
    return setup.start()


def test_without_the_option_a_wild_tile_pongs_nothing():
    h = _hand(False)
    discard(h, 0, "9p")
    assert h.window is None or 1 not in h.window.options or not h.window.options[1].pong


def test_the_pages_example_a_pong_with_a_wild_tile_and_a_self_drawn_win():
    h = _hand()
    assert T("5m") in h.wild_kinds
    discard(h, 0, "9p")
    assert h.window is not None and h.window.options[1].pong
    called = [e for e in do(h, Pong(1)) if isinstance(e, Called)]
    assert called and format_tiles(called[0].tiles) == format_tiles(parse("99p5m"))
    m = h.seats[1].melds[0]
    assert m.kind is MeldKind.PUNG and format_tiles(m.tiles) == "999p"
    assert format_tiles(m.wild) == "5m" and m.to_json()["wild"] == "5m"
    assert h.seats[1].counts[T("5m")] == 0 and h.seats[1].counts[T("9p")] == 0
    assert h.tiles_accounted() == h.rules.tile_count
    discard(h, 1, "3z")
    for seat in (2, 3, 0):
        discard(h, seat, "9m")
    pass_window(h)
    assert h.turn == 1 and h.seats[1].counts[T("5m")] == 1
    won = [e for e in h.act(Win(1)) if isinstance(e, Won)]
    # 鸡胡 + 自摸 → 2 from each; the pong is a 9p pong for every pattern
    assert won and won[0].points == 2 and won[0].fan == 1


def test_two_wild_tiles_pong_and_three_kong_any_discard():
    hands = [
        "7z147m258p369s1234z",
        "5m5m5m123m789s11z3z4z",
        "147m258p369s2367z",
        "238m147p147s2467z",
    ]
    setup = HandSetup.dealt(fujian(), hands, draws="9m9m9m").at_indicator("5m")
    h = setup.start()
    discard(h, 0, "7z")
    assert h.window is not None
    opts = h.window.options[1]
    assert opts.pong and opts.kong
    do(h, Kong(1))
    m = h.seats[1].melds[0]
    assert m.kind is MeldKind.KONG and format_tiles(m.tiles) == "7777z"
    assert format_tiles(m.wild) == "555m" and m.faces() == (T("7z"), *parse("555m"))
    assert h.seats[1].counts[T("5m")] == 0 and h.tiles_accounted() == h.rules.tile_count


def test_a_discarded_wild_tile_is_still_not_claimable():
    hands = [
        "5m147m258p369s1234z",
        "55m9p123m789s11z3z4z",
        "147m258p369s2367z",
        "238m147p147s2467z",
    ]
    h = HandSetup.dealt(fujian(), hands, draws="9m").at_indicator("5m").start()
    discard(h, 0, "5m")
    assert h.window is None or 1 not in h.window.options


def _games(rules: Rules, seed: str) -> Match:
    kinds = ["normal", "greedy", "easy", "hard"]
    players = [get_player(k, f"{seed}/player/{i}") for i, k in enumerate(kinds)]
    return play_match(Match.start(rules, seed, hands_limit=6), players)


def test_whole_games_are_zero_sum_and_deterministic():
    for preset in ("fujian", "philippine"):
        rules = dataclasses.replace(get_rules(preset), joker_sets=True)
        a, b = _games(rules, "7"), _games(rules, "7")
        assert len(a.results) == 6 and sum(a.totals) == 0
        assert list(a.totals) == list(b.totals)
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
        # the computer players do call with wild tiles
        assert any(
            isinstance(e, Called) and e.kind != "chow" and len(set(e.tiles)) > 1
            for e in a.events
        )


def test_a_concealed_kong_with_one_natural_tile_and_three_wild_ones():
    hands = [
        "9p555m147m258p36s12z",
        "123m789s11z9p3z4z46m",
        "147m258p369s2367z",
        "238m147p147s2467z",
    ]
    h = HandSetup.dealt(fujian(), hands, tail="8s", indicator="5m").start()
    assert (T("9p"), "concealed_kong") in h.legal_actions(0).kongs
    konged = [e for e in h.act(Kong(0, T("9p"))) if isinstance(e, Konged)]
    assert konged[0].to_json() == {
        "type": "konged", "seat": 0, "tile": "9p", "kind": "concealed_kong", "wild": "555m"
    }
    assert event_from_json(konged[0].to_json()) == konged[0]
    m = h.seats[0].melds[0]
    assert m.kind is MeldKind.CONCEALED_KONG and format_tiles(m.wild) == "555m"
    assert h.seats[0].counts[T("5m")] == 0 and h.seats[0].counts[T("8s")] == 1
    assert h.tiles_accounted() == h.rules.tile_count
    # without the option: no kong of one 9p
    plain = HandSetup.dealt(fujian(False), hands, tail="8s", indicator="5m").start()
    assert not plain.legal_actions(0).kongs


def test_a_wild_tile_added_to_ones_pong():
    hands = [
        "9p147m258p369s1234z",
        "99p123m789s11z5m3z4z",
        "147m258p369s2367z",
        "238m147p147s2467z",
    ]
    h = HandSetup.dealt(fujian(), hands, draws="9m9m9m6p", tail="8s", indicator="5m").start()
    discard(h, 0, "9p")
    do(h, Pong(1))
    assert h.seats[1].melds[0].wild == ()  # two natural 9p: no wild tile spent
    discard(h, 1, "3z")
    for seat in (2, 3, 0):
        discard(h, seat, "9m")
    pass_window(h)
    assert (T("9p"), "added_kong") in h.legal_actions(1).kongs
    konged = [e for e in h.act(Kong(1, T("9p"))) if isinstance(e, Konged)]
    assert konged[0].kind == "added_kong" and konged[0].wild == (T("5m"),)
    pass_window(h)
    m = h.seats[1].melds[0]
    assert m.kind is MeldKind.ADDED_KONG and m.wild == (T("5m"),) and m.from_seat == 0
    assert h.seats[1].counts[T("5m")] == 0 and h.tiles_accounted() == h.rules.tile_count
