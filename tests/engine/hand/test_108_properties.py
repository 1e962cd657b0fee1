"""Invariants of the 108-tile games on hands played by seeded random players: 108 tiles after
every event, payments that sum to zero and add up to the deltas, the replay hash, the seats
that have won never asked again (血战到底)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Win
from engine.hand import HandState, replay_events
from engine.rules import get_rules

OPTION_SETS = {
    "sichuan": [None, {"exchange_three": True}, {"tax_refund": True, "fan_cap": 4}],
    "changsha": [None, {"birds": 2}, {"birds": 6, "zhuang_xian": True, "six_six": False}],
}


def play(rules, seed: str, dealer: int, rng: random.Random) -> HandState:
    state = HandState.start(rules, seed, dealer=dealer)
    while not state.is_over:
        assert state.tiles_accounted() == 108
        waiting = state.awaiting()
        assert waiting and not any(state.seats[s].has_won for s in waiting)
        seat = waiting[0]
        acts = state.legal_actions(seat).actions()
        wins = [a for a in acts if isinstance(a, Win)]
        state.act(wins[0] if wins and rng.random() < 0.9 else rng.choice(acts))
    return state


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(OPTION_SETS)),
    which=st.integers(0, 2),
    seed=st.integers(0, 10**6),
    dealer=st.integers(0, 3),
)
def test_108_tile_hands_keep_their_invariants(preset, which, seed, dealer):
    rules = get_rules(preset, OPTION_SETS[preset][which])
    state = play(rules, f"p{seed}", dealer, random.Random(seed))
    end = state.ended
    assert end is not None and state.tiles_accounted() == 108
    assert sum(end.deltas) == 0
    deltas = [0] * 4
    for payer, payee, amount, _ in end.payments:
        assert payer != payee and amount > 0
        deltas[payer] -= amount
        deltas[payee] += amount
    assert tuple(deltas) == end.deltas
    assert replay_events(state.events).state_hash() == state.state_hash()
    if preset == "sichuan":
        assert len(end.winners) == len(set(end.winners)) <= 3
