"""The rule-family registry: every preset finds its family; an unknown one fails clearly."""

from __future__ import annotations

import dataclasses

import pytest

from engine.family import (
    BaseFamily,
    UnknownFamily,
    families,
    family_of,
    register,
    unregister,
)
from engine.hand import HandState
from engine.rules import PRESETS, get_rules
from engine.scoring import WinContext, score_win
from engine.tiles import parse, parse_one


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_has_a_registered_family(preset: str) -> None:
    rules = PRESETS[preset]
    fam = family_of(rules)
    assert fam.id == rules.family
    assert fam.value_style in ("multiple", "fan", "hua", "fan_sum", "duan", "tai", "points")


def test_an_unknown_family_fails_at_lookup_and_never_scores_as_another() -> None:
    rules = dataclasses.replace(get_rules("heyuan-zheng"), family="nowhere")
    with pytest.raises(UnknownFamily, match="nowhere") as err:
        family_of(rules)
    assert "heyuan" in str(err.value) and "guangdong" in str(err.value)
    with pytest.raises(UnknownFamily):
        score_win(rules, parse("111222333444m5m1f"), [], parse_one("5m"), WinContext(True))
    with pytest.raises(UnknownFamily):
        HandState(rules)


def test_a_new_family_is_one_class_and_a_registration() -> None:
    class Flat(BaseFamily):
        """A toy family for the test: every complete hand pays 7."""

        id = "flat-test"

        def score(self, rules, counts, wild, melds, win_tile, win_is_wild, ctx):
            from engine.scoring import Score
            from engine.scoring.readings import is_complete

            return Score(7, ("flat",)) if is_complete(counts, wild, len(melds)) else None

    register(Flat())
    try:
        rules = dataclasses.replace(get_rules("guangdong"), family="flat-test")
        s = score_win(rules, parse("123m456p789s11122z"), [], parse_one("2z"), WinContext())
        assert s is not None and s.points == 7
        # and the hand state machine plays it through the registry
        st = HandState.start(rules, "flat", dealer=0)
        assert st.family.id == "flat-test"
    finally:
        unregister("flat-test")
    assert "flat-test" not in families()


def test_heyuan_pattern_filter_agrees_with_the_plain_count() -> None:
    # the per-suit tables of the all-pungs test against counting every kind directly
    import random

    from engine.family.heyuan import HeyuanFamily, _d3

    fam = HeyuanFamily()
    zheng = get_rules("heyuan-zheng")
    rng = random.Random(3)
    for _ in range(4000):
        counts = [0] * 34
        wild = rng.randrange(0, 5)
        for _ in range(14 - wild):
            counts[rng.randrange(34)] += 1
        need, pair = 0, 2
        for n in counts:
            if n:
                need += _d3(n)
                pair = min(pair, (_d3(n - 2) if n >= 2 else 1) - _d3(n))
        suits = {k // 9 for k in range(27) if counts[k]}
        simples = any(counts[k] for k in range(27) if k % 9 not in (0, 8))
        want = len(suits) <= 1 or not simples or need + pair <= wild
        assert fam.pattern_possible(zheng, counts, wild, []) == want, (counts, wild)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_pattern_filter_on_a_tile_agrees_with_the_whole_hand(preset: str) -> None:
    # the claim check reads a hand's pattern facts once, then asks them per discarded tile:
    # the same answers as the filter on the 14 tiles, with or without melds
    import random

    from engine.melds import Meld, MeldKind

    rules = get_rules(preset)
    fam = family_of(rules)
    rng = random.Random(4)
    pungs = [Meld(MeldKind.PUNG, (k, k, k)) for k in (0, 13, 22, 31)]
    chow = Meld(MeldKind.CHOW, (10, 11, 12))
    for n in range(3000):
        melds = [*rng.sample(pungs, n % 3), *([chow] if n % 5 == 0 else [])]
        wild = rng.randrange(0, 5)
        counts = [0] * 34
        for _ in range(13 - wild - 3 * len(melds)):
            counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
        facts = fam.pattern_facts(rules, counts, wild, melds)
        for t in range(34):
            after = list(counts)
            after[t] += 1
            want = fam.pattern_possible(rules, after, wild, melds)
            assert fam.pattern_possible_on(rules, facts, t) == want, (counts, wild, melds, t)
