"""The ``greedy`` player: takes every win, discards for the lowest shanten and the most
acceptance (counted against the tiles it can see), calls only when that gets it closer.

It never throws a wildcard unless every other discard is worse (``discard_options``
reports a wildcard discard as kind -1, and ties go to keeping the wildcard).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add

from engine import analysis, jokers
from engine.actions import DISCARD_ACTIONS, PASS_ACTIONS, Action, Chow, Discard, Kong, Pong, Win
from engine.melds import Meld, MeldKind
from engine.players.base import Observation
from engine.players.choices import choose
from engine.players.evaluation import held_sets_out
from engine.tiles import NUM_KINDS


class GreedyPlayer:
    def __init__(self, seed: str | int = 0) -> None:
        self.rng = random.Random(seed)  # ties between equal discards
        analysis.load()  # with the player, not during its first decision

    def act(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        if la.phase == "choose":
            return choose(obs)
        if la.win:
            return Win(s)
        melds = len(obs.melds[s]) + obs.rules.short_sets  # a short hand lacks sets: as melds
        if la.phase == "turn" and not la.kongs:  # the usual turn: just a discard
            return self._discard(obs, melds)
        rules = obs.rules
        # the hand as the analysis reads it (Observation.naturals and .wilds): the naturals
        # as bytes, and per suit
        keys, c34, wilds = _shape(obs)
        sp = rules.seven_pairs
        orphans = melds == 0 and rules.orphans_form
        wild = obs.wild_kinds
        if la.phase == "turn":
            now = analysis.shanten_of_keys(keys, wilds, melds, sp and melds == 0, orphans)
            for k, kind in la.kongs:
                if k in wild:
                    continue  # jokers are worth more than a kong of their face
                if c34[k] < (4 if kind == "concealed_kong" else 1):
                    continue  # a kong that would spend wild tiles (joker_sets): they are worth more
                after = bytearray(c34)
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
            return self._discard(obs, melds)
        # a claim window
        tile = la.tile
        assert tile is not None
        t: int = tile
        if not (la.kong or la.pong or la.chows):
            return PASS_ACTIONS[s]
        now = analysis.shanten_of_keys(keys, wilds, melds, sp and melds == 0, orphans)
        if t in wild:
            return PASS_ACTIONS[s]  # a pong or kong of a discarded joker's face would spend our jokers
        if la.kong:
            after = bytearray(c34)
            spent = 3 - min(after[t], 3)  # wild tiles that go in with the natural ones
            after[t] -= 3 - spent
            if (
                analysis.shanten(
                    after, wilds - spent, melds + 1, seven_pairs=False, thirteen_orphans=False
                )
                <= now
            ):
                return Kong(s)
        if la.pong:
            after = bytearray(c34)
            spent = 2 - min(after[t], 2)
            after[t] -= 2 - spent
            if (
                analysis.shanten(
                    after, wilds - spent, melds + 1, seven_pairs=False, thirteen_orphans=False
                )
                < now
            ):
                return Pong(s)
        for run in la.chows:
            if any(x != t and x in wild for x in run):
                continue  # never spend a joker on a chow
            after = bytearray(c34)
            for x in run:
                if x != t:
                    after[x] -= 1
            if (
                analysis.shanten(after, wilds, melds + 1, seven_pairs=False, thirteen_orphans=False)
                < now
            ):
                return Chow(s, run)
        return PASS_ACTIONS[s]

    def _discard(self, obs: Observation, melds: int) -> Action:
        rules = obs.rules
        s = obs.seat
        if rules.full_flush_only:  # only one suit can win: the others go first
            off = _off_suit(obs)
            if off is not None:
                return DISCARD_ACTIONS[s][off]
        sp = rules.seven_pairs and melds == 0
        orphans = melds == 0 and rules.orphans_form
        legal = obs.legal.discards
        hand = obs.hand
        shape = obs.shape
        if shape is not None:  # _shape(obs), its usual answer inline
            keys, wilds = shape
            c34 = b"".join(keys)
        else:
            keys, c34, wilds = _shape(obs)
        if melds < 0:
            # five sets and no meld (Taiwan's 16 tiles): each set held whole taken out, the
            # tables rank the rest (docs/players.md)
            options = five_set_discards(c34, wilds)
            allowed = self._allowed(obs, options)
            if allowed:
                low = min(sh for _, sh, _ in allowed)
                allowed = [o for o in allowed if o[1] == low]
            if len(allowed) < 2:
                best = [k for k, _, _ in allowed]
            else:
                best = analysis.rank(
                    allowed, analysis.unseen_planes(self._unseen_counts(obs, c34))
                )
        elif len(legal) == len(hand) - hand.count(0):
            # every kind held may go (the usual turn): the lowest-shanten discards ranked
            # by their unseen accepting tiles in one pass
            best = analysis.widest_of_unseen(
                keys, wilds, melds, self._unseen_counts(obs, c34), sp, orphans
            )
        else:
            # only the discards at the lowest shanten can be best: the others' acceptance
            # is never worked out
            options = analysis.discard_masks(
                c34, wilds, melds, seven_pairs=sp, thirteen_orphans=orphans, best_only=True
            )
            allowed = self._allowed(obs, options)
            if not allowed and options:
                # every lowest-shanten discard is barred this turn (after a chow): weigh
                # them all
                every = analysis.discard_masks(
                    c34, wilds, melds, seven_pairs=sp, thirteen_orphans=orphans
                )
                allowed = self._allowed(obs, every)
                if allowed:
                    low = min(sh for _, sh, _ in allowed)
                    allowed = [o for o in allowed if o[1] == low]
            if len(allowed) < 2:
                best = [k for k, _, _ in allowed]
            else:
                best = analysis.rank(
                    allowed, analysis.unseen_planes(self._unseen_counts(obs, c34))
                )
        if not best:  # nothing analysed (e.g. only flowers left): any legal discard
            return Discard(s, legal[0])
        if len(best) == 1:
            k = best[0]
        else:
            # self.rng.choice(best), written out: the same draws of getrandbits
            # (random.Random._randbelow_with_getrandbits; tests/engine/players hold the
            # games to the recorded ones)
            n = len(best)
            bits = n.bit_length()
            getrandbits = self.rng.getrandbits
            r = getrandbits(bits)
            while r >= n:
                r = getrandbits(bits)
            k = best[r]
        if k < 0:
            return Discard(s, obs.a_wild())
        return DISCARD_ACTIONS[s][k]

    @staticmethod
    def _allowed(
        obs: Observation, options: list[tuple[int, int, int]]
    ) -> list[tuple[int, int, int]]:
        """The options this seat may discard now (held, and not barred after a chow)."""
        legal = obs.legal.discards
        hand = obs.hand
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
    def _unseen_counts(obs: Observation, naturals: bytes) -> int:
        """The unseen copies of each kind as one number of a byte per kind (kind k: byte k,
        :func:`analysis.unseen_counts`): unseen = 4 - held - visible, where the visible
        counts include the hand itself (the same count :func:`analysis.discard_options`
        gives); ``naturals``: the hand's 34 natural counts (jokers out)."""
        own = obs.melds[obs.seat]
        if obs.in_sight and not (own and _concealed_kong(own)):
            # obs.visible_counts() without a list between: the naturals twice (the hand is
            # the naturals and its jokers of an ordinary kind) and the tiles in sight,
            # added as numbers of one byte per kind (no sum reaches 256: nothing carries)
            n = 2 * _from_bytes(naturals, "little") + _from_bytes(obs.in_sight, "little")
            wild = obs.wild_kinds
            ordinary = _ORDINARY_JOKERS.get(wild)
            if ordinary is None:
                ordinary = _ordinary_jokers(wild)
            hand = obs.hand
            for k in ordinary:
                n += hand[k] << 8 * k
            seen = n.to_bytes(NUM_KINDS, "little")
        else:
            seen = bytes(map(add, naturals, obs.visible_counts()))
        return _from_bytes(seen.translate(_UNSEEN), "little")


def _shape(obs: Observation) -> tuple[tuple[bytes, bytes, bytes, bytes], bytes, int]:
    """The hand as the analysis reads it: its naturals per suit (as the engine keeps them,
    Observation.shape) and as 34 bytes, and its jokers."""
    if obs.shape is not None:
        keys, wilds = obs.shape
        return keys, b"".join(keys), wilds
    c34, wilds = jokers.split_bytes(obs.hand, obs.wild_kinds)
    # 江南's imagined 心皇 is one more joker (as Observation.wilds counts it)
    return (c34[:9], c34[9:18], c34[18:27], c34[27:]), c34, wilds + obs.rules.imagined


def _concealed_kong(melds: Sequence[Meld]) -> bool:
    # a loop, not any() over a generator: asked on every turn of a seat with a meld
    for m in melds:  # noqa: SIM110
        if m.kind is _CONCEALED_KONG:
            return True
    return False


_CONCEALED_KONG = MeldKind.CONCEALED_KONG
# int.from_bytes read once: a class's attribute is a slow read in Python 3.11
_from_bytes = int.from_bytes
# joker kinds -> those of them that are ordinary kinds (an indicator's), ascending
_ORDINARY_JOKERS: dict[frozenset[int], tuple[int, ...]] = {}


def _ordinary_jokers(wild: frozenset[int]) -> tuple[int, ...]:
    hit = _ORDINARY_JOKERS.get(wild)
    if hit is None:
        hit = _ORDINARY_JOKERS[wild] = tuple(sorted(k for k in wild if k < NUM_KINDS))
    return hit


# bytes.translate table: a seen count -> its unseen copies (4 - seen, at least 0)
_UNSEEN = bytes(4 - v if v < 4 else 0 for v in range(256))


def _off_suit(obs: Observation) -> int | None:
    """Where only 清一色 wins: a tile outside the suit the seat holds most of (its melds
    counted), the kind it holds fewest of first; None when the hand is one suit already."""
    held = [sum(obs.hand[9 * x : 9 * x + 9]) for x in range(3)]
    for m in obs.melds[obs.seat]:
        if m.base < 27:
            held[m.base // 9] += 3
    keep = max(range(3), key=lambda x: (held[x], -x))
    off = [k for k in obs.legal.discards if k < 27 and k // 9 != keep]
    return min(off, key=lambda k: (obs.hand[k], k)) if off else None


def five_set_discards(c34: bytes, wilds: int) -> list[tuple[int, int, int]]:
    """:func:`analysis.discard_masks` of a 17-tile hand with no meld, read as four sets and a
    meld: each set the hand holds whole taken out in turn, the tables' discards of the 14
    tiles left, the lowest shanten of each discard (its acceptance joined over the sets that
    reach it). An upper bound on the exact five-set search, equal to it whenever a best
    reading keeps a whole set. A hand holding none (far from ready: the exact search would
    take a second) throws its most isolated tiles: fewest tiles of its kind and of the
    kinds within two in its suit."""
    best: dict[int, tuple[int, int]] = {}
    for rest in held_sets_out(c34):
        for k, sh, mask in analysis.discard_masks(
            rest, wilds, 0, seven_pairs=False, thirteen_orphans=False
        ):
            old = best.get(k)
            if old is None or sh < old[0]:
                best[k] = (sh, mask)
            elif sh == old[0]:
                best[k] = (sh, old[1] | mask)
    if not best:
        near = {}
        for k in range(NUM_KINDS):
            if c34[k]:
                lo, hi = (k, k) if k >= 27 else (max(k - 2, k - k % 9), min(k + 2, k - k % 9 + 8))
                near[k] = sum(c34[j] for j in range(lo, hi + 1))
        low = min(near.values(), default=0)
        return [(k, 9, 0) for k, n in near.items() if n == low]
    return [(k, sh, mask) for k, (sh, mask) in sorted(best.items())]
