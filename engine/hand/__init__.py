"""The hand state machine: one hand as a fold over events (see ``state``)."""

from engine.hand.state import (
    ClaimOptions,
    HandState,
    LegalActions,
    ReplayError,
    Window,
    action_for,
    check_event,
    replay_events,
)

__all__ = [
    "ClaimOptions",
    "HandState",
    "LegalActions",
    "ReplayError",
    "Window",
    "action_for",
    "check_event",
    "replay_events",
]
