"""``python -m engine evaluate`` for the indicator games: the ``indicator``, ``flowers``,
``dealer`` and ``payer_dealer`` fields, the pages' worked examples, and bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import run

ROOT = Path(__file__).resolve().parents[3]


def ask(**obj):
    out = io.StringIO()
    run([json.dumps(obj)], out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def win(points, *patterns):
    return {"win": True, "points": points, "patterns": list(patterns)}


# -- the worked examples of the pages ----------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ({"concealed": "123m456m789p3s11z5p5s", "win_tile": "5s"}, win(2, "basic")),
        ({"concealed": "333s777s99s5s5p5s", "melds": [{"type": "pung", "tiles": "111s"}],
          "win_tile": "5s", "self_drawn": True}, win(5, "big_pungs", "full_flush")),
        ({"concealed": "123456z148m26p39s7z", "win_tile": "7z", "self_drawn": True,
          "indicator": "5m"}, win(2, "seven_winds_loose")),
        ({"concealed": "147m258p36s12345z9s", "win_tile": "9s"}, win(4, "thirteen_unrelated")),
        ({"concealed": "1234567z123m66p7s8s", "win_tile": "8s"}, win(2, "seven_winds")),
    ],
)  # fmt: skip
def test_the_quzhou_examples(line, want):
    assert ask(rules="quzhou", **{"indicator": "4p", **line}) == want


def test_the_shanghai_example():
    got = ask(rules="shanghai", indicator="4p", concealed="12399m456s7p55p", win_tile="9m",
              melds=[{"type": "pung", "tiles": "111z"}], self_drawn=True, flowers=2,
              situation=["flower_replacement"])  # fmt: skip
    assert got == win(12, "replacement_win")  # no "fan" field: points and patterns only


def test_beijing_dealer_fields():
    base = {"rules": "beijing", "indicator": "9s", "concealed": "123m456p789s234s5p1s",
            "win_tile": "5p"}  # fmt: skip
    assert ask(**base) == win(1, "basic")
    assert ask(**base, payer_dealer=True) == win(2, "basic", "dealer")
    assert ask(**base, dealer=True) == win(2, "basic", "dealer")
    assert ask(**base, self_drawn=True, payer_dealer=True) == win(1, "basic")
    assert ask(**{**base, "concealed": "111m222p333s444z55z", "win_tile": "5z"},
               self_drawn=True, dealer=True) == win(4, "dealer", "concealed_no_joker", "all_pungs")


def test_thirteen_tiles_give_shanten_and_the_legal_waits():
    # Quzhou: a 十三不搭 one short (9s, or a sixth honour in place of it); the 财神 5p is only
    # its face here; shanten counts the standard shapes only (the contract)
    assert ask(rules="quzhou", indicator="4p", concealed="147m258p36s12345z") == {
        "shanten": 5, "waits": "9s67z",
    }  # fmt: skip
    # Shanghai: the joker waits on any suited tile or wind, never a dragon (set aside)
    got = ask(rules="shanghai", indicator="4p", concealed="123m456m789s111p5p")
    assert got == {"shanten": 0, "waits": "123456789m12346789p123456789s1234z"}


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ({"rules": "shanghai", "concealed": "123m456m789s111p5p"}, "indicator"),
        ({"rules": "shanghai", "indicator": "4p", "concealed": "123m456m789s111p5z"},
         "bonus tile"),
        ({"rules": "quzhou", "indicator": "4p", "concealed": "123m456m789p11z5s",
          "melds": [{"type": "pung", "tiles": "555p"}], "win_tile": "5s"}, "joker"),
        ({"rules": "beijing", "indicator": "9s", "concealed": "123m456m789p11z",
          "melds": [{"type": "pung", "tiles": "111s"}]}, "joker"),
        ({"rules": "shanghai", "indicator": "4p", "concealed": "123m456m789s111p5p",
          "flowers": 30}, "flowers"),
        ({"rules": "heyuan-zheng", "concealed": "123m456m789s111p5p", "options": {"mode": "duanzi"}},
         "no option"),
        ({"rules": "quzhou", "indicator": "4p", "concealed": "123m456m789s111p5p",
          "options": {"mode": "fast"}}, "does not accept"),
        ({"rules": "beijing", "indicator": "9s", "concealed": "123m456m789s111p5p", "dealer": 1},
         "true or false"),
    ],
)  # fmt: skip
def test_bad_input_gets_a_reason(line, needle):
    got = ask(**line)
    assert set(got) == {"error"} and needle in got["error"], got


def test_a_joker_meld_is_its_face_in_shanghai():
    got = ask(rules="shanghai", indicator="4p", concealed="123m456m789s11z", win_tile="1z",
              melds=[{"type": "pung", "tiles": "555p"}], self_drawn=True)  # fmt: skip
    assert got == win(2, "no_wilds")  # 5p ponged as its face: base 1, no joker held → 无百搭


def test_through_a_subprocess():
    lines = [
        json.dumps({"rules": "quzhou", "indicator": "4p", "concealed": "147m258p36s12345z9s",
                    "win_tile": "9s"}),
        json.dumps({"rules": "beijing", "indicator": "9s", "concealed": "1133m2255p4477s66z",
                    "win_tile": "6z", "self_drawn": True}),
        json.dumps({"rules": "quzhou", "options": {"caishen": "white"},
                    "concealed": "123m456m789m2m5z11z2m", "win_tile": "2m"}),
    ]  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    got = [json.loads(x) for x in out.stdout.splitlines()]
    assert got == [win(4, "thirteen_unrelated"),
                   win(5, "concealed_no_joker", "seven_pairs"),
                   win(4, "basic", "half_flush")]  # fmt: skip
