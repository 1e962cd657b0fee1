"""Taiwan 台灣十六張: 144 tiles with 8 flowers (正花 by seat, 花槓), 16-tile hands (the dealer
17), 16 tiles kept back (鐵八墩), chow / pong / kong, 一炮多響, 搶槓 on added kongs, 過水
until one's own next draw, 台 paid ``(底 + 台) × unit`` with the dealer's 1 + 2N. Scored by
the ``taiwan`` family (engine/family/taiwan.py) with engine/taiwan/."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules
from engine.taiwan.tai import TAI

PRESETS: Final = (
    Rules(
        id="taiwan",
        family="taiwan",
        pattern_values=TAI,
        joker="none",
        wildcards=0,
        bonus_flowers=True,
        seat_forms=((4, 16, ()),),
        hand_size=16,
        house_options=(
            "unit",
            "base",
            "reserve",
            "seven_pairs_pung",
            "flower_win",
            "half_melded",
            "heavenly_tai",
            "multiple_winners",
            "hands",
        ),
        option_aliases=(("multiple_winners", "first", "order"),),
        reserve=16,
        last_discard_calls=False,  # 河底: won on, never called
        reserve_mode="keeps_size",
        chow=True,
        multiple_winners="all",
        robbing_kong=True,
        pass_win_lock=True,
        pass_win_lock_calls=False,  # 過水: "until after their own next draw"
        pass_pong_lock=False,
        chicken_wins=True,
        seven_pairs=False,
        orphans_form=False,
        no_wilds_bonus=False,
        kong_payments=False,
        dealer_rotation="standard",
        hands=0,
        rounds=4,
    ),
)
