"""开杠不补牌: with one kong that took no replacement the eye is any single tile (独眼), with
two there is none (无眼); a third kong is refused. Held to a plain search written here."""

from __future__ import annotations

import random

import pytest

from engine.analysis.hand import AnalysisError
from engine.analysis.short_eye import complete, eye_size, shanten_short, waits
from engine.tiles import HONOR_BASE, NUM_KINDS, parse


def counts(text: str) -> list[int]:
    c = [0] * NUM_KINDS
    for t in parse(text):
        c[t] += 1
    return c


def plain_sets(c: list[int], wild: int) -> bool:
    """All sets, by trying pung and run on the lowest natural tile (wildcards filling in)."""
    k = next((i for i, n in enumerate(c) if n), -1)
    if k < 0:
        return wild % 3 == 0
    for need in ((k, k, k),) + (() if k >= HONOR_BASE else tuple(
            (s, s + 1, s + 2) for s in (k - 2, k - 1, k)
            if s >= k - k % 9 and s % 9 <= 6)):
        d, w, ok = list(c), wild, True
        for t in need:
            if d[t]:
                d[t] -= 1
            elif w:
                w -= 1
            else:
                ok = False
                break
        if ok and plain_sets(d, w):
            return True
    return False


def plain_complete(c: list[int], wild: int, eye: int) -> bool:
    """Sets and an eye of ``eye`` tiles of one kind (naturals first, wildcards filling in)."""
    if wild >= eye and plain_sets(c, wild - eye):
        return True  # an eye of wildcards only
    for k in range(NUM_KINDS):
        take = min(c[k], eye)
        if take and eye - take <= wild:
            d = [*c[:k], c[k] - take, *c[k + 1 :]]
            if plain_sets(d, wild - (eye - take)):
                return True
    return False


def test_the_pages_examples():
    # guangdong, concealed kong 9999p: 123m456m789s3z self-drawn on 3z wins (独眼 3z)
    assert complete(counts("123m456m789s3z"), 0, 1, 1)
    # kongs 1111s 9999s and 123m456m: no eye (无眼)
    assert complete(counts("123m456m"), 0, 2, 2)
    # a pair is no longer needed, nor enough: 123m456m789s33z is one tile too many
    assert not complete(counts("123m456m789s33z"), 0, 1, 1)
    # 12345m789s55s reads as sets + a pair once a 3m is added, but never as sets + one tile
    assert not complete(counts("12345m789s55s"), 0, 1, 1)
    with pytest.raises(AnalysisError):
        eye_size(3)


def test_three_sets_wait_on_every_kind_and_a_single_eye_waits_like_a_pair():
    assert waits(counts("123m456m789s"), 0, 1, 1) == list(range(NUM_KINDS))
    assert [k for k in waits(counts("123m45m789s1z"), 0, 1, 1)] == [
        parse("3m")[0], parse("6m")[0]]
    assert shanten_short(counts("123m459m789s"), 0, 1, 1) == 0  # 9m the eye, 45m waits
    assert shanten_short(counts("123m45m"), 0, 2, 2) == 0
    assert shanten_short(counts("123m456m"), 0, 2, 2) == -1


@pytest.mark.parametrize("kongs", [0, 1, 2])
def test_random_hands_agree_with_the_plain_search(kongs):
    rng = random.Random(33 + kongs)
    melds = kongs + rng.choice([0, 1]) if kongs < 2 else 2
    size = 3 * (4 - melds) + eye_size(kongs)
    hits = 0
    for _ in range(300):
        wild = rng.choice([0, 0, 0, 1, 2])
        pool = [k for k in range(NUM_KINDS) for _ in range(4)]
        c = [0] * NUM_KINDS
        for k in rng.sample(pool, size - wild):
            c[k] += 1
        if rng.random() < 0.5:  # half of them built complete, then one tile changed or not
            c, wild = built(rng, melds, kongs), rng.choice([0, 0, 1])
            if wild:
                k = rng.choice([i for i, n in enumerate(c) if n])
                c[k] -= 1
        want = plain_complete(c, wild, eye_size(kongs))
        hits += want
        assert complete(c, wild, melds, kongs) is want, (c, wild, melds, kongs)
        # the shanten agrees: -1 exactly when complete; a tile less is ready exactly when
        # it waits on something
        assert (shanten_short(c, wild, melds, kongs) == -1) is want
        k = next(i for i, n in enumerate(c) if n)
        c[k] -= 1
        ready = bool(waits(c, wild, melds, kongs))
        assert (shanten_short(c, wild, melds, kongs) <= 0) is ready, (c, wild, melds)
    assert hits > 50  # the search is held to complete hands, not only to broken ones


def built(rng: random.Random, melds: int, kongs: int) -> list[int]:
    """A complete concealed hand: its sets and its eye drawn at random."""
    c = [0] * NUM_KINDS
    for _ in range(4 - melds):
        if rng.random() < 0.5:
            s = rng.choice([x for x in range(HONOR_BASE) if x % 9 <= 6])
            for t in (s, s + 1, s + 2):
                c[t] += 1
        else:
            c[rng.randrange(NUM_KINDS)] += 3
    c[rng.randrange(NUM_KINDS)] += eye_size(kongs)
    return c
