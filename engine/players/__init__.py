"""Computer players and their registry: ``get_player(kind, seed)``.

Kinds: ``random`` (any legal action), ``greedy`` (shanten and acceptance), and the levels
``easy``, ``normal``, ``hard`` (pattern-aware, see ``planner.py`` and docs/players.md).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.players.base import Observation, Player
from engine.players.easy import EasyPlayer
from engine.players.greedy import GreedyPlayer
from engine.players.hard import HardPlayer
from engine.players.normal import NormalPlayer
from engine.players.random_player import RandomPlayer

PLAYER_KINDS: dict[str, Callable[[str], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def register(kind: str, factory: Callable[[str], Player]) -> None:
    PLAYER_KINDS[kind] = factory


def get_player(kind: str, seed: str | int) -> Player:
    """A new player of ``kind`` with its own seeded randomness; ValueError names the kinds."""
    factory = PLAYER_KINDS.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r}; kinds are: {', '.join(PLAYER_KINDS)}")
    return factory(str(seed))


__all__ = [
    "PLAYER_KINDS",
    "EasyPlayer",
    "GreedyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "Observation",
    "Player",
    "RandomPlayer",
    "get_player",
    "register",
]
