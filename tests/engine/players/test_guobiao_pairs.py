"""七对 where it pays far more than a plain hand (Guobiao's 24 fans always reach the 8, a
plain hand often does not; Beijing's 4 fan against 1 or 2): ``hard`` aims at it as a form of
its own (the family's deep target); the other levels see it only as one way of completing
any hand."""

from __future__ import annotations

import pytest

from engine.actions import Discard
from engine.family import family_of
from engine.players import get_player
from engine.players.evaluation import HandView, seven_pairs_need, targets_for
from engine.rules import PRESETS, get_rules
from engine.tiles import parse, to_counts
from tests.engine.players.test_levels import observe


def test_seven_pairs_is_measured_with_wildcards_pairing_lone_tiles():
    seen = [0] * 34
    # five pairs and three lone tiles: one step from ready, any lone tile pairs up
    c = to_counts(parse("1133m557p99s11z2z6z"), 34)
    assert seven_pairs_need(c, 0, 0, seen, 0) == (1, 12)
    # a four of a kind is two pairs; a triplet is a pair and a lone tile
    c = to_counts(parse("1111m222p3355s77z"), 34)
    assert seven_pairs_need(c, 0, 0, seen, 0) == (0, 4)
    # a wildcard pairs a lone tile: 12 tiles with a wildcard are ready on the last one
    c = to_counts(parse("1133m55p99s11z2z6z"), 34)
    assert seven_pairs_need(c, 1, 0, seen, 2)[0] == 0
    # a called meld rules it out
    assert seven_pairs_need(c, 0, 1, seen, 0)[0] == 99


@pytest.mark.parametrize("preset", ["guobiao", "beijing"])
def test_seven_pairs_is_a_deep_target_where_it_pays_far_more(preset):
    rules = get_rules(preset)
    assert family_of(rules).deep_targets(rules)[0] == "seven_pairs"
    assert next(t.name for t in targets_for(rules) if t.deep) == "seven_pairs"


@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if p not in ("guobiao", "beijing")))
def test_other_games_have_no_deep_targets(preset):
    rules = get_rules(preset)
    assert not [t for t in targets_for(rules) if t.deep]


def test_only_a_deep_view_aims_at_seven_pairs():
    rules = get_rules("guobiao")
    counts = to_counts(parse("1155m559p1177s3z5z"), 34)  # five pairs
    plain = HandView(rules, [], list(counts), 0, 18)
    deep = HandView(rules, [], list(counts), 0, 18, deep=True)
    assert "seven_pairs" not in {t.name for t in plain.targets}
    assert deep.worth(counts, 0, 0)[0] > plain.worth(counts, 0, 0)[0]
    _, best = deep.worth(counts, 0, 0)
    assert best is not None and best.target.name == "seven_pairs"


def test_hard_waits_on_seven_pairs_where_normal_takes_the_plain_wait():
    # 112233m 11333s 88s and a lone 2z: throwing 2z leaves a plain wait on 1s/8s (four tiles,
    # often short of 8 fans); throwing a 3s leaves 七对 waiting on 2z (three tiles, 24 fans)
    obs = observe("guobiao", "112233m1133388s2z")
    assert get_player("hard", 0).act(obs) == Discard(0, parse("3s")[0])
    assert get_player("normal", 0).act(obs) == Discard(0, parse("2z")[0])
