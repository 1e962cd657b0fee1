"""Beijing 惠牌: the fan table added up, 庄 (dealer wins or deals in), 推倒和 only for a hand
none of the named ones, the discard-win limits, and the settlement of 烧庄 and 互包."""

from __future__ import annotations

import pytest

from engine.family.beijing import settle_beijing
from engine.rules import get_rules
from engine.scoring import Score
from engine.settlement import HandOutcome, WinRecord
from tests.engine.scoring.helpers import score, summary

BJ = "beijing"


def bj(concealed, win, *, indicator="9s", **kw):
    """Beijing; the default indicator 9s makes 1s the 惠牌."""
    return summary(score(BJ, concealed, win, indicator=indicator, **kw))


def test_a_plain_hand_is_tuidaohe_with_menqing_wuhui():
    assert bj("123m456p789s234s55p", "5p", self_drawn=True) == (2, ["basic", "concealed_no_joker"])


def test_dealer_fan_when_the_dealer_wins_or_deals_in_but_not_for_a_non_dealer_self_draw():
    assert bj("123m456p789s234s55p", "5p", self_drawn=True, dealer=True) == (
        3, ["basic", "dealer", "concealed_no_joker"],
    )  # fmt: skip
    # a 惠牌 held: no 门清无惠; the dealer deals in: 推倒和 1 + 庄 1 = 2 (the seed's example 2)
    assert bj("123m456p789s234s5p1s", "5p", payer_dealer=True) == (2, ["basic", "dealer"])
    assert bj("123m456p789s234s5p1s", "5p") == (1, ["basic"])


def test_all_pungs_and_the_first_worked_example_hand():
    assert bj("111m222p333s444z55z", "5z", self_drawn=True) == (
        3, ["concealed_no_joker", "all_pungs"],
    )  # fmt: skip
    # example 1: the dealer self-draws 对对和 (庄 1 + 对对和 2 = 3)
    assert bj("222p333s444z55z", "5z", self_drawn=True, dealer=True, melds=["pung 111m"]) == (
        3, ["dealer", "all_pungs"],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("concealed", "win", "kw", "want"),
    [
        # 一条龙 with a called chow
        ("456m789m234p55s", "5s", {"melds": ["chow 123m"]}, (3, ["straight"])),
        # 清一色 and 一条龙 in one suit, concealed without 惠牌
        ("123m456m789m234m55m", "5m", {}, (10, ["concealed_no_joker", "straight", "full_flush"])),
        ("1133m2255p4477s66z", "6z", {}, (5, ["concealed_no_joker", "seven_pairs"])),
        ("1111m2255p4477s66z", "6z", {}, (9, ["concealed_no_joker", "luxury_seven_pairs"])),
        # three 1m and a 惠牌: two identical pairs
        ("111m1s2255p4477s66z", "6z", {}, (8, ["luxury_seven_pairs"])),
        ("1122334455667m7m", "7m", {}, (11, ["concealed_no_joker", "seven_pairs", "full_flush"])),
        ("7z123m456p789s234s", "7z", {"melds": []}, None),  # not complete
        # 大钓: four declared melds, a single wait
        ("7z7z", "7z", {"melds": ["chow 123m", "pung 222p", "pung 333s", "chow 456s"]},
         (2, ["single_after_calls"])),
        ("123m456p789s234s55p", "5p", {"situations": ["last_tile"]},
         (3, ["concealed_no_joker", "last_tile"])),
        ("123m456p789s55p", "5p", {"situations": ["kong_replacement"],
                                   "melds": ["concealed_kong 1111z"]},
         (6, ["concealed_no_joker", "kong_replacement"])),
        ("123m456p789s234s55p", "5p", {"situations": ["heavenly"], "dealer": True},
         (11, ["concealed_no_joker", "heavenly"])),
        ("123m456p789s234s55p", "5p", {"situations": ["earthly"]},
         (9, ["concealed_no_joker", "earthly"])),
    ],
)  # fmt: skip
def test_self_drawn_patterns(concealed, win, kw, want):
    assert bj(concealed, win, self_drawn=True, **kw) == want


def test_last_discard_is_one_fan_and_a_discard_win_needs_a_concealed_hand():
    assert bj("123m456p789s234s55p", "5p", situations=["last_tile"]) == (
        2, ["concealed_no_joker", "last_tile"],
    )  # fmt: skip
    assert bj("123m456p789s55p", "5p", melds=["pung 777z"]) is None  # a call: self-draw only
    assert bj("123m456p789s55p", "5p", melds=["pung 777z"], self_drawn=True) == (1, ["basic"])
    # a concealed kong keeps a discard win open
    assert bj("123m456p789s55p", "5p", melds=["concealed_kong 7777z"]) == (
        2, ["basic", "concealed_no_joker"],
    )  # fmt: skip
    # robbing a kong counts as a discard win
    assert bj("123m456p789s55p", "5p", melds=["pung 777z"], situations=["robbing_kong"]) is None


def test_three_jokers_must_self_draw():
    assert bj("123m456p789s22s1s1s1s", "2s") is None
    assert bj("123m456p789s22s1s1s1s", "2s", self_drawn=True) == (1, ["basic"])
    assert bj("123m456p789s22s3s1s1s", "2s") == (1, ["basic"])  # two are fine


def test_catch_the_five_only_on_the_closed_5m_wait():
    assert bj("46m123p456p789s11z5m", "5m") == (3, ["concealed_no_joker", "five_in_middle"])
    # 34m waits on 2m and 5m: a 5m win is no 捉五魁
    assert bj("34m123p456p789s11z5m", "5m") == (2, ["basic", "concealed_no_joker"])
    # a 惠牌 waits on more than 5m
    assert bj("4m1s123p456p789s11z5m", "5m") == (1, ["basic"])


def test_four_jokers_win_at_once_with_dealer():
    assert bj("1111s123m456p789p5z", "5z", self_drawn=True) == (8, ["four_jokers"])
    assert bj("1111s123m456p789p5z", "5z", self_drawn=True, dealer=True) == (
        9, ["dealer", "four_jokers"],
    )  # fmt: skip
    assert bj("1111s12m45p79p5z77z3s", "5z", self_drawn=True) == (8, ["four_jokers"])


def test_the_dragon_cycle_makes_the_joker():
    # 惠坯 7z (中) → 惠牌 6z (发): a 发 completes 123m…
    assert bj("123m456p789s234s5p6z", "5p", indicator="7z", self_drawn=True) == (1, ["basic"])


def _win(seat, fan, self_drawn, discarder=None):
    return WinRecord(seat, Score(points=fan, patterns=("basic",)), self_drawn, discarder)


def test_the_two_worked_score_examples_settle_as_the_seed_says():
    rules = get_rules(BJ, {"unit": 2000})
    # 1: East deals, one round of 烧庄, East self-draws 对对和 (3 fan)
    s = settle_beijing(rules, HandOutcome((_win(0, 3, True),), facts={"burn": 1}))
    assert s.deltas == (12000, -4000, -4000, -4000)
    rules = get_rules(BJ, {"unit": 500})
    # 2: three rounds (fan 4), East deals into South (2 fan), South and North bound
    facts = {"burn": 3, "bound": ((1, 3),)}
    s = settle_beijing(rules, HandOutcome((_win(1, 2, False, 0),), facts=facts))
    assert s.deltas == (-6000, 3000, 2000, 1000)
    assert {(p.payer, p.payee, p.reason) for p in s.payments if p.reason != "burn"} == {
        (3, 1, "bound"),
    }


def test_bound_to_two_players_each_pays_the_whole_and_a_self_draw_is_three_shares():
    rules = get_rules(BJ)
    facts = {"bound": ((1, 2), (1, 3))}
    s = settle_beijing(rules, HandOutcome((_win(1, 2, False, 0),), facts=facts))
    assert s.deltas == (0, 4, -2, -2)
    s = settle_beijing(rules, HandOutcome((_win(1, 2, True),), facts={"bound": ((0, 1),)}))
    assert s.deltas == (-6, 6, 0, 0)


def test_a_drawn_hand_is_a_tie():
    s = settle_beijing(get_rules(BJ), HandOutcome((), drawn=True, facts={"burn": 2}))
    assert s.deltas == (0, 0, 0, 0) and s.payments == ()
