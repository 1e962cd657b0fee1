"""The hand state machine: one hand as a fold over events.

``state`` holds :class:`HandState`; the modules beside it hold what changes together:
``fold`` (how each event changes the state), ``auto`` (the events the engine emits by
itself), ``claims`` (claim windows), ``checks`` (one check per action type), ``judge``
(questions to analysis, scoring and the rule family), ``replay`` (checked replays),
``seat`` (a seat's record) and ``types`` (phases, windows, legal actions).
"""

from engine.hand.replay import action_for, check_event, replay_events
from engine.hand.seat import SeatState
from engine.hand.state import HandState
from engine.hand.types import ClaimOptions, LegalActions, Phase, ReplayError, Window, WindowKind

__all__ = [
    "ClaimOptions",
    "HandState",
    "LegalActions",
    "Phase",
    "ReplayError",
    "SeatState",
    "Window",
    "WindowKind",
    "action_for",
    "check_event",
    "replay_events",
]
