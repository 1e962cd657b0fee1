"""/mahjong analyze: reading the request, the hint for bad input, the short text."""

from __future__ import annotations

import pytest

from cogs.analyze import EXAMPLE, BadHand, analysis_text, read_request


def test_a_hand_with_a_wildcard_gets_its_best_discard_first():
    req, a = read_request("123m456p789s1z2z3z4z1f", "heyuan-zheng", None, None, "en")
    text = analysis_text(req, a, "en")
    lines = text.splitlines()
    assert lines[0] == "**Heyuan Baida (pattern)** · 14 tiles · 1-shanten"
    assert lines[1].startswith("Best: discard East → 9 improving tiles")


@pytest.mark.parametrize("locale, word", [("zh-CN", "听"), ("zh-TW", "聽"), ("en", "Waiting")])
def test_thirteen_tiles_ready_with_melds_in_three_languages(locale, word):
    req, a = read_request("234m567p11z22z", "guangdong", "pung 555s", None, locale)
    assert a.size == 13 and a.shanten == 0
    assert word in analysis_text(req, a, locale).splitlines()[1]


def test_a_complete_hand_shows_its_value():
    req, a = read_request("1112345678999m5m", "guangdong", None, None, "en")
    assert "Win: 64 points · " in analysis_text(req, a, "en")


@pytest.mark.parametrize("hand, rules, melds, indicator, hint", [
    ("12x", "guangdong", None, None, "Could not read that hand"),
    ("123m", "guangdong", None, None, "cannot be analysed"),
    ("123m456p789s1122z", "guangdong", "pong 1z", None, "Could not read that hand"),
    ("123m456p789s1122z", "shanghai", None, None, "cannot be analysed"),  # needs an indicator
    ("123m456p789s1122z", "nope", None, None, "cannot be analysed"),
])
def test_bad_input_is_one_line_with_an_example(hand, rules, melds, indicator, hint):
    with pytest.raises(BadHand) as exc:
        read_request(hand, rules, melds, indicator, "en")
    msg = str(exc.value)
    assert hint in msg and EXAMPLE in msg and "\n" not in msg
    with pytest.raises(BadHand) as zh:
        read_request(hand, rules, melds, indicator, "zh-CN")
    assert EXAMPLE in str(zh.value) and ("看不懂" in str(zh.value) or "不能分析" in str(zh.value))


def test_an_indicator_joker_is_counted():
    _, a = read_request("123m456p789s1122z5p", "shanghai", None, "4p", "en")
    assert a.jokers == 2 and a.size == 14  # both 5p are the joker (4p turned)


@pytest.mark.parametrize(("locale", "words", "left"), [
    ("en", "Dora: 2 Bamboo (1 in hand", "(7 left)"), ("zh-Hans", "宝牌：二条（手里 1 张", "还剩 7 张"),
    ("zh-Hant", "寶牌：二條（手裡 1 張", "還剩 7 張"),
])
def test_riichi_analysis_names_the_dora_and_counts_the_indicator(locale, words, left):
    req, a = read_request("123m456p789s11z23s9m", "riichi", None, "1s", locale)
    text = analysis_text(req, a, locale)
    assert words in text, text
    # the best discard (9m) waits on 1s and 4s: 3 + 4 left, the 1s on the indicator seen
    assert left in text.splitlines()[2], text
