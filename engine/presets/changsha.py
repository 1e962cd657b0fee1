"""Changsha 长沙麻将: 108 tiles, chow / pong / kong, 2-5-8 pairs for 平和, 大胡 counted,
起手小胡 on the deal paid at once, 通炮, 漏和, the 海底 offered round the table, birds.
Scored by the ``changsha`` family (engine/family/changsha.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# 平和 pays 1 (2 each on a self-draw); each 大胡 counted pays 6
_CHANGSHA_FORMS: Final = (
    ("ping_hu", 1),
    ("seven_pairs", 6),
    ("all_pungs", 6),
    ("all_258", 6),
    ("full_flush", 6),
)
_CHANGSHA_SITUATIONAL: Final = (
    ("kong_bloom", 6),
    ("robbing_kong", 6),
    ("last_tile", 6),
    ("last_tile_discard", 6),
    ("heavenly", 6),
    ("earthly", 6),
)

PRESETS: Final = (
    Rules(
        id="changsha",
        family="changsha",
        pattern_values=_CHANGSHA_FORMS,
        bonus_values=_CHANGSHA_SITUATIONAL,
        joker="none",
        house_options=("unit", "hands", "birds", "zhuang_xian", "six_six"),
        wildcards=0,
        honours=False,
        orphans_form=False,
        chow=True,
        multiple_winners="all",
        robbing_kong=True,
        pass_win_lock=True,
        pass_win_lock_calls=False,  # "no discard win until your next draw"
        pass_pong_lock=False,
        seven_pairs=True,
        no_wilds_bonus=False,
        kong_payments=False,
        haidi_offer=True,
        dealer_rotation="winner",
        hands=8,
    ),
)
