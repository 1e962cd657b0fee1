"""The indicator games as a fold: the indicator event in the log and under the commitment,
invariants after every event, replay to the same hash, and carried match state in the
events."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.events import HandStarted, IndicatorTurned, event_from_json
from engine.hand import HandState, ReplayError, replay_events
from engine.rules import get_rules
from engine.wall import verify_commitment
from tests.engine.hand.test_properties import invariants, play

PRESETS = ["shanghai", "beijing", "quzhou"]
OPTIONS = {
    "shanghai": [None, {"pass_pong_lock": False}],
    "beijing": [None, {"unit": 3}],
    "quzhou": [None, {"mode": "duanzi"}, {"caishen": "white"}, {"reserve_stacks": 17},
               {"draw_dealer_stays": True}],
}  # fmt: skip


@pytest.mark.parametrize("preset", PRESETS)
def test_the_indicator_is_an_event_everyone_sees_and_the_commitment_fixes_it(preset):
    rules = get_rules(preset)
    for seed in ("x1", "x2", "x3"):
        st_ = HandState.start(rules, seed)
        start = st_.events[0]
        assert isinstance(start, HandStarted) and "seed" not in start.public_json()
        ev = next(e for e in st_.events if isinstance(e, IndicatorTurned))
        assert verify_commitment(start.commitment, seed, rules)
        assert st_.wall.tiles[ev.index] == ev.tile == st_.indicator
        assert event_from_json(ev.to_json()) == ev
        assert st_.tiles_accounted() == rules.tile_count


@pytest.mark.parametrize("preset", PRESETS)
def test_an_edited_indicator_fails_replay(preset):
    st_ = play(get_rules(preset), "edit", 0, random.Random(1))
    events = list(st_.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, IndicatorTurned))
    ev = events[i]
    assert isinstance(ev, IndicatorTurned)
    events[i] = dataclasses.replace(ev, tile=(ev.tile + 1) % 34)
    with pytest.raises(ReplayError) as exc:
        replay_events(events)
    assert exc.value.index == i


def test_carried_state_is_written_only_where_a_game_carries_something():
    plain = HandStarted(0, 0, 0, "s", "c", "guangdong")
    assert "carry" not in plain.to_json()
    carried = dataclasses.replace(plain, rules="shanghai", carry=(("huangfan", 2),))
    assert carried.to_json()["carry"] == {"huangfan": 2}
    assert event_from_json(carried.to_json()) == carried
    assert event_from_json(plain.to_json()) == plain


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    pick=st.integers(0, 9),
    seed=st.integers(0, 10**9),
    dealer=st.integers(0, 3),
)
def test_tiles_hand_sizes_and_zero_sum_after_every_event(preset, pick, seed, dealer):
    choices: list = OPTIONS[preset]  # type: ignore[assignment]
    options = choices[pick % len(choices)]
    play(get_rules(preset, options), f"p{seed}", dealer, random.Random(seed), invariants)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_replay_reproduces_the_hash_from_every_prefix(preset, seed):
    hashes: dict[int, str] = {}

    def record(state: HandState, n: int) -> None:
        hashes[n] = state.state_hash()

    state = play(get_rules(preset), f"r{seed}", seed % 4, random.Random(seed), record)
    events = state.events
    assert replay_events(events).state_hash() == state.state_hash()
    points = sorted(hashes)
    for n in [*points[:: max(1, len(points) // 8)], points[-1]]:
        assert HandState.from_events(events[:n]).state_hash() == hashes[n]
