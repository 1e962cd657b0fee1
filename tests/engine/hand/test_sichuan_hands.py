"""Sichuan 血战到底 through the hand state machine: 定缺 chosen by every seat at once, void tiles
first, three winners one after another each paid by the seats still in, a kong paid at once,
换三张, and 查花猪 / 查叫 when the wall is used up."""

from __future__ import annotations

import pytest

from engine.actions import Choose, Discard, IllegalAction, Kong, Pass, Pong, Win
from engine.events import Chose, HandEnded, TilesExchanged, VoidsChosen
from engine.family.sichuan import EXCHANGE_SHIFT, ready_value
from engine.hand import HandState, claims, replay_events
from engine.indicator import throw_dice
from engine.rules import get_rules
from engine.tiles import full_set, parse, parse_one, tile_name
from tests.engine.hand.helpers import discard, do, pass_window, rigged

T = parse_one
SC = get_rules("sichuan")


def choose_voids(st: HandState, voids: str) -> None:
    for seat, suit in enumerate(voids):
        st.act(Choose(seat, suit))


def test_voids_are_chosen_by_all_at_once_and_shown_together():
    st = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                     "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    assert st.phase == "choose" and st.awaiting() == (0, 1, 2, 3)
    la = st.legal_actions(2)
    assert la.step == "void" and sorted(la.choices) == ["m", "p", "s"]
    st.act(Choose(2, "s"))
    assert st.seats[2].void_suit is None  # not shown until every seat has chosen
    with pytest.raises(IllegalAction) as e:
        st.act(Choose(2, "m"))
    assert e.value.code == "already_acted"
    with pytest.raises(IllegalAction) as e:
        st.act(Choose(1, "z"))
    assert e.value.code == "bad_choice"
    with pytest.raises(IllegalAction) as e:
        st.act(Discard(0, T("5p")))
    assert e.value.code == "not_your_turn"
    for seat in (0, 1, 3):
        st.act(Choose(seat, "s"))
    shown = [e for e in st.events if isinstance(e, VoidsChosen)]
    assert shown == [VoidsChosen((2, 2, 2, 2))]
    assert st.phase == "turn" and st.turn == 0


def test_three_winners_in_turn_each_paid_by_those_still_in_and_a_kong_paid_at_once():
    st = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                     "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    choose_voids(st, "ssss")
    discard(st, 0, "5p")
    assert st.awaiting() == (1,)
    st.act(Win(1))  # South wins on East's 5p and leaves; West (after South) draws
    assert st.seats[1].has_won and not st.is_over
    assert st.turn == 2 and st.drawn_tile == T("7m")
    st.act(Win(2))  # West self-draws; North draws next (South is skipped as out)
    assert st.turn == 3 and st.drawn_tile == T("9p")
    st.act(Kong(3, T("9p")))  # 下雨: paid by East alone, the only other seat still in
    assert st.drawn_tile == T("3p")
    st.act(Win(3))  # 杠上开花: the third winner; only East is left, so the hand ends
    end = st.ended
    assert isinstance(end, HandEnded) and end.winners == (1, 2, 3)
    assert list(end.payments) == [
        (0, 1, 1, "win"),
        (0, 2, 1, "win"), (3, 2, 1, "win"),
        (0, 3, 2, "kong"),
        (0, 3, 4, "win"),
    ]  # fmt: skip
    assert end.deltas == (-8, 1, 2, 5)
    assert end.next_dealer == 1  # the first winner deals next
    won = [e for e in st.events if e.type == "won"]
    assert [w.patterns for w in won][2] == ("kong", "kong_replacement")  # type: ignore[attr-defined]
    assert st.tiles_accounted() == 108
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_void_tiles_go_first_and_a_hand_holding_them_cannot_win():
    st = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                     "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    choose_voids(st, "mpss")  # East and South hold their void suits
    la = st.legal_actions(0)
    assert set(la.discards) == set(parse("1m2m3m6m8m9m"))
    with pytest.raises(IllegalAction) as e:
        st.act(Discard(0, T("5p")))
    assert e.value.code == "void_first"
    discard(st, 0, "1m")
    assert st.phase != "claim" or 1 not in (st.window.options if st.window else {})
    # South holds 123p (its void): its 5p wait is no win
    assert st.score_with(1, T("5p"), False, frozenset()) is None


def test_a_pong_or_kong_of_the_void_suit_is_not_offered():
    st = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                     "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    choose_voids(st, "sspp")
    # West holds 111p and North 22p, both in their void suit: no claim on 1p or 2p
    assert claims.discard_options(st, 0, T("1p")) == {}
    assert claims.discard_options(st, 0, T("2p")) == {}
    st2 = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                      "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    choose_voids(st2, "ssss")
    assert claims.discard_options(st2, 0, T("1p"))[2].kong


def _drawn_end_hand() -> HandState:
    hands = ["5p1m1m3m5m7m9m9m6p8p9p7p4p2m", "111p222p333p444m5p",
             "5p2m2m6m8m6p8p4p6p8p9m7m3m", "5p1s2s3s5s7s9s1m3m6m8m7p9p"]  # fmt: skip
    left = full_set(0, honours=False)
    for h in hands:
        for t in parse(h):
            left.remove(t)
    souths = sorted(t for t in left if t >= 18)
    others = sorted(t for t in left if t < 18) + souths[14:]
    draws: list[int] = []
    n_draw, o_draw = iter(souths[:14]), iter(others)
    for i in range(55):
        draws.append(next(n_draw) if i % 4 == 2 else next(o_draw))
    return rigged(SC, hands, draws="".join(tile_name(t) for t in draws))


def _play_out(st: HandState) -> None:
    """Every seat throws what it draws and passes every claim (and wins where it must)."""
    while not st.is_over:
        seat = st.awaiting()[0]
        la = st.legal_actions(seat)
        if la.win and not (la.discards or la.can_pass):
            st.act(Win(seat))
        elif la.phase == "turn":
            t = la.tile if la.tile in la.discards else la.discards[0]
            st.act(Discard(seat, t))
        else:
            st.act(Pass(seat))


def test_flower_pig_and_not_ready_pay_at_a_drawn_end():
    st = _drawn_end_hand()
    choose_voids(st, "ssss")
    discard(st, 0, "5p")
    _play_out(st)
    end = st.ended
    assert end is not None and end.winners == ()
    assert ready_value(st, 1) == 2  # 111p 222p 333p 444m + 55p: 对对和
    assert ready_value(st, 0) == 0 and ready_value(st, 2) == 0
    assert sorted(end.payments) == sorted([
        (3, 0, 8, "flower_pig"), (3, 1, 8, "flower_pig"), (3, 2, 8, "flower_pig"),
        (0, 1, 2, "not_ready"), (2, 1, 2, "not_ready"),
    ])  # fmt: skip
    assert end.deltas == (6, 12, 6, -24)
    assert end.next_dealer == 0  # no win: the dealer stays
    assert st.tiles_accounted() == 108


def test_the_exchange_of_three_goes_where_the_dice_say():
    rules = get_rules("sichuan", {"exchange_three": True})
    st = rigged(rules, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m7m",
                        "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    assert st.legal_actions(0).step == "exchange"
    with pytest.raises(IllegalAction) as e:
        st.act(Choose(0, "1m5p6p"))
    assert e.value.code == "bad_choice"
    with pytest.raises(IllegalAction) as e:
        st.act(Choose(0, "444m"))
    assert e.value.code == "tile_not_in_hand"
    picks = ["119m", "789m", "111p", "567m"]
    for seat, p in enumerate(picks):
        st.act(Choose(seat, p))
    ev = next(e for e in st.events if isinstance(e, TilesExchanged))
    dice = throw_dice(f"{st.seed}/exchange")
    assert ev.dice == dice and ev.shift == EXCHANGE_SHIFT[sum(dice) % 3]
    for seat, p in enumerate(picks):
        to = (seat + ev.shift) % 4
        assert ev.tiles[seat] == tuple(parse(p))
        for t in set(parse(p)):
            assert st.seats[to].counts[t] >= parse(p).count(t)
    assert st.legal_actions(0).step == "void"  # then 定缺
    assert sum(isinstance(e, Chose) for e in st.events) == 4
    assert st.tiles_accounted() == 108


def test_on_the_last_four_tiles_a_winning_hand_must_win():
    hands = ["5p1m1m3m5m7m9m9m6p8p9p7p4p2m", "111p222p333p444m5p",
             "4m2m2m6m8m6p8p4p6p8p9m7m3m", "5p1s2s3s5s7s9s1m3m6m8m7p9p"]  # fmt: skip
    left = full_set(0, honours=False)
    for h in hands:
        for t in parse(h):
            left.remove(t)
    five = T("5p")
    left.remove(five)
    souths = sorted(t for t in left if t >= 18)
    others = iter(sorted(t for t in left if t < 18) + souths[14:])
    n_draw = iter(souths[:14])
    draws = [next(n_draw) if i % 4 == 2 else five if i == 52 else next(others) for i in range(55)]
    st = rigged(SC, hands, draws="".join(tile_name(t) for t in draws))
    choose_voids(st, "ssss")
    discard(st, 0, "5p")
    st.act(Pass(1))  # South passes East's 5p: the wall is long yet
    while not (st.phase == "turn" and st.turn == 1 and st.drawn_tile == five):
        seat = st.awaiting()[0]
        la = st.legal_actions(seat)
        if la.phase == "turn":
            st.act(Discard(seat, la.tile if la.tile in la.discards else la.discards[0]))
        else:
            st.act(Pass(seat))
    assert st.wall.remaining == 2
    la = st.legal_actions(1)
    assert la.win and la.discards == () and la.kongs == ()
    with pytest.raises(IllegalAction) as e:
        st.act(Discard(1, five))
    assert e.value.code == "must_win"
    st.act(Win(1))
    _play_out(st)
    end = st.ended
    assert end is not None and end.winners == (1,)
    assert sorted(end.payments) == sorted([
        (0, 1, 2, "win"), (2, 1, 2, "win"), (3, 1, 2, "win"),
        (3, 0, 8, "flower_pig"), (3, 2, 8, "flower_pig"),
    ])  # fmt: skip


def test_a_kong_is_paid_at_once_and_refunded_by_a_hand_not_ready_at_a_drawn_end():
    rules = get_rules("sichuan", {"tax_refund": True})
    hands = ["5p1m3m5m7m9m9m9m9m6p8p9p7p4p", "111p222p333p444m5p",
             "4m2m2m6m8m6p8p4p6p8p1m7m3m", "5p1s2s3s5s7s9s1m3m6m8m7p9p"]  # fmt: skip
    left = full_set(0, honours=False)
    for h in hands:
        for t in parse(h):
            left.remove(t)
    five = T("5p")
    left.remove(five)
    souths = sorted(t for t in left if t >= 18)
    others = iter(sorted(t for t in left if t < 18) + souths[14:])
    n_draw = iter(souths[:14])
    draws = [next(n_draw) if i % 4 == 2 else five if i == 1 else next(others) for i in range(55)]
    st = rigged(rules, hands, draws="".join(tile_name(t) for t in draws))
    choose_voids(st, "ssss")
    assert st.paid_so_far() == () and st.running_totals() == (0, 0, 0, 0)
    st.act(Kong(0, T("9m")))  # 下雨: 2 from each of the three others, at once
    assert [e for e in st.events if e.type == "konged"]
    # the running ledger is on the state
    assert st.paid_so_far() == ((1, 0, 2, "kong"), (2, 0, 2, "kong"), (3, 0, 2, "kong"))
    assert st.running_totals() == (6, -2, -2, -2)
    st.act(Discard(0, st.drawn_tile))  # type: ignore[arg-type]  # the replacement: an s, void
    _play_out(st)
    end = st.ended
    assert end is not None and end.winners == ()
    assert list(end.payments[:3]) == [(1, 0, 2, "kong"), (2, 0, 2, "kong"), (3, 0, 2, "kong")]
    assert sorted(end.payments[3:]) == sorted([
        (3, 0, 8, "flower_pig"), (3, 1, 8, "flower_pig"), (3, 2, 8, "flower_pig"),
        (0, 1, 2, "not_ready"), (2, 1, 2, "not_ready"),
        (0, 1, 2, "refund"), (0, 2, 2, "refund"), (0, 3, 2, "refund"),
    ])  # fmt: skip
    assert sum(end.deltas) == 0 and st.tiles_accounted() == 108


def test_yi_pao_duo_xiang_both_win_and_the_discarder_deals_next():
    st = rigged(SC, ["5p11m22m33m66p77p6m8m9m", "123m456m789m123p5p", "111p444p888p456m5p",
                     "999p567m678p22p33p"], draws="7m9p", tail="3p")  # fmt: skip
    choose_voids(st, "ssss")
    discard(st, 0, "5p")
    assert set(st.awaiting()) == {1, 2}
    st.act(Win(2))
    st.act(Win(1))
    assert st.seats[1].has_won and st.seats[2].has_won and st.turn == 3  # after West
    _play_out(st)
    end = st.ended
    assert end is not None and end.winners[:2] == (1, 2)
    assert end.payments[:2] == ((0, 1, 1, "win"), (0, 2, 1, "win"))
    assert end.next_dealer == 0
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_a_robbed_kong_turns_back_into_a_pung_and_is_not_paid():
    st = rigged(SC, ["5m11m22m33m66p77p8m9m9p", "55m123p456p789p11s", "46m222s333s444s77s",
                     "999s888s666s555s7s"], draws="3p4p8p5m")  # fmt: skip
    choose_voids(st, "sspp")
    discard(st, 0, "5m")
    do(st, Pong(1))
    discard(st, 1, "1s")  # void first
    discard(st, 2, "3p")
    discard(st, 3, "4p")
    discard(st, 0, "8p")
    pass_window(st)
    assert st.turn == 1 and st.drawn_tile == T("5m")
    st.act(Kong(1, T("5m")))
    assert st.phase == "rob" and st.awaiting() == (2,)
    st.act(Win(2))
    south = st.seats[1]
    assert [m.kind.value for m in south.melds] == ["pung"] and south.river[-1] == T("5m")
    assert st.turn == 3 and not st.is_over  # North, after the winner, draws next
    assert st.tiles_accounted() == 108
    _play_out(st)
    end = st.ended
    assert end is not None and end.payments[0] == (1, 2, 1, "win")
    assert not any(r[3] == "kong" for r in end.payments)
    assert replay_events(st.events).state_hash() == st.state_hash()
