"""Every worked example of the rule pages (c = 1), in notation."""

from __future__ import annotations

from tests.engine.scoring.helpers import score, summary


def test_heyuan_full_flush_pungs_with_lone_wild():
    s = score("heyuan-zheng", "111222333444m5m1f", "5m", self_drawn=True)
    assert summary(s) == (16, ["full_flush_pungs", "lone_wild"])


def test_heyuan_mixed_terminals_with_lone_wild():
    s = score("heyuan-zheng", "111m999p111z222z3z1f", "3z")
    assert summary(s) == (16, ["mixed_terminals", "lone_wild"])


def test_heyuan_chicken_is_no_win_in_zheng_but_wins_in_jihu():
    assert score("heyuan-zheng", "123m456p789s11z22z1f", "2z", self_drawn=True) is None
    assert summary(score("heyuan-jihu", "123m456p789s11z22z1f", "2z", self_drawn=True)) == (
        1,
        ["chicken"],
    )


def test_heyuan_jihu_no_wilds_on_discard():
    s = score("heyuan-jihu", "123m456p789s123m11z", "1z")
    assert summary(s) == (2, ["chicken", "no_wilds"])


def test_guangdong_full_flush():
    s = score("guangdong", "123m456m789m234m55m", "5m", self_drawn=True)
    assert s is not None and s.fan == 4 and summary(s) == (16, ["full_flush"])


def test_guangdong_all_pungs_plus_self_draw():
    s = score("guangdong", "555m666p77999s", "9s", self_drawn=True, melds=["pung 888p"])
    assert s is not None and s.fan == 3 and summary(s) == (8, ["all_pungs", "self_draw"])


def test_guangdong_chicken_plus_dragon_pung():
    s = score("guangdong", "123m456p789s555z11z", "1z")
    assert s is not None and s.fan == 1 and summary(s) == (2, ["chicken", "dragon_pung"])


def test_the_reading_says_what_the_wildcard_stands_for():
    s = score("heyuan-zheng", "111222333444m5m1f", "5m", self_drawn=True)
    assert s is not None and s.reading is not None
    assert s.reading.describe() == "111m 222m 333m 444m 55m (wildcards: 5m)"
