"""Scoring test helpers: hands in notation."""

from __future__ import annotations

from collections.abc import Sequence

from engine import jokers
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
    indicator: str | None = None,
    flowers: int = 0,
    dealer: bool = False,
    payer_dealer: bool = False,
    **options: object,
) -> Score | None:
    """A hand's score; ``indicator``: the turned tile where the joker comes from one (its
    joker tiles are written by their face); ``flowers``: bonus tiles set aside; ``dealer`` /
    ``payer_dealer``: the winner / the discarder is the dealer."""
    rules = get_rules(preset, options or None)
    wild = None if indicator is None else jokers.wild_kinds(rules, parse_one(indicator))
    ctx = WinContext(
        self_drawn=self_drawn,
        seat_wind=WINDS[seat],
        round_wind=WINDS[round_],
        situations=frozenset(situations),
        wild_kinds=wild,
        flowers=flowers,
        dealer=dealer,
        payer_dealer=payer_dealer,
    )
    return score_win(rules, parse(concealed), melds_of(*melds), parse_one(win), ctx)


def summary(s: Score | None) -> tuple[int, list[str]] | None:
    return None if s is None else (s.points, list(s.patterns))
