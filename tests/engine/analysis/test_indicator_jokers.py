"""With a joker from an indicator (Shanghai 百搭, Beijing 惠牌, Quzhou 财神), the hand's shape
questions equal brute force: each joker tile replaced by every kind in turn (fifth copies
allowed), and — in Quzhou's single-tile hands — read as its face. Checked on the paths the
hand state machine asks (``engine.hand.judge``) and on scoring's ``can_win``."""

from __future__ import annotations

import random

import pytest

from engine.family.quzhou import special_forms
from engine.hand import judge
from engine.jokers import wild_kinds
from engine.rules import get_rules
from engine.scoring import WinContext, can_win
from engine.tiles import DRAGONS
from tests.engine.analysis.hands import near_ready, random_complete, with_wilds
from tests.engine.analysis.reference import brute_complete, brute_shanten, brute_waits

# preset, indicator: 4p makes 5p the joker, 9s makes 1s
CASES = [("shanghai", "4p"), ("beijing", "9s"), ("quzhou", "4p"), ("quzhou", "6z")]


def _setup(preset: str, indicator: str):
    from engine.tiles import parse_one

    rules = get_rules(preset)
    wild = wild_kinds(rules, parse_one(indicator))
    (joker,) = wild
    return rules, wild, joker


def _natural(rng, rules, joker, jokers, complete: bool) -> list[int]:
    """Natural counts without the joker kind (every copy of it is a joker) or, in Shanghai,
    the dragons (bonus tiles never held); ``jokers`` tiles taken out to make room."""
    while True:
        c = random_complete(rng) if complete else near_ready(rng, 0)
        if c[joker] or (rules.bonus_dragons and any(c[d] for d in DRAGONS)):
            continue
        return with_wilds(rng, c, jokers)


def _brute(rules, counts, jokers, joker) -> bool:
    sp = rules.seven_pairs
    if brute_complete(counts, jokers, 0, sp, False):
        return True
    fam = rules.family
    if fam != "quzhou":
        return False
    face = list(counts)
    face[joker] += jokers
    return bool(special_forms(face, []))


@pytest.mark.parametrize(("preset", "indicator"), CASES)
def test_complete_hands_equal_brute_force(preset, indicator):
    rules, wild, joker = _setup(preset, indicator)
    rng = random.Random(f"complete-{preset}-{indicator}")
    for i in range(40):
        jokers = 1 + i % 2
        c = _natural(rng, rules, joker, jokers, complete=True)
        if i % 3 == 0:  # spoil one tile now and then
            k = rng.choice([k for k in range(34) if c[k]])
            c[k] -= 1
            c[rng.choice([k for k in range(27) if k != joker])] += 1
        want = _brute(rules, c, jokers, joker)
        assert judge.shape_complete(rules, c, jokers, 0, wild) == want, (c, jokers)
        tiles = [k for k in range(34) for _ in range(c[k])] + [joker] * jokers
        ctx = WinContext(self_drawn=True, wild_kinds=wild)
        assert can_win(rules, tiles, [], tiles[0], ctx) == want, (c, jokers)


@pytest.mark.parametrize(("preset", "indicator"), CASES)
def test_waits_equal_brute_force(preset, indicator):
    rules, wild, joker = _setup(preset, indicator)
    rng = random.Random(f"waits-{preset}-{indicator}")
    for i in range(12):
        jokers = 1 + i % 2
        c = _natural(rng, rules, joker, jokers + 1, complete=True)  # 13 tiles
        want = set(brute_waits(c, jokers, 0, rules.seven_pairs, False))
        if rules.family == "quzhou":
            for k in range(34):
                face = list(c)
                face[joker] += jokers
                face[k] += 1
                if special_forms(face, []):
                    want.add(k)
        assert judge.shape_waits(rules, c, jokers, 0, wild) == want, (c, jokers)


@pytest.mark.parametrize(("preset", "indicator"), CASES[:3])
def test_shanten_equals_brute_force(preset, indicator):
    rules, _wild, joker = _setup(preset, indicator)
    rng = random.Random(f"shanten-{preset}")
    for i in range(30):
        jokers = 1 + i % 2
        c = _natural(rng, rules, joker, jokers, complete=False)
        # a 13-tile hand: near_ready has 13 naturals; make room for the jokers
        want = brute_shanten(c, jokers, 0, rules.seven_pairs, False)
        assert judge.shanten(rules, c, jokers, 0) == want, (c, jokers)


def test_quzhou_single_tile_hands_read_the_caishen_as_its_face():
    from engine.tiles import parse, to_counts

    rules, wild, joker = _setup("quzhou", "4p")  # 5p is the 财神
    # 十三不搭 with 5p among its 258p: complete only with 5p as itself
    face = to_counts(parse("147m258p369s12345z"), 34)
    counts = list(face)
    counts[joker] -= 1
    assert judge.shape_complete(rules, counts, 1, 0, wild)
    # 七风 with a 财神 in place of 中 is not complete (the 财神 is not 中)
    counts = to_counts(parse("123456z123m66p78s"), 34)
    assert not judge.shape_complete(rules, counts, 1, 0, wild)
