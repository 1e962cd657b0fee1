"""The targets' shapes by search (:func:`target_shape`: the reference the fast readings of
:mod:`engine.players.shape_tables` are held to), and the two-step look-ahead the planner
asks for.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from engine import analysis
from engine.analysis import build
from engine.family import family_of
from engine.players.chance import _unseen_planes
from engine.players.targets import (
    Target,
    _pair_only_vector,
    _pung_classes,
    held_sets_out,
    honour_vector,
    pung_need,
    run_vector,
    suit_vector,
)
from engine.rules import Rules

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
    holds whole taken out (as :meth:`HandWorth.worth`)."""
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
