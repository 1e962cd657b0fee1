"""Reading the other seats from what is on the table: who is likely ready, which tiles are
likely to deal in. Everything here reads an :class:`Observation` only.

The numbers are measured, not guessed: ``normal`` players were run over 300 hands of
``guangdong`` (where any complete hand wins: hands are fast) and of ``heyuan-zheng`` (where
a pattern is needed: hands are slow), and at every discard the real state was asked whether
each other seat was ready and which tiles it would have won on (docs/players.md, method).

- *Threat*: the chance a seat is ready, by its exposed melds and how many tiles it has
  discarded (``READY``).
- *Danger*: the chance a tile deals in to a seat that is ready, by the kind of tile (middle,
  2/8, terminal, honour by copies left), whether the seat threw it itself or let it pass since
  its last discard (both nearly safe: with no chance to change its hand since, it would
  have won), and 筋 (a number tile three away from one the seat threw: its two-sided waits
  would include that tile). A seat whose melds are all of one suit collects it.
- Wildcards are never claimable: discarding one is always safe.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from engine.family import family_of
from engine.melds import MeldKind
from engine.players.base import Observation

# P(ready) by exposed melds (0..4) and discards // 3 (0..5)
READY_FAST: Final = (
    (0.003, 0.04, 0.14, 0.31, 0.51, 0.6),
    (0.03, 0.11, 0.25, 0.40, 0.61, 0.76),
    (0.06, 0.21, 0.36, 0.46, 0.62, 0.69),
    (0.43, 0.47, 0.68, 0.82, 0.89, 0.95),
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
)
READY_SLOW: Final = (
    (0.0, 0.004, 0.025, 0.075, 0.14, 0.39),
    (0.0, 0.013, 0.071, 0.14, 0.25, 0.32),
    (0.05, 0.13, 0.13, 0.24, 0.37, 0.43),
    (0.4, 0.5, 0.64, 0.59, 0.59, 0.5),
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
)
# P(deals in | the seat is ready), by tile class; (plain, 筋) for number tiles
DANGER_FAST: Final = {
    "middle": (0.10, 0.068), "28": (0.077, 0.043), "terminal": (0.037, 0.014),
    "honour": (0.0, 0.016, 0.026, 0.062), "thrown": 0.006, "passed": 0.008,
}  # fmt: skip
DANGER_SLOW: Final = {
    "middle": (0.19, 0.028), "28": (0.164, 0.031), "terminal": (0.113, 0.011),
    "honour": (0.0, 0.06, 0.161, 0.27), "thrown": 0.001, "passed": 0.005,
}  # fmt: skip


# a number tile one of whose neighbours is all in sight: its danger kept (half its two-sided
# waits gone, its closed and pair waits not)
WALL_SIDE: Final = 0.6


class SeatRead(NamedTuple):
    """One other seat as read from the table (a named tuple: read for every decision)."""

    seat: int
    threat: float  # chance it is ready now
    suit: int | None  # the numbered suit it collects (0 m, 1 p, 2 s), if its melds say so
    thrown: frozenset[int]  # kinds it discarded itself
    passed: frozenset[int]  # kinds discarded since its last discard (it did not win on them)
    value: float  # rough worth of its win, in units
    void: int | None = None  # its declared void suit (定缺): it cannot win on those tiles


def _suit(k: int) -> int:
    return 3 if k >= 27 else k // 9


def read_seats(obs: Observation) -> list[SeatRead]:
    """A reading of each other seat."""
    n = len(obs.discards)
    me = obs.seat
    fast = obs.rules.chicken_wins
    table = READY_FAST if fast else READY_SLOW
    out = []
    out_seats = obs.out
    cost = family_of(obs.rules).deal_in_cost(obs.rules, fast)
    for i in range(1, n):
        o = (me + i) % n
        if o in out_seats:
            continue  # it has won and left (血战): it takes no more tiles
        melds = obs.melds[o]
        threat = table[min(len(melds), 4)][min(len(obs.discards[o]) // 3, 5)]
        shown = [m for m in melds if m.kind is not MeldKind.CONCEALED_KONG]
        numbered = {_suit(m.base) for m in shown} - {3}
        suit = next(iter(numbered)) if len(numbered) == 1 else None
        # the last discard of every seat that played after it (in turn order)
        passed = set()
        j = (o + 1) % n
        while j != me:
            if obs.discards[j]:
                passed.add(obs.discards[j][-1])
            j = (j + 1) % n
        value = cost if cost is not None else 3.0 if fast else 5.0
        if suit is not None or len(melds) >= 3:
            value *= 1.5
        void = obs.voids[o] if obs.voids else None
        out.append(
            SeatRead(o, threat, suit, frozenset(obs.discards[o]), frozenset(passed), value, void)
        )
    return out


def _layout(
    d: Mapping[str, Any],
) -> tuple[float, float, tuple[float, ...], tuple[tuple[float, float], ...]]:
    """A danger table's numbers laid out for the hot path: (thrown, passed, honour by
    copies left, number tiles' (plain, 筋) by rank 1-9)."""
    ranks = []
    for r in range(9):
        cls = "terminal" if r in (0, 8) else "28" if r in (1, 7) else "middle"
        plain, suji = d[cls]
        ranks.append((float(plain), float(suji)))
    return float(d["thrown"]), float(d["passed"]), tuple(d["honour"]), tuple(ranks)


_TABLES: Final = {True: _layout(DANGER_FAST), False: _layout(DANGER_SLOW)}


def danger(
    obs: Observation, seen: list[int], read: SeatRead, tile: int, walls: bool = False
) -> float:
    """The chance that ``tile`` deals in to the seat ``read``, were it ready. With ``walls``
    the visible counts of its neighbours count too (壁): a number tile whose neighbours are
    all in sight can be waited on only as a pair (read as an honour with as many copies
    left), one whose neighbour on one side is all in sight only from the other side."""
    if tile in obs.wild_kinds:
        return 0.0  # a joker cannot be claimed
    if read.void is not None and tile < 27 and tile // 9 == read.void:
        return 0.0  # no winning hand holds its void suit
    thrown_p, passed_p, honour, by_rank = _TABLES[obs.rules.chicken_wins]
    thrown = read.thrown
    if tile in thrown:
        return thrown_p
    if tile in read.passed:
        return passed_p
    if tile >= 27:
        left = 4 - seen[tile]
        p = honour[3 if left > 3 else left if left > 0 else 0]
        s = 3
    else:
        r = tile % 9
        # 筋: a tile three away in the same suit was thrown
        suji = (r >= 3 and tile - 3 in thrown) or (r <= 5 and tile + 3 in thrown)
        p = by_rank[r][1 if suji else 0]
        s = tile // 9
        if walls:
            low = r == 0 or seen[tile - 1] >= 4
            high = r == 8 or seen[tile + 1] >= 4
            if low and high:
                left = 4 - seen[tile]
                p = min(p * WALL_SIDE, honour[3 if left > 3 else left if left > 0 else 0])
            elif (low and r > 0) or (high and r < 8):
                p *= WALL_SIDE
    if read.suit is not None:
        p *= 1.3 if s in (read.suit, 3) else 0.4
    return min(1.0, float(p))
