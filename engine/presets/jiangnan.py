"""Jiangnan 江南 心皇: Guangdong 鸡平胡 with 12 tiles in hand (the dealer 13) and one imagined
wild tile, the 心皇, that only completes a win (``Rules.imagined``); 排列出牌 on: no chow of,
and no win on another player's tile of, a kind one discarded this hand. Scored by the
``jiangnan`` family (engine/family/jiangnan.py); the rules page is docs/rules/variants.md."""

from __future__ import annotations

from typing import Final

from engine.presets.fujian import _BASE, _GUANGDONG_OPTIONS
from engine.rules import Rules

PRESETS: Final = (
    Rules(
        id="jiangnan",
        family="jiangnan",
        pattern_values=_BASE.pattern_values,
        bonus_values=_BASE.bonus_values,
        joker="none",
        wildcards=0,
        hand_size=12,
        imagined=1,
        discard_furiten=True,
        furiten_chow=True,
        house_options=(*_GUANGDONG_OPTIONS, "discard_furiten"),
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
