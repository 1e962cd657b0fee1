"""How the per-suit tables are computed (slowly, exactly) and written to ``data/analysis/``.

``python -m engine.analysis.build`` rebuilds ``data/analysis/suit_classes.bin``
(about two minutes); the engine only reads the shipped file. The same functions
serve as the exact fallback for a suit pattern outside the shipped range (a
fifth copy of a kind, which only shape analysis with wildcards substituted ever
asks for).

A suit "vector" holds, for m = 0…4 sets and p = 0/1 pair (index ``2*m + p``),
the fewest tiles to add to the suit's tiles so that they contain m sets and p
pairs of that suit (tiles left over are simply not used). Runs only exist in the
three numbered suits; honours make pungs and pairs only.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.datafiles import data_path

SPLITS = 10  # index 2*m + p, m = 0..4 sets, p = 0..1 pair
_NEG = -999

DATA_DIR = data_path("analysis")
DATA_FILE = DATA_DIR / "suit_classes.bin"
COMBINE_FILE = DATA_DIR / "combine.bin"
MAX_SUIT_TILES = 14  # a hand never holds more than 14 natural tiles


@cache
def _best_matched(
    suffix: tuple[int, ...], r1: int, r2: int, pungs_allowed: bool = True
) -> tuple[int, ...] | None:
    """Most hand tiles a target can reuse in ``suffix`` (positions i..8 of a suit).

    ``r1`` runs started one position earlier (they still need a tile here and at
    the next position), ``r2`` runs started two positions earlier (they need a
    tile here only). Index ``2*m + p``: m sets and p pairs *started* here or
    later. ``None`` when pending runs cannot be finished. ``pungs_allowed=False``
    counts runs only (the computer players' all-chows target).
    """
    n = len(suffix)
    if n == 0:
        return None if (r1 or r2) else (0,) + (_NEG,) * (SPLITS - 1)
    if n == 1 and r1:
        return None
    c = suffix[0]
    rest = suffix[1:]
    best = [_NEG] * SPLITS
    max_runs = 4 if n >= 3 else 0
    for pungs in range(5 if pungs_allowed else 1):
        for runs in range(min(max_runs, 4 - pungs) + 1):
            sub = _best_matched(rest, runs, r1, pungs_allowed)
            if sub is None:
                continue
            new_sets = pungs + runs
            for pair in (0, 1):
                matched = min(3 * pungs + 2 * pair + runs + r1 + r2, c)
                for m in range(5 - new_sets):
                    for p in range(2 - pair):
                        v = sub[2 * m + p]
                        if v == _NEG:
                            continue
                        k = 2 * (m + new_sets) + p + pair
                        if v + matched > best[k]:
                            best[k] = v + matched
    return tuple(best)


def suit_vector(counts: Sequence[int]) -> tuple[int, ...]:
    """Fewest tiles to add for m sets (+ p pair) in one numbered suit (9 counts)."""
    matched = _best_matched(tuple(counts), 0, 0)
    assert matched is not None
    return tuple(3 * (i // 2) + 2 * (i % 2) - matched[i] for i in range(SPLITS))


def _honour_one(c: int) -> tuple[int, ...]:
    # one honour kind: sets are pungs of it (several if wildcards help), a pair of it
    out = []
    for i in range(SPLITS):
        demand = 3 * (i // 2) + 2 * (i % 2)
        out.append(demand - min(demand, c))
    return tuple(out)


def combine(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """Min-plus combination of two vectors: the best split of m sets and p pairs."""
    out = []
    for m in range(5):
        for p in range(2):
            best = 99
            for m1 in range(m + 1):
                for p1 in range(p + 1):
                    v = a[2 * m1 + p1] + b[2 * (m - m1) + (p - p1)]
                    if v < best:
                        best = v
            out.append(best)
    return tuple(out)


def honour_vector(counts: Sequence[int]) -> tuple[int, ...]:
    """Fewest tiles to add for m sets (+ p pair) among the honours (7 counts)."""
    v = _honour_one(counts[0])
    for c in counts[1:]:
        v = combine(v, _honour_one(c))
    return v


def vector(counts: Sequence[int], honours: bool) -> tuple[int, ...]:
    return honour_vector(counts) if honours else suit_vector(counts)


def acceptance_masks(
    counts: Sequence[int], honours: bool, vec: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Per split, the bit mask of kinds (bit j = j-th kind of the suit) whose addition
    lowers that split's distance by one."""
    if vec is None:
        vec = vector(counts, honours)
    masks = [0] * SPLITS
    work = list(counts)
    for j in range(len(counts)):
        work[j] += 1
        nv = vector(work, honours)
        work[j] -= 1
        for i in range(SPLITS):
            if nv[i] < vec[i]:
                masks[i] |= 1 << j
    return tuple(masks)


def simple_fields(counts: Sequence[int], honours: bool) -> tuple[int, int, int, int, int]:
    """Fields for seven pairs and thirteen orphans, and the tile count:
    (pairs, singles, orphan kinds present, orphan pair 0/1, tiles).
    A four of a kind counts as two pairs (the project's rule)."""
    pairs = sum(c // 2 for c in counts)
    singles = sum(c % 2 for c in counts)
    orphan_pos = range(len(counts)) if honours else (0, 8)
    present = sum(1 for j in orphan_pos if counts[j])
    orphan_pair = int(any(counts[j] >= 2 for j in orphan_pos))
    return pairs, singles, present, orphan_pair, sum(counts)


def patterns(width: int, max_tiles: int = MAX_SUIT_TILES) -> Iterator[tuple[int, ...]]:
    """Every count pattern of ``width`` kinds (0..4 each, at most ``max_tiles`` tiles), in
    lexicographic order."""
    if width == 0:
        yield ()
        return
    for c in range(min(4, max_tiles) + 1):
        for rest in patterns(width - 1, max_tiles - c):
            yield (c, *rest)


def pattern_keys(width: int) -> list[bytes]:
    """The same patterns as ``patterns`` (same order), as ``bytes`` keys, built quickly."""
    head_w = width - 4
    tails_by_bound: list[list[bytes]] = []
    tails = list(patterns(4))
    for bound in range(MAX_SUIT_TILES + 1):
        tails_by_bound.append([bytes(t) for t in tails if sum(t) <= bound])
    return [
        h + t
        for head in patterns(head_w)
        for h in (bytes(head),)
        for t in tails_by_bound[MAX_SUIT_TILES - sum(head)]
    ]


def build() -> dict[str, object]:
    """Compute every class; returns the JSON-able header and the per-pattern class ids."""
    vectors: dict[tuple[int, ...], int] = {}
    masks: dict[tuple[int, ...], int] = {}
    classes: dict[tuple[int, ...], int] = {}
    ids: dict[str, list[int]] = {}
    for name, width, honours in (("suit", 9, False), ("honours", 7, True)):
        pats = list(patterns(width))
        vec_of = {p: vector(p, honours) for p in pats}
        out = []
        for p in pats:
            vec = vec_of[p]
            acc = [0] * SPLITS
            work = list(p)
            for j in range(width):
                work[j] += 1
                t = tuple(work)
                nv = vec_of.get(t) or vector(t, honours)
                work[j] -= 1
                for i in range(SPLITS):
                    if nv[i] < vec[i]:
                        acc[i] |= 1 << j
            vid = vectors.setdefault(vec, len(vectors))
            mid = masks.setdefault(tuple(acc), len(masks))
            cls = (vid, mid, *simple_fields(p, honours))
            out.append(classes.setdefault(cls, len(classes)))
        ids[name] = out
    return {
        "vectors": [list(v) for v in vectors],
        "masks": [list(m) for m in masks],
        "classes": [list(c) for c in classes],
        "ids": ids,
    }


# the file's records: a class (vector id, mask id, pairs, singles, orphan kinds present,
# orphan pair, tiles) and a mask (one 9-bit acceptance mask per split); fixed widths, so
# the engine decodes only the classes a game asks for (engine.analysis.tables)
CLASS_RECORD = struct.Struct("<BI5B")
MASK_RECORD = struct.Struct(f"<{SPLITS}H")


def write(table: dict[str, object], path: Path = DATA_FILE) -> None:
    """The classes file: a JSON header (vectors, record counts), then each pattern's class
    id (suit patterns then honour patterns, in :func:`patterns` order, 4 bytes each), the
    class records and the mask records; stored as is (not compressed: inflating its 3.8 MB
    took a tenth of a process's start-up, while reading them takes a millisecond)."""
    ids, classes, masks = table["ids"], table["classes"], table["masks"]
    assert isinstance(ids, dict) and isinstance(classes, list) and isinstance(masks, list)
    header = {
        "vectors": table["vectors"],
        "counts": {
            "suit": len(ids["suit"]),
            "honours": len(ids["honours"]),
            "classes": len(classes),
            "masks": len(masks),
        },
    }
    head = json.dumps(header, separators=(",", ":")).encode()
    body = b"".join(struct.pack(f"<{len(v)}I", *v) for v in (ids["suit"], ids["honours"]))
    body += b"".join(CLASS_RECORD.pack(*c) for c in classes)
    body += b"".join(MASK_RECORD.pack(*m) for m in masks)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(struct.pack("<I", len(head)) + head + body)


class ClassFile:
    """The classes file as read: the header and views of its four arrays (nothing decoded
    until asked)."""

    def __init__(self, path: Path = DATA_FILE) -> None:
        raw = path.read_bytes()
        (n,) = struct.unpack_from("<I", raw, 0)
        self.header: dict[str, Any] = json.loads(raw[4 : 4 + n])
        counts = self.header["counts"]
        body = memoryview(raw)[4 + n :]
        ns, nh = counts["suit"], counts["honours"]
        nc, nm = counts["classes"], counts["masks"]
        self.suit_ids = body[: 4 * ns].cast("I")
        self.honour_ids = body[4 * ns : 4 * (ns + nh)].cast("I")
        pos = 4 * (ns + nh)
        self.classes = body[pos : pos + nc * CLASS_RECORD.size]
        pos += nc * CLASS_RECORD.size
        self.masks = body[pos : pos + nm * MASK_RECORD.size]

    def class_fields(self, cid: int) -> tuple[int, ...]:
        """Class ``cid`` as stored: (vector id, mask id, five simple fields)."""
        return CLASS_RECORD.unpack_from(self.classes, cid * CLASS_RECORD.size)

    def mask(self, mid: int) -> tuple[int, ...]:
        return MASK_RECORD.unpack_from(self.masks, mid * MASK_RECORD.size)


def read(path: Path = DATA_FILE) -> tuple[dict[str, Any], list[int], list[int]]:
    """The whole file decoded: header (with ``classes`` and ``masks`` as lists) and the
    class id of every suit and honour pattern."""
    f = ClassFile(path)
    counts = f.header["counts"]
    header = dict(f.header)
    header["classes"] = [list(f.class_fields(i)) for i in range(counts["classes"])]
    header["masks"] = [list(f.mask(i)) for i in range(counts["masks"])]
    return header, list(f.suit_ids), list(f.honour_ids)


def pattern_count(width: int, max_tiles: int) -> int:
    """How many patterns :func:`patterns` yields (``max_tiles`` < 0: none)."""
    return _pattern_counts(width)[max_tiles] if max_tiles >= 0 else 0


@cache
def _pattern_counts(width: int) -> tuple[int, ...]:
    if width == 0:
        return (1,) * (MAX_SUIT_TILES + 1)
    return tuple(
        sum(pattern_count(width - 1, b - c) for c in range(5)) for b in range(MAX_SUIT_TILES + 1)
    )


def rank_offsets(width: int) -> list[list[tuple[int, ...]]]:
    """``[i][budget][n]``: how many patterns come before those whose kind ``i`` is ``n``
    among those that share the kinds before ``i`` and have ``budget`` tiles left for the
    rest. A pattern's place in :func:`patterns` order is the sum over its kinds."""
    return [
        [
            tuple(sum(pattern_count(width - i - 1, b - v) for v in range(n)) for n in range(5))
            for b in range(MAX_SUIT_TILES + 1)
        ]
        for i in range(width)
    ]


def split_target(sets: int) -> list[tuple[int, int]]:
    """Pairs (i, j) of split indices of two vectors that together make ``sets`` sets + 1 pair."""
    out = []
    for m in range(sets + 1):
        for p in (0, 1):
            out.append((2 * m + p, 2 * (sets - m) + 1 - p))
    return out


def build_combinations(base: Sequence[Sequence[int]]) -> dict[str, object]:
    """Close the vectors under ``combine`` and tabulate, for every two vector ids:
    the id of their combination, and per number of exposed melds (0..4) the fewest
    tiles to add for a whole hand and the bit mask of the first vector's splits that
    reach that fewest number ("tight" splits)."""
    vecs = [tuple(v) for v in base]
    index = {v: i for i, v in enumerate(vecs)}
    frontier = list(vecs)
    while frontier:
        new = []
        for a in frontier:
            for b in list(vecs):
                for c in (combine(a, b), combine(b, a)):
                    if c not in index:
                        index[c] = len(vecs)
                        vecs.append(c)
                        new.append(c)
        frontier = new
    n = len(vecs)
    conv = [index[combine(a, b)] for a in vecs for b in vecs]
    need: list[list[int]] = []
    tight: list[list[int]] = []
    for melds in range(5):
        pairs = split_target(4 - melds)
        nd, tg = [], []
        for a in vecs:
            for b in vecs:
                sums = [a[i] + b[j] for i, j in pairs]
                best = min(sums)
                mask = 0
                for (i, _), v in zip(pairs, sums, strict=True):
                    if v == best:
                        mask |= 1 << i
                nd.append(best)
                tg.append(mask)
        need.append(nd)
        tight.append(tg)
    return {"vectors": [list(v) for v in vecs], "n": n, "conv": conv, "need": need, "tight": tight}


def write_combinations(table: dict[str, object], path: Path = COMBINE_FILE) -> None:
    n = table["n"]
    assert isinstance(n, int) and n < 256
    conv, need, tight = table["conv"], table["need"], table["tight"]
    assert isinstance(conv, list) and isinstance(need, list) and isinstance(tight, list)
    head = json.dumps({"vectors": table["vectors"], "n": n}, separators=(",", ":")).encode()
    body = bytes(conv) + b"".join(bytes(x) for x in need)
    body += b"".join(struct.pack(f"<{len(x)}H", *x) for x in tight)
    path.parent.mkdir(parents=True, exist_ok=True)
    # stored as is, as the classes file (430 kB: inflating it cost more than reading it)
    path.write_bytes(struct.pack("<I", len(head)) + head + body)


def read_combinations(
    path: Path = COMBINE_FILE,
) -> tuple[list[tuple[int, ...]], list[int], list[bytes], list[list[int]]]:
    raw = path.read_bytes()
    (h,) = struct.unpack_from("<I", raw, 0)
    header = json.loads(raw[4 : 4 + h])
    n = header["n"]
    vectors = [tuple(v) for v in header["vectors"]]
    nn = n * n
    pos = 4 + h
    conv = list(raw[pos : pos + nn])
    pos += nn
    need = []
    for _ in range(5):
        need.append(raw[pos : pos + nn])
        pos += nn
    tight = []
    view = memoryview(raw)
    for _ in range(5):
        tight.append(list(view[pos : pos + 2 * nn].cast("H")))
        pos += 2 * nn
    return vectors, conv, need, tight


if __name__ == "__main__":  # pragma: no cover - offline tool
    import sys
    import time

    start = time.perf_counter()
    if "--combinations-only" not in sys.argv:
        t = build()
        write(t)
        classes = t["classes"]
        assert isinstance(classes, list)
        print(f"wrote {DATA_FILE} ({len(classes)} classes) in {time.perf_counter() - start:.1f} s")
    header, _, _ = read()
    vectors = header["vectors"]
    assert isinstance(vectors, list)
    comb = build_combinations(vectors)
    write_combinations(comb)
    print(f"wrote {COMBINE_FILE} ({comb['n']} vectors) in {time.perf_counter() - start:.1f} s")
