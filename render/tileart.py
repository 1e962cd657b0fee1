"""The tile faces, drawn by the project with Pillow, cached per size.

Every tile is drawn once per (kind, width, wildcard mark) at 3–4× and scaled
down with a good filter, so circles and strokes are smooth at phone sizes;
afterwards pictures only paste the cached RGBA images. Cached images are shared:
never draw on what :func:`tile_image` returns (copy it first).

Faces follow real tiles: characters are a numeral over a red 萬; dots are
coloured coins in the usual layouts; bamboo are sticks and 1s a bird; winds are
dark ideographs, 中 red, 發 green, 白 a blue frame; flowers are their ideograph
with their number. A wildcard has a gold frame and a gold star badge.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageOps

from engine.tiles import NotationError, check_tile, is_flower, number_of, suit_of
from render.charset import FLOWER_FACES, HONOR_FACES, NUMERALS, WAN
from render.fonts import font

# Geometry, as fractions of the tile width.
FACE_RATIO: Final = 1.32  # face height / width
DEPTH: Final = 0.12  # the visible green back under the face
RADIUS: Final = 0.13

IVORY_TOP: Final = (255, 253, 246)
IVORY_BOTTOM: Final = (236, 229, 210)
WILD_TOP: Final = (255, 247, 214)
WILD_BOTTOM: Final = (246, 226, 160)
EDGE: Final = (178, 168, 146)
BACK: Final = (34, 120, 84)
BACK_DARK: Final = (20, 84, 58)
BACK_LIGHT: Final = (58, 150, 108)
GOLD: Final = (214, 158, 20)
GOLD_DARK: Final = (150, 104, 6)

INK: Final = (24, 28, 48)
RED: Final = (196, 40, 40)
GREEN: Final = (22, 128, 62)
BLUE: Final = (28, 78, 160)
ORANGE: Final = (230, 120, 20)
PURPLE: Final = (128, 60, 150)

_FLOWER_COLORS: Final = (GREEN, RED, ORANGE, BLUE, RED, PURPLE, ORANGE, GREEN)

Point = tuple[float, float]
Layout = tuple[tuple[float, float, tuple[int, int, int]], ...]

# Dots: (x, y, colour) in the content box, and the coin radius as a fraction of its width.
_G, _B, _R = GREEN, BLUE, RED
_DOTS: Final[dict[int, tuple[float, Layout]]] = {
    2: (0.3, ((0.5, 0.0, _G), (0.5, 1.0, _B))),
    3: (0.23, ((0.0, 0.0, _B), (0.5, 0.5, _R), (1.0, 1.0, _G))),
    4: (0.235, ((0.0, 0.0, _B), (1.0, 0.0, _G), (0.0, 1.0, _G), (1.0, 1.0, _B))),
    5: (0.215, ((0.0, 0.0, _B), (1.0, 0.0, _G), (0.5, 0.5, _R), (0.0, 1.0, _G),
                (1.0, 1.0, _B))),
    6: (0.2, ((0.0, 0.0, _G), (1.0, 0.0, _G), (0.0, 0.56, _R), (1.0, 0.56, _R),
              (0.0, 1.0, _R), (1.0, 1.0, _R))),
    7: (0.17, ((0.0, 0.0, _G), (0.5, 0.15, _G), (1.0, 0.3, _G), (0.1, 0.64, _R),
               (0.9, 0.64, _R), (0.1, 1.0, _R), (0.9, 1.0, _R))),
    8: (0.17, tuple((x, y, _B) for y in (0.0, 1 / 3, 2 / 3, 1.0) for x in (0.0, 1.0))),
    9: (0.16, tuple((x, y, c) for y, c in ((0.0, _B), (0.5, _R), (1.0, _G))
                    for x in (0.0, 0.5, 1.0))),
}

# Bamboo: (x, y, colour) and the stick (width, height) as fractions of the content box.
_STICKS: Final[dict[int, tuple[float, float, Layout]]] = {
    2: (0.24, 0.46, ((0.5, 0.0, _G), (0.5, 1.0, _B))),
    3: (0.24, 0.46, ((0.5, 0.0, _G), (0.1, 1.0, _B), (0.9, 1.0, _B))),
    4: (0.24, 0.46, ((0.1, 0.0, _G), (0.9, 0.0, _B), (0.1, 1.0, _B), (0.9, 1.0, _G))),
    5: (0.21, 0.46, ((0.0, 0.0, _G), (1.0, 0.0, _B), (0.5, 0.5, _R), (0.0, 1.0, _B),
                     (1.0, 1.0, _G))),
    6: (0.21, 0.46, tuple((x, y, c) for y, c in ((0.0, _G), (1.0, _B))
                          for x in (0.0, 0.5, 1.0))),
    7: (0.21, 0.3, ((0.5, 0.0, _R), *((x, y, _G) for y in (0.5, 1.0)
                                      for x in (0.0, 0.5, 1.0)))),
    8: (0.18, 0.46, tuple((x, y, c) for y, c in ((0.0, _G), (1.0, _B))
                          for x in (0.0, 1 / 3, 2 / 3, 1.0))),
    9: (0.21, 0.3, tuple((x, y, _R if x == 0.5 else (_G if y != 0.5 else _B))
                         for y in (0.0, 0.5, 1.0) for x in (0.0, 0.5, 1.0))),
}

_lock = threading.Lock()


def tile_size(width: int) -> tuple[int, int]:
    """(width, height) in px of a tile drawn ``width`` px wide."""
    face = round(width * FACE_RATIO)
    return width, face + max(2, round(width * DEPTH))


def tile_image(tile: int, width: int, wild: bool = False, rotation: int = 0) -> Image.Image:
    """The RGBA picture of ``tile`` (0–41), ``width`` px wide, turned ``rotation`` degrees
    counter-clockwise (0, 90, 180, 270), with the wildcard mark when ``wild``. Cached; do not
    draw on it."""
    check_tile(tile)
    if rotation not in (0, 90, 180, 270):
        raise NotationError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rotation}")
    if not 8 <= width <= 400:
        raise NotationError(f"tile width {width} px is out of range (8–400)")
    return _turned(("face", tile, width, bool(wild)), rotation)


def back_image(width: int, rotation: int = 0) -> Image.Image:
    """A face-down tile (its green back), cached like :func:`tile_image`."""
    return _turned(("back", -1, width, False), rotation)


@lru_cache(maxsize=4096)
def _turned(key: tuple[str, int, int, bool], rotation: int) -> Image.Image:
    base = _drawn(key)
    if rotation == 0:
        return base
    turn = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
            270: Image.Transpose.ROTATE_270}[rotation]
    return base.transpose(turn)


@lru_cache(maxsize=2048)
def _drawn(key: tuple[str, int, int, bool]) -> Image.Image:
    kind, tile, width, wild = key
    with _lock:  # drawing uses shared fonts; keep one at a time (runs once per key)
        if kind == "back":
            return _draw_back(width)
        return _draw_face(tile, width, wild)


# -- drawing -----------------------------------------------------------------------------------


def _supersample(width: int) -> int:
    return 4 if width < 48 else 3


def _gradient(size: tuple[int, int], top: tuple[int, int, int],
              bottom: tuple[int, int, int]) -> Image.Image:
    ramp = Image.linear_gradient("L").resize(size)
    return ImageOps.colorize(ramp, black=top, white=bottom)


def _rounded_mask(size: tuple[int, int], radius: float) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius, fill=255)
    return mask


def _body(width: int, ss: int, top: tuple[int, int, int],
          bottom: tuple[int, int, int]) -> tuple[Image.Image, int]:
    """The tile body at ss× with an empty face; returns (image, face height)."""
    w, h = tile_size(width)
    W, H = w * ss, h * ss
    face_h = round(width * FACE_RATIO) * ss
    r = RADIUS * W
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, H - face_h, W - 1, H - 1), r, fill=BACK_DARK)
    d.rounded_rectangle((0, H - face_h - ss, W - 1, H - 1 - 2 * ss), r, fill=BACK)
    # a thin bone layer between face and back, as on real tiles
    d.rounded_rectangle((0, 0, W - 1, face_h + 2 * ss), r, fill=(226, 219, 198))
    face = _gradient((W - 2 * ss, face_h - 2 * ss), top, bottom)
    img.paste(face, (ss, ss), _rounded_mask(face.size, r - ss))
    d.rounded_rectangle((0, 0, W - 1, face_h), r, outline=EDGE, width=ss)
    return img, face_h


def _draw_back(width: int) -> Image.Image:
    ss = _supersample(width)
    w, h = tile_size(width)
    W, H = w * ss, h * ss
    r = RADIUS * W
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), r, fill=BACK_DARK)
    top = _gradient((W - 2 * ss, H - round(width * DEPTH) * ss - ss), BACK_LIGHT, BACK)
    img.paste(top, (ss, ss), _rounded_mask(top.size, r - ss))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _draw_face(tile: int, width: int, wild: bool) -> Image.Image:
    ss = _supersample(width)
    top, bottom = (WILD_TOP, WILD_BOTTOM) if wild else (IVORY_TOP, IVORY_BOTTOM)
    img, face_h = _body(width, ss, top, bottom)
    W = img.width
    d = ImageDraw.Draw(img)
    pad_x, pad_y = 0.13 * W, 0.1 * face_h
    box = (pad_x, pad_y, W - pad_x, face_h - pad_y)
    suit, n = suit_of(tile), number_of(tile)
    if suit == "m":
        _characters(d, box, n)
    elif suit == "p":
        _dots(d, box, n)
    elif suit == "s":
        _bamboo(d, box, n, ss)
    elif suit == "z":
        _honour(d, box, n, ss)
    else:
        _flower(d, box, n, ss)
    if wild:
        _wild_mark(d, W, face_h, ss)
    w, h = tile_size(width)
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _glyph(d: ImageDraw.ImageDraw, xy: Point, text: str, size: float,
           color: tuple[int, int, int]) -> None:
    d.text(xy, text, font=font("tile", round(size)), fill=color, anchor="mm")


def _characters(d: ImageDraw.ImageDraw, box: tuple[float, ...], n: int) -> None:
    x0, y0, x1, y1 = box
    cx, h = (x0 + x1) / 2, y1 - y0
    size = min(x1 - x0, h * 0.5) * 0.98
    _glyph(d, (cx, y0 + h * 0.24), NUMERALS[n - 1], size, INK)
    _glyph(d, (cx, y0 + h * 0.74), WAN, size * 1.02, RED)


def _coin(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
          color: tuple[int, int, int]) -> None:
    def disc(k: float, fill: tuple[int, int, int]) -> None:
        d.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), fill=fill)

    disc(1.0, color)
    disc(0.7, IVORY_TOP)
    disc(0.52, color)
    disc(0.18, IVORY_TOP)


def _dots(d: ImageDraw.ImageDraw, box: tuple[float, ...], n: int) -> None:
    x0, y0, x1, y1 = box
    cw, ch = x1 - x0, y1 - y0
    if n == 1:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(cw, ch) * 0.5
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GREEN)
        d.ellipse((cx - r * 0.86, cy - r * 0.86, cx + r * 0.86, cy + r * 0.86), fill=IVORY_TOP)
        d.ellipse((cx - r * 0.74, cy - r * 0.74, cx + r * 0.74, cy + r * 0.74), fill=BLUE)
        d.ellipse((cx - r * 0.62, cy - r * 0.62, cx + r * 0.62, cy + r * 0.62), fill=IVORY_TOP)
        for k in range(8):  # a ring of petals
            a = k * math.pi / 4
            px, py, pr = cx + math.cos(a) * r * 0.42, cy + math.sin(a) * r * 0.42, r * 0.14
            d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=RED)
        d.ellipse((cx - r * 0.22, cy - r * 0.22, cx + r * 0.22, cy + r * 0.22), fill=RED)
        d.ellipse((cx - r * 0.08, cy - r * 0.08, cx + r * 0.08, cy + r * 0.08), fill=IVORY_TOP)
        return
    radius, layout = _DOTS[n]
    r = radius * cw
    for fx, fy, color in layout:
        cx, cy = x0 + r + fx * (cw - 2 * r), y0 + r + fy * (ch - 2 * r)
        _coin(d, cx, cy, r, color)


def _stick(d: ImageDraw.ImageDraw, cx: float, cy: float, sw: float, sh: float,
           color: tuple[int, int, int]) -> None:
    dark = tuple(max(0, c - 60) for c in color)
    light = tuple(min(255, c + 90) for c in color)
    d.rounded_rectangle((cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2), sw * 0.45, fill=color)
    # the joints: a dark band at both ends and the middle, a little wider than the stick
    for fy in (-0.5, 0.0, 0.5):
        y = cy + fy * (sh - sw * 0.5)
        d.rounded_rectangle((cx - sw * 0.62, y - sw * 0.14, cx + sw * 0.62, y + sw * 0.14),
                            sw * 0.1, fill=dark)
    d.line((cx - sw * 0.12, cy - sh * 0.4, cx - sw * 0.12, cy - sh * 0.08), fill=light,
           width=max(1, round(sw * 0.16)))
    d.line((cx - sw * 0.12, cy + sh * 0.08, cx - sw * 0.12, cy + sh * 0.4), fill=light,
           width=max(1, round(sw * 0.16)))


def _bamboo(d: ImageDraw.ImageDraw, box: tuple[float, ...], n: int, ss: int) -> None:
    x0, y0, x1, y1 = box
    cw, ch = x1 - x0, y1 - y0
    if n == 1:
        _bird(d, box)
        return
    fw, fh, layout = _STICKS[n]
    sw, sh = fw * cw, fh * ch
    for fx, fy, color in layout:
        cx = x0 + sw * 0.62 + fx * (cw - sw * 1.24)
        cy = y0 + sh / 2 + fy * (ch - sh)
        _stick(d, cx, cy, sw, sh, color)


def _bird(d: ImageDraw.ImageDraw, box: tuple[float, ...]) -> None:
    """1s: a peacock-like bird (what real sets show), so it never reads as a lone stick."""
    x0, y0, x1, y1 = box
    cw, ch = x1 - x0, y1 - y0

    def p(fx: float, fy: float) -> Point:
        return (x0 + fx * cw, y0 + fy * ch)

    # tail feathers fanning down to the left, each with an eye
    for ang, color in ((200, BLUE), (225, GREEN), (250, RED)):
        a = math.radians(ang)
        bx, by = p(0.42, 0.62)
        ex, ey = bx + math.cos(a) * cw * 0.5, by - math.sin(a) * ch * 0.42
        d.line((bx, by, ex, ey), fill=color, width=max(1, round(cw * 0.07)))
        r = cw * 0.09
        d.ellipse((ex - r, ey - r, ex + r, ey + r), fill=color)
        d.ellipse((ex - r * 0.45, ey - r * 0.45, ex + r * 0.45, ey + r * 0.45), fill=IVORY_TOP)
    # legs
    for fx in (0.5, 0.62):
        d.line((*p(fx, 0.66), *p(fx - 0.04, 0.9)), fill=ORANGE, width=max(1, round(cw * 0.05)))
    # body and wing
    d.ellipse((*p(0.28, 0.38), *p(0.82, 0.72)), fill=GREEN)
    d.chord((*p(0.34, 0.44), *p(0.78, 0.7)), 180, 360, fill=(12, 92, 44))
    d.ellipse((*p(0.4, 0.5), *p(0.7, 0.66)), fill=BLUE)
    # neck and head
    d.polygon((p(0.62, 0.46), p(0.74, 0.22), p(0.84, 0.24), p(0.8, 0.5)), fill=GREEN)
    d.ellipse((*p(0.66, 0.1), *p(0.94, 0.32)), fill=GREEN)
    d.polygon((p(0.72, 0.12), p(0.7, 0.0), p(0.8, 0.1), p(0.86, 0.0), p(0.86, 0.13)), fill=RED)
    d.polygon((p(0.92, 0.18), p(1.02, 0.23), p(0.92, 0.26)), fill=ORANGE)
    d.ellipse((*p(0.8, 0.16), *p(0.88, 0.22)), fill=IVORY_TOP)
    d.ellipse((*p(0.83, 0.175), *p(0.87, 0.21)), fill=INK)


def _honour(d: ImageDraw.ImageDraw, box: tuple[float, ...], n: int, ss: int) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cw, ch = x1 - x0, y1 - y0
    if n == 5:  # White: a blue frame
        t = cw * 0.1
        fx0, fy0, fx1, fy1 = x0 + cw * 0.02, y0 + ch * 0.06, x1 - cw * 0.02, y1 - ch * 0.06
        d.rectangle((fx0, fy0, fx1, fy1), outline=BLUE, width=round(t))
        g = t * 1.7
        d.rectangle((fx0 + g, fy0 + g, fx1 - g, fy1 - g), outline=BLUE, width=max(1, round(t * 0.4)))
        return
    color = {6: GREEN, 7: RED}.get(n, INK)
    _glyph(d, (cx, cy), HONOR_FACES[n - 1], min(cw * 1.12, ch * 0.8), color)


def _flower(d: ImageDraw.ImageDraw, box: tuple[float, ...], n: int, ss: int) -> None:
    x0, y0, x1, y1 = box
    cw, ch = x1 - x0, y1 - y0
    color = _FLOWER_COLORS[n - 1]
    tint = tuple(c + (255 - c) * 4 // 5 for c in color)
    cx, cy = (x0 + x1) / 2, y0 + ch * 0.58
    r = cw * 0.56
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tint)
    _glyph(d, (cx, cy), FLOWER_FACES[n - 1], cw * 0.92, color)
    # the flower's number (1–4 seasons, 1–4 plants as on real sets), top left
    num = str((n - 1) % 4 + 1)
    d.text((x0, y0 - ch * 0.04), num, font=font("bold", round(ch * 0.26)), fill=color, anchor="la")


def _star(cx: float, cy: float, r: float) -> list[Point]:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return pts


def _wild_mark(d: ImageDraw.ImageDraw, W: int, face_h: int, ss: int) -> None:
    """Gold frame and a gold star badge in the top-right corner: readable at any size."""
    t = max(2 * ss, round(W * 0.075))
    r = RADIUS * W
    d.rounded_rectangle((0, 0, W - 1, face_h), r, outline=GOLD, width=t)
    br = W * 0.2
    cx, cy = W - br * 0.95, br * 0.95
    d.ellipse((cx - br, cy - br, cx + br, cy + br), fill=GOLD, outline=GOLD_DARK,
              width=max(1, ss))
    d.polygon(_star(cx, cy + br * 0.05, br * 0.78), fill=(255, 255, 255))


def is_wild_kind(tile: int, wild_kinds: frozenset[int]) -> bool:
    return tile in wild_kinds or (is_flower(tile) and -1 in wild_kinds)
