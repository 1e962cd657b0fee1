"""Shanghai 百搭: 花 × 2^番, each 花 source and 番 of the rule page, 四百搭, the reading that
pays most, and the dice's 荒番. Jokers are written by their face (the indicator says which)."""

from __future__ import annotations

import pytest

from engine.family.shanghai import dice_huangfan
from engine.rules import get_rules
from tests.engine.scoring.helpers import score, summary

SH = "shanghai"


def sh(concealed, win, *, indicator="1z", **kw):
    """Shanghai, self-drawn unless said; the default indicator 1z makes 2z (South) the 百搭."""
    kw.setdefault("self_drawn", True)
    return score(SH, concealed, win, indicator=indicator, **kw)


def test_the_page_example():
    # 花 = base 1 + 2 flowers + 1 wind pong + 2 百搭 held = 6; 杠开 1 番: 6 × 2 = 12 from each
    s = sh("12399m456s7p55p", "9m", indicator="4p", melds=["pung 111z"], flowers=2,
           situations=["flower_replacement"])  # fmt: skip
    assert summary(s) == (12, ["replacement_win"]) and s is not None and s.fan == 1


def test_a_concealed_hand_without_jokers():
    # base 1 + 门清 1 = 2 花; 无百搭 1 番 → 4
    assert summary(sh("123m456m789p234s55s", "5s")) == (4, ["no_wilds", "concealed"])


def test_melds_and_a_concealed_wind_triplet_count_their_hua():
    # base 1 + east pong 1 + concealed west kong 3 + exposed 5m kong 1 + concealed 222z 1 = 7;
    # 无百搭 → 14; not 门清 (a pong and an exposed kong)
    s = sh("222z77p", "7p", indicator="8s",
           melds=["pung 111z", "concealed_kong 3333z", "kong 5555m"])  # fmt: skip
    assert summary(s) == (14, ["no_wilds"])


@pytest.mark.parametrize(
    ("meld", "hua"),
    [
        ("pung 111z", 1), ("pung 111m", 0), ("kong 1111m", 1), ("added_kong 1111m", 1),
        ("concealed_kong 1111m", 2), ("kong 4444z", 2), ("added_kong 4444z", 2),
        ("concealed_kong 4444z", 3), ("chow 123m", 0),
    ],
)  # fmt: skip
def test_each_meld_hua(meld, hua):
    s = sh("456p789p234s55s", "5s", melds=[meld])
    assert s is not None
    base = 1 + hua + (1 if meld.startswith("concealed") else 0)  # 门清 with a concealed kong
    assert s.points == base * 2  # 无百搭


def test_three_fan_no_jokers_four_melds_and_a_replacement():
    # 花 = base 1 + an exposed suited kong 1 = 2; 无百搭 + 大吊车 + 杠开 = 3 番 → 16
    s = sh("99s", "9s", melds=["pung 111m", "pung 222p", "chow 345s", "kong 6666s"],
           situations=["kong_replacement"])  # fmt: skip
    assert summary(s) == (16, ["no_wilds", "single_after_calls", "replacement_win"])


def test_a_joker_reads_as_a_concealed_wind_triplet_when_that_pays_most():
    # 5p is the 百搭: 11z + 百搭 = a concealed East triplet (1 花) rather than 999p
    # 花 = base 1 + 百搭 1 + 门清 1 + wind triplet 1 = 4; no 番
    s = sh("11z5p123m456m789s99p", "9p", indicator="4p")
    assert summary(s) == (4, ["concealed"])


def test_any_wait_when_the_hand_before_the_draw_won_on_anything():
    # four sets and a lone 百搭: any suited tile or wind completes it; 3 花 × 2
    s = sh("123m456m789s111p5p3z", "3z", indicator="4p")
    assert summary(s) == (6, ["any_wait", "concealed"])


def test_four_wilds_wins_at_once_with_only_the_hua_that_need_no_reading():
    # base 1 + four 百搭 4 + 门清 1 = 6 花, 2 番 → 24 (the complete reading pays 14)
    s = sh("5555p123m456s789s1z", "1z", indicator="4p")
    assert summary(s) == (24, ["four_wilds", "concealed"]) and s is not None and s.fan == 2
    # four 百搭 in an incomplete hand still win
    s = sh("5555p1239m46s79s1z2p", "1z", indicator="4p")
    assert summary(s) == (24, ["four_wilds", "concealed"])


def test_self_draw_only():
    assert sh("123m456m789p234s55s", "5s", self_drawn=False) is None


def test_a_flower_or_dragon_indicator_points_at_east():
    # indicator 6z (a dragon, a flower here) → East is the 百搭: 1z completes 123m…
    s = sh("123m456m789p234s5s1z", "5s", indicator="6z")
    assert summary(s) == (6, ["any_wait", "concealed"])  # 1 + 百搭 1 + 门清 1 = 3 花 × 2
    assert summary(sh("123m456m789p234s5s1z", "5s", indicator="3f")) == summary(s)


@pytest.mark.parametrize(
    ("dice", "add"),
    [
        ((1, 1), 2), ((4, 4), 2), ((1, 2), 1), ((6, 1), 1), ((1, 4), 1), ((4, 2), 1),
        ((3, 4), 1), ((4, 5), 1), ((6, 4), 1), ((2, 2), 1), ((3, 3), 1), ((5, 5), 1),
        ((6, 6), 1), ((2, 3), 0), ((5, 6), 0), ((2, 5), 0), ((3, 6), 0), ((6, 2), 0),
    ],
)  # fmt: skip
def test_the_dice_raise_huangfan(dice, add):
    assert dice_huangfan(dice) == add


def test_the_preset_is_data():
    r = get_rules(SH)
    assert r.tile_count == 144 and r.self_draw_only and r.joker_calls
    assert len(r.bonus_kinds) == 11  # eight flowers and three dragons
    assert r.indicator_source == "dice"
