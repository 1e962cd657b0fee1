"""Replaying a hand's log: every event checked against what the engine would have done."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import (
    Action,
    Choose,
    Chow,
    DeclareDraw,
    Discard,
    IllegalAction,
    Kong,
    Pass,
    Pong,
    Riichi,
    Win,
)
from engine.events import (
    CURRENT_REVISION,
    Chose,
    Discarded,
    DrawDeclared,
    Event,
    HandStarted,
    Konged,
    Responded,
    WinDeclared,
)
from engine.hand import checks
from engine.hand.state import HandState, rules_of
from engine.hand.types import ReplayError
from engine.indicator import check_dice
from engine.wall import commitment, shuffled_wall, wall_tiles

_RESPONSES: dict[str, type[Action]] = {"pass": Pass, "win": Win, "pong": Pong, "kong": Kong}


def action_for(ev: Event) -> Action | None:
    """The action a decision event records (None for automatic events)."""
    if isinstance(ev, Discarded):
        return Riichi(ev.seat, ev.tile) if ev.riichi else Discard(ev.seat, ev.tile)
    if isinstance(ev, Konged):
        return Kong(ev.seat, ev.tile)
    if isinstance(ev, DrawDeclared):
        return DeclareDraw(ev.seat)
    if isinstance(ev, WinDeclared):
        return Win(ev.seat)
    if isinstance(ev, Chose):
        return Choose(ev.seat, ev.value)
    if isinstance(ev, Responded):
        if ev.choice == "chow":
            if len(ev.tiles) == 3:
                return Chow(ev.seat, (ev.tiles[0], ev.tiles[1], ev.tiles[2]))
            return None
        cls = _RESPONSES.get(ev.choice)
        return cls(ev.seat) if cls is not None else None
    return None


def check_revision(revision: object, index: int) -> None:
    """A log's rules revision must be one this engine knows how to play."""
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
        raise ReplayError(index, f"revision {revision!r} is not a rules revision")
    if revision > CURRENT_REVISION:
        raise ReplayError(
            index,
            f"the log was written under rules revision {revision}; this engine plays up to "
            f"{CURRENT_REVISION} — upgrade it to replay this log",
        )


def check_event(state: HandState, ev: Event, index: int) -> None:
    """Raise ReplayError unless ``ev`` is exactly what may happen next in ``state``."""
    expected = state.pending_auto()
    if expected is not None:
        if ev != expected:
            raise ReplayError(index, f"expected {expected.dumps()} but the log has {ev.dumps()}")
        return
    if not ev.decision:
        raise ReplayError(index, f"a player's decision was due, but the log has {ev.dumps()}")
    action = action_for(ev)
    if action is None:
        raise ReplayError(index, f"{ev.dumps()} is not a valid decision")
    try:
        made = checks.decision(state, action)
    except IllegalAction as exc:
        raise ReplayError(index, f"illegal {ev.dumps()}: {exc.code}: {exc.message}") from None
    if made != ev:
        raise ReplayError(index, f"expected {made.dumps()} but the log has {ev.dumps()}")


def replay_events(events: Sequence[Event], start: int = 0) -> HandState:
    """Fold a hand's events, checking each one; ReplayError names the first bad one.

    ``start`` is the index of the first event in the caller's log (for messages).
    """
    if not events or not isinstance(events[0], HandStarted):
        raise ReplayError(start, "a hand starts with a hand_started event")
    first = events[0]
    check_revision(first.revision, start)
    try:
        rules = rules_of(first)
    except ValueError as exc:
        raise ReplayError(start, str(exc)) from None
    if first.given_dice and (why := check_dice(first.given_dice)):
        raise ReplayError(start, why)
    tiles = list(first.wall) if first.wall else shuffled_wall(rules, first.seed)
    if first.wall and sorted(tiles) != sorted(wall_tiles(rules)):
        raise ReplayError(start, f"the wall is not the {rules.id} set of tiles")
    if commitment(first.seed, tiles) != first.commitment:
        raise ReplayError(start, "the wall does not match the hand's published commitment")
    state = HandState(rules)
    state.apply(first)
    for i, ev in enumerate(events[1:], start + 1):
        try:
            check_event(state, ev, i)
            state.apply(ev)
        except ReplayError:
            raise
        except Exception as exc:  # a malformed value inside a well-formed event
            raise ReplayError(i, f"inconsistent {ev.type} event: {exc!r}") from None
    return state
