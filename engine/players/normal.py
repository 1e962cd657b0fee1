"""The ``normal`` player: steady and pattern-aware — discards for the paying targets it can
reach, judging a hand more by how far it is than by how many tiles would help (and counting
only its own tiles; in Beijing, a speed game, every visible tile once its hand is ready, so
that it picks its wait by what is left of it), calls when the call helps, takes every win and
never defends."""

from __future__ import annotations

from engine.players.planner import Planner, Style


class NormalPlayer(Planner):
    style = Style(visible=False, defence=0.0, claim_margin=0.1, spread=0.2,
                  ready_sight=("beijing",))
