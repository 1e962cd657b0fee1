"""Sichuan fan (the rule page's table), the cap, 缺门 and what ``evaluate`` says."""

from __future__ import annotations

import io
import json

import pytest

from engine.cli.evaluate import run
from engine.family.sichuan import exchange_pick, four_alike, weakest_suit
from engine.melds import Meld, MeldKind
from engine.rules import get_rules
from engine.scoring import WinContext, score_win
from engine.tiles import parse, parse_one, to_counts

SC = get_rules("sichuan")
T = parse_one


def ask(**obj):
    out = io.StringIO()
    run([json.dumps({"rules": "sichuan", **obj})], out)
    return json.loads(out.getvalue())


def score(concealed: str, win: str, melds=(), rules=SC, **ctx):
    return score_win(rules, parse(concealed), list(melds), T(win), WinContext(**ctx))


@pytest.mark.parametrize(
    ("concealed", "win", "points", "patterns"),
    [
        ("123m456m789m123p55p", "5p", 1, ("basic",)),  # 平和
        ("111m222m333m444p55p", "5p", 2, ("all_pungs",)),  # 对对和 1
        ("1122m3344m5566p77p", "7p", 4, ("seven_pairs",)),  # 七对 2
        ("123m456m789m123m55m", "5m", 4, ("full_flush",)),  # 清一色 2
        ("1111m2233m4455m99m", "9m", 8, ("four_of_a_kind", "seven_pairs", "full_flush")),
        ("111m222m333m444m55m", "5m", 8, ("all_pungs", "full_flush")),  # the best reading
    ],
)
def test_the_fan_table(concealed, win, points, patterns):
    sc = score(concealed, win)
    assert sc is not None and sc.points == points and sc.patterns == patterns


def test_kongs_roots_and_the_cap():
    melds = [Meld(MeldKind.CONCEALED_KONG, (T("1m"),) * 4), Meld(MeldKind.PUNG, (T("9m"),) * 3)]
    sc = score("234m789m55m", "5m", melds, self_drawn=True, situations=frozenset({"kong_replacement"}))
    # kong 1, 根 (9m pung + the fourth in hand) 1, 杠上开花 1, 清一色 2 = 5 fan, capped at 3
    assert sc is not None and sc.fan == 5 and sc.points == 8
    assert sc.patterns == ("kong", "four_of_a_kind", "kong_replacement", "full_flush")
    capped4 = score("234m789m55m", "5m", melds, get_rules("sichuan", {"fan_cap": 4}),
                    self_drawn=True, situations=frozenset({"kong_replacement"}))  # fmt: skip
    assert capped4 is not None and capped4.points == 16
    assert four_alike(to_counts(parse("1111m")), []) == 1


def test_three_suits_or_the_void_suit_never_win():
    assert score("123m456p789s123p55p", "5p") is None
    assert score("123m456m789m123p55p", "5p", void_suit=1) is None
    assert score("123m456m789m123p55p", "5p", void_suit=2) is not None


def test_evaluate_reads_void_suit():
    assert ask(concealed="123m456m789m123p55p", win_tile="5p") == {
        "win": True, "points": 1, "patterns": ["basic"]}  # fmt: skip
    assert ask(concealed="123m456m789m123p55p", win_tile="5p", void_suit="p") == {"win": False}
    assert ask(concealed="123m456m789m123p5p", void_suit="p") == {"shanten": 0, "waits": ""}
    assert ask(concealed="123m456m789m123p5p", void_suit="s")["waits"] == "5p"
    assert "error" in ask(concealed="123m456m789m123p5p", void_suit="z")
    assert "error" in ask(concealed="123m456m789m123p1z")


def test_the_weakest_suit_and_the_exchange_pick():
    c = to_counts(parse("1m5m9m 234p 567p 11s 345s 7s".replace(" ", "")))
    assert weakest_suit(c) == 0  # three loose 万
    assert exchange_pick(c) == tuple(parse("159m"))


def test_the_exchange_takes_any_three_of_one_suit_and_only_the_exchange():
    from engine.actions import Choose, IllegalAction
    from engine.match import Match

    m = Match.start(get_rules("sichuan", {"exchange_three": True}), "pick", hands_limit=1)
    h = m.hand
    assert h is not None and h.step == "exchange"
    legal = h.legal_actions(0)
    assert legal.pick == 3 and all(len(parse(v)) == 3 for v in legal.choices)
    held = [t for t in range(27) for _ in range(h.seats[0].counts[t])]
    suit = next(s for s in range(3) if sum(1 for t in held if t // 9 == s) >= 3)
    three = [t for t in held if t // 9 == suit][-3:]
    h.verify(Choose(0, "".join(f"{t % 9 + 1}{'mps'[suit]}" for t in three)))
    with pytest.raises(IllegalAction):
        h.verify(Choose(0, "1m1p1s"))
    for seat in range(4):
        m.act(Choose(seat, h.legal_actions(seat).choices[0]))
    assert h.step == "void" and h.legal_actions(0).pick == 0


def test_payments_so_far_can_be_read_after_every_move_of_whole_hands():
    # the table shows them after every move, the last tile's draw and discard included (a hand
    # then holds 14 tiles and the drawn end is not due yet)
    from engine.family import family_of
    from engine.match import Match
    from engine.players import Observation, get_player

    rules = get_rules("sichuan")
    players = [get_player("greedy", f"paid-{i}") for i in range(4)]
    m = Match.start(rules, "paid-so-far", hands_limit=12)
    drawn_ends = 0
    while not m.is_over:
        hand = m.hand
        while not hand.is_over:
            family_of(rules).paid_so_far(rules, hand)
            seat = hand.awaiting()[0]
            m.act(players[seat].act(Observation.of(hand, seat, m.totals)))
        rows = family_of(rules).paid_so_far(rules, hand)
        drawn_ends += hand.wall.remaining == 0
        assert sum(n for _, _, n, _ in rows) >= 0
        m.next_hand()
    assert drawn_ends  # at least one hand went to the last tile
