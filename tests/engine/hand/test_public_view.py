"""HandState.public_view, kept up to date discard by discard, is what a fresh reading of the
table gives at every decision."""

import pytest

from engine.hand.state import public_counts
from engine.match import Match
from engine.players import get_player
from engine.players.base import Observation
from engine.rules import get_rules


@pytest.mark.parametrize("preset", ["heyuan-zheng", "guangdong", "shanghai"])
def test_public_view_matches_the_table(preset: str) -> None:
    rules = get_rules(preset)
    players = [get_player("greedy", f"3/player/{i}") for i in range(rules.players)]
    match = Match.start(rules, "3", hands_limit=4)
    decisions = 0
    while not match.is_over:
        hand = match.hand
        assert hand is not None
        while not hand.is_over:
            melds, rivers, seen = hand.public_view()
            assert rivers == tuple(tuple(st.river) for st in hand.seats)
            assert melds == tuple(tuple(st.melds) for st in hand.seats)
            assert list(seen) == public_counts(melds, rivers)
            seat = hand.awaiting()[0]
            match.act(players[seat].act(Observation.of(hand, seat, match.totals)))
            decisions += 1
        match.next_hand()
    assert decisions > 100
