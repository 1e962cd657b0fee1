"""The lookup tables of ``data/analysis/`` (built by ``build.py``): the combination tables
read at import, each suit pattern's class decoded when first asked (:class:`Patterns`).

Per suit pattern (9 counts for m/p/s, 7 for honours, as ``bytes``) a *class* tuple:

    (vector id, acceptance masks per split, pairs, singles,
     orphan kinds present, orphan pair (0/1), tiles)

Vector ids index the combination tables: ``CONV[a][b]`` is the id of the
min-plus combination of two vectors, and for ``melds`` exposed melds
``NEED[melds][a][b]`` is the fewest tiles to add for a whole hand split into
those two parts, ``TIGHT[melds][a][b]`` the splits of ``a`` that reach it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import itemgetter
from typing import Final

from engine.analysis import build

Class = tuple[int, tuple[int, ...], int, int, int, int, int]


class Patterns(Mapping[bytes, Class]):
    """Pattern → class for one width (9: a numbered suit, 7: the honours), decoded from the
    shipped file the first time a pattern is asked and kept in :attr:`known` from then on.

    Reading all 450,000 patterns at import took most of a process's start-up, while a game
    meets a few thousand of them. ``known`` is a plain dict (the hot paths read it first: a
    plain dict's read is the fastest a lookup gets); ``patterns[key]`` reads the file for a
    pattern not known yet, and raises ``KeyError`` for one outside the file (a count above
    four, more than 14 tiles, a wrong length)."""

    def __init__(self, width: int, ids: memoryview, decode: Callable[[int], Class]) -> None:
        self.width = width
        self.patterns = len(ids)  # how many the file holds
        self.known: dict[bytes, Class] = {}
        self._ids = ids
        self._decode = decode
        # [i][tiles left]: the offset of each count kind i may have there, cut to four and
        # to the tiles left, so that a count outside the file fails its read (IndexError)
        # instead of being tested against both bounds
        self._offsets = tuple(
            tuple(row[b][: min(4, b) + 1] for b in range(len(row)))
            for row in build.rank_offsets(width)
        )
        # a place is a sum over the kinds, read in two parts kept as met: the first kinds'
        # part with the tiles they leave (at most 625 heads for a numbered suit), and the
        # other kinds' part for those tiles left (a game meets a few hundred tails, each
        # shared by many patterns). Summing nine kinds one at a time cost more than the
        # rest of a class's first read
        self._cut = width // 2
        self._heads: dict[bytes, tuple[int, int]] = {}
        self._tails: tuple[dict[bytes, int], ...] = tuple(
            {} for _ in range(build.MAX_SUIT_TILES + 1)
        )

    def __getitem__(self, key: bytes) -> Class:
        cls = self.known.get(key)
        if cls is None:
            cls = self.known[key] = self._decode(self._ids[self.place(key)])
        return cls

    def __len__(self) -> int:
        return self.patterns

    def __iter__(self) -> Iterator[bytes]:
        return iter(build.pattern_keys(self.width))

    def place(self, key: bytes) -> int:
        """The pattern's place in the file (:func:`build.patterns` order); ``KeyError`` for
        a pattern the file does not hold."""
        if len(key) != self.width:
            raise KeyError(key)
        cut = self._cut
        first = key[:cut]
        head = self._heads.get(first)
        if head is None:  # KeyError for a count above four or more tiles than a suit holds
            head = self._heads[first] = self._sum(key, first, 0, build.MAX_SUIT_TILES)
        place, budget = head
        tails = self._tails[budget]
        tail = key[cut:]
        part = tails.get(tail)
        if part is None:
            part = tails[tail] = self._sum(key, tail, cut, budget)[0]
        return place + part

    def _sum(self, key: bytes, counts: bytes, start: int, budget: int) -> tuple[int, int]:
        """The part of the place of ``key`` of its ``counts`` from kind ``start`` on, with
        ``budget`` tiles left, and the tiles left after them; ``KeyError`` for counts
        outside the file."""
        place = 0
        offsets = self._offsets
        try:
            for i, n in enumerate(counts, start):
                place += offsets[i][budget][n]
                budget -= n
        except IndexError:  # a count above four, or more tiles than a suit may hold
            raise KeyError(key) from None
        return place, budget


_FILE = build.ClassFile()
_CLASSES: dict[int, Class] = {}  # class id → class, so that patterns of a class share it
_MASKS: dict[int, tuple[int, ...]] = {}


# the records' reads bound once (ClassFile.class_fields and .mask without their calls: a
# game reads a few thousand classes, each the first time it meets the pattern)
_UNPACK_CLASS = build.CLASS_RECORD.unpack_from
_CLASS_SIZE = build.CLASS_RECORD.size
_UNPACK_MASK = build.MASK_RECORD.unpack_from
_MASK_SIZE = build.MASK_RECORD.size


def _class(cid: int) -> Class:
    cls = _CLASSES.get(cid)
    if cls is None:
        vid, mid, pairs, singles, present, pair, tiles = _UNPACK_CLASS(
            _FILE.classes, cid * _CLASS_SIZE
        )
        masks = _MASKS.get(mid)
        if masks is None:
            masks = _MASKS[mid] = _UNPACK_MASK(_FILE.masks, mid * _MASK_SIZE)
        cls = _CLASSES[cid] = (vid, masks, pairs, singles, present, pair, tiles)
    return cls


SUIT_FILE: Final = Patterns(9, _FILE.suit_ids, _class)
HONOUR_FILE: Final = Patterns(7, _FILE.honour_ids, _class)
# the classes read so far (a pattern missing here may still be in the file: ask *_FILE)
SUIT: Final = SUIT_FILE.known
HONOUR: Final = HONOUR_FILE.known

_vectors, _conv, _need, _tight = build.read_combinations()
VECTORS: Final = _vectors
N: Final = len(_vectors)
VECTOR_ID: Final = {v: i for i, v in enumerate(_vectors)}
# the combination tables are tuples, not lists: a tuple of numbers (or of such tuples) drops
# out of the garbage collector's tracking at its first pass, so that the collections a game
# triggers as its caches grow do not walk these some 400,000 entries again each time (a
# list is walked every time); a tuple is read as fast as a list
CONV: Final = tuple(tuple(_conv[i * N : (i + 1) * N]) for i in range(N))
NEED: Final = tuple(tuple(tuple(nd[i * N : (i + 1) * N]) for i in range(N)) for nd in _need)


def _splits() -> tuple[tuple[int, ...], ...]:
    # mask m's tuple, grown a bit at a time: the masks with bit i set are those below 2^i with
    # i added at the end (the same tuples, in the same order, as testing the ten bits of each
    # mask, for a hundredth of the work at import)
    out: list[tuple[int, ...]] = [()]
    for i in range(10):
        out += [(*t, i) for t in out]
    return tuple(out)


# split masks (10 bits) as tuples of split indices
SPLITS: Final = _splits()
# (a row read at once by an itemgetter of its masks: a generator per entry made this table
# most of the module's import)
TIGHT: Final = tuple(
    tuple(itemgetter(*tg[i * N : (i + 1) * N])(SPLITS) for i in range(N)) for tg in _tight
)
# the same as split masks (TIGHT_IDS[melds][a][b]: a number, SPLITS of it the tuple), what a
# table keyed per class's masks reads (engine.analysis.ranking)
TIGHT_IDS: Final = tuple(tuple(tuple(tg[i * N : (i + 1) * N]) for i in range(N)) for tg in _tight)
del _vectors, _conv, _need, _tight

# per-suit bit mask -> the global kinds it names (a 9-bit mask's split tuple is its kinds in
# the suit)
KINDS_OF_MASK: Final = tuple(
    SPLITS[:512] if base == 0 else tuple(tuple(map(base.__add__, t)) for t in SPLITS[:512])
    for base in (0, 9, 18, 27)
)
ALL_KINDS: Final = (1 << 34) - 1
ORPHAN_MASK: Final = sum(1 << k for k in (0, 8, 9, 17, 18, 26, *range(27, 34)))
