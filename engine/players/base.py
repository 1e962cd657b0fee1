"""What a computer player sees and how it answers.

A player sees only what its seat may see: an :class:`Observation` holds its own
concealed tiles, everyone's discards and exposed melds, the live wall count, the
scores and its legal actions — never another hand or the wall's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action
from engine.hand import HandState, LegalActions
from engine.melds import Meld, MeldKind
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the table at a decision point.

    ``hand`` is the seat's counts per kind (42 long, wildcards/flowers at 34+);
    ``melds`` and ``discards`` are by seat (tuples copied from the table);
    ``scores`` the match totals so far.
    """

    seat: int
    rules: Rules
    hand: Sequence[int]
    melds: Sequence[Sequence[Meld]]
    discards: Sequence[Sequence[int]]
    wall_remaining: int
    dealer: int
    round_wind: int
    scores: Sequence[int]
    legal: LegalActions

    @classmethod
    def of(cls, state: HandState, seat: int, scores: Sequence[int] = (0, 0, 0, 0)) -> Observation:
        return cls(
            seat=seat,
            rules=state.rules,
            hand=tuple(state.counts[seat]),
            # copies, so a player cannot reach (or change) the table through them
            melds=tuple(tuple(ms) for ms in state.melds),
            discards=tuple(tuple(d) for d in state.discards),
            wall_remaining=state.wall.remaining,
            dealer=state.dealer,
            round_wind=state.round_wind,
            scores=tuple(scores),
            legal=state.legal_actions(seat),
        )

    @property
    def wilds(self) -> int:
        return sum(self.hand[34 : 34 + self.rules.wildcards])

    def visible_counts(self) -> list[int]:
        """Tiles of each of the 34 kinds this seat can see (own hand, discards, exposed melds)."""
        seen = list(self.hand[:34])
        for d in self.discards:
            for t in d:
                if t < 34:
                    seen[t] += 1
        for s, ms in enumerate(self.melds):
            for m in ms:
                if m.kind is MeldKind.CONCEALED_KONG and s != self.seat:
                    continue  # face down
                for t in m.tiles:
                    seen[t] += 1
        return seen


class Player(Protocol):
    """A computer player: given what its seat sees, one of ``obs.legal.actions()``."""

    def act(self, obs: Observation) -> Action: ...
