"""Tiles named in words on pictures, in the reader's language: 三筒 / 三筒 / 3 Dots (a replay's
captions, a seat's marks), never the notation ``3p`` of logs and tests."""

from __future__ import annotations

from collections.abc import Iterable

import i18n
from engine.tiles import EN_NAMES, ZH_NAMES

_TRADITIONAL = str.maketrans({"万": "萬", "条": "條", "东": "東", "发": "發", "兰": "蘭"})


def tile_words(tile: int, locale: object) -> str:
    """One tile: 五万 (zh-Hans), 五萬 (zh-Hant), 5 Characters (en)."""
    lang = i18n.normalize_locale(locale)
    if lang == "en":
        return EN_NAMES[tile]
    name = ZH_NAMES[tile]
    return name.translate(_TRADITIONAL) if lang == "zh-Hant" else name


def tiles_words(tiles: Iterable[int], locale: object) -> str:
    """Several tiles: 一万、五筒 / 1 Characters, 5 Dots."""
    sep = ", " if i18n.normalize_locale(locale) == "en" else "、"
    return sep.join(tile_words(t, locale) for t in tiles)


def seat_label(wind: int, seats: int, locale: object) -> str:
    """A seat's short label on a disc: its wind (东 / E) at a table of four; at another size,
    which has no winds, its place in turn order from the dealer (1 = the dealer)."""
    if seats == 4:
        return i18n.t(f"render.wind_short.{wind}", locale)
    return str(wind + 1)
