"""The table seen from above at 5 to 7 seats: the seats round a ring.

A square has four sides, so five to seven seats (Sichuan's larger tables) sit round a circle
instead: the viewer at the bottom, the others counter-clockwise in turn order (the next seat
to the viewer's right, as at four). Each seat's panel — river nearest the centre, then the
face-down hand and melds — is drawn upright as its player sees it and turned to face the
centre; name plates stay upright outside the ring, so every name reads the right way up.

Sizes are chosen for seven seats (the tightest): a panel's inner edge must fit the arc its
seat gets (``_INNER``), and tiles are as large as that allows — rivers a little smaller than
at four seats, hands of up to 11 tiles (five seats) plus melds on one row.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image, ImageDraw

import i18n
from render.draw import (
    CREAM,
    GOLD_TEXT,
    HIGHLIGHT,
    MUTED,
    canvas,
    paste_meld,
    paste_tile,
    text,
)
from render.tileart import tile_size
from render.views import MeldView, SeatView, TableView
from render.words import seat_label

RIVER_W: Final = 32
RIVER_ROWS: Final = 3
HAND_W: Final = 26
GAP: Final = 1
STRIP_GAP: Final = 10
# a panel's width by seat count: what the hands there need (11 tiles at five seats, 8 at six,
# 5 at seven, melds included), the river spread over it
PANEL_W: Final = {5: 350, 6: 300, 7: 250}
_INNER: Final = 322  # the panels' inner edge from the centre: seven of 250 px fit round it
PLATE_W: Final = 250
SIZE: Final = 1420  # about the picture's side (it fits what the seats need)
MARGIN: Final = 16

_rw, _rh = tile_size(RIVER_W)
_hw, _hh = tile_size(HAND_W)
PANEL_H: Final = RIVER_ROWS * (_rh + GAP) - GAP + STRIP_GAP + _hh
_RADIUS: Final = _INNER + PANEL_H // 2  # where the panels' centres sit


def _angle(view: TableView, seat_index: int) -> float:
    """The seat's direction from the centre, in degrees counter-clockwise from east
    (the viewer at -90°: the bottom)."""
    n = len(view.seats)
    return -90.0 + 360.0 * ((seat_index - view.viewer) % n) / n


def _at(angle: float, radius: float, c: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    return (c[0] + radius * math.cos(math.radians(angle)),
            c[1] - radius * math.sin(math.radians(angle)))


def _in_panel(p: tuple[float, float], angle: float, width: int) -> bool:
    """Whether the point (from the ring's centre) lies on a panel turned to ``angle``."""
    a = math.radians(angle)
    radial = p[0] * math.cos(a) - p[1] * math.sin(a)
    across = p[0] * math.sin(a) + p[1] * math.cos(a)
    return _INNER - 4 <= radial <= _INNER + PANEL_H + 8 and abs(across) <= width / 2 + 8


def _plate_radius(angle: float, width: int, h: int) -> float:
    """The nearest distance from the centre where an upright plate of height ``h`` clears
    its own panel (the plate is wider than deep, so beside the table it must sit further out)."""
    r = float(_INNER + PANEL_H + h / 2 + 10)
    while r < 2 * SIZE:
        x, y = _at(angle, r)
        pts = [(x + dx * PLATE_W / 2, y + dy * h / 2) for dx in (-1, -0.5, 0, 0.5, 1)
               for dy in (-1, 0, 1)]
        if not any(_in_panel(pt, angle, width) for pt in pts):
            return r
        r += 6
    return r


def _panel(seat: SeatView, width: int, last: int | None, wild: frozenset[int],
           hand_wild: frozenset[int]) -> Image.Image:
    """One seat's river and hand, upright as its player sees them (river at the top)."""
    panel = Image.new("RGBA", (width, PANEL_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(panel)
    cols = max((width + GAP) // (_rw + GAP), math.ceil(len(seat.discards) / RIVER_ROWS))
    w = RIVER_W if cols * (_rw + GAP) - GAP <= width else (width + GAP) // cols - GAP
    tw, th = tile_size(w)
    x0 = (width - (cols * (tw + GAP) - GAP)) // 2
    for i, t in enumerate(seat.discards):
        x, y = x0 + (i % cols) * (tw + GAP), (i // cols) * (th + GAP)
        if seat.discards_face_down:
            paste_tile(panel, 0, (x, y), w, face_down=True)
        else:
            paste_tile(panel, t, (x, y), w, t in wild)
        if i == last:
            d.rounded_rectangle((x - 2, y - 2, x + tw + 1, y + th + 1), 5, outline=HIGHLIGHT,
                                width=3)
    melds = [MeldView(m.tiles, m.called_index, m.from_relative, m.concealed, hidden=m.hidden)
             for m in seat.melds]
    shown = list(seat.open_hand) if seat.open_hand is not None else None
    won = seat.won_tile if shown is not None else None
    count = len(shown) if shown is not None else seat.concealed_count
    # the hand row shrinks its tiles rather than leave the panel (a long open hand, many melds)
    tiles = count + (won is not None) + sum(len(m.tiles) for m in melds)
    room = width - 8 * len(melds) - (8 if won is not None else 0)
    hw = min(HAND_W, max(12, room // max(1, tiles) - GAP))
    sw, sh = tile_size(hw)
    bottom = PANEL_H
    used = tiles * (sw + GAP) + 8 * len(melds) + (8 if won is not None else 0)
    x = max(0, (width - used) // 2)
    for i in range(count):
        if shown is None:
            paste_tile(panel, 0, (x, bottom - sh), hw, face_down=True)
        else:
            paste_tile(panel, shown[i], (x, bottom - sh), hw, shown[i] in hand_wild)
        x += sw + GAP
    if won is not None:
        x += 8
        paste_tile(panel, won, (x, bottom - sh), hw, won in hand_wild)
        d.rounded_rectangle((x - 2, bottom - sh - 3, x + sw + 1, bottom - 1), 4,
                            outline=HIGHLIGHT, width=3)
        x += sw + GAP
    for m in melds:
        x = paste_meld(panel, m, x + 8, bottom, hw, wild, GAP)
    return panel


def _centre(d: ImageDraw.ImageDraw, view: TableView, locale: object,
            c: tuple[float, float]) -> None:
    cx, cy = c
    r = _INNER - 64
    d.ellipse((cx - r + 4, cy - r + 6, cx + r + 4, cy + r + 6), fill=(8, 26, 20))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(16, 44, 34), outline=(90, 140, 110),
              width=2)
    if view.hand_number is not None:
        text(d, (cx, cy - 74), i18n.t("render.hand_number", locale, n=view.hand_number), 26,
             GOLD_TEXT, "bold", anchor="mm")
    text(d, (cx, cy), str(view.wall_remaining), 72, CREAM, "bold", anchor="mm")
    text(d, (cx, cy + 58), i18n.t("render.wall", locale), 24, MUTED, anchor="mm")
    n = len(view.seats)
    for seat_index, seat in enumerate(view.seats):
        a = _angle(view, seat_index)
        if seat.is_turn:  # an arc on the centre's rim facing whoever is to play
            box = (cx - r + 8, cy - r + 8, cx + r - 8, cy + r - 8)
            d.arc(box, -a - 60 / n, -a + 60 / n, fill=HIGHLIGHT, width=12)
        # the seat's place beside its river, as on its plate (the dealer's ringed red)
        x, y = _at(a, r + 34, c)
        ring = HIGHLIGHT if seat.is_turn else (196, 40, 40) if seat.is_dealer else CREAM
        d.ellipse((x - 16, y - 16, x + 16, y + 16), fill=CREAM, outline=ring, width=3)
        text(d, (x, y), seat_label(seat.seat_wind, n, locale), 20, (24, 28, 48), "bold",
             anchor="mm")


def _layout(view: TableView) -> tuple[list[tuple[float, float, float, float]], float, float,
                                       int, int]:
    """The plates' boxes (from the ring's centre), where the centre sits in the picture and the
    picture's size: as large as the plates need, no larger."""
    from render.table import plate_height

    width = PANEL_W[len(view.seats)]
    plates = []
    for seat_index, seat in enumerate(view.seats):
        a, h = _angle(view, seat_index), plate_height(seat)
        x, y = _at(a, _plate_radius(a, width, h))
        plates.append((x - PLATE_W / 2, y - h / 2, x + PLATE_W / 2, y + h / 2))
    reach = _INNER + PANEL_H + width / 2
    left = min(-reach, *(p[0] for p in plates)) - MARGIN
    top = min(-reach, *(p[1] for p in plates)) - MARGIN
    right = max(reach, *(p[2] for p in plates)) + MARGIN
    bottom = max(reach, *(p[3] for p in plates)) + MARGIN
    return plates, -left, -top, math.ceil(right - left), math.ceil(bottom - top)


def ring_centre(view: TableView) -> tuple[float, float]:
    """Where the ring's centre (the wall count) is in the picture of ``view``."""
    _, cx, cy, _, _ = _layout(view)
    return cx, cy


def ring_image(view: TableView, locale: object = "en") -> Image.Image:
    """The table of 5 to 7 seats as an RGB image (``view`` already checked)."""
    from render.table import draw_plate, seat_marks

    n = len(view.seats)
    width = PANEL_W[n]
    wild = frozenset(view.wild_kinds)
    plates, cx, cy, w, h = _layout(view)
    c = (cx, cy)
    img = canvas(w, h)
    d = ImageDraw.Draw(img)
    _centre(d, view, locale, c)
    for seat_index, seat in enumerate(view.seats):
        a = _angle(view, seat_index)
        last = view.last_discard[1] if view.last_discard and view.last_discard[0] == seat_index \
            else None
        panel = _panel(seat, width, last, frozenset() if view.dead_jokers else wild, wild)
        # turned so its river faces the centre (the viewer's, at -90°, is not turned)
        panel = panel.rotate(a + 90, resample=Image.Resampling.BICUBIC, expand=True)
        x, y = _at(a, _RADIUS, c)
        img.paste(panel, (round(x - panel.width / 2), round(y - panel.height / 2)), panel)
    for seat_index, seat in enumerate(view.seats):
        words, hua = seat_marks(view, seat_index, locale)
        x0, y0, x1, y1 = plates[seat_index]
        box = (round(x0 + cx), round(y0 + cy), round(x1 + cx), round(y1 + cy))
        draw_plate(img, d, seat, box, locale, wild, words, hua, n)
    return img
