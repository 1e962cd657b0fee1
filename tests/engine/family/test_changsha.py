"""Changsha forms and values (the rule page's table), 起手小胡 items, birds' seats, and what
``evaluate`` says for the page's examples."""

from __future__ import annotations

import io
import json

import pytest

from engine.cli.evaluate import run
from engine.family.changsha import bird_seat, small_wins
from engine.tiles import parse, parse_one, to_counts

T = parse_one


def ask(**obj):
    out = io.StringIO()
    run([json.dumps({"rules": "changsha", **obj})], out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        # example 1: 平和 (55p) on a discard
        ({"concealed": "23m456p789s234s55p1m", "win_tile": "1m"}, (1, ["ping_hu"])),
        # 平和 self-drawn: 2 from each
        ({"concealed": "23m456p789s234s55p1m", "win_tile": "1m", "self_drawn": True},
         (2, ["ping_hu"])),
        # example 2: 碰碰和 + 清一色, n = 2
        ({"concealed": "555s777s999s44s", "melds": [{"type": "pung", "tiles": "222s"}],
          "win_tile": "4s", "self_drawn": True}, (12, ["all_pungs", "full_flush"])),
        # example 4: 将将和, no sets
        ({"concealed": "22m8m22p55p8p2s8s8s", "melds": [{"type": "pung", "tiles": "555m"}],
          "win_tile": "8s"}, (6, ["all_258"])),
        # example 5: 杠上花 on a 平和
        ({"concealed": "234m678m55s234s", "melds": [{"type": "concealed_kong", "tiles": "9999p"}],
          "win_tile": "2s", "self_drawn": True, "situation": ["kong_replacement"]},
         (6, ["kong_bloom"])),
        # 七巧对 + 清一色
        ({"concealed": "11223344556677m", "win_tile": "7m"}, (12, ["seven_pairs", "full_flush"])),
        # 海底炮和 (the 海底 another took) and 地和 add to a 平和
        ({"concealed": "23m456p789s234s55p1m", "win_tile": "1m", "situation": ["last_tile"]},
         (6, ["last_tile_discard"])),
        ({"concealed": "23m456p789s234s55p1m", "win_tile": "1m", "situation": ["earthly"]},
         (6, ["earthly"])),
    ],
)
def test_values(obj, expected):
    out = ask(**obj)
    assert (out["points"], out["patterns"]) == expected


def test_a_pair_that_is_not_258_wins_only_with_a_big_hand():
    assert ask(concealed="23m456p789s234s33p1m", win_tile="1m") == {"win": False}
    # the same shape self-drawn on a kong's replacement is still no win (含小和)
    assert ask(concealed="23m456p789s234s33p1m", win_tile="1m", self_drawn=True,
               situation=["kong_replacement"]) == {"win": False}  # fmt: skip
    assert ask(concealed="2m5m8m2p5p8p2s5s8s22m55p8", win_tile="8s")["error"]


def test_all_258_waits_come_from_the_family_form():
    out = ask(concealed="22m8m22p55p8p2s8s", melds=[{"type": "pung", "tiles": "555m"}])
    # shanten counts the standard shape only (the contract); the waits are every legal win
    assert set(parse(out["waits"])) == set(parse("258m258p258s"))


def test_small_win_items():
    assert small_wins(to_counts(parse("1111m3679p34679s"))) == ("four_alike", "no_258")
    assert small_wins(to_counts(parse("123m456m789m123p5p"))) == ("missing_suit",)
    assert small_wins(to_counts(parse("111m222p369s147s5m"))) == ("two_triplets",)
    assert small_wins(to_counts(parse("111m222p369s147s5m")), six_six=False) == ()


@pytest.mark.parametrize(("tile", "seat"), [("1m", 0), ("5p", 0), ("9s", 0), ("2m", 1), ("6p", 1),
                                            ("3s", 2), ("7m", 2), ("4p", 3), ("8s", 3)])
def test_birds_count_seats_from_the_dealer(tile, seat):
    assert bird_seat(T(tile), 0) == seat
    assert bird_seat(T(tile), 2) == (seat + 2) % 4
