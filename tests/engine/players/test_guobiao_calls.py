"""Guobiao (8 fans to win): a plain hand that calls rarely reaches the 8 fans, so the planning
levels keep it concealed where ``greedy`` calls for any step closer."""

from __future__ import annotations

import pytest

from engine.actions import Chow, Pass
from engine.family import family_of
from engine.players import get_player
from engine.rules import PRESETS, get_rules
from engine.tiles import parse
from tests.engine.players.test_levels import observe


def test_the_plain_hand_loses_value_with_each_call_but_not_the_flushes():
    rules = get_rules("guobiao")
    fam = family_of(rules)
    scales = [fam.called_scale(rules, "chicken", m) for m in range(5)]
    assert scales[0] == 1.0
    assert scales[1] > scales[2] > scales[3]
    assert scales[4] > scales[3]  # 全求人 adds 6 fans to a hand of four melds
    assert fam.called_scale(rules, "half_flush:m", 2) == 1.0
    assert fam.called_scale(rules, "all_pungs", 3) == 1.0


def test_riichi_values_a_called_plain_hand_lower_a_yaku_is_then_needed():
    rules = get_rules("riichi")
    fam = family_of(rules)
    assert fam.called_scale(rules, "chicken", 0) == 1.0
    assert fam.called_scale(rules, "chicken", 1) < fam.called_scale(rules, "full_flush", 1) < 1


# the games whose called hands lose value of their own: Guobiao (8 fans), riichi (a yaku)
@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if p not in ("guobiao", "riichi")))
def test_other_games_value_a_called_hand_as_before(preset):
    rules = get_rules(preset)
    fam = family_of(rules)
    assert all(fam.called_scale(rules, "chicken", m) == 1.0 for m in range(5))


def chow_offer(preset: str) -> object:
    # 123m 456p 234s 78s 5m 9m: a chow of 6s makes the hand ready (on a lone 5m or 9m) but
    # gives up 门前清 and 不求人 for a hand of chows with no fans to speak of
    run = tuple(parse("678s"))
    return observe(preset, "123m456p234s78s59m", phase="claim", tile="6s", chows=(run,),
                   discards=("", "", "", "6s"))  # fmt: skip


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_planning_levels_keep_a_plain_guobiao_hand_concealed(level):
    obs = chow_offer("guobiao")
    assert isinstance(get_player(level, "g").act(obs), Pass)


def test_greedy_still_calls_for_the_step():
    assert isinstance(get_player("greedy", "g").act(chow_offer("guobiao")), Chow)
