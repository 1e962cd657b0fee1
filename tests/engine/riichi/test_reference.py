"""Riichi scoring equals the reference library's (``mahjong`` 2.1.0, ``HandCalculator`` with
the rule page's settings) on 10,000 seeded random winning hands of every shape, through the
``evaluate`` command's reading of each line: the same win or not, han, fu, yaku with their
han, points and payments.

The sample (:mod:`engine.riichi.samples`) reaches every yaku of the table, every limit from
below mangan to several yakuman and a counted yakuman, open and closed hands, seven pairs,
thirteen orphans, nine gates, open and concealed kongs, every situation, riichi / double
riichi / ippatsu, red fives on and off and up to five dora indicators with ura-dora: the
coverage test says so. Any hand where the two disagree is a bug here; none does.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import pytest

from engine.cli.evaluate import _answer
from engine.riichi.payments import hand_cost
from engine.riichi.samples import random_lines
from engine.riichi.yaku import BY_ID, YAKU_IDS

pytest.importorskip("mahjong")
from bench.riichi_library import library_answer

HANDS = 10_000
SEED = 34
CHUNKS = 5  # so that pytest-xdist spreads the comparison over its workers


@functools.cache
def sample() -> list[dict[str, Any]]:
    return random_lines(SEED, HANDS)


def ours(line: dict[str, Any]) -> dict[str, Any]:
    return _answer(json.dumps(line))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_ten_thousand_random_hands_agree_with_the_library(chunk: int) -> None:
    lines = sample()
    size = HANDS // CHUNKS
    disagree = []
    for i in range(chunk * size, (chunk + 1) * size):
        a, b = ours(lines[i]), library_answer(lines[i])
        if a != b:
            disagree.append((i, lines[i], a, b))
    assert not disagree, "\n".join(
        f"#{i} {json.dumps(line)}\n  ours {a}\n  lib  {b}" for i, line, a, b in disagree[:5]
    )


def _level(answer: dict[str, Any]) -> str:
    """The limit a winning answer reached ("mangan" … "6x yakuman", "kazoe yakuman"), or
    its han below mangan."""
    yakuman = any(BY_ID[y].yakuman for y in answer["patterns"])
    _main, _additional, level = hand_cost(
        answer["han"], answer["fu"], yakuman=yakuman, dealer=False, self_drawn=False
    )
    return level or f"{answer['han']} han"


def test_the_sample_reaches_every_yaku_limit_shape_and_situation() -> None:
    seen: Counter[str] = Counter()
    for line in sample():
        answer = ours(line)
        assert "error" not in answer, (line, answer)
        melds = line.get("melds", [])
        opened = [m for m in melds if m["type"] != "concealed_kong"]
        seen["open" if opened else "closed"] += 1
        seen.update(f"meld:{m['type']}" for m in melds)
        seen.update(f"situation:{s}" for s in line.get("situation", []))
        seen.update(f"flag:{f}" for f in ("riichi", "double_riichi", "ippatsu") if line.get(f))
        seen["tsumo" if line["self_drawn"] else "ron"] += 1
        seen["dealer" if line["seat_wind"] == 1 else "non-dealer"] += 1
        seen[f"aka:{line.get('options', {}).get('aka', 3)}"] += 1
        if "ura_dora_indicators" in line:
            seen["ura indicators"] += 1
        if not answer["win"]:
            seen["no win"] += 1
            continue
        seen.update(f"yaku:{y}" for y in answer["patterns"])
        seen[f"level:{_level(answer)}"] += 1
        seen[f"fu:{answer['fu']}"] += 1
    missing = [f"yaku:{y}" for y in YAKU_IDS if not seen[f"yaku:{y}"]]
    assert not missing, missing
    wanted = [
        "open", "closed", "meld:chow", "meld:pung", "meld:kong", "meld:concealed_kong",
        "situation:kong_replacement", "situation:robbing_kong", "situation:last_tile",
        "situation:heavenly", "situation:earthly", "situation:last_of_kind",
        "flag:riichi", "flag:double_riichi", "flag:ippatsu", "tsumo", "ron", "dealer",
        "non-dealer", "aka:3", "aka:0", "ura indicators", "no win",
        "level:1 han", "level:2 han", "level:3 han", "level:4 han", "level:mangan",
        "level:haneman", "level:baiman", "level:sanbaiman", "level:kazoe yakuman",
        "level:yakuman", "level:2x yakuman", "level:3x yakuman", "level:4x yakuman",
        "fu:0", "fu:20", "fu:25", "fu:30", "fu:40", "fu:50", "fu:60", "fu:70", "fu:80",
        "fu:90", "fu:100", "fu:110",
    ]  # fmt: skip
    assert [w for w in wanted if not seen[w]] == []


def _kong(t: str) -> dict[str, str]:
    return {"type": "concealed_kong", "tiles": t}


# hands where the reading matters, each with what it holds; all equal to the library
CORNERS: list[tuple[str, dict[str, Any]]] = [
    ("45666 won on 6 by ron: 456 + 66", {"concealed": "123m789p111z45666s", "win_tile": "6s",
                                         "seat_wind": 2}),
    ("45666 self-drawn", {"concealed": "123m789p111z45666s", "win_tile": "6s", "seat_wind": 2,
                          "self_drawn": True}),
    ("an open chow and the same chow concealed", {"concealed": "234m234m567p11s", "melds": [
        {"type": "chow", "tiles": "234m"}], "win_tile": "3m", "seat_wind": 3}),
    ("all four 5m with aka 0", {"concealed": "123455556789m11z", "options": {"aka": 0},
                                "win_tile": "5m", "seat_wind": 2, "riichi": True}),
    ("double East pair, tsumo", {"concealed": "234m567p234s999s11z", "win_tile": "9s",
                                 "seat_wind": 1, "self_drawn": True}),
    ("rinshan with the tsumo fu", {"concealed": "234m567p999s11z", "melds": [_kong("8888s")],
                                   "win_tile": "1z", "seat_wind": 1, "self_drawn": True,
                                   "situation": ["kong_replacement"]}),
    ("kanchan or ryanmen: pinfu", {"concealed": "233445m678p789s11s", "win_tile": "3m",
                                   "seat_wind": 2, "riichi": True}),
    ("three pungs or three chows", {"concealed": "111222333m555p11z", "win_tile": "5p",
                                    "seat_wind": 2}),
    ("suu ankou tanki on a discard", {"concealed": "111222333m555p11z", "win_tile": "1z",
                                      "seat_wind": 2}),
    ("suu ankou self-drawn", {"concealed": "111222333m555p11z", "win_tile": "3m",
                              "seat_wind": 2, "self_drawn": True}),
    ("true nine gates", {"concealed": "11112345678999m", "win_tile": "1m", "seat_wind": 3}),
    ("nine gates", {"concealed": "11122345678999m", "win_tile": "5m", "seat_wind": 3,
                    "self_drawn": True}),
    ("ryanpeikou over seven pairs", {"concealed": "11223344556677m", "win_tile": "7m",
                                     "seat_wind": 2, "riichi": True}),
    ("tenhou on thirteen orphans, single wait", {"concealed": "19m19p19s12345677z",
                                                 "win_tile": "1m", "seat_wind": 1,
                                                 "self_drawn": True, "situation": ["heavenly"]}),
    ("six yakuman at most", {"concealed": "55z", "melds": [_kong("1111z"), _kong("2222z"),
                             _kong("3333z"), _kong("4444z")], "win_tile": "5z", "seat_wind": 1,
                             "self_drawn": True}),
    ("a counted yakuman of dora", {"concealed": "22334455667788p", "win_tile": "8p",
                                   "seat_wind": 2, "riichi": True, "self_drawn": True,
                                   "dora_indicators": "1p2p", "ura_dora_indicators": "3p4p"}),
    ("all green and suu ankou tanki", {"concealed": "22233344466688s", "win_tile": "8s",
                                       "seat_wind": 4, "self_drawn": True}),
    ("an open kong, an open hand's tsumo", {"concealed": "234m55p", "melds": [
        {"type": "pung", "tiles": "222z"}, {"type": "chow", "tiles": "678s"},
        {"type": "kong", "tiles": "9999p"}], "win_tile": "5p", "seat_wind": 2,
        "self_drawn": True}),
    ("houtei", {"concealed": "789m789p789s99s111z", "win_tile": "9s", "seat_wind": 3,
                "situation": ["last_tile"]}),
    ("chankan", {"concealed": "123m123p123s55s789s", "win_tile": "3s", "seat_wind": 2,
                 "situation": ["robbing_kong"]}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "line"), CORNERS, ids=[c[0] for c in CORNERS])
def test_corner_hands_agree_with_the_library(name: str, line: dict[str, Any]) -> None:
    line = {"rules": "riichi", **line}
    assert ours(line) == library_answer(line)
