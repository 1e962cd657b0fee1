"""Heyuan Baida 河源百搭: 正百搭 (patterns pay multiples) and 鸡胡百搭 (flat pay); the eight
flowers are wildcards. Scored by the ``heyuan`` family (engine/family/heyuan.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

_HEYUAN_ZHENG_PATTERNS: Final = (
    ("chicken", 1),
    ("half_flush", 2),
    ("all_pungs", 3),
    ("full_flush", 5),
    ("half_flush_pungs", 5),
    ("full_flush_pungs", 8),
    ("mixed_terminals", 8),
    ("all_honors", 13),
    ("pure_terminals", 13),
    ("thirteen_orphans", 13),
    ("four_wilds", 13),  # 四保胡, only with the four_wilds_win option
)
_HEYUAN_JIHU_PATTERNS: Final = (("chicken", 1), ("thirteen_orphans", 4), ("four_wilds", 4))
_HEYUAN_BONUSES: Final = (("lone_wild", 2), ("wild_on_wild", 4), ("no_wilds", 2))

PRESETS: Final = (
    Rules(
        id="heyuan-zheng",
        family="heyuan",
        pattern_values=_HEYUAN_ZHENG_PATTERNS,
        bonus_values=_HEYUAN_BONUSES,
        wildcards=8,
        chicken_wins=False,
        seven_pairs=False,
        seven_pairs_value=4,
        pass_win_lock_calls=False,  # 过胡: "no win on any discard until after their own next draw"
    ),
    Rules(
        id="heyuan-jihu",
        family="heyuan",
        pattern_values=_HEYUAN_JIHU_PATTERNS,
        bonus_values=_HEYUAN_BONUSES,
        wildcards=8,
        chicken_wins=True,
        seven_pairs=True,
        seven_pairs_value=2,
        pass_win_lock_calls=False,
    ),
)
