"""Beijing: ``normal`` counts every visible tile once its hand is ready (its waits are chosen
by what is left of them), only its own tiles before; ``hard`` counts them always; elsewhere
``normal`` counts only its own tiles."""

from __future__ import annotations

import dataclasses

from engine.actions import Discard
from engine.hand import LegalActions
from engine.players import Observation, get_player
from engine.players.hard import HardPlayer
from engine.players.normal import NormalPlayer
from engine.rules import get_rules
from engine.tiles import parse, parse_one, to_counts


def seen(preset: str, tiles: str, gone: str) -> Observation:
    """Seat 0 at its turn holding ``tiles``; the other seats have thrown ``gone``."""
    rules = get_rules(preset)
    held = parse(tiles)
    la = LegalActions(0, "turn", held[-1], tuple(sorted(set(held))))
    thrown = parse(gone) if gone else []
    rivers = tuple(tuple(thrown[i::3]) for i in range(3))
    return Observation(
        seat=0, rules=rules, hand=tuple(to_counts(held, 42)), melds=((), (), (), ()),
        discards=((), *rivers), wall_remaining=60, dealer=0, round_wind=0,
        scores=(0, 0, 0, 0), legal=la, wild_kinds=frozenset({parse_one("5z")}),
    )  # fmt: skip


# 123m 456m 789p 11s 357s: throwing 3s waits on 6s (57s), throwing 7s on 4s (35s)
READY = "123m456m789p11s357s"


def test_normal_chooses_its_wait_by_what_is_left_of_it_in_beijing():
    obs = seen("beijing", READY, "6s1z")  # a 6s is gone: 4s is the wider wait
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("7s"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("7s"))


def test_with_nothing_gone_the_two_waits_are_level():
    obs = seen("beijing", READY, "")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("3s"))  # the first


def test_without_the_count_normal_takes_either_wait():
    obs = seen("beijing", READY, "6s1z")

    class OwnTiles(NormalPlayer):
        style = dataclasses.replace(NormalPlayer.style, ready_sight=())

    assert OwnTiles(0).act(obs) == Discard(0, parse_one("3s"))


def test_before_its_hand_is_ready_normal_counts_only_its_own_tiles():
    # two steps from winning: hard's count of the table picks 8m, normal's own count 4m
    # (with nothing gone, hard's offence picks 4m too: the count is the difference; its
    # push-or-fold reading then takes the tile less likely to deal in between the two)
    tiles = "4m6m6m8m9m9m5p6p7p7p9p6s7s8s"
    obs = seen("beijing", tiles, "3z6z4s1s5p8p1m8m4z9s3m7m")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("4m"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("8m"))

    class Offence(HardPlayer):
        style = dataclasses.replace(HardPlayer.style, push_fold=False)

    assert Offence(0).act(seen("beijing", tiles, "")) == Discard(0, parse_one("4m"))


def test_elsewhere_normal_counts_only_its_own_tiles():
    obs = seen("shanghai", READY, "6s1z")
    assert get_player("normal", 0).act(obs) == Discard(0, parse_one("3s"))
    assert get_player("hard", 0).act(obs) == Discard(0, parse_one("7s"))
