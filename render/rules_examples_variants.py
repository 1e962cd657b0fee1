"""Example hands of the rules sheets of the variants told as changes to Guangdong (Hefei …),
by (family, pattern id): (concealed, winning tile, melds as (kind, tiles, called)), each a
winning hand of that game with that pattern (tests/render/test_rules_examples.py)."""

from __future__ import annotations

from typing import Final

Melds = tuple[tuple[str, str, str], ...]

# Hefei: 108 tiles, every hand with eight tiles of one suit (八枝)
HEFEI: Final[dict[str, tuple[str, str, Melds]]] = {
    "chicken": ("123m456m789m111p9p", "9p", ()),
    "all_chows": ("123m456m789m234p5p", "5p", ()),
    "all_simples": ("234m567m888m33p44p", "4p", ()),
    "all_pungs": ("222m555m777m99p33p", "3p", ()),
    "full_flush": ("1223345677999m", "8m", ()),
    "full_flush_pungs": ("1112223334445m", "5m", ()),
    "pure_terminals": ("111p999p1s", "1s", (("kong", "1111m", "1m"), ("kong", "9999m", "9m"))),
    "nine_gates": ("1112345678999m", "5m", ()),
    "heavenly": ("123m456m789m234p5p", "5p", ()),
    "earthly": ("234m567m345m777p9p", "9p", ()),
    "human": ("345m678m222p66p78m", "9m", ()),
    "self_draw": ("123m456m789m234p5p", "5p", ()),
    "kong_replacement": ("123m456m789m5p", "5p", (("kong", "9999p", "9p"),)),
    "last_tile": ("234m456m678m333p8p", "8p", ()),
    "robbing_kong": ("12m456m789m111p99p", "3m", ()),
}

EXAMPLES: Final[dict[tuple[str, str], tuple[str, str, Melds]]] = {
    **{("hefei", pid): ex for pid, ex in HEFEI.items()},
}
