"""``hard``'s defence: a tile's danger read from what the seat sees (discards, 筋, the
neighbours' visible counts, a flush being collected, 定缺) and every discard's chance of
dealing in weighed against the hand's worth (push or fold by the numbers)."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Discard
from engine.family import family_of
from engine.melds import Meld, MeldKind
from engine.players.hard import HardPlayer
from engine.players.planner import Planner
from engine.players.safety import SeatRead, danger, read_seats
from engine.rules import get_rules
from engine.tiles import parse
from tests.engine.players.test_levels import observe


def _k(tile: str) -> int:
    return parse(tile)[0]


def _pung(tile: str) -> Meld:
    k = _k(tile)
    return Meld(MeldKind.PUNG, (k, k, k), k)


READ = SeatRead(1, 0.5, None, frozenset(), frozenset(), 5.0)


def test_a_tile_whose_neighbours_are_all_in_sight_is_read_as_a_pair_wait():
    obs = observe("guangdong", "123m456m78p11p5s4s9m2m")
    seen = [0] * 34
    five = _k("5p")
    plain = danger(obs, seen, READ, five, walls=True)
    assert plain == danger(obs, seen, READ, five)  # nothing in sight: the table's figure
    seen[_k("4p")] = seen[_k("6p")] = 4
    walled = danger(obs, seen, READ, five, walls=True)
    assert walled < plain
    assert danger(obs, seen, READ, five) == plain  # without walls: unchanged
    # one side in sight: its two-sided waits from that side are gone, the rest kept
    seen[_k("6p")] = 0
    one = danger(obs, seen, READ, five, walls=True)
    assert walled <= one < plain
    # the more copies of the tile itself are in sight, the safer its pair waits
    seen[_k("6p")] = 4
    seen[five] = 3
    assert danger(obs, seen, READ, five, walls=True) < walled / 2


def test_void_suit_flush_and_thrown_tiles_are_read():
    obs = observe("guangdong", "123m456m78p11p5s4s9m2m")
    seen = [0] * 34
    void = READ._replace(void=1)
    assert danger(obs, seen, void, _k("5p")) == 0.0
    flush = READ._replace(suit=2)
    assert danger(obs, seen, flush, _k("5s")) > danger(obs, seen, READ, _k("5s"))
    assert danger(obs, seen, flush, _k("5m")) < danger(obs, seen, READ, _k("5m"))
    thrown = READ._replace(thrown=frozenset({_k("5m")}))
    assert danger(obs, seen, thrown, _k("5m")) < danger(obs, seen, READ, _k("5m")) / 10


def test_guobiao_reads_a_deal_in_as_costing_the_fans():
    rules = get_rules("guobiao")
    cost = family_of(rules).deal_in_cost(rules, False)
    assert cost is not None and cost > 10  # 8 + the fans against the 8 paid anyway
    assert family_of(get_rules("guangdong")).deal_in_cost(get_rules("guangdong"), True) is None
    obs = observe("guobiao", "123m456m78p11p5s4s9m2m")
    assert all(r.value == cost for r in read_seats(obs))


def test_push_or_fold_takes_the_safer_of_close_tiles_against_a_ready_looking_seat():
    # 123m 456m 78p 11p 45s and 9m, 2m: either loose tile keeps the hand one step away
    hand = "123m456m78p11p5s4s9m2m"
    old = type("Old", (Planner,), {"style": replace(HardPlayer.style, push_fold=False)})
    push = type("Push", (Planner,), {"style": replace(HardPlayer.style, push_fold=True)})
    calm = observe("guobiao", hand)
    assert push(0).act(calm) == old(0).act(calm) == Discard(0, _k("2m"))
    # seat 1 has three pungs down, two of bamboo: likely ready; a 2/8 tile deals in more
    # often than a terminal
    melds = ((), (_pung("2s"), _pung("5s"), _pung("7z")), (), ())
    tense = observe("guobiao", hand, melds=melds, discards=("", "1m9p4z3s8m", "", ""), wall=30)
    assert old(0).act(tense) == Discard(0, _k("2m"))
    assert push(0).act(tense) == Discard(0, _k("9m"))
