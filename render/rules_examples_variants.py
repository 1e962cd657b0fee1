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

# the 100-tile game: no 万
HUNDRED: Final[dict[str, tuple[str, str, Melds]]] = {
    "chicken": ("123p456p789s11z22z", "2z", ()),
    "all_chows": ("123p456p789s234s5p", "5p", ()),
    "all_pungs": ("333p555s77z22z", "2z", (("pung", "111p", "1p"),)),
    "half_flush": ("123456789p11z22z", "2z", ()),
    "full_flush": ("1223345677999p", "8p", ()),
    "half_flush_pungs": ("555p999p11z22z", "2z", (("pung", "111p", "1p"),)),
    "full_flush_pungs": ("1112223334445p", "5p", ()),
    "small_dragons": ("5556667z123p999s", "7z", ()),
    "small_winds": ("1112223334z555p", "4z", ()),
    "mixed_terminals": ("111p999s111z222z3z", "3z", ()),
    "all_honors": ("111z222z333z555z6z", "6z", ()),
    "big_dragons": ("555666777z123p1s", "1s", ()),
    "big_winds": ("111222333444z5p", "5p", ()),
    "nine_gates": ("1112345678999p", "5p", ()),
    "heavenly": ("123p456p789s123s1z", "1z", ()),
    "earthly": ("234p567p345s777z9s", "9s", ()),
    "seat_wind": ("222z123p456p789s5s", "5s", ()),
    "round_wind": ("111z123p456p789s5s", "5s", ()),
    "dragon_pung": ("777z123p456p789s5s", "5s", ()),
    "kong_replacement": ("123p456p789s5s", "5s", (("kong", "9999p", "9p"),)),
    "last_tile": ("234p456p678s333z8s", "8s", ()),
}

# Yangzhou: the six hands
YANGZHOU: Final[dict[str, tuple[str, str, Melds]]] = {
    "chicken": ("123m456p789s11z", "1z", (("pung", "555z", "5z"),)),
    "all_pungs": ("333p555s77z22z", "2z", (("pung", "111m", "1m"),)),
    "half_flush": ("12345689m11z", "7m", (("pung", "222z", "2z"),)),
    "full_flush": ("1223345677999m", "8m", ()),
    "half_flush_pungs": ("555m999m11z22z", "2z", (("pung", "111m", "1m"),)),
    "full_flush_pungs": ("444666888s99s", "9s", (("pung", "222s", "2s"),)),
    # the sheet's indicator is 4p: 5p is the 赖子 (as 3s or 6s here)
    "laizi_kong": ("123m456m789s11z4s5p", "5s", ()),
}

# Fujian (the sheet's turned tile 4p: 4p wild, 白板 = 4p): White comes from wild tiles only
FUJIAN: Final[dict[str, tuple[str, str, Melds]]] = {
    "small_dragons": ("666777z123m999p4p", "4p", ()),
    "big_dragons": ("666777z123m11s4p4p", "4p", ()),
    "all_honors": ("111z222z333z666z7z", "7z", ()),
    "thirteen_orphans": ("119m19p19s123467z", "4p", ()),
}

# the Philippine window of 4p (3p 4p 5p 4m 4s): a plain hand keeps clear of it
PHILIPPINE: Final[dict[str, tuple[str, str, Melds]]] = {
    "all_chows": ("123567m678p789s9s", "9s", ()),
}

# Nanjing: no dragon is ever held
NANJING: Final[dict[str, tuple[str, str, Melds]]] = {
    "all_pungs": ("333p555s88s22z", "2z", (("pung", "111m", "1m"),)),
    "earthly": ("234m567p345s777m9s", "9s", ()),
    "human": ("345m678p222s66m78s", "9s", ()),
}

EXAMPLES: Final[dict[tuple[str, str], tuple[str, str, Melds]]] = {
    **{("fujian", pid): ex for pid, ex in FUJIAN.items()},
    **{("philippine", pid): ex for pid, ex in PHILIPPINE.items()},
    **{("nanjing", pid): ex for pid, ex in NANJING.items()},
    **{("hefei", pid): ex for pid, ex in HEFEI.items()},
    **{("hundred", pid): ex for pid, ex in HUNDRED.items()},
    **{("yangzhou", pid): ex for pid, ex in YANGZHOU.items()},
}
