"""Beijing: ``normal`` counts the tiles shown on the table roughly (half of each kind's,
rounded up) when it weighs how many tiles would help, ``hard`` every one; elsewhere
``normal`` counts only its own tiles."""

from __future__ import annotations

import dataclasses

from engine.actions import Discard
from engine.hand import LegalActions
from engine.players import Observation, get_player
from engine.players.normal import NormalPlayer
from engine.rules import get_rules
from engine.tiles import parse, parse_one, to_counts


def ready_choice(preset: str, gone: str) -> Observation:
    """Seat 0 holds 123m 456m 789p 11s 357s: throwing 3s waits on 6s (57s), throwing 7s on
    4s (35s); the other seats have thrown ``gone``."""
    rules = get_rules(preset)
    tiles = parse("123m456m789p11s357s")
    la = LegalActions(0, "turn", tiles[-1], tuple(sorted(set(tiles))))
    thrown = parse(gone) if gone else []
    rivers = tuple(tuple(thrown[i::3]) for i in range(3))
    return Observation(
        seat=0, rules=rules, hand=tuple(to_counts(tiles, 42)), melds=((), (), (), ()),
        discards=((), *rivers), wall_remaining=60, dealer=0, round_wind=0,
        scores=(0, 0, 0, 0), legal=la, wild_kinds=frozenset({parse_one("5z")}),
    )  # fmt: skip


def test_normal_notices_a_tile_gone_in_beijing():
    # a 6s thrown: 4s is the wider wait
    obs = ready_choice("beijing", "6s1z")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("7s"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("7s"))


def test_normal_counts_roughly():
    # two 6s and a 4s thrown: normal counts one of each (the two waits are level: the first
    # is thrown), hard sees 6s is the narrower wait
    obs = ready_choice("beijing", "66s4s")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("3s"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("7s"))


def test_without_the_rough_count_normal_takes_either_wait():
    obs = ready_choice("beijing", "6s1z")

    class OwnTiles(NormalPlayer):
        style = dataclasses.replace(NormalPlayer.style, rough_sight=())

    assert OwnTiles(0).act(obs) == Discard(0, parse_one("3s"))


def test_normal_counts_only_its_own_tiles_elsewhere():
    obs = ready_choice("shanghai", "6s1z")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("3s"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("7s"))
