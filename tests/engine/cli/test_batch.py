"""engine.cli.batch: the collector paused while a batch plays, and why that is safe — the
engine leaves no reference cycles behind a hand, in any preset."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from engine.cli.batch import collector_paused
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_hand
from engine.rules import PRESETS, get_rules


@pytest.fixture
def collector_state() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_paused_inside_and_restored_after(collector_state):
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_already_off_stays_off(collector_state):
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_restored_when_the_batch_fails(collector_state):
    gc.enable()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a player broke")
    assert gc.isenabled()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hands_leave_no_reference_cycles(preset, collector_state):
    """Hands of every preset and player level, once the modules they need are imported,
    leave nothing only the collector could free (with it paused, such garbage would stay
    until the batch ends)."""
    rules = get_rules(preset)
    kinds = ["hard", "greedy", "normal", "random"][: rules.players]
    players = [get_player(k, f"cycles/{i}") for i, k in enumerate(kinds)]
    match = Match.start(rules, "cycles", hands_limit=6)
    play_hand(match, players)  # the first hand imports what the rest need
    match.next_hand()
    gc.collect()
    gc.disable()
    while not match.is_over:
        play_hand(match, players)
        match.next_hand()
    del match, players
    assert gc.collect() == 0
