"""Computer players and their registry: ``get_player(kind, seed)``.

Kinds: ``random`` (any legal action), ``greedy`` (shanten and acceptance), and the levels
``easy``, ``normal``, ``hard`` (pattern-aware, see ``planner.py`` and docs/players.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.players.base import Observation, Player
from engine.players.greedy import GreedyPlayer
from engine.players.random_player import RandomPlayer

if TYPE_CHECKING:
    from engine.players.easy import EasyPlayer
    from engine.players.hard import HardPlayer
    from engine.players.normal import NormalPlayer

# the levels' module (and the planner's and evaluation's, a fifth of the engine's code)
# imported when a first player of a level is made: a process of greedy or random players
# only need not compile and run them
_LEVELS = {
    "EasyPlayer": "engine.players.easy",
    "NormalPlayer": "engine.players.normal",
    "HardPlayer": "engine.players.hard",
}


def _level(name: str) -> Callable[[str], Player]:
    def make(seed: str) -> Player:
        factory: Callable[[str], Player] = getattr(importlib.import_module(_LEVELS[name]), name)
        return factory(seed)

    return make


PLAYER_KINDS: dict[str, Callable[[str], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": _level("EasyPlayer"),
    "normal": _level("NormalPlayer"),
    "hard": _level("HardPlayer"),
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


def __getattr__(name: str) -> Any:
    if name in _LEVELS:
        return getattr(importlib.import_module(_LEVELS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
