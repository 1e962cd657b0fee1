"""What a computer player sees and how it answers.

A player sees only what its seat may see: an :class:`Observation` holds its own
concealed tiles, everyone's discards and exposed melds, the live wall count, the
scores and its legal actions — never another hand or the wall's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import add
from typing import Protocol, runtime_checkable

from engine import jokers
from engine.actions import Action, Discard, Riichi
from engine.events import Event
from engine.hand import HandState, LegalActions
from engine.hand.state import public_counts
from engine.melds import Meld, MeldKind
from engine.players import face
from engine.records import builder, quick_init
from engine.rules import Rules
from engine.tiles import NUM_KINDS


@quick_init
@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the table at a decision point.

    ``hand`` is the seat's counts per kind (42 long, flowers at 34+); ``wild_kinds`` the
    hand's joker kinds (flowers in Heyuan, an ordinary kind after an indicator elsewhere);
    ``melds`` and ``discards`` are by seat (tuples copied from the table); ``scores`` the
    match totals so far.
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
    wild_kinds: frozenset[int] = frozenset()
    # seats that have won and left the hand while the others play on (血战到底)
    out: tuple[int, ...] = ()
    # each seat's declared void suit (0 m, 1 p, 2 s; None: none declared) where there is one
    voids: tuple[int | None, ...] = ()
    # tiles of each kind in the rivers and the melds shown face up (HandState.in_sight: bytes,
    # one count per kind); empty: counted from ``melds`` and ``discards`` when asked
    in_sight: Sequence[int] = ()
    # the hand as the analysis reads it (HandState.shape): its natural counts per suit (m,
    # p, s: 9 bytes, honours: 7) and its jokers; None: read from ``hand`` when asked
    shape: tuple[tuple[bytes, bytes, bytes, bytes], int] | None = None
    # Fujian's stand-in: the kind every 白板 plays as, where one does. The view is then
    # given with that kind and 白板 swapped (engine.players.face): a 白板 shows as a
    # natural tile of the kind, a tile of its face as a joker of the kind 白; the answer is
    # swapped back by :meth:`table_action`
    stand_in: int | None = None

    @classmethod
    def of(cls, state: HandState, seat: int, scores: Sequence[int] = (0, 0, 0, 0)) -> Observation:
        # copies, so a player cannot reach (or change) the table through them; the public
        # part is the state's own cache, rebuilt only when a discard or a call changed it
        melds, rivers, in_sight = state.public_view()
        if state.rules.hidden_discards:  # face down (two-player Sichuan): only one's own
            rivers = tuple(r if s == seat else () for s, r in enumerate(rivers))
            in_sight = b""  # counted from the melds and the one river seen, when asked
        st = state.seats[seat]
        keys = st.keys  # state.shape(seat), its kept value read here
        w = state.wall  # w.remaining, its usual answer inline (a property is a slow read)
        obs: Observation = _build(
            seat, state.rules, tuple(st.counts), melds, rivers,
            w.tail - w.head if not w.reserve else w.remaining, state.dealer, state.round_wind,
            scores if type(scores) is tuple else tuple(scores),
            state.legal_actions(seat), state.wild_kinds, state.out_seats,
            state.declared_voids, in_sight,
            None if state.stand_in is not None
            else (keys, st.jokers) if keys is not None else state.shape(seat),
            None,
        )  # fmt: skip
        if state.stand_in is not None:
            return face.swap_view(obs, state.stand_in)
        return obs

    def table_action(self, action: Action) -> Action:
        """A player's answer to this view in the table's kinds (a view with a 白板 standing
        in has its kinds swapped: :mod:`engine.players.face`)."""
        x = self.stand_in
        return action if x is None else face.swap_action(action, x)

    @property
    def seats_in(self) -> int:
        """How many seats still draw from the wall (all but those that won and left)."""
        return len(self.discards) - len(self.out)

    @property
    def wilds(self) -> int:
        """How many jokers this seat holds (江南's imagined 心皇 too: ``rules.imagined``)."""
        hand = self.hand
        return sum([hand[k] for k in self.wild_kinds]) + self.rules.imagined

    def naturals(self) -> list[int]:
        """The seat's natural concealed counts (34 kinds, jokers taken out)."""
        return jokers.split(self.hand, self.wild_kinds)[0]

    def a_wild(self) -> int:
        """A joker tile this seat holds (the lowest), to discard one; -1 where it holds none
        (an imagined 心皇 is never discarded: no legal discard is -1)."""
        return min((k for k in self.wild_kinds if self.hand[k]), default=-1)

    @property
    def jokers_in_set(self) -> int:
        """How many joker tiles the whole set holds (a flower is one tile, a kind four)."""
        return sum(1 if k >= NUM_KINDS else 4 for k in self.wild_kinds)

    def visible_counts(self) -> list[int]:
        """Tiles of each of the 34 kinds this seat can see (own hand, discards, exposed melds)."""
        public = self.in_sight or public_counts(self.melds, self.discards)
        seen = list(map(add, self.hand[:NUM_KINDS], public))
        for m in self.melds[self.seat]:
            if m.kind is MeldKind.CONCEALED_KONG:  # face down to the others, not to itself
                for t in m.tiles:
                    seen[t] += 1
                for w in m.wild:  # option joker_sets: a wild tile shows its own face
                    seen[m.base] -= 1
                    if w < NUM_KINDS:
                        seen[w] += 1
        return seen


# Observation(...) without the class call (records.builder): made for every decision
_build = builder(Observation)


class Player(Protocol):
    """A computer player: given what its seat sees, one of ``obs.legal.actions()``."""

    def act(self, obs: Observation) -> Action: ...


def declaring(action: Action, legal: LegalActions) -> Action:
    """A computer's discard that leaves its hand ready made a 立直 where the rules offer it
    (rules.lizhi): the fan and the stakes outweigh the lock for a player who would discard
    that tile anyway (every level declares alike)."""
    if legal.riichi and type(action) is Discard and action.tile in legal.riichi:
        return Riichi(action.seat, action.tile)
    return action


@runtime_checkable
class HandFollower(Protocol):
    """A player that also follows the hand's log between its decisions: an adapter for an
    outside program that must be told every event its seat sees, as a competition's judge
    tells it (:mod:`engine.players.botzone`). The drivers (``autoplay.play_hand``,
    ``arena.play_board``) call :meth:`hand_started` with the hand's growing log before the
    first decision and :meth:`hand_ended` after the last. The log holds every seat's tiles:
    a follower passes on only what its seat may see (tested for the Botzone seat)."""

    def hand_started(self, log: Sequence[Event], seat: int) -> None: ...

    def hand_ended(self) -> None: ...


def followers(players: Sequence[object]) -> list[tuple[int, HandFollower]]:
    """The seats whose players follow the log, with their players."""
    return [(s, p) for s, p in enumerate(players) if isinstance(p, HandFollower)]
