"""Reading the other seats from what is on the table: who is likely ready, which tiles are
likely to deal in. Everything here reads an :class:`Observation` only.

- *Threat* (0..1): how likely a seat is ready now. Exposed melds are the strongest sign (with
  four sets down the hand is one tile and always ready); the game's progress (the seat's
  discards) raises it slowly.
- *Danger* of a tile for a seat (0..1, relative): honours and terminals finish fewer shapes
  than middle tiles; kinds with most copies visible can hardly be waited on; a tile the seat
  threw itself, or one it let pass after its last discard (it would have won on it: with no
  chance to change its hand since, it is not waiting on it — only a 过胡 pass or a pattern
  it lacked stops that), is nearly safe; a seat whose exposed melds are all of one suit (with
  honours) collects that suit, so that suit and honours are dangerous and the others are not.
- Wildcards are never claimable: discarding one is always safe.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.melds import MeldKind
from engine.players.base import Observation


@dataclass(frozen=True, slots=True)
class SeatRead:
    seat: int
    threat: float  # chance it is ready now (rough)
    suit: int | None  # the numbered suit it collects (0 m, 1 p, 2 s), if its melds say so
    pungs: bool  # its exposed melds are all pungs/kongs (and there are some)
    safe: frozenset[int]  # kinds it cannot (or very unlikely) win on right now
    value: float  # rough worth of its win, in units of the preset's smallest win


def _suit(k: int) -> int:
    return 3 if k >= 27 else k // 9


def read_seats(obs: Observation) -> list[SeatRead]:
    """A reading of each other seat."""
    n = len(obs.discards)
    me = obs.seat
    rules = obs.rules
    out = []
    for i in range(1, n):
        o = (me + i) % n
        melds = obs.melds[o]
        exposed = len(melds)
        turns = len(obs.discards[o])
        threat = min(0.5, 0.025 * max(0, turns - 5))  # ready hands grow with the game
        threat = [threat, 0.08 + threat, 0.2 + threat, 0.5 + threat, 1.0][min(exposed, 4)]
        threat = min(1.0, threat)
        suits = {_suit(m.base) for m in melds if m.kind is not MeldKind.CONCEALED_KONG}
        numbered = {s for s in suits if s < 3}
        suit = next(iter(numbered)) if len(numbered) == 1 else None
        pungs = bool(melds) and all(m.is_triplet for m in melds)
        # its own discards, and the last discard of every seat that played after it
        safe = set(t for t in obs.discards[o] if t < 34)
        j = (o + 1) % n
        while j != me:
            if obs.discards[j]:
                safe.add(obs.discards[j][-1])
            j = (j + 1) % n
        # the worth of its win: a flush or pungs shown pays more
        if rules.family == "guangdong":
            value = 4.0 if (suit is not None and len(numbered) == 1) or (pungs and exposed >= 2) else 1.5
        else:
            value = 3.0 if suit is not None else 2.5
        if exposed >= 3:
            value *= 1.5
        out.append(SeatRead(o, threat, suit, pungs, frozenset(safe), value))
    return out


def danger(obs: Observation, seen: list[int], read: SeatRead, tile: int) -> float:
    """How likely (relative, 0..1) ``tile`` deals in to the seat ``read`` if it is ready."""
    if tile >= 34:
        return 0.0  # a wildcard (or flower) cannot be claimed
    if tile in read.safe:
        return 0.05
    left = 4 - seen[tile]
    if left <= 0:
        # every copy visible: only a wildcard pair (飞牌-like) or a fifth copy could use it
        return 0.05 if obs.rules.wildcards else 0.0
    s = _suit(tile)
    if s == 3:
        base = 0.25 + 0.2 * left
    else:
        r = tile % 9
        base = 0.55 if r in (0, 8) else 0.75 if r in (1, 7) else 1.0
        if read.pungs:
            base = 0.3 + 0.2 * left  # pungs wait on pairs: kinds with copies left
    if read.suit is not None:
        base *= 1.4 if s in (read.suit, 3) else 0.25
    return min(1.0, base)
