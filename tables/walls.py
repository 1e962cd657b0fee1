"""Chosen walls: a table's first hands dealt from walls laid out in a file instead of shuffled
(demonstrations, end-to-end tests of rare hands: 一炮多響, 七搶一 …).

The file (``MAHJONG_WALLS``) is JSON::

    {"preset": "taiwan",
     "hands": [{"dealer": 0, "hands": ["123m…", "…", "…", "…"], "draws": "7z7z", "tail": ""},
               …]}

``hands`` by seat in notation (the dealer's one tile longer), ``draws`` the live tiles drawn
next from the head, ``tail`` the replacement tiles in the order taken
(:meth:`engine.hand_setup.HandSetup.dealt`). Every table of that preset started while the
setting is on plays them first, in order, each dealt by the seat it names (which must be the
seat whose deal it is); later hands are shuffled from the table's seed. The match records its
walls (``chosen_walls``), so a replay or a restart deals the same tiles.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.hand_setup import HandSetup, SetupError
from engine.rules import Rules, RulesError, get_rules


class WallsError(ValueError):
    """A walls file that cannot be read or laid out; the message says where."""


@dataclass(frozen=True, slots=True)
class ChosenHand:
    dealer: int
    hands: tuple[str, ...]
    draws: str = ""
    tail: str = ""


@dataclass(frozen=True, slots=True)
class ChosenWalls:
    preset: str
    hands: tuple[ChosenHand, ...]

    def setups(self, preset: str, rules: Rules) -> tuple[HandSetup, ...]:
        """The setups of a table of ``preset`` under ``rules``; none for another preset."""
        if preset != self.preset:
            return ()
        return tuple(
            HandSetup.dealt(rules, list(h.hands), h.draws, h.tail, dealer=h.dealer)
            for h in self.hands
        )


def parse_walls(data: Any) -> ChosenWalls:
    """The walls of a decoded JSON object (WallsError if they cannot be dealt)."""
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
        raise WallsError('walls: a JSON object with "preset" and "hands"')
    raw = data.get("hands")
    if not isinstance(raw, list) or not raw:
        raise WallsError('walls: "hands" is a list of hands')
    hands = []
    for i, h in enumerate(raw):
        try:
            hands.append(ChosenHand(int(h["dealer"]), tuple(str(x) for x in h["hands"]),
                                    str(h.get("draws", "")), str(h.get("tail", ""))))
        except (KeyError, TypeError, ValueError) as exc:
            raise WallsError(f"walls: hand {i + 1}: {exc}") from None
    walls = ChosenWalls(data["preset"], tuple(hands))
    try:
        rules = get_rules(walls.preset)
        walls.setups(walls.preset, rules)  # laid out once now: a bad wall fails at start-up
    except (RulesError, SetupError) as exc:
        raise WallsError(f"walls: {exc}") from None
    return walls


def load_walls(path: Path) -> ChosenWalls:
    try:
        return parse_walls(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise WallsError(f"walls: {path}: {exc}") from None


def walls_json(preset: str, hands: Sequence[ChosenHand]) -> str:
    """The file's text for ``hands`` (tests write it for the bot they start)."""
    return json.dumps({"preset": preset, "hands": [
        {"dealer": h.dealer, "hands": list(h.hands), "draws": h.draws, "tail": h.tail}
        for h in hands]}, ensure_ascii=False)
