"""One seat's hand and what it can see, in the form the evaluation works on: each target's
need, acceptance, value and chance, and a hand's worth (:class:`HandWorth`, the part of
:class:`engine.players.discard_worth.HandView` that weighs one hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from heapq import heappush, heapreplace

from engine.family import family_of
from engine.melds import Meld
from engine.players.chance import Prospect, _unseen_planes, win_chance
from engine.players.shape_search import _any_form, lone_wild_wait, target_shape
from engine.players.shape_tables import (
    _Shape,
    _spec,
)
from engine.players.targets import Target, _targets_of, held_sets_out, seven_pairs_need
from engine.rules import Rules

_new_tuple = tuple.__new__
_WIDEST = 1 << 20  # an acceptance beyond any real one (win_chance caps its effect)
# (unseen, draws, discard wins, hazard, pace, spread) -> (shanten, accept, target) -> chance
_CHANCES: dict[tuple[int, int, bool, float, float, float], dict[tuple[int, int, str], float]] = {}


_CALLED: dict[tuple[int, int], tuple[tuple[Target, ...], tuple[Target, ...]]] = {}


def _called_targets(rules: Rules, targets: tuple[Target, ...], melds: int) -> tuple[Target, ...]:
    """``targets`` valued for a hand with ``melds`` called melds (the family's
    ``called_scale``; the same objects where nothing changes), memoised per targets tuple."""
    hit = _CALLED.get((id(targets), melds))
    if hit is not None and hit[0] is targets:
        return hit[1]
    family = family_of(rules)
    out = []
    for t in targets:
        scale = family.called_scale(rules, t.name, melds)
        out.append(t if scale == 1.0 else replace(t, value=t.value * scale))
    scaled = tuple(out)
    if len(_CALLED) > 64:
        _CALLED.clear()
    _CALLED[id(targets), melds] = (targets, scaled)
    return scaled


_SPEED: dict[int, tuple[tuple[Target, ...], tuple[Target, ...]]] = {}


def _speed_targets(rules: Rules, targets: tuple[Target, ...]) -> tuple[Target, ...]:
    """``targets`` with the values the family gives for speed (``speed_value``; the same
    objects where it gives none), memoised per targets tuple."""
    hit = _SPEED.get(id(targets))
    if hit is not None and hit[0] is targets:
        return hit[1]
    family = family_of(rules)
    out = []
    for t in targets:
        v = family.speed_value(rules, t.name.split(":")[0])
        out.append(t if v is None or v == t.value else replace(t, value=v))
    revalued = tuple(out)
    if len(_SPEED) > 64:
        _SPEED.clear()
    _SPEED[id(targets)] = (targets, revalued)
    return revalued


class HandWorth:
    """One seat's hand and what it can see: each target's need, acceptance, value and
    chance, and a hand's worth (:meth:`worth`). :class:`engine.players.discard_worth.HandView`
    adds each discard's worth."""

    __slots__ = (
        "_chances",
        "_fan",
        "_planes",
        "_values",
        "bonus_kinds",
        "deep",
        "discard_wins",
        "draws",
        "face_kind",
        "flex",
        "hazard",
        "lone_wild",
        "melds",
        "pace",
        "ready_end",
        "rules",
        "seen",
        "speed",
        "spread",
        "targets",
        "unseen",
        "unseen_wilds",
    )  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        melds: Sequence[Meld],
        seen: Sequence[int],
        unseen_wilds: int,
        draws: int,
        hazard: float = 0.0,
        bonus_kinds: frozenset[int] = frozenset(),
        flex: float = 0.25,
        pace: float = 1.0,
        spread: float = 0.35,
        chows: bool = True,
        face_kind: int | None = None,
        ready_end: float = 0.0,
        deep: bool = False,
        speed: bool = False,
    ) -> None:
        # where a wall used up pays the ready hands (查叫): what being ready then is worth,
        # as a share of the target's value (0: nothing)
        self.ready_end = ready_end
        self.spread = spread  # how much acceptance beyond the typical speeds the next step
        # the kind the jokers are (where they are an ordinary kind): a special target reads a
        # joker as its face tile
        self.face_kind = face_kind
        self.rules = rules
        self.flex = flex  # how much the second and third targets add to a hand's worth
        self.pace = pace  # scales the typical acceptance (how fast hands are assumed to fill)
        # kinds whose pung adds a fan to a hand inside the cap (Guangdong: dragons, own seat
        # and round wind); empty when the bonuses are not weighed
        self.bonus_kinds = bonus_kinds
        # 飞牌 (a lone wildcard waiting on anything) multiplies the win where it pays
        weigh = bool(bonus_kinds) and rules.wildcards > 0
        self.lone_wild = float(rules.bonuses.get("lone_wild", 1)) if weigh else 1.0
        self.hazard = round(hazard, 3)
        self.melds = melds
        self.seen = seen  # 34 counts: tiles this seat knows are out of play (own hand included)
        self.unseen_wilds = unseen_wilds
        self._planes = p0, p1, p2 = _unseen_planes(seen)
        # rounded a little: the chance model is rough, and equal inputs hit its cache
        unseen = p0.bit_count() + 2 * p1.bit_count() + 4 * p2.bit_count()  # sum of 4 - seen
        self.unseen = max(4, 4 * round((unseen + unseen_wilds) / 4))
        self.draws = draws
        # where a called meld closes discard wins (Beijing) a hand is played for the self-draw,
        # which pays three times a discard win there anyway
        self.discard_wins = rules.discard_wins and not rules.discard_win_concealed
        base = _targets_of(rules)
        if speed:  # valued for speed where the family says (see BaseFamily.speed_value)
            base = _speed_targets(rules, base)
        self.speed = speed
        targets: Sequence[Target] = base
        if melds:
            targets = [t for t in _called_targets(rules, base, len(melds)) if t.fits(melds)]
        self.deep = deep  # aim at the family's deep targets too (see Target.deep)
        # the deep forms beyond 七对 (Guobiao's straights) come with the speed reading
        self.targets = [
            t
            for t in targets
            if (chows or not t.chows)
            and (deep or not t.deep)
            and (speed or not t.deep or t.name == "seven_pairs")
        ]
        # the fans the exposed melds already hold (None: bonuses not weighed; only a family
        # with pungs that add fan names bonus kinds)
        self._fan: int | None = None
        if bonus_kinds:
            self._fan = sum(1 for m in melds if m.is_triplet and m.base in bonus_kinds)
        # win_chance's results for this view's fixed arguments, shared by every view with
        # the same ones (the seat's next decisions, the other seats in the same round)
        params = (self.unseen, draws, self.discard_wins, self.hazard, pace, spread)
        chances = _CHANCES.get(params)
        if chances is None:
            if len(_CHANCES) > 512:  # keep memory bounded
                _CHANCES.clear()
            chances = _CHANCES[params] = {}
        self._chances: dict[tuple[int, int, str], float] = chances
        self._values: dict[tuple[float, int], float] = {}

    def _accept(self, kinds: Sequence[int]) -> int:
        seen = self.seen
        return self.unseen_wilds + sum(4 - seen[k] for k in kinds if seen[k] < 4)

    def _accept_mask(self, mask: int) -> int:
        """:meth:`_accept` of the kinds in a bit mask: the unseen copies, read by bit plane."""
        p0, p1, p2 = self._planes
        return (
            self.unseen_wilds
            + (mask & p0).bit_count()
            + 2 * (mask & p1).bit_count()
            + 4 * (mask & p2).bit_count()
        )

    def _target(self, t: Target, counts: Sequence[int], wilds: int, melds: int) -> tuple[int, int]:
        """(shanten, accepting unseen tiles) of a 13-tile hand for a restricted target."""
        if t.deep and t.name == "seven_pairs":
            return seven_pairs_need(counts, wilds, melds, self.seen, self.unseen_wilds)
        if t.special:
            face = list(counts)
            if self.face_kind is not None:
                face[self.face_kind] += wilds
            need, kinds = family_of(self.rules).special_need(self.rules, t.name, face, melds)
            seen = self.seen
            return need - 1, sum(4 - seen[k] for k in kinds if seen[k] < 4)
        n0, acc = target_shape(t, 4 - melds, tuple([counts[k] for k in t.kinds()]))
        if n0 - wilds - 1 > 6:
            return n0 - wilds - 1, 0
        return n0 - wilds - 1, self._accept(acc)

    def _value(self, t: Target, sh: int, counts: Sequence[int], wilds: int, melds: int) -> float:
        v = t.value
        if self._fan is not None:
            fan = self._fan
            for k in self.bonus_kinds:
                if counts[k] >= 3:
                    fan += 1
            if fan:
                v = self._bonus_value(v, fan)
        if sh == 0 and wilds and self.lone_wild > 1 and lone_wild_wait(t, counts, wilds, melds):
            v *= self.lone_wild
        return v

    def _bonus_value(self, v: float, fan: int) -> float:
        """``v`` raised by ``fan`` additions, as the family counts them (memoised)."""
        hit = self._values.get((v, fan))
        if hit is None:
            rules = self.rules
            hit = self._values[v, fan] = family_of(rules).with_fan(rules, v, fan)
        return hit

    def _chance(self, t: Target, sh: int, accept: int) -> float:
        """:func:`win_chance` for this view (its arguments fixed but the target's)."""
        key = (sh, accept, t.name)
        hit = self._chances.get(key)
        if hit is None:
            hit = self._chances[key] = win_chance(
                max(-1, sh), accept, self.unseen, self.draws, self.discard_wins, self.hazard,
                round(t.share * self.pace, 3), self.spread,
            )  # fmt: skip
        return hit

    def _worth(
        self, found: list[tuple[Target, int, int]], counts: Sequence[int], wilds: int, melds: int
    ) -> tuple[float, Prospect | None]:
        # the targets' own values, unless bonuses or 飞牌 (when ready) may change them
        bonus = self._fan is not None
        lone = bool(wilds) and self.lone_wild > 1
        chances = self._chances
        best: tuple[Target, int, int, float] | None = None
        top: list[float] = []  # a min-heap of the three best worths so far
        ready_end = self.ready_end
        for t, sh, accept in found:
            v = self._value(t, sh, counts, wilds, melds) if bonus or (lone and sh == 0) else t.value
            chance = chances.get((sh, accept, t.name))
            if chance is None:
                # a target that cannot reach the three best even at its widest acceptance
                # does not change the result: skip its chance (the costly part)
                if not ready_end and len(top) == 3 and v * self._ceiling(t, sh) < top[0]:
                    continue
                chance = self._chance(t, sh, accept)
            w = v * chance
            if ready_end:
                # ready at the wall's end without having won: the chance of getting one step
                # short of the win in time (the same model), less the chance of the win
                ready = 1.0 if sh <= 0 else self._chance(t, sh - 1, accept)
                w += ready_end * v * max(0.0, ready - chance)
            if best is None or w > best[3]:
                best = (t, sh, accept, w)
            if len(top) < 3:
                heappush(top, w)
            elif w > top[0]:
                heapreplace(top, w)
        if best is None:
            return 0.0, None
        ws = sorted(top, reverse=True)
        # the best target counts, the next two a little (a hand that can go several ways);
        # between equals, the wider acceptance
        return ws[0] + self.flex * sum(ws[1:3]) + 1e-5 * best[2], Prospect(*best)

    def _ceiling(self, t: Target, sh: int) -> float:
        """A bound on :meth:`_chance` over every acceptance: the chance rises with the first
        step's acceptance, which the model caps (its tilt at most 2), so the widest one
        bounds it; a hair above, for rounding."""
        return self._chance(t, sh, _WIDEST) * (1.0 + 1e-9) + 1e-12

    def worth(self, counts: Sequence[int], wilds: int, melds: int) -> tuple[float, Prospect | None]:
        """A 13-tile hand's worth (best target plus a little of the next) and best prospect."""
        if melds < 0:  # five sets (16 tiles): the best of each set held, taken out
            best: tuple[float, Prospect | None] = (0.0, None)
            for rest in held_sets_out(counts):
                got = self.worth(rest, wilds, melds + 1)
                if got[0] > best[0]:
                    best = got
            return best
        found: list[tuple[Target, int, int]] = []
        shape = _Shape.of(counts, 4 - melds)
        for t in self.targets:
            if t.any_form:
                sh, mask = _any_form(self.rules, counts, wilds, melds)
                found.append((t, sh, self._accept_mask(mask)))
                continue
            if shape is None or t.special:
                sh, accept = self._target(t, counts, wilds, melds)
            else:
                n0, mask = shape.target(t, _spec(t), counts)
                sh = n0 - wilds - 1
                accept = self._accept_mask(mask) if sh <= 6 else 0
            if sh <= 6:
                found.append((t, sh, accept))
        return self._worth(found, counts, wilds, melds)
