"""Guobiao 国标麻将 (Chinese Official rules, 2006): 144 tiles with 8 flowers as bonus tiles,
chow / pong / kong, 81 fans, 8 fans to win (flowers not counted). Scored by the ``guobiao``
family (engine/family/guobiao.py) with the fan calculator of engine/guobiao/."""

from __future__ import annotations

from typing import Final

from engine.guobiao.fans import FANS
from engine.rules import Rules

PRESETS: Final = (
    Rules(
        id="guobiao",
        family="guobiao",
        pattern_values=tuple((f[0], f[3]) for f in FANS[1:]),
        joker="none",
        wildcards=0,
        bonus_flowers=True,
        house_options=("unit", "hands", "rounds", "bonus_flowers", "pass_win_lock"),
        # offered for the Botzone competitions' game (no flowers, no 过胡)
        quiet_options=(("bonus_flowers", True), ("pass_win_lock", True)),
        orphans_form=True,
        seven_pairs=True,
        chow=True,
        multiple_winners="order",
        robbing_kong=True,
        pass_win_lock=True,
        pass_pong_lock=False,
        chicken_wins=True,
        min_fan=8,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="standard",
        hands=8,
    ),
)
