"""The computer players read a hand as the engine does in the joker games: Fujian's 白板 is a
natural tile of the wild kind (``white_stands_in``), not a dragon; 江南's imagined 心皇 is a
joker in every count of the players' shanten."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import analysis
from engine.actions import Chow, Discard, Kong, Pass
from engine.players import Observation, get_player
from engine.players.face import swap_action, swap_view
from engine.players.greedy import _shape
from engine.rules import get_rules
from engine.tiles import WHITE, parse, parse_one
from tests.engine.hand.helpers import rigged

LEVELS = ("greedy", "normal", "hard")
HAND = "123p456p11z46m5z57s9s"  # the dealer's 14, 5z the 白板
OTHERS = ["147m258p369s2346z", "147m258p369s2346z", "258m369p147s2346z"]


def fujian(hand: str, **options: object) -> Observation:
    """The dealer's first turn in Fujian with 5m turned: 5m is wild, every 白板 a 5m."""
    rules = get_rules("fujian").with_options(options) if options else get_rules("fujian")
    st = rigged(rules, [hand, *OTHERS], indicator="5m")
    return Observation.of(st, 0)


@pytest.mark.parametrize("kind", LEVELS)
def test_a_white_that_stands_in_completes_a_run_and_is_kept(kind):
    # 4m 白板 6m is the run 456m: throwing 5s or 9s leaves the hand ready (on 8s or 6s);
    # read by its face the 白板 is the loneliest tile and goes first
    obs = fujian(HAND)
    assert obs.stand_in == parse_one("5m")
    action = obs.table_action(get_player(kind, "fj").act(obs))
    assert isinstance(action, Discard) and action.tile in parse("59s")


@pytest.mark.parametrize("kind", LEVELS)
def test_with_the_option_off_the_white_is_a_dragon_again(kind):
    obs = fujian(HAND, white_stands_in=False)
    assert obs.stand_in is None
    action = obs.table_action(get_player(kind, "fj").act(obs))
    assert action == Discard(0, WHITE)


def test_the_view_swaps_white_and_the_wild_kind_and_the_answer_back():
    obs = fujian(HAND)
    five = parse_one("5m")
    # the players see the 白板 as a natural 5m and a 5m as a joker of the kind 白
    assert obs.hand[five] == 1 and obs.hand[WHITE] == 0
    assert obs.wild_kinds == frozenset({WHITE})
    assert five in obs.legal.discards and WHITE not in obs.legal.discards
    # the shanten the players read is the engine's: ready after 9s goes
    after = list(obs.naturals())
    after[parse_one("9s")] -= 1
    assert analysis.shanten(after, obs.wilds, 0, seven_pairs=True, thirteen_orphans=False) == 0
    # their answers go back to the table's kinds
    assert obs.table_action(Discard(0, five)) == Discard(0, WHITE)
    assert obs.table_action(Discard(0, WHITE)) == Discard(0, five)
    assert swap_action(Kong(0, five), five) == Kong(0, WHITE)
    assert swap_action(Chow(0, (parse_one("3m"), parse_one("4m"), WHITE)), five) == Chow(
        0, tuple(parse("345m"))
    )
    assert swap_action(Pass(0), five) == Pass(0)
    # swapping twice is the table again
    twice = swap_view(replace(obs, stand_in=None), five)
    assert twice.hand[WHITE] == 1 and twice.wild_kinds == frozenset({five})


def test_jiangnan_imagined_heart_king_is_a_joker_in_the_players_counts():
    # the dealer's 13 tiles and the 心皇: 123m 456p 789s 99m and 5s with the 心皇, once 1z goes
    st = rigged(get_rules("jiangnan"), ["123m456p789s99m5s1z", *(h.replace("6z", "z") for h in OTHERS)])
    obs = Observation.of(st, 0)
    assert obs.wilds == 1
    for o in (obs, replace(obs, shape=None)):  # the engine's kept shape, or read afresh
        _keys, c34, wilds = _shape(o)
        assert wilds == 1
        after = bytearray(c34)
        after[parse_one("1z")] -= 1
        assert analysis.shanten(after, wilds, 0, seven_pairs=False, thirteen_orphans=False) == 0
