"""Jokers as a set of kinds: the next-kind rule, the split into naturals and wildcards, and
scoring and whole hands with a joker that is an ordinary kind."""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import analysis
from engine.actions import Discard, IllegalAction, Pong
from engine.events import Called, Discarded
from engine.hand import HandState
from engine.jokers import JokerError, next_kind, split, split_tiles, wild_kinds
from engine.players import Observation, get_player
from engine.rules import get_rules
from engine.scoring import WinContext, score_win
from engine.tiles import parse, parse_one, to_counts
from tests.engine.hand.helpers import rigged

T = parse_one


@pytest.mark.parametrize(
    ("indicator", "cycle", "joker"),
    [
        ("1m", "5p", None), ("4p", "5p", None), ("9m", "1m", None), ("9s", "1s", None),
        ("1z", "2z", None), ("4z", "1z", None), ("7z", "6z", None), ("6z", "5z", None),
        ("5z", "7z", None), ("5z", "1z", "next_east"), ("3f", "1z", "next_east"),
    ],
)  # fmt: skip
def test_the_next_kind(indicator: str, cycle: str, joker: str | None) -> None:
    if indicator == "1m":  # a plain suited case spelled out
        assert next_kind(T("1m")) == T("2m")
        return
    want = T(cycle)
    assert next_kind(T(indicator), dragon_cycle=joker != "next_east") == want


def test_wild_kinds_by_rule() -> None:
    zheng = get_rules("heyuan-zheng")
    assert wild_kinds(zheng) == frozenset(parse("12345678f"))
    assert wild_kinds(get_rules("heyuan-zheng", {"wildcards": 4})) == frozenset(parse("1234f"))
    assert wild_kinds(get_rules("guangdong")) == frozenset()
    nxt = dataclasses.replace(zheng, joker="next", wildcards=0)
    with pytest.raises(JokerError):
        wild_kinds(nxt)
    assert wild_kinds(nxt, T("4p")) == frozenset({T("5p")})
    assert wild_kinds(dataclasses.replace(zheng, joker="white", wildcards=0)) == {T("5z")}


def test_split_takes_a_joker_kind_out_of_the_counts() -> None:
    counts = to_counts(parse("123m5p5p11z2f"), 42)
    natural, wild = split(counts, frozenset({T("5p")}))
    assert wild == 2 and natural[T("5p")] == 0 and natural[T("1m")] == 1
    natural, wild = split(counts, frozenset(parse("12f")))
    assert wild == 1 and natural[T("5p")] == 2
    assert split_tiles(parse("123m3f"), frozenset()) is None  # a flower that is no joker


# -- scoring with an ordinary-kind joker equals trying every kind in its place --------------

GD_NEXT = dataclasses.replace(get_rules("guangdong"), joker="next")
GD = get_rules("guangdong")
JOKER = T("5p")  # the indicator 4p makes 5p the joker
WILD = frozenset({JOKER})

_set = st.one_of(
    st.tuples(st.just("pung"), st.integers(0, 33)),
    st.tuples(st.just("chow"), st.integers(0, 26).filter(lambda k: k % 9 <= 6)),
)


@st.composite
def hands_with_jokers(draw):
    sets = draw(st.lists(_set, min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles = [pair, pair]
    for shape, k in sets:
        tiles += [k, k, k] if shape == "pung" else [k, k + 1, k + 2]
    tiles = [t for t in tiles if t != JOKER]  # a natural 5p would be a joker too
    if len(tiles) < 12 or max(Counter(tiles).values()) > 4:
        tiles = draw(st.nothing())
    jokers = 14 - len(tiles)
    win = draw(st.sampled_from(sorted(set(tiles))))
    return sorted(tiles) + [JOKER] * jokers, win


@settings(max_examples=150, deadline=None)
@given(hands_with_jokers(), st.booleans())
def test_an_ordinary_kind_joker_scores_as_its_best_substitute(hand, self_drawn) -> None:
    tiles, win = hand
    ctx = WinContext(self_drawn=self_drawn, wild_kinds=WILD)
    got = score_win(GD_NEXT, tiles, [], win, ctx)
    naturals = [t for t in tiles if t != JOKER]
    best = None
    for kinds in product(range(34), repeat=len(tiles) - len(naturals)):
        sub = sorted(naturals + list(kinds))
        s = score_win(GD, sub, [], win, WinContext(self_drawn=self_drawn))
        if s is not None and (best is None or s.points > best.points):
            best = s
    assert got is not None and best is not None
    assert got.points == best.points and got.fan == best.fan


def test_analysis_with_an_ordinary_kind_joker() -> None:
    # 5p as a joker: 123m 456m 789m 11z + two 5p waits like two flowers would
    counts, wild = split(to_counts(parse("123m456m789m11z5p5p"), 42), WILD)
    assert wild == 2
    flower_counts, flower_wild = split(to_counts(parse("123m456m789m11z1f2f"), 42),
                                       frozenset(parse("12f")))
    assert counts == flower_counts and wild == flower_wild
    assert analysis.shanten(counts, wild, 0) == 0  # ready: the jokers wait on anything


# -- whole hands with the White dragons as jokers --------------------------------------------

JIHU_WHITE = dataclasses.replace(get_rules("heyuan-jihu"), joker="white", wildcards=0)


@pytest.mark.parametrize("kind", ["greedy", "hard", "normal", "easy", "random"])
def test_whole_hands_with_an_ordinary_kind_joker(kind: str) -> None:
    for seed in range(3):
        st_ = HandState.start(JIHU_WHITE, f"white-{kind}-{seed}", dealer=seed % 4)
        assert st_.wild_kinds == {T("5z")}
        players = [get_player(kind, f"{seed}/{i}") for i in range(4)]
        while not st_.is_over:
            seat = st_.awaiting()[0]
            st_.act(players[seat].act(Observation.of(st_, seat)))
            assert st_.tiles_accounted() == JIHU_WHITE.tile_count
        # a discarded joker is never claimed, and no meld holds one
        events = st_.events
        for i, ev in enumerate(events):
            if isinstance(ev, Discarded) and ev.tile == T("5z"):
                assert not isinstance(events[i + 1], Called)
        assert all(T("5z") not in m.tiles for s in st_.seats for m in s.melds)


def test_a_discarded_joker_kind_is_not_claimable() -> None:
    # seat 1 holds two more White dragons: with White as the joker there is no pong on it
    st_ = rigged(
        JIHU_WHITE,
        ["5z1m4m7m2p5p8p3s6s9s1z2z3z4z", "5z5z2m5m8m3p6p9p1s4s7s6z7z",
         "369m147p258s1z2z3z4z", "147m258p369s1z2z3z4z"],
    )
    assert st_.legal_actions(0).kongs == ()
    st_.act(Discard(0, T("5z")))
    assert st_.phase == "turn" and st_.window is None  # nobody was asked: the next seat drew
    with pytest.raises(IllegalAction) as err:
        st_.act(Pong(1))
    assert err.value.code in ("wildcard_not_claimable", "not_your_turn", "no_claim_window")
