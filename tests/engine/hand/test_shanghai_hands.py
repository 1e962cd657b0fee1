"""Shanghai 百搭 through the hand state machine: the indicator chosen by the dice and left in
the wall, dragons set aside like flowers, the chow restrictions, 过碰 and one's own discard,
百搭 called as their face, 四百搭, 杠开 on a flower, self-draw only, and 荒番 from hand to
hand."""

from __future__ import annotations

import pytest

from engine.actions import Chow, Discard, IllegalAction, Pong, Win
from engine.events import Dealt, FlowerSetAside, HandEnded, HandStarted, IndicatorTurned, Won
from engine.family.shanghai import dice_huangfan
from engine.hand import HandState
from engine.hand.checks import allowed_discards
from engine.hand.seat import SeatState
from engine.indicator import dice_offset, throw_dice
from engine.jokers import next_kind
from engine.match import Match, replay_match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from engine.tiles import DRAGONS, parse, parse_one, to_counts
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one
SH = get_rules("shanghai")


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e", "f"])
def test_the_dice_choose_the_indicator_and_it_stays_in_the_wall(seed):
    st = HandState.start(SH, seed)
    types = [type(e) for e in st.events]
    i = types.index(IndicatorTurned)
    assert types[i - 1] is Dealt and FlowerSetAside not in types[:i]  # before any 补花
    ev = st.events[i]
    assert isinstance(ev, IndicatorTurned)
    assert ev.dice == throw_dice(seed)
    assert ev.index == len(st.wall.tiles) - dice_offset(ev.dice)
    assert ev.tile == st.wall.tiles[ev.index]  # the committed wall holds it
    assert st.wild_kinds == {next_kind(ev.tile, dragon_cycle=False)}
    assert st.tiles_accounted() == 144
    # dragons are set aside like the flowers at the deal
    for seat in range(4):
        assert not any(st.seats[seat].counts[d] for d in DRAGONS)
        assert not any(st.seats[seat].counts[34:])


def _hands(*hands):
    return list(hands)


def test_after_a_chow_the_chowed_tile_and_the_far_end_may_not_be_discarded():
    st = rigged(
        SH,
        _hands("2m123p456p789s1122z", "34m5m2m6p3p5s8s9s1z1z3z4z", "1m7m8m4p7p1s2s3s4s6s7s3z4z",
               "6m9m1p8p9p5p4s4z2z3z6m9m6s"),
        draws="7s", indicator="4z", seed="chow",
    )  # fmt: skip
    discard(st, 0, "2m")
    do(st, Chow(1, tuple(parse("234m"))))  # type: ignore[arg-type]
    legal = st.legal_actions(1)
    assert T("2m") not in legal.discards and T("5m") not in legal.discards
    assert T("3p") in legal.discards
    for banned in ("2m", "5m"):
        with pytest.raises(IllegalAction) as exc:
            st.act(Discard(1, T(banned)))
        assert exc.value.code == "discard_banned"
    st.act(Discard(1, T("3p")))
    assert st.seats[1].discard_ban == frozenset()  # only for that turn


def test_the_ban_lifts_when_the_discard_leaves_a_single_tile_or_nothing_else_is_held():
    st = SeatState(counts=to_counts(parse("2m5m"), 42), discard_ban=frozenset(parse("2m5m")))
    assert allowed_discards(st, tuple(parse("2m5m"))) == tuple(parse("2m5m"))  # 大吊车
    st = SeatState(counts=to_counts(parse("2m2m5m5m5m"), 42), discard_ban=frozenset(parse("2m5m")))
    assert allowed_discards(st, tuple(parse("2m5m"))) == tuple(parse("2m5m"))
    st = SeatState(counts=to_counts(parse("2m5m5m7m9m"), 42), discard_ban=frozenset(parse("2m5m")))
    assert allowed_discards(st, tuple(parse("2m5m7m9m"))) == tuple(parse("7m9m"))


def test_no_pong_of_a_kind_one_threw_until_one_draws_again():
    st = rigged(
        SH,
        _hands("123p456p789s1122z9m", "444m1p2p3p5s6s7s1z1z3z8s", "4m7m8m4p7p1s2s3s4s6s7s3z4z",
               "6m9m1p8p9p5p4s4z2z3z6m9m6s"),
        draws="9p8m9s9p2p", indicator="4z", seed="lock",
    )  # fmt: skip
    discard(st, 0, "9m")
    discard(st, 1, "4m")  # South throws one of its three 4m …
    assert st.seats[1].discard_lock == T("4m")
    discard(st, 2, "4m")  # … West throws another: South may not pong it
    assert st.window is None or 1 not in st.window.options
    with pytest.raises(IllegalAction):
        st.act(Pong(1))
    pass_window(st)
    discard(st, 3, "9m")
    discard(st, 0, "9p")
    pass_window(st)
    assert st.turn == 1 and st.seats[1].discard_lock is None  # South drew: the lock is gone


def test_a_discarded_joker_is_its_face_and_may_be_ponged():
    # indicator 4p: 5p is the 百搭; South ponges East's 5p with its two
    st = rigged(
        SH,
        _hands("5p123m456m789s1122z", "5p5p789p123s456s1z2z", "147m258p369s1234z",
               "2m5m8m3p6p9p1s4s7s3z4z3m6m"),
        indicator="4p", seed="face",
    )  # fmt: skip
    assert st.wild_kinds == {T("5p")}
    discard(st, 0, "5p")
    assert st.window is not None and st.window.options[1].pong
    do(st, Pong(1))
    meld = st.melds(1)[0]
    assert meld.tiles == (T("5p"),) * 3


def test_four_jokers_win_at_once():
    st = rigged(
        SH,
        _hands("123m456m789p1122z3s", "5p5p5p123s456s1z2z3z4z", "147m268p369s1234z",
               "2m5m8m3p6p9p1s4s7s3z4z3m6m"),
        draws="5p", indicator="4p", seed="four",
    )  # fmt: skip
    discard(st, 0, "3s")
    pass_window(st)
    assert st.legal_actions(1).win  # South draws the fourth 百搭
    st.act(Win(1))
    won = next(e for e in st.events if isinstance(e, Won))
    assert won.patterns[0] == "four_wilds" and won.self_drawn


def test_a_win_on_a_flower_replacement_is_gangkai_and_discards_never_win():
    st = rigged(
        SH,
        _hands("9m123p456p789s1122z", "123m456m789p234s5s", "147m258p369s1234z",
               "2m5m8m3p6p9p1s4s7s3z4z3m6m"),
        draws="1f", tail="5s", indicator="4z", seed="gangkai",
    )  # fmt: skip
    # East throws 9m: no win for anybody on a discard (self-draw only)
    discard(st, 0, "9m")
    assert st.window is None or all(not o.win for o in st.window.options.values())
    pass_window(st)
    # South draws 1f, sets it aside, draws 5s from the tail: 杠开
    assert st.legal_actions(1).win
    st.act(Win(1))
    won = next(e for e in st.events if isinstance(e, Won))
    assert "replacement_win" in won.patterns and "flower_replacement" in won.situations
    assert won.points == (1 + 1 + 1) * 2 ** 2  # base, one flower, 门清; 无百搭 + 杠开
    assert isinstance(st.ended, HandEnded)


def test_huangfan_carries_from_hand_to_hand_and_doubles_every_payment():
    rules = get_rules("shanghai", {"unit": 1})
    players = [get_player(k, f"hf{i}") for i, k in enumerate(("greedy", "random", "random", "greedy"))]
    m = play_match(Match.start(rules, "huangfan", hands_limit=14), players)
    starts = [e for e in m.events if isinstance(e, HandStarted)]
    turned = [e for e in m.events if isinstance(e, IndicatorTurned)]
    wins = iter([e for e in m.events if isinstance(e, Won)])
    carried = 0
    seen_double = False
    for start, ind, ended in zip(starts, turned, m.results, strict=True):
        assert dict(start.carry).get("huangfan", 0) == carried
        n = carried + dice_huangfan(ind.dice)
        if ended.winners:
            won = next(wins)
            # each of the three others pays 花 × 2^番, doubled once per 荒番
            assert [p[2] for p in ended.payments] == [won.points * 2**n] * 3
            seen_double |= n > 0
        else:
            assert ended.payments == ()
        carried = n + 1 if ended.drawn else max(0, n - 1)
    assert seen_double
    assert replay_match(m.events).state_hash() == m.state_hash()
