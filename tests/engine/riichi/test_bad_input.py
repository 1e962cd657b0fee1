"""Riichi ``evaluate`` lines that cannot be scored get ``{"error": …}`` saying why: the
contract's bad input, what the reference library refuses, and what cannot happen at a
riichi table though the library would score it (rule page ``riichi.md``, "Bad input")."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli.evaluate import run

# a plain winning hand to spoil: riichi, pinfu, tanyao
GOOD: dict[str, Any] = {"rules": "riichi", "concealed": "234567m345p55678s", "win_tile": "3p",
                        "seat_wind": 2, "riichi": True}  # fmt: skip
KONG = [{"type": "concealed_kong", "tiles": "7777s"}]
CHOW = [{"type": "chow", "tiles": "678s"}]


def ask(**changes: Any) -> dict[str, Any]:
    obj = {**GOOD, **changes}
    obj = {k: v for k, v in obj.items() if v is not None}
    out = io.StringIO()
    run([json.dumps(obj)], out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def test_the_good_line_wins() -> None:
    got = ask()
    assert got["win"] is True and got["points"] == 3900


BAD: list[tuple[str, dict[str, Any], str]] = [
    # tiles
    ("red five without aka", {"concealed": "234067m345p5678s", "win_tile": "3p",
                              "options": {"aka": 0}}, "without them"),
    ("two red 5m", {"concealed": "234067m345p0678s", "dora_indicators": "0m"}, "0m appears 2"),
    ("four plain fives with aka", {"concealed": "234555m345p5678s", "dora_indicators": "5m"},
     "one of the four is red"),
    ("a fifth copy with an indicator", {"dora_indicators": "33p", "ura_dora_indicators": "33p"},
     "appears 5 times"),
    ("a fifth copy in a meld", {"concealed": "234m345p555s99p", "melds": [
        {"type": "pung", "tiles": "999p"}], "riichi": None, "win_tile": "2m"}, "appears 5"),
    ("six dora indicators", {"dora_indicators": "1z2z3z4z5z6z"}, "at most 5"),
    ("more ura than dora", {"dora_indicators": "1z", "ura_dora_indicators": "2z3z"},
     "each ura-dora lies under one"),
    ("0z", {"concealed": "234567m345p55678s", "dora_indicators": "0z"}, "0z does not exist"),
    ("flowers", {"concealed": "234567m345p5567s1f"}, "without flowers"),
    ("bad notation", {"concealed": "234567m345p55678x"}, "unexpected"),
    ("15 tiles", {"concealed": "234567m345p556789s"}, "15 tiles"),
    ("no win tile", {"win_tile": None}, "needs \"win_tile\""),
    ("win tile not held", {"win_tile": "9p"}, "not among the concealed"),
    ("red win tile not held", {"win_tile": "0m"}, "not among the concealed"),
    ("bad meld", {"concealed": "234567m345p55s", "melds": [{"type": "chow", "tiles": "679s"}],
                  "riichi": None}, "not a valid chow"),
    ("five melds", {"melds": [{"type": "pung", "tiles": "111z"}] * 5}, "at most four melds"),
    ("unknown option", {"options": {"unit": 2}}, "riichi has no option"),
    ("aka value", {"options": {"aka": 4}}, "does not accept"),
    # what the library refuses
    ("riichi with an open meld", {"concealed": "234567m345p55s", "melds": CHOW, "win_tile": "3p"},
     "closed hand"),
    ("double riichi with an open meld", {"concealed": "234567m345p55s", "melds": CHOW,
                                         "riichi": None, "double_riichi": True}, "closed hand"),
    ("ippatsu without riichi", {"riichi": None, "ippatsu": True}, "needs \"riichi\""),
    ("chankan self-drawn", {"situation": ["robbing_kong"], "self_drawn": True}, "not self-drawn"),
    ("rinshan on a discard", {"concealed": "234567m345p55s", "melds": KONG,
                              "situation": ["kong_replacement"]}, "self-drawn win"),
    ("haitei with rinshan", {"concealed": "234567m345p55s", "melds": KONG, "self_drawn": True,
                             "situation": ["kong_replacement", "last_tile"]}, "cannot go with"),
    ("houtei with chankan", {"situation": ["robbing_kong", "last_tile"]}, "cannot go with"),
    ("tenhou not the dealer", {"riichi": None, "self_drawn": True, "situation": ["heavenly"]},
     "of the dealer"),
    ("tenhou on a discard", {"riichi": None, "seat_wind": 1, "situation": ["heavenly"]},
     "self-drawn win"),
    ("tenhou with a kong", {"concealed": "234567m345p55s", "melds": KONG, "riichi": None,
                            "seat_wind": 1, "self_drawn": True, "situation": ["heavenly"]},
     "remove the melds"),
    ("chiihou as the dealer", {"riichi": None, "seat_wind": 1, "self_drawn": True,
                               "situation": ["earthly"]}, "of a non-dealer"),
    ("chiihou on a discard", {"riichi": None, "situation": ["earthly"]}, "self-drawn win"),
    ("chiihou with a meld", {"concealed": "234567m345p55s", "melds": CHOW, "riichi": None,
                             "self_drawn": True, "situation": ["earthly"]}, "remove the melds"),
    # what cannot happen at a table
    ("rinshan without a kong", {"self_drawn": True, "situation": ["kong_replacement"]},
     "needs a kong"),
    ("tenhou with riichi", {"seat_wind": 1, "self_drawn": True, "situation": ["heavenly"]},
     "without riichi"),
    ("chiihou with haitei", {"riichi": None, "self_drawn": True,
                             "situation": ["earthly", "last_tile"]}, "cannot go with"),
    ("dealer against seat", {"dealer": True}, "disagrees"),
    ("renhou", {"situation": ["human"]}, "no renhou"),
    ("flower replacement", {"self_drawn": True, "situation": ["flower_replacement"]},
     "without flowers"),
    ("unknown situation", {"situation": ["moon"]}, "unknown situation"),
    ("joker indicator", {"indicator": "4m"}, "dora_indicators"),
    ("seat wind 5", {"seat_wind": 5}, "1..4"),
    ("riichi not a bool", {"riichi": 1}, "true or false"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "changes", "says"), BAD, ids=[b[0] for b in BAD])
def test_bad_line_is_refused_with_a_reason(name: str, changes: dict[str, Any], says: str) -> None:
    got = ask(**changes)
    assert set(got) == {"error"}, got
    assert says in got["error"], got["error"]


def test_ura_dora_without_riichi_is_ignored_not_refused() -> None:
    plain = ask(riichi=None, concealed="234567m345p55678s", melds=None, self_drawn=True)
    with_ura = ask(riichi=None, self_drawn=True, dora_indicators="1z", ura_dora_indicators="4m")
    assert plain["points"] == with_ura["points"] and "ura_dora" not in with_ura["yaku"]


def test_last_of_kind_changes_nothing_and_red_five_is_a_five() -> None:
    assert ask(situation=["last_of_kind"]) == ask()
    red = ask(concealed="234567m345p50678s")
    assert red["yaku"]["aka_dora"] == 1 and red["han"] == ask()["han"] + 1
    assert ask(concealed="234567m345p50678s", options={"aka": 0})["error"]
    # the other games keep refusing 0 and the riichi fields mean nothing there
    out = io.StringIO()
    run([json.dumps({"rules": "guobiao", "concealed": "0m"})], out)
    assert "error" in json.loads(out.getvalue())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**6), max_value=10**6)
    | st.floats(allow_nan=False) | st.text(alphabet="0123456789mpszf_ab", max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
FIELDS = ("options", "concealed", "melds", "win_tile", "self_drawn", "seat_wind", "round_wind",
          "situation", "riichi", "double_riichi", "ippatsu", "dora_indicators",
          "ura_dora_indicators", "indicator", "flowers", "dealer")  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(FIELDS), json_values), max_size=4),
       st.sampled_from(["234567m345p55678s", "234567m345p055678s", "1199m3377p5588s22z"]))
def test_any_line_gets_an_answer_or_a_reason_never_an_internal_error(changes, concealed) -> None:
    obj: dict[str, Any] = {**GOOD, "concealed": concealed}
    for name, value in changes:
        obj[name] = value
    out = io.StringIO()
    run([json.dumps(obj)], out)
    got = json.loads(out.getvalue())
    assert "internal error" not in got.get("error", ""), (obj, got)
