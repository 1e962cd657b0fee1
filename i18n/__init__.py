"""Text shown to players, in Simplified Chinese, Traditional Chinese and English.

One catalog of keys → {locale: text}. Modules in this package add their entries
with :func:`register` when imported (``i18n.patterns`` for pattern and bonus
names, ``i18n.render`` for words on pictures); the bot may add its own module
the same way. Texts are ``str.format`` templates: ``t("render.wall", "en", n=52)``.

Locales are the three this project speaks, ``zh-Hans``, ``zh-Hant`` and ``en``;
:func:`normalize_locale` maps Discord's locales onto them ("zh-CN" → zh-Hans,
"zh-TW"/"zh-HK" → zh-Hant, anything else → en).

The shipped font (``data/fonts/``) is a subset that covers every string of this
catalog: after adding text, run ``python scripts/make_font_subset.py`` (the
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
_LOAD_LOCK = threading.RLock()


class I18nError(KeyError):
    """An unknown key, or a catalog entry that lacks one of the three locales."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def normalize_locale(locale: object) -> Locale:
    """One of ``zh-Hans``, ``zh-Hant``, ``en`` for any locale tag (Discord's, BCP 47, POSIX).

    Accepts strings and objects whose ``str()`` or ``.value`` is a tag (``discord.Locale``).
    """
    raw = getattr(locale, "value", locale)
    if not isinstance(raw, str):
        return DEFAULT_LOCALE
    parts = raw.strip().replace("_", "-").lower().split("-")
    if parts[0] != "zh":
        return DEFAULT_LOCALE
    if any(p in _HANT_REGIONS for p in parts[1:]):
        return "zh-Hant"
    return "zh-Hans"


def register(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Add catalog entries; each must have all three locales. Re-registering a key replaces it."""
    for key, texts in entries.items():
        missing = [loc for loc in LOCALES if not texts.get(loc)]
        if missing:
            raise I18nError(f"catalog entry {key!r} lacks {', '.join(missing)}")
        _CATALOG[key] = {loc: texts[loc] for loc in LOCALES}


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
    """Every catalog string in every locale, with ``{placeholders}`` removed (for font coverage)."""
    _load_builtin()
    fmt = string.Formatter()
    for entry in _CATALOG.values():
        for text in entry.values():
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
        from i18n import analysis, patterns, render, replay, stats  # noqa: F401  (they register on import)

        _loaded = True
