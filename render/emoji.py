"""Tile faces at emoji size: one square PNG per tile kind, flower, joker-marked tile and back.

Discord shows a custom emoji at most 128 px square (48 px on a button, 22 px inline), so
each emoji is the tile drawn from :mod:`render.tileart` as tall as the square and centred on
a transparent background: the same faces as every picture, only smaller. ``name`` gives each
emoji a stable name that carries a short hash of its PNG, so a bot can tell an emoji whose
art changed from one it already uploaded by name alone.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import cache
from typing import Final

from PIL import Image

from engine.tiles import NUM_TILE_KINDS, tile_name
from render.tileart import back_image, tile_image, tile_size

SIZE: Final = 128  # px, Discord's largest emoji display
BACK: Final = -1  # the face-down tile (concealed kongs)
PREFIX: Final = "mj"
HASH_CHARS: Final = 6


@dataclass(frozen=True, slots=True)
class EmojiArt:
    """One emoji to upload: what it shows, its name (with the hash) and its PNG."""

    tile: int  # 0–41, or BACK
    wild: bool
    name: str
    png: bytes

    @property
    def key(self) -> tuple[int, bool]:
        return (self.tile, self.wild)


def _width_for_height(height: int) -> int:
    w = height
    while tile_size(w)[1] > height:
        w -= 1
    return w


def emoji_png(tile: int, wild: bool = False) -> bytes:
    """The square PNG of ``tile`` (``BACK`` for a face-down tile), marked when ``wild``."""
    w = _width_for_height(SIZE)
    face = back_image(w) if tile == BACK else tile_image(tile, w, wild)
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    img.paste(face, ((SIZE - face.width) // 2, (SIZE - face.height) // 2), face)
    buf = io.BytesIO()
    # no metadata, fixed settings: the same art gives the same bytes (and the same hash)
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def base_name(tile: int, wild: bool = False) -> str:
    """``mj5m``, ``mj5mj`` (the joker-marked 5m), ``mjback``."""
    face = "back" if tile == BACK else tile_name(tile)
    return f"{PREFIX}{face}{'j' if wild else ''}"


def name(tile: int, wild: bool, png: bytes) -> str:
    """``mj5m_1a2b3c``: 2–32 characters of [A-Za-z0-9_], as Discord requires."""
    return f"{base_name(tile, wild)}_{hashlib.sha256(png).hexdigest()[:HASH_CHARS]}"


def split_name(text: str) -> tuple[str, str] | None:
    """(base name, hash) of one of our emoji names; None for any other name."""
    base, sep, digest = text.rpartition("_")
    if not sep or not base.startswith(PREFIX) or len(digest) != HASH_CHARS:
        return None
    return base, digest


@cache
def all_emoji() -> tuple[EmojiArt, ...]:
    """Every emoji the bot uses: 42 faces, 42 joker-marked faces (any kind can be a joker
    under some preset: flowers in Baida, the indicator's kind elsewhere) and the back."""
    out = []
    for wild in (False, True):
        for t in range(NUM_TILE_KINDS):
            png = emoji_png(t, wild)
            out.append(EmojiArt(t, wild, name(t, wild, png), png))
    png = emoji_png(BACK)
    out.append(EmojiArt(BACK, False, name(BACK, False, png), png))
    return tuple(out)
