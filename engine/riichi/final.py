"""The end of a riichi game (rule page ``riichi.md``, "Final score"), and chips.

``final_scores``: return 30,000; (points − 30,000) / 1,000 plus the uma by rank, the top
takes the oka (4 × 5,000 = +20); equal points rank by seat order from the first dealer. The
results are in tenths of a point (45,000 → +550 for +55.0), so they stay whole numbers and
sum to zero exactly.

``chips``: how the final result becomes chips in the ledger — each seat's result rounded to a
whole point (the points to the nearest 1,000, 500 down, 600 up, as Tenhou writes results),
the top's result taking what the others' rounding left so the results sum to zero, times the
table's stake (chips per point of result). Zero-sum by construction; the ledger's caps and
entry minimum apply to these amounts as to any settlement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.rules import Rules

RETURN_POINTS: Final = 30000
START: Final = 25000
UMA: Final = (20, 10, -10, -20)


def ranking(points: Sequence[int], first_dealer: int = 0) -> list[int]:
    """Seats from first to last: more points first; equal points by seat order from the
    first dealer."""
    n = len(points)
    return sorted(range(n), key=lambda s: (-points[s], (s - first_dealer) % n))


def oka(players: int = 4, start: int = START, return_points: int = RETURN_POINTS) -> int:
    """The top's bonus in points of result: (return − start) × players / 1,000 (+20)."""
    return (return_points - start) * players // 1000


def final_scores(
    points: Sequence[int],
    first_dealer: int = 0,
    uma: Sequence[int] = UMA,
    start: int = START,
    return_points: int = RETURN_POINTS,
) -> list[int]:
    """Each seat's final result in tenths of a point (uma and oka included); sums to zero
    when the points sum to ``start`` × players."""
    order = ranking(points, first_dealer)
    out = [0] * len(points)
    for rank, s in enumerate(order):
        tenths = (points[s] - return_points) // 100 + 10 * uma[rank]
        if rank == 0:
            tenths += 10 * oka(len(points), start, return_points)
        out[s] = tenths
    return out


def _thousands(p: int) -> int:
    """Points to the nearest 1,000: 500 rounds down, 600 up (五捨六入)."""
    return (p + 400) // 1000


def whole_results(
    points: Sequence[int],
    first_dealer: int = 0,
    uma: Sequence[int] = UMA,
    start: int = START,
    return_points: int = RETURN_POINTS,
) -> list[int]:
    """Each seat's result in whole points, zero-sum: every seat but the top rounds its
    points (:func:`_thousands`); the top's result is minus the others' sum."""
    order = ranking(points, first_dealer)
    out = [0] * len(points)
    for rank, s in enumerate(order[1:], 1):
        out[s] = _thousands(points[s]) - return_points // 1000 + uma[rank]
    out[order[0]] = -sum(out)
    return out


def uma_of(text: str) -> tuple[int, ...]:
    """The option ``uma`` ("20/10/-10/-20") as four numbers, first place first."""
    values = tuple(int(x) for x in text.split("/"))
    if len(values) != 4 or sum(values) != 0:
        raise ValueError(f"uma {text!r}: four numbers that sum to zero")
    return values


def chips(
    points: Sequence[int],
    stake: int,
    first_dealer: int = 0,
    uma: Sequence[int] = UMA,
) -> list[int]:
    """The chips each seat wins (or loses) for a finished game: its whole result × ``stake``
    (chips per point of result). Sums to zero."""
    if stake < 0:
        raise ValueError("a stake is not negative")
    return [r * stake for r in whole_results(points, first_dealer, uma)]


def table_chips(rules: Rules, points: Sequence[int], stake: int, first_dealer: int = 0) -> list[int]:
    """:func:`chips` with the table's uma (``rules.uma``)."""
    return chips(points, stake, first_dealer, uma_of(rules.uma))
