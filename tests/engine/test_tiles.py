import pytest

from engine.jokers import wild_kinds
from engine.melds import meld
from engine.rules import PRESETS, RulesError, get_rules
from engine.tiles import NotationError, format_tiles, parse, parse_one, tile_name
from tests.conftest import hand


def test_parse_and_format_round_trip():
    assert hand("123m5z2f") == [0, 1, 2, 31, 35]
    assert format_tiles(hand("9s1m5z2f1m")) == "11m9s5z2f"
    for t in range(42):
        assert parse_one(tile_name(t)) == t


@pytest.mark.parametrize("bad", ["0m", "8z", "9f", "123", "12x", "m", 5])
def test_bad_notation_is_refused_with_a_reason(bad):
    with pytest.raises(NotationError) as err:
        parse(bad)
    assert str(err.value)


def test_meld_checks_shape():
    assert meld("chow", "345s").base == 20
    with pytest.raises(NotationError):
        meld("chow", "891m")
    with pytest.raises(NotationError):
        meld("pung", "55p1f")


def test_presets_and_options():
    assert set(PRESETS) >= {"heyuan-zheng", "heyuan-jihu", "guangdong"}
    r = get_rules("heyuan-zheng", {"chicken_wins": True, "wildcards": 4})
    assert r.chicken_wins and r.tile_count == 140
    assert wild_kinds(r) == frozenset(parse("1234f"))
    with pytest.raises(RulesError):
        get_rules("nope")
    with pytest.raises(RulesError):
        get_rules("guangdong", {"wildcards": 3})
    with pytest.raises(RulesError):
        get_rules("guangdong", {"no_such_option": True})
