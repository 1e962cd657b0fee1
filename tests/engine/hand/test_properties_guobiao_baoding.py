"""Invariants of Guobiao and Baoding hands after every event (tiles conserved, hand sizes,
payments summing to zero, replay to the same hash), on hands played by seeded random players;
in Baoding a seat now and then declares a win it does not have (诈胡)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Win
from engine.hand import HandState, replay_events
from engine.rules import get_rules
from tests.engine.hand.test_properties import invariants


def play(rules, seed: str, dealer: int, rng: random.Random, false_wins: bool) -> HandState:
    state = HandState.start(rules, seed, dealer=dealer)
    invariants(state, 0)
    while not state.is_over:
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        acts = legal.actions()
        wins = [a for a in acts if isinstance(a, Win)]
        if wins and rng.random() < 0.9:
            action = wins[0]
        elif false_wins and legal.phase == "turn" and not legal.win and rng.random() < 0.02:
            action = Win(seat)  # 诈胡
        else:
            action = rng.choice(acts)
        state.act(action)
        invariants(state, len(state.events))
    return state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(["guobiao", "baoding"]),
    seed=st.integers(0, 10**9),
    dealer=st.integers(0, 3),
)
def test_invariants_and_replay(preset, seed, dealer):
    rules = get_rules(preset)
    state = play(rules, f"gb{seed}", dealer, random.Random(seed), preset == "baoding")
    assert replay_events(state.events).state_hash() == state.state_hash()
    ended = state.ended
    assert ended is not None and sum(ended.deltas) == 0
    false = [p for p in ended.payments if p[3] == "false_win"]
    if false:
        payer = false[0][0]
        each = 2 if payer == dealer else 1
        assert ended.deltas[payer] == -3 * each
