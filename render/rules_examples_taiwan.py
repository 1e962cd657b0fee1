"""Example hands of the Taiwan 台 items for the rules sheet (:mod:`render.rules_sheet`): one
17-tile win for each item as ``(concealed, winning tile, melds)`` — melds as (kind, tiles,
called tile) —, the rule page's worked examples where one fits (``tests/render/
test_rules_examples.py`` scores each under the ``taiwan`` family). Items of flowers, of the
dealer and of the moment a hand is won show a plain hand: the tiles do not make them."""

from __future__ import annotations

from typing import Final

Meld3 = tuple[str, str, str]

PLAIN: Final = ("123m456m789m123p456p5s", "5s", ())
CALLED: Final = (
    ("chow", "123m", "1m"), ("chow", "456m", "4m"), ("chow", "789m", "7m"),
    ("pung", "111p", "1p"), ("pung", "999p", "9p"),
)  # fmt: skip

EXAMPLES: Final[dict[str, tuple[str, str, tuple[Meld3, ...]]]] = {
    "dealer": PLAIN,
    "dealer_streak": PLAIN,
    "self_draw": PLAIN,
    "concealed": PLAIN,
    "concealed_self_draw": PLAIN,
    "single_wait": PLAIN,
    "all_melded": ("5s", "5s", CALLED),
    "half_melded": ("5s", "5s", CALLED),
    "round_wind_pung": ("111z123m456m789p123s5s", "5s", ()),
    "seat_wind_pung": ("222z123m456m789p123s5s", "5s", ()),
    "dragon_pung": ("777z123m456m789p123s5s", "5s", ()),
    "small_three_dragons": ("555666z7z123m456m789p", "7z", ()),
    "big_three_dragons": ("555666777z123m456m5p", "5p", ()),
    "small_four_winds": ("111222333z44z123m45m", "6m", ()),
    "big_four_winds": ("111222333444z123m5p", "5p", ()),
    "all_chows": ("123m456m789m234p67p55s", "5p", ()),
    "all_pungs": ("555p777p999s5s", "5s", (("pung", "111m", "1m"), ("pung", "333m", "3m"))),
    "three_concealed_pungs": ("111m333m555p123s456s5z", "5z", ()),
    "four_concealed_pungs": ("111m333m555p777p123s5z", "5z", ()),
    "five_concealed_pungs": ("111m333m555p777p999s5z", "5z", ()),
    "seven_pairs_pung": ("133m55p77p99s22z44z666z", "1m", ()),
    "half_flush": ("123m456m789m111z22z55m", "5m", ()),
    "full_flush": ("123p34p567p789p234p99p", "5p", ()),
    "all_honours": ("333z444z555z7z", "7z", (("pung", "111z", "1z"), ("pung", "222z", "2z"))),
    "seat_flower": PLAIN,
    "flower_set": PLAIN,
    "eight_flowers": PLAIN,
    "seven_rob_one": PLAIN,
    "kong_bloom": ("234m777m345p999s1p", "1p", (("concealed_kong", "6666z", ""),)),
    "robbing_kong": ("23m567p789p345s111z99s", "4m", ()),
    "last_tile_draw": ("12m345p678p55s", "3m", (("chow", "789m", "7m"), ("pung", "444z", "4z"))),
    "last_tile_discard": PLAIN,
    "heavenly": ("111m234m555p678p999s7z", "7z", ()),
    "earthly": PLAIN,
    "human": PLAIN,
}
