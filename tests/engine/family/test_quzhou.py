"""Quzhou 邋遢胡: the page's five examples, each form and colour, the 财神 wild only in the
hands of sets and pairs, the 段子 mode, and the White-dragon 财神."""

from __future__ import annotations

import pytest

from engine.family.quzhou import loose_best, special_forms, special_kept
from engine.tiles import parse, to_counts
from tests.engine.scoring.helpers import score, summary

QZ = "quzhou"


def qz(concealed, win, *, indicator="4p", **kw):
    """Quzhou; the default indicator 4p makes 5p the 财神 (as in the page's examples)."""
    return summary(score(QZ, concealed, win, indicator=indicator, **kw))


# -- the page's examples (unit 1) ------------------------------------------------------------


def test_example_1_a_caishen_as_4s_three_suits_no_colour():
    assert qz("123m456m789p3s11z5p5s", "5s") == (2, ["basic"])  # W pays 2 × 1


def test_example_2_big_pungs_full_flush_self_drawn():
    assert qz("333s777s99s5s5p5s", "5s", self_drawn=True, melds=["pung 111s"]) == (
        5, ["big_pungs", "full_flush"],
    )  # fmt: skip


def test_example_3_seven_winds_loose():
    # indicator 5m: 6m is the 财神 (none here); 148m is no line, so not 十三不搭
    assert qz("123456z148m26p39s7z", "7z", indicator="5m", self_drawn=True) == (
        2, ["seven_winds_loose"],
    )  # fmt: skip


def test_example_4_thirteen_unrelated_the_caishen_is_its_face():
    assert qz("147m258p36s12345z9s", "9s") == (4, ["thirteen_unrelated"])


def test_example_5_seven_winds_and_no_caishen_in_its_place():
    assert qz("1234567z123m66p7s8s", "8s") == (2, ["seven_winds"])
    # a 财神 (5p) in place of 7z: no 七风 (nor any other hand)
    assert qz("123456z5p123m66p7s8s", "8s") is None


# -- forms and colour -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "win", "kw", "want"),
    [
        ("123m456m789m11z22z2z", "2z", {}, (4, ["basic", "half_flush"])),
        ("123m456m789m234m55m", "5m", {}, (8, ["basic", "full_flush"])),
        ("111m222p333s444z55z", "5z", {}, (4, ["big_pungs"])),
        ("1133m2255p4477s66z", "6z", {}, (4, ["seven_pairs"])),
        ("1133m2255m4477m6z5p", "6z", {}, (6, ["seven_pairs", "half_flush"])),
        ("11223344556677z", "7z", {}, (12, ["all_honours"])),
        ("111z222z333z44z", "4z", {"melds": ["pung 555z"]}, (12, ["all_honours"])),
        ("148m26p369s123456z", "6z", {}, (2, ["loose_unrelated"])),
        ("1234567z1123m66p8s", "8s", {}, (2, ["seven_winds"])),
        ("1234567z123m456m9m", "9m", {}, (4, ["seven_winds", "half_flush"])),
    ],
)  # fmt: skip
def test_forms_on_a_discard(concealed, win, kw, want):
    assert qz(concealed, win, **kw) == want


def test_self_draw_is_one_duan_from_each():
    assert qz("123m456m789p3s11z5p5s", "5s", self_drawn=True) == (1, ["basic"])


def test_the_duanzi_mode_refuses_a_plain_latahu_and_loose_unrelated():
    assert qz("123m456m789p3s11z5p5s", "5s", mode="duanzi") is None
    assert qz("148m26p369s123456z", "6z", mode="duanzi") is None
    assert qz("123m456m789m11z22z2z", "2z", mode="duanzi") == (4, ["basic", "half_flush"])
    assert qz("1234567z123m66p7s8s", "8s", mode="duanzi") == (2, ["seven_winds"])
    assert qz("123456z148m26p39s7z", "7z", indicator="5m", mode="duanzi") == (
        4, ["seven_winds_loose"],
    )  # fmt: skip


def test_white_dragons_as_caishen_need_no_indicator():
    s = score(QZ, "123m456m789m2m5z11z2m", "2m", caishen="white")
    assert summary(s) == (4, ["basic", "half_flush"])  # 5z as 2m


def test_robbing_a_kong_pays_as_a_discard():
    assert qz("123m456m789p3s11z5p5s", "5s", situations=["robbing_kong"]) == (2, ["basic"])


# -- the single-tile forms' shape ------------------------------------------------------------


def test_loose_best_keeps_tiles_three_apart():
    assert loose_best(0b1001001) == 3  # 147
    assert loose_best(0b111111111) == 3
    assert loose_best(0b11) == 1  # 12
    assert loose_best(0b100010001) == 3  # 159


def test_special_forms_and_how_far_a_hand_is():
    face = to_counts(parse("147m258p369s12345z"), 34)
    assert set(special_forms(face, [])) == {"loose_unrelated", "thirteen_unrelated"}
    thirteen = to_counts(parse("147m258p36s12345z"), 34)
    assert special_kept("thirteen_unrelated", thirteen, 0) == 13
    assert special_kept("seven_winds", to_counts(parse("123456z11m2345p9s"), 34), 0) == 13


@pytest.mark.parametrize(
    "pattern", ["seven_winds", "loose_unrelated", "thirteen_unrelated", "seven_winds_loose",
                "all_honours"],
)  # fmt: skip
def test_the_accepting_kinds_are_those_that_fit_one_more(pattern):
    import random

    from engine.family.quzhou import special_need_of

    rng = random.Random(pattern)
    tiles = [k for k in range(34) for _ in range(4)]
    for _ in range(60):
        face = to_counts(rng.sample(tiles, 13), 34)
        need, accept = special_need_of(pattern, tuple(face), 0)
        kept = special_kept(pattern, face, 0)
        assert need == 14 - kept
        slow = []
        for k in range(34):
            face[k] += 1
            if special_kept(pattern, face, 0) > kept:
                slow.append(k)
            face[k] -= 1
        assert list(accept) == slow, (pattern, face)
