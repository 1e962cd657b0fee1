"""Riichi ``evaluate`` of 13-tile hands: shanten by shape and the shape waits (riichi's tenpai:
sets and a pair, seven distinct pairs, thirteen orphans; yaku or not; kinds held four times
left out), equal to the reference library's ``Agari`` and ``Shanten`` on 3,000 seeded hands —
winning hands with one concealed tile taken out (mostly ready) and random ones.

Shanten counts shape only (the contract's word): a hand one tile from a shape on a kind it
holds all four of is 0 (and waits on nothing, so it is noten), where the library's count
adds one for that. The two agree on every hand holding no four of a kind."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.cli.evaluate import _answer
from engine.riichi.notation import parse_tiles
from engine.riichi.samples import random_lines, text
from engine.tiles import format_tiles

mahjong = pytest.importorskip("mahjong")
from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

HANDS = 3000


def _ready_lines(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for line in random_lines(seed, n):
        tiles = parse_tiles(line["concealed"], "concealed")
        if rng.random() < 0.8:
            tiles.pop(rng.randrange(len(tiles)))
        else:  # a random hand of the same size
            left = [k for k in range(34) for _ in range(4)]
            size = len(tiles) - 1
            used = [k for m in line.get("melds", []) for k, _ in parse_tiles(m["tiles"], "m")]
            for k in used:
                left.remove(k)
            tiles = [(k, False) for k in rng.sample(left, size)]
        ready = {"rules": "riichi", "concealed": text(tiles)}
        for key in ("melds", "options"):
            if key in line:
                ready[key] = line[key]
        out.append(ready)
    return out


def library(line: dict[str, Any]) -> dict[str, Any]:
    counts = [0] * 34
    for k, _ in parse_tiles(line["concealed"], "concealed"):
        counts[k] += 1
    held = counts[:]
    for m in line.get("melds", []):
        for k, _ in parse_tiles(m["tiles"], "meld"):
            held[k] += 1
    closed = not line.get("melds")
    shanten = Shanten.calculate_shanten(counts, use_chiitoitsu=closed, use_kokushi=closed)
    waits = []
    for k in range(34):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if Agari.is_agari(counts):
            waits.append(k)
        counts[k] -= 1
    return {"shanten": shanten, "waits": format_tiles(waits)}


def _four_held(line: dict[str, Any]) -> bool:
    kinds = [k for k, _ in parse_tiles(line["concealed"], "concealed")]
    return any(kinds.count(k) == 4 for k in set(kinds))


def test_shanten_and_waits_agree_with_the_library() -> None:
    disagree = []
    lines = _ready_lines(16, HANDS)
    for i, line in enumerate(lines):
        a, b = _answer(json.dumps(line)), library(line)
        if _four_held(line):  # the library counts a wait on a fifth copy as one step more
            a = {**a, "shanten": b["shanten"] if a["shanten"] <= b["shanten"] else a["shanten"]}
        if a != b:
            disagree.append((i, line, a, b))
    assert not disagree, "\n".join(f"#{i} {json.dumps(x)}\n  ours {a}\n  lib  {b}"
                                   for i, x, a, b in disagree[:5])  # fmt: skip
    assert sum(1 for x in lines if _answer(json.dumps(x))["shanten"] == 0) > HANDS // 2


def test_four_held_are_no_wait_and_seven_pairs_need_distinct_pairs() -> None:
    # ready by shape on 1m only, but all four 1m are in the hand: no wait
    line = {"rules": "riichi", "concealed": "1111m234p567s789s"}
    assert _answer(json.dumps(line)) == {"shanten": 0, "waits": ""}
    assert library(line) == {"shanten": 1, "waits": ""}  # the library adds a step for it
    # four of a kind is not two pairs: 1111m 22 33 44 55p 6p is not waiting on 6p
    line = {"rules": "riichi", "concealed": "1111m223344556p"}
    assert _answer(json.dumps(line))["waits"] == "" == library(line)["waits"]
