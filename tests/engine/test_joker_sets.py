"""Jokers in sets (option ``joker_sets``): the tiles a pong, kong or quint with wild tiles
takes from a hand, and melds that hold wild tiles."""

from __future__ import annotations

import pytest

from engine.joker_sets import call_tiles, declared_tiles, wild_count
from engine.melds import Meld, MeldKind, meld
from engine.tiles import NotationError, format_tiles, parse, parse_one, to_counts

T = parse_one
WILD_5M = frozenset({T("5m")})  # fujian, turned 5m: the other 5m are wild


def _call(hand: str, discard: str, size: int, wild: frozenset[int] = WILD_5M) -> str | None:
    got = call_tiles(to_counts(parse(hand)), wild, T(discard), size)
    return None if got is None else format_tiles(got)


def _declare(hand: str, kind: str, size: int, wild: frozenset[int] = WILD_5M) -> str | None:
    got = declared_tiles(to_counts(parse(hand)), wild, T(kind), size)
    return None if got is None else format_tiles(got)


def test_the_pages_example_a_natural_and_a_wild_tile_pong_the_discard() -> None:
    # W holds 9p and a wild 5m and pongs N's 9p
    assert _call("1235m9p789s11z", "9p", 3) == format_tiles(parse("9p5m"))


def test_two_wild_tiles_pong_any_discard() -> None:
    assert _call("55m123p789s1234z", "7z", 3) == "55m"
    assert _call("5m123p789s1234z", "7z", 3) is None  # one wild tile is not enough


def test_natural_tiles_go_in_first() -> None:
    assert _call("555m99p", "9p", 3) == "99p"
    assert _call("555m99p", "9p", 4) == format_tiles(parse("99p5m"))
    assert _call("555m99p", "9p", 5) == format_tiles(parse("99p55m"))
    assert _call("5m99p", "9p", 5) is None


def test_a_discarded_wild_tile_is_never_claimed() -> None:
    assert _call("55m99p", "5m", 3) is None


def test_the_lowest_wild_kind_goes_in_first() -> None:
    wild = frozenset({T("7z"), T("1m")})  # two wild kinds
    assert _call("1m7z", "3s", 3, wild) == format_tiles(parse("1m7z"))
    assert _call("11m7z", "3s", 3, wild) == "11m"


def test_a_declared_set_needs_one_natural_tile() -> None:
    assert _declare("9p555m", "9p", 4) == format_tiles(parse("9p555m"))
    assert _declare("99p555m", "9p", 5) == format_tiles(parse("99p555m"))
    assert _declare("5555m", "9p", 4) is None  # four wild tiles name no kind
    assert _declare("999p5m", "9p", 5) is None
    assert _declare("9999p", "9p", 4) == "9999p"


def test_set_sizes_are_checked() -> None:
    with pytest.raises(ValueError):
        call_tiles(to_counts(parse("99p")), WILD_5M, T("9p"), 2)
    with pytest.raises(ValueError):
        declared_tiles(to_counts(parse("999p")), WILD_5M, T("9p"), 3)


def test_wild_count() -> None:
    assert wild_count(parse("9p55m"), T("9p")) == 2
    assert wild_count(parse("999p"), T("9p")) == 0


def test_a_meld_with_a_wild_tile_reads_as_its_kind_and_round_trips() -> None:
    m = Meld(MeldKind.PUNG, tuple(parse("999p")), T("9p"), 2, (T("5m"),))
    assert m.base == T("9p") and m.is_triplet
    out = m.to_json()
    assert out == {"type": "pung", "tiles": "999p", "called": "9p", "from": 2, "wild": "5m"}
    assert Meld.from_json(out) == m


def test_a_meld_without_wild_tiles_writes_as_before() -> None:
    m = meld("kong", "9999p", "9p", 1)
    assert "wild" not in m.to_json()
    assert Meld.from_json(m.to_json()) == m and m.wild == ()


@pytest.mark.parametrize(
    ("kind", "tiles", "wild"),
    [("chow", "123m", "5m"), ("pung", "999p", "55m5s"), ("kong", "9999p", "5555m")],
)
def test_no_chow_with_wild_tiles_and_one_natural_tile_names_a_set(
    kind: str, tiles: str, wild: str
) -> None:
    with pytest.raises(NotationError):
        Meld(MeldKind(kind), tuple(parse(tiles)), None, None, tuple(parse(wild)))
    with pytest.raises(NotationError):
        Meld.from_json({"type": kind, "tiles": tiles, "wild": wild})
