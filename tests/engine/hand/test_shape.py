"""HandState.shape, kept by each seat over its draws and discards, is always what a fresh
split of its counts gives (every preset, jokers of every kind), and the observation carries
it."""

from __future__ import annotations

import pytest

from engine import jokers
from engine.match import Match
from engine.players import get_player
from engine.players.base import Observation
from engine.rules import PRESETS, get_rules


def _fresh(state, seat):
    # Fujian's 白板 count as the kind they stand for; Jiangnan's imagined 心皇 is a joker
    counts, wild = jokers.split(state.seats[seat].counts, state.wild_kinds, state.stand_in)
    b = bytes(counts)
    return (b[:9], b[9:18], b[18:27], b[27:]), wild + state.rules.imagined


@pytest.mark.parametrize("preset", list(PRESETS))
def test_shape_follows_the_hand(preset: str) -> None:
    rules = get_rules(preset)
    match = Match.start(rules, f"shape/{preset}", hands_limit=4)
    players = [get_player(k, f"shape/{i}") for i, k in enumerate(["greedy", "random"] * 2)]
    checked = 0
    while not match.is_over:
        hand = match.hand
        assert hand is not None
        while not hand.is_over:
            for seat in range(hand.players):
                # read some seats now and then only, so that both the kept and the
                # freshly read shapes are met
                if (checked + seat) % 3:
                    assert hand.shape(seat) == _fresh(hand, seat)
                # the jokers kept with it are the seat's jokers (the self-draw check reads
                # them for an instant win)
                st = hand.seats[seat]
                if st.keys is not None:
                    assert st.jokers == hand.wilds(seat)
            seat = hand.awaiting()[0]
            obs = Observation.of(hand, seat, match.totals)
            # a view with a standing-in 白板 has its kinds swapped (engine.players.face): the
            # kept shape, in the table's kinds, is not passed on
            assert obs.shape == (None if hand.stand_in is not None else _fresh(hand, seat))
            match.act(obs.table_action(players[seat].act(obs)))
            checked += 1
        match.next_hand()
    assert checked > 40
