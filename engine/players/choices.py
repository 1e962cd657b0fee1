"""Answers to the choices every seat makes at once (engine.hand.steps), for computer players
and for seats that let their timer run out.

The family lists its values best first (the weakest suit to void, the loosest three tiles of
the weakest suit to pass on); a 起手小胡 is always declared (it is paid at once and costs
nothing); the 海底 is taken only by a ready hand (an unready taker can only pay for it).
"""

from __future__ import annotations

from engine import analysis
from engine.actions import Choose
from engine.players.base import Observation

__all__ = ["choose"]


def choose(obs: Observation) -> Choose:
    la = obs.legal
    s = obs.seat
    if la.step == "haidi":
        melds = len(obs.melds[s]) + obs.rules.short_sets  # short hands: as melds
        ready = analysis.shanten(
            obs.naturals(), obs.wilds, melds,
            seven_pairs=obs.rules.seven_pairs and melds == 0, thirteen_orphans=False,
        ) <= 0  # fmt: skip
        return Choose(s, "take" if ready else "pass")
    if la.step == "small_wins":
        return Choose(s, "declare")
    return Choose(s, la.choices[0])
