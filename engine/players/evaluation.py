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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from heapq import heappush, heapreplace
from operator import add
from typing import Any, NamedTuple

from engine import analysis
from engine.analysis import build
from engine.family import family_of
from engine.melds import Meld
from engine.rules import Rules
from engine.tiles import COUNT_BYTE

ORPHAN_KINDS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


# --- per-suit distances (fewest tiles to add for m sets and p pairs) ---------------------


# the same search that builds engine.analysis's tables (pungs_allowed=False: runs only)
_matched = build._best_matched


def _shipped_tables() -> tuple[Mapping[bytes, Any], Sequence[Sequence[int]]]:
    """The per-suit vectors :mod:`engine.analysis` ships (the same numbers as
    :func:`_searched_vector`, looked up instead of searched); empty when its tables cannot
    be read."""
    try:
        from engine.analysis.tables import SUIT_FILE, VECTORS
    except Exception:
        return {}, []
    return SUIT_FILE, VECTORS


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
    # a form the ordinary win covers but the family pays far more for (七对: Guobiao's 24
    # fans, Beijing's 4): aimed at only where the view is told to (HandView's ``deep``)
    deep: bool = False

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

    @property
    def key(self) -> tuple[str, tuple[int, ...]]:
        """What the module's caches know a target by: its name and suits (a preset without
        honours has an ``all_pungs`` of the numbered suits only)."""
        return self.name, self.suits

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
        hit = _KINDS.get(self.key)
        if hit is None:
            hit = _KINDS[self.key] = self._kinds()
        return hit

    def _kinds(self) -> tuple[int, ...]:
        out: list[int] = []
        for s in self.suits:
            out += range(27, 34) if s == 3 else range(9 * s, 9 * s + 9)
        if self.orphans:
            out = [k for k in out if k in ORPHAN_KINDS]
        return tuple(out)


_KINDS: dict[tuple[str, tuple[int, ...]], tuple[int, ...]] = {}  # Target.key -> its kinds


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
    # sets and a pair kept to some suits, where only the family pays for them (Baoding)
    for name, v, suits, pungs in family_of(rules).suit_targets(rules):
        out.append(Target(name, v, suits, pungs=pungs))
    # forms that are not sets and a pair (Quzhou's 七风 …): the family measures them
    for name in family_of(rules).special_targets(rules):
        v = _value(rules, name)
        if v is not None:
            out.append(Target(name, v, (0, 1, 2, 3), special=True))
    for name in family_of(rules).deep_targets(rules):
        v = _value(rules, name)
        if v is not None:
            out.append(Target(name, v, (0, 1, 2, 3), special=True, deep=True))
    return tuple(out)


_TARGETS_OF: list[tuple[Rules, tuple[Target, ...]]] = []


def _targets_of(rules: Rules) -> tuple[Target, ...]:
    """:func:`targets_for`, found by identity first (hashing the rules is not free)."""
    for r, targets in _TARGETS_OF:
        if r is rules:
            return targets
    targets = targets_for(rules)
    _TARGETS_OF.insert(0, (rules, targets))
    del _TARGETS_OF[8:]
    return targets


def seven_pairs_need(
    counts: Sequence[int], wilds: int, melds: int, seen: Sequence[int], unseen_wilds: int
) -> tuple[int, int]:
    """(shanten, accepting unseen tiles) of a 13-tile hand for seven pairs: a four of a kind
    is two pairs, a wildcard pairs a lone tile (two pair each other); a tile of a kind held
    an odd number of times, or a wildcard, makes one more pair."""
    if melds:
        return 99, 0
    pairs = 0
    odd: list[int] = []
    for k in range(34):
        n = counts[k]
        if n:
            pairs += n // 2
            if n % 2:
                odd.append(k)
    paired = min(wilds, len(odd))
    pairs += paired + (wilds - paired) // 2
    accept = unseen_wilds + sum(4 - seen[k] for k in odd if seen[k] < 4)
    return 6 - min(6, pairs), accept


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
    # every step is taken with the target's typical acceptance for its distance; the next
    # step a little faster or slower as the hand's acceptance now is wide or narrow (a
    # narrow hand now is not a narrow hand for ever: bounded, so the nearer hand stays
    # ahead, as in play)
    top, qs, rs = _steps(steps, unseen, share, discard_wins)
    tilt = min(2.0, max(0.5, (accept / top) ** spread))
    q = min(0.9, top * tilt / unseen)
    if steps == 1:  # the last step is also the first
        q = _last_step(q, discard_wins)
    return _recurrence(steps)([*qs, q], [*rs, 1.0 - q], 1.0 - hazard, draws)


@lru_cache(maxsize=4096)
def _steps(
    steps: int, unseen: int, share: float, discard_wins: bool
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The parts of :func:`win_chance`'s step chances that do not depend on the acceptance:
    the typical acceptance of the first step, and the chances (and their complements) of
    the steps after it, index 0 unused."""
    curve = TYPICAL_ACCEPT
    typical = [curve[min(k, len(curve) - 1)] * share for k in range(steps + 1)]
    qs = [min(0.9, typical[k] / unseen) for k in range(steps)]
    if steps > 1:
        qs[1] = _last_step(qs[1], discard_wins)
    return typical[steps], tuple(qs), tuple(1.0 - q for q in qs)


def _last_step(q: float, discard_wins: bool) -> float:
    # the last step also wins on the others' discards where that is allowed
    return 1.0 - (1.0 - q) ** (2.0 if discard_wins else 1.0)


@cache
def _recurrence(steps: int) -> Callable[[list[float], list[float], float, int], float]:
    """:func:`win_chance`'s recurrence for ``steps`` steps: the chance of having taken them
    all within ``draws`` draws, where a hand k steps away takes one with ``qs[k]`` or stays
    with ``rs[k] = 1 - qs[k]`` (and survives with ``alive``).

    Written out with one local variable per step (d_k: probability that k steps are still
    to take), which Python runs about twice as fast as a list indexed in a loop; the
    operations and their order are those of the plain loop, so are the results, to the
    last bit (tests/engine/players/test_evaluation_fast.py). A draw's new d_k reads the
    old d_k and d_k+1 only, so the steps are assigned one by one from k = 1 up (no tuple
    built and unpacked per draw)."""
    ks = range(1, steps + 1)
    state = ", ".join(f"d{k}" for k in ks)
    step = "".join(
        f"        d{k} = d{k} * r{k} * alive + d{k + 1} * q{k + 1}\n"
        if k < steps
        else f"        d{k} = d{k} * r{k} * alive\n"
        for k in ks
    )
    source = (
        "def run(qs, rs, alive, draws):\n"
        f"    {', '.join(f'q{k}' for k in ks)}, = qs[1:]\n"
        f"    {', '.join(f'r{k}' for k in ks)}, = rs[1:]\n"
        f"    {state}, = {'0.0, ' * (steps - 1)}1.0,\n"
        "    done = 0.0\n"
        "    for _ in range(draws):\n"
        "        done += d1 * q1\n"
        f"{step}"
        "    return done\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # generated from the step count alone, nothing from outside
    run: Callable[[list[float], list[float], float, int], float] = namespace["run"]
    return run


class Prospect(NamedTuple):
    """A target's state for one hand: shanten, accepting unseen tiles, estimated worth.
    (A named tuple: one is made per discard weighed, and a tuple is made fastest.)"""

    target: Target
    shanten: int
    accept: int
    worth: float


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


class HandView:
    """One seat's hand and what it can see, in the form the evaluation works on.

    The targets' distances are read from count masks and per-suit tables (see
    :class:`_Shape`), the same numbers :func:`target_shape` searches for; each discard
    re-reads only the targets that hold the discarded kind."""

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
        targets: Sequence[Target] = base
        if melds:
            targets = [t for t in _called_targets(rules, base, len(melds)) if t.fits(melds)]
        self.deep = deep  # aim at the family's deep targets too (see Target.deep)
        self.targets = [t for t in targets if (chows or not t.chows) and (deep or not t.deep)]
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
        if t.deep:  # seven pairs, the only deep form so far
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
                cls_x = _SUIT.get(pattern)
                if cls_x is None:
                    cls_x = _SUIT_FILE[pattern]
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


_SHAPES: dict[
    tuple[tuple[str, tuple[int, ...]], int, tuple[int, ...]], tuple[int, tuple[int, ...]]
] = {}


def target_shape(t: Target, sets: int, key: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(need, accepting kinds) of the tiles ``key`` (the counts of ``t.kinds()``, in order)
    for ``sets`` sets and a pair inside the target (memoised by the target's name)."""
    k = (t.key, sets, key)
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
    rests = [
        build.combine(vs[1], r23),
        build.combine(vs[0], r23),
        build.combine(l01, vs[3]),
        build.combine(l01, vs[2]),
    ]

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


def held_sets_out(counts: Sequence[int]) -> list[list[int]]:
    """The counts left after taking out each distinct set the hand holds whole (each pung,
    each run): how a hand of five sets reads as four and a meld."""
    out = []
    for k in range(34):
        if counts[k] >= 3:
            rest = list(counts)
            rest[k] -= 3
            out.append(rest)
        if k < 27 and k % 9 <= 6 and counts[k] and counts[k + 1] and counts[k + 2]:
            rest = list(counts)
            rest[k] -= 1
            rest[k + 1] -= 1
            rest[k + 2] -= 1
            out.append(rest)
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


# --- the targets' shapes from count masks and per-suit tables ------------------------------

_HONOURS = (1 << 34) - (1 << 27)  # bit mask of the seven honour kinds
# bytes.translate tables: a count -> ASCII "1" where it equals n, read back with int(., 2)
_HELD = [bytes(48 + (v == n) for v in range(256)) for n in range(4)]


def _held_masks(b: bytes) -> tuple[int, int, int, int]:
    """Bit masks of the kinds held 0, 1, 2 and 3 times (four: in none of them)."""
    return (
        int(b.translate(_HELD[0])[::-1], 2),
        int(b.translate(_HELD[1])[::-1], 2),
        int(b.translate(_HELD[2])[::-1], 2),
        int(b.translate(_HELD[3])[::-1], 2),
    )


# bytes.translate tables: a seen count -> ASCII "1" where bit n of its unseen copies is set
_UNSEEN_BIT = [bytes(48 + ((4 - v if v < 4 else 0) >> n & 1) for v in range(256)) for n in range(3)]


def _unseen_planes(seen: Sequence[int]) -> tuple[int, int, int]:
    """The unseen copies of each kind (4 - seen, at least 0) as three bit planes, so that a
    mask's unseen tiles are three popcounts (:meth:`HandView._accept_mask`)."""
    b = bytes(seen[:34])[::-1]
    return (
        int(b.translate(_UNSEEN_BIT[0]), 2),
        int(b.translate(_UNSEEN_BIT[1]), 2),
        int(b.translate(_UNSEEN_BIT[2]), 2),
    )


_MASKS: dict[tuple[str, tuple[int, ...]], int] = {}  # Target.key -> bit mask of its kinds


def _kind_mask(t: Target) -> int:
    hit = _MASKS.get(t.key)
    if hit is None:
        hit = _MASKS[t.key] = sum(1 << k for k in t.kinds())
    return hit


# how a target's shape is read: one numbered suit (+ the honours' pungs), pungs of its kinds,
# or (runs, anything else) searched by target_shape
_FLUSH, _PUNGS, _SEARCH = 0, 1, 2
_SPECS: dict[tuple[str, tuple[int, ...]], tuple[int, int, int]] = {}
_ANY_SPEC = (-1, 0, 0)  # the plain hand (any form): read by engine.analysis
_SPECIAL_SPEC = (-2, 0, 0)  # a form the rule family measures (special_need)


def _spec(t: Target) -> tuple[int, int, int]:
    """(how, suit or kind mask, with honours or number of kinds) of a restricted target."""
    hit = _SPECS.get(t.key)
    if hit is None:
        numbered = [x for x in t.suits if x < 3]
        if t.pungs:
            hit = (_PUNGS, _kind_mask(t), len(t.kinds()))
        elif not t.chows and not t.orphans and len(numbered) == 1:
            hit = (_FLUSH, numbered[0], int(3 in t.suits))
        else:
            hit = (_SEARCH, 0, 0)
        _SPECS[t.key] = hit
    return hit


# a view's targets (by their identities) -> how discards() reads each, and whether one is
# the plain hand; the targets are kept in the value, so their identities stay theirs
_PLANS: dict[
    tuple[int, ...],
    tuple[Sequence[Target], list[tuple[Target, tuple[int, int, int], int]], bool],
] = {}


def _plan_of(
    targets: Sequence[Target],
) -> tuple[list[tuple[Target, tuple[int, int, int], int]], bool]:
    """Per target (target, how it is read, its kinds' mask), and whether any is the plain
    hand (any form); the same for every view with these targets."""
    hit = _PLANS.get(tuple(map(id, targets)))
    if hit is None:
        plan: list[tuple[Target, tuple[int, int, int], int]] = []
        for t in targets:
            if t.any_form:
                plan.append((t, _ANY_SPEC, 0))
            elif t.special:
                plan.append((t, _SPECIAL_SPEC, 0))
            else:
                plan.append((t, *_read_as(t)))
        if len(_PLANS) > 4096:  # keep memory bounded
            _PLANS.clear()
        hit = _PLANS[tuple(map(id, targets))] = (
            tuple(targets), plan, any(t.any_form for t in targets)
        )  # fmt: skip
    return hit[1], hit[2]


_READ_AS: dict[tuple[str, tuple[int, ...]], tuple[tuple[int, int, int], int]] = {}


def _read_as(t: Target) -> tuple[tuple[int, int, int], int]:
    """(:func:`_spec`, :func:`_kind_mask`) of a restricted target, in one lookup."""
    hit = _READ_AS.get(t.key)
    if hit is None:
        hit = _READ_AS[t.key] = (_spec(t), _kind_mask(t))
    return hit


# keyed by one int (cheaper to hash than a tuple): vector id, honours' tally code, sets
_FLUSHES: dict[int, tuple[int, tuple[int, ...], int]] = {}
_NO_HONOURS = 512  # the tally code of a flush without honours


def _flush_core(
    vid: int, honours: tuple[int, int, int, int] | None, code: int, sets: int
) -> tuple[int, tuple[int, ...], int]:
    """For a flush target: its need from the suit's distance vector (id ``vid``) and the
    honours' pung tally (None: no honours), the suit's splits that reach that need (a suit
    tile lowers the need exactly when it lowers one of them), and which honour counts
    (bit n: held n times) lower it. The same numbers as :func:`_target_shape`. ``code``:
    the tally's code (h0 | h1 << 3 | h2 << 6; ``_NO_HONOURS`` for None)."""
    key = (vid << 10 | code) << 3 | sets
    hit = _FLUSHES.get(key)
    if hit is None:
        from engine.analysis.tables import VECTORS

        vx = VECTORS[vid]
        if honours is None:
            hit = (vx[2 * sets + 1], (2 * sets + 1,), 0)
        else:
            vh = _pung_vector(honours)
            n0 = _need2(vx, vh, sets)
            splits = []
            for m1 in range(sets + 1):
                m2 = 2 * (sets - m1)
                if vx[2 * m1] + vh[m2 + 1] == n0:
                    splits.append(2 * m1)
                if vx[2 * m1 + 1] + vh[m2] == n0:
                    splits.append(2 * m1 + 1)
            lower = 0
            for n in range(3):
                if honours[n]:
                    moved = list(honours)
                    moved[n] -= 1
                    moved[n + 1] += 1
                    tally = (moved[0], moved[1], moved[2], moved[3])
                    if _need2(vx, _pung_vector(tally), sets) < n0:
                        lower |= 1 << n
            hit = (n0, tuple(splits), lower)
        if len(_FLUSHES) > 100_000:  # keep memory bounded
            _FLUSHES.clear()
        _FLUSHES[key] = hit
    return hit


def _pung_vector(tally: tuple[int, int, int, int]) -> tuple[int, ...]:
    return tuple(pung_need(tally, i // 2, i % 2) for i in range(10))


_PUNG_CORES: dict[int, tuple[int, int]] = {}


def _pung_core(a0: int, a1: int, a2: int, a3: int, sets: int) -> tuple[int, int]:
    """For a pungs target: its need from the tally of its kinds held 0/1/2/3+ times, and
    which counts (bit n: held n times) lower it."""
    key = a0 | a1 << 6 | a2 << 12 | a3 << 18 | sets << 24
    hit = _PUNG_CORES.get(key)
    if hit is None:
        tally = (a0, a1, a2, a3)
        n0 = pung_need(tally, sets, 1)
        lowers = _class_moves(tally, sets, 1, n0)
        hit = _PUNG_CORES[key] = (n0, sum(1 << n for n in range(3) if lowers[n]))
    return hit


# engine.analysis's suit classes: the file (read a pattern at a time) and those read so far
_SUIT_FILE: Any = None
_SUIT: dict[bytes, Any] = {}


def _suit_table() -> Any:
    """engine.analysis's suit table, imported on first use (an import statement in a hot
    function costs more than the lookup it serves)."""
    global _SUIT_FILE, _SUIT
    if _SUIT_FILE is None:
        from engine.analysis.tables import SUIT_FILE

        _SUIT_FILE, _SUIT = SUIT_FILE, SUIT_FILE.known
    return _SUIT_FILE


_new_shape = object.__new__


class _Shape:
    """A hand as the targets read it: bit masks of the kinds held 0, 1, 2 and 3 times, the
    honours' tally (kinds held 0/1/2/3+ times) and each numbered suit's class in
    :mod:`engine.analysis`'s tables (its distance vector and, per split, the kinds that
    lower it). A discard changes one kind: :meth:`without` updates these instead of reading
    the hand again."""

    __slots__ = ("code", "held", "honours", "keys", "sets", "suits")

    def __init__(
        self,
        held: tuple[int, int, int, int],
        honours: tuple[int, int, int, int],
        keys: list[bytes],
        suits: list[Any],
        sets: int,
    ) -> None:
        self.held = held
        self.honours = honours
        self.code = honours[0] | honours[1] << 3 | honours[2] << 6
        self.keys = keys
        self.suits = suits
        self.sets = sets

    @staticmethod
    def of(counts: Sequence[int], sets: int) -> _Shape | None:
        """The shape of 34 counts; None when a suit's pattern is outside the tables."""
        SUIT = _suit_table()
        try:
            b = bytes(counts)
            keys = [b[:9], b[9:18], b[18:27]]
            suits = [SUIT[keys[0]], SUIT[keys[1]], SUIT[keys[2]]]
        except (KeyError, ValueError):
            return None
        if len(b) != 34 or max(b) > 4:
            return None
        held = _held_masks(b)
        h0 = (held[0] & _HONOURS).bit_count()
        h1 = (held[1] & _HONOURS).bit_count()
        h2 = (held[2] & _HONOURS).bit_count()
        return _Shape(held, (h0, h1, h2, 7 - h0 - h1 - h2), keys, suits, sets)

    def without(self, k: int) -> _Shape:
        """The shape after one tile of kind ``k`` (held) is discarded."""
        h0, h1, h2, h3 = self.held
        bit = 1 << k
        # the kind moves down one count (four is in none of the masks)
        if h1 & bit:
            h1 ^= bit
            h0 |= bit
            n = 1
        elif h2 & bit:
            h2 ^= bit
            h1 |= bit
            n = 2
        elif h3 & bit:
            h3 ^= bit
            h2 |= bit
            n = 3
        else:
            h3 |= bit
            n = 4
        held = (h0, h1, h2, h3)
        if k >= 27:
            tally = list(self.honours)
            tally[n if n < 3 else 3] -= 1
            tally[n - 1 if n < 4 else 3] += 1
            honours = (tally[0], tally[1], tally[2], tally[3])
            new = _new_shape(_Shape)
            new.held = held
            new.honours = honours
            new.code = honours[0] | honours[1] << 3 | honours[2] << 6
            new.keys = self.keys
            new.suits = self.suits
            new.sets = self.sets
            return new
        x, j = divmod(k, 9)
        keys = list(self.keys)
        suits = list(self.suits)
        key = keys[x]
        keys[x] = key = key[:j] + COUNT_BYTE[key[j] - 1] + key[j + 1 :]
        try:
            suits[x] = _SUIT[key]  # read so far (of() read the table)
        except KeyError:
            suits[x] = _SUIT_FILE[key]
        # made without __init__ (a call per discard weighed): the same fields
        new = _new_shape(_Shape)
        new.held = held
        new.honours = self.honours
        new.code = self.code
        new.keys = keys
        new.suits = suits
        new.sets = self.sets
        return new

    def target(
        self, t: Target, spec: tuple[int, int, int], counts: Sequence[int]
    ) -> tuple[int, int]:
        """(need, bit mask of the accepting kinds) for a restricted target (``spec``: its
        :func:`_spec`); ``counts`` (the same hand) serves the targets that are searched."""
        how, arg, extra = spec
        h0, h1, h2, _ = self.held
        if how == _FLUSH:
            cls = self.suits[arg]
            # _flush_core's memo read here first (a call costs more than the lookup)
            if extra:
                hit = _FLUSHES.get((cls[0] << 10 | self.code) << 3 | self.sets)
                if hit is None:
                    hit = _flush_core(cls[0], self.honours, self.code, self.sets)
            else:
                hit = _FLUSHES.get((cls[0] << 10 | _NO_HONOURS) << 3 | self.sets)
                if hit is None:
                    hit = _flush_core(cls[0], None, _NO_HONOURS, self.sets)
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
            return n0, mask
        if how == _PUNGS:
            a0 = (h0 & arg).bit_count()
            a1 = (h1 & arg).bit_count()
            a2 = (h2 & arg).bit_count()
            a3 = extra - a0 - a1 - a2
            # _pung_core's memo read here first
            pung = _PUNG_CORES.get(a0 | a1 << 6 | a2 << 12 | a3 << 18 | self.sets << 24)
            if pung is None:
                pung = _pung_core(a0, a1, a2, a3, self.sets)
            n0, lower = pung
            mask = 0
            if lower & 1:
                mask |= h0 & arg
            if lower & 2:
                mask |= h1 & arg
            if lower & 4:
                mask |= h2 & arg
            return n0, mask
        n0, kinds = target_shape(t, self.sets, tuple([counts[k] for k in t.kinds()]))
        return n0, sum(1 << k for k in kinds)


def _any_form(rules: Rules, counts: Sequence[int], wilds: int, melds: int) -> tuple[int, int]:
    """(shanten, mask of the accepting kinds) of a 13-tile hand in the standard form, seven
    pairs and thirteen orphans (what :mod:`engine.analysis` reads); where the plain hand
    needs a pair of certain kinds (Changsha's 2-5-8), the standard form with such a pair."""
    sp = rules.seven_pairs and melds == 0
    so = melds == 0 and rules.orphans_form
    sh, mask = analysis.acceptance(counts, wilds, melds, seven_pairs=sp, thirteen_orphans=so)
    pair_kinds = family_of(rules).plain_pair_kinds(rules)
    if pair_kinds is not None:
        sh, mask = _with_pair_kinds(counts, wilds, melds, sp, pair_kinds, sh, mask)
    return sh, mask


def pair_kinds_need(counts: Sequence[int], sets: int, pair_kinds: frozenset[int]) -> int:
    """Fewest tiles to add for ``sets`` sets and a pair of one of ``pair_kinds`` (numbered
    kinds): the pair's cost plus the sets' need of what is left, over every pair kind."""
    suits = [suit_vector(tuple(counts[9 * s : 9 * s + 9])) for s in range(3)]
    honours = honour_vector(counts)
    best = 99
    for s in range(3):
        others = build.combine(suits[(s + 1) % 3], suits[(s + 2) % 3])
        others = build.combine(others, honours)
        base = 9 * s
        for k in pair_kinds:
            if not base <= k < base + 9:
                continue
            held = counts[k]
            rest = list(counts[base : base + 9])
            rest[k - base] -= min(2, held)
            v = suit_vector(tuple(rest))
            sets_need = min(v[2 * m] + others[2 * (sets - m)] for m in range(sets + 1))
            need = max(0, 2 - held) + sets_need
            if need < best:
                best = need
    return best


def _with_pair_kinds(
    counts: Sequence[int],
    wilds: int,
    melds: int,
    seven_pairs: bool,
    pair_kinds: frozenset[int],
    sh: int,
    mask: int,
) -> tuple[int, int]:
    """The standard form's (shanten, accepting mask) corrected for a plain hand that needs a
    pair of ``pair_kinds``: the shanten from :func:`pair_kinds_need` (or seven pairs, which
    takes any pairs); the accepting kinds kept, plus the pair kinds held once (a draw that
    pairs one) when the restriction costs a step."""
    if sh > 6:
        return sh, mask
    restricted = pair_kinds_need(counts, 4 - melds, pair_kinds) - wilds - 1
    if seven_pairs:
        restricted = min(restricted, analysis.shanten_seven_pairs(counts, wilds))
    if restricted <= sh:
        return sh, mask
    for k in pair_kinds:
        if counts[k] == 1:
            mask |= 1 << k
    return restricted, mask


def two_step(
    rules: Rules, counts14: Sequence[int], wilds: int, melds: int, discard: int, seen: Sequence[int]
) -> int:
    """Two-step acceptance of discarding ``discard`` from a 14-tile hand (plain form): over
    every unseen tile that lowers the shanten, its copies left times the acceptance of the
    best discard after drawing it. A hand of five sets with no meld: the best of each set it
    holds whole taken out (as :meth:`HandView.worth`)."""
    if melds < 0:
        return max(
            (two_step(rules, rest, wilds, melds + 1, discard, seen)
             for rest in held_sets_out(counts14) if rest[discard]),
            default=0,
        )  # fmt: skip
    c = list(counts14)
    c[discard] -= 1
    sp = rules.seven_pairs and melds == 0
    so = melds == 0 and rules.orphans_form
    sh, lowering = analysis.acceptance(c, wilds, melds, seven_pairs=sp, thirteen_orphans=so)
    total = 0
    # the acceptance counts the hand itself: give it only what is seen outside the hand
    outside = [max(0, min(4, x) - n) for x, n in zip(seen, counts14, strict=False)]
    for k in analysis.mask_kinds(lowering):
        left = 4 - min(4, seen[k])
        if left <= 0:
            continue
        c[k] += 1
        p0, p1, p2 = _unseen_planes(list(map(add, c, outside)))
        best = 0
        # after a draw that lowers the shanten by one, the discards that keep it lowered
        # are the lowest ones
        for _, after, mask in analysis.discard_masks(
            c, wilds, melds, seven_pairs=sp, thirteen_orphans=so, best_only=True
        ):
            if after < sh:
                n = (mask & p0).bit_count() + 2 * (mask & p1).bit_count()
                best = max(best, n + 4 * (mask & p2).bit_count())
        total += left * best
        c[k] -= 1
    return total
