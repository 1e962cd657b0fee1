"""Play whole hands and matches with computer players (simulate, bench, tests, offline bots)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard, Riichi
from engine.hand.types import ENDED
from engine.match import Match
from engine.players.base import Observation, Player, declaring, followers


def declare_when_ready(obs: Observation, action: Action) -> Action:
    """Riichi (the riichi family) for a player that does not know it: a discard that may
    declare riichi declares it — the hand is ready after it, so riichi's han and the
    locked hand are worth the stick to these players."""
    if type(action) is Discard and action.tile in obs.legal.riichi:
        return Riichi(action.seat, action.tile)
    return action


def play_hand(match: Match, players: Sequence[Player]) -> None:
    """Play the current hand of ``match`` to its end, each seat answered by its player."""
    hand = match.hand
    assert hand is not None
    # the loop of every simulated decision: its look-ups made once
    act = match.act
    observe = Observation.of
    # the scores as the observations copy them: they change only when the hand ends
    totals = tuple(match.totals)
    following = followers(players)
    for seat, f in following:
        f.hand_started(hand.events, seat)
    while hand.phase is not ENDED:
        waiting = hand.awaiting()
        if not waiting:
            raise RuntimeError(f"hand {hand.hand_no} waits for nobody in phase {hand.phase}")
        seat = waiting[0]
        obs = observe(hand, seat, totals)
        action = players[seat].act(obs)
        if obs.stand_in is not None:  # a view with the stand-in 白板 swapped (Fujian)
            action = obs.table_action(action)
        if obs.legal.riichi:
            # a discard that may declare riichi (立直) declares it, read in the table's kinds
            action = declaring(action, hand.legal_actions(seat)) if obs.stand_in is not None \
                else declare_when_ready(obs, action)
        act(action)
    for _, f in following:
        f.hand_ended()


def play_match(match: Match, players: Sequence[Player]) -> Match:
    """Play ``match`` to its end; returns it (its ``events`` are the whole log)."""
    while not match.is_over:
        play_hand(match, players)
        match.next_hand()
    return match
