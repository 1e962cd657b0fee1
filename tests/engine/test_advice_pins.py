"""Hand advice pinned on a fixed set of hands, most with several wildcards.

``data/advice_pins.jsonl`` holds, per hand, everything :func:`engine.advice.advise` answered
when the waits of every ready discard were still scored one by one as full wins: the
shanten, each discard with its improving tiles and waits, the 13-tile waits and the value of
a complete hand. The faster wait search must give exactly the same answers. The hands: the
benchmark's kind (14 random tiles, 4 wildcards, heyuan-jihu), hands one tile off complete
with 1–4 wildcards (many discards leave them ready), and a few of every other preset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.advice import Advice, advise
from engine.melds import meld
from engine.rules import get_rules
from engine.tiles import parse

PINS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "advice_pins.jsonl").read_text().splitlines()
]


def _answer(a: Advice) -> dict[str, Any]:
    def pairs(xs: tuple[tuple[int, int], ...]) -> list[list[int]]:
        return [list(x) for x in xs]

    return {
        "size": a.size,
        "shanten": a.shanten,
        "jokers": a.jokers,
        "joker_tiles": list(a.joker_tiles),
        "improving": pairs(a.improving),
        "waits": pairs(a.waits),
        "options": [
            [o.tile, o.shanten, pairs(o.improving), pairs(o.waits)] for o in a.options
        ],
        "score": None
        if a.score is None
        else [a.score.points, list(a.score.patterns), a.score.fan],
    }


def test_the_pinned_set_covers_ready_hands() -> None:
    # the set is only worth something if many discards leave a hand ready with waits
    ready = sum(1 for p in PINS if any(o[3] for o in p["answer"]["options"]))
    assert len(PINS) >= 150 and ready >= 40


@pytest.mark.parametrize("pin", PINS, ids=lambda p: f"{p['preset']}-{p['hand']}")
def test_advice_is_unchanged(pin: dict[str, Any]) -> None:
    rules = get_rules(pin["preset"])
    melds = [meld(*m.split(":")) for m in pin["melds"]]
    a = advise(rules, parse(pin["hand"]), melds, indicator=pin["indicator"])
    assert _answer(a) == pin["answer"]
