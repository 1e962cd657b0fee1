"""Fujian 福建 活动百搭 / 带弟百搭: Guangdong 鸡平胡 with a joker from a turned tile. After the
deal the last tile of the tail is turned (out of play); the other three tiles of its kind are
wild (``joker_next``: all four of the next kind, 九一 and 东南西北中发白 round); every 白板 is a
natural tile of the wild kind (``white_stands_in``). Scored by the ``fujian`` family
(Guangdong's scoring, engine/family/fujian.py); the rules page is docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.presets.guangdong import PRESETS as _GUANGDONG
from engine.rules import Rules

# Guangdong's options (no wildcards: the turned tile gives the jokers) and the joker's own
_GUANGDONG_OPTIONS: Final = (
    "bonus_flowers", "self_draw_only", "multiple_winners", "robbing_kong", "pass_win_lock",
    "pass_pong_lock", "chicken_wins", "seven_pairs", "seven_pairs_value", "min_fan",
    "fan_cap", "unit", "kong_unit", "discarder_pays_all", "kongs_paid_on_draw",
    "kong_payments", "horses", "dealer_rotation", "hands", "rounds",
)

_BASE: Final[Rules] = _GUANGDONG[0]

PRESETS: Final = (
    Rules(
        id="fujian",
        family="fujian",
        pattern_values=_BASE.pattern_values,
        bonus_values=_BASE.bonus_values,
        joker="turned",
        indicator="tail",
        house_options=(*_GUANGDONG_OPTIONS, "joker_next", "white_stands_in"),
        wildcards=0,
        chow=True,
        multiple_winners="all",
        pass_pong_lock=False,
        chicken_wins=True,
        seven_pairs=False,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="standard",
        hands=0,
        rounds=1,
    ),
)
