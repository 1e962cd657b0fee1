"""Worked examples in tile notation (flowers stand for wildcards here)."""

import pytest

from engine.analysis import (
    AnalysisError,
    DiscardOption,
    discard_options,
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    waits,
)
from engine.tiles import parse
from tests.engine.analysis.reference import split


def kinds(notation: str) -> list[int]:
    return parse(notation)


@pytest.mark.parametrize(
    "notation",
    [
        "111222333444m5m1f",  # wildcard pairs the 5m
        "111m999p111z222z3z1f",  # wildcard pairs the 3z
        "123m456p789s11z222z",
        "123m456p789s11z2z1f1f",  # two wildcards complete the last pung
        "1f2f3f4f5f6f7f8f111m222z",  # eight wildcards: free sets and pair
        "11223344556677m",  # seven pairs, and also runs
        "1111m2233p4455s66z",  # seven pairs with a four of a kind as two pairs
        "19m19p19s1234567z1z",  # thirteen orphans
        "19m19p19s123456z1f1f",  # thirteen orphans with wildcards for 7z and the pair
    ],
)
def test_complete_hands(notation):
    c, w = split(notation)
    assert is_complete(c, w)
    assert shanten(c, w) == -1


def test_incomplete_and_forms():
    c, w = split("123m456p789s11z22z3z")
    assert not is_complete(c, w)
    assert shanten(c, w) == 0  # 14 tiles: discard one, ready
    c, w = split("1111m2233p4455s66z")
    assert shanten_seven_pairs(c) == -1
    assert not is_complete(c, seven_pairs=False)
    c, w = split("19m19p19s1234567z5m")
    assert shanten_thirteen_orphans(c) == 0
    assert shanten(c, thirteen_orphans=False) > 0


def test_melds_take_sets():
    c, w = split("123m11z")  # with three exposed melds
    assert is_complete(c, 0, 3)
    assert shanten(c, 0, 3) == -1
    c, w = split("1m")
    assert waits(c, 0, 4) == kinds("1m")
    c, w = split("1f")  # a lone wildcard with four melds waits on everything
    assert waits(c, w, 4) == list(range(34))
    with pytest.raises(AnalysisError):
        shanten_seven_pairs(split("123m")[0], 0)


def test_lone_wildcard_waits_on_every_kind():
    c, w = split("111222333444m1f")
    assert shanten(c, w) == 0
    assert waits(c, w) == list(range(34))


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("1112345678999m", "123456789m"),  # nine gates
        ("123m456p789s111z2z", "2z"),
        ("123m456p789s11z22z", "1z2z"),
        ("1111m234p567p789s", "1m"),  # shape only: a fifth 1m (a wildcard can be one)
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided
        ("1122m3344p55667s", "7s"),  # seven pairs
        ("1111m3344p55667s", "7s"),  # a four of a kind is two pairs
        ("123m456p789s11z2z1f", "1z2z"),  # the wildcard pairs 2z or makes 111z
        ("123m456p789s11z1f1f", "123456789m123456789p123456789s1234567z"),
    ],
)
def test_waits_examples(notation, expected):
    c, w = split(notation)
    assert waits(c, w) == kinds(expected)


def test_no_waits_when_not_ready():
    c, w = split("123m456p789s1z2z3z4z")
    assert shanten(c, w) == 2
    assert waits(c, w) == []


def test_discard_options():
    c, w = split("123m456p789s11z23z1f")
    opts = discard_options(c, w)
    assert all(isinstance(o, DiscardOption) for o in opts)
    assert opts[0].kind == -1  # the wildcard first
    by_kind = {o.kind: o for o in opts}
    assert by_kind[parse("2z")[0]].shanten == 0
    assert by_kind[-1].shanten == 1
    assert by_kind[parse("3z")[0]].accept_kinds == tuple(parse("1z2z"))
    assert by_kind[parse("1m")[0]].shanten == 1
    # after discarding 3z: 123m456p789s11z2z1f is complete with any 1z/2z? It's ready on all
    o = by_kind[parse("3z")[0]]
    assert o.shanten == 0
    visible = [0] * 34
    visible[parse("2z")[0]] = 3
    o2 = discard_options(c, w, visible=visible)
    assert all(x.accept_count >= 0 for x in o2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([0] * 33, 0, 0), "34"),
        (([-1] + [0] * 33, 0, 0), "whole numbers"),
        (([1] * 13 + [0] * 21, 15, 0), "wilds"),
        (([1] * 13 + [0] * 21, 0, 5), "melds"),
        (([1] * 12 + [0] * 22, 0, 0), "12 tiles"),
    ],
)
def test_bad_input_is_refused_with_a_reason(args, message):
    with pytest.raises(AnalysisError) as err:
        shanten(*args)
    assert message in str(err.value)
    with pytest.raises(AnalysisError):
        shanten_standard(*args)


def test_wrong_sizes_per_function():
    c, w = split("123m456p789s11z22z")  # 13 tiles
    with pytest.raises(AnalysisError):
        is_complete(c, w)
    with pytest.raises(AnalysisError):
        discard_options(c, w)
    c, w = split("123m456p789s11z222z")
    with pytest.raises(AnalysisError):
        waits(c, w)
