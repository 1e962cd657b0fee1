"""Riichi 立直麻雀 (Japanese riichi, Tenhou's table): 136 tiles with red fives (option
``aka``), chow from the left, a yaku needed to win, han and fu scored exactly as the
reference library scores them. Scored and played by the ``riichi`` family
(engine/family/riichi.py) with engine/riichi/: riichi, furiten, ippatsu, dora, honba and
sticks, the 25,000-point game ending with uma and oka."""

from __future__ import annotations

from typing import Final

from engine.riichi.yaku import YAKU
from engine.rules import Rules

PRESETS: Final = (
    Rules(
        id="riichi",
        family="riichi",
        # each yaku's han in a closed hand (the dora ids: one han per tile)
        pattern_values=tuple((y.id, y.closed) for y in YAKU),
        joker="none",
        wildcards=0,
        # rounds: 2 a hanchan (the default), 1 a tonpuusen
        house_options=(
            "aka", "rounds", "uma", "nagashi_mangan", "abortive_draws", "multiple_ron",
        ),
        reserve=14,  # the dead wall: kong replacements and the dora indicators
        reserve_mode="keeps_size",
        chow=True,
        seven_pairs=True,
        orphans_form=True,
        multiple_winners="all",
        riichi_rons=True,  # the option multiple_ron: double ron, three an abortive draw
        pass_win_lock_calls=True,  # temporary furiten ends with one's next discard
        last_discard_calls=False,  # no call but ron on the last discard
        robbing_kong=True,
        max_kongs=4,
        own_kong_after_draw=True,
        kuikae=True,
        concealed_rob_patterns=("kokushi_musou", "kokushi_musou_juusanmen_matchi"),
        pass_win_lock=True,
        pass_pong_lock=False,
        chicken_wins=False,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="standard",
        hands=0,
        rounds=2,
        aka=3,
    ),
)
