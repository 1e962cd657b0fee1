"""The targets of the offence (families of winning hands the preset pays for) and the
per-suit distances they are measured with: for each target the hand's *need*, the fewest
tiles to add so that the tiles it keeps (inside the target's kinds) make the target's sets
and pair. Wildcards fill any gap, so ``shanten = need - wilds - 1`` as in
:mod:`engine.analysis`. See :mod:`engine.players.evaluation` for the whole model.
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
            if x or rules.characters:  # no flush of 万 where the set has none
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
