"""Shared drawing helpers: the felt, text, tiles and melds pasted at a place, PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from render.fonts import Face, font, safe_text
from render.tileart import back_image, tile_image, tile_size
from render.views import MeldView

RGB = tuple[int, int, int]

FELT_TOP: Final = (30, 104, 72)
FELT_BOTTOM: Final = (18, 74, 52)
PANEL: Final = (14, 58, 40)
CREAM: Final = (250, 244, 226)
MUTED: Final = (178, 208, 188)
GOLD_TEXT: Final = (255, 206, 84)
WIN_GREEN: Final = (120, 230, 140)
LOSS_RED: Final = (255, 128, 118)
HIGHLIGHT: Final = (255, 170, 30)
PAPER: Final = (250, 246, 236)
PAPER_INK: Final = (34, 36, 44)


@lru_cache(maxsize=64)
def _felt(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    ramp = Image.linear_gradient("L").resize((1, 256))
    lut = Image.merge("RGB", [ramp.point([round(a + (b - a) * i / 255) for i in range(256)])
                              for a, b in zip(top, bottom, strict=True)])
    return lut.resize(size, Image.Resampling.BILINEAR)


def canvas(width: int, height: int, top: RGB = FELT_TOP, bottom: RGB = FELT_BOTTOM) -> Image.Image:
    """A fresh RGB picture on a felt gradient (the gradient is cached per size)."""
    return _felt((width, height), top, bottom).copy()


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int,
         fill: RGB = CREAM, face: Face = "regular", anchor: str = "la",
         max_width: int | None = None) -> float:
    """Draw ``s`` (cleaned of glyphs the font lacks, cut with … to ``max_width``);
    returns the width drawn."""
    s = fit(safe_text(s, face), size, face, max_width)
    d.text(xy, s, font=font(face, size), fill=fill, anchor=anchor)
    return width_of(s, size, face)


def width_of(s: str, size: int, face: Face = "regular") -> float:
    return font(face, size).getlength(s)


def fit(s: str, size: int, face: Face, max_width: int | None) -> str:
    """``s`` cut with an ellipsis so it is at most ``max_width`` px wide."""
    if max_width is None or width_of(s, size, face) <= max_width:
        return s
    while s and width_of(s + "…", size, face) > max_width:
        s = s[:-1]
    return s + "…"


def paste_tile(img: Image.Image, tile: int, xy: tuple[int, int], width: int,
               wild: bool = False, rotation: int = 0, face_down: bool = False) -> None:
    im = back_image(width, rotation) if face_down else tile_image(tile, width, wild, rotation)
    img.paste(im, xy, im)


def paste_row(img: Image.Image, tiles: Sequence[int], x: int, y: int, width: int,
              wild_kinds: frozenset[int], gap: int = 1) -> int:
    """Tiles left to right from (x, y); returns the x after the last one."""
    step = tile_size(width)[0] + gap
    for t in tiles:
        paste_tile(img, t, (x, y), width, t in wild_kinds)
        x += step
    return x


def meld_size(m: MeldView, width: int, gap: int = 1) -> tuple[int, int]:
    """(width, height) of a laid meld: upright tiles plus one turned tile (two stacked if added)."""
    w, h = tile_size(width)
    n = 3 if m.added else len(m.tiles)
    turned = m.called_index is not None and not m.concealed
    total = (n - turned) * (w + gap) + (h + gap if turned else 0)
    height = max(h, 2 * w + 2) if m.added else h
    return total - gap, height


def paste_meld(img: Image.Image, m: MeldView, x: int, bottom: int, width: int,
               wild_kinds: frozenset[int], gap: int = 1) -> int:
    """Lay a meld with its tiles' bottoms on ``bottom``; returns the x after it."""
    w, h = tile_size(width)
    tiles = list(m.tiles)
    stacked = tiles.pop() if m.added else None
    for i, t in enumerate(tiles):
        if m.hidden or (m.concealed and i in (0, len(tiles) - 1)):
            paste_tile(img, t, (x, bottom - h), width, face_down=True)
            x += w + gap
        elif i == m.called_index and not m.concealed:
            paste_tile(img, t, (x, bottom - w), width, t in wild_kinds, rotation=90)
            if stacked is not None:
                paste_tile(img, stacked, (x, bottom - 2 * w - 2), width, stacked in wild_kinds,
                           rotation=90)
            x += h + gap
        else:
            paste_tile(img, t, (x, bottom - h), width, t in wild_kinds)
            x += w + gap
    return x - gap


def shadowed_box(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], radius: float,
                 fill: RGB, outline: RGB | None = None, width: int = 1) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 + 2, y0 + 3, x1 + 2, y1 + 3), radius, fill=(10, 40, 28))
    d.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)


def to_png(img: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes, mapped onto the shared 256-colour palette (render.palette): small and fast.

    Live pictures use a fast zlib level; big, rarely made ones (the rules sheet) pass 9."""
    from render.palette import shared_palette

    pal = img.convert("RGB").quantize(palette=shared_palette(), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()
