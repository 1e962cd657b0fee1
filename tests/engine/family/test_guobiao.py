"""Guobiao 国标: 8 fans to win without the flowers, the fan list of known hands, 和绝张 read from
the table, and the payments (8 + F from the discarder and 8 from the others; 8 + F from each
on a self-draw), on rigged whole hands."""

from __future__ import annotations

from engine.actions import Win
from engine.family.guobiao import knitted_complete, settle_guobiao
from engine.rules import get_rules
from engine.scoring import Score
from engine.settlement import HandOutcome, WinRecord
from engine.tiles import parse
from tests.engine.hand.helpers import discard, rigged
from tests.engine.scoring.helpers import score

GB = "guobiao"


def fans(concealed, win, **kw):
    s = score(GB, concealed, win, **kw)
    return None if s is None else (s.points, list(s.patterns))


def test_eight_fans_without_flowers_to_win():
    # 平和 2 + 断幺 2 + 一般高 1 … a small hand: below 8 it does not win, flowers or not
    assert fans("234m234m567p678s55p", "5p") is None
    assert fans("234m234m567p678s55p", "5p", flowers=8) is None
    # 无番和 is 8 fans: a hand with no fan at all wins
    assert fans("567s78p6p11z", "6p", melds=["chow 234m", "pung 222p"]) == (
        8, ["chicken_hand"],
    )  # fmt: skip


def test_known_hands_and_the_flowers_on_top():
    # 清一色 四暗刻 一色四节高, self-drawn on 5m with a flower
    assert fans("111222333444m55m", "5m", self_drawn=True, flowers=1) == (
        139,
        ["four_concealed_pungs", "four_pure_shifted_pungs", "full_flush",
         "pung_of_terminals_or_honors", "self_drawn", "flower_tiles"],
    )  # fmt: skip
    # 全不靠 with the whole knitted straight: 全不靠 12 + 组合龙 12
    assert fans("147m258p369s12345z", "1z") == (
        24, ["lesser_honors_and_knitted", "knitted_straight"],
    )  # fmt: skip
    # 十三幺
    assert fans("19m19p19s12345677z", "7z")[0] == 88
    # 七对 with its own fans (断幺; 四归一 for a four of a kind)
    assert fans("22334466m55p5577s", "7s") == (26, ["seven_pairs", "all_simples"])
    assert fans("22223366m55p5577s", "7s") == (
        28, ["seven_pairs", "tile_hog", "all_simples"],
    )  # fmt: skip


def test_situations_add_their_fans():
    base = ("123m456p789s11z", "1z")
    kw = {"melds": ["chow 234m"]}
    assert fans(*base, **kw) == (9, ["mixed_straight", "single_wait"])
    assert "last_tile_claim" in fans(*base, situations=["last_tile"], **kw)[1]
    # 和绝张 only when the winning tile is no other tile of the hand (here the pair's 1z is)
    assert "last_of_kind" not in fans(*base, situations=["last_of_kind"], **kw)[1]
    assert fans("123m456p789s11z", "8s", situations=["last_of_kind"], **kw) == (
        13, ["mixed_straight", "last_of_kind", "closed_wait"],
    )  # fmt: skip
    drawn = fans(*base, self_drawn=True, situations=["last_tile"], **kw)[1]
    assert "last_tile_draw" in drawn and "self_drawn" not in drawn


def test_knitted_forms_are_complete_shapes():
    face = [0] * 34
    for k in parse("147m258p369s12345z"):
        face[k] += 1
    assert knitted_complete(face, 0)
    face = [0] * 34
    for k in parse("147m258p369s123m55z"):
        face[k] += 1
    assert knitted_complete(face, 0)
    face[0] -= 1
    assert not knitted_complete(face, 0)


def _win(seat, fan, self_drawn, discarder=None):
    return WinRecord(seat, Score(fan, ("chicken_hand",)), self_drawn, discarder)


def test_payments_discard_and_self_draw():
    rules = get_rules(GB)
    s = settle_guobiao(rules, HandOutcome((_win(1, 10, False, 0),)))
    assert s.deltas == (-18, 34, -8, -8)
    s = settle_guobiao(rules, HandOutcome((_win(2, 12, True),)))
    assert s.deltas == (-20, -20, 60, -20)
    assert settle_guobiao(rules, HandOutcome((), drawn=True)).deltas == (0, 0, 0, 0)


def test_a_rigged_discard_win_pays_eight_plus_fan_from_the_discarder():
    rules = get_rules(GB)
    # South waits on 1z with 123m456p789s + 234m 1z: East discards 1z at once
    h = rigged(rules, [
        "1z1z2z3z4z5z6z7z9m9m9p9p9s9s", "123m456p789s234m1z",
        "1p2p4p5p7p8p1s2s4s5s7s8s3m", "1p2p4p5p7p8p1s2s4s5s7s8s5m",
    ])  # fmt: skip
    discard(h, 0, "1z")
    h.act(Win(1))
    ended = h.events[-1]
    won = next(e for e in h.events if type(e).__name__ == "Won")
    # 花龙 8 + 门前清 2 + 单钓将 1
    assert won.points == 11
    assert set(won.patterns) == {"mixed_straight", "concealed_hand", "single_wait"}
    assert ended.deltas == (-19, 35, -8, -8)
    assert sum(ended.deltas) == 0 and h.tiles_accounted() == rules.tile_count


def test_a_rigged_self_draw_pays_eight_plus_fan_from_each():
    rules = get_rules(GB)
    h = rigged(
        rules,
        ["1z1z2z3z4z5z6z7z9m9m9p9p9s9s", "123m456p789s234m1z", "2z2z3z3z4z4z5z5z6z6z7z7z1m",
         "1p2p4p5p7p8p1s2s4s5s7s8s5m"],
        draws="8m1m8p5s1z",
    )  # fmt: skip
    discard(h, 0, "2z")  # West passes the pong
    discard(h, 1, "8m")
    discard(h, 2, "1m")
    discard(h, 3, "8p")
    discard(h, 0, "5s")  # then South draws 1z and wins
    h.act(Win(1))
    ended = h.events[-1]
    won = next(e for e in h.events if type(e).__name__ == "Won")
    assert won.self_drawn and won.points == 13  # 花龙 8 + 不求人 4 + 单钓将 1
    assert ended.deltas == (-21, 63, -21, -21)
    assert h.tiles_accounted() == rules.tile_count
