"""The ``riichi`` preset: played by the engine and offered at tables, its family in the registry, its option ``aka``, the payments tables of the rule page,
and the yaku names players read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import i18n
from engine.family import family_of
from engine.family.riichi import RiichiFamily
from engine.riichi.payments import hand_cost
from engine.riichi.yaku import YAKU, YAKU_IDS
from engine.rules import (
    ENGINE_ONLY_PRESETS,
    PRESETS,
    SCORING_PRESETS,
    TABLE_PRESETS,
    RulesError,
    get_rules,
)
from engine.scoring import WinContext, score_win
from engine.tiles import parse, parse_one
from i18n.patterns import pattern_name

ROOT = Path(__file__).resolve().parents[3]


def test_riichi_is_played_by_the_engine_and_offered_at_tables() -> None:
    assert "riichi" in PRESETS and "riichi" not in SCORING_PRESETS
    assert "riichi" not in ENGINE_ONLY_PRESETS and "riichi" in TABLE_PRESETS
    rules = get_rules("riichi")
    assert rules.family == "riichi" and rules.aka == 3
    assert get_rules("riichi", {"aka": 0}).aka == 0
    with pytest.raises(RulesError, match="has no option 'aka'"):
        get_rules("guobiao", {"aka": 0}, scoring=True)
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "riichi", "--hands", "1",
         "--seed", "1"], capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_the_family_is_registered_and_scores_through_the_common_path() -> None:
    rules = get_rules("riichi", scoring=True)
    family = family_of(rules)
    assert isinstance(family, RiichiFamily)
    assert family_of(get_rules("guobiao")).evaluate_line(get_rules("guobiao"), {}) is None
    # example 6b of the rule page through score_win (no riichi, no dora in a WinContext yet)
    ctx = WinContext(self_drawn=True, seat_wind=1)
    from engine.melds import meld

    s = score_win(rules, parse("222m444p66688s"), [meld("pung", "999m")], parse_one("6s"), ctx)
    assert s is not None and s.points == 8000 and s.fan == 4
    assert s.patterns == ("toitoi", "san_ankou")
    assert score_win(rules, parse("234m345p99p678s"), [meld("chow", "123m")], parse_one("8s"),
                     WinContext(seat_wind=1)) is None  # no yaku


# the rule page's tables below mangan: (fu, han) -> (non-dealer ron, tsumo non-dealer/dealer,
# dealer ron, dealer tsumo each); None where the page says it does not occur
BELOW_MANGAN = {
    (20, 2): (None, (400, 700), None, 700), (20, 3): (None, (700, 1300), None, 1300),
    (20, 4): (None, (1300, 2600), None, 2600),
    (25, 2): (1600, None, 2400, None), (25, 3): (3200, (800, 1600), 4800, 1600),
    (25, 4): (6400, (1600, 3200), 9600, 3200),
    (30, 1): (1000, (300, 500), 1500, 500), (30, 2): (2000, (500, 1000), 2900, 1000),
    (30, 3): (3900, (1000, 2000), 5800, 2000), (30, 4): (7700, (2000, 3900), 11600, 3900),
    (40, 1): (1300, (400, 700), 2000, 700), (40, 2): (2600, (700, 1300), 3900, 1300),
    (40, 3): (5200, (1300, 2600), 7700, 2600),
    (50, 1): (1600, (400, 800), 2400, 800), (50, 2): (3200, (800, 1600), 4800, 1600),
    (50, 3): (6400, (1600, 3200), 9600, 3200),
    (60, 1): (2000, (500, 1000), 2900, 1000), (60, 2): (3900, (1000, 2000), 5800, 2000),
    (60, 3): (7700, (2000, 3900), 11600, 3900),
    (70, 1): (2300, (600, 1200), 3400, 1200), (70, 2): (4500, (1200, 2300), 6800, 2300),
    (80, 1): (2600, (700, 1300), 3900, 1300), (80, 2): (5200, (1300, 2600), 7700, 2600),
    (90, 1): (2900, (800, 1500), 4400, 1500), (90, 2): (5800, (1500, 2900), 8700, 2900),
    (100, 1): (3200, (800, 1600), 4800, 1600), (100, 2): (6400, (1600, 3200), 9600, 3200),
    (110, 1): (3600, (900, 1800), 5300, 1800), (110, 2): (7100, (1800, 3600), 10600, 3600),
}  # fmt: skip


@pytest.mark.parametrize(("fu_han", "expected"), BELOW_MANGAN.items())
def test_the_page_payment_table(fu_han, expected) -> None:
    fu, han = fu_han
    ron, tsumo, dealer_ron, dealer_tsumo = expected
    if ron is not None:
        assert hand_cost(han, fu, yakuman=False, dealer=False, self_drawn=False)[0] == ron
        assert hand_cost(han, fu, yakuman=False, dealer=True, self_drawn=False)[0] == dealer_ron
    if tsumo is not None:
        main, additional, _ = hand_cost(han, fu, yakuman=False, dealer=False, self_drawn=True)
        assert (additional, main) == tsumo
        assert hand_cost(han, fu, yakuman=False, dealer=True, self_drawn=True)[1] == dealer_tsumo


@pytest.mark.parametrize(
    ("han", "fu", "yakuman", "ron", "dealer_ron", "level"),
    [
        (4, 40, False, 8000, 12000, "mangan"), (3, 70, False, 8000, 12000, "mangan"),
        (5, 30, False, 8000, 12000, "mangan"), (7, 30, False, 12000, 18000, "haneman"),
        (10, 30, False, 16000, 24000, "baiman"), (12, 30, False, 24000, 36000, "sanbaiman"),
        (15, 20, False, 32000, 48000, "kazoe yakuman"), (30, 40, False, 32000, 48000, "kazoe yakuman"),
        (13, 40, True, 32000, 48000, "yakuman"), (39, 50, True, 96000, 144000, "3x yakuman"),
        (78, 40, True, 192000, 288000, "6x yakuman"),
    ],
)  # fmt: skip
def test_the_limits(han, fu, yakuman, ron, dealer_ron, level) -> None:
    assert hand_cost(han, fu, yakuman=yakuman, dealer=False, self_drawn=False) == (ron, 0, level)
    assert hand_cost(han, fu, yakuman=yakuman, dealer=True, self_drawn=False)[0] == dealer_ron
    main, additional, _ = hand_cost(han, fu, yakuman=yakuman, dealer=False, self_drawn=True)
    assert main + 2 * additional == ron and main == 2 * additional


def test_every_yaku_has_its_names_for_players() -> None:
    assert tuple(y.id for y in YAKU) == YAKU_IDS
    for y in YAKU_IDS:
        names = [pattern_name(y, loc, "riichi") for loc in i18n.LOCALES]
        assert all(names), y
        assert i18n.has(f"pattern.riichi.{y}.desc")
    assert pattern_name("riichi", "zh-CN", "riichi") == "立直"
    assert pattern_name("ippatsu", "zh-TW", "riichi") == "一發"
    assert pattern_name("pinfu", "en", "riichi").startswith("Pinfu")  # the romaji first
