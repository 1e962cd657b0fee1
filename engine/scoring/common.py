"""What both scoring families share: concrete readings of a hand, and turning one into a Reading."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from engine.melds import Meld, MeldKind
from engine.scoring.readings import (
    CHOW,
    FREE_PAIR,
    FREE_SET,
    PAIR,
    PUNG,
    SHAPE_NAMES,
    Group,
    orphans_complete,
    seven_pairs_kinds,
    standard_readings,
)
from engine.scoring.types import Reading
from engine.tiles import ORPHANS


def meld_groups(melds: Sequence[Meld]) -> tuple[Group, ...]:
    """Exposed melds as groups: any kong counts as a pung for patterns."""
    return tuple((CHOW if m.kind is MeldKind.CHOW else PUNG, m.base) for m in melds)


def iter_standard(
    counts: Sequence[int],
    wild: int,
    melds: Sequence[Meld],
    set_reps: Sequence[Group],
    pair_reps: Sequence[int],
) -> Iterator[tuple[Group, ...]]:
    """Concrete concealed readings (free wildcard groups replaced by each representative).

    A free set is never read as a pung of a kind the hand already holds as a pung (that would
    need a sixth copy); representatives are chosen per family so that every pattern a free
    group could help is reached (a terminal pung of each suit covers simples as well).
    """
    taken_melds = {k for s, k in meld_groups(melds) if s == PUNG}
    for reading in standard_readings(tuple(counts), wild, 4 - len(melds), 1):
        # a reading is sorted by shape: its free groups (all alike) come last
        free_sets = reading.count(_FREE_SET)
        free_pairs = reading.count(_FREE_PAIR)
        if not free_sets and not free_pairs:
            yield reading
            continue
        fixed = reading[: len(reading) - free_sets - free_pairs]
        taken = taken_melds | {k for s, k in fixed if s == PUNG}
        reps = [r for r in set_reps if not (r[0] == PUNG and r[1] in taken)]
        for combo in combinations_with_replacement(reps, free_sets):
            pungs = [k for s, k in combo if s == PUNG]
            if len(pungs) != len(set(pungs)):
                continue
            for pairs in combinations_with_replacement(pair_reps, free_pairs):
                yield fixed + combo + tuple((PAIR, k) for k in pairs)


_FREE_SET: Group = (FREE_SET, -1)  # a free group as standard_readings writes it
_FREE_PAIR: Group = (FREE_PAIR, -1)


def iter_seven_pairs(
    counts: Sequence[int], wild: int, pair_reps: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Seven-pairs readings as seven pair kinds (leftover wildcard pairs read as representatives)."""
    kinds = seven_pairs_kinds(counts, wild)
    if kinds is None:
        return
    fixed = tuple(k for k in kinds if k >= 0)
    free = len(kinds) - len(fixed)
    for extra in combinations_with_replacement(pair_reps, free):
        yield fixed + extra


def group_tiles(group: Group) -> tuple[int, ...]:
    shape, k = group
    if shape == CHOW:
        return (k, k + 1, k + 2)
    return (k,) * (2 if shape == PAIR else 3)


def _wild_as(tiles: Sequence[int], counts: Sequence[int]) -> tuple[int, ...]:
    left = list(counts)
    out: list[int] = []
    for t in sorted(tiles):
        if left[t] > 0:
            left[t] -= 1
        else:
            out.append(t)
    return tuple(out)


def standard_reading(groups: Sequence[Group], counts: Sequence[int]) -> Reading:
    ordered = sorted(groups, key=lambda g: (g[0] == PAIR, g[1], g[0]))
    shown = tuple((SHAPE_NAMES[g[0]], group_tiles(g)) for g in ordered)
    tiles = [t for _s, ts in shown for t in ts]
    return Reading("standard", shown, _wild_as(tiles, counts))


def seven_pairs_reading(kinds: Sequence[int], counts: Sequence[int]) -> Reading:
    shown = tuple(("pair", (k, k)) for k in sorted(kinds))
    return Reading("seven_pairs", shown, _wild_as([k for k in kinds for _ in (0, 1)], counts))


def orphans_reading(counts: Sequence[int], wild: int) -> Reading | None:
    if not orphans_complete(counts, wild):
        return None
    tiles = list(ORPHANS)
    doubled = [k for k in ORPHANS if counts[k] == 2]
    # without a natural pair a wildcard makes the pair; read it as the first orphan held
    held = [k for k in ORPHANS if counts[k]]
    tiles.append(doubled[0] if doubled else (held[0] if held else ORPHANS[0]))
    return Reading("thirteen_orphans", (("orphans", tuple(sorted(tiles))),), _wild_as(tiles, counts))


def all_kinds(groups: Sequence[Group]) -> Iterator[int]:
    for g in groups:
        yield from group_tiles(g)

