"""The "points" value style (the 100-tile game's point table): a form or special reads in
points, a colour as the multiple of the form, an addition as +n points, in three languages."""

from __future__ import annotations

from i18n.patterns import value_text


def test_points_colours_and_additions():
    assert value_text("points", 2, "en", pattern="all_chows") == "2 points"
    assert value_text("points", 3, "en", pattern="half_flush") == "×3"
    assert value_text("points", 6, "zh-Hans", pattern="full_flush") == "×6"
    assert value_text("points", 1, "en", bonus=True, pattern="seat_wind") == "+1 point"
    assert value_text("points", 12, "zh-Hant", pattern="full_flush_pungs") == "12 分"
    # other styles are unchanged by the pattern
    assert value_text("fan", 2, "en", pattern="half_flush") == "2 fan"
    assert value_text("multiple", 3, "en", pattern="half_flush") == "×3"
