"""The presets, one module per game: each defines ``PRESETS``, a tuple of :class:`Rules`.

A new game adds its module to :data:`MODULES`; ``engine.rules.PRESETS`` collects them all
(by id, in this order) and ``engine.rules.get_rules`` finds one.
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
)


def all_presets() -> list[Rules]:
    out: list[Rules] = []
    for name in MODULES:
        out.extend(importlib.import_module(f"engine.presets.{name}").PRESETS)
    return out
