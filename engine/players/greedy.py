"""The ``greedy`` player: takes every win, discards for the lowest shanten and the most
acceptance (counted against the tiles it can see), calls only when that gets it closer.

It never throws a wildcard unless every other discard is worse (``discard_options``
reports a wildcard discard as kind -1, and ties go to keeping the wildcard).
"""

from __future__ import annotations

import random

from engine import analysis
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.players.base import Observation


class GreedyPlayer:
    def __init__(self, seed: str | int = 0) -> None:
        self.rng = random.Random(seed)  # ties between equal discards

    def act(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        if la.win:
            return Win(s)
        rules = obs.rules
        c34 = obs.naturals()
        wilds = obs.wilds
        melds = len(obs.melds[s])
        sp = rules.seven_pairs
        orphans = melds == 0 and rules.orphans_form
        wild = obs.wild_kinds
        if la.phase == "turn":
            now = analysis.shanten(c34, wilds, melds, seven_pairs=sp and melds == 0,
                                   thirteen_orphans=orphans)  # fmt: skip
            for k, kind in la.kongs:
                if k in wild:
                    continue  # jokers are worth more than a kong of their face
                after = list(c34)
                if kind == "concealed_kong":
                    after[k] -= 4
                    m = melds + 1
                else:
                    after[k] -= 1
                    m = melds
                if (
                    analysis.shanten(after, wilds, m, seven_pairs=False, thirteen_orphans=False)
                    <= now
                ):
                    return Kong(s, k)
            return self._discard(obs, c34, wilds, melds)
        # a claim window
        tile = la.tile
        assert tile is not None
        t: int = tile
        now = analysis.shanten(c34, wilds, melds, seven_pairs=sp and melds == 0,
                               thirteen_orphans=orphans)  # fmt: skip
        if t in wild:
            return Pass(s)  # a pong or kong of a discarded joker's face would spend our jokers
        if la.kong:
            after = list(c34)
            after[t] -= 3
            if (
                analysis.shanten(after, wilds, melds + 1, seven_pairs=False, thirteen_orphans=False)
                <= now
            ):
                return Kong(s)
        if la.pong:
            after = list(c34)
            after[t] -= 2
            if (
                analysis.shanten(after, wilds, melds + 1, seven_pairs=False, thirteen_orphans=False)
                < now
            ):
                return Pong(s)
        for run in la.chows:
            if any(x != t and x in wild for x in run):
                continue  # never spend a joker on a chow
            after = list(c34)
            for x in run:
                if x != t:
                    after[x] -= 1
            if (
                analysis.shanten(after, wilds, melds + 1, seven_pairs=False, thirteen_orphans=False)
                < now
            ):
                return Chow(s, run)
        return Pass(s)

    def _discard(self, obs: Observation, c34: list[int], wilds: int, melds: int) -> Action:
        rules = obs.rules
        s = obs.seat
        options = analysis.discard_options(
            c34, wilds, melds,
            seven_pairs=rules.seven_pairs and melds == 0,
            thirteen_orphans=melds == 0 and rules.orphans_form,
            visible=obs.visible_counts(),
        )  # fmt: skip
        hand = obs.hand
        legal = obs.legal.discards
        best_key = None
        best: list[int] = []
        for o in options:
            k = o.kind
            if k >= 0 and (not hand[k] or k not in legal):
                continue  # not held, or barred this turn (after a chow)
            if k < 0 and obs.a_wild() not in legal:
                continue
            key = (o.shanten, -o.accept_count, k < 0)
            if best_key is None or key < best_key:
                best_key, best = key, [k]
            elif key == best_key:
                best.append(k)
        if not best:  # nothing analysed (e.g. only flowers left): any legal discard
            return Discard(s, obs.legal.discards[0])
        k = best[0] if len(best) == 1 else self.rng.choice(best)
        if k < 0:
            return Discard(s, obs.a_wild())
        return Discard(s, k)
