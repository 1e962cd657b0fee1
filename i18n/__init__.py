"""Text shown to players, in Simplified Chinese, Traditional Chinese and English.

One catalog of keys → {locale: text}, the only store of player-facing strings. Modules
in this package add their entries with :func:`register` when imported: ``bot_text`` and
``social_text`` (every sentence the bot says), ``presets`` (the rule presets' names),
``options`` (the rule options' names), ``patterns`` (pattern, bonus and fan names),
``render`` (words on pictures), and a few more. Texts are ``str.format`` templates:
``t("render.wall", "en", n=52)``.

Locales are the three this project speaks, ``zh-Hans``, ``zh-Hant`` and ``en``;
:func:`normalize_locale` is the one place any other tag is mapped onto them: Discord's
("zh-CN" → zh-Hans, "zh-TW" → zh-Hant, "en-US"/"en-GB"/any other language → en), BCP 47
("zh-Hant-HK") and POSIX ("zh_TW").

A key is defined once (:func:`register` refuses another text for it) and every key has
all three locales. An unknown key raises :class:`I18nError` — never a raw key shown to a
player; ``tests/i18n`` checks that every key the code names exists.

The shipped font (``data/fonts/``) is a subset that covers every string of this catalog
that pictures may draw (``register(drawn=True)``, the default): after adding text, run ``python scripts/make_font_subset.py`` (the
test ``tests/render/test_glyphs.py`` fails until you do).
"""

from __future__ import annotations

import string
import threading
from collections.abc import Iterator, Mapping
from typing import Final, Literal

Locale = Literal["zh-Hans", "zh-Hant", "en"]
LOCALES: Final[tuple[Locale, ...]] = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LOCALE: Final[Locale] = "en"

_HANT_REGIONS: Final = frozenset({"tw", "hk", "mo", "hant"})

_CATALOG: dict[str, dict[Locale, str]] = {}
_DRAWN: set[str] = set()  # keys whose texts pictures may draw (the shipped font covers them)
_LOAD_LOCK = threading.RLock()
_NORMALIZED: dict[str, Locale] = {}
_NORMALIZED_MAX: Final = 512


class I18nError(KeyError):
    """An unknown key, or a catalog entry that lacks one of the three locales."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def normalize_locale(locale: object) -> Locale:
    """One of ``zh-Hans``, ``zh-Hant``, ``en`` for any locale tag (Discord's, BCP 47, POSIX).

    Accepts strings and objects whose ``str()`` or ``.value`` is a tag (``discord.Locale``).
    """
    # every text and button label asks this (dozens of times per DM update): the few tags a
    # bot meets are remembered
    if type(locale) is str:
        known = _NORMALIZED.get(locale)
        if known is not None:
            return known
        raw: object = locale
    else:
        raw = getattr(locale, "value", locale)
    if not isinstance(raw, str):
        return DEFAULT_LOCALE
    known = _NORMALIZED.get(raw)
    if known is not None:
        return known
    parts = raw.strip().replace("_", "-").lower().split("-")
    out: Locale
    if parts[0] != "zh":
        out = DEFAULT_LOCALE
    elif any(p in _HANT_REGIONS for p in parts[1:]):
        out = "zh-Hant"
    else:
        out = "zh-Hans"
    if len(_NORMALIZED) < _NORMALIZED_MAX:  # bounded: a tag comes from outside
        _NORMALIZED[raw] = out
    return out


def register(entries: Mapping[str, Mapping[str, str]], *, drawn: bool = True) -> None:
    """Add catalog entries; each must have all three locales, and a key already in the
    catalog with other texts is refused (one key, one text: a clash would rename another
    command's option). Nothing is added when an entry is refused.

    ``drawn``: pictures may draw these texts, so the font subset must cover them; the bot's
    sentences (``drawn=False``) are shown by Discord, in its own fonts, emoji and all."""
    new: dict[str, dict[Locale, str]] = {}
    for key, texts in entries.items():
        missing = [loc for loc in LOCALES if not texts.get(loc)]
        if missing:
            raise I18nError(f"catalog entry {key!r} lacks {', '.join(missing)}")
        new[key] = {loc: texts[loc] for loc in LOCALES}
        if _CATALOG.get(key, new[key]) != new[key]:
            raise I18nError(f"catalog key {key!r} is defined twice, with different texts")
    _CATALOG.update(new)
    if drawn:
        _DRAWN.update(new)


def has(key: str) -> bool:
    _load_builtin()
    return key in _CATALOG


def t(key: str, locale: object = DEFAULT_LOCALE, **kwargs: object) -> str:
    """The text of ``key`` in ``locale`` (any tag; normalised), formatted with ``kwargs``."""
    _load_builtin()
    entry = _CATALOG.get(key)
    if entry is None:
        raise I18nError(f"no text for {key!r} in the i18n catalog")
    text = entry[normalize_locale(locale)]
    return text.format(**kwargs) if kwargs else text


def keys(prefix: str = "") -> list[str]:
    """Catalog keys starting with ``prefix``, sorted."""
    _load_builtin()
    return sorted(k for k in _CATALOG if k.startswith(prefix))


def all_texts() -> Iterator[str]:
    """Every string pictures may draw (``register(drawn=True)``), in every locale, with
    ``{placeholders}`` removed (for font coverage)."""
    _load_builtin()
    fmt = string.Formatter()
    for key in sorted(_DRAWN):
        for text in _CATALOG[key].values():
            yield "".join(literal for literal, *_ in fmt.parse(text))


_loaded = False


def _load_builtin() -> None:
    # Imported lazily so `import i18n` stays cheap and the data modules can import this one.
    # Pictures are drawn in worker threads: the first calls may come at once, and none may see
    # a half-filled catalog, so the flag is set only after every module has registered.
    global _loaded
    if _loaded:
        return
    with _LOAD_LOCK:
        if _loaded:
            return
        from i18n import (  # noqa: F401  (they register on import)
            analysis,
            bot_text,
            options,
            patterns,
            presets,
            render,
            replay,
            stats,
        )

        _loaded = True
