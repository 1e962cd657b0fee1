"""Heyuan Baida: each pattern, each bonus, the best reading of wildcards, and what is no win."""

from __future__ import annotations

import pytest

from engine.rules import get_rules
from engine.scoring import score_four_wilds
from engine.tiles import format_tiles
from tests.engine.scoring.helpers import score, summary

ZHENG = "heyuan-zheng"
JIHU = "heyuan-jihu"


@pytest.mark.parametrize(
    ("concealed", "win", "points", "patterns"),
    [
        ("123m456m789m11z22z1f", "9m", 2, ["half_flush"]),
        ("111m222p333s44z55z1f", "4z", 3, ["all_pungs"]),
        ("123m456m789m23m55m1f", "5m", 5, ["full_flush"]),
        ("111m222m999m11z22z1f", "2z", 5, ["half_flush_pungs"]),
        ("111m222m999m55m66m1f", "6m", 8, ["full_flush_pungs"]),
        ("111m999p111z22z33z1f", "3z", 8, ["mixed_terminals"]),
        ("111z222z333z55z66z1f", "6z", 13, ["all_honors"]),
        ("111m999m111p99p11s1f", "1s", 13, ["pure_terminals"]),
        ("19m19p19s123456z1m1f", "9p", 13, ["thirteen_orphans"]),
    ],
)
def test_each_zheng_pattern_on_a_discard(concealed, win, points, patterns):
    assert summary(score(ZHENG, concealed, win)) == (points, patterns)


def test_pattern_values_come_from_the_preset_table():
    table = get_rules(ZHENG).patterns
    assert table["half_flush"] == 2 and table["full_flush_pungs"] == 8
    assert table["thirteen_orphans"] == 13


def test_chicken_needs_the_option_in_zheng():
    assert score(ZHENG, "123m456p789s11z22z1f", "2z") is None
    s = score(ZHENG, "123m456p789s11z22z1f", "2z", chicken_wins=True)
    assert summary(s) == (1, ["chicken"])


def test_a_chicken_reading_loses_to_a_pattern_reading():
    # 111222333m read as pungs (大哥) beats reading it as three runs
    s = score(ZHENG, "111222333m555m99m", "9m")
    assert summary(s) == (16, ["full_flush_pungs", "no_wilds"])


def test_jihu_patterns():
    assert summary(score(JIHU, "123m456p789s123m11z", "1z")) == (2, ["chicken", "no_wilds"])
    assert summary(score(JIHU, "19m19p19s1234567z1m", "1m")) == (8, ["thirteen_orphans", "no_wilds"])
    assert summary(score(JIHU, "1122m3344p5566s77z", "7z")) == (4, ["seven_pairs", "no_wilds"])
    # the zheng patterns are not in the jihu table: a full flush is a chicken there
    assert summary(score(JIHU, "123m456m789m23m55m1f", "5m")) == (1, ["chicken"])


def test_seven_pairs_is_an_option_in_zheng():
    assert score(ZHENG, "1122m3344p5566s77z", "7z") is None
    s = score(ZHENG, "1122m3344p5566s77z", "7z", seven_pairs=True)
    assert summary(s) == (8, ["seven_pairs", "no_wilds"])
    s = score(ZHENG, "1122m3344p5566s77z", "7z", seven_pairs=True, seven_pairs_value=2)
    assert summary(s) == (4, ["seven_pairs", "no_wilds"])


def test_four_of_a_kind_counts_as_two_pairs():
    s = score(JIHU, "1111m3344p5566s77z", "7z")
    assert summary(s) == (4, ["seven_pairs", "no_wilds"])


def test_seven_pairs_with_a_lone_wildcard_waits_on_anything():
    s = score(ZHENG, "1122m3344p5566s7z1f", "7z", seven_pairs=True)
    assert summary(s) == (8, ["seven_pairs", "lone_wild"])


def test_flush_patterns_apply_to_seven_pairs():
    s = score(ZHENG, "1122m3344m5566m77m", "7m", seven_pairs=True)
    # 清一色 ×5 beats 七对 ×4 when the pairs are all of one suit
    assert summary(s) == (10, ["full_flush", "no_wilds"])


def test_lone_wild_needs_a_wait_on_every_kind():
    s = score(ZHENG, "111222333444m5m1f", "5m")
    assert summary(s) == (16, ["full_flush_pungs", "lone_wild"])
    # the same tiles won on 4m: before it the hand was not complete with any kind
    s = score(ZHENG, "111222333444m5m1f", "4m")
    assert s is not None and "lone_wild" not in s.patterns


def test_wild_on_wild_self_drawn():
    s = score(ZHENG, "111222333444m1f2f", "2f", self_drawn=True)
    assert summary(s) == (32, ["full_flush_pungs", "wild_on_wild"])


def test_nobody_wins_on_a_discarded_wildcard():
    assert score(ZHENG, "111222333444m1f2f", "2f") is None
    assert score(JIHU, "123m456p789s11z22z1f", "1f") is None


def test_a_self_drawn_wildcard_may_complete_an_ordinary_wait():
    s = score(JIHU, "123m456p789s11z22z1f", "1f", self_drawn=True)
    assert summary(s) == (1, ["chicken"])


def test_no_wilds_bonus_and_its_option():
    assert summary(score(ZHENG, "111m222m333m555m99m", "9m")) == (16, ["full_flush_pungs", "no_wilds"])
    s = score(ZHENG, "111m222m333m555m99m", "9m", no_wilds_bonus=False)
    assert summary(s) == (8, ["full_flush_pungs"])


def test_self_draw_only_refuses_discard_wins():
    assert score(JIHU, "123m456p789s123m11z", "1z", self_draw_only=True) is None
    assert score(JIHU, "123m456p789s123m11z", "1z", self_draw_only=True, self_drawn=True) is not None


def test_robbing_a_kong_follows_its_option():
    assert score(JIHU, "123m456p789s123m11z", "1z", situations=["robbing_kong"]) is not None
    assert score(JIHU, "123m456p789s123m11z", "1z", situations=["robbing_kong"], robbing_kong=False) is None


def test_melds_count_in_the_patterns():
    s = score(ZHENG, "222m33m99m1f", "9m", melds=["pung 555m", "kong 7777m"])
    assert summary(s) == (8, ["full_flush_pungs"])


class TestBestReadingOfWildcards:
    def test_wildcard_read_into_the_suit_for_a_flush(self):
        s = score(ZHENG, "123m456m789m234m5m1f", "4m", self_drawn=True)
        assert summary(s) == (5, ["full_flush"])
        assert s is not None and s.reading is not None
        assert format_tiles(s.reading.wild_as) == "5m"

    def test_wildcards_read_inside_pungs_for_all_pungs(self):
        s = score(ZHENG, "111m222p33s44z55z1f2f", "5z")
        assert summary(s) == (3, ["all_pungs"])
        assert s is not None and s.reading is not None
        assert len(s.reading.wild_as) == 2
        assert all(shape in ("pung", "pair") for shape, _ in s.reading.groups)

    def test_a_wildcard_may_be_a_fifth_copy(self):
        # 大哥 only as 111m 222m 333m 444m + 1m 1f (a fifth 1m); 1111m222m333m44m + 1f also
        # read as 111m 123m 234m 234m + a lone 1f, so it waited on anything: 飞牌
        s = score(ZHENG, "1111m222m333m444m1f", "4m", self_drawn=True)
        assert summary(s) == (16, ["full_flush_pungs", "lone_wild"])
        assert s is not None and s.reading is not None
        assert format_tiles(s.reading.wild_as) == "1m"

    def test_three_free_wildcards_become_a_whole_pung(self):
        # 1f2f3f form a set of their own, read as an honour pung for 字一色; before 4z the
        # hand (4z and three wildcards) was complete with any kind: 飞牌
        s = score(ZHENG, "111z222z333z44z1f2f3f", "4z")
        assert summary(s) == (26, ["all_honors", "lone_wild"])

    def test_wildcards_turn_a_chicken_into_mixed_terminals(self):
        s = score(ZHENG, "11m99p11z1f2f3f4f5f6f7f8f", "8f", self_drawn=True)
        assert summary(s) == (32, ["mixed_terminals", "wild_on_wild"])


class TestFourWilds:
    def test_off_by_default(self):
        assert score_four_wilds(get_rules(ZHENG)) is None

    def test_values(self):
        zheng = score_four_wilds(get_rules(ZHENG, {"four_wilds_win": True}))
        jihu = score_four_wilds(get_rules(JIHU, {"four_wilds_win": True}))
        assert zheng is not None and (zheng.points, zheng.patterns) == (13, ("four_wilds",))
        assert jihu is not None and jihu.points == 4

    def test_an_incomplete_hand_wins_with_four_wildcards(self):
        s = score(ZHENG, "159m268p37s12z1f2f3f4f", "4f", self_drawn=True, four_wilds_win=True)
        assert summary(s) == (13, ["four_wilds"])
        assert score(ZHENG, "159m268p37s12z1f2f3f4f", "4f", self_drawn=True) is None


def test_four_wildcards_option_leaves_the_other_flowers_out():
    assert score(JIHU, "123m456p789s11z22z5f", "2z", wildcards=4) is None
    assert score(JIHU, "123m456p789s11z22z4f", "2z", wildcards=4) is not None


def test_waits_on_anything_is_every_kind_completing_the_hand():
    # 飞牌 reads the waits from the tables: the same answer as a completeness check of the
    # hand with each of the 34 kinds added
    import random

    from engine.analysis import is_complete
    from engine.family.heyuan import waits_on_anything

    def brute(rules, counts, wild, melds):
        if wild == 0:
            return False
        c = list(counts)
        for k in range(34):
            c[k] += 1
            ok = is_complete(c, wild, melds, seven_pairs=rules.seven_pairs)
            c[k] -= 1
            if not ok:
                return False
        return True

    rng = random.Random(5)
    found = 0
    for preset in ("heyuan-zheng", "heyuan-jihu"):
        rules = get_rules(preset)
        for _ in range(1500):
            wild = rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 7])
            melds = rng.choice([0, 0, 1, 2, 3, 4])
            n = 13 - wild - 3 * melds
            if n < 0:
                continue
            pool = rng.choice(
                [list(range(34)), list(range(9)), list(range(27, 34)),
                 [0, 8, 9, 17, 18, 26, *range(27, 34)], list(range(9)) + list(range(27, 34))]
            )  # fmt: skip
            counts = [0] * 34
            while sum(counts) < n:
                k = rng.choice(pool)
                if counts[k] < 4:
                    counts[k] += 1
            want = brute(rules, counts, wild, melds)
            found += want
            assert waits_on_anything(rules, counts, wild, melds) == want, (counts, wild, melds)
    assert found > 100  # the test meets hands that do wait on anything


def test_pung_part_is_the_plain_reading():
    # _pung_part written out against its plain reading with _d3, on every suit pattern of
    # up to four of a kind in five places (and the honours' width)
    import itertools

    from engine.family.heyuan import _d3, _pung_added, _pung_part

    def plain(key: bytes) -> tuple[int, int]:
        need, pair = 0, 2
        for n in key:
            if n:
                d = _d3(n)
                need += d
                pair = min(pair, (_d3(n - 2) if n >= 2 else 1) - d)
        return need, pair

    for counts in itertools.product(range(5), repeat=5):
        for key in (bytes(counts) + bytes(4), bytes(2) + bytes(counts)):
            assert _pung_part.__wrapped__(key) == plain(key)
            # each kind one more, as the pattern filter reads it per discarded tile
            added = [plain(key[:j] + bytes((key[j] + 1,)) + key[j + 1 :]) for j in range(len(key))]
            assert _pung_added.__wrapped__(key) == tuple(added)


def test_best_pattern_stops_where_the_plain_search_would_end():
    # best_pattern stops at a reading worth the most the hand's tiles and melds allow
    # (_most) and reads values from a table kept per rules (_values): the same pattern and
    # reading as the plain search over every reading, which stops only at the preset's
    # highest value, on random complete hands of both presets (seven pairs on and off)
    import random
    from functools import partial

    from engine.family import heyuan
    from engine.melds import Meld, MeldKind
    from engine.scoring.common import (
        iter_seven_pairs,
        iter_standard,
        meld_groups,
        orphans_reading,
        seven_pairs_reading,
        standard_reading,
    )

    def plain(rules, counts, wild, melds, first):
        best = None
        top = max((heyuan._value(rules, p) for p in (*rules.patterns, "seven_pairs")), default=0)

        def consider(patterns, make):
            nonlocal best
            for p in patterns:
                v = heyuan._value(rules, p)
                if v and (best is None or v > best[0]):
                    best = (v, p, make)
            return best is not None and (first or best[0] >= top)

        def done():
            return None if best is None else (best[0], best[1], best[2]())

        if not melds:
            reading = orphans_reading(counts, wild)
            if reading is not None and consider(["thirteen_orphans"], lambda: reading):
                return done()
        mg = meld_groups(melds)
        standard = iter_standard(counts, wild, melds, heyuan._SET_REPS, heyuan._PAIR_REPS)
        for groups in standard if heyuan._standard_complete(counts, wild, melds) else ():
            if consider(
                heyuan.standard_patterns(groups + mg), partial(standard_reading, groups, counts)
            ):
                return done()
        if rules.seven_pairs and not melds:
            for kinds in iter_seven_pairs(counts, wild, heyuan._PAIR_REPS):
                if consider(
                    heyuan.seven_pairs_patterns(kinds), partial(seven_pairs_reading, kinds, counts)
                ):
                    break
        return done()

    rng = random.Random(11)
    presets = [
        get_rules(ZHENG), get_rules(JIHU), get_rules(ZHENG, {"seven_pairs": True}),
        get_rules(JIHU, {"seven_pairs": True}),
    ]  # fmt: skip
    pools = [
        list(range(34)), list(range(9)), list(range(27, 34)), [0, 8, 9, 17, 18, 26, *range(27, 34)],
        list(range(9)) + list(range(27, 34)), [0, 8, 9, 17, 27, 28], list(range(18, 27)),
    ]  # fmt: skip
    found: dict[str, int] = {}
    checked = 0
    while checked < 3000:
        rules = rng.choice(presets)
        pool = rng.choice(pools)
        wild = rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5, 6])
        melds = []
        for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
            k = rng.choice(pool)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.4:
                melds.append(Meld(MeldKind.CHOW, (k, k + 1, k + 2)))
            else:
                melds.append(Meld(MeldKind.PUNG, (k, k, k)))
        counts = [0] * 34
        for m in melds:
            for t in m.tiles:
                counts[t] += 1  # (only to keep five of a kind out; taken off below)
        n = 14 - wild - 3 * len(melds)
        if n < 0:
            continue
        placed = 0
        while placed < n:
            k = rng.choice(pool)
            if counts[k] < 4:
                counts[k] += 1
                placed += 1
        for m in melds:
            for t in m.tiles:
                counts[t] -= 1
        for first in (False, True):
            want = plain(rules, counts, wild, melds, first)
            assert heyuan.best_pattern(rules, counts, wild, melds, first=first) == want, (
                rules.id, counts, wild, melds, first,
            )  # fmt: skip
            if want is not None:
                found[want[1]] = found.get(want[1], 0) + 1
        checked += 1
    # the hands meet every pattern the search can stop at
    assert set(found) >= {
        "chicken", "half_flush", "full_flush", "all_pungs", "half_flush_pungs",
        "full_flush_pungs", "mixed_terminals", "all_honors", "pure_terminals",
        "thirteen_orphans", "seven_pairs",
    }, found  # fmt: skip
