"""Hand advice against the brute-force references (wildcards substituted by every kind)."""

from __future__ import annotations

import random

import pytest

from engine.advice import AdviceError, advise
from engine.melds import meld
from engine.rules import get_rules
from engine.tiles import parse, parse_one
from tests.engine.analysis.reference import brute_shanten, brute_waits

JIHU = get_rules("heyuan-jihu")  # seven pairs on, thirteen orphans, 8 wildcards
ZHENG = get_rules("heyuan-zheng")
GD = get_rules("guangdong")
T = parse_one


def _random_hand(rng: random.Random, size: int, wilds: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    tiles = rng.sample(wall, size - wilds)
    return sorted(tiles) + list(range(34, 34 + wilds))


def _counts(tiles: list[int]) -> tuple[list[int], int]:
    c = [0] * 34
    w = 0
    for t in tiles:
        if t >= 34:
            w += 1
        else:
            c[t] += 1
    return c, w


@pytest.mark.parametrize("seed", range(4))
def test_thirteen_tiles_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):  # the brute-force reference is slow with wildcards: few hands per seed
        tiles = _random_hand(rng, 13, rng.randrange(0, 3))
        a = advise(JIHU, tiles)
        c, w = _counts(tiles)
        sh = brute_shanten(c, w)
        assert a.shanten == sh
        want = []
        for k in range(34):
            c[k] += 1
            if brute_shanten(c, w) < sh:
                want.append(k)
            c[k] -= 1
        assert [k for k, _ in a.improving] == want
        for k, n in a.improving:  # unseen: 4 minus what the hand holds
            assert n == max(0, 4 - c[k])


@pytest.mark.parametrize("seed", range(3))
def test_each_discard_against_brute_force(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(6):
        tiles = _random_hand(rng, 14, rng.randrange(0, 2))
        a = advise(JIHU, tiles)
        assert a.size == 14 and a.options
        assert {o.tile for o in a.options} == {t for t in tiles if t < 34} | (
            {min(t for t in tiles if t >= 34)} if any(t >= 34 for t in tiles) else set()
        )
        for o in a.options:
            rest = list(tiles)
            rest.remove(o.tile)
            c, w = _counts(rest)
            assert o.shanten == brute_shanten(c, w)
        keys = [(o.shanten, -o.unseen) for o in a.options]
        assert keys == sorted(keys)  # best first


def test_ready_waits_are_the_legal_wins_only() -> None:
    # 正百搭: a chicken cannot win, so the plain wait gives no legal win; a flush one does
    plain = advise(ZHENG, parse("123m456p789s11z22z"))
    assert plain.shanten == 0 and plain.waits == ()
    flush = advise(ZHENG, parse("123m456m789m11z22z"))
    assert [k for k, _ in flush.waits] == parse("1z2z")
    assert dict(flush.waits)[T("1z")] == 2  # two 1z held: two unseen


def test_a_complete_hand_is_scored_like_evaluate() -> None:
    a = advise(ZHENG, parse("111222333444m5m1f"), win_tile=T("5m"))
    assert a.shanten == -1 and a.score is not None
    assert (a.score.points, a.score.patterns) == (16, ("full_flush_pungs", "lone_wild"))
    gd = advise(GD, parse("1112345678999m5m"))
    assert gd.score is not None and gd.score.patterns == ("nine_gates",)


def test_melds_and_errors() -> None:
    a = advise(GD, parse("234m567p11z22z"), [meld("pung", "555s")])
    assert a.size == 13 and a.shanten == 0 and {k for k, _ in a.waits} == set(parse("1z2z"))
    with pytest.raises(AdviceError, match="12 tiles"):
        advise(GD, parse("234m567p11z2z"), [meld("pung", "555s")])
    with pytest.raises(AdviceError, match="flower"):
        advise(GD, parse("123m456p789s1122z1f"))
    with pytest.raises(AdviceError, match="four times"):
        advise(GD, parse("11111m456p789s112z"))


def test_a_single_tile_hand_of_quzhou_is_valued():
    # complete only as 十三不搭 (its 财神 5p read as its face): still valued as evaluate does
    a = advise(get_rules("quzhou"), parse("147m258p36s12345z9s"), indicator=parse_one("4p"),
               win_tile=parse_one("9s"))  # fmt: skip
    assert a.score is not None and a.score.patterns == ("thirteen_unrelated",)


@pytest.mark.parametrize("wilds", [1, 2])
def test_each_discards_improving_tiles_and_waits_against_brute_force(wilds: int) -> None:
    # wildcards by substitution: the unseen counts, the best discards' improving kinds (what
    # lowers the shanten each leaves) and, when one leaves the hand ready, its waits
    rng = random.Random(200 + wilds)
    for _ in range(2):
        tiles = _random_hand(rng, 14, wilds)
        a = advise(JIHU, tiles)
        for o in a.options[: 5 - 2 * wilds]:
            rest = list(tiles)
            rest.remove(o.tile)
            c, w = _counts(rest)
            want = []
            for k in range(34):
                c[k] += 1
                if brute_shanten(c, w) < o.shanten:
                    want.append(k)
                c[k] -= 1
            assert [k for k, _ in o.improving] == want
            held = _counts(tiles)[0]
            assert all(n == max(0, 4 - held[k]) for k, n in o.improving)
            if o.shanten == 0:
                # legal waits are shape waits the preset accepts (never a fifth copy)
                assert {k for k, _ in o.waits} <= set(brute_waits(c, w))


def test_ready_hands_with_wildcards_wait_only_on_shape_wins() -> None:
    rng = random.Random(7)
    seen = 0
    while seen < 6:
        tiles = _random_hand(rng, 13, rng.randrange(1, 3))
        a = advise(JIHU, tiles)
        if a.shanten != 0:
            continue
        seen += 1
        c, w = _counts(tiles)
        legal = {k for k, _ in a.waits}
        assert legal and legal <= set(brute_waits(c, w)), tiles


def test_riichi_counts_the_indicator_as_seen_and_names_the_dora() -> None:
    rules = get_rules("riichi")
    hand = parse("123m456p789s11z23s9m")
    plain = advise(rules, hand)
    shown = advise(rules, hand, indicator=parse_one("1s"))
    assert plain.options[0].waits == ((parse_one("1s"), 4), (parse_one("4s"), 4))
    # 1s lies face up as the indicator: three left to win on; 2s is dora, one held
    assert shown.options[0].waits == ((parse_one("1s"), 3), (parse_one("4s"), 4))
    assert shown.dora == (parse_one("2s"),) and shown.dora_held == 1
    assert plain.dora == () and advise(rules, hand, indicator=parse_one("9m")).dora == (
        parse_one("1m"),)  # 9 → 1 within the suit
    # honours cycle: North shows East, Red shows White
    assert advise(rules, hand, indicator=parse_one("4z")).dora == (parse_one("1z"),)
    assert advise(rules, hand, indicator=parse_one("7z")).dora == (parse_one("5z"),)
    # 13 tiles: a ready hand's waits count the indicator too
    ready = advise(rules, parse("123m456p789s11z23s"), indicator=parse_one("4s"))
    assert ready.waits == ((parse_one("1s"), 4), (parse_one("4s"), 3))


def test_another_game_with_an_indicator_has_no_dora() -> None:
    rules = get_rules("shanghai")
    hand = parse("123m456p789s1122z5p")
    a = advise(rules, hand, indicator=parse_one("4p"))
    assert a.dora == () and a.dora_held == 0
