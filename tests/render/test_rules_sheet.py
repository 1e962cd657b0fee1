"""The rules sheet: every text fits its cell in every language, nothing is cut with "…",
no two texts overlap, and exposed melds are drawn at the hand's size on the hand's line."""

from __future__ import annotations

import pytest

from engine.rules import TABLE_PRESETS as PRESETS  # the presets tables offer (and picture)
from render.rules_sheet import TILE_W, WIDTH, rules_image, sheet_layout, wrap

LOCALES = ("en", "zh-Hans", "zh-Hant")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_text_fits_its_cell_in_every_language(preset):
    for locale in LOCALES:
        layout = sheet_layout(PRESETS[preset], locale)
        boxes = [t.box for t in layout.texts if t.text]
        for t, (left, _top, right, bottom) in zip(
                [t for t in layout.texts if t.text], boxes, strict=True):
            assert "…" not in t.text, (locale, t.text)
            assert t.cell[0] - 0.5 <= left and right <= t.cell[1] + 0.5, (locale, t.text, t.cell)
            assert left >= 0 and right <= WIDTH and bottom <= layout.height
        for i, a in enumerate(boxes):  # no two lines overlap ("Chicken Hand" vs "not a win")
            for b in boxes[i + 1:]:
                overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and \
                    min(a[3], b[3]) - max(a[1], b[1]) > 1
                assert not overlap, (locale, a, b)
        # no text runs into a hand
        from render.rules_sheet import _sheet_hand

        for (hand, x, y), tile_w in zip(layout.hands, layout.tile_widths, strict=True):
            _groups, w, h = _sheet_hand(hand, tile_w)  # a hand of four kongs: smaller tiles
            assert x + w <= WIDTH
            for left, top, right, bottom in boxes:
                assert not (min(right, x + w) > max(left, x) and min(bottom, y + h) > max(top, y))


def test_wrap_breaks_latin_at_spaces_and_chinese_anywhere():
    lines = wrap("one of each terminal and honour, plus a pair", 18, "regular", 150)
    assert len(lines) > 1 and all(" " not in (line[0], line[-1]) for line in lines)
    assert "".join(wrap("全是幺九和字牌的刻子再加一对将牌", 18, "regular", 60)) == "全是幺九和字牌的刻子再加一对将牌"


def test_kongs_are_drawn_upright_at_the_hands_size():
    from render.rules_sheet import _sheet_hand
    from render.tileart import tile_size

    layout = sheet_layout(PRESETS["guangdong"], "en")
    kong = next(h for h, _x, _y in layout.hands if any(len(m.tiles) == 4 for m in h.melds))
    groups, _width, height = _sheet_hand(kong, TILE_W)
    assert [len(g) for g in groups[2:]] == [4]
    assert height == tile_size(TILE_W)[1]  # one line, full-size tiles, none turned
    img = rules_image(PRESETS["guangdong"], "zh-Hant")
    assert img.width == WIDTH and img.height == sheet_layout(PRESETS["guangdong"], "zh-Hant").height
