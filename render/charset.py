"""Which characters the shipped fonts must hold (no Pillow here: the subset script imports it).

``data/fonts/`` ships subsets of Noto CJK made by ``scripts/make_font_subset.py``
from this list. Add text to the i18n catalog or to these constants, re-run the
script, and ``tests/render/test_glyphs.py`` checks nothing is missing.
"""

from __future__ import annotations

from typing import Final

import i18n
from engine.tiles import ZH_NAMES

# What is written on tile faces: real tiles use the traditional forms everywhere.
NUMERALS: Final = "一二三四五六七八九"
WAN: Final = "萬"
HONOR_FACES: Final = ("東", "南", "西", "北", "", "發", "中")  # White is a blue frame, no glyph
FLOWER_FACES: Final = ("春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹")
TILE_FACE_TEXT: Final = NUMERALS + WAN + "".join(HONOR_FACES) + "".join(FLOWER_FACES) + "12345678"

# Tile names in text (both scripts) and the marks pictures draw.
TILE_TEXT: Final = "".join(ZH_NAMES) + "万萬筒条條索東南西北白發发中春夏秋冬梅兰蘭菊竹"
SYMBOLS: Final = "×÷±−–—…·•★☆●○▲▼◀▶←→↑↓✓"
CJK_PUNCT: Final = "，。、：；！？（）《》〈〉【】「」『』～￥　·"
LATIN: Final = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x100))  # Latin-1, for names
    + "‘’“”‚„‹›€"
)


def required_text() -> str:
    """Every character the pictures may draw in a fixed string (player names aside)."""
    chars = set(TILE_FACE_TEXT + TILE_TEXT + SYMBOLS + CJK_PUNCT + LATIN)
    for text in i18n.all_texts():
        chars.update(text)
    chars.discard("\n")
    return "".join(sorted(chars))


def common_hanzi() -> str:
    """The 3,755 most common Simplified characters (GB 2312 level 1), so most names draw."""
    out = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes((hi, lo)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(out)
