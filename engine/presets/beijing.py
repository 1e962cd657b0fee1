"""Beijing 北京麻将 (惠牌): the 惠坯 is turned from the replacement end and the next kind is the
惠牌; 7 stacks kept back; after a call only self-draws win; seven pairs; fan added up; 烧庄
and 互包. Scored by the ``beijing`` family (engine/family/beijing.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

_BEIJING_FAN: Final = (
    ("basic", 1),
    ("dealer", 1),
    ("concealed_no_joker", 1),
    ("all_pungs", 2),
    ("single_after_calls", 2),
    ("five_in_middle", 2),
    ("last_tile", 2),  # 1 when won on the last discard
    ("straight", 3),
    ("seven_pairs", 4),
    ("kong_replacement", 5),
    ("full_flush", 6),
    ("luxury_seven_pairs", 8),
    ("four_jokers", 8),
    ("heavenly", 10),
    ("earthly", 8),
)

PRESETS: Final = (
    Rules(
        id="beijing",
        family="beijing",
        pattern_values=_BEIJING_FAN,
        joker="next",
        indicator="tail",
        house_options=("unit", "hands", "rounds"),
        reserve=14,
        reserve_mode="fixed_end",
        wildcards=0,
        orphans_form=False,
        chow=True,
        multiple_winners="order",
        robbing_kong=True,
        discard_win_concealed=True,
        joker_self_draw=3,
        burn_dealer=True,
        bind_calls=3,
        pass_win_lock=True,
        pass_pong_lock=True,
        chicken_wins=True,
        seven_pairs=True,
        seven_pairs_value=4,
        four_wilds_win=True,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="standard",
        hands=8,
    ),
)
