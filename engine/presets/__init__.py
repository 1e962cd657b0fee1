"""The presets, one module per game: each defines ``PRESETS``, a tuple of :class:`Rules`.

A new game adds its module to :data:`MODULES`; ``engine.rules.PRESETS`` collects them all
(by id, in this order) and ``engine.rules.get_rules`` finds one.

A game whose hand scoring is done but whose table game is not yet played is listed in
:data:`SCORING_MODULES` instead: ``engine.rules.SCORING_PRESETS`` holds it, the ``evaluate``
command scores its hands, and tables, lobbies and ``simulate`` do not offer it. When its
game is played, its module moves to :data:`MODULES`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.rules import Rules

MODULES: Final = (
    "heyuan",
    "guangdong",
    # the games whose joker comes from an indicator
    "shanghai",
    "beijing",
    "quzhou",
    # the 108-tile games
    "sichuan",
    "changsha",
    # the Chinese Official rules and Baoding
    "guobiao",
    "baoding",
    # the 16-tile game
    "taiwan",
    # the variants of seed 000 told as changes to Guangdong (docs/rules/variants: hefei.md …)
    "hefei",
    "hundred",
    "yangzhou",
    "fujian",
    "philippine",
    "nanjing",
    "jiangnan",
    # Japanese riichi (a game of points; tables settle its chips at the game's end:
    # tables.points_game)
    "riichi",
)

# scoring only: none now (riichi's table game is played)
SCORING_MODULES: Final[tuple[str, ...]] = ()


def all_presets() -> list[Rules]:
    out: list[Rules] = []
    for name in MODULES:
        out.extend(importlib.import_module(f"engine.presets.{name}").PRESETS)
    return out


def scoring_presets() -> list[Rules]:
    out: list[Rules] = []
    for name in SCORING_MODULES:
        out.extend(importlib.import_module(f"engine.presets.{name}").PRESETS)
    return out
