"""Guobiao for ``hard``: targets valued for speed (the 8 every payer pays makes a fast cheap
hand worth more than its fans say) and the hands of nine fixed tiles, a set and a pair
(组合龙, 花龙, 清龙) aimed at as targets of their own."""

from __future__ import annotations

import pytest

from engine.family import family_of
from engine.family.guobiao import NINE_FORMS, nine_need
from engine.players.evaluation import HandView, targets_for
from engine.players.hard import HardPlayer
from engine.players.normal import NormalPlayer
from engine.rules import get_rules
from engine.tiles import parse, to_counts


def _counts(hand: str) -> list[int]:
    return list(to_counts(parse(hand), 34))


@pytest.mark.parametrize(
    ("form", "hand", "need", "missing"),
    [
        ("mixed_straight", "123m456p789s1155z", 1, ""),  # ready on 1z/5z
        ("mixed_straight", "123m456p78s11z999m", 1, "9s"),  # ready on 9s
        ("mixed_straight", "123m45p78s11z999m5z", 2, "6p9s"),  # two short
        ("knitted_straight", "147m258p369s11z55z", 1, ""),
        ("pure_straight", "123456789m1199p", 1, ""),
        ("pure_straight", "1234m99p11z1s3s5z7z9s", 99, ""),  # five of nine missing: not counted
    ],
)
def test_nine_tile_forms_are_measured(form, hand, need, missing):
    got, kinds = nine_need(NINE_FORMS[form], _counts(hand), 0)
    assert got == need
    if need < 99:
        assert set(kinds) == set(parse(missing))


def test_nine_tile_forms_are_deep_targets_of_guobiao_only():
    rules = get_rules("guobiao")
    deep = {t.name for t in targets_for(rules) if t.deep}
    assert {"seven_pairs", "knitted_straight", "mixed_straight", "pure_straight"} <= deep
    beijing = get_rules("beijing")
    assert {t.name for t in targets_for(beijing) if t.deep} == {"seven_pairs"}


def test_speed_values_make_a_big_hand_worth_less_against_a_plain_one():
    rules = get_rules("guobiao")
    family = family_of(rules)
    old = {n: family.target_value(rules, n) for n in ("chicken", "full_flush", "seven_pairs")}
    new = {n: family.speed_value(rules, n) for n in old}
    for name in ("full_flush", "seven_pairs"):
        assert new[name] is not None and old[name] is not None and new["chicken"] is not None
        assert old["chicken"] is not None
        assert new[name] / new["chicken"] < old[name] / old["chicken"] / 1.5
    seen = _counts("1155m559p1177s3z5z")
    fast = HandView(rules, [], seen, 0, 18, deep=True, speed=True)
    slow = HandView(rules, [], seen, 0, 18, deep=True)
    values = {t.name: t.value for t in fast.targets}
    assert values["full_flush:m"] == new["full_flush"]
    assert values["chicken"] == new["chicken"]
    assert {t.name: t.value for t in slow.targets}["full_flush:m"] == old["full_flush"]


def test_only_hard_values_for_speed_and_aims_at_the_straights():
    assert HardPlayer.style.speed and HardPlayer.style.deep
    assert not NormalPlayer.style.speed and not NormalPlayer.style.deep
    rules = get_rules("guobiao")
    # 123m 456p 78s: a mixed straight two tiles away, with 1z 5z pairs
    counts = _counts("123m456p78s115z5z3z")
    deep = HandView(rules, [], counts, 0, 18, deep=True, speed=True)
    plain = HandView(rules, [], counts, 0, 18, speed=True)
    straight = next(t for t in deep.targets if t.name == "mixed_straight")
    # one step from ready: 9s (four unseen) completes the nine, the pairs make the rest
    assert deep._target(straight, counts, 0, 0) == (1, 4)
    assert "mixed_straight" not in {t.name for t in plain.targets}
    assert deep.worth(counts, 0, 0)[0] > plain.worth(counts, 0, 0)[0]
