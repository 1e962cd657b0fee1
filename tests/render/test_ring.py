"""The table picture at 5, 6 and 7 seats (render.ring): the seats round a ring, the viewer at
the bottom; face-down rivers name no tile; hands of 4 to 17 tiles."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from PIL import ImageChops

import render
from render import samples
from render.ring import _INNER, PANEL_H, ring_centre
from render.views import RenderError, SeatView, TableView, parse_view_tiles


def ring(n: int, viewer: int = 0, face_down: bool = False, hand: int = 4) -> TableView:
    t = samples.sample_table()
    rivers = ["1m2m3m", "4p5p", "9s9s1z", "7m", "2p3p4p5p", "6s", "5z5z"]
    seats = [
        SeatView(name=f"Seat{i}", discards=parse_view_tiles(rivers[i]), concealed_count=hand,
                 seat_wind=(i - 1) % n, score=10 * i, is_dealer=i == 1, is_turn=i == 2,
                 discards_face_down=face_down)
        for i in range(n)
    ]
    return replace(t, seats=seats, viewer=viewer, last_discard=None, indicator=None,
                   wild_kinds=frozenset(), marks=())


def busy_at(view: TableView, img, angle: float, radius: float) -> bool:
    """Whether something is drawn around the point at ``angle``/``radius`` from the ring's
    centre (the wall count)."""
    cx, cy = ring_centre(view)
    x = cx + radius * math.cos(math.radians(angle))
    y = cy - radius * math.sin(math.radians(angle))
    part = img.convert("RGB").crop((round(x) - 20, round(y) - 20, round(x) + 20, round(y) + 20))
    lo, hi = zip(*part.getextrema(), strict=True)
    return max(hi[i] - lo[i] for i in range(3)) > 40


@pytest.mark.parametrize("n", [5, 6, 7])
def test_every_seat_has_its_panel_round_the_ring(n):
    view = ring(n)
    img = render.table_image(view)
    hand_row = _INNER + PANEL_H - 18  # the face-down hand, centred on its seat's direction
    for k in range(n):  # the viewer (seat 0) at the bottom, the others counter-clockwise
        assert busy_at(view, img, -90 + 360 * k / n, hand_row), k
    # between two seats the felt is bare
    assert not busy_at(view, img, -90 + 180 / n, _INNER + PANEL_H - 18)


def test_the_viewer_sits_at_the_bottom():
    a = render.table_image(ring(7, viewer=0))
    b = render.table_image(ring(7, viewer=3))
    assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None


def test_face_down_rivers_name_no_tile():
    # two tables that differ only in which tiles were discarded face down look the same
    a, b = ring(5, face_down=True), ring(5, face_down=True)
    b = replace(b, seats=[replace(s, discards=parse_view_tiles("9p" * len(s.discards)))
                          for s in b.seats])
    one, two = render.table_image(a), render.table_image(b)
    assert ImageChops.difference(one.convert("RGB"), two.convert("RGB")).getbbox() is None
    face_up = render.table_image(ring(5))
    assert ImageChops.difference(one.convert("RGB"), face_up.convert("RGB")).getbbox() is not None


@pytest.mark.parametrize(("n", "hand"), [(7, 4), (6, 7), (5, 10), (5, 11), (4, 16), (4, 17)])
def test_hands_of_each_size_are_drawn(n, hand):
    render.table_image(ring(n, hand=hand))


def test_a_hand_of_eighteen_is_refused():
    with pytest.raises(RenderError, match="concealed tiles"):
        render.table_image(ring(4, hand=18))


def test_a_hand_picture_holds_sixteen_tiles_and_the_draw():
    from render.views import HandView

    render.render_hand(HandView(parse_view_tiles("111234567899m123p5s"),
                                drawn=parse_view_tiles("5s")[0]))
    with pytest.raises(RenderError, match="at most 17"):
        render.render_hand(HandView(parse_view_tiles("111234567899m123p5s7s"),
                                    drawn=parse_view_tiles("5s")[0]))
