"""The multiplayer skill rating: openskill's Weng-Lin model (Plackett-Luce), four players
placed by their final chips at the table.

A table is ranked only with four people and no hints (``tables.text.ranked``): a computer seat
would rate people against a program, and hints play half the hand for you. Each person has a
rating per server and one across servers; both are updated after every ranked game.

Players see ``display(mu, sigma)``: 1000 + 40 × (μ − 3σ), the model's conservative estimate
("ordinal") on a familiar scale, so a new player starts at 1000 and climbs as σ shrinks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from openskill.models import PlackettLuce

Pair = tuple[float, float]


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def places(totals: Sequence[int]) -> list[int]:
    """1-based places by final chips, most first; equal chips share a place (1, 2, 2, 4)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def update(before: list[Pair | None], ranks: list[int]) -> list[Pair]:
    """New (mu, sigma) per player after one game; ``None`` is a new player."""
    m = model()
    teams = [[m.rating() if b is None else m.rating(mu=b[0], sigma=b[1])] for b in before]
    rated = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def display(value: float) -> int:
    """An ordinal on the shown scale (a new player: 1000)."""
    return round(1000 + 40 * value)
