"""The table picture at 2 and 3 seats (Sichuan's 成都 tables): two seats face each other,
three leave the top side empty; four are drawn exactly as before (tests/render/test_golden.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

import render
from render import samples
from render.table import MARGIN, PANEL_H, SIZE
from render.views import RenderError, TableView


def table(n: int, viewer: int = 0) -> TableView:
    t = samples.sample_table()
    seats = [replace(s, is_turn=i == 1) for i, s in enumerate(t.seats[:n])]
    return replace(t, seats=seats, viewer=viewer, last_discard=(1, len(seats[1].discards) - 1))


def side_busy(img, side: int) -> bool:
    """Whether anything is drawn in the middle of a side's strip (a panel sits there)."""
    a, b = 2 * SIZE // 5, 3 * SIZE // 5
    box = {
        0: (a, SIZE - MARGIN - PANEL_H, b, SIZE - MARGIN),
        1: (SIZE - MARGIN - PANEL_H, a, SIZE - MARGIN, b),
        2: (a, MARGIN, b, MARGIN + PANEL_H),
        3: (MARGIN, a, MARGIN + PANEL_H, b),
    }[side]
    part = img.convert("RGB").crop(box)
    lo, hi = zip(*part.getextrema(), strict=True)
    return max(hi[i] - lo[i] for i in range(3)) > 40


@pytest.mark.parametrize(("n", "sides"), [(2, (0, 2)), (3, (0, 1, 3)), (4, (0, 1, 2, 3))])
def test_each_seat_has_its_side(n, sides):
    img = render.table_image(table(n))
    assert img.size == (SIZE, SIZE)
    assert [s for s in range(4) if side_busy(img, s)] == list(sides)


def test_the_viewer_sits_at_the_bottom_at_three_seats():
    # seen by seat 1, seat 1's panel is at the bottom: the pictures of two viewers differ
    a = render.table_image(table(3, viewer=0))
    b = render.table_image(table(3, viewer=1))
    assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None
    assert [s for s in range(4) if side_busy(b, s)] == [0, 1, 3]


@pytest.mark.parametrize(("change", "says"), [
    ({"viewer": 3}, "viewer 3 is not a seat (0–2)"),
    ({"last_discard": (3, 0)}, "last_discard"),
])
def test_a_seat_beyond_the_table_is_refused(change, says):
    with pytest.raises(RenderError, match=says.replace("(", r"\(").replace(")", r"\)")):
        render.table_image(replace(table(3), **change))


def test_eight_seats_are_refused():
    t = samples.sample_table()
    seats = [replace(t.seats[i % 4], is_dealer=i == 0) for i in range(8)]
    with pytest.raises(RenderError, match="2 to 7 seats"):
        render.table_image(replace(t, seats=seats))
