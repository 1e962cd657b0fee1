"""The hand-analysis picture, in the three languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import i18n
from engine.advice import advise
from engine.melds import meld
from engine.rules import get_rules
from render.analysis import MAX_ROWS, analysis_image
from render.draw import to_png
from render.fonts import missing_glyphs
from tests.conftest import hand

JIHU = get_rules("heyuan-jihu")
GD = get_rules("guangdong")


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_fourteen_tiles_with_wildcards_draw_a_row_per_discard(locale):
    tiles = hand("13m46p79s1z2z3z4z1f2f3f4f")
    a = advise(JIHU, tiles)
    img = analysis_image(a, tiles, [], JIHU, locale)
    rows = min(MAX_ROWS, len(a.options))
    assert img.width >= 720 and img.height > 150 + rows * 50
    png = to_png(img)
    assert Image.open(io.BytesIO(png)).size == img.size


def test_the_words_change_with_the_language_and_have_their_glyphs():
    tiles = hand("123m456p789s1z2z3z4z1f")
    a = advise(JIHU, tiles)
    pics = [analysis_image(a, tiles, [], JIHU, loc) for loc in i18n.LOCALES]
    assert len({p.size for p in pics}) == 1  # same layout, other words
    for x, y in ((0, 1), (0, 2), (1, 2)):
        assert ImageChops.difference(pics[x], pics[y]).getbbox() is not None
    for key in i18n.keys("analysis."):
        for loc in i18n.LOCALES:
            assert not missing_glyphs(i18n.t(key, loc, n=1, points=2)), (key, loc)


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_thirteen_tiles_ready_with_melds_and_a_complete_hand(locale):
    ready = advise(GD, hand("234m567p11z22z"), [meld("pung", "555s")])
    img = analysis_image(ready, hand("234m567p11z22z"), [meld("pung", "555s")], GD, locale)
    assert img.height > 100
    win = advise(GD, hand("1112345678999m5m"))
    assert win.score is not None
    assert analysis_image(win, hand("1112345678999m5m"), [], GD, locale).height > 100
