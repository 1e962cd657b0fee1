"""How far a hand is from each paying pattern, and what that is worth: the offence of the
``easy`` / ``normal`` / ``hard`` players.

A *target* is a family of winning hands the preset pays for: any complete hand (where a
chicken may win), a flush in one suit (with or without honours), all pungs, the
terminal pungs. Targets are read from the preset's pattern table (``rules.patterns``), so
the same code plays 正百搭, 鸡胡百搭 and 鸡平胡; a pattern the preset does not pay is not a
target, and in 正百搭 (where a bare chicken cannot win) only patterns are.

For each target the hand has a *need*: the fewest tiles to add so that the tiles it keeps
(inside the target's kinds) make the target's sets and pair. Wildcards fill any gap, so
``shanten = need - wilds - 1`` as in :mod:`engine.analysis`. Tiles outside the target are
simply thrown later (each draw is matched by a discard). The acceptance of a target is the
number of unseen tiles (wildcards included) that lower its need.

A discard's worth is the best target's ``value x chance of completing it before the wall
runs out`` (:func:`win_chance`), a deliberately simple model: a number of steps (shanten + 1)
each taken with the probability of drawing an accepting tile, the last one also from the
other players' discards where discard wins are allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.analysis import build
from engine.family import family_of
from engine.melds import Meld
from engine.rules import Rules

ORPHAN_KINDS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


# --- per-suit distances (fewest tiles to add for m sets and p pairs) ---------------------


# the same search that builds engine.analysis's tables (pungs_allowed=False: runs only)
_matched = build._best_matched


def _shipped_tables() -> tuple[Mapping[bytes, Any], Sequence[Sequence[int]]]:
    """The per-suit vectors :mod:`engine.analysis` ships (the same numbers as
    :func:`_searched_vector`, looked up instead of searched); empty when its tables cannot
    be read."""
    try:
        from engine.analysis.tables import SUIT, VECTORS
    except Exception:
        return {}, []
    return SUIT, VECTORS


_SHIPPED: tuple[Mapping[bytes, Any], Sequence[Sequence[int]]] | None = None


def suit_vector(counts9: tuple[int, ...]) -> tuple[int, ...]:
    """Fewest tiles to add for m sets (+ p pair) in one numbered suit, index ``2*m + p``."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = _shipped_tables()
    cls = _SHIPPED[0].get(bytes(counts9))
    if cls is not None and cls[0] >= 0:
        return tuple(_SHIPPED[1][cls[0]])
    return _searched_vector(counts9)


@lru_cache(maxsize=1 << 14)
def _searched_vector(counts9: tuple[int, ...]) -> tuple[int, ...]:
    matched = _matched(counts9, 0, 0)
    assert matched is not None
    return tuple(3 * (i // 2) + 2 * (i % 2) - matched[i] for i in range(10))


@lru_cache(maxsize=1 << 16)
def run_vector(counts9: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`suit_vector` with runs only (平胡's sets)."""
    matched = _matched(counts9, 0, 0, False)
    assert matched is not None
    return tuple(3 * (i // 2) + 2 * (i % 2) - matched[i] for i in range(10))


def _pair_only_vector(honours: Sequence[int]) -> tuple[int, ...]:
    """Honours in a hand of runs: only the pair."""
    pair = min((max(0, 2 - n) for n in honours), default=2)
    return (0, pair) + (99,) * 8


def _pung_classes(counts: Sequence[int], kinds: Sequence[int]) -> tuple[int, int, int, int]:
    """How many of ``kinds`` are held 0, 1, 2 and 3+ times."""
    a = [0, 0, 0, 0]
    for k in kinds:
        n = counts[k]
        a[n if n < 3 else 3] += 1
    return a[0], a[1], a[2], a[3]


@lru_cache(maxsize=4096)
def pung_need(classes: tuple[int, int, int, int], sets: int, pairs: int) -> int:
    """Fewest tiles to add for ``sets`` pungs and ``pairs`` (0/1) pairs, each of its own kind,
    from kinds held 0/1/2/3+ times (``classes``); 99 when there are not enough kinds."""
    best = 99
    pair_options: list[tuple[int, int]] = [(-1, 0)] if pairs == 0 else []
    if pairs:
        for cls, cost in ((3, 0), (2, 0), (1, 1), (0, 2)):
            if classes[cls]:
                pair_options.append((cls, cost))
    for cls, cost in pair_options:
        left = list(classes)
        if cls >= 0:
            left[cls] -= 1
        need = cost
        want = sets
        for c in (3, 2, 1, 0):
            take = min(want, left[c])
            need += take * (3 - c)
            want -= take
        if want == 0 and need < best:
            best = need
    return best


def honour_vector(counts: Sequence[int]) -> tuple[int, ...]:
    """:func:`suit_vector` for the seven honours (pungs and pairs only)."""
    cls = _pung_classes(counts, range(27, 34))
    return tuple(pung_need(cls, i // 2, i % 2) for i in range(10))


# --- targets --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """A family of winning hands: ``suits`` (0-2 numbered, 3 honours) it may use, whether it
    must be all pungs, and what one payer pays for it (at unit 1, before bonuses)."""

    name: str
    value: float
    suits: tuple[int, ...]
    pungs: bool = False
    orphans: bool = False
    chows: bool = False  # runs only (平胡)
    any_form: bool = False  # the plain standard form over every kind (plus 7 pairs / 13 orphans)
    special: bool = False  # a form the rule family measures (special_need), jokers as faces

    @property
    def share(self) -> float:
        """Roughly how much of an ordinary hand's acceptance this target keeps."""
        if self.any_form:
            return 1.0
        if self.special:
            return 0.35
        if self.pungs:
            return 0.3 if not self.orphans else 0.2
        if self.chows:
            return 0.8
        return 0.55 if len(self.suits) > 1 else 0.4

    def fits(self, melds: Sequence[Meld]) -> bool:
        if self.special:
            return all(m.base >= 27 for m in melds) if self.name == "all_honours" else not melds
        for m in melds:
            b = m.base
            if (3 if b >= 27 else b // 9) not in self.suits:
                return False
            if self.pungs and not m.is_triplet:
                return False
            if self.chows and m.is_triplet:
                return False
            if self.orphans and b not in ORPHAN_KINDS:
                return False
        return True

    def kinds(self) -> tuple[int, ...]:
        hit = _KINDS.get(self.name)
        if hit is None:
            hit = _KINDS[self.name] = self._kinds()
        return hit

    def _kinds(self) -> tuple[int, ...]:
        out: list[int] = []
        for s in self.suits:
            out += range(27, 34) if s == 3 else range(9 * s, 9 * s + 9)
        if self.orphans:
            out = [k for k in out if k in ORPHAN_KINDS]
        return tuple(out)


_KINDS: dict[str, tuple[int, ...]] = {}  # target name -> its kinds (names say it all)


def _value(rules: Rules, pattern: str) -> float | None:
    """What one payer pays for ``pattern`` under ``rules`` (the rule family says; a family
    values the targets its own patterns make, e.g. Shanghai's any complete hand), or None."""
    return family_of(rules).target_value(rules, pattern)


@lru_cache(maxsize=64)
def targets_for(rules: Rules) -> tuple[Target, ...]:
    """The targets worth aiming at under ``rules`` (from its pattern table)."""
    out: list[Target] = []
    v = _value(rules, "chicken")
    if v is not None:
        out.append(Target("chicken", v, (0, 1, 2, 3), any_form=True))
    honours = rules.honours
    v = _value(rules, "all_chows")
    if v is not None:
        out.append(Target("all_chows", v, (0, 1, 2, 3) if honours else (0, 1, 2), chows=True))
    for name, suits_of, pungs in (
        ("half_flush", lambda x: (x, 3), False),
        ("full_flush", lambda x: (x,), False),
        ("half_flush_pungs", lambda x: (x, 3), True),
        ("full_flush_pungs", lambda x: (x,), True),
    ):
        v = _value(rules, name)
        if v is None or ("half" in name and not honours):
            continue
        for x in range(3):
            out.append(Target(f"{name}:{'mps'[x]}", v, suits_of(x), pungs=pungs))
    v = _value(rules, "all_pungs")
    if v is not None:
        out.append(Target("all_pungs", v, (0, 1, 2, 3) if honours else (0, 1, 2), pungs=True))
    v = _value(rules, "mixed_terminals")
    if v is not None and honours:
        out.append(Target("mixed_terminals", v, (0, 1, 2, 3), pungs=True, orphans=True))
    v = _value(rules, "all_honors")
    if v is not None and honours:
        out.append(Target("all_honors", v, (3,), pungs=True))
    # forms that are not sets and a pair (Quzhou's 七风 …): the family measures them
    for name in family_of(rules).special_targets(rules):
        v = _value(rules, name)
        if v is not None:
            out.append(Target(name, v, (0, 1, 2, 3), special=True))
    return tuple(out)


def need(target: Target, counts: Sequence[int], melds: int) -> int:
    """Fewest natural tiles to add (before wildcards) for ``target``; ``counts`` has 34 entries."""
    sets = 4 - melds
    if target.pungs:
        return pung_need(_pung_classes(counts, target.kinds()), sets, 1)
    vecs = [
        honour_vector(counts) if s == 3 else suit_vector(tuple(counts[9 * s : 9 * s + 9]))
        for s in target.suits
    ]
    acc = vecs[0]
    for v in vecs[1:]:
        acc = build.combine(acc, v)
    return acc[2 * sets + 1]


# --- chances and worth ----------------------------------------------------------------------


# a hand's acceptance narrows as it fills: typical accepting tiles with k steps to go
# (k = shanten + 1) of an ordinary hand; a hand's later steps are scaled from its own
# acceptance now along this curve
TYPICAL_ACCEPT = (0, 7, 20, 32, 42, 50, 55, 60, 64, 68)


@lru_cache(maxsize=1 << 17)
def win_chance(
    shanten: int,
    accept: int,
    unseen: int,
    draws: int,
    discard_wins: bool,
    hazard: float = 0.0,
    share: float = 1.0,
    spread: float = 0.35,
) -> float:
    """Rough chance of completing a hand ``shanten`` away with ``accept`` accepting tiles
    among ``unseen`` in ``draws`` more own draws, while the hand survives each round with
    probability ``1 - hazard`` (somebody else may win first). ``share``: how much of an
    ordinary hand's acceptance the target keeps (a flush accepts only its suit)."""
    if shanten < 0:
        return 1.0
    if draws <= 0 or accept <= 0 or unseen <= 0:
        return 0.0
    steps = shanten + 1
    curve = TYPICAL_ACCEPT
    # every step is taken with the target's typical acceptance for its distance; the next
    # step a little faster or slower as the hand's acceptance now is wide or narrow (a
    # narrow hand now is not a narrow hand for ever: bounded, so the nearer hand stays
    # ahead, as in play)
    typical = [curve[min(k, len(curve) - 1)] * share for k in range(steps + 1)]
    tilt = min(2.0, max(0.5, (accept / typical[steps]) ** spread))
    qs = [min(0.9, typical[k] / unseen) for k in range(steps + 1)]
    qs[steps] = min(0.9, typical[steps] * tilt / unseen)
    # the last step also wins on the others' discards where that is allowed
    qs[1] = 1.0 - (1.0 - qs[1]) ** (2.0 if discard_wins else 1.0)
    # dist[k]: probability that k steps are still to take (and nobody else has won)
    dist = [0.0] * (steps + 1)
    dist[steps] = 1.0
    done = 0.0
    alive = 1.0 - hazard
    for _ in range(draws):
        new = [0.0] * (steps + 1)
        for k in range(1, steps + 1):
            m = dist[k]
            if m == 0.0:
                continue
            p = qs[k]
            new[k - 1] += m * p
            new[k] += m * (1.0 - p) * alive
        done += new[0]
        new[0] = 0.0
        dist = new
    return done


@dataclass(frozen=True, slots=True)
class Prospect:
    """A target's state for one hand: shanten, accepting unseen tiles, estimated worth."""

    target: Target
    shanten: int
    accept: int
    worth: float


class HandView:
    """One seat's hand and what it can see, in the form the evaluation works on."""

    __slots__ = (
        "bonus_kinds",
        "discard_wins",
        "draws",
        "face_kind",
        "flex",
        "hazard",
        "lone_wild",
        "melds",
        "pace",
        "rules",
        "seen",
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
    ) -> None:
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
        # rounded a little: the chance model is rough, and equal inputs hit its cache
        self.unseen = max(4, 4 * round((sum(4 - min(4, x) for x in seen) + unseen_wilds) / 4))
        self.draws = draws
        # where a called meld closes discard wins (Beijing) a hand is played for the self-draw,
        # which pays three times a discard win there anyway
        self.discard_wins = rules.discard_wins and not rules.discard_win_concealed
        self.targets = [t for t in targets_for(rules) if t.fits(melds) and (chows or not t.chows)]

    def _accept(self, kinds: Sequence[int]) -> int:
        seen = self.seen
        return self.unseen_wilds + sum(4 - seen[k] for k in kinds if seen[k] < 4)

    def _target(self, t: Target, counts: Sequence[int], wilds: int, melds: int) -> tuple[int, int]:
        """(shanten, accepting unseen tiles) of a 13-tile hand for a restricted target."""
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
        rules = self.rules
        if self.bonus_kinds:
            fan = sum(1 for m in self.melds if m.is_triplet and m.base in self.bonus_kinds)
            fan += sum(1 for k in self.bonus_kinds if counts[k] >= 3)
            v = family_of(rules).with_fan(rules, v, fan)
        if sh == 0 and wilds and self.lone_wild > 1 and lone_wild_wait(t, counts, wilds, melds):
            v *= self.lone_wild
        return v

    def _worth(
        self, found: list[tuple[Target, int, int]], counts: Sequence[int], wilds: int, melds: int
    ) -> tuple[float, Prospect | None]:
        best: Prospect | None = None
        ws = []
        for t, sh, accept in found:
            w = self._value(t, sh, counts, wilds, melds) * win_chance(
                max(-1, sh), accept, self.unseen, self.draws, self.discard_wins, self.hazard,
                round(t.share * self.pace, 3), self.spread,
            )  # fmt: skip
            ws.append(w)
            if best is None or w > best.worth:
                best = Prospect(t, sh, accept, w)
        if not ws:
            return 0.0, None
        ws.sort(reverse=True)
        assert best is not None
        # the best target counts, the next two a little (a hand that can go several ways);
        # between equals, the wider acceptance
        return ws[0] + self.flex * sum(ws[1:3]) + 1e-5 * best.accept, best

    def worth(self, counts: Sequence[int], wilds: int, melds: int) -> tuple[float, Prospect | None]:
        """A 13-tile hand's worth (best target plus a little of the next) and best prospect."""
        found: list[tuple[Target, int, int]] = []
        for t in self.targets:
            if t.any_form:
                sh, kinds = _any_form(self.rules, counts, wilds, melds)
                found.append((t, sh, self._accept(kinds)))
            else:
                sh, accept = self._target(t, counts, wilds, melds)
                if sh <= 6:
                    found.append((t, sh, accept))
        return self._worth(found, counts, wilds, melds)

    def discards(
        self, counts: Sequence[int], wilds: int, melds: int
    ) -> list[tuple[int, float, Prospect | None]]:
        """For a 14-tile hand: each distinct discard (-1: a wildcard) with the worth of what
        is left and its best prospect."""
        anyform: dict[int, tuple[int, int]] = {}
        if any(t.any_form for t in self.targets):
            from engine import analysis

            sp = self.rules.seven_pairs and melds == 0
            so = melds == 0 and self.rules.orphans_form
            for o in analysis.discard_options(
                list(counts), wilds, melds, seven_pairs=sp, thirteen_orphans=so,
                visible=[0] * 34,
            ):  # fmt: skip
                anyform[o.kind] = (o.shanten, self._accept(o.accept_kinds))
        # targets far behind the nearest one are not worth the time (nor, at these values, the tiles)
        near: list[Target] = []
        dist: list[tuple[int, Target]] = []
        for t in self.targets:
            if t.any_form:
                dist.append((min(sh for sh, _ in anyform.values()), t))
            elif t.special:
                dist.append((self._target(t, counts, wilds, melds)[0], t))
            else:
                n0, _ = target_shape(t, 4 - melds, tuple([counts[k] for k in t.kinds()]))
                dist.append((n0 - wilds - 1, t))
        if dist:
            closest = min(d for d, _ in dist)
            near = [t for d, t in dist if d <= closest + 2 and d <= 6]
        out = []
        c = list(counts)
        options = ([-1] if wilds else []) + [k for k in range(34) if c[k]]
        for k in options:
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


_SHAPES: dict[tuple[str, int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}


def target_shape(t: Target, sets: int, key: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(need, accepting kinds) of the tiles ``key`` (the counts of ``t.kinds()``, in order)
    for ``sets`` sets and a pair inside the target (memoised by the target's name)."""
    k = (t.name, sets, key)
    hit = _SHAPES.get(k)
    if hit is None:
        if len(_SHAPES) > 400_000:  # keep memory bounded
            _SHAPES.clear()
        hit = _SHAPES[k] = _target_shape(t, sets, key)
    return hit


def _target_shape(t: Target, sets: int, key: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    kinds = t.kinds()
    acc: list[int] = []
    if t.chows:
        return _runs_shape(kinds, sets, key)
    if t.pungs:
        cls = _pung_classes(key, range(len(key)))
        n0 = pung_need(cls, sets, 1)
        lowers = _class_moves(cls, sets, 1, n0)
        acc = [k for k, n in zip(kinds, key, strict=True) if n < 3 and lowers[n]]
        return n0, tuple(acc)
    sx = list(key[:9])
    vx = suit_vector(tuple(sx))
    vh: tuple[int, ...] | None = None
    hmoves: tuple[tuple[int, ...] | None, ...] = ()
    if len(key) > 9:
        hkey = key[9:]
        cls = _pung_classes(hkey, range(7))
        vh = tuple(pung_need(cls, i // 2, i % 2) for i in range(10))
        hm: list[tuple[int, ...] | None] = []
        for n in range(3):
            if cls[n]:
                moved = list(cls)
                moved[n] -= 1
                moved[n + 1] += 1
                mc = (moved[0], moved[1], moved[2], moved[3])
                hm.append(tuple(pung_need(mc, i // 2, i % 2) for i in range(10)))
            else:
                hm.append(None)
        hmoves = tuple(hm)
    n0 = _need2(vx, vh, sets)
    for j in range(9):
        sx[j] += 1
        if _need2(suit_vector(tuple(sx)), vh, sets) < n0:
            acc.append(kinds[j])
        sx[j] -= 1
    if vh is not None:
        lower = [v is not None and _need2(vx, v, sets) < n0 for v in hmoves]
        for i in range(7):
            n = key[9 + i]
            if n < 3 and lower[n]:
                acc.append(kinds[9 + i])
    return n0, tuple(acc)


def _runs_shape(
    kinds: Sequence[int], sets: int, key: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    """(need, accepting kinds) of four runs and a pair over every suit (平胡)."""
    parts = [tuple(key[9 * x : 9 * x + 9]) for x in range(3)]
    honours = key[27:] if len(key) > 27 else ()
    vs = [run_vector(p) for p in parts] + [_pair_only_vector(honours)]
    # each part's complement, from prefix and suffix combinations (6 combinations, not 12)
    l01 = build.combine(vs[0], vs[1])
    r23 = build.combine(vs[2], vs[3])
    rests = [build.combine(vs[1], r23), build.combine(vs[0], r23), build.combine(l01, vs[3]), build.combine(l01, vs[2])]

    def with_rest(v: Sequence[int], rest: Sequence[int]) -> int:
        best = 99
        for m1 in range(sets + 1):
            m2 = 2 * (sets - m1)
            a = v[2 * m1] + rest[m2 + 1]
            b = v[2 * m1 + 1] + rest[m2]
            best = min(best, a, b)
        return best

    n0 = with_rest(vs[3], rests[3])
    out: list[int] = []
    for i, k in enumerate(kinds):
        if i < 27:
            x = i // 9
            p = list(parts[x])
            p[i % 9] += 1
            if with_rest(run_vector(tuple(p)), rests[x]) < n0:
                out.append(k)
        else:
            h = list(honours)
            h[i - 27] += 1
            if with_rest(_pair_only_vector(h), rests[3]) < n0:
                out.append(k)
    return n0, tuple(out)


def _class_moves(cls: tuple[int, int, int, int], sets: int, pairs: int, n0: int) -> list[bool]:
    """For a kind held n = 0, 1, 2 times: whether one more of it lowers the pung need."""
    out = []
    for n in range(3):
        if not cls[n]:
            out.append(False)
            continue
        moved = list(cls)
        moved[n] -= 1
        moved[n + 1] += 1
        out.append(pung_need((moved[0], moved[1], moved[2], moved[3]), sets, pairs) < n0)
    return out


def lone_wild_wait(t: Target, counts: Sequence[int], wilds: int, melds: int) -> bool:
    """Whether a ready 13-tile hand's natural tiles and all but one wildcard already make
    every set of ``t``: the last wildcard waits as a pair on anything (飞牌)."""
    sets = 4 - melds
    if t.pungs:
        return pung_need(_pung_classes(counts, t.kinds()), sets, 0) <= wilds - 1
    if any(counts[k] for k in range(34) if (3 if k >= 27 else k // 9) not in t.suits):
        return False
    vec: tuple[int, ...] | None = None
    for x in t.suits:
        v = honour_vector(counts) if x == 3 else suit_vector(tuple(counts[9 * x : 9 * x + 9]))
        vec = v if vec is None else build.combine(vec, v)
    assert vec is not None
    return vec[2 * sets] <= wilds - 1


def _need2(vx: Sequence[int], vh: Sequence[int] | None, sets: int) -> int:
    """Need for ``sets`` sets and a pair from one suit's vector, plus the honours' if given."""
    if vh is None:
        return vx[2 * sets + 1]
    best = 99
    for m1 in range(sets + 1):
        m2 = 2 * (sets - m1)
        a = vx[2 * m1] + vh[m2 + 1]
        if a < best:
            best = a
        a = vx[2 * m1 + 1] + vh[m2]
        if a < best:
            best = a
    return best


def _any_form(rules: Rules, counts: Sequence[int], wilds: int, melds: int) -> tuple[int, list[int]]:
    """(shanten, accepting kinds) of a 13-tile hand in the standard form, seven pairs and
    thirteen orphans (what :mod:`engine.analysis` reads)."""
    from engine import analysis

    c = list(counts)
    sp = rules.seven_pairs and melds == 0
    so = melds == 0 and rules.orphans_form
    sh = analysis.shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so)
    acc = []
    for k in range(34):
        c[k] += 1
        if analysis.shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so) < sh:
            acc.append(k)
        c[k] -= 1
    return sh, acc


def two_step(
    rules: Rules, counts14: Sequence[int], wilds: int, melds: int, discard: int, seen: Sequence[int]
) -> int:
    """Two-step acceptance of discarding ``discard`` from a 14-tile hand (plain form): over
    every unseen tile that lowers the shanten, its copies left times the acceptance of the
    best discard after drawing it."""
    from engine import analysis

    c = list(counts14)
    c[discard] -= 1
    sp = rules.seven_pairs and melds == 0
    so = melds == 0 and rules.orphans_form
    sh = analysis.shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so)
    total = 0
    # discard_options counts the hand itself: give it only what is seen outside the hand
    outside = [max(0, min(4, x) - n) for x, n in zip(seen, counts14, strict=False)]
    for k in range(34):
        left = 4 - min(4, seen[k])
        if left <= 0:
            continue
        c[k] += 1
        if analysis.shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so) < sh:
            best = 0
            for o in analysis.discard_options(
                c, wilds, melds, seven_pairs=sp, thirteen_orphans=so, visible=outside
            ):
                if o.shanten < sh and o.accept_count > best:
                    best = o.accept_count
            total += left * best
        c[k] -= 1
    return total
