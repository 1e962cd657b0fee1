"""Baoding 保定: the worked examples of the rule page, the suit condition, the base table and
its doublings, the dealer paying double, 诈胡 (and the option that refuses it), 黄庄黄杠, and
the reserve that grows with kongs — on hands in notation and rigged whole hands."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.actions import IllegalAction, Win
from engine.cli.evaluate import evaluate
from engine.events import HandEnded
from engine.family import family_of
from engine.family.baoding import settle_baoding, value_of
from engine.melds import Meld, MeldKind
from engine.rules import get_rules
from engine.scoring import Score
from engine.settlement import HandOutcome, WinRecord
from engine.tiles import parse
from engine.wall import Wall, shuffled_wall
from tests.engine.hand.helpers import discard, pass_window, rigged
from tests.engine.scoring.helpers import score

BD = "baoding"


def bd(concealed, win, **kw):
    s = score(BD, concealed, win, **kw)
    return None if s is None else (s.points, list(s.patterns))


# -- the page's worked examples -----------------------------------------------------------------


def test_example_1_pi_hu_on_a_two_sided_wait():
    assert bd("567m888m55m34p2p", "2p", melds=["chow 234m"], seat="S") == (1, ["pi_hu"])
    # the dealer pays double
    assert bd("567m888m55m34p2p", "2p", melds=["chow 234m"], seat="S", payer_dealer=True)[0] == 2


def test_example_2_all_pungs_self_drawn_by_the_dealer():
    assert bd("111m555m999p222z77z", "7z", self_drawn=True, dealer=True) == (
        32, ["all_pungs", "self_draw", "concealed", "single_wait", "dealer"],
    )  # fmt: skip


def test_example_3_mixed_seven_pairs_has_no_single_wait():
    assert bd("11m22m33m55m77m99p11z", "1z", seat="S") == (12, ["mixed_seven_pairs", "concealed"])


def test_example_4_closed_five():
    assert bd("123m99m46p789p5p", "5p", melds=["pung 777m"], self_drawn=True, seat="W") == (
        8, ["pi_hu", "self_draw", "closed_wait", "closed_five"],
    )  # fmt: skip


def test_a_wait_is_a_legal_win_not_a_shape():
    # 2223m + 4444z 555z 777p waits on 3m only: 1m and 4m make shapes with a chow, which fail
    # 一色够八张 (5 万 of 14) and are no 大对胡, so they are no wins, and 3m is a 钓
    kongs = ["kong 4444z", "pung 555z", "pung 777p"]
    won = bd("22233m", "3m", melds=kongs, self_drawn=True, dealer=True,
             situations=["kong_replacement"], all_pungs_kong=True)  # fmt: skip
    assert won == (32, ["all_pungs", "self_draw", "kong_bloom", "single_wait", "dealer"])
    # with two legal waits there is no 钓: 2223m + 4444z 555z 777m also wins on 1m / 4m
    # (屁胡: eight 万 with the pung of 7m)
    won = bd("22233m", "3m", melds=["kong 4444z", "pung 555z", "pung 777m"], self_drawn=True,
             all_pungs_kong=True)  # fmt: skip
    assert won is not None and "single_wait" not in won[1]


def test_the_single_wait_through_evaluate():
    line = {
        "rules": "baoding", "options": {"all_pungs_kong": True}, "concealed": "22233m",
        "melds": [{"type": "kong", "tiles": "4444z"}, {"type": "pung", "tiles": "555z"},
                  {"type": "pung", "tiles": "777p"}],
        "win_tile": "3m", "self_drawn": True, "situation": ["kong_replacement"], "dealer": True,
    }  # fmt: skip
    assert evaluate(line) == {
        "win": True, "points": 32,
        "patterns": ["all_pungs", "self_draw", "kong_bloom", "single_wait", "dealer"],
    }  # fmt: skip
    assert evaluate({**line, "concealed": "2223m"}) == {"shanten": 0, "waits": "3m"}


def test_example_5_three_suits_do_not_win():
    assert bd("123m456m345p678p99s", "9s", self_drawn=True, seat="S") is None


def test_the_examples_settle_as_the_page_says():
    rules = get_rules(BD)

    def win(seat, pats, self_drawn, discarder=None):
        return WinRecord(seat, Score(0, tuple(pats)), self_drawn, discarder)

    # 1: S wins on W's discard, P = 1: N 1, W 1, E 2
    s = settle_baoding(rules, HandOutcome((win(1, ["pi_hu"], False, 2),)))
    assert s.deltas == (-2, 4, -1, -1)
    # 2: E self-draws 32 from each
    pats = ["all_pungs", "self_draw", "concealed", "single_wait", "dealer"]
    s = settle_baoding(rules, HandOutcome((win(0, pats, True),)))
    assert s.deltas == (96, -32, -32, -32)
    # 3: S on N's discard, 12: N 12, W 12, E 24
    three = win(1, ["mixed_seven_pairs", "concealed"], False, 3)
    s = settle_baoding(rules, HandOutcome((three,)))
    assert s.deltas == (-24, 48, -12, -12)
    # 4: W self-draws 8: N 8, S 8, E 16
    pats = ["pi_hu", "self_draw", "closed_wait", "closed_five"]
    s = settle_baoding(rules, HandOutcome((win(2, pats, True),)))
    assert s.deltas == (-16, -8, 32, -8)
    # discarder_pays_all: the discarder pays all three shares
    rules_all = get_rules(BD, {"discarder_pays_all": True})
    s = settle_baoding(rules_all, HandOutcome((win(1, ["pi_hu"], False, 2),)))
    assert s.deltas == (0, 4, -4, 0)


# -- the base table -----------------------------------------------------------------------------


def test_the_suit_condition():
    # two suits, 8 of one: 屁胡; 7 of the most: no win
    assert bd("123456m789m11p234p", "4p") is not None
    assert bd("123m456m11p234p789p", "9p") is not None  # 8 p tiles
    assert bd("123m456m11p234p567s", "7s") is None  # three suits
    assert bd("123m999m11p234p11z", "1z", melds=[]) is None  # 6 m, 5 p: neither 8


@pytest.mark.parametrize(
    ("concealed", "win", "kw", "base"),
    [
        ("123m345m678m11z222z", "2z", {}, ["half_flush"]),
        ("123m456m789m11z222z", "2z", {}, ["dragon"]),  # 龙 3 pays more than 混一色 2
        ("123m456m789m111p99p", "9p", {}, ["dragon"]),
        ("123m456m789m111m99m", "9m", {}, ["dragon", "full_flush"]),
        ("111m333m555m777m99m", "9m", {}, ["all_pungs", "full_flush"]),
        ("123m345m567m789m99m", "9m", {}, ["full_flush"]),
        ("1122334455667m7m", "7m", {}, ["pure_seven_pairs"]),
        ("19m19p19s1234567z7z", "7z", {}, ["thirteen_orphans"]),
        ("111z222z333z555z66z", "6z", {}, ["all_honours"]),
        ("11z22z33z44z55z66z7z7z", "7z", {}, ["all_honours"]),
    ],
)
def test_bases(concealed, win, kw, base):
    got = bd(concealed, win, **kw)
    assert got is not None
    assert [p for p in got[1] if p in get_rules(BD).patterns] == base


def test_dragon_hands_and_called_chows():
    # 龙 with the chows called: every called chow must be one of 123 456 789
    assert "dragon" in bd("789m111p99p", "9p", melds=["chow 123m", "chow 456m"])[1]
    got = bd("123m456m789m99p", "9p", melds=["chow 234p"])
    assert got is not None and "dragon" not in got[1]


def test_all_pungs_kong_and_orphans_any_pair_options():
    assert bd("555m777s222p11p", "1p", melds=["kong 1111m"]) is None  # three suits: no 屁胡
    got = bd("555m777s222p11p", "1p", melds=["kong 1111m"], all_pungs_kong=True)
    assert got is not None and got[1][0] == "all_pungs"
    assert bd("19m19p19s1234567z1m", "1m") is None
    assert bd("19m19p19s1234567z1m", "1m", orphans_any_pair=True)[1][0] == "thirteen_orphans"


def test_value_of_doubles_the_base_of_flush_pungs_and_dragon():
    rules = get_rules(BD)
    assert value_of(rules, ["all_pungs", "full_flush"]) == 4
    assert value_of(rules, ["dragon", "full_flush", "self_draw"]) == 12


# -- rigged whole hands ------------------------------------------------------------------------

E14 = "1z1z2z2z3z3z4z4z5z6z7z9m9p1s"
W13 = "1p1p3p6p6p8p8p1s1s3s5z5z6z"
N13 = "7m7m9m9m1s2s6s6s7z7z4z5s5s"


def test_a_rigged_discard_win_the_dealer_pays_double():
    rules = get_rules(BD)
    h = rigged(rules, [E14, "234m567m888m55m34p", W13, N13], draws="9s2p")
    discard(h, 0, "7z")
    discard(h, 1, "9s")
    discard(h, 2, "2p")
    h.act(Win(1))
    ended = h.events[-1]
    assert isinstance(ended, HandEnded)
    # 屁胡 × 门清 = 2: N 2, W 2, E 4
    assert ended.deltas == (-4, 8, -2, -2)
    assert h.tiles_accounted() == rules.tile_count


def test_a_false_win_by_a_non_dealer_costs_one_to_each_and_the_dealer_stays():
    rules = get_rules(BD)
    h = rigged(rules, [E14, "123m456m345p678p9s", W13, N13], draws="9s")
    discard(h, 0, "7z")
    pass_window(h)
    h.act(Win(1))  # three suits: 诈胡
    ended = h.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.deltas == (1, -3, 1, 1)
    assert ended.next_dealer == 0


def test_a_false_win_by_the_dealer_costs_two_to_each_and_the_deal_passes():
    rules = get_rules(BD)
    h = rigged(rules, [E14, "123m456m345p678p9s", W13, N13])
    h.act(Win(0))
    ended = h.events[-1]
    assert ended.deltas == (-6, 2, 2, 2)
    assert ended.next_dealer == 1


def test_with_false_win_off_a_false_declaration_is_refused():
    rules = get_rules(BD, {"false_win": False})
    h = rigged(rules, [E14, "123m456m345p678p9s", W13, N13])
    before = len(h.events)
    with pytest.raises(IllegalAction):
        h.act(Win(0))
    assert len(h.events) == before


def test_drawn_hands_keep_the_dealer_unless_a_kong_was_made():
    rules = get_rules(BD)
    fam = family_of(rules)

    def drawn_hand(kong: bool):
        melds = [Meld(MeldKind.KONG, (5, 5, 5, 5))] if kong else []
        seats = [SimpleNamespace(melds=melds)] + [SimpleNamespace(melds=[]) for _ in range(3)]
        return SimpleNamespace(dealer=2, players=4, wins=[], seats=seats)

    assert fam.dealer_after(rules, drawn_hand(False)) == 2
    assert fam.dealer_after(rules, drawn_hand(True)) == 3
    pays = get_rules(BD, {"draw_dealer_pays": True})
    assert fam.dealer_after(pays, drawn_hand(True)) == 2
    s = settle_baoding(pays, HandOutcome((), drawn=True, dealer=2))
    assert s.deltas == (2, 2, -6, 2)
    assert settle_baoding(rules, HandOutcome((), drawn=True, dealer=2)).deltas == (0, 0, 0, 0)


def test_the_reserve_grows_with_each_kong():
    rules = get_rules(BD)
    wall = Wall.for_rules(rules, shuffled_wall(rules, "r"))
    assert wall.remaining == 136 - 14
    wall.kongs = 2
    assert wall.remaining == 136 - 16
    assert rules.tile_count == 136 and parse("1f")  # no flowers in the set
