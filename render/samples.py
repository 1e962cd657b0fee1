"""A sample game's views, used by ``python -m render sample``, the goldens and the bench."""

from __future__ import annotations

from engine.melds import meld
from engine.tiles import FLOWERS
from render.views import (
    HandView,
    LeaderboardView,
    LeaderRow,
    MeldView,
    SeatView,
    SettlementView,
    TableView,
    WinView,
)
from render.views import (
    parse_view_tiles as p,
)

BAIDA_WILDS = frozenset(FLOWERS)


def sample_hand() -> HandView:
    """A Baida hand after a pong: two wildcards, a drawn tile, waits shown."""
    return HandView(
        concealed=p("23m456p789s1z1f"),
        drawn=p("5s")[0],
        melds=[MeldView.from_meld(meld("pung", "555p", called="5p", from_seat=3), seat=0)],
        wild_kinds=BAIDA_WILDS,
        waits=p("14m1z"),
    )


def sample_hand_full() -> HandView:
    """A fresh 14-tile hand with no melds (the widest row)."""
    return HandView(concealed=p("1122m345p678s55z2f"), drawn=p("7z")[0], wild_kinds=BAIDA_WILDS)


def sample_hand_melds() -> HandView:
    """Three kinds of meld: a chow from the left, an added kong, a concealed kong; bonus flowers."""
    return HandView(
        concealed=p("5m"),
        drawn=p("5m")[0],
        melds=[
            MeldView.from_meld(meld("chow", "789s", called="8s", from_seat=3), seat=0),
            MeldView.from_meld(meld("added_kong", "2222p", called="2p", from_seat=2), seat=0),
            MeldView.from_meld(meld("concealed_kong", "7777z"), seat=0),
            MeldView.from_meld(meld("pung", "111z", called="1z", from_seat=1), seat=0),
        ],
        flowers=p("15f"),
    )


def sample_table() -> TableView:
    names = ("阿明", "Lily", "老陈", "Computer 电脑")
    discards = (
        p("9m1z4p8s2z7p1m6s3z"),
        p("1s9p2z5m7s1p8m"),
        p("4z9s3m6p2s4f7z"),
        p("3p2m8p5z9m4s"),
    )
    melds: tuple[list[MeldView], ...] = (
        [],
        [MeldView.from_meld(meld("pung", "666m", called="6m", from_seat=0), seat=1)],
        [],
        [MeldView.from_meld(meld("kong", "3333s", called="3s", from_seat=2), seat=3)],
    )
    seats = [
        SeatView(
            name=names[i],
            discards=discards[i],
            melds=melds[i],
            concealed_count=13 - 3 * len(melds[i]) + (1 if i == 2 else 0),
            seat_wind=i,
            score=(120, -35, 48, -133)[i],
            is_dealer=i == 0,
            is_turn=i == 2,
        )
        for i in range(4)
    ]
    return TableView(seats=seats, wall_remaining=61, round_wind=0,
                     last_discard=(1, len(discards[1]) - 1), hand_number=3,
                     wild_kinds=BAIDA_WILDS)


def sample_settlement() -> SettlementView:
    hand = HandView(
        concealed=p("111222333444m1f"),
        drawn=p("5m")[0],
        wild_kinds=BAIDA_WILDS,
    )
    win = WinView(seat=2, hand=hand, patterns=[("full_flush_pungs", 8), ("lone_wild", 2)],
                  points=16, self_drawn=True)
    return SettlementView(
        names=("阿明", "Lily", "老陈", "Computer 电脑"),
        payments=(-16, -16, 48, -16),
        wins=[win],
        family="heyuan",
        seed_text="seed 8d1f…c2a7 · sha256 5be0…91fe",
        hand_number=3,
        wild_kinds=BAIDA_WILDS,
    )


def sample_settlement_guangdong() -> SettlementView:
    hand = HandView(
        concealed=p("555m666p7799s"),
        drawn=p("9s")[0],
        melds=[MeldView.from_meld(meld("pung", "888p", called="8p", from_seat=1), seat=0)],
    )
    win = WinView(seat=0, hand=hand, patterns=[("all_pungs", 2), ("self_draw", 1)], points=8,
                  self_drawn=True, fan=3)
    return SettlementView(names=("Ann", "Bo", "Chen", "Dee"), payments=(24, -8, -8, -8),
                          wins=[win], family="guangdong", value_style="fan",
                          hand_number=1)


def sample_leaderboard() -> LeaderboardView:
    rows = [
        LeaderRow(1, "老陈", 12_480, 640),
        LeaderRow(2, "Lily", 10_950, -120),
        LeaderRow(3, "阿明", 9_300, 0),
        LeaderRow(4, "Computer 电脑", 7_020, -520),
        LeaderRow(5, "小雨🌧️", 5_500, 80),
    ]
    return LeaderboardView(rows=rows)
