"""Quzhou 衢州邋遢胡: the 财神 is the kind after a turned tile (or the White dragons); wild in
the hands of sets and pairs, only its face in 七风, 十三不搭, 乱百搭, 七风乱百搭 and 全风子;
no chow; 截胡; 段 values and colour. Scored by the ``quzhou`` family (engine/family/quzhou.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# 段 of each form
_QUZHOU_FORMS: Final = (
    ("basic", 1),
    ("seven_pairs", 2),
    ("big_pungs", 2),
    ("seven_winds", 1),
    ("loose_unrelated", 1),
    ("thirteen_unrelated", 2),
    ("seven_winds_loose", 2),
    ("all_honours", 6),
)
# colour, added to 邋遢胡, 七对, 大碰胡 or 七风
_QUZHOU_COLOUR: Final = (("half_flush", 1), ("full_flush", 3))

PRESETS: Final = (
    Rules(
        id="quzhou",
        family="quzhou",
        pattern_values=_QUZHOU_FORMS,
        bonus_values=_QUZHOU_COLOUR,
        joker="next",
        indicator="head",
        house_options=(
            "unit", "hands", "rounds", "mode", "reserve_stacks", "caishen", "draw_dealer_stays",
        ),
        reserve_mode="keeps_size",
        wildcards=0,
        orphans_form=False,
        chow=False,
        multiple_winners="order",
        robbing_kong=True,
        pass_win_lock=True,
        pass_win_lock_calls=False,  # "no discard win until your next draw"
        pass_pong_lock=True,
        pass_pong_lock_draw=True,
        chicken_wins=True,
        seven_pairs=True,
        seven_pairs_value=2,
        four_wilds_win=False,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="winner",
        hands=8,
    ),
)
