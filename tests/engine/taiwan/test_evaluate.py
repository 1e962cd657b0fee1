"""Taiwan 台灣十六張 through ``python -m engine evaluate``: the rule page's 13 worked examples
exactly (``points`` = T + D for the payer the line describes), 16-tile shanten and waits, the
flower win, and the lines the page calls bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*lines: dict) -> list[dict]:
    text = "".join(json.dumps({"rules": "taiwan", **line}) + "\n" for line in lines)
    out = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate"], input=text, capture_output=True,
        text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    return [json.loads(x) for x in out.stdout.splitlines()]


def one(**line) -> dict:
    return run(line)[0]


def melds(*specs: str) -> list[dict]:
    return [{"type": s.split()[0], "tiles": s.split()[1]} for s in specs]


def win(points: int, *patterns: str) -> dict:
    return {"win": True, "points": points, "patterns": list(patterns)}


# -- the page's examples (E deals, round East unless said, unit 1, 底 3) --------------------------

EX6_S = {"seat_wind": 2, "concealed": "5p5p", "win_tile": "5p",
         "melds": melds("chow 123s", "pung 777z", "chow 456m", "pung 888p", "kong 2222m")}  # fmt: skip
EX12 = {"seat_wind": 4, "melds": melds("chow 789m", "pung 444z"), "concealed": "12m345p678p55s3m",
        "win_tile": "3m", "self_drawn": True, "situation": ["last_tile"], "dealer_streak": 1}  # fmt: skip

EXAMPLES = [
    # 1. 屁胡: nothing scores
    (
        {
            "seat_wind": 2,
            "melds": melds("chow 123m", "pung 777p"),
            "concealed": "456m234s78s99p9s",
            "win_tile": "9s",
        },
        win(0),
    ),
    # 2. 平胡 + 門清; paid by the dealer of 連1: + 1 + 2
    (
        {
            "seat_wind": 4,
            "concealed": "123456m789p23567s88p4s",
            "win_tile": "4s",
            "dealer_streak": 1,
        },
        win(3, "concealed", "all_chows"),
    ),
    (
        {
            "seat_wind": 4,
            "concealed": "123456m789p23567s88p4s",
            "win_tile": "4s",
            "dealer_streak": 1,
            "payer_dealer": True,
        },
        win(6, "dealer", "dealer_streak", "concealed", "all_chows"),
    ),
    # 3. the dealer of 連2 self-draws: T 7 + D 5
    (
        {
            "dealer_streak": 2,
            "flower_tiles": "1f6f",
            "concealed": "111z234m567m345p68s99s7s",
            "win_tile": "7s",
            "self_drawn": True,
        },
        win(
            12,
            "dealer",
            "dealer_streak",
            "dealer_streak",
            "concealed_self_draw",
            "single_wait",
            "round_wind_pung",
            "seat_wind_pung",
            "seat_flower",
        ),
    ),
    # 4. round South, West self-draws: T 13 (the dealer pays 16)
    (
        {
            "seat_wind": 3,
            "round_wind": 2,
            "melds": melds("pung 222z", "pung 999p"),
            "concealed": "1114445p777z5p",
            "win_tile": "5p",
            "self_drawn": True,
        },
        win(
            13,
            "self_draw",
            "round_wind_pung",
            "dragon_pung",
            "all_pungs",
            "three_concealed_pungs",
            "half_flush",
        ),
    ),
    (
        {
            "seat_wind": 3,
            "round_wind": 2,
            "melds": melds("pung 222z", "pung 999p"),
            "concealed": "1114445p777z5p",
            "win_tile": "5p",
            "self_drawn": True,
            "payer_dealer": True,
            "dealer_streak": 1,
        },
        win(
            16,
            "dealer",
            "dealer_streak",
            "self_draw",
            "round_wind_pung",
            "dragon_pung",
            "all_pungs",
            "three_concealed_pungs",
            "half_flush",
        ),
    ),
    # 5. 七搶一 (W pays 8 + 底); another day the dealer of 連3 draws the eighth: 8 + 7
    (
        {"seat_wind": 2, "flower_tiles": "12345678f", "concealed": "123m456m789m123p456p4p"},
        win(8, "seven_rob_one"),
    ),
    (
        {
            "dealer_streak": 3,
            "flower_tiles": "12345678f",
            "concealed": "123m456m789m123p456p4p",
            "self_drawn": True,
        },
        win(15, "dealer", "dealer_streak", "dealer_streak", "dealer_streak", "eight_flowers"),
    ),
    # 6. 一炮多響 on the dealer's 5p: S 全求人 + 三元, N 平胡 + 門清 + 清一色 (each + 1 from E)
    ({**EX6_S, "payer_dealer": True}, win(4, "dealer", "all_melded", "dragon_pung")),
    (
        {
            "seat_wind": 4,
            "concealed": "123p34p567p789p234p99p5p",
            "win_tile": "5p",
            "payer_dealer": True,
        },
        win(12, "dealer", "concealed", "all_chows", "full_flush"),
    ),
    # 7. 槓上開花 on a concealed kong (門清 kept)
    (
        {
            "seat_wind": 3,
            "melds": melds("concealed_kong 6666z"),
            "concealed": "234m777m345p999s1p1p",
            "win_tile": "1p",
            "self_drawn": True,
            "situation": ["kong_replacement"],
        },
        win(
            8,
            "concealed_self_draw",
            "single_wait",
            "dragon_pung",
            "three_concealed_pungs",
            "kong_bloom",
        ),
    ),
    # 8. 嚦咕嚦咕 self-drawn, North's two flowers
    (
        {
            "seat_wind": 4,
            "flower_tiles": "4f8f",
            "concealed": "133m55p77p99s22z44z666z1m",
            "win_tile": "1m",
            "self_drawn": True,
        },
        win(
            13,
            "self_draw",
            "single_wait",
            "dragon_pung",
            "seven_pairs_pung",
            "seat_flower",
            "seat_flower",
        ),
    ),
    # 9. 搶槓: paid by the robbed player as a discarder
    (
        {
            "seat_wind": 2,
            "concealed": "23m567p789p345s111z99s4m",
            "win_tile": "4m",
            "situation": ["robbing_kong"],
        },
        win(3, "concealed", "round_wind_pung", "robbing_kong"),
    ),
    # 10. 天胡 of the dealer: 24 + 三暗刻 2 + D 1
    (
        {
            "concealed": "111m234m555p678p999s77z",
            "win_tile": "7z",
            "self_drawn": True,
            "situation": ["heavenly"],
        },
        win(27, "dealer", "three_concealed_pungs", "heavenly"),
    ),
    # 11. 大四喜 + 字一色 + 三元 + 獨聽 + 三暗刻
    (
        {
            "seat_wind": 2,
            "melds": melds("pung 111z", "pung 222z"),
            "concealed": "333z444z555z7z7z",
            "win_tile": "7z",
        },
        win(
            36,
            "single_wait",
            "dragon_pung",
            "big_four_winds",
            "three_concealed_pungs",
            "all_honours",
        ),
    ),
    # 12. 海底撈月 of North; the dealer of 連1 pays 3 more
    (EX12, win(4, "self_draw", "single_wait", "seat_wind_pung", "last_tile_draw")),
    (
        {**EX12, "payer_dealer": True},
        win(
            7,
            "dealer",
            "dealer_streak",
            "self_draw",
            "single_wait",
            "seat_wind_pung",
            "last_tile_draw",
        ),
    ),
    # 13. no reading: no win
    ({"seat_wind": 3, "concealed": "123m456m789m135p79s11z5z", "win_tile": "5z"}, {"win": False}),
]


def test_the_pages_worked_examples():
    got = run(*(line for line, _ in EXAMPLES))
    assert got == [want for _, want in EXAMPLES]


# -- 16 tiles: shanten and waits ----------------------------------------------------------------


def test_sixteen_tile_lines_give_shanten_and_waits():
    got = run(
        {"seat_wind": 2, "melds": melds("chow 123m", "pung 777p"), "concealed": "456m234s78s99p"},
        {"concealed": "133m55p77p99s22z44z666z"},  # 嚦咕嚦咕 waiting on 1m (單吊)
        {"concealed": "123m456m789m135p79s11z"},
        {"concealed": "1114445p777z", "melds": melds("pung 222z", "pung 999p")},
        # eight pairs: as sets (123m 123m 456p 456p) 7788s waits on 7s or 8s; with 嚦咕嚦咕
        # any of the eight pairs may become its pung
        {"concealed": "11m22m33m44p55p66p77s88s", "options": {"seven_pairs_pung": False}},
        {"concealed": "11m22m33m44p55p66p77s88s"},
    )
    assert got == [
        {"shanten": 0, "waits": "69s"},
        {"shanten": 0, "waits": "1m"},
        {"shanten": 1, "waits": ""},
        {"shanten": 0, "waits": "356p"},
        {"shanten": 0, "waits": "78s"},
        {"shanten": 0, "waits": "123m456p78s"},
    ]


def test_a_kind_held_four_times_is_no_wait():
    # 23m waits on 1m and 4m, but the concealed kong holds all four 1m
    got = one(concealed="23m345p55s", melds=melds("concealed_kong 1111m", "chow 234m", "pung 777z"))
    assert got == {"shanten": 0, "waits": "4m"}


# -- options -----------------------------------------------------------------------------------


def test_options_that_change_a_hands_value():
    lugu = {"seat_wind": 4, "flower_tiles": "4f8f", "concealed": "133m55p77p99s22z44z666z1m",
            "win_tile": "1m", "self_drawn": True}  # fmt: skip
    heaven = {"concealed": "111m234m555p678p999s77z", "win_tile": "7z", "self_drawn": True,
              "situation": ["heavenly"]}  # fmt: skip
    half = {**EX6_S, "self_drawn": True}
    eight = {"seat_wind": 2, "flower_tiles": "12345678f", "concealed": "123m456m789m123p56p44s4p",
             "win_tile": "4p"}  # fmt: skip
    got = run(
        {**lugu, "options": {"seven_pairs_pung": False}},
        {**heaven, "options": {"heavenly_tai": 16}},
        half,
        {**half, "options": {"half_melded": True}},
        # flower_win off: eight flowers are two 花槓 on a normal win (here 平胡 is lost to them)
        {**eight, "options": {"flower_win": False}},
        {**EX12, "options": {"base": 5, "reserve": 0, "multiple_winners": "first", "hands": 4}},
    )
    assert got == [
        {"win": False},
        win(19, "dealer", "three_concealed_pungs", "heavenly"),
        win(3, "self_draw", "single_wait", "dragon_pung"),
        win(4, "self_draw", "single_wait", "half_melded", "dragon_pung"),
        win(5, "concealed", "flower_set", "flower_set"),
        win(4, "self_draw", "single_wait", "seat_wind_pung", "last_tile_draw"),
    ]


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ({"concealed": "123m456m789m135p79s11z1f"}, "flower_tiles"),
        ({"concealed": "123m456m789m135p79s11z", "flowers": 2}, 'without "flower_tiles"'),
        ({"concealed": "123m456m789m135p79s11z", "flowers": 1, "flower_tiles": "1f2f"}, "holds 2"),
        ({"concealed": "123m456m789m135p79s11z", "flower_tiles": "1f1f"}, "twice"),
        ({"concealed": "123m456m789m135p79s11z", "flower_tiles": "1m"}, "only flowers"),
        ({"concealed": "123m456m789m135p79s11z", "dealer": False}, "agree"),
        ({"concealed": "123m456m789m135p79s11z", "payer_dealer": True}, "non-dealer"),
        ({"concealed": "123m456m789m135p79s11z", "dealer_streak": -1}, "0..99"),
        ({"concealed": "123m456m789m135p79s"}, "the hand has 14 tiles"),
        ({"concealed": "111m234m555p678p999s77z"}, 'needs "win_tile"'),
        (
            {
                "concealed": "111m234m555p678p999s77z",
                "win_tile": "7z",
                "seat_wind": 2,
                "self_drawn": True,
                "situation": ["heavenly"],
            },
            "the dealer",
        ),
        (
            {"concealed": "111m234m555p678p999s77z", "win_tile": "7z", "situation": ["earthly"]},
            "self-drawn",
        ),
        (
            {
                "concealed": "111m234m555p678p999s77z",
                "win_tile": "7z",
                "self_drawn": True,
                "situation": ["kong_replacement"],
            },
            "needs a kong",
        ),
        (
            {"concealed": "111m234m555p678p999s77z", "win_tile": "7z", "situation": ["nope"]},
            "unknown situation",
        ),
        ({"concealed": "11111m234m555p678p99s77z", "win_tile": "7z"}, "appears 5 times"),
        (
            {"concealed": "111m234m555p678p999s77z", "win_tile": "7z", "options": {"base": 4}},
            "does not accept 4",
        ),
    ],
)
def test_bad_lines_are_refused_in_one_line(line, says):
    got = one(**line)
    assert set(got) == {"error"} and says in got["error"], got
