"""The multiplayer skill rating: openskill's Weng-Lin model (Plackett-Luce), the players of
a table (2 to 7) placed by their final chips.

A table is ranked only with a person in every seat and no hints (``tables.text.ranked``): a
computer seat would rate people against a program, and hints play half the hand for you.
Each person has a rating per server and one across servers, and each of those per seat count
(a pool: ``store.ratings``); the two of the table's seat count are updated after every ranked
game. Plackett-Luce reads a game of N places as N - 1 choices (the first among all N, the
second among the N - 1 left, …), so it rates any N, but a first place of seven is not worth
a first of two: places are compared within a seat count only (docs/discord.md, "Ratings").

Only what people played is rated (:func:`outcome`). A person who left the game, or whose seat
a computer played for a whole hand (every move of it a time-out or the computer keeping the
seat), *forfeits*: they are rated last, tied with any other forfeiter, whatever the chips say.
The others are not rated at all in such a game — it was partly a computer's — so four accounts
of one person where three leave (or never click) only lose the three ratings and win nothing
for the fourth: there is nothing to farm.

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


def outcome(scores: Sequence[int], forfeits: Sequence[bool]) -> tuple[list[int], list[bool]]:
    """(places, rated) for a finished ranked game: with no forfeit every seat is rated at its
    place by chips; otherwise the forfeiters alone are rated, tied last (the others' places
    by chips are kept only to rate the forfeiters against)."""
    if not any(forfeits):
        return places(scores), [True] * len(scores)
    stayed = [i for i, f in enumerate(forfeits) if not f]
    order = places([scores[i] for i in stayed])
    out = [0] * len(scores)
    for i, p in zip(stayed, order, strict=True):
        out[i] = p
    for i, f in enumerate(forfeits):
        if f:
            out[i] = len(stayed) + 1
    return out, list(forfeits)


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
