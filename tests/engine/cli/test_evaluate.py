"""``python -m engine evaluate``: its stable input and output, end to end and in-process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import evaluate, run
from engine.rules import get_rules
from engine.scoring import WinContext, can_win
from engine.tiles import format_tiles, parse

ROOT = Path(__file__).resolve().parents[3]


def ask(**obj):
    out = io.StringIO()
    run([json.dumps(obj)], out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


# -- end to end -------------------------------------------------------------------------------------


def test_the_contract_example_through_a_subprocess():
    lines = [
        '{"rules":"heyuan-zheng","concealed":"111222333444m5m1f","win_tile":"5m","self_drawn":true}',
        "this is not json",
        '{"rules":"guangdong","concealed":"123m456p789s555z11z","win_tile":"1z"}',
        "",
        '{"rules":"nowhere","concealed":"1m"}',
        '{"rules":"heyuan-jihu","concealed":"123m456p789s11z22z"}',
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == len(lines)
    assert out[0] == '{"win": true, "points": 16, "patterns": ["full_flush_pungs", "lone_wild"]}'
    assert "error" in json.loads(out[1])
    assert json.loads(out[2]) == {"win": True, "points": 2, "patterns": ["chicken", "dragon_pung"], "fan": 1}
    assert "error" in json.loads(out[3])
    assert "heyuan-zheng" in json.loads(out[4])["error"]  # the error names the presets
    assert json.loads(out[5]) == {"shanten": 0, "waits": "12z"}


def test_bad_bytes_do_not_stop_the_stream():
    out = io.StringIO()
    run([b"\xff\xfe{\n", b'{"rules":"heyuan-jihu","concealed":"123m456p789s123m11z","win_tile":"1z"}\n'], out)
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert "error" in first
    assert second == {"win": True, "points": 2, "patterns": ["chicken", "no_wilds"]}


# -- 14 tiles -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        (
            {"rules": "heyuan-zheng", "concealed": "111m999p111z222z3z1f", "win_tile": "3z"},
            {"win": True, "points": 16, "patterns": ["mixed_terminals", "lone_wild"]},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "123m456p789s11z22z1f", "win_tile": "2z"},
            {"win": False},
        ),
        (
            {"rules": "heyuan-jihu", "concealed": "123m456p789s11z22z1f", "win_tile": "2z"},
            {"win": True, "points": 1, "patterns": ["chicken"]},
        ),
        (
            {"rules": "heyuan-jihu", "concealed": "123m456p789s123m11z", "win_tile": "1z"},
            {"win": True, "points": 2, "patterns": ["chicken", "no_wilds"]},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456m789m234m55m", "win_tile": "5m", "self_drawn": True},
            {"win": True, "points": 16, "patterns": ["full_flush"], "fan": 4},
        ),
        (
            {
                "rules": "guangdong", "concealed": "555m666p77999s", "win_tile": "9s", "self_drawn": True,
                "melds": [{"type": "pung", "tiles": "888p"}],
            },
            {"win": True, "points": 8, "patterns": ["all_pungs", "self_draw"], "fan": 3},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456p789s111z99m", "win_tile": "9m",
             "seat_wind": 1, "round_wind": 1},
            {"win": True, "points": 4, "patterns": ["chicken", "seat_wind", "round_wind"], "fan": 2},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456p789s222z99m", "win_tile": "9m", "seat_wind": 2},
            {"win": True, "points": 2, "patterns": ["chicken", "seat_wind"], "fan": 1},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456p789s555z11z", "win_tile": "1z",
             "situation": ["last_tile"]},
            {"win": True, "points": 8, "patterns": ["chicken", "dragon_pung", "last_tile"], "fan": 3},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456p789s555z11z", "win_tile": "1z",
             "self_drawn": True, "situation": ["heavenly"]},
            {"win": True, "points": 64, "patterns": ["heavenly"], "fan": 6},
        ),
        (
            {"rules": "guangdong", "concealed": "123m456p789s222m11z", "win_tile": "1z",
             "options": {"min_fan": 1}},
            {"win": False},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "123m456p789s11z22z1f", "win_tile": "2z",
             "options": {"chicken_wins": True}},
            {"win": True, "points": 1, "patterns": ["chicken"]},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "111222333444m1f2f", "win_tile": "2f", "self_drawn": True},
            {"win": True, "points": 32, "patterns": ["full_flush_pungs", "wild_on_wild"]},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "111222333444m1f2f", "win_tile": "2f"},
            {"win": False},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "222m33m99m1f", "win_tile": "9m",
             "melds": [{"type": "pung", "tiles": "555m"}, {"type": "kong", "tiles": "7777m"}]},
            {"win": True, "points": 8, "patterns": ["full_flush_pungs"]},
        ),
        (
            {"rules": "heyuan-zheng", "concealed": "159m268p37s12z1f2f3f4f", "win_tile": "4f",
             "self_drawn": True, "options": {"four_wilds_win": True}},
            {"win": True, "points": 13, "patterns": ["four_wilds"]},
        ),
        (
            {"rules": "heyuan-jihu", "concealed": "123m456p789s123m11z", "win_tile": "1z",
             "options": {"self_draw_only": True}},
            {"win": False},
        ),
        (
            {"rules": "heyuan-jihu", "concealed": "123m456p789s12z", "win_tile": "2z",
             "melds": [{"type": "concealed_kong", "tiles": "3333p"}]},
            {"win": False},
        ),
    ],
)
def test_fourteen_tile_hands(obj, expected):
    assert ask(**obj) == expected


# -- 13 tiles -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "shanten", "waits"),
    [
        # a lone wildcard waits on anything, and every kind makes a legal pattern in 正百搭
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f"}, 0, "123456789m123456789p123456789s1234567z"),
        # a chicken-only wait is no legal win in 正百搭 but is in 鸡胡百搭
        ({"rules": "heyuan-zheng", "concealed": "123m456p789s11z22z"}, 0, ""),
        ({"rules": "heyuan-jihu", "concealed": "123m456p789s11z22z"}, 0, "12z"),
        ({"rules": "guangdong", "concealed": "1112345678999m"}, 0, "123456789m"),
        ({"rules": "guangdong", "concealed": "19m19p19s1234567z"}, 0, "19m19p19s1234567z"),
        # 1m would complete the run, but all four 1m are in the kong
        ({"rules": "heyuan-jihu", "concealed": "23m456p789s55z",
          "melds": [{"type": "kong", "tiles": "1111m"}]}, 0, "4m"),
        # with min_fan 3 neither all-chows wait (1 fan + 自摸 1) is enough
        ({"rules": "guangdong", "concealed": "123m456p789s23m11z", "options": {"min_fan": 3}}, 0, ""),
        ({"rules": "guangdong", "concealed": "123m456p789s23m11z"}, 0, "14m"),
        ({"rules": "heyuan-jihu", "concealed": "1122m3344p5566s7z"}, 0, "7z"),
        # without seven pairs: standard form 3 (the mahjong library agrees), orphans 11
        ({"rules": "heyuan-zheng", "concealed": "1122m3344p5566s7z"}, 3, ""),
        # standard 8, thirteen orphans 7 (six orphan kinds, no pair), no seven pairs here
        ({"rules": "guangdong", "concealed": "147m258p369s1234z"}, 7, ""),
    ],
)
def test_thirteen_tile_hands(obj, shanten, waits):
    assert ask(**obj) == {"shanten": shanten, "waits": waits}


@pytest.mark.parametrize(
    "hand",
    [
        "123m456p789s11z2z1f", "111m999p111z22z1f2f", "1112345678m1f2f3f", "19m19p19s123456z1f",
        "2345m345p567s1f2f3f", "11223344m55p1f2f3f", "123456789m1f2f3f4f",
    ],
)
@pytest.mark.parametrize("preset", ["heyuan-zheng", "heyuan-jihu"])
def test_waits_are_exactly_the_legal_self_drawn_wins(preset, hand):
    rules = get_rules(preset)
    tiles = parse(hand)
    expected = [
        k for k in range(34)
        if tiles.count(k) < 4 and can_win(rules, [*tiles, k], [], k, WinContext(self_drawn=True))
    ]  # fmt: skip
    assert ask(rules=preset, concealed=hand)["waits"] == format_tiles(expected)


# -- errors -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ({"rules": "mars", "concealed": "1m"}, "unknown rules"),
        ({"concealed": "1m"}, "rules"),
        ({"rules": "heyuan-zheng"}, "concealed"),
        ({"rules": "heyuan-zheng", "concealed": "123x"}, "unexpected"),
        ({"rules": "heyuan-zheng", "concealed": "123m"}, "3 tiles"),
        ({"rules": "heyuan-zheng", "concealed": "11111m22223333p"}, "1m appears 5 times"),
        ({"rules": "heyuan-zheng", "concealed": "1111m222m333m44m",
          "melds": [{"type": "pung", "tiles": "111m"}]}, "1m appears 7 times"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m55m"}, "win_tile"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m55m", "win_tile": "6m"}, "not among"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m55m", "win_tile": "56m"}, "exactly one"),
        ({"rules": "heyuan-zheng", "concealed": "111222333m44m",
          "melds": [{"type": "pung", "tiles": "1f2f3f"}]}, "natural tiles only"),
        ({"rules": "heyuan-zheng", "concealed": "111222333m44m",
          "melds": [{"type": "triple", "tiles": "555p"}]}, "meld type"),
        ({"rules": "heyuan-zheng", "concealed": "111222333m44m",
          "melds": [{"type": "chow", "tiles": "456p"}]}, "no chow"),
        ({"rules": "heyuan-zheng", "concealed": "111222333m44m",
          "melds": [{"type": "pung", "tiles": "456p"}]}, "not a valid pung"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "options": {"no_such": 1}}, "unknown option"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "options": {"horses": 3}}, "does not accept"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "options": [1]}, "options"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "seat_wind": 5}, "1..4"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "self_drawn": "yes"}, "true or false"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1f", "situation": ["lucky"]}, "unknown situation"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m5f", "options": {"wildcards": 4}}, "not in play"),
        ({"rules": "guangdong", "concealed": "111222333444m1f"}, "no wildcards"),
        ({"rules": "heyuan-zheng", "concealed": "11122233344m1f1f"}, "only one of each flower"),
        ({"rules": "heyuan-zheng", "concealed": "111222333444m1z", "options": {"honours": False}}, "honour"),
    ],
)
def test_bad_input_gets_a_reason(obj, words):
    got = ask(**obj)
    assert set(got) == {"error"}
    assert words in got["error"], got["error"]


def test_a_line_that_is_not_an_object():
    out = io.StringIO()
    run(["[1, 2]\n", "null\n", '"text"\n'], out)
    assert all("error" in json.loads(x) for x in out.getvalue().splitlines())


def test_evaluate_is_callable_in_process():
    assert evaluate({"rules": "heyuan-jihu", "concealed": "123m456p789s123m11z", "win_tile": "1z"})["win"]


def test_guobiao_gives_its_fan_total_as_fan_too():
    """The contract: in guobiao ``points`` is the total fan (flowers included), also given
    as ``"fan"``."""
    lines = [
        '{"rules":"guobiao","concealed":"123m456m789m123p55p","win_tile":"5p","self_drawn":true}',
        '{"rules":"guobiao","concealed":"123m456m789m123p55p","win_tile":"5p",'
        '"self_drawn":true,"flowers":2}',
    ]
    proc = subprocess.run([sys.executable, "-m", "engine", "evaluate"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    first, flowers = (json.loads(x) for x in proc.stdout.splitlines())
    assert first["win"] and first["fan"] == first["points"] == 25
    assert flowers["fan"] == flowers["points"] == 27  # one fan a flower
