"""Sichuan 血战到底: 108 tiles, no chow, 定缺 (and 换三张 as an option), every player but the
last may win (一炮多响 too) while the others play on, 刮风下雨 kongs paid at once, fan capped
at 3 (or 4), 查花猪 / 查叫 at a drawn end. Scored by the ``sichuan`` family
(engine/family/sichuan.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# fan of each id (rule page: Fan)
_SICHUAN_FAN: Final = (
    ("basic", 0),
    ("kong", 1),
    ("four_of_a_kind", 1),
    ("all_pungs", 1),
    ("kong_replacement", 1),
    ("seven_pairs", 2),
    ("full_flush", 2),
)

# the 成都 table sizes (rule page: Other table sizes): players, tiles dealt, what else changes.
# Two players: 清一色 only, discards face down, so nothing is claimed and every win is drawn
_TWO: Final = (
    ("full_flush_only", True),
    ("self_draw_only", True),
    ("discard_claims", False),
    ("hidden_discards", True),
)
_SEAT_FORMS: Final = (
    (4, 13, ()),
    (2, 13, _TWO),
    (3, 13, ()),
    (5, 10, ()),
    (6, 7, ()),
    (7, 4, ()),
)

PRESETS: Final = (
    Rules(
        id="sichuan",
        family="sichuan",
        pattern_values=_SICHUAN_FAN,
        joker="none",
        house_options=(
            "unit", "hands", "fan_cap", "exchange_three", "tax_refund", "players", "hand_size",
            "full_flush_only",
        ),
        seat_forms=_SEAT_FORMS,
        wildcards=0,
        honours=False,
        orphans_form=False,
        chow=False,
        multiple_winners="all",
        robbing_kong=True,
        pass_win_lock=True,
        pass_win_lock_calls=False,  # "no discard win until your next draw"
        pass_pong_lock=False,
        seven_pairs=True,
        seven_pairs_value=2,
        no_wilds_bonus=False,
        fan_cap=3,
        kong_payments=True,
        kongs_paid_on_draw=True,
        play_on=True,
        forced_win_tiles=4,
        hands=8,
    ),
)
