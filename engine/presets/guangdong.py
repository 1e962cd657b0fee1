"""Guangdong 鸡平胡: fan with a 3-fan cap for ordinary hands, specials above it, chow from the
left and the 包 rules. Scored by the ``guangdong`` family (engine/family/guangdong.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

_GUANGDONG_PATTERNS: Final = (
    ("chicken", 0),
    ("all_chows", 1),
    ("all_pungs", 2),
    ("half_flush", 2),
    ("full_flush", 4),
    ("half_flush_pungs", 4),
    ("full_flush_pungs", 5),
    ("mixed_terminals", 5),
    ("small_dragons", 5),
    ("small_winds", 5),
    ("all_honors", 6),
    ("pure_terminals", 6),
    ("big_dragons", 6),
    ("big_winds", 6),
    ("nine_gates", 6),
    ("thirteen_orphans", 6),
    ("heavenly", 6),
    ("earthly", 6),
    ("human", 6),
)
# fan additions for hands inside the cap
_GUANGDONG_BONUSES: Final = (
    ("self_draw", 1),
    ("seat_wind", 1),
    ("round_wind", 1),
    ("dragon_pung", 1),
)

PRESETS: Final = (
    Rules(
        id="guangdong",
        family="guangdong",
        pattern_values=_GUANGDONG_PATTERNS,
        bonus_values=_GUANGDONG_BONUSES,
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
