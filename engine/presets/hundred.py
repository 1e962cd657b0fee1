"""The 100-tile game 百张: 筒, 条 and the honours (no 万), pong and kong only, wins by self-draw
only, a point table topped by 清一色全对 12, kong payments on top. Scored by the ``hundred``
family (engine/family/hundred.py); the rules page is docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# points per payer: the forms, the colours (× the form) and the specials
_HUNDRED_POINTS: Final = (
    ("chicken", 1),
    ("all_chows", 2),
    ("all_pungs", 2),
    ("half_flush", 3),
    ("full_flush", 6),
    ("half_flush_pungs", 6),
    ("full_flush_pungs", 12),
    ("small_dragons", 6),
    ("small_winds", 6),
    ("mixed_terminals", 6),
    ("all_honors", 12),
    ("big_dragons", 12),
    ("big_winds", 12),
    ("nine_gates", 12),
    ("heavenly", 12),
    ("earthly", 12),
)
# +1 point each to a form × colour hand (not to the specials), the total capped at 12
_HUNDRED_ADDITIONS: Final = (
    ("seat_wind", 1),
    ("round_wind", 1),
    ("dragon_pung", 1),
    ("kong_replacement", 1),
    ("last_tile", 1),
)

PRESETS: Final = (
    Rules(
        id="hundred",
        family="hundred",
        pattern_values=_HUNDRED_POINTS,
        bonus_values=_HUNDRED_ADDITIONS,
        joker="none",
        wildcards=0,
        honours=True,
        characters=False,
        orphans_form=False,
        house_options=(
            "pass_pong_lock", "unit", "kong_unit", "kongs_paid_on_draw", "horses",
            "dealer_rotation", "hands", "rounds",
        ),
        chow=False,
        self_draw_only=True,
        robbing_kong=False,
        multiple_winners="all",
        pass_pong_lock=False,
        seven_pairs=False,
        no_wilds_bonus=False,
        kong_payments=True,
        concealed_kong_units=2,
        kongs_paid_on_draw=False,
        dealer_rotation="standard",
        hands=0,
        rounds=1,
    ),
)
