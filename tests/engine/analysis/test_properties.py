"""Hypothesis properties of the analysis."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis import discard_options, is_complete, shanten, shanten_standard, waits


@st.composite
def hands(draw, size=13):
    """(counts, wilds, melds) of a hand of ``size`` tiles, often from few kinds."""
    wilds = draw(st.integers(0, 4))
    melds = draw(st.integers(0, 2))
    n = size - wilds - 3 * melds
    kinds = draw(st.sampled_from([range(34), range(9), range(0, 34, 2), range(20, 34)]))
    tiles = draw(
        st.lists(st.sampled_from(list(kinds)), min_size=n, max_size=n).filter(
            lambda ts: max(Counter(ts).values(), default=0) <= 4
        )
    )
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts, wilds, melds


@settings(max_examples=300, deadline=None)
@given(hands())
def test_a_wildcard_never_hurts(h):
    counts, wilds, melds = h
    base = shanten(counts, wilds, melds)
    if wilds < 8:
        assert shanten(counts, wilds + 1, melds) <= base
    assert shanten_standard(counts, wilds, melds) >= base
    # turning a natural tile into a wildcard never raises shanten
    for k in range(34):
        if counts[k]:
            d = list(counts)
            d[k] -= 1
            if wilds < 8:
                assert shanten(d, wilds + 1, melds) <= base
            break


@settings(max_examples=200, deadline=None)
@given(hands())
def test_waits_are_exactly_the_completing_kinds(h):
    counts, wilds, melds = h
    got = waits(counts, wilds, melds)
    want = []
    for k in range(34):
        d = list(counts)
        d[k] += 1
        if is_complete(d, wilds, melds):
            want.append(k)
    assert got == want
    assert (shanten(counts, wilds, melds) == 0) == bool(got)


@settings(max_examples=100, deadline=None)
@given(hands(size=14))
def test_discard_options_agree_with_shanten(h):
    counts, wilds, melds = h
    opts = discard_options(counts, wilds, melds)
    best = min(o.shanten for o in opts)
    sh = shanten(counts, wilds, melds)
    # a complete hand is -1; otherwise the best discard keeps the shanten
    assert best == max(sh, 0)
    assert is_complete(counts, wilds, melds) == (sh == -1)
