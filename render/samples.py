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


# -- the games with a joker from an indicator ---------------------------------------------------

SHANGHAI_WILDS = frozenset(p("5p"))  # indicator 4p


def sample_hand_shanghai() -> HandView:
    """A Shanghai hand with two 百搭, a dragon and a flower set aside, the indicator beside it."""
    return HandView(
        concealed=p("123m456s7p9m5p5p"),
        drawn=p("9m")[0],
        melds=[MeldView.from_meld(meld("pung", "111z", called="1z", from_seat=2), seat=0)],
        flowers=p("2f6z"),
        wild_kinds=SHANGHAI_WILDS,
        indicator=p("4p")[0],
        family="shanghai",
    )


def sample_table_beijing() -> TableView:
    """A Beijing table: the 惠坯 and the 惠牌 in the centre, two rounds of 烧庄, South and
    North bound (互包)."""
    t = sample_table()
    seats = [
        SeatView(name=x.name, discards=[k for k in x.discards if k < 34], melds=x.melds,
                 concealed_count=x.concealed_count, seat_wind=x.seat_wind, score=x.score,
                 is_dealer=x.is_dealer, is_turn=x.is_turn)
        for x in t.seats
    ]
    return TableView(seats=seats, wall_remaining=48, round_wind=0, last_discard=t.last_discard,
                     hand_number=2, wild_kinds=frozenset(p("1s")), indicator=p("9s")[0],
                     family="beijing", marks=(("burn", (2,)), ("bound", (1, 3))))


def sample_table_shanghai() -> TableView:
    """A Shanghai table: the indicator and the 百搭, 花 counts on the plates, 荒番 2."""
    t = sample_table()
    flowers = (p("1f5z"), p("2f3f6z7z5z"), (), p("4f"))
    seats = [
        SeatView(name=x.name, discards=[k for k in x.discards if k < 31],
                 melds=x.melds, concealed_count=x.concealed_count, flowers=flowers[i],
                 seat_wind=x.seat_wind, score=x.score, is_dealer=x.is_dealer, is_turn=x.is_turn)
        for i, x in enumerate(t.seats)
    ]
    return TableView(seats=seats, wall_remaining=70, round_wind=1, hand_number=5,
                     wild_kinds=SHANGHAI_WILDS, indicator=p("4p")[0], family="shanghai",
                     marks=(("hua", (2, 5, 0, 1)), ("huangfan", (2,)), ("dice", (1, 5))),
                     dead_jokers=True)


def sample_settlement_shanghai() -> SettlementView:
    """The page's example: 6 花, 杠开 1 番, ×4 for 荒番 2."""
    hand = HandView(concealed=p("1239m456s7p5p5p"), drawn=p("9m")[0],
                    melds=[MeldView.from_meld(meld("pung", "111z", called="1z", from_seat=2),
                                              seat=0)],
                    wild_kinds=SHANGHAI_WILDS, indicator=p("4p")[0], family="shanghai")
    win = WinView(seat=0, hand=hand, patterns=[("replacement_win", 1)], points=12,
                  self_drawn=True, fan=1)
    return SettlementView(names=("Ann", "Bo", "Chen", "Dee"), payments=(144, -48, -48, -48),
                          wins=[win], family="shanghai", value_style="hua", hand_number=5,
                          wild_kinds=SHANGHAI_WILDS, marks=(("huangfan", (2,)),))


def sample_settlement_beijing() -> SettlementView:
    """The seed's second example at unit 500: 烧庄 3 rounds, South and North bound."""
    hand = HandView(concealed=p("123m456p789s55z1s3s"), drawn=p("2s")[0],
                    wild_kinds=frozenset(p("1s")), indicator=p("9s")[0], family="beijing")
    win = WinView(seat=1, hand=hand, patterns=[("basic", 1), ("dealer", 1)], points=2,
                  self_drawn=False, discarder=0)
    return SettlementView(
        names=("East", "South", "West", "North"), payments=(-6000, 3000, 2000, 1000),
        wins=[win], family="beijing", value_style="fan_sum", hand_number=4,
        wild_kinds=frozenset(p("1s")),
        extras=(("burn", (-6000, 2000, 2000, 2000)), ("bound", (0, 1000, 0, -1000))),
        marks=(("burn", (3,)), ("bound", (1, 3))),
    )


def sample_settlement_quzhou() -> SettlementView:
    """The page's fourth example: 十三不搭, 2 段, doubled on a discard."""
    hand = HandView(concealed=p("147m258p36s12345z"), drawn=p("9s")[0],
                    wild_kinds=frozenset(p("5p")), indicator=p("4p")[0], family="quzhou")
    win = WinView(seat=2, hand=hand, patterns=[("thirteen_unrelated", 2)], points=4,
                  self_drawn=False, discarder=1)
    return SettlementView(names=("Ann", "Bo", "Chen", "Dee"), payments=(0, -4, 4, 0),
                          wins=[win], family="quzhou", value_style="duan", hand_number=2,
                          wild_kinds=frozenset(p("5p")))


def sample_leaderboard() -> LeaderboardView:
    rows = [
        LeaderRow(1, "老陈", 12_480, 640),
        LeaderRow(2, "Lily", 10_950, -120),
        LeaderRow(3, "阿明", 9_300, 0),
        LeaderRow(4, "Computer 电脑", 7_020, -520),
        LeaderRow(5, "小雨🌧️", 5_500, 80),
    ]
    return LeaderboardView(rows=rows)
