"""Invariants after every event, on hands played by seeded random players."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Win
from engine.hand import HandState, replay_events
from engine.rules import get_rules

PRESETS = ["heyuan-zheng", "heyuan-jihu", "guangdong"]
OPTION_SETS = [None, {"multiple_winners": "all"}, {"self_draw_only": True}, {"horses": 2}]


def play(rules, seed: str, dealer: int, rng: random.Random, check=None) -> HandState:
    """Random legal actions, taking a win when offered (to reach wins as well as draws)."""
    state = HandState.start(rules, seed, dealer=dealer)
    if check:
        check(state, len(state.events))
    while not state.is_over:
        seat = state.awaiting()[0]
        acts = state.legal_actions(seat).actions()
        wins = [a for a in acts if isinstance(a, Win)]
        action = wins[0] if wins and rng.random() < 0.9 else rng.choice(acts)
        state.act(action)
        if check:
            check(state, len(state.events))
    return state


def invariants(state: HandState, _n: int) -> None:
    rules = state.rules
    assert state.tiles_accounted() == rules.tile_count
    if state.phase in ("turn", "claim", "rob") and state.pending_auto() is None:
        for s in range(4):
            size = state.hand_size(s)
            holding = state.phase == "turn" and s == state.turn
            assert size == (14 if holding else 13), (s, size, state.phase)
    if state.ended is not None:
        assert sum(state.ended.deltas) == 0
        assert sum(p[2] for p in state.ended.payments if p[0] == 0) >= -state.ended.deltas[0]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    options=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 10**9),
    dealer=st.integers(0, 3),
)
def test_tiles_hand_sizes_and_zero_sum_after_every_event(preset, options, seed, dealer):
    rules = get_rules(preset, options)
    play(rules, f"p{seed}", dealer, random.Random(seed), invariants)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_replay_reproduces_the_hash_from_every_prefix(preset, seed):
    rules = get_rules(preset)
    hashes: dict[int, str] = {}

    def record(state: HandState, n: int) -> None:
        hashes[n] = state.state_hash()

    state = play(rules, f"r{seed}", seed % 4, random.Random(seed), record)
    events = state.events
    assert replay_events(events).state_hash() == state.state_hash()
    points = sorted(hashes)
    for n in [*points[:: max(1, len(points) // 10)], points[-1]]:
        assert HandState.from_events(events[:n]).state_hash() == hashes[n]


@settings(max_examples=5, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_same_seed_same_game(preset, seed):
    rules = get_rules(preset)
    a = play(rules, f"s{seed}", 1, random.Random(seed))
    b = play(rules, f"s{seed}", 1, random.Random(seed))
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.state_hash() == b.state_hash()


def test_bonus_flowers_are_set_aside_and_replaced_from_the_tail():
    rules = get_rules("guangdong", {"bonus_flowers": True})
    for seed in range(3):
        state = play(rules, f"f{seed}", seed % 4, random.Random(seed), invariants)
        assert all(t >= 34 for st in state.seats for t in st.flowers)
        assert (
            sum(len(st.flowers) for st in state.seats)
            + sum(c[t] for st in state.seats for t in range(34, 42) for c in [st.counts])
            <= 8
        )
