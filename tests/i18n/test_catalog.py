from __future__ import annotations

import discord
import pytest

import i18n
from engine.rules import PRESETS, SCORING_PRESETS, option_fields
from i18n.bot_text import bt
from i18n.options import OPTION_NAMES
from i18n.patterns import DESCRIPTIONS, NAMES, pattern_name
from i18n.presets import PRESET_NAMES, preset_name


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        # Discord's locales
        ("zh-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("en-US", "en"), ("en-GB", "en"),
        ("ja", "en"), ("fr", "en"), ("es-ES", "en"), ("pt-BR", "en"), ("ko", "en"),
        # BCP 47 scripts and regions, POSIX
        ("zh-Hans", "zh-Hans"), ("zh-Hant", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"),
        ("zh-Hans-CN", "zh-Hans"), ("zh-HK", "zh-Hant"), ("zh_MO", "zh-Hant"), ("zh-SG", "zh-Hans"),
        ("zh", "zh-Hans"), ("ZH-tw", "zh-Hant"), ("zh_TW", "zh-Hant"), (" en ", "en"),
        # not a tag
        (None, "en"), ("", "en"), (3, "en"),
    ],
)
def test_normalize_locale(tag, expected):
    assert i18n.normalize_locale(tag) == expected


@pytest.mark.parametrize("locale", list(discord.Locale))
def test_every_discord_locale_reads_one_of_the_three(locale: discord.Locale) -> None:
    expected = {discord.Locale.chinese: "zh-Hans", discord.Locale.taiwan_chinese: "zh-Hant"}
    assert i18n.normalize_locale(locale) == expected.get(locale, "en")
    # the bot's sentences and the pictures' words answer the same locale alike
    assert bt("cmd.new", locale) == i18n.t("cmd.new", expected.get(locale, "en"))


def test_every_catalog_key_has_all_three_languages() -> None:
    keys = i18n.keys()
    assert len(keys) > 900
    for key in keys:
        texts = [i18n.t(key, loc) for loc in i18n.LOCALES]
        assert all(text.strip() for text in texts), key


def test_every_preset_has_its_name_in_the_one_table_and_no_other_name_is_there() -> None:
    # the scoring-only presets (riichi) are named too: evaluate answers them, their tables come
    assert set(PRESET_NAMES) == set(PRESETS) | set(SCORING_PRESETS)
    assert i18n.keys("preset.") == sorted(f"preset.{p}" for p in (*PRESETS, *SCORING_PRESETS))
    assert preset_name("guobiao", "zh-TW") == "國標麻將"
    assert preset_name("guobiao", discord.Locale.chinese) == "国标麻将"
    assert preset_name("heyuan-jihu", "en-GB") == "Heyuan Baida (chicken)"
    assert preset_name("a-preset-long-gone", "zh-CN") == "a-preset-long-gone"  # stored data


def test_every_rule_option_has_its_names_in_the_one_table() -> None:
    assert set(OPTION_NAMES) == set(option_fields())
    assert i18n.t("option.fan_cap", "zh-TW") == "封頂"
    assert i18n.t("option.fan_cap", "zh-CN") == "封顶"


def test_a_key_is_defined_once() -> None:
    with pytest.raises(i18n.I18nError, match="defined twice"):
        i18n.register({"cmd.new": {"zh-Hans": "另一个", "zh-Hant": "另一個", "en": "another"}})
    assert bt("cmd.new", "en") == "new"
    # the same again is fine (as the bot's own sentence: not drawn, so the fonts' list of
    # characters stays what the catalog's modules give it)
    i18n.register({"cmd.new": {"zh-Hans": "开桌", "zh-Hant": "開桌", "en": "new"}}, drawn=False)


def test_discord_like_locale_objects():
    class Locale:
        value = "zh-TW"

    assert i18n.normalize_locale(Locale()) == "zh-Hant"


def test_every_preset_pattern_and_bonus_has_names_in_three_languages():
    every = (*PRESETS.values(), *SCORING_PRESETS.values())
    ids = {pid for r in every for pid, _ in (*r.pattern_values, *r.bonus_values)}
    for pid in ids | {"seven_pairs", "kong_replacement", "last_tile", "robbing_kong"}:
        names = {pattern_name(pid, loc) for loc in i18n.LOCALES}
        assert all(names) and pid in NAMES and pid in DESCRIPTIONS


def test_family_names_and_formatting():
    assert pattern_name("full_flush_pungs", "zh-CN", "heyuan") == "大哥"
    assert pattern_name("full_flush_pungs", "zh-CN", "guangdong") == "清碰"
    assert i18n.t("render.hand_number", "en", n=3) == "Hand 3"
    assert i18n.t("render.round", "zh-TW", wind="東") == "東風圈"


def test_unknown_keys_and_incomplete_entries_are_refused():
    with pytest.raises(i18n.I18nError, match="no text"):
        i18n.t("nope.nothing", "en")
    with pytest.raises(i18n.I18nError, match="lacks"):
        i18n.register({"x.y": {"en": "only English"}})
    assert not i18n.has("x.y")


def test_the_first_lookups_from_several_threads_all_see_the_whole_catalog() -> None:
    # pictures are drawn in worker threads; the catalog loads on the first lookup
    import subprocess
    import sys

    code = """
import threading, i18n
barrier = threading.Barrier(8)
errors = []
def look():
    barrier.wait()
    try:
        i18n.t("render.indicator", "en")
    except Exception as e:
        errors.append(e)
threads = [threading.Thread(target=look) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(len(errors))
"""
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "0", out.stdout + out.stderr
