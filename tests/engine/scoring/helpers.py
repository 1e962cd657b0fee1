"""Scoring test helpers: hands in notation."""

from __future__ import annotations

from collections.abc import Sequence

from engine.melds import Meld, meld
from engine.rules import get_rules
from engine.scoring import Score, WinContext, score_win
from engine.tiles import parse, parse_one

WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def melds_of(*specs: str) -> list[Meld]:
    """``melds_of("pung 888p", "kong 1111z")``."""
    out = []
    for spec in specs:
        kind, tiles = spec.split()
        out.append(meld(kind, tiles))
    return out


def score(
    preset: str,
    concealed: str,
    win: str,
    *,
    self_drawn: bool = False,
    melds: Sequence[str] = (),
    seat: str = "E",
    round_: str = "E",
    situations: Sequence[str] = (),
    **options: object,
) -> Score | None:
    rules = get_rules(preset, options or None)
    ctx = WinContext(
        self_drawn=self_drawn,
        seat_wind=WINDS[seat],
        round_wind=WINDS[round_],
        situations=frozenset(situations),
    )
    return score_win(rules, parse(concealed), melds_of(*melds), parse_one(win), ctx)


def summary(s: Score | None) -> tuple[int, list[str]] | None:
    return None if s is None else (s.points, list(s.patterns))
