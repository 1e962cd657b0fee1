"""Each discard's worth (:class:`HandView`, what the ``easy`` / ``normal`` / ``hard``
players ask on every turn): a target that does not hold the discarded kind keeps its shape,
so its worth is weighed once and reused; the targets are read from count masks and
per-suit tables (:class:`engine.players.shape_tables._Shape`), with the plain search where a
pattern is outside the shipped tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import analysis
from engine.family import family_of
from engine.players.chance import Prospect, win_chance
from engine.players.hand_worth import HandWorth, _new_tuple
from engine.players.shape_search import _with_pair_kinds, target_shape
from engine.players.shape_tables import (
    _ANY_SPEC,
    _FLUSH,
    _FLUSHES,
    _HONOURS,
    _NO_HONOURS,
    _PUNG_CORES,
    _PUNGS,
    _SPECIAL_SPEC,
    _flush_core,
    _plan_of,
    _pung_core,
    _Shape,
    _suit_table,
)
from engine.players.targets import Target, held_sets_out
from engine.tiles import COUNT_BYTE


class HandView(HandWorth):
    """One seat's hand and what it can see, in the form the evaluation works on.

    The targets' distances are read from count masks and per-suit tables (see
    :class:`_Shape`), the same numbers :func:`target_shape` searches for; each discard
    re-reads only the targets that hold the discarded kind."""

    __slots__ = ()

    def _discards_held_out(
        self, counts: Sequence[int], wilds: int, melds: int
    ) -> list[tuple[int, float, Prospect | None]]:
        """:meth:`discards` of a hand of five sets (17 tiles, no meld): the targets and
        tables know four sets, so each set the hand holds whole is taken out in turn (as a
        meld already made) and a discard is worth the best it leaves with any of them. A
        hand holding no whole set is valued flat (every discard alike): it is far from
        ready whatever it throws."""
        best: dict[int, tuple[float, Prospect | None]] = {}
        for rest in held_sets_out(counts):
            for k, w, p in self.discards(rest, wilds, melds + 1):
                if k not in best or w > best[k][0]:
                    best[k] = (w, p)
        kinds = ([-1] if wilds else []) + [k for k in range(34) if counts[k]]
        return [(k, *best.get(k, (0.0, None))) for k in kinds]

    def discards(
        self, counts: Sequence[int], wilds: int, melds: int
    ) -> list[tuple[int, float, Prospect | None]]:
        """For a 14-tile hand: each distinct discard (-1: a wildcard) with the worth of what
        is left and its best prospect."""
        if melds < 0:
            return self._discards_held_out(counts, wilds, melds)
        c = list(counts)
        shape = _Shape.of(c, 4 - melds)
        if shape is None:  # a pattern outside the shipped tables: the plain search
            return self._discards_searched(c, wilds, melds)
        plan, plain = _plan_of(self.targets)
        anyform = self._any_form_discards(c, wilds, melds) if plain else {}
        # targets far behind the nearest one are not worth the time (nor, at these values,
        # the tiles); each target's shape now is also its shape after a discard it does not
        # hold: (target, spec, its kinds' mask, need now, accepting unseen tiles now)
        rows: list[tuple[Target, tuple[int, int, int], int, int, int]] = []
        dist: list[int] = []
        for t, spec, kinds in plan:
            if spec is _ANY_SPEC:
                rows.append((t, _ANY_SPEC, 0, 0, 0))
                dist.append(min(sh for sh, _ in anyform.values()))
            elif spec is _SPECIAL_SPEC:
                rows.append((t, _SPECIAL_SPEC, 0, 0, 0))
                dist.append(self._target(t, c, wilds, melds)[0])
            else:
                n0, mask = shape.target(t, spec, c)
                rows.append((t, spec, kinds, n0, mask))
                dist.append(n0 - wilds - 1)
        if dist:
            closest = min(dist)
            unseen_in = self._accept_mask
            rows = [
                (t, spec, kinds, n0, unseen_in(mask) if spec[0] >= 0 else 0)
                for (t, spec, kinds, n0, mask), d in zip(rows, dist, strict=True)
                if d <= closest + 2 and d <= 6
            ]
        if self._fan is None and not self.ready_end and not (wilds and self.lone_wild > 1):
            # each target's value is its own (no bonus, 飞牌 or 查叫 share): the targets a
            # discard leaves alone keep their worth, weighed once for every discard
            return self._discards_fixed(rows, anyform, shape, c, wilds, melds)
        out = []
        for k in ([-1] if wilds else []) + [k for k in range(34) if c[k]]:
            if k < 0:
                found = self._found(rows, anyform.get(-1, (0, 0)), c, wilds - 1, melds)
                out.append((k, *self._worth(found, c, wilds - 1, melds)))
                continue
            after = shape.without(k)
            c[k] -= 1
            found = []
            for t, spec, kinds, n0, accept in rows:
                if spec is _ANY_SPEC:
                    sh, accept = anyform[k]
                elif spec is _SPECIAL_SPEC:
                    sh, accept = self._target(t, c, wilds, melds)
                    if sh > 6:
                        continue
                else:
                    if kinds >> k & 1:  # it holds the discarded kind: read again
                        n0, mask = after.target(t, spec, c)
                        accept = -1 if n0 - wilds - 1 > 6 else self._accept_mask(mask)
                    sh = n0 - wilds - 1
                    if sh > 6:
                        continue
                found.append((t, sh, accept))
            out.append((k, *self._worth(found, c, wilds, melds)))
            c[k] += 1
        return out

    def _discards_fixed(
        self,
        rows: list[tuple[Target, tuple[int, int, int], int, int, int]],
        anyform: dict[int, tuple[int, int]],
        shape: _Shape,
        c: list[int],
        wilds: int,
        melds: int,
    ) -> list[tuple[int, float, Prospect | None]]:
        """:meth:`discards` where a target's worth is its value times its chance (what
        :meth:`_worth` then does): a target that does not hold the discarded kind keeps its
        shape, so its worth is weighed once and reused. Each discard's worth is the same
        sum of the same numbers as :meth:`_worth`'s: the best three worths in order, the
        best target the first to reach the largest (its ``>`` over the rows in order)."""
        out: list[tuple[int, float, Prospect | None]] = []
        # engine.analysis's suit table (read by _Shape.of before this) and the classes
        # read so far
        suit_file = _suit_table()
        suit_known = suit_file.known
        if wilds:
            found = self._found(rows, anyform.get(-1, (0, 0)), c, wilds - 1, melds)
            out.append((-1, *self._worth(found, c, wilds - 1, melds)))
        chances = self._chances
        flex = self.flex
        p0, p1, p2 = self._planes
        uw = self.unseen_wilds
        # win_chance's arguments but the target's (as _chance passes them)
        unseen, draws, dw = self.unseen, self.draws, self.discard_wins
        hazard, spread, pace = self.hazard, self.spread, self.pace
        # per row: its target, how it is read, its kinds (-1: read for every discard: the
        # plain hand, a family's form), need now, accepting tiles now, its worth now, and
        # win_chance's share for it
        fixed: list[tuple[Target, tuple[int, int, int], int, int, int, float, float]] = []
        for t, spec, kinds, n0, accept in rows:
            share = round(t.share * pace, 3)
            if spec[0] < 0:
                fixed.append((t, spec, -1, n0, accept, 0.0, share))
                continue
            sh = n0 - wilds - 1
            key = (sh, accept, t.name)
            chance = chances.get(key)
            if chance is None:
                chance = chances[key] = win_chance(
                    max(-1, sh), accept, unseen, draws, dw, hazard, share, spread
                )
            fixed.append((t, spec, kinds, n0, accept, t.value * chance, share))
        # the shape as _Shape.without and _Shape.target read it, worked out inline per
        # discard (a call and an object per discard and target otherwise)
        held0, held1, held2, _ = shape.held
        honours0, code0, suits, keys, sets = (
            shape.honours, shape.code, shape.suits, shape.keys, shape.sets
        )  # fmt: skip
        for k in [k for k in range(34) if c[k]]:
            n = c[k]
            c[k] = n - 1
            # the kinds held 0/1/2 times after the discard (four: in none of them)
            bit = 1 << k
            h0, h1, h2 = held0, held1, held2
            if n == 1:
                h1 ^= bit
                h0 |= bit
            elif n == 2:
                h2 ^= bit
                h1 |= bit
            elif n == 3:
                h2 |= bit
            honours, code, sx = honours0, code0, -1
            cls_x: Any = None
            if k >= 27:
                if n < 4:
                    tally = list(honours0)
                    tally[n if n < 3 else 3] -= 1
                    tally[n - 1] += 1
                    honours = (tally[0], tally[1], tally[2], tally[3])
                    code = tally[0] | tally[1] << 3 | tally[2] << 6
            else:
                sx, j = divmod(k, 9)
                pattern = keys[sx]
                pattern = pattern[:j] + COUNT_BYTE[pattern[j] - 1] + pattern[j + 1 :]
                cls_x = suit_known.get(pattern)
                if cls_x is None:
                    cls_x = suit_file[pattern]
            ws: list[float] = []
            top: float | None = None  # the best worth so far (the first to reach it kept)
            best: tuple[Target, int, int] | None = None
            # The reading of each target below repeats _Shape.target line for line, inline:
            # this loop runs for every target of every candidate discard of every hard
            # decision, and a call per target was most of its cost. test_evaluation_fast holds
            # the two to the same numbers, bit for bit; change them together.
            for t, spec, kinds, n0, accept, w, share in fixed:
                if kinds >= 0 and not kinds >> k & 1:  # the discard leaves it as it is
                    sh = n0 - wilds - 1
                else:
                    if spec is _ANY_SPEC:
                        sh, accept = anyform[k]
                    elif spec is _SPECIAL_SPEC:
                        sh, accept = self._target(t, c, wilds, melds)
                        if sh > 6:
                            continue
                    else:
                        how, arg, extra = spec
                        if how == _FLUSH:  # as _Shape.target reads it
                            cls: Any = cls_x if arg == sx else suits[arg]
                            if extra:
                                hit = _FLUSHES.get((cls[0] << 10 | code) << 3 | sets)
                                if hit is None:
                                    hit = _flush_core(cls[0], honours, code, sets)
                            else:
                                hit = _FLUSHES.get((cls[0] << 10 | _NO_HONOURS) << 3 | sets)
                                if hit is None:
                                    hit = _flush_core(cls[0], None, _NO_HONOURS, sets)
                            n0, splits, lower = hit
                            acc = cls[1]
                            m = 0
                            for i in splits:
                                m |= acc[i]
                            mask = m << 9 * arg
                            if lower:
                                if lower & 1:
                                    mask |= h0 & _HONOURS
                                if lower & 2:
                                    mask |= h1 & _HONOURS
                                if lower & 4:
                                    mask |= h2 & _HONOURS
                        elif how == _PUNGS:  # as _Shape.target reads it
                            a0 = (h0 & arg).bit_count()
                            a1 = (h1 & arg).bit_count()
                            a2 = (h2 & arg).bit_count()
                            a3 = extra - a0 - a1 - a2
                            pung = _PUNG_CORES.get(a0 | a1 << 6 | a2 << 12 | a3 << 18 | sets << 24)
                            if pung is None:
                                pung = _pung_core(a0, a1, a2, a3, sets)
                            n0, lower = pung
                            mask = 0
                            if lower & 1:
                                mask |= h0 & arg
                            if lower & 2:
                                mask |= h1 & arg
                            if lower & 4:
                                mask |= h2 & arg
                        else:  # searched: from the counts alone
                            n0, mask = shape.target(t, spec, c)
                        sh = n0 - wilds - 1
                        if sh > 6:
                            continue
                        # _accept_mask, inline
                        accept = (
                            uw
                            + (mask & p0).bit_count()
                            + 2 * (mask & p1).bit_count()
                            + 4 * (mask & p2).bit_count()
                        )
                    key = (sh, accept, t.name)
                    chance = chances.get(key)
                    if chance is None:
                        # as in _worth: a target that cannot reach the best three even at
                        # its widest acceptance changes nothing (its chance is not needed)
                        if len(ws) >= 3 and t.value * self._ceiling(t, sh) < sorted(ws)[-3]:
                            continue
                        chance = chances[key] = win_chance(
                            max(-1, sh), accept, unseen, draws, dw, hazard, share, spread
                        )
                    w = t.value * chance
                if top is None or w > top:
                    top = w
                    best = (t, sh, accept)
                ws.append(w)
            c[k] += 1
            if top is None or best is None:
                out.append((k, 0.0, None))
                continue
            ws.sort(reverse=True)
            pt, psh, pacc = best
            worth = ws[0] + flex * sum(ws[1:3]) + 1e-5 * pacc
            # Prospect(pt, psh, pacc, top), made without its Python-level __new__
            out.append((k, worth, _new_tuple(Prospect, (pt, psh, pacc, top))))
        return out

    def _found(
        self,
        rows: list[tuple[Target, tuple[int, int, int], int, int, int]],
        anyform: tuple[int, int],
        counts: list[int],
        wilds: int,
        melds: int,
    ) -> list[tuple[Target, int, int]]:
        """The targets' (shanten, acceptance) for the wildcard's discard: the shapes as now."""
        found = []
        for t, spec, _, n0, accept in rows:
            if spec is _ANY_SPEC:
                found.append((t, *anyform))
            elif spec is _SPECIAL_SPEC:
                sh, acc = self._target(t, counts, wilds, melds)
                if sh <= 6:
                    found.append((t, sh, acc))
            elif n0 - wilds - 1 <= 6:
                found.append((t, n0 - wilds - 1, accept))
        return found

    def _any_form_discards(
        self, c: list[int], wilds: int, melds: int
    ) -> dict[int, tuple[int, int]]:
        """Per discard, (shanten, accepting unseen tiles) of the plain hand (any form)."""
        if not any(t.any_form for t in self.targets):
            return {}
        sp = self.rules.seven_pairs and melds == 0
        so = melds == 0 and self.rules.orphans_form
        options = analysis.discard_masks(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so)
        pair_kinds = family_of(self.rules).plain_pair_kinds(self.rules)
        if pair_kinds is not None:
            fixed = []
            for k, sh, mask in options:
                w = wilds
                if k < 0:
                    w -= 1
                else:
                    c[k] -= 1
                fixed.append((k, *_with_pair_kinds(c, w, melds, sp, pair_kinds, sh, mask)))
                if k >= 0:
                    c[k] += 1
            options = fixed
        return {k: (sh, self._accept_mask(mask)) for k, sh, mask in options}

    def _discards_searched(
        self, c: list[int], wilds: int, melds: int
    ) -> list[tuple[int, float, Prospect | None]]:
        """:meth:`discards` with every target's shape searched (:func:`target_shape`)."""
        anyform = self._any_form_discards(c, wilds, melds)
        near: list[Target] = []
        dist: list[tuple[int, Target]] = []
        for t in self.targets:
            if t.any_form:
                dist.append((min(sh for sh, _ in anyform.values()), t))
            elif t.special:
                dist.append((self._target(t, c, wilds, melds)[0], t))
            else:
                n0, _ = target_shape(t, 4 - melds, tuple([c[k] for k in t.kinds()]))
                dist.append((n0 - wilds - 1, t))
        if dist:
            closest = min(d for d, _ in dist)
            near = [t for d, t in dist if d <= closest + 2 and d <= 6]
        out = []
        for k in ([-1] if wilds else []) + [k for k in range(34) if c[k]]:
            w = wilds
            if k < 0:
                w -= 1
            else:
                c[k] -= 1
            found: list[tuple[Target, int, int]] = []
            for t in near:
                if t.any_form:
                    sh, accept = anyform[k]
                else:
                    sh, accept = self._target(t, c, w, melds)
                    if sh > 6:
                        continue
                found.append((t, sh, accept))
            worth, best = self._worth(found, c, w, melds)
            out.append((k, worth, best))
            if k >= 0:
                c[k] += 1
        return out
