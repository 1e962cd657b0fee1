"""Rigged hands in notation for scenario tests."""

from __future__ import annotations

from engine.actions import Action, Discard, Pass
from engine.events import CURRENT_REVISION
from engine.hand import HandState
from engine.hand_setup import HandSetup
from engine.rules import Rules
from engine.tiles import parse


def rigged(
    rules: Rules,
    hands: list[str],
    draws: str = "",
    tail: str = "",
    dealer: int = 0,
    revision: int = CURRENT_REVISION,
    indicator: str | None = None,
    seed: str = "rigged",
    carry: dict[str, int] | None = None,
) -> HandState:
    """A dealt hand: ``hands`` in notation by seat (the dealer's has 14), then the draws
    from the head and the replacement tiles from the tail, in order. ``revision``: the
    rules revision to play it under (0: as hands were played before the first one).
    ``indicator``: the tile turned after the deal where the preset has one (with the
    dice, ``seed`` throws them); ``carry``: what a match carried into the hand."""
    setup = HandSetup.dealt(
        rules, hands, draws, tail, dealer=dealer, indicator=indicator, seed=seed
    )
    return setup.start(revision=revision, carry=carry)


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
