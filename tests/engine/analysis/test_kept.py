"""KeptHand: a hand kept as tiles come and go answers as the functions on its counts."""

from __future__ import annotations

import random

import pytest

from engine.analysis import AnalysisError, shanten, waits, waits_mask
from engine.analysis.kept import KeptHand
from engine.tiles import parse


def counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse(text):
        c[t] += 1
    return c


def test_examples_read_as_the_functions():
    hand = KeptHand(counts("123m456p789s1122z"))
    assert hand.shanten() == 0
    assert hand.waits() == [27, 28] == waits(counts("123m456p789s1122z"))
    hand.add(27)
    assert hand.shanten() == -1
    hand.remove(27)
    hand.remove(0)
    hand.add(33)
    assert hand.counts() == counts("23m456p789s11227z")
    assert hand.shanten() == shanten(counts("23m456p789s11227z"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_walk_agrees_with_the_functions_at_every_step(seed):
    # draws and discards from a wall, every form switched on and off, with wildcards and
    # exposed melds: every answer is the plain function's on the same counts
    rng = random.Random(seed)
    for _ in range(40):
        melds = rng.choice([0, 0, 1, 2, 4])
        wilds = min(rng.choice([0, 0, 1, 3]), 12 - 3 * melds)
        size = 13 - 3 * melds - wilds
        wall = [k for k in range(34) for _ in range(4)]
        if rng.random() < 0.3:  # one suit and honours: the dense patterns
            wall = [k for k in wall if k < 9 or k >= 27]
        rng.shuffle(wall)
        hand, rest = wall[:size], wall[size:]
        kept = KeptHand.of_kinds(hand)
        c = counts("")
        for t in hand:
            c[t] += 1
        for step in range(30):
            sp, to = bool(step % 2), bool(step % 3)
            d = rest.pop()
            kept.add(d)
            c[d] += 1
            want = shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
            assert kept.shanten(wilds, melds, seven_pairs=sp, thirteen_orphans=to) == want
            x = rng.choice([k for k in range(34) if c[k]])
            kept.remove(x)
            c[x] -= 1
            rest.insert(0, x)
            assert kept.counts() == c
            want = shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=to)
            assert kept.shanten(wilds, melds, seven_pairs=sp, thirteen_orphans=to) == want
            assert kept.waits_mask(wilds, melds, sp, to) == waits_mask(c, wilds, melds, sp, to)
            assert kept.keys() == (bytes(c[:9]), bytes(c[9:18]), bytes(c[18:27]), bytes(c[27:]))


def test_ready_seven_pairs_and_thirteen_orphans_waits():
    for text in ("11335577m11223z", "19m19p19s1234567z", "19m19p19s1234566z"):
        c = counts(text)
        assert KeptHand(c).waits() == waits(c) != []


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda h: h.remove(3), "no tile of kind 3 to remove"),
        (lambda h: h.remove(27), "no tile of kind 27 to remove"),
        (lambda h: [h.add(0) for _ in range(5)], "a fifth tile of kind 0"),
        (lambda h: h.add(34), "kind must be a whole number from 0 to 33, not 34"),
        (lambda h: h.add(-1), "kind must be a whole number from 0 to 33, not -1"),
        (lambda h: h.add("1m"), "kind must be a whole number from 0 to 33, not '1m'"),
        (lambda h: h.shanten(), "the hand has 0 tiles"),
        (lambda h: h.shanten(15), "wilds must be a whole number from 0 to 14"),
        (lambda h: KeptHand([5] + [0] * 33), "each kind 0 to 4 times"),
        (lambda h: KeptHand([1] * 33), "counts must have 34 entries"),
    ],
)
def test_bad_changes_are_refused_in_one_line_and_change_nothing(change, says):
    hand = KeptHand()
    with pytest.raises(AnalysisError, match=says):
        change(hand)
    assert sum(hand.counts()) <= 4 and max(hand.counts()) <= 4


def test_a_refused_change_leaves_the_hand_as_it_was():
    hand = KeptHand(counts("1112345678999m1z"))
    with pytest.raises(AnalysisError):
        hand.remove(28)
    with pytest.raises(AnalysisError):
        for _ in range(4):
            hand.add(27)
    assert hand.counts() == counts("1112345678999m1111z")


@pytest.mark.parametrize("seed", [1, 2])
def test_waits_of_ready_walks_agree(seed):
    # ready hands are where the or-ed masks are read (a walk of random hands meets few);
    # each also with one of its tiles as a wildcard
    from bench.bench_analysis import _walk

    start, steps = _walk(random.Random(seed), 300, 13, keep_ready=True)
    kept, c = KeptHand(start), list(start)
    for d, x in steps:
        kept.add(d)
        kept.remove(x)
        c[d] += 1
        c[x] -= 1
        want = waits_mask(c)
        assert want and kept.waits_mask() == want
        assert kept.waits_mask(0, 0, False, False) == waits_mask(c, 0, 0, False, False)
        k = next(k for k in range(34) if c[k])
        kept.remove(k)
        c[k] -= 1
        assert kept.waits_mask(1) == waits_mask(c, 1)
        kept.add(k)
        c[k] += 1
    assert kept.counts() == c
