"""A player's hand: concealed tiles sorted, the drawn tile set apart, melds, flowers, waits."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

import i18n
from render.draw import CREAM, MUTED, canvas, meld_size, paste_meld, paste_row, text
from render.tileart import tile_size
from render.views import HandView

TILE_W: Final = 60  # concealed tiles: ~26 px wide on a phone showing the picture 400 px wide
MELD_W: Final = 50
SMALL_W: Final = 40  # flowers set aside and the waits strip
GAP: Final = 2
MARGIN: Final = 18
DRAWN_GAP: Final = 26
# The picture is always at least as wide as 14 tiles, so Discord scales every hand alike.
BASE_WIDTH: Final = 2 * MARGIN + 14 * (tile_size(TILE_W)[0] + GAP) + DRAWN_GAP


def sort_key(wild_kinds: frozenset[int]):  # type: ignore[no-untyped-def]
    """Wildcards first (where Baida players keep them), then 1m…9m, 1p…, honours, flowers."""
    return lambda t: (t not in wild_kinds, t)


def hand_image(view: HandView, locale: object = "en") -> Image.Image:
    """The hand as an RGB image (checked first: bad input raises RenderError)."""
    view.check()
    wild = frozenset(view.wild_kinds)
    concealed = sorted(view.concealed, key=sort_key(wild)) if view.sort else list(view.concealed)
    tw, th = tile_size(TILE_W)
    mw, mh = tile_size(MELD_W)
    sw, sh = tile_size(SMALL_W)

    meld_sizes = [meld_size(m, MELD_W, GAP) for m in view.melds]
    meld_row_w = sum(s[0] for s in meld_sizes) + 16 * max(0, len(meld_sizes) - 1)
    if view.flowers:
        meld_row_w += (24 if meld_sizes else 0) + len(view.flowers) * (sw + GAP)
    meld_row_h = max([s[1] for s in meld_sizes] + ([sh] if view.flowers else []), default=0)

    width = max(BASE_WIDTH, 2 * MARGIN + meld_row_w)
    height = MARGIN + th
    if meld_row_h:
        height += 14 + meld_row_h
    if view.waits is not None:
        height += 14 + sh
    height += MARGIN
    img = canvas(width, height)
    d = ImageDraw.Draw(img)

    y = MARGIN
    x = paste_row(img, concealed, MARGIN, y, TILE_W, wild, GAP)
    if view.drawn is not None:
        paste_row(img, [view.drawn], x - GAP + DRAWN_GAP, y, TILE_W, wild, GAP)
    y += th

    if meld_row_h:
        y += 14
        bottom = y + meld_row_h
        x = MARGIN
        for m in view.melds:
            x = paste_meld(img, m, x, bottom, MELD_W, wild, GAP) + 16
        if view.flowers:
            x += 8 if view.melds else -16 + 0
            paste_row(img, sorted(view.flowers), x, bottom - sh, SMALL_W, wild, GAP)
        y = bottom

    if view.waits is not None:
        y += 14
        label = i18n.t("render.waits", locale)
        lw = text(d, (MARGIN, y + sh / 2), label, 26, MUTED, "bold", anchor="lm")
        x = MARGIN + round(lw) + 14
        if view.waits:
            paste_row(img, sorted(set(view.waits)), x, y, SMALL_W, wild, GAP)
        else:
            text(d, (x, y + sh / 2), i18n.t("render.no_waits", locale), 24, CREAM, anchor="lm")
    return img
