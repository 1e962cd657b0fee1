"""SeatState.draw and .discard keep what the seat's caches read right: the kinds held and
whether a kind is held four times, always what a fresh reading of the counts gives, and the
waits of a hand given back by the discard of the tile just drawn."""

import random

from engine.hand.seat import SeatState
from engine.tiles import NUM_TILE_KINDS


def _fresh(st: SeatState) -> tuple[int, ...]:
    return tuple(k for k in range(NUM_TILE_KINDS) if st.counts[k])


def test_held_kinds_and_fours_follow_draws_and_discards() -> None:
    rng = random.Random(3)
    st = SeatState()
    for k in rng.sample(range(NUM_TILE_KINDS), 10):
        st.counts[k] += 1
    st.touch()
    assert st.held() == _fresh(st)
    for step in range(3000):
        held = [k for k in range(NUM_TILE_KINDS) if st.counts[k]]
        if step % 2 or not held:  # a draw (a kind held or a new one)
            t = rng.choice(held) if held and step % 3 else rng.randrange(NUM_TILE_KINDS)
            if st.counts[t] == 4:
                continue
            st.draw(t)
        else:  # a discard
            st.discard(rng.choice(held))
        if step % 97 == 0:
            st.touch()  # a call or a kong: counted afresh
        if step % 5 == 0:  # sometimes nobody reads it before the next change
            assert st.held() == _fresh(st)
            assert st.has_four() == (4 in st.counts)
    assert st.held() == _fresh(st)
    assert st.has_four() == (4 in st.counts)


def test_a_discard_of_the_tile_drawn_keeps_the_waits() -> None:
    st = SeatState()
    st.counts[3] = 2
    st.touch()
    st.waits_cache = (st.version, frozenset({3}))
    st.draw(7)
    st.discard(7)  # the hand is the one before the draw
    assert st.waits_cache == (st.version, frozenset({3}))
    st.draw(7)
    st.discard(3)  # another hand
    assert st.waits_cache is not None and st.waits_cache[0] != st.version


def test_keys_follow_draws_and_discards() -> None:
    # the suits' bytes kept over draws and discards (with jokers, and a discard of the tile
    # just drawn giving back the bytes from before the draw) are those of the counts
    rng = random.Random(8)
    wild = frozenset({34, 35, 5})

    def fresh(st: SeatState) -> tuple[bytes, ...]:
        b = bytes(0 if k in wild else st.counts[k] for k in range(34))
        return b[:9], b[9:18], b[18:27], b[27:]

    st = SeatState()
    for k in rng.sample(range(NUM_TILE_KINDS), 10):
        st.counts[k] += 1
    st.touch()
    for step in range(4000):
        if st.keys is None and step % 3 == 0:
            st.keys = fresh(st)  # read (HandState.shape)
            st.jokers = sum(st.counts[k] for k in wild)
        held = [k for k in range(NUM_TILE_KINDS) if st.counts[k]]
        if step % 2 or not held:
            t = rng.randrange(NUM_TILE_KINDS)
            if st.counts[t] == 4:
                continue
            st.draw(t, t in wild)
        else:
            drawn = st.drawn_kind if st.drawn_at == st.version else None
            t = drawn if drawn is not None and step % 4 == 0 else rng.choice(held)
            st.discard(t, t in wild)
        if step % 89 == 0:
            st.touch()
        if st.keys is not None:
            assert st.keys == fresh(st)
            assert st.jokers == sum(st.counts[k] for k in wild)
