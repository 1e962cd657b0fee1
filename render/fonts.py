"""The shipped fonts (data/fonts/), loaded once per size; and text that never shows tofu."""

from __future__ import annotations

import threading
import unicodedata
from functools import cache
from typing import Final, Literal

from PIL import ImageFont

from engine.datafiles import data_path

FONT_DIR: Final = data_path("fonts")
FILES: Final = {
    "regular": FONT_DIR / "NotoSansCJKsc-Regular.subset.otf",
    "bold": FONT_DIR / "NotoSansCJKsc-Bold.subset.otf",
    "tile": FONT_DIR / "NotoSerifCJKtc-Bold.subset.otf",
}
Face = Literal["regular", "bold", "tile"]

_lock = threading.Lock()


@cache
def _font_cached(face: Face, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FILES[face]), size)


def font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """A FreeType font of the shipped face at ``size`` px (cached; safe from any thread)."""
    with _lock:  # FreeType face creation is not re-entrant; drawing with the result is
        return _font_cached(face, max(4, int(size)))


@cache
def coverage(face: Face) -> frozenset[int]:
    """Code points the face has a glyph for (listed beside the font by the subset script)."""
    chars = FILES[face].with_suffix(".chars.txt").read_text(encoding="utf-8").rstrip("\n")
    return frozenset(map(ord, chars)) | {ord(" ")}


def missing_glyphs(text: str, face: Face = "regular") -> set[str]:
    """Characters of ``text`` the face cannot draw (would show as tofu)."""
    have = coverage(face)
    return {ch for ch in text if ord(ch) not in have and ch not in "\n\t"}


def safe_text(text: str, face: Face = "regular") -> str:
    """``text`` with what the shipped font cannot draw removed or replaced.

    Player names can hold anything: emoji and symbols are dropped, other missing
    characters become "?" and control characters disappear.
    """
    have = coverage(face)
    out = []
    for ch in unicodedata.normalize("NFC", text):
        if ord(ch) in have:
            out.append(ch)
        elif unicodedata.category(ch) in ("So", "Sk", "Cf", "Cc", "Mn", "Me", "Cs", "Co"):
            continue
        else:
            out.append("?")
    return "".join(out).strip()
