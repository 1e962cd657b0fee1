"""The ``greedy`` player: takes every win, discards for the lowest shanten and the most
acceptance (counted against the tiles it can see), calls only when that gets it closer.

It never throws a wildcard unless every other discard is worse (``discard_options``
reports a wildcard discard as kind -1, and ties go to keeping the wildcard).
"""

from __future__ import annotations

import random
from operator import add

from engine import analysis, jokers
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.melds import MeldKind
from engine.players.base import Observation
from engine.players.choices import choose


class GreedyPlayer:
    def __init__(self, seed: str | int = 0) -> None:
        self.rng = random.Random(seed)  # ties between equal discards

    def act(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        if la.phase == "choose":
            return choose(obs)
        if la.win:
            return Win(s)
        rules = obs.rules
        # Observation.naturals and .wilds in one pass over the joker kinds
        c34, wilds = jokers.split(obs.hand, obs.wild_kinds)
        melds = len(obs.melds[s])
        sp = rules.seven_pairs
        orphans = melds == 0 and rules.orphans_form
        wild = obs.wild_kinds
        if la.phase == "turn":
            if not la.kongs:  # the usual turn: just a discard
                return self._discard(obs, c34, wilds, melds)
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
        if not (la.kong or la.pong or la.chows):
            return Pass(s)
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
        # only the discards at the lowest shanten can be best: the others' acceptance is
        # never worked out
        options = analysis.discard_masks(
            c34, wilds, melds,
            seven_pairs=rules.seven_pairs and melds == 0,
            thirteen_orphans=melds == 0 and rules.orphans_form,
            best_only=True,
        )  # fmt: skip
        allowed = self._allowed(obs, options)
        if not allowed and options:
            # every lowest-shanten discard is barred this turn (after a chow): weigh them all
            every = analysis.discard_masks(
                c34, wilds, melds,
                seven_pairs=rules.seven_pairs and melds == 0,
                thirteen_orphans=melds == 0 and rules.orphans_form,
            )  # fmt: skip
            allowed = self._allowed(obs, every)
            if allowed:
                low = min(sh for _, sh, _ in allowed)
                allowed = [o for o in allowed if o[1] == low]
        best = [k for k, _, _ in allowed] if len(allowed) < 2 else self._widest(obs, c34, allowed)
        if not best:  # nothing analysed (e.g. only flowers left): any legal discard
            return Discard(s, obs.legal.discards[0])
        k = best[0] if len(best) == 1 else self.rng.choice(best)
        if k < 0:
            return Discard(s, obs.a_wild())
        return Discard(s, k)

    @staticmethod
    def _allowed(
        obs: Observation, options: list[tuple[int, int, int]]
    ) -> list[tuple[int, int, int]]:
        """The options this seat may discard now (held, and not barred after a chow)."""
        legal = obs.legal.discards
        hand = obs.hand
        if len(legal) == len(hand) - hand.count(0):
            # every kind held may go (the usual turn): the legal discards are the kinds held,
            # and every option is a kind held or a joker
            return options
        out = []
        for o in options:
            k = o[0]
            if k >= 0 and (not hand[k] or k not in legal):
                continue
            if k < 0 and obs.a_wild() not in legal:
                continue
            out.append(o)
        return out

    @staticmethod
    def _widest(obs: Observation, c34: list[int], options: list[tuple[int, int, int]]) -> list[int]:
        """The discards (of equal shanten) whose accepting kinds have the most unseen tiles,
        keeping a wildcard on a tie. Unseen = 4 - held - visible, where the visible counts
        include the hand itself (the same count :func:`analysis.discard_options` gives)."""
        # the unseen copies per kind as three bit planes: a mask's count is three popcounts
        own = obs.melds[obs.seat]
        if obs.in_sight and not (own and any(m.kind is MeldKind.CONCEALED_KONG for m in own)):
            # obs.visible_counts() without a list between: the hand and the tiles in sight
            seen = bytes(map(add, map(add, c34, obs.hand), obs.in_sight))[::-1]
        else:
            seen = bytes(map(add, c34, obs.visible_counts()))[::-1]
        p0 = int(seen.translate(_UNSEEN_BIT[0]), 2)
        p1 = int(seen.translate(_UNSEEN_BIT[1]), 2)
        p2 = int(seen.translate(_UNSEEN_BIT[2]), 2)
        # the best has the most unseen tiles, then is not the wildcard: one number per
        # option, twice the count less one for the wildcard
        best_key = -1
        best: list[int] = []
        for k, _, mask in options:
            key = (
                (mask & p0).bit_count() + 2 * (mask & p1).bit_count() + 4 * (mask & p2).bit_count()
            ) * 2 - (k < 0)
            if key > best_key:
                best_key, best = key, [k]
            elif key == best_key:
                best.append(k)
        return best


# bytes.translate tables: a seen count -> ASCII "1" where bit n of its unseen copies is set
_UNSEEN_BIT = [bytes(48 + ((4 - v if v < 4 else 0) >> n & 1) for v in range(256)) for n in range(3)]
