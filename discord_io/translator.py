"""Slash-command names and descriptions in zh-CN, zh-TW and English, through discord.py's Translator.

Every command, parameter and choice is declared with ``L("cmd.new")``: a
``locale_str`` whose message is the English text and whose ``key`` extra is the
catalogue key in ``i18n.bot_text``. Discord asks the tree for each locale when
the commands are synced; we answer the two Chinese locales (and the English
ones, so ``en-GB`` users see the same words) and leave the rest to the default.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from i18n.bot_text import TEXT, bt

# Discord locales we fill; every other locale falls back to the default (English) text.
LOCALES: dict[Locale, str] = {
    Locale.chinese: "zh-CN",
    Locale.taiwan_chinese: "zh-TW",
    Locale.american_english: "en",
    Locale.british_english: "en",
}


def L(key: str) -> locale_str:
    """A localisable string for ``key``; its default text is the English one."""
    if key not in TEXT:
        raise KeyError(f"no bot text {key!r}")
    return locale_str(bt(key, "en"), key=key)


class BotTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        lang = LOCALES.get(locale)
        if key is None or lang is None:
            return None
        return bt(key, lang)
