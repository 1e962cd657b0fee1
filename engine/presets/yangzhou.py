"""Yangzhou 扬州: 136 tiles, no chow, six hands (平胡 0 to 清一色对对胡 3 fan, nothing added),
一炮多响, a robbed kong paid by the robbed player as a discard, 连庄. Scored by the
``yangzhou`` family (engine/family/yangzhou.py); the rules page is docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# the whole table: fan, points = 2^fan per payer
_YANGZHOU_FAN: Final = (
    ("chicken", 0),
    ("all_pungs", 1),
    ("half_flush", 1),
    ("full_flush", 2),
    ("half_flush_pungs", 2),
    ("full_flush_pungs", 3),
)
# with the ``laizi`` option: each 红中 or 赖子 konged out (杠出去) doubles the win
_YANGZHOU_ADDITIONS: Final = (("laizi_kong", 1),)

PRESETS: Final = (
    Rules(
        id="yangzhou",
        family="yangzhou",
        pattern_values=_YANGZHOU_FAN,
        bonus_values=_YANGZHOU_ADDITIONS,
        joker="none",
        wildcards=0,
        honours=True,
        orphans_form=False,
        house_options=("laizi", "multiple_winners", "min_fan", "unit", "hands", "rounds"),
        # with ``laizi``: the 赖子 is the kind after the next wall tile turned after the deal
        indicator="head",
        chow=False,
        multiple_winners="all",
        robbing_kong=True,
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
