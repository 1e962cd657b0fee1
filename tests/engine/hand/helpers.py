"""Rigged hands in notation for scenario tests."""

from __future__ import annotations

from engine.actions import Action, Discard, Pass
from engine.events import CURRENT_REVISION
from engine.hand import HandState
from engine.rules import Rules
from engine.tiles import parse
from engine.wall import rigged_wall


def rigged(
    rules: Rules,
    hands: list[str],
    draws: str = "",
    tail: str = "",
    dealer: int = 0,
    revision: int = CURRENT_REVISION,
) -> HandState:
    """A dealt hand: ``hands`` in notation by seat (the dealer's has 14), then the draws
    from the head and the replacement tiles from the tail, in order. ``revision``: the
    rules revision to play it under (0: as hands were played before the first one)."""
    wall = rigged_wall(rules, [parse(h) for h in hands], parse(draws), parse(tail), dealer)
    return HandState.start(rules, "rigged", dealer=dealer, wall=wall, revision=revision)


def do(state: HandState, action: Action) -> list:
    """Pass for every other seat the open window waits on, then apply ``action``."""
    for s in state.awaiting():
        if s != action.seat and state.phase in ("claim", "rob"):
            state.act(Pass(s))
    return state.act(action)


def pass_window(state: HandState) -> None:
    while state.phase in ("claim", "rob") and state.awaiting():
        state.act(Pass(state.awaiting()[0]))


def discard(state: HandState, seat: int, tile: str) -> list:
    pass_window(state)
    return do(state, Discard(seat, parse(tile)[0]))
