"""The lookup tables, read once at import from ``data/analysis/`` (built by ``build.py``).

Per suit pattern (9 counts for m/p/s, 7 for honours, as ``bytes``) a *class* tuple:

    (vector id, acceptance masks per split, pairs, singles,
     orphan kinds present, orphan pair (0/1), tiles)

Vector ids index the combination tables: ``CONV[a][b]`` is the id of the
min-plus combination of two vectors, and for ``melds`` exposed melds
``NEED[melds][a][b]`` is the fewest tiles to add for a whole hand split into
those two parts, ``TIGHT[melds][a][b]`` the splits of ``a`` that reach it.
"""

from __future__ import annotations

from typing import Final

from engine.analysis import build

Class = tuple[int, tuple[int, ...], int, int, int, int, int]


def _load() -> tuple[dict[bytes, Class], dict[bytes, Class], list[Class]]:
    header, suit_ids, honour_ids = build.read()
    masks = [tuple(m) for m in header["masks"]]
    classes: list[Class] = []
    for c in header["classes"]:
        vid, mid, *rest = c
        classes.append((vid, masks[mid], *rest))
    suit = dict(zip(build.pattern_keys(9), [classes[i] for i in suit_ids], strict=True))
    honour = dict(zip(build.pattern_keys(7), [classes[i] for i in honour_ids], strict=True))
    return suit, honour, classes


SUIT, HONOUR, CLASSES = _load()

_vectors, _conv, _need, _tight = build.read_combinations()
VECTORS: Final = _vectors
N: Final = len(_vectors)
VECTOR_ID: Final = {v: i for i, v in enumerate(_vectors)}
CONV: Final = [_conv[i * N : (i + 1) * N] for i in range(N)]
NEED: Final = [[list(nd[i * N : (i + 1) * N]) for i in range(N)] for nd in _need]
# split masks (10 bits) as tuples of split indices
_SPLIT_LISTS = [tuple(i for i in range(10) if m >> i & 1) for m in range(1 << 10)]
TIGHT: Final = [
    [[_SPLIT_LISTS[x] for x in tg[i * N : (i + 1) * N]] for i in range(N)] for tg in _tight
]
del _vectors, _conv, _need, _tight

# per-suit bit mask -> the global kinds it names
KINDS_OF_MASK: Final = [
    [tuple(base + j for j in range(9) if m >> j & 1) for m in range(512)] for base in (0, 9, 18, 27)
]
ALL_KINDS: Final = (1 << 34) - 1
ORPHAN_MASK: Final = sum(1 << k for k in (0, 8, 9, 17, 18, 26, *range(27, 34)))
