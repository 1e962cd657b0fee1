"""The hand of 开杠不补牌 (option ``kong_no_replacement``, docs/rules/variants.md section 9):
a kong takes no replacement tile, so a winning hand is four sets and an eye of
``2 - kongs`` tiles — a pair with no kong, any single tile with one (独眼), none with two (无眼).

The analysis tables read four sets and a pair; these calls read the short eye through the
same machinery, without changing it (every other game reads as before):

- completeness and waits, exactly, by the reference search of sets with no pair
  (:func:`engine.scoring.readings.standard_complete` with ``pairs=0``): a one-tile eye is
  any natural tile (or a wildcard) taken out first;
- shanten, for the computer players, through the tables: the missing eye is supplied as a
  ready pair of an absent honour (it can only be a pair or a pung with a wildcard, and a
  wildcard with that pair is a pung either way), so the tables count what the sets still
  need; a one-tile eye tries each held kind as the eye.

``counts`` is the 34 natural concealed counts, ``wilds`` the wildcards among them, ``melds``
the sets on the table (kongs included, each one set), ``kongs`` the kongs that took no
replacement (0-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.analysis.hand import AnalysisError, shanten
from engine.scoring.readings import standard_complete
from engine.tiles import HONOR_BASE, NUM_KINDS

MAX_KONGS: Final = 2  # a third kong would leave fifteen tiles' worth of sets in fourteen


def eye_size(kongs: int) -> int:
    """The tiles of the eye with ``kongs`` kongs that took no replacement."""
    if not 0 <= kongs <= MAX_KONGS:
        raise AnalysisError(f"{kongs} kongs without replacement: at most {MAX_KONGS}")
    return 2 - kongs


def complete(counts: Sequence[int], wilds: int, melds: int, kongs: int) -> bool:
    """Whether the concealed tiles make ``4 - melds`` sets and the eye ``kongs`` leaves."""
    eye = eye_size(kongs)
    sets = 4 - melds
    c = tuple(counts[:NUM_KINDS])
    if sum(c) + wilds != 3 * sets + eye:
        return False
    if eye == 2:
        return standard_complete(c, wilds, sets, 1)
    if eye == 0:
        return standard_complete(c, wilds, sets, 0)
    if wilds and standard_complete(c, wilds - 1, sets, 0):
        return True  # a wildcard as the one-tile eye
    for k in range(NUM_KINDS):
        if c[k] and standard_complete((*c[:k], c[k] - 1, *c[k + 1 :]), wilds, sets, 0):
            return True
    return False


def waits(counts: Sequence[int], wilds: int, melds: int, kongs: int) -> list[int]:
    """The kinds that complete the hand (one tile short of :func:`complete`)."""
    c = list(counts[:NUM_KINDS])
    out = []
    for k in range(NUM_KINDS):
        c[k] += 1
        if complete(c, wilds, melds, kongs):
            out.append(k)
        c[k] -= 1
    return out


def _absent_honour(c: Sequence[int]) -> int:
    for k in range(HONOR_BASE, NUM_KINDS):
        if not c[k]:
            return k
    return -1


def _with_pair(c: Sequence[int], wilds: int, melds: int) -> int:
    """Shanten of ``c`` as sets only: an absent honour's pair added as the eye (a hand
    holding every honour kind is read with its eye as a wildcard pair instead)."""
    k = _absent_honour(c)
    if k < 0:
        return shanten(c, wilds + 2, melds, seven_pairs=False, thirteen_orphans=False)
    return shanten([*c[:k], 2, *c[k + 1 :]], wilds, melds, seven_pairs=False,
                   thirteen_orphans=False)


def shanten_short(counts: Sequence[int], wilds: int, melds: int, kongs: int) -> int:
    """Shanten (-1 complete, 0 ready) of a hand whose kongs took no replacement: the
    concealed tiles count ``3 * (4 - melds) + eye - 1`` (or one more, after a draw)."""
    eye = eye_size(kongs)
    c = list(counts[:NUM_KINDS])
    if eye == 2:
        return shanten(c, wilds, melds, seven_pairs=False, thirteen_orphans=False)
    if eye == 0:
        return _with_pair(c, wilds, melds)
    best = _with_pair(c, wilds - 1, melds) if wilds else 8
    for k in range(NUM_KINDS):
        if c[k]:
            c[k] -= 1
            best = min(best, _with_pair(c, wilds, melds))
            c[k] += 1
    return best
