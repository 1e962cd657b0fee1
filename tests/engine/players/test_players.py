"""Computer players: the registry, seeded randomness, only-legal answers, what they see."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Win
from engine.hand import HandState
from engine.match import Match
from engine.players import PLAYER_KINDS, Observation, get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from tests.engine.hand.helpers import rigged


def test_registry_names_the_kinds():
    assert {"random", "greedy"} <= set(PLAYER_KINDS)
    with pytest.raises(ValueError, match="random"):
        get_player("grandmaster", 1)


def test_observation_hides_other_hands_and_the_wall():
    st = HandState.start(get_rules("heyuan-zheng"), "obs", dealer=0)
    obs = Observation.of(st, 0)
    fields = set(Observation.__dataclass_fields__)
    assert "wall" not in fields and "counts" not in fields
    assert list(obs.hand) == st.seats[0].counts and obs.wall_remaining == st.wall.remaining
    assert sum(obs.visible_counts()) == sum(st.seats[0].counts[:34])


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_players_only_answer_legally_and_seeds_repeat(kind):
    rules = get_rules("guangdong")
    a = play_match(Match.start(rules, "p", hands_limit=2), [get_player(kind, i) for i in range(4)])
    b = play_match(Match.start(rules, "p", hands_limit=2), [get_player(kind, i) for i in range(4)])
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def test_greedy_takes_a_win_and_keeps_wildcards():
    rules = get_rules("heyuan-jihu")
    st = rigged(
        rules,
        ["123m456p789s111z1f5m", "147p258s2233445z", "147s258p5566777z", "369p369s2233z4z14s"],
    )
    p = get_player("greedy", 0)
    assert isinstance(p.act(Observation.of(st, 0)), Win)
    st2 = rigged(
        rules,
        ["1f19m19p19s1567z58m6z", "147p258s2233445z", "147s258p5566777z", "369p369s2233z4z14s"],
    )
    action = p.act(Observation.of(st2, 0))
    assert isinstance(action, Discard) and action.tile < 34
