"""Shanghai 上海百搭 (嘉定): the 百搭 is the kind after a tile the dealer's dice choose; the
dragons count as flowers; self-draw only; 花 × 2^番 with a 3-番 cap, and 荒番 doubling from
hand to hand. Scored by the ``shanghai`` family (engine/family/shanghai.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# 番 (doublings), added up, at most fan_cap; 门清 is a 花, listed in bonus_values
_SHANGHAI_FAN: Final = (
    ("four_wilds", 2),
    ("no_wilds", 1),
    ("any_wait", 1),
    ("single_after_calls", 1),
    ("replacement_win", 1),
)
_SHANGHAI_HUA: Final = (("concealed", 1),)

PRESETS: Final = (
    Rules(
        id="shanghai",
        family="shanghai",
        pattern_values=_SHANGHAI_FAN,
        bonus_values=_SHANGHAI_HUA,
        joker="next_east",
        indicator="dice",
        house_options=("unit", "hands", "rounds", "pass_pong_lock"),
        wildcards=0,
        bonus_flowers=True,
        bonus_dragons=True,
        joker_calls=True,
        orphans_form=False,
        chow=True,
        chow_discard_ban=True,
        own_discard_lock=True,
        self_draw_only=True,
        robbing_kong=False,
        pass_win_lock=False,
        pass_pong_lock=True,
        chicken_wins=True,
        seven_pairs=False,
        four_wilds_win=True,
        no_wilds_bonus=True,
        fan_cap=3,
        kong_payments=False,
        dealer_rotation="winner",
        hands=8,
    ),
)
