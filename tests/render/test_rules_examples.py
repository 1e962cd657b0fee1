"""The rules sheet's example hands are what they claim: each Guobiao example has its fan under
the fan calculator (with the fan's situation and some seat and round wind), each Baoding
example is a winning hand, and Guobiao's sheet comes in pages."""

from __future__ import annotations

from engine.guobiao import count_fans
from engine.melds import meld
from engine.rules import PRESETS
from engine.tiles import parse
from render import rules_pages
from render.rules_examples_guobiao import EXAMPLES, SITUATIONS
from render.rules_sheet import FAMILY_EXAMPLES, ROWS_PER_PAGE


def _has_fan(fid: str) -> bool:
    concealed, win, melds = EXAMPLES[fid]
    tiles = parse(concealed) + parse(win)
    ms = [meld(k, t, c or None, 1 if c else None) for k, t, c in melds]
    sit = SITUATIONS.get(fid, {})
    for seat in range(4):
        for prevalent in range(4):
            r = count_fans(tiles, ms, parse(win)[0], seat_wind=seat, round_wind=prevalent, **sit)
            if r is not None and fid in r.ids():
                return True
    return False


def test_every_guobiao_example_has_its_fan():
    assert set(EXAMPLES) == {p for p, _ in PRESETS["guobiao"].pattern_values}
    assert [f for f in EXAMPLES if not _has_fan(f)] == []


def test_the_baoding_examples_are_winning_hands():
    from tests.engine.scoring.helpers import score

    for (family, pid), ex in FAMILY_EXAMPLES.items():
        if family != "baoding" or pid in ("closed_five", "pi_hu"):
            continue
        melds = [f"{k} {t}" for k, t, _c in ex.melds]
        assert score("baoding", ex.concealed + ex.win, ex.win, melds=melds, self_drawn=True), pid


def test_guobiao_sheet_pages():
    pages = rules_pages(PRESETS["guobiao"], "en")
    assert len(pages) == -(-82 // ROWS_PER_PAGE)
    assert all(p.width == 960 for p in pages)
    assert len(rules_pages(PRESETS["baoding"], "zh-TW")) == 1


def test_the_taiwan_examples_win_with_their_item():
    from render.rules_examples_taiwan import EXAMPLES as TW
    from tests.engine.scoring.helpers import score

    assert set(TW) == {p for p, _ in PRESETS["taiwan"].pattern_values}
    shape_only = {  # items the moment, the seat or the flowers make: a plain win stands in
        "dealer", "dealer_streak", "self_draw", "concealed_self_draw", "half_melded",
        "seat_flower", "flower_set", "eight_flowers", "seven_rob_one", "kong_bloom",
        "last_tile_draw", "last_tile_discard", "heavenly", "earthly", "human", "robbing_kong",
    }  # fmt: skip
    for tid, (concealed, win, melds) in TW.items():
        ms = [f"{k} {t}" for k, t, _c in melds]
        got = score("taiwan", concealed + win, win, melds=ms, seat="S")
        assert got is not None, tid
        assert tid in shape_only or tid in got.patterns, (tid, got.patterns)
