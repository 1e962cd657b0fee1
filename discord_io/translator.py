"""Slash-command names and descriptions in zh-CN, zh-TW and English, through discord.py's Translator.

Every command, parameter and choice is declared with ``L("cmd.new")``: a
``locale_str`` whose message is the English text and whose ``key`` extra is the
catalog key (``i18n.bot_text``). Discord asks the tree for each locale when
the commands are synced; we answer the two Chinese locales (and the English
ones, so ``en-GB`` users see the same words) and leave the rest to the default.
Which of our three languages a Discord locale reads is ``i18n.normalize_locale``'s answer.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from i18n import I18nError, has
from i18n.bot_text import bt

# Discord locales we fill; every other locale falls back to the default (English) text.
LOCALES: frozenset[Locale] = frozenset({
    Locale.chinese, Locale.taiwan_chinese, Locale.american_english, Locale.british_english,
})


def L(key: str) -> locale_str:
    """A localisable string for ``key``; its default text is the English one."""
    if not has(key):
        raise I18nError(f"no bot text {key!r}")
    return locale_str(bt(key, "en"), key=key)


class BotTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale not in LOCALES:
            return None
        return bt(key, locale)
