"""What the planners know of the 108-tile games: Changsha's 2-5-8 pair, 血战's seats that
have left, the declared void suits and 查叫 at the wall's end."""

from __future__ import annotations

import pytest

from engine.actions import Discard
from engine.family.changsha import KIND_258
from engine.hand import HandState, LegalActions
from engine.players import Observation, get_player
from engine.players.evaluation import HandView, pair_kinds_need
from engine.players.safety import danger, read_seats
from engine.players.shape_search import _any_form
from engine.rules import get_rules
from tests.conftest import counts

PAIRS_258 = frozenset(KIND_258)


@pytest.mark.parametrize(
    ("notation", "need"),
    [
        ("123m456m789m123p55s", 0),  # complete with a pair of 5s
        ("123m456m789m123p33s", 2),  # the 3s pair must become a 2-5-8 pair
        ("123m456m789m12p355s", 1),
    ],
)
def test_the_plain_hand_needs_a_258_pair(notation, need):
    assert pair_kinds_need(counts(notation, 34), 4, PAIRS_258) == need


def test_changsha_planners_do_not_count_a_wrong_pair_as_ready():
    changsha, guangdong = get_rules("changsha"), get_rules("guangdong")
    c = counts("123m456m789m123p3s", 34)
    assert _any_form(guangdong, c, 0, 0)[0] == 0  # any pair: waiting on 3s
    assert _any_form(changsha, c, 0, 0)[0] == 1  # a 2-5-8 pair is still a step away


def test_a_ready_hand_keeps_its_worth_when_the_wall_is_out():
    rules = get_rules("sichuan")
    seen = counts("123m456m789m1122p", 34)
    plain = HandView(rules, (), seen, 0, draws=0)
    cha = HandView(rules, (), seen, 0, draws=0, ready_end=0.5)
    c = counts("123m456m789m1122p", 34)
    assert plain.worth(c, 0, 0)[0] < 0.01  # no draw left: no win
    assert cha.worth(c, 0, 0)[0] >= 0.5  # but 查叫 pays a ready hand


def _sichuan_midgame() -> HandState:
    rules = get_rules("sichuan")
    st = HandState.start(rules, "cha", dealer=0)
    while st.phase != "turn" or st.seats[st.turn].void_suit is None:
        seat = st.awaiting()[0]
        st.act(get_player("greedy", seat).act(Observation.of(st, seat)))
    return st


def test_sichuan_observation_shows_the_void_suits_and_danger_reads_them():
    st = _sichuan_midgame()
    obs = Observation.of(st, st.turn)
    assert obs.voids == tuple(s.void_suit for s in st.seats) and obs.out == ()
    assert obs.seats_in == 4
    for read in read_seats(obs):
        void = obs.voids[read.seat]
        assert read.void == void
        tile = 9 * void + 4
        assert danger(obs, obs.visible_counts(), read, tile) == 0.0


def test_a_seat_that_has_left_is_no_threat():
    st = _sichuan_midgame()
    me = st.turn
    gone = (me + 1) % 4
    obs = Observation.of(st, me)
    left = Observation(**{**{f: getattr(obs, f) for f in Observation.__dataclass_fields__},
                          "out": (gone,)})  # fmt: skip
    assert left.seats_in == 3
    assert gone not in {r.seat for r in read_seats(left)}
    assert gone in {r.seat for r in read_seats(obs)}


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_a_ready_hand_is_kept_at_the_wall_end(kind):
    # one draw left for nobody: every discard's win chance is 0; 查叫 still pays the ready
    rules = get_rules("sichuan")
    c = counts("111m456m789m23p99p5s", 42)
    la = LegalActions(0, "turn", 23, tuple(k for k in range(42) if c[k]))
    obs = Observation(
        seat=0, rules=rules, hand=tuple(c), melds=((), (), (), ()), discards=((), (), (), ()),
        wall_remaining=0, dealer=0, round_wind=0, scores=(0, 0, 0, 0), legal=la,
        voids=(2, 0, 0, 0),
    )  # fmt: skip
    action = get_player(kind, 1).act(obs)
    assert action == Discard(0, 22)  # the 5s: 23p waits on 1p/4p with 99p


def test_targets_of_the_same_name_keep_their_own_kinds_across_presets():
    # a long-running process plays several presets: all_pungs without honours is its own target
    from engine.players.evaluation import targets_for

    by_preset = {}
    for preset in ("sichuan", "heyuan-zheng"):
        t = next(t for t in targets_for(get_rules(preset)) if t.name == "all_pungs")
        by_preset[preset] = t.kinds()
    assert max(by_preset["sichuan"]) == 26 and max(by_preset["heyuan-zheng"]) == 33
