"""SeatState.touch_kind carries the kinds held over a draw or a discard: always what a fresh
reading of the counts gives."""

import random

from engine.hand.seat import SeatState
from engine.tiles import NUM_TILE_KINDS


def _fresh(st: SeatState) -> tuple[int, ...]:
    return tuple(k for k in range(NUM_TILE_KINDS) if st.counts[k])


def test_held_kinds_follow_draws_and_discards() -> None:
    rng = random.Random(3)
    st = SeatState()
    for k in rng.sample(range(NUM_TILE_KINDS), 10):
        st.counts[k] += 1
    st.touch()
    assert st.held() == _fresh(st)
    for step in range(2000):
        held = [k for k in range(NUM_TILE_KINDS) if st.counts[k]]
        if step % 2 or not held:  # a draw (a kind held or a new one)
            t = rng.randrange(NUM_TILE_KINDS)
            if st.counts[t] == 4:
                continue
            st.counts[t] += 1
        else:  # a discard
            t = rng.choice(held)
            st.counts[t] -= 1
        st.touch_kind(t)
        if step % 5 == 0:  # sometimes nobody reads it before the next change
            assert st.held() == _fresh(st)
    assert st.held() == _fresh(st)
