"""A match: several hands, dealer rotation, round winds, running totals — also a fold.

Driving one (what a table service does)::

    m = Match.start(rules, seed)            # MatchStarted + the first hand, dealt
    while not m.is_over:
        while not m.hand.is_over:
            seat = m.hand.awaiting()[0]       # who must decide (see HandState.awaiting)
            events = m.act(action_from(seat, m.hand.legal_actions(seat)))
        events = m.next_hand()              # the next HandStarted + deal, or MatchEnded

``m.events`` is the whole log; ``replay_match(events)`` rebuilds and checks it.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.events import (
    CURRENT_REVISION,
    Event,
    HandEnded,
    HandStarted,
    MatchEnded,
    MatchStarted,
)
from engine.family import family_of
from engine.hand import HandState, ReplayError, check_event, checks
from engine.hand.replay import check_revision
from engine.hand.types import ENDED as _ENDED
from engine.rules import Rules, get_rules
from engine.wall import commitment, hand_seed, shuffled_wall

if TYPE_CHECKING:
    from engine.hand_setup import HandSetup


def first_dealer(seed: str, players: int = 4) -> int:
    """The first dealer, drawn from the match seed."""
    return random.Random(f"{seed}/first-dealer").randrange(players)


class Match:
    """A match being played or replayed. Mutable; ``apply`` folds one event in."""

    def __init__(self, rules: Rules, players: int | None = None) -> None:
        self.rules = rules
        self.players = players = rules.players if players is None else players
        self.revision = CURRENT_REVISION  # every hand of the match is played under it
        self.seed = ""
        self.hands_limit: int | None = None
        self.first_dealer = 0
        self.dealer = 0
        self.round_wind = 0
        self.rounds_done = 0
        self.dealt_this_round: set[int] = set()
        self.hand_no = 0  # hands started so far
        self.hand: HandState | None = None
        self.totals = [0] * players
        self.results: list[HandEnded] = []
        # what the next hand inherits from this one (engine.family carry_over: 荒番 …)
        self.carry: dict[str, int] = {}
        self.ended: MatchEnded | None = None
        self.events: list[Event] = []
        self._options_of: tuple[Rules, tuple[tuple[str, Any], ...]] | None = None
        # the hands to start on chosen walls, in order (Match.start's ``setups``)
        self.setups: tuple[HandSetup, ...] = ()

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: Rules,
        seed: str | int,
        *,
        hands_limit: int | None = None,
        setups: Sequence[HandSetup] = (),
    ) -> Match:
        """A new match with its first hand dealt. ``hands_limit`` overrides the game length.
        ``setups``: the first hands' walls and dice, in order (engine.hand_setup); the first
        one's dealer deals first, and each later one must be laid out for the seat that
        deals it; hands after them are shuffled from ``seed``."""
        m = cls(rules)
        s = str(seed)
        for setup in setups:
            if setup.rules != rules:
                raise ValueError("a setup of other rules than the match's")
        m.setups = tuple(setups)
        m.apply(
            MatchStarted(
                seed=s,
                rules=rules.id,
                options=tuple(sorted(rules.options().items())),
                first_dealer=setups[0].dealer if setups else first_dealer(s, m.players),
                players=m.players,
                hands_limit=hands_limit,
                chosen_walls=bool(setups),
            )
        )
        m.next_hand()
        return m

    def act(self, action: Action) -> list[Event]:
        """Apply a player's action to the current hand; the events it caused (IllegalAction if not)."""
        if self.hand is None:
            from engine.actions import IllegalAction

            raise IllegalAction("hand_over", "no hand is being played")
        hand = self.hand
        # hand.act(action), inline (a call less on every decision)
        out = hand.run(checks.decision(hand, action))
        # hand.is_over, inline: HandEnded is among the events (the last)
        if hand.phase is _ENDED:
            for ev in out:
                if isinstance(ev, HandEnded):
                    self._after_hand_event(ev)
        self.events.extend(out)
        return out

    def next_hand(self) -> list[Event]:
        """Start the next hand (its start and deal), or end the match; the events."""
        if self.ended is not None or (self.hand is not None and not self.hand.is_over):
            return []
        ev = self.next_event()
        if isinstance(ev, MatchEnded):
            self.apply(ev)
            return [ev]
        self.apply(ev)
        assert self.hand is not None
        out: list[Event] = [ev]
        while (nxt := self.hand.pending_auto()) is not None:
            self.apply(nxt)
            out.append(nxt)
        return out

    def next_event(self) -> HandStarted | MatchEnded:
        """What starts next between hands: the next hand or the end of the match."""
        if self.is_complete():
            totals = family_of(self.rules).final_totals(self.rules, self)
            return MatchEnded(hands_played=len(self.results), totals=totals)
        seed = hand_seed(self.seed, self.hand_no)
        if self.hand_no < len(self.setups):
            setup = self.setups[self.hand_no]
            if setup.dealer != self.dealer:
                raise ValueError(
                    f"hand {self.hand_no} is dealt by seat {self.dealer}; its setup was laid "
                    f"out for seat {setup.dealer}"
                )
            return HandStarted(
                hand_no=self.hand_no,
                dealer=self.dealer,
                round_wind=self.round_wind,
                seed=seed,
                commitment=commitment(seed, setup.tiles),
                rules=self.rules.id,
                options=self._options(),
                wall=setup.tiles,
                revision=self.revision,
                carry=tuple(sorted(self.carry.items())),
                given_dice=setup.dice or (),
            )
        tiles = shuffled_wall(self.rules, seed)
        return HandStarted(
            hand_no=self.hand_no,
            dealer=self.dealer,
            round_wind=self.round_wind,
            seed=seed,
            commitment=commitment(seed, tiles),
            rules=self.rules.id,
            options=self._options(),
            revision=self.revision,
            carry=tuple(sorted(self.carry.items())),
        )

    def _options(self) -> tuple[tuple[str, Any], ...]:
        """The rules' options as every HandStarted carries them (read once a match: the
        rules do not change)."""
        if self._options_of is None or self._options_of[0] is not self.rules:
            self._options_of = (self.rules, tuple(sorted(self.rules.options().items())))
        return self._options_of[1]

    def is_complete(self) -> bool:
        """Whether the game length is reached (after the current hand)."""
        played = len(self.results)
        if self.hands_limit is not None and played >= self.hands_limit:
            return True
        if played:
            # a game that ends by its own rule (riichi: the points game) ends so, also
            # before a hands limit
            over = family_of(self.rules).match_over(self.rules, self)
            if over is not None:
                return over or played >= 64 * self.rules.rounds
        if self.hands_limit is not None:
            return False
        if self.rules.hands:
            return played >= self.rules.hands
        # whole rounds of winds; a safety stop if the winner keeps the deal for ever
        return self.rounds_done >= self.rules.rounds or played >= 64 * self.rules.rounds

    # -- the fold ---------------------------------------------------------------------------

    def apply(self, ev: Event) -> None:
        if isinstance(ev, MatchStarted):
            self.seed = ev.seed
            self.revision = ev.revision
            self.players = ev.players
            self.hands_limit = ev.hands_limit
            self.first_dealer = self.dealer = ev.first_dealer
            self.dealt_this_round = {ev.first_dealer}
        elif isinstance(ev, HandStarted):
            self.hand = HandState(self.rules, self.players)
            self.hand.apply(ev)
            self.hand_no += 1
        elif isinstance(ev, MatchEnded):
            self.ended = ev
            self.totals = list(ev.totals)  # as the game counts them at its end
        else:
            if self.hand is None:
                raise ReplayError(len(self.events), f"{ev.type} outside a hand")
            self.hand.apply(ev)
            self._after_hand_event(ev)
        self.events.append(ev)

    def _after_hand_event(self, ev: Event) -> None:
        if not isinstance(ev, HandEnded):
            return
        self.results.append(ev)
        for s, d in enumerate(ev.deltas):
            self.totals[s] += d
        family = family_of(self.rules)
        if self.hand is not None:
            self.carry = family.carry_over(self.rules, self.hand.carry, self.hand)
            if self.rules.lizhi and not self.hand.wins:
                # 立直: a drawn hand leaves the stakes on the table for the next winner
                from engine.hand.auto import lizhi_stakes

                for s, chips in lizhi_stakes(self.hand):
                    self.carry[f"lizhi.{s}"] = self.carry.get(f"lizhi.{s}", 0) + chips
        self._rotate(ev)

    def _rotate(self, ev: HandEnded) -> None:
        old = self.dealer
        # the family says who deals next (default: the rotation option; stays on a draw)
        new = family_of(self.rules).next_dealer(self.rules, old, ev, self.players)
        if new != old:
            if len(self.dealt_this_round) >= self.players:
                self.round_wind = (self.round_wind + 1) % 4
                self.rounds_done += 1
                self.dealt_this_round = {new}
            else:
                self.dealt_this_round.add(new)
        self.dealer = new

    # -- views ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed_commitment": hashlib.sha256(self.seed.encode()).hexdigest(),
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "rounds_done": self.rounds_done,
            "dealt_this_round": sorted(self.dealt_this_round),
            "hand_no": self.hand_no,
            "totals": self.totals,
            "ended": self.ended is not None,
            "hand": None if self.hand is None else self.hand.snapshot(),
            **({"carry": dict(self.carry)} if self.carry else {}),
        }

    def state_hash(self) -> str:
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def replay_match(events: Sequence[Event]) -> Match:
    """Rebuild a match from its log, checking every event; ReplayError names the first bad one."""
    if not events or not isinstance(events[0], MatchStarted):
        raise ReplayError(0, "a match log starts with a match_started event")
    first = events[0]
    check_revision(first.revision, 0)
    try:
        rules = get_rules(first.rules, dict(first.options))
    except ValueError as exc:
        raise ReplayError(0, str(exc)) from None
    if first.players != rules.players:
        raise ReplayError(0, f"{first.rules} is played here by {rules.players} players, "
                             f"not {first.players}")
    if not first.chosen_walls and first.first_dealer != first_dealer(first.seed, first.players):
        raise ReplayError(0, "the first dealer does not follow from the seed")
    if not 0 <= first.first_dealer < first.players:
        raise ReplayError(0, f"seat {first.first_dealer} cannot deal")
    m = Match(rules, first.players)
    m.apply(first)
    for i, ev in enumerate(events[1:], 1):
        if m.ended is not None:
            raise ReplayError(i, "events after the end of the match")
        try:
            if m.hand is not None and not m.hand.is_over:
                check_event(m.hand, ev, i)
            else:
                expected = m.next_event()
                if first.chosen_walls and isinstance(ev, HandStarted):
                    expected = _as_chosen(expected, ev, i, rules)
                if ev != expected:
                    raise ReplayError(
                        i, f"expected {expected.dumps()} but the log has {ev.dumps()}"
                    )
            m.apply(ev)
        except ReplayError:
            raise
        except Exception as exc:  # a malformed value inside a well-formed event
            raise ReplayError(i, f"inconsistent {ev.type} event: {exc!r}") from None
    return m


def _as_chosen(
    expected: HandStarted | MatchEnded, ev: HandStarted, index: int, rules: Rules
) -> HandStarted | MatchEnded:
    """What a hand of a match on chosen walls must start as: the wall and dice are the log's
    (checked against its commitment), everything else as the match says."""
    if not isinstance(expected, HandStarted) or not ev.wall:
        return expected
    from collections import Counter
    from dataclasses import replace

    from engine.indicator import check_dice
    from engine.wall import wall_tiles

    if Counter(ev.wall) != Counter(wall_tiles(rules)):
        raise ReplayError(index, f"the wall is not the {rules.id} set of tiles")
    if commitment(expected.seed, ev.wall) != ev.commitment:
        raise ReplayError(index, "the wall does not match the hand's published commitment")
    if ev.given_dice and (why := check_dice(ev.given_dice)):
        raise ReplayError(index, why)
    return replace(
        expected, wall=ev.wall, commitment=ev.commitment, given_dice=ev.given_dice
    )
