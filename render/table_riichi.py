"""A riichi table's centre (rule page ``riichi.md``): the dora indicators face up beneath the
wall count, the riichi sticks on the table and the honba as sticks with their counts, and a
riichi stick in front of each seat that declared. Drawn without words (tiles, sticks and
numbers), so no language and no font subset is involved."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.draw import CREAM, MUTED, paste_row, text
from render.tileart import tile_size
from render.views import TableView

STICK_W, STICK_H = 64, 10
_RED = (200, 40, 40)
_INK = (30, 30, 30)


def _mark(view: TableView, name: str) -> Sequence[int] | None:
    return next((v for n, v in view.marks if n == name), None)


def stick(d: ImageDraw.ImageDraw, x: int, y: int, dots: int, vertical: bool = False,
          width: int = STICK_W) -> None:
    """A point stick at (x, y): a riichi stick (1,000) has one red dot; a honba stick (100)
    eight small black dots."""
    w, h = (STICK_H, width) if vertical else (width, STICK_H)
    d.rounded_rectangle((x, y, x + w, y + h), 3, fill=CREAM, outline=MUTED)
    cx, cy = x + w // 2, y + h // 2
    if dots == 1:
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=_RED)
        return
    for i in range(dots):
        off = (i - (dots - 1) / 2) * min(6, (width - 8) // dots)
        px, py = (cx, cy + off) if vertical else (cx + off, cy)
        d.ellipse((px - 1.5, py - 1.5, px + 1.5, py + 1.5), fill=_INK)


def draw_centre(img: Image.Image, d: ImageDraw.ImageDraw, view: TableView, c0: int,
                centre: int, side_of: object) -> None:
    dora = _mark(view, "dora")
    if dora is None:
        return
    size = 24
    tw, _th = tile_size(size)
    ura = _mark(view, "ura") or ()
    row_w = (len(dora) + len(ura)) * (tw + 1) + (6 if ura else 0)
    x = c0 + (centre - row_w) // 2
    y = c0 + 160  # beneath the wall count, where its word would be
    x = paste_row(img, list(dora), x, y, size, frozenset())
    if ura:
        paste_row(img, list(ura), x + 6, y, size, frozenset())
    # the sticks on the table and the honba, each as a stick and its count, in the centre's
    # bottom-left corner
    sticks = (_mark(view, "sticks") or (0,))[0]
    honba = (_mark(view, "honba") or (0,))[0]
    left = c0 + 16
    for row, (dots, n) in enumerate(((1, sticks), (8, honba))):
        sy = c0 + centre - 70 + 18 * row
        stick(d, left, sy, dots, width=44)
        text(d, (left + 48, sy + STICK_H // 2), f"×{n}", 16, CREAM, "bold", anchor="lm")
    # each riichi seat's stick, at the centre's edge facing it (beside its wind disc)
    assert callable(side_of)
    mid = c0 + centre // 2
    for seat in _mark(view, "riichi") or ():
        pos = side_of(view, seat)
        # inside the bar that marks whose turn it is
        if pos == 0:
            stick(d, mid + 22, c0 + centre - 36, 1)
        elif pos == 2:
            stick(d, mid - 22 - STICK_W, c0 + 26, 1)
        elif pos == 1:
            stick(d, c0 + centre - 36, mid - 22 - STICK_W, 1, vertical=True)
        else:
            stick(d, c0 + 26, mid + 22, 1, vertical=True)
