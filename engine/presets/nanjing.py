"""Nanjing 南京: Guangdong 鸡平胡 on 144 tiles whose 8 flowers and 12 dragons are 20 bonus
tiles (set aside and replaced from the tail), so no hand holds a dragon and the dragon hands
are gone; each flower the winner set aside adds 1 to every payment (``flower_points``); the
dealer's dice are thrown twice. Scored by the ``nanjing`` family (engine/family/nanjing.py);
the rules page is docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.presets.fujian import _BASE
from engine.rules import Rules

# the hands that need dragons, and 字一色: four wind kinds cannot make four sets and a pair
_DRAGON_HANDS: Final = (
    "small_dragons", "big_dragons", "thirteen_orphans", "dragon_pung", "all_honors",
)

PRESETS: Final = (
    Rules(
        id="nanjing",
        family="nanjing",
        pattern_values=tuple(p for p in _BASE.pattern_values if p[0] not in _DRAGON_HANDS),
        bonus_values=tuple(b for b in _BASE.bonus_values if b[0] not in _DRAGON_HANDS),
        joker="none",
        wildcards=0,
        bonus_flowers=True,
        bonus_dragons=True,
        orphans_form=False,
        house_options=(
            "self_draw_only", "multiple_winners", "robbing_kong", "pass_win_lock",
            "pass_pong_lock", "chicken_wins", "seven_pairs", "seven_pairs_value", "min_fan",
            "fan_cap", "unit", "kong_unit", "discarder_pays_all", "kongs_paid_on_draw",
            "kong_payments", "horses", "dealer_rotation", "hands", "rounds", "flower_points",
        ),
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
