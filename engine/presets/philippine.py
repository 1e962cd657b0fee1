"""Philippine 菲律宾 窗百搭 (the window joker): Guangdong 鸡平胡 with five wild kinds. After the
deal the last tile of the tail is turned (out of play); the window is its kind, its two
neighbours (9 and 1 touch) and its number in the two other suits, or an honour and the next
four of 东南西北中发白: every tile of those kinds still in play is wild. Scored by the
``philippine`` family (Guangdong's scoring, engine/family/fujian.py); the rules page is
docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.presets.fujian import _BASE, _GUANGDONG_OPTIONS
from engine.rules import Rules

PRESETS: Final = (
    Rules(
        id="philippine",
        family="philippine",
        pattern_values=_BASE.pattern_values,
        bonus_values=_BASE.bonus_values,
        joker="window",
        indicator="tail",
        house_options=_GUANGDONG_OPTIONS,
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
