"""A hand's questions about one seat's tiles: its natural counts and jokers, its waits, the
score of a win, whether it may win by its own draw.

:class:`HandJudging` is a part of :class:`engine.hand.state.HandState` (kept apart as what
changes together: the judging, not the fold). Answers that are asked on every discard are
cached per change of the seat's hand (``SeatState.version``); the work itself is in
:mod:`engine.hand.judge`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine import analysis, jokers, scoring
from engine.hand import auto, judge
from engine.hand.types import TURN, Phase
from engine.scoring import Score, WinContext
from engine.tiles import FLOWER_BASE, NUM_KINDS

if TYPE_CHECKING:
    from engine.family import RuleFamily
    from engine.hand.seat import SeatState
    from engine.hand.state import HandState
    from engine.rules import Rules


_NO_WAITS: frozenset[int] = frozenset()
_LIZHI: frozenset[str] = frozenset({"lizhi"})


class HandJudging:
    """The judging part of a hand state (its fields are the state's own)."""

    if TYPE_CHECKING:
        rules: Rules
        family: RuleFamily
        special_forms: bool
        instant_wins: bool
        players: int
        dealer: int
        revision: int
        round_wind: int
        carry: dict[str, int]
        table: Any
        seats: list[SeatState]
        wild_kinds: frozenset[int]
        stand_in: int | None
        dora_indicator: int | None
        phase: Phase
        turn: int
        drawn_tile: int | None
        may_self_win: bool
        _flower_jokers: bool

        def idle(self) -> bool: ...

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.players

    def split(self, seat: int) -> tuple[list[int], int]:
        """The seat's natural concealed counts (34 kinds, jokers out) and its jokers.

        Cached per change of the seat's hand: the list is shared, so callers copy it before
        changing it."""
        st = self.seats[seat]
        hit = st.split_cache
        if hit is None or hit[0] != st.version:
            c = st.counts
            if self._flower_jokers:  # jokers are flowers: the naturals are the first 34 kinds
                hit = st.split_cache = (st.version, c[:NUM_KINDS], sum(c[FLOWER_BASE:]))
            else:
                counts, wild = jokers.split(c, self.wild_kinds, self.stand_in)
                hit = st.split_cache = (st.version, counts, wild + self.rules.imagined)
        return hit[1], hit[2]

    def shape(self, seat: int) -> tuple[tuple[bytes, bytes, bytes, bytes], int]:
        """The seat's natural concealed counts per suit as the analysis reads them (m, p,
        s: 9 bytes, honours: 7) and its jokers: kept by the seat over its draws and
        discards (SeatState.keys), read afresh after any other change."""
        st = self.seats[seat]
        keys = st.keys
        if keys is None:
            counts, wild = self.split(seat)
            b = bytes(counts)
            keys = st.keys = (b[:9], b[9:18], b[18:27], b[27:])
            st.jokers = wild
        return keys, st.jokers

    def wilds(self, seat: int) -> int:
        c = self.seats[seat].counts
        if self._flower_jokers:  # as split: every flower held is a joker
            return sum(c[FLOWER_BASE:])
        # as split: 江南's imagined 心皇 is one more
        return sum(c[k] for k in self.wild_kinds) + self.rules.imagined

    def concealed(self, seat: int) -> list[int]:
        """A seat's concealed tiles (jokers included), sorted."""
        return self.seats[seat].concealed()

    def waits(self, seat: int) -> frozenset[int]:
        """The kinds that would complete the seat's 13-tile hand in shape."""
        mask = self.waits_mask(seat)
        return frozenset(analysis.mask_kinds(mask)) if mask else _NO_WAITS

    def waits_mask(self, seat: int) -> int:
        """:meth:`waits` as a bit mask (bit k: kind k). Computed once per change of the
        seat's hand (one table look-up pass), then it answers every discard of the three
        others and the seat's next draw with one bit each."""
        st = self.seats[seat]
        hit = st.waits_cache
        if hit is not None and hit[0] == st.version:
            return hit[1]
        melds = st.melds
        rules = self.rules
        m = len(melds) + rules.short_sets  # a hand of 10, 7 or 4 tiles lacks sets: as melds
        if self.special_forms:
            counts, wild = self.split(seat)
            found = 0
            for k in judge.shape_waits(rules, counts, wild, m, self.wild_kinds, melds):
                found |= 1 << k
        else:  # judge.shape_waits without the family's forms, read straight from the tables
            if st.keys is not None:  # self.shape(seat), its kept value read here
                keys, wild = st.keys, st.jokers
            else:
                keys, wild = self.shape(seat)
            sp, to = judge.forms(rules, m)
            found = analysis.waits_of_keys(keys, wild, m, sp, to)
        st.waits_cache = (st.version, found)
        return found

    def pattern_possible_on(self, seat: int, tile: int) -> bool:
        """The family's cheap pattern filter for the seat's hand with ``tile`` added (a
        discard it waits on); what the filter reads of the hand is read once per change of
        it."""
        return self.family.pattern_possible_on(self.rules, self.pattern_facts(seat), tile)

    def pattern_facts(self, seat: int) -> Any:
        """What the family's pattern filter reads of the seat's 13-tile hand, read once per
        change of it (:meth:`engine.family.RuleFamily.pattern_facts`)."""
        st = self.seats[seat]
        hit = st.pattern_cache
        if hit is None or hit[0] != st.version:
            keys, wild = self.shape(seat)
            facts = self.family.pattern_facts(self.rules, b"".join(keys), wild, st.melds)
            hit = st.pattern_cache = (st.version, facts)
        return hit[1]

    def win_context(
        self,
        seat: int,
        self_drawn: bool,
        situations: frozenset[str],
        discarder: int | None = None,
    ) -> WinContext:
        """How ``seat`` wins (``discarder``: who pays a discard win or was robbed). The
        dealer's streak is what the match carried in as ``streak`` (Taiwan's 連莊)."""
        flowers = self.seats[seat].flowers
        if self.seats[seat].lizhi:  # 立直 declared (rules.lizhi): +1 fan on the win
            situations = situations | _LIZHI
        if self.table is not None:
            return self.family.win_context(
                self.rules, self, seat, self_drawn, situations, discarder  # type: ignore[arg-type]
            )
        return judge.context(
            self_drawn, self.seat_wind(seat), self.round_wind, situations, self.wild_kinds,
            flowers=len(flowers), dealer=seat == self.dealer,
            payer_dealer=discarder is not None and discarder == self.dealer,
            void_suit=self.seats[seat].void_suit, revision=self.revision,
            flower_tiles=tuple(flowers), dealer_streak=self.carry.get("streak", 0),
            dora_kind=None if self.dora_indicator is None else jokers.dora_kind(
                self.dora_indicator),
        )  # fmt: skip

    def score_with(
        self,
        seat: int,
        tile: int,
        self_drawn: bool,
        situations: frozenset[str],
        discarder: int | None = None,
    ) -> Score | None:
        """The score of the seat's hand with ``tile`` added (a discard or robbed tile)."""
        tiles = self.concealed(seat)
        tiles.append(tile)
        situations = self.kind_situations(tile, situations, in_sight=not self_drawn)
        ctx = self.win_context(seat, self_drawn, situations, discarder)
        return judge.score(self.rules, tiles, self.seats[seat].melds, tile, ctx)

    def wins_with(
        self,
        seat: int,
        tile: int,
        situations: frozenset[str],
        discarder: int | None = None,
    ) -> bool:
        """Whether :meth:`score_with` (not self-drawn) gives a score, without looking for
        the best one (:func:`engine.scoring.can_win`)."""
        tiles = self.concealed(seat)
        tiles.append(tile)
        situations = self.kind_situations(tile, situations, in_sight=True)
        ctx = self.win_context(seat, False, situations, discarder)
        return scoring.can_win(self.rules, tiles, list(self.seats[seat].melds), tile, ctx)

    def wins_self(self, seat: int, tile: int, situations: frozenset[str]) -> bool:
        """Whether :meth:`score_self` gives a score (:func:`engine.scoring.can_win`)."""
        situations = self.kind_situations(tile, situations, in_sight=False)
        ctx = self.win_context(seat, True, situations)
        melds = list(self.seats[seat].melds)
        return scoring.can_win(self.rules, self.concealed(seat), melds, tile, ctx)

    def score_self(self, seat: int, tile: int, situations: frozenset[str]) -> Score | None:
        """The score of the seat's 14 tiles self-drawn, ``tile`` being the winning tile."""
        situations = self.kind_situations(tile, situations, in_sight=False)
        ctx = self.win_context(seat, True, situations)
        return judge.score(self.rules, self.concealed(seat), self.seats[seat].melds, tile, ctx)

    def kind_situations(
        self, tile: int, situations: frozenset[str], in_sight: bool
    ) -> frozenset[str]:
        """``situations`` plus ``last_of_kind`` (和绝张) where the family reads it: three of
        the winning kind already in sight, in the rivers and shown melds (``in_sight``: the
        winning tile itself lies in a river or on a meld, and is not one of the three)."""
        if not self.family.last_of_kind_wins:
            return situations
        seen = sum(st.river.count(tile) for st in self.seats) + sum(
            m.tiles.count(tile) for st in self.seats for m in st.melds if not m.kind.is_concealed
        )
        if seen - (1 if in_sight else 0) >= 3:
            return situations | {"last_of_kind"}
        return situations

    def can_self_win(self, seat: int) -> bool:
        """Whether ``seat`` may declare a self-drawn win now."""
        if self.phase is not TURN or seat != self.turn or not self.may_self_win:
            return False
        if not self.idle():
            return False
        return self.self_win_now(seat)

    def self_win_now(self, seat: int) -> bool:
        """:meth:`can_self_win` once its checks passed (the turn seat's turn, a fresh draw,
        nothing automatic due): cached per change of the seat's hand."""
        st = self.seats[seat]
        hit = st.self_win_cache
        if hit is not None and hit[0] == st.version:
            return hit[1]
        ok = self._compute_self_win(seat)
        st.self_win_cache = (st.version, ok)
        return ok

    def _compute_self_win(self, seat: int) -> bool:
        rules = self.rules
        st = self.seats[seat]
        melds = st.melds
        drawn = self.drawn_tile
        if (
            drawn is not None
            and self.instant_wins
            and self.family.instant_win(
                # the jokers the seat keeps with its shape, where kept (self.wilds(seat))
                rules, st.jokers if st.keys is not None else self.wilds(seat)
            )
            is not None
        ):
            return True
        before = st.waits_cache
        if drawn is not None and before is not None and before[0] == st.version - 1:
            # the waits of the hand before this draw are known (the others' discards asked
            # for them): the draw completes it exactly when it is one of them, or a joker
            # and there is any (the usual draw ends here, without splitting the hand)
            complete = bool(before[1]) if drawn in self.wild_kinds else bool(before[1] >> drawn & 1)
        else:
            counts, wilds = self.split(seat)
            complete = judge.shape_complete(
                rules, counts, wilds, len(melds) + rules.short_sets, self.wild_kinds, melds
            )
        if not complete:
            return False
        facts = st.pattern_cache
        if (
            drawn is not None
            and facts is not None
            and facts[0] == st.version - 1
            and drawn not in self.wild_kinds
        ):
            # the filter's reading of the hand before this draw is known (the others'
            # discards asked for it): the same answer with the drawn tile added
            if not self.family.pattern_possible_on(rules, facts[1], drawn):
                return False
        else:
            counts, wilds = self.split(seat)
            if not self.family.pattern_possible(rules, counts, wilds, melds):
                return False
        sit = auto.self_situations(cast("HandState", self), seat)
        c = self.seats[seat].counts
        tiles = [self.drawn_tile] if self.drawn_tile is not None else [t for t in range(len(c)) if c[t]]
        return any(self.wins_self(seat, t, sit) for t in tiles)
