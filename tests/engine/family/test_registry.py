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
    assert fam.value_style in ("multiple", "fan", "hua", "fan_sum", "duan")


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
