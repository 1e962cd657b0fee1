"""Hand analysis: shanten, waits, wildcards — ours against `mahjong` (pure Python) and
`xiangting` (Rust), on the same random hands in the same run.

What each computes:
- ``engine.analysis.shanten``: min of standard form, seven pairs (a four of a kind is two
  pairs) and thirteen orphans, shape only.
- ``mahjong`` ``Shanten().calculate_shanten(tiles_34)``: the same three forms (its seven
  pairs needs distinct pairs); with ``use_chiitoitsu=False, use_kokushi=False`` the
  standard form only, compared with ``shanten_standard``.
- ``xiangting.calculate_replacement_number``: the three forms too, counting only tiles a
  player can still draw (shanten + 1).
- waits: ours ``waits(counts)`` against the `mahjong` way (34 calls of
  ``Agari().is_agari``) and ``xiangting.calculate_necessary_tiles`` (ready hands only).
- discards of a 14-tile hand (what the computer players ask most): for every distinct
  discard, the shanten left and the kinds that would lower it. Ours ``discard_masks``
  (raw bit masks) and ``discard_options`` (with the unseen counts) against
  ``xiangting.calculate_necessary_tiles`` called once per distinct discard.
- kept hands (``engine.analysis.kept.KeptHand``): the same measures as a game asks them,
  a tile at a time. A walk over a wall (draw a tile, discard one: its hands are random
  hands, as many of each as ``rng.sample`` gives) is played by both sides in the timed part:
  ours changes the kept hand (``add``, ``remove``) and asks ``shanten``; the peer changes
  its list of counts (``c[k] += 1``, ``c[k] -= 1``) and calls ``xiangting`` on it. The 13-
  tile row asks after the discard, the 14-tile row after the draw; the waits row walks
  over ready hands (each discard one that keeps the hand ready in the standard form, as the
  other waits row's hands, the drawn tile where none does) and asks ``waits_mask`` against
  ``calculate_necessary_tiles``.
Inputs are made from a fixed ``random.Random`` outside the timed part; ours and each peer
are timed in turns (``_paired``), so that a ratio is of two rates taken under the same load.

Why pure Python stays near 0.5x `xiangting` on one random hand from a list: a call must turn a list of
34 counts into table keys. Counted with valgrind (instructions per call, this machine's
CPython 3.11), ``bytes(counts)`` alone is about 3.3 k and the four per-suit dictionary
reads about 5.7 k more, together about what all of ``xiangting``'s call costs (about 9.6 k,
mostly converting the same list for Rust); the whole ``shanten`` is about 17 k (15 k with
every helper inlined). To pass 1x the per-call conversion has to go: callers that keep
each suit's class as tiles come and go (one table read per changed suit, then two
combination reads) would need about 3 k per shanten: the kept rows, where a tile in or out
is one addition and one read of a dictionary keyed on small numbers. The discards row is
where the per-suit tables pay: one read per discard instead of a whole hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bench import Row, rate
from engine.analysis import discard_masks, discard_options, shanten, shanten_standard, waits
from engine.analysis.kept import KeptHand

GROUP = "analysis"


def _random_counts(rng: random.Random, size: int, one_suit: bool = False) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    if one_suit:
        s = rng.randrange(3)
        wall = [k for k in wall if k // 9 == s]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return counts


def _random_ready(rng: random.Random) -> list[int]:
    """A complete 4 sets + pair hand (at most 4 of a kind) with one tile taken out."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                for k in (s, s + 1, s + 2):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            k = rng.choice([k for k in range(34) if counts[k]])
            counts[k] -= 1
            return counts


def _drop(rng: random.Random, counts: list[int], n: int) -> list[int]:
    c = list(counts)
    for _ in range(n):
        k = rng.choice([k for k in range(34) if c[k]])
        c[k] -= 1
    return c


def _walk(
    rng: random.Random, steps: int, size: int, keep_ready: bool = False
) -> tuple[list[int], list[tuple[int, int]]]:
    """A start of ``size`` tiles and ``steps`` (drawn, discarded) pairs over one wall: with
    ``keep_ready``, a start that is ready in the standard form (as ``_random_ready``'s) and
    discards that keep it so (the drawn tile where none does)."""
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    if keep_ready:
        start = _random_ready(rng)
        rest = list(wall)
        for k in range(34):
            for _ in range(start[k]):
                rest.remove(k)
    else:
        start = [0] * 34
        for t in wall[:size]:
            start[t] += 1
        rest = wall[size:]
    counts = list(start)
    out = []
    for _ in range(steps):
        i = rng.randrange(len(rest))
        d = rest[i]
        counts[d] += 1
        if keep_ready:
            keep = []
            for k in range(34):
                if counts[k] and k != d:
                    counts[k] -= 1
                    if shanten_standard(counts) == 0:
                        keep.append(k)
                    counts[k] += 1
            x = rng.choice(keep) if keep else d
        else:
            x = rng.choice([k for k in range(34) for _ in range(counts[k])])
        counts[x] -= 1
        rest[i] = x
        out.append((d, x))
    return start, out


def _paired(
    ours: Callable[[], None], theirs: Callable[[], None], items: int, secs: float
) -> tuple[float, float]:
    """Both rates, taken in turns (five rounds, the best of each): on a busy machine a
    ratio of two runs taken one after the other measures the load as much as the code."""
    a = b = 0.0
    for _ in range(5):
        a = max(a, rate(ours, items, secs / 3, repeats=1))
        b = max(b, rate(theirs, items, secs / 3, repeats=1))
    return a, b


def _loop(fn: Callable[[list[int]], object], hands: list[list[int]]) -> Callable[[], None]:
    def run() -> None:
        for h in hands:
            fn(h)

    return run


def run(quick: bool) -> list[Row]:
    import xiangting
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    n = 300 if quick else 2000
    secs = 0.1 if quick else 0.4
    rng = random.Random(20240611)
    sh = Shanten()
    agari = Agari()
    four = xiangting.PlayerCount.FOUR
    rows: list[Row] = []

    def compare(
        name: str,
        ours: Callable[[list[int]], object],
        hands: list[list[int]],
        peers: list[tuple[str, Callable[[list[int]], object]]],
        note: str = "",
    ) -> float:
        mine = 0.0
        for peer, fn in peers:
            a, theirs = _paired(_loop(ours, hands), _loop(fn, hands), len(hands), secs)
            mine = max(mine, a)
            rows.append(Row(GROUP, name, a, "/s", peer, theirs, note=note))
        return mine

    hands13 = [_random_counts(rng, 13) for _ in range(n)]
    hands14 = [_random_counts(rng, 14) for _ in range(n)]
    one_suit = [_random_counts(rng, 14, True) for _ in range(n // 4)]

    def xt(c: list[int]) -> int:
        return xiangting.calculate_replacement_number(c, four) - 1

    def mj_standard(c: list[int]) -> int:
        return sh.calculate_shanten(c, use_chiitoitsu=False, use_kokushi=False)

    for label, hands in (("13 tiles", hands13), ("14 tiles", hands14), ("one-suit 14", one_suit)):
        compare(
            f"shanten {label}, all forms",
            shanten,
            hands,
            [("mahjong", sh.calculate_shanten), ("xiangting", xt)],
        )
        compare(
            f"shanten {label}, standard form", shanten_standard, hands, [("mahjong", mj_standard)]
        )

    ready = [_random_ready(rng) for _ in range(n)]

    def mj_waits(c: list[int]) -> list[int]:
        out = []
        for k in range(34):
            c[k] += 1
            if agari.is_agari(c):
                out.append(k)
            c[k] -= 1
        return out

    def xt_waits(c: list[int]) -> int:
        return xiangting.calculate_necessary_tiles(c, four)[1]

    compare(
        "waits of ready 13-tile hands",
        waits,
        ready,
        [("mahjong 34x is_agari", mj_waits), ("xiangting", xt_waits)],
    )

    # kept hands: the same walk played by both sides, a tile at a time (see the docstring)
    calc_rn = xiangting.calculate_replacement_number
    calc_nt = xiangting.calculate_necessary_tiles

    def walk_rows(
        name: str, start: list[int], steps: list[tuple[int, int]], draw_first: bool, ask: str
    ) -> None:
        def ours() -> None:
            hand = KeptHand(start)
            add, remove, answer = hand.add, hand.remove, getattr(hand, ask)
            if draw_first:  # the question after the discard
                for d, x in steps:
                    add(d)
                    remove(x)
                    answer()
            else:  # the question after the draw
                for d, x in steps:
                    remove(x)
                    add(d)
                    answer()

        def theirs() -> None:
            c = list(start)
            calc = calc_nt if ask == "waits_mask" else calc_rn
            if draw_first:
                for d, x in steps:
                    c[d] += 1
                    c[x] -= 1
                    calc(c, four)
            else:
                for d, x in steps:
                    c[x] -= 1
                    c[d] += 1
                    calc(c, four)

        mine, peer = _paired(ours, theirs, len(steps), secs)
        rows.append(Row(GROUP, name, mine, "/s", "xiangting", peer,
                        note="kept hand, a draw and a discard a step (both sides)"))  # fmt: skip

    start13, steps13 = _walk(rng, n, 13)
    walk_rows("shanten 13 tiles, kept, all forms", start13, steps13, True, "shanten")
    # the 14-tile walk: the 13-tile walk's draw first, then the next discard
    start14 = list(start13)
    start14[steps13[0][0]] += 1
    steps14 = [(steps13[i + 1][0], steps13[i][1]) for i in range(len(steps13) - 1)]
    walk_rows("shanten 14 tiles, kept, all forms", start14, steps14, False, "shanten")
    start_r, steps_r = _walk(rng, n, 13, keep_ready=True)
    walk_rows("waits of ready 13-tile hands, kept", start_r, steps_r, True, "waits_mask")

    def xt_discards(c: list[int]) -> list[tuple[int, int, int]]:
        out = []
        for k in range(34):
            if c[k]:
                c[k] -= 1
                rn, nt = xiangting.calculate_necessary_tiles(c, four)
                out.append((k, rn - 1, nt))
                c[k] += 1
        return out

    for name, ours in (("raw masks", discard_masks), ("DiscardOption", discard_options)):
        compare(
            f"discards of 14-tile hands, {name}",
            ours,
            hands14,
            [("xiangting per discard", xt_discards)],
            note="shanten and accepting kinds after each distinct discard",
        )

    # wildcards: the same hand sizes with 2, 4, 8 of the tiles turned into wildcards
    base_sh = rate(_loop(shanten, hands13), len(hands13), secs)
    base_w = rate(_loop(waits, ready), len(ready), secs)
    for w in (2, 4, 8):
        wh = [_drop(rng, h, w) for h in hands13]
        wr = [_drop(rng, h, w) for h in ready]
        mine = rate(_loop(lambda c, w=w: shanten(c, w), wh), len(wh), secs)  # type: ignore[misc]
        rows.append(
            Row(
                GROUP,
                f"shanten 13 tiles, {w} wildcards",
                mine,
                "/s",
                "ours, no wildcards",
                base_sh,
                note="target ratio >= 0.5",
            )
        )
        mine = rate(_loop(lambda c, w=w: waits(c, w), wr), len(wr), secs)  # type: ignore[misc]
        rows.append(
            Row(
                GROUP,
                f"waits 13 tiles, {w} wildcards",
                mine,
                "/s",
                "ours, no wildcards",
                base_w,
                note="target ratio >= 0.5",
            )
        )
    return rows
