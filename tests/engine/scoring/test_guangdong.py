"""Guangdong 鸡平胡: the fan table, additions inside the cap, specials, situations, min fan."""

from __future__ import annotations

import pytest

from tests.engine.scoring.helpers import score

GD = "guangdong"


def fan_of(*args, **kwargs):
    s = score(GD, *args, **kwargs)
    return None if s is None else (s.fan, list(s.patterns), s.points)


@pytest.mark.parametrize(
    ("concealed", "win", "fan", "patterns"),
    [
        ("123m456p789s222m11z", "1z", 0, ["chicken"]),
        ("123m456p789s234m55p", "5p", 1, ["all_chows"]),
        ("111m222p333s555s44z", "4z", 2, ["all_pungs"]),
        ("123m456m789m444z55m", "5m", 2, ["half_flush"]),
        ("123m456m789m234m11z", "1z", 3, ["all_chows", "half_flush"]),
        ("123m456m789m234m55m", "5m", 4, ["full_flush"]),
        ("111m222m999m444z55m", "5m", 4, ["half_flush_pungs"]),
        ("111m222m333m555m99m", "9m", 5, ["full_flush_pungs"]),
        ("111m999p111s444z99s", "9s", 5, ["mixed_terminals"]),
        ("555z666z77z123m456m", "7z", 5, ["small_dragons"]),
        ("111z222z333z44z123m", "4z", 5, ["small_winds"]),
        ("555z666z777z123m44m", "4m", 6, ["big_dragons"]),
        ("111z222z333z444z11m", "1m", 6, ["big_winds"]),
        ("111z222z555z666z77z", "7z", 6, ["all_honors"]),
        ("111m999m111p999p11s", "1s", 6, ["pure_terminals"]),
        ("1112345678999m5m", "5m", 6, ["nine_gates"]),
        ("19m19p19s1234567z1m", "1m", 6, ["thirteen_orphans"]),
    ],
)
def test_each_pattern_on_a_discard(concealed, win, fan, patterns):
    # seat South in the West round: none of these hands holds a pung of either wind
    # outside the wind specials, so no addition mixes in
    assert fan_of(concealed, win, seat="S", round_="W") == (fan, patterns, 2**fan)


def test_the_three_worked_examples():
    assert fan_of("123m456m789m234m55m", "5m", self_drawn=True) == (4, ["full_flush"], 16)
    assert fan_of("555m666p77999s", "9s", self_drawn=True, melds=["pung 888p"]) == (
        3, ["all_pungs", "self_draw"], 8,
    )  # fmt: skip
    assert fan_of("123m456p789s555z11z", "1z") == (1, ["chicken", "dragon_pung"], 2)


def test_additions_inside_the_cap():
    assert fan_of("123m456p789s111z99m", "9m", seat="E", round_="S") == (1, ["chicken", "seat_wind"], 2)
    assert fan_of("123m456p789s222z99m", "9m", seat="N", round_="S") == (1, ["chicken", "round_wind"], 2)
    assert fan_of("123m456p789s111z99m", "9m", seat="E", round_="E") == (
        2, ["chicken", "seat_wind", "round_wind"], 4,
    )  # fmt: skip
    assert fan_of("123m456p789s555z99m", "9m", self_drawn=True) == (
        2, ["chicken", "self_draw", "dragon_pung"], 4,
    )  # fmt: skip


def test_one_addition_per_dragon_pung_and_the_cap():
    got = fan_of("555z666z123m456p11s", "1s", self_drawn=True)
    assert got == (3, ["chicken", "self_draw", "dragon_pung", "dragon_pung"], 8)
    # half flush 2 + seat wind + round wind = 4, capped at 3
    assert fan_of("123m456m789m111z55m", "5m") == (3, ["half_flush", "seat_wind", "round_wind"], 8)


def test_specials_take_nothing_added():
    assert fan_of("123m456m789m234m55m", "5m", self_drawn=True) == (4, ["full_flush"], 16)
    assert fan_of("555z666z777z111z44m", "4m", self_drawn=True) == (6, ["big_dragons"], 64)


@pytest.mark.parametrize("situation", ["kong_replacement", "last_tile", "robbing_kong", "multi_win3"])
def test_situations_lift_a_hand_inside_the_cap_to_three(situation):
    got = fan_of("123m456p789s555z11z", "1z", situations=[situation])
    assert got == (3, ["chicken", "dragon_pung", situation], 8)


def test_situations_add_nothing_to_a_special():
    assert fan_of("123m456m789m234m55m", "5m", situations=["last_tile"]) == (4, ["full_flush"], 16)


@pytest.mark.parametrize("situation", ["heavenly", "earthly", "human"])
def test_heavenly_earthly_human_are_six(situation):
    assert fan_of("123m456p789s555z11z", "1z", self_drawn=True, situations=[situation]) == (
        6, [situation], 64,
    )  # fmt: skip


def test_min_fan():
    assert fan_of("123m456p789s222m11z", "1z", seat="N", min_fan=1) is None
    assert fan_of("123m456p789s234m55p", "5p", min_fan=1) is not None
    assert fan_of("123m456p789s234m55p", "5p", min_fan=3) is None
    assert fan_of("123m456p789s234m55p", "5p", min_fan=3, self_drawn=True) is None
    assert fan_of("123m456m789m234m11z", "1z", min_fan=3) is not None


def test_the_best_split_counts():
    # 111222333m: as pungs (清碰 5) rather than runs (清一色 4)
    assert fan_of("111222333m555m99m", "9m") == (5, ["full_flush_pungs"], 32)


def test_exposed_chows_and_kongs():
    got = fan_of("789s55p", "5p", melds=["chow 123m", "chow 456p", "chow 234s"])
    assert got == (1, ["all_chows"], 2)
    got = fan_of("123s55p", "5p", melds=["kong 5555z", "pung 666z", "chow 456p"])
    assert got == (2, ["chicken", "dragon_pung", "dragon_pung"], 4)


def test_a_hand_that_is_not_complete():
    assert score(GD, "123m456p789s555z12z", "1z") is None


def test_seven_pairs_only_as_an_option():
    assert score(GD, "1122m3344p5566s77z", "7z") is None
    s = score(GD, "1122m3344p5566s77z", "7z", seven_pairs=True)
    assert s is not None and (s.fan, s.patterns) == (4, ("seven_pairs",))


def test_guangdong_with_wildcards_reads_them_too():
    s = score(GD, "555z666z7z123m44m1f2f", "4m", wildcards=8)
    # the wildcards complete the Red pung: 大三元
    assert s is not None and (s.fan, s.patterns) == (6, ("big_dragons",))
