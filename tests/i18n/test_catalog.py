from __future__ import annotations

import pytest

import i18n
from engine.rules import PRESETS
from i18n.patterns import DESCRIPTIONS, NAMES, pattern_name


@pytest.mark.parametrize(
    ("tag", "expected"),
    [("zh-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh_MO", "zh-Hant"),
     ("zh", "zh-Hans"), ("zh-Hant-TW", "zh-Hant"), ("en-US", "en"), ("ja", "en"), (None, "en"),
     ("", "en")],
)
def test_normalize_locale(tag, expected):
    assert i18n.normalize_locale(tag) == expected


def test_discord_like_locale_objects():
    class Locale:
        value = "zh-TW"

    assert i18n.normalize_locale(Locale()) == "zh-Hant"


def test_every_preset_pattern_and_bonus_has_names_in_three_languages():
    ids = {pid for r in PRESETS.values() for pid, _ in (*r.pattern_values, *r.bonus_values)}
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
