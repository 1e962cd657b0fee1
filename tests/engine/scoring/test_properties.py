"""Properties of scoring with wildcards, checked against brute force (wildcards substituted)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import Rules, get_rules
from engine.scoring import Score, WinContext, can_win, score_win
from engine.tiles import FLOWERS, NUM_KINDS

SELF = WinContext(self_drawn=True)
JIHU = get_rules("heyuan-jihu")
ZHENG_ALL = get_rules("heyuan-zheng", {"chicken_wins": True, "seven_pairs": True})
GD_WILD = get_rules("guangdong", {"wildcards": 8})

_set = st.one_of(
    st.tuples(st.just("pung"), st.integers(0, 33)),
    st.tuples(st.just("chow"), st.integers(0, 26).filter(lambda k: k % 9 <= 6)),
)


@st.composite
def complete_hands(draw, max_wilds: int = 2):
    """A complete 14-tile hand (4 sets + pair) with some tiles turned into wildcards."""
    sets = draw(st.lists(_set, min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles: list[int] = [pair, pair]
    for shape, k in sets:
        tiles += [k, k, k] if shape == "pung" else [k, k + 1, k + 2]
    if max(Counter(tiles).values()) > 4:
        tiles = draw(st.nothing())
    tiles.sort()
    positions = draw(st.lists(st.integers(0, 13), unique=True, max_size=max_wilds))
    win_pos = draw(st.integers(0, 13).filter(lambda p: p not in positions))
    win = tiles[win_pos]
    for i, p in enumerate(positions):
        tiles[p] = FLOWERS[i]
    return tiles, win


def _base_value(rules: Rules, s: Score | None) -> int:
    """The pattern's own worth (no bonus): what the wildcards' reading decides."""
    if s is None:
        return 0
    if s.fan is not None:
        return s.fan
    head = s.patterns[0]
    return rules.seven_pairs_value if head == "seven_pairs" else rules.patterns[head]


def _substituted_best(rules: Rules, tiles: list[int], win: int) -> int:
    naturals = [t for t in tiles if t < NUM_KINDS]
    wild = len(tiles) - len(naturals)
    best = 0
    for kinds in combinations_with_replacement(range(NUM_KINDS), wild):
        best = max(best, _base_value(rules, score_win(rules, naturals + list(kinds), [], win, SELF)))
    return best


@settings(max_examples=150, deadline=None)
@given(complete_hands(max_wilds=4))
def test_a_complete_hand_with_wildcards_wins_and_its_reading_is_complete(hand):
    tiles, win = hand
    s = score_win(JIHU, tiles, [], win, SELF)
    assert s is not None and s.reading is not None
    reading = s.reading
    wild = sum(1 for t in tiles if t >= NUM_KINDS)
    assert len(reading.wild_as) == wild
    shown = Counter(t for _shape, group in reading.groups for t in group)
    naturals = Counter(t for t in tiles if t < NUM_KINDS)
    assert shown == naturals + Counter(reading.wild_as)
    if reading.form == "standard":
        shapes = Counter(shape for shape, _ in reading.groups)
        assert shapes["pair"] == 1 and shapes["pung"] + shapes["chow"] == 4
        for shape, group in reading.groups:
            if shape == "chow":
                assert group[0] < 27 and group == (group[0], group[0] + 1, group[0] + 2)
                assert group[0] // 9 == group[2] // 9
            else:
                assert len(set(group)) == 1


@settings(max_examples=150, deadline=None)
@given(complete_hands(max_wilds=1))
def test_one_wildcard_scores_the_best_of_every_substitution_heyuan(hand):
    tiles, win = hand
    s = score_win(ZHENG_ALL, tiles, [], win, SELF)
    assert _base_value(ZHENG_ALL, s) == _substituted_best(ZHENG_ALL, tiles, win)


@settings(max_examples=25, deadline=None)
@given(complete_hands(max_wilds=2))
def test_two_wildcards_score_the_best_of_every_substitution_heyuan(hand):
    tiles, win = hand
    s = score_win(ZHENG_ALL, tiles, [], win, SELF)
    assert _base_value(ZHENG_ALL, s) == _substituted_best(ZHENG_ALL, tiles, win)


@settings(max_examples=25, deadline=None)
@given(complete_hands(max_wilds=2))
def test_two_wildcards_score_the_best_of_every_substitution_guangdong(hand):
    tiles, win = hand
    s = score_win(GD_WILD, tiles, [], win, SELF)
    assert _base_value(GD_WILD, s) == _substituted_best(GD_WILD, tiles, win)


@settings(max_examples=100, deadline=None)
@given(complete_hands(max_wilds=2), st.integers(0, 33))
def test_a_wildcard_is_never_worse_than_the_tile_it_replaces(hand, kind):
    tiles, win = hand
    wild_positions = [i for i, t in enumerate(tiles) if t >= NUM_KINDS]
    s = score_win(ZHENG_ALL, tiles, [], win, SELF)
    if not wild_positions:
        return
    natural = list(tiles)
    natural[wild_positions[0]] = kind
    n = score_win(ZHENG_ALL, natural, [], win, SELF)
    assert _base_value(ZHENG_ALL, s) >= _base_value(ZHENG_ALL, n)


ZHENG = get_rules("heyuan-zheng")


@settings(max_examples=150, deadline=None)
@given(
    complete_hands(max_wilds=4),
    st.integers(0, 13),
    st.integers(0, 33),
    st.sampled_from([JIHU, ZHENG, ZHENG_ALL, GD_WILD]),
    st.booleans(),
)
def test_can_win_is_exactly_whether_there_is_a_score(hand, pos, kind, rules, self_drawn):
    # can_win stops at the first winning reading (RuleFamily.wins); it must agree with the
    # full search, on complete hands and on hands one tile off (a tile swapped for ``kind``)
    tiles, win = hand
    tiles = list(tiles)
    if tiles[pos] != win and tiles.count(kind) < 4:
        tiles[pos] = kind
    ctx = WinContext(self_drawn=self_drawn)
    assert can_win(rules, tiles, [], win, ctx) == (score_win(rules, tiles, [], win, ctx) is not None)
