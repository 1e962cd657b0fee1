"""The public picture of a hand: every seat's melds and river, and the tiles in sight, as
each observation copies them (:meth:`engine.hand.state.HandState.public_view`).

The picture changes with a discard, a call, a kong or a win, each of which counts in
``HandState.public_version`` (the fold); it is rebuilt only when that count moved, and after
one discard (the usual decision) only the discarder's river and one count change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.melds import Meld, MeldKind
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.hand.state import HandState


def public_view(
    h: HandState,
) -> tuple[tuple[tuple[Meld, ...], ...], tuple[tuple[int, ...], ...], bytes]:
    """``HandState.public()`` and ``.in_sight()`` at once: every seat's melds and river as
    tuples, and the tiles of each kind in sight as bytes (what an observation copies)."""
    hit = h._public
    v = h.public_version
    if hit is not None and hit[0] == v:
        return hit[1], hit[2], hit[3]
    seats = h.seats
    if hit is not None and hit[0] == v - 1 and h.last_discard_version == v:
        # one discard since (the usual decision): only its river grew, by its tile
        # (a list and the counts changed in place and copied: cheaper than tuples cut
        # and joined)
        s = h.last_discarder
        river = seats[s].river
        grown = list(hit[2])
        grown[s] = tuple(river)
        rivers = tuple(grown)
        t = river[-1]
        seen = hit[3]
        if t < NUM_KINDS:
            counts = h._seen_counts
            counts[t] += 1
            seen = bytes(counts)
        h._public = (v, hit[1], rivers, seen)
        return hit[1], rivers, seen
    rivers = tuple([tuple(st.river) for st in seats])
    melds = tuple([tuple(st.melds) for st in seats])
    h._seen_counts = bytearray(public_counts(melds, rivers))
    seen = bytes(h._seen_counts)
    h._public = (v, melds, rivers, seen)
    return melds, rivers, seen


def public_counts(
    melds: Sequence[Sequence[Meld]], rivers: Sequence[Sequence[int]]
) -> list[int]:
    """Tiles of each of the 34 kinds in the rivers and in the melds shown face up."""
    seen = [0] * NUM_KINDS
    for river in rivers:
        for t in river:
            if t < NUM_KINDS:
                seen[t] += 1
    for ms in melds:
        for m in ms:
            if m.kind is not MeldKind.CONCEALED_KONG:
                for t in m.tiles:
                    seen[t] += 1
                for w in m.wild:  # option joker_sets: a wild tile shows its own face
                    seen[m.base] -= 1
                    if w < NUM_KINDS:
                        seen[w] += 1
    return seen
