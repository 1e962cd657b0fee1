"""The 100-tile game 百张: the worked examples of the rule page through ``evaluate`` and the
settlement (kong payments on top of a win, none on a drawn hand), the point table (form ×
colour, additions up to 12, specials with nothing added), the set without 万, self-draw only;
``simulate`` zero-sum and deterministic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.evaluate import _answer, evaluate
from engine.family import family_of
from engine.melds import MeldKind
from engine.rules import get_rules
from engine.scoring import Score
from engine.settlement import HandOutcome, KongRecord, WinRecord, settle_hand
from engine.tiles import parse_one
from engine.wall import wall_tiles

ROOT = Path(__file__).resolve().parents[3]
E, S, W, N = 1, 2, 3, 4


def ev(concealed: str, win: str | None = None, melds: tuple[str, ...] = (), **kw: object) -> dict:
    line: dict[str, object] = {"rules": "hundred", "concealed": concealed, **kw}
    if win is not None:
        line["win_tile"] = win
    if melds:
        line["melds"] = [{"type": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return evaluate(line)


# -- the page's worked examples -----------------------------------------------------------------


def test_example_1_full_flush_all_pungs_is_12():
    out = ev("333555777p99p", "9p", melds=("pung 111p",), self_drawn=True)
    assert out == {"win": True, "points": 12, "patterns": ["full_flush_pungs"]}
    # guangdong's 清碰: 5 fan, 32
    g = evaluate({"rules": "guangdong", "concealed": "333555777p99p", "win_tile": "9p",
                  "melds": [{"type": "pung", "tiles": "111p"}], "self_drawn": True})
    assert g["points"] == 32


def test_example_2_chicken_and_seat_wind_self_drawn_only():
    out = ev("123456p789s222z55s", "5s", self_drawn=True, seat_wind=S)
    assert out == {"win": True, "points": 2, "patterns": ["chicken", "seat_wind"]}
    assert ev("123456p789s222z55s", "5s", seat_wind=S) == {"win": False}  # on a discard


def test_example_3_all_chows_times_half_flush():
    out = ev("123456789234s22z", "2z", self_drawn=True, seat_wind=W)
    assert out == {"win": True, "points": 6, "patterns": ["all_chows", "half_flush"]}


def test_example_4_the_discarder_of_a_konged_tile_pays_3_on_top():
    rules = get_rules("hundred")
    win = WinRecord(1, Score(1, ("chicken",)), True, None)
    kong = KongRecord(0, MeldKind.KONG, 3, parse_one("7s"))
    s = settle_hand(rules, HandOutcome(wins=(win,), kongs=(kong,)))
    # S gets 1 from each; N also pays E 3
    assert s.deltas == (-1 + 3, 3, -1, -1 - 3)
    assert sum(s.deltas) == 0


def test_kong_payments_concealed_2_added_1_and_none_on_a_drawn_hand():
    rules = get_rules("hundred")
    win = WinRecord(2, Score(1, ("chicken",)), True, None)
    kongs = (KongRecord(0, MeldKind.CONCEALED_KONG, None, 9),
             KongRecord(1, MeldKind.ADDED_KONG, None, 10))
    s = settle_hand(rules, HandOutcome(wins=(win,), kongs=kongs))
    # E's concealed kong: 2 from each; S's added kong: 1 from each; W's win: 1 from each
    assert s.deltas == (-1 + 6 - 1, -1 - 2 + 3, 3 - 2 - 1, -1 - 2 - 1)
    drawn = settle_hand(rules, HandOutcome(wins=(), kongs=kongs, drawn=True))
    assert drawn.deltas == (0, 0, 0, 0)
    # the common table of other presets is unchanged: a concealed kong is 1 from each
    common = get_rules("guangdong", {"kong_payments": True})
    one = settle_hand(common, HandOutcome(wins=(win,), kongs=kongs[:1]))
    assert one.deltas[0] == 3 - 1


# -- the point table --------------------------------------------------------------------------------


@pytest.mark.parametrize(("concealed", "win", "melds", "kw", "points", "patterns"), [
    ("123p456p789s11z22z", "2z", (), {}, 1, ["chicken"]),
    ("123456789p11z22z", "2z", (), {}, 3, ["chicken", "half_flush"]),
    ("111234456p88p99p", "9p", (), {}, 6, ["chicken", "full_flush"]),
    ("123456789p123p5p", "5p", (), {}, 12, ["all_chows", "full_flush"]),
    ("555p999p11z22z", "2z", ("pung 111p",), {}, 6, ["half_flush_pungs"]),
    ("333p555s77z22z", "2z", ("pung 111p",), {}, 2, ["all_pungs"]),
    # additions: 门风 + 圈风 (E in the E round) + a dragon pung, on a chicken × 混一色
    ("123456p777z5p", "5p", ("pung 111z",), {}, 3 + 1 + 1 + 1,
     ["chicken", "half_flush", "seat_wind", "round_wind", "dragon_pung"]),
    # the seat wind of another seat adds nothing
    ("123456p777z5p", "5p", ("pung 111z",), {"seat_wind": S, "round_wind": S}, 3 + 1,
     ["chicken", "half_flush", "dragon_pung"]),
])
def test_the_table(concealed, win, melds, kw, points, patterns):
    out = ev(concealed + win, win, melds=melds, self_drawn=True, **kw)
    assert (out["points"], out["patterns"]) == (points, patterns), out


def test_additions_stop_at_12_and_do_not_add_to_a_special():
    # 混一色对对胡 6 + 门风 + 圈风 + 2 dragon pungs = 10; 小三元 6: the larger, 10
    out = ev("555z666z77z111p", "1p", melds=("pung 111z",), self_drawn=True)  # 14 with 1p
    assert out["points"] == 6 + 1 + 1 + 2
    assert out["patterns"] == ["half_flush_pungs", "seat_wind", "round_wind", "dragon_pung",
                               "dragon_pung"]
    # 清一色 平胡 12 + 杠上开花: still 12
    out = ev("123456789p123p33p", "3p", self_drawn=True, situation=["kong_replacement"])
    assert out == {"win": True, "points": 12,
                   "patterns": ["all_chows", "full_flush", "kong_replacement"]}
    # 大三元 12, nothing added
    out = ev("555666777z123p11s", "1s", self_drawn=True)
    assert out == {"win": True, "points": 12, "patterns": ["big_dragons"]}


@pytest.mark.parametrize(("line", "why"), [
    ({"concealed": "123m456p789s222z55s", "win_tile": "5s", "self_drawn": True}, "万"),
    ({"concealed": "456p789s222z55s", "win_tile": "5s", "self_drawn": True,
      "melds": [{"type": "chow", "tiles": "123p"}]}, "no chow"),
])
def test_bad_input(line, why):
    assert why in _answer(json.dumps({"rules": "hundred", **line}))["error"]


def test_waits_never_name_a_wan_and_the_set_is_100_tiles():
    assert ev("123456789234s2z") == {"shanten": 0, "waits": "2z"}
    rules = get_rules("hundred")
    tiles = wall_tiles(rules)
    assert len(tiles) == 100 == rules.tile_count and min(tiles) == 9
    assert rules.self_draw_only and not rules.chow and not rules.robbing_kong
    assert family_of(rules).value_style == "points"


# -- simulate --------------------------------------------------------------------------------------


def _simulate(tmp_path: Path, name: str) -> tuple[dict, str]:
    log = tmp_path / f"{name}.jsonl"
    p = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "hundred", "--hands", "4",
         "--seed", "33", "--players", "normal,easy,greedy,hard", "--log", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), log.read_text()


def test_simulate_is_zero_sum_and_deterministic_and_every_win_is_self_drawn(tmp_path):
    a, log_a = _simulate(tmp_path, "a")
    b, log_b = _simulate(tmp_path, "b")
    assert a["hands"] == 4 and sum(a["chips"]) == 0
    assert a["chips"] == b["chips"] and log_a == log_b
    assert a["wins"] == a["self_draws"] > 0
    assert '"m"' not in log_a and not any(f'"{n}m"' in log_a for n in range(1, 10))


def test_a_discard_that_completes_a_hand_offers_no_win_only_the_pong():
    from engine.actions import Discard
    from engine.tiles import parse_one
    from tests.engine.hand.helpers import rigged

    st = rigged(
        get_rules("hundred"),
        ["9p1s4s7s2s5s8s1234567z", "123456p789s22z55s", "111p222p333s444s6s",
         "555p666p777p111s8p"],
    )
    st.act(Discard(0, parse_one("5s")))
    # S waits on 2z/5s: the 5s would win on a discard elsewhere; here it is a pong at most
    legal = st.legal_actions(1)
    assert not legal.win and legal.pong
