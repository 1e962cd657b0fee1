"""Settlement: who pays whom for wins, 包, horses and kongs; deltas always sum to zero."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.melds import MeldKind, meld
from engine.rules import get_rules
from engine.scoring import Score, WinContext
from engine.settlement import (
    HandOutcome,
    KongRecord,
    Payment,
    WinFacts,
    WinRecord,
    horse_group,
    horse_hits,
    liable_seat,
    settle_hand,
)
from engine.tiles import parse, parse_one

ZHENG = get_rules("heyuan-zheng")
GD = get_rules("guangdong")


def win(seat, points, *, self_drawn=False, discarder=None, liable=None, patterns=("chicken",)):
    return WinRecord(seat, Score(points, tuple(patterns)), self_drawn, discarder, liable)


def settle(rules, wins, kongs=(), **outcome):
    """settle_hand of a HandOutcome of these wins and kongs (``outcome``: its other fields)."""
    return settle_hand(rules, HandOutcome(tuple(wins), tuple(kongs), **outcome))


def check_zero_sum(st_):
    assert sum(st_.deltas) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in st_.payments)


def test_self_draw_each_other_seat_pays():
    s = settle(ZHENG, [win(1, 16, self_drawn=True)], [])
    check_zero_sum(s)
    assert s.deltas == (-16, 48, -16, -16)
    assert {p.payer for p in s.payments} == {0, 2, 3}


def test_the_unit_multiplies():
    rules = get_rules("heyuan-zheng", {"unit": 5})
    assert settle(rules, [win(0, 2, self_drawn=True)], []).deltas == (30, -10, -10, -10)


def test_discard_win_the_discarder_pays_one_share():
    s = settle(ZHENG, [win(2, 8, discarder=3)], [])
    assert s.deltas == (0, 0, 8, -8)
    assert s.payments == (Payment(3, 2, 8, "win"),)


def test_discarder_pays_all_option():
    rules = get_rules("heyuan-zheng", {"discarder_pays_all": True})
    assert settle(rules, [win(2, 8, discarder=3)], []).deltas == (0, 0, 24, -24)


def test_a_liable_seat_pays_the_whole_self_draw_alone():
    s = settle(GD, [win(0, 8, self_drawn=True, liable=2)], [])
    assert s.deltas == (24, 0, -24, 0)
    assert s.payments == (Payment(2, 0, 24, "liable"),)


def test_several_winners_on_one_discard_are_settled_each_on_their_own():
    s = settle(GD, [win(0, 4, discarder=3), win(1, 8, discarder=3)], [])
    check_zero_sum(s)
    assert s.deltas == (4, 8, 0, -12)


class TestKongs:
    def test_concealed_and_added_kongs_from_each_other_player(self):
        kongs = [
            KongRecord(1, MeldKind.CONCEALED_KONG, None, parse_one("5m")),
            KongRecord(2, MeldKind.ADDED_KONG, 0, parse_one("7p")),
        ]
        s = settle(get_rules("heyuan-zheng", {"kong_unit": 2}), [win(0, 1, self_drawn=True)], kongs)
        check_zero_sum(s)
        kong_deltas = [0, 0, 0, 0]
        for p in s.payments:
            if p.reason == "kong":
                kong_deltas[p.payer] -= p.amount
                kong_deltas[p.payee] += p.amount
        assert kong_deltas == [-4, 6 - 2, 6 - 2, -4]

    def test_exposed_kong_three_units_from_the_discarder(self):
        s = settle(ZHENG, [win(0, 1, self_drawn=True)], [KongRecord(1, MeldKind.KONG, 3, 5)])
        assert Payment(3, 1, 3, "kong") in s.payments

    def test_void_on_a_drawn_hand(self):
        kongs = [KongRecord(1, MeldKind.CONCEALED_KONG, None, 4)]
        s = settle(ZHENG, [], kongs, drawn=True)
        assert s.payments == () and s.deltas == (0, 0, 0, 0)

    def test_paid_on_a_drawn_hand_with_the_option(self):
        rules = get_rules("heyuan-zheng", {"kongs_paid_on_draw": True})
        s = settle(rules, [], [KongRecord(1, MeldKind.CONCEALED_KONG, None, 4)], drawn=True)
        assert s.deltas == (-1, 3, -1, -1)

    def test_guangdong_has_no_kong_payments(self):
        s = settle(GD, [win(0, 1, self_drawn=True)], [KongRecord(1, MeldKind.KONG, 3, 5)])
        assert all(p.reason != "kong" for p in s.payments)


def test_a_drawn_hand_pays_no_win():
    assert settle(ZHENG, [], [], drawn=True).deltas == (0, 0, 0, 0)


class TestHorses:
    @pytest.mark.parametrize(
        ("tiles", "group"),
        [
            ("159m159p159s1z7z1f5f", 0),
            ("26m26p26s2z6z2f6f", 1),
            ("37m37p37s3z5z3f8f", 2),
            ("48m48p48s4z4f7f", 3),
        ],
    )
    def test_seat_sets(self, tiles, group):
        assert {horse_group(t) for t in parse(tiles)} == {group}

    def test_hits_count_from_the_dealer(self):
        # dealer is seat 2, so seat 3 is "next": 2 6 S Green 夏 兰
        assert horse_hits(parse("2m6z1m"), winner=3, dealer=2) == 2
        assert horse_hits(parse("2m6z1m"), winner=2, dealer=2) == 1

    def test_each_hit_pays_one_more_unit_from_every_payer(self):
        s = settle(ZHENG, [win(0, 2, self_drawn=True)], [], horse_tiles=parse("1m5p3s4z"))
        # two hits for the dealer: 2 + 2 from each of three payers
        assert s.deltas == (12, -4, -4, -4)
        assert sum(p.amount for p in s.payments if p.reason == "horse") == 6

    def test_on_a_discard_only_the_discarder_pays_the_horses(self):
        s = settle(ZHENG, [win(1, 2, discarder=0)], [], dealer=0, horse_tiles=parse("2m6m"))
        assert s.deltas == (-4, 4, 0, 0)


def facts(melds=(), *, self_drawn=True, situations=(), discarder=None, kong=None, feeder=None,
          revision=1):
    ctx = WinContext(self_drawn=self_drawn, situations=frozenset(situations))
    return WinFacts(tuple(melds), ctx, discarder, kong, feeder, revision)


class TestLiability:
    def test_heyuan_robbing_a_kong_the_robbed_player_pays_for_three(self):
        score = Score(2, ("chicken",))
        seat = liable_seat(ZHENG, facts(self_drawn=False, situations=["robbing_kong"], discarder=3),
                           score)
        assert seat == 3
        s = settle(ZHENG, [WinRecord(0, score, False, 3, seat)], [])
        assert s.deltas == (6, 0, 0, -6)

    def test_heyuan_no_other_liability(self):
        melds = [meld("pung", "111m", from_seat=1), meld("pung", "222m", from_seat=1),
                 meld("pung", "333m", from_seat=2), meld("pung", "444m", from_seat=3)]
        assert liable_seat(ZHENG, facts(melds, feeder=3), Score(16, ("x",))) is None

    def test_guangdong_twelve_tiles_down(self):
        melds = [meld("pung", "111m", from_seat=1), meld("chow", "234p", from_seat=3),
                 meld("pung", "555s", from_seat=2), meld("pung", "777s", from_seat=1)]
        assert liable_seat(GD, facts(melds, feeder=1), Score(2, ("chicken",))) == 1
        # on a discard win the discarder pays as usual
        assert liable_seat(GD, facts(melds, self_drawn=False, discarder=2, feeder=1),
                           Score(2, ("chicken",))) is None

    def test_guangdong_twelve_tiles_down_the_feeder_pays_for_the_first_seat_only(self):
        # 包先不包后: the hand passes no feeder for a seat whose fourth meld came from a
        # feeder already liable for another seat
        melds = [meld("pung", "111m", from_seat=1), meld("chow", "234p", from_seat=3),
                 meld("pung", "555s", from_seat=2), meld("pung", "777s", from_seat=1)]
        assert liable_seat(GD, facts(melds, feeder=None), Score(2, ("chicken",))) is None

    def test_guangdong_concealed_kong_is_not_on_the_table(self):
        melds = [meld("concealed_kong", "1111m"), meld("pung", "555s", from_seat=2),
                 meld("pung", "777s", from_seat=1), meld("pung", "999s", from_seat=3)]
        assert liable_seat(GD, facts(melds), Score(1, ("chicken",))) is None

    def test_guangdong_big_dragons_the_last_dragon_feeder(self):
        melds = [meld("pung", "555z", from_seat=1), meld("pung", "666z", from_seat=3),
                 meld("pung", "777z", from_seat=2)]
        assert liable_seat(GD, facts(melds), Score(64, ("big_dragons",), 6)) == 2

    def test_guangdong_big_dragons_liability_reads_the_shape_not_the_name(self):
        # 大三元 that is also 字一色 is reported as all_honors (both 6 fan): still 包
        melds = [meld("pung", "555z", from_seat=1), meld("pung", "666z", from_seat=3),
                 meld("pung", "777z", from_seat=2)]
        assert liable_seat(GD, facts(melds), Score(64, ("all_honors",), 6)) == 2
        # a hand of revision 0 keeps the reading it was played with
        assert liable_seat(GD, facts(melds, revision=0), Score(64, ("all_honors",), 6)) is None

    def test_guangdong_big_winds_needs_all_four_exposed(self):
        melds = [meld("pung", "111z", from_seat=1), meld("pung", "222z", from_seat=3),
                 meld("pung", "333z", from_seat=2)]
        assert liable_seat(GD, facts(melds), Score(64, ("big_winds",), 6)) is None

    def test_guangdong_kong_replacement_on_an_exposed_kong(self):
        melds = [meld("pung", "111m", from_seat=1), meld("kong", "5555p", from_seat=3)]
        sit = ["kong_replacement"]
        assert liable_seat(GD, facts(melds, situations=sit, kong=1), Score(8, ("chicken",), 3)) == 3
        own = [meld("pung", "111m", from_seat=1), meld("concealed_kong", "5555p")]
        assert liable_seat(GD, facts(own, situations=sit, kong=1), Score(8, ("chicken",), 3)) is None

    def test_guangdong_kong_replacement_after_an_added_kong_is_paid_by_all(self):
        # the exposed kong is older; the replacement that won came from the added kong
        melds = [meld("added_kong", "1111m", from_seat=1), meld("kong", "5555p", from_seat=3)]
        sit = ["kong_replacement"]
        assert liable_seat(GD, facts(melds, situations=sit, kong=0), Score(8, ("chicken",), 3)) is None
        assert liable_seat(GD, facts(melds, situations=sit, kong=1), Score(8, ("chicken",), 3)) == 3

    def test_guangdong_robbing_a_kong(self):
        f = facts(self_drawn=False, situations=["robbing_kong"], discarder=1)
        assert liable_seat(GD, f, Score(8, ("chicken",), 3)) == 1

    def test_the_first_liability_stands(self):
        # the dragons were complete (meld 2) before the fourth meld went down (meld 3)
        melds = [meld("pung", "555z", from_seat=1), meld("pung", "666z", from_seat=3),
                 meld("pung", "777z", from_seat=2), meld("pung", "111m", from_seat=1)]
        assert liable_seat(GD, facts(melds, feeder=1), Score(64, ("big_dragons",), 6)) == 2


@given(
    st.lists(
        st.tuples(
            st.integers(0, 3), st.integers(1, 64), st.booleans(), st.integers(0, 3),
            st.one_of(st.none(), st.integers(0, 3)),
        ),
        max_size=3,
    ),
    st.lists(st.tuples(st.integers(0, 3), st.sampled_from(list(MeldKind)[1:]), st.integers(0, 3)),
             max_size=4),
    st.booleans(),
    st.lists(st.integers(0, 41), max_size=6),
    st.sampled_from(["heyuan-zheng", "heyuan-jihu", "guangdong"]),
)
def test_payments_always_sum_to_zero(wins, kongs, drawn, horses, preset):
    rules = get_rules(preset, {"discarder_pays_all": True} if preset == "heyuan-jihu" else None)
    records = []
    for seat, points, self_drawn, discarder, liable in wins:
        d = None if self_drawn or discarder == seat else discarder
        records.append(WinRecord(seat, Score(points, ("chicken",)), self_drawn or d is None, d, liable))
    kong_records = [
        KongRecord(seat, kind, None if kind is MeldKind.CONCEALED_KONG else frm, 0)
        for seat, kind, frm in kongs
    ]
    s = settle(rules, records, kong_records, drawn=drawn, horse_tiles=horses)
    check_zero_sum(s)
    assert len(s.deltas) == 4
