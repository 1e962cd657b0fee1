"""The ``random`` player: any legal action, from its own seeded Random."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.players.base import Observation


class RandomPlayer:
    def __init__(self, seed: str | int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal.actions())
