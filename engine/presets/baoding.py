"""Baoding 保定: 136 tiles, a 7-stack reserve that grows with each kong, the 一色够八张 suit
condition, a base times doublings with the dealer paying and taking double, 诈胡 and 黄庄黄杠.
Scored by the ``baoding`` family (engine/family/baoding.py)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# 基数: the base of each winning hand (清一色 with 大对胡 or 龙 doubles that hand's base)
BASES: Final = (
    ("pi_hu", 1), ("half_flush", 2), ("seven_pairs", 2), ("all_pungs", 2), ("dragon", 3),
    ("full_flush", 3), ("mixed_seven_pairs", 6), ("pure_seven_pairs", 12),
    ("thirteen_orphans", 15), ("all_honours", 15),
)  # fmt: skip
# the doublings, each ×2 (卡五 is one more ×2 on top of 卡)
DOUBLINGS: Final = (
    ("self_draw", 2), ("concealed", 2), ("kong_bloom", 2), ("last_tile", 2), ("edge_wait", 2),
    ("closed_wait", 2), ("single_wait", 2), ("closed_five", 2), ("dealer", 2),
)  # fmt: skip

PRESETS: Final = (
    Rules(
        id="baoding",
        family="baoding",
        pattern_values=BASES,
        bonus_values=DOUBLINGS,
        joker="none",
        wildcards=0,
        honours=True,
        house_options=(
            "unit", "hands", "rounds", "false_win", "discarder_pays_all", "all_pungs_kong",
            "orphans_any_pair", "draw_dealer_pays",
        ),
        reserve=14,
        reserve_mode="grows_with_kongs",
        last_tile_dead=True,
        chow=True,
        multiple_winners="order",
        robbing_kong=False,
        pass_win_lock=True,
        pass_win_lock_calls=False,  # "no discard win until your next draw"
        pass_pong_lock=False,
        chicken_wins=True,
        seven_pairs=True,
        orphans_form=True,
        no_wilds_bonus=False,
        kong_payments=False,
        false_win=True,
        dealer_rotation="standard",
        hands=0,
        rounds=1,
    ),
)
