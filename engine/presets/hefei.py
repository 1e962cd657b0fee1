"""Hefei 合肥: Guangdong 鸡平胡 on the 108 tiles (no honours, no flowers), no chow, 八枝 (eight
tiles of one suit to win) and 断幺九 (1 fan inside the cap). Scored by the ``hefei`` family
(engine/family/hefei.py); the rules page is docs/rules/hefei.md."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

# Guangdong's table as far as 108 tiles allow it, and 断幺九
_HEFEI_FAN: Final = (
    ("chicken", 0),
    ("all_chows", 1),
    ("all_simples", 1),
    ("all_pungs", 2),
    ("full_flush", 4),
    ("full_flush_pungs", 5),
    ("pure_terminals", 6),
    ("nine_gates", 6),
    ("heavenly", 6),
    ("earthly", 6),
    ("human", 6),
)
# no honours: 自摸 is the only addition
_HEFEI_BONUSES: Final = (("self_draw", 1),)

PRESETS: Final = (
    Rules(
        id="hefei",
        family="hefei",
        pattern_values=_HEFEI_FAN,
        bonus_values=_HEFEI_BONUSES,
        joker="none",
        wildcards=0,
        honours=False,
        orphans_form=False,
        house_options=(
            "self_draw_only", "multiple_winners", "robbing_kong", "pass_win_lock",
            "pass_pong_lock", "chicken_wins", "seven_pairs", "seven_pairs_value", "min_fan",
            "fan_cap", "unit", "kong_unit", "discarder_pays_all", "kongs_paid_on_draw",
            "kong_payments", "horses", "dealer_rotation", "hands", "rounds",
        ),
        chow=False,
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
