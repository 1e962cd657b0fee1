"""The rule page's worked examples (``riichi.md``, "Worked examples"), each through
``python -m engine evaluate`` in a subprocess as a user runs it, and each equal to the
reference library's answer where the library answers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


def line(concealed: str, win: str | None = None, **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"rules": "riichi", "concealed": concealed}
    if win is not None:
        out["win_tile"] = win
    out.update(fields)
    return out


def chow(t: str) -> dict[str, str]:
    return {"type": "chow", "tiles": t}


def pung(t: str) -> dict[str, str]:
    return {"type": "pung", "tiles": t}


# (example number, line, what the page says: points, han, fu, yaku, payments)
EXAMPLES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("1", line("234m456678p06799s", "4p", seat_wind=3, riichi=True, self_drawn=True,
               dora_indicators="1z", ura_dora_indicators="7z"),
     {"points": 5200, "han": 4, "fu": 20, "payments": {"dealer": 2600, "non_dealer": 1300},
      "yaku": {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "aka_dora": 1}}),
    ("2", line("234567m23455p", "2p", melds=[chow("678s")], seat_wind=2),
     {"points": 1000, "han": 1, "fu": 30, "yaku": {"tanyao": 1}}),
    ("3", line("123345m999p678s11z", "4m", seat_wind=1, round_wind=1, riichi=True),
     {"points": 2400, "han": 1, "fu": 50, "yaku": {"riichi": 1},
      "payments": {"discarder": 2400}}),
    ("4", line("1199m3377p5588s22z", "2z", seat_wind=2, riichi=True),
     {"points": 3200, "han": 3, "fu": 25, "yaku": {"riichi": 1, "chiitoitsu": 2}}),
    ("5", line("12345688999p", "9p", melds=[pung("777z")], seat_wind=3),
     {"points": 3900, "han": 3, "fu": 30, "yaku": {"yakuhai_chun": 1, "honitsu": 2}}),
    ("6a", line("222m444p66688s", "6s", melds=[pung("999m")], seat_wind=2),
     {"points": 2600, "han": 2, "fu": 40, "yaku": {"toitoi": 2}}),
    ("6b", line("222m444p66688s", "6s", melds=[pung("999m")], seat_wind=2, self_drawn=True),
     {"points": 8000, "han": 4, "fu": 40, "yaku": {"toitoi": 2, "san_ankou": 2},
      "payments": {"dealer": 4000, "non_dealer": 2000}}),
    ("7", line("234567m345p55678s", "3p", seat_wind=4, riichi=True, dora_indicators="4m"),
     {"points": 7700, "han": 4, "fu": 30,
      "yaku": {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}}),
    ("8", line("223344m067p34588s", "7p", seat_wind=1, riichi=True, self_drawn=True),
     {"points": 18000, "han": 6, "fu": 20, "payments": {"non_dealer": 6000},
      "yaku": {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "tanyao": 1, "iipeiko": 1,
               "aka_dora": 1}}),
    ("9", line("12233440556789m", "9m", seat_wind=2, riichi=True, self_drawn=True,
               dora_indicators="4m"),
     {"points": 32000, "han": 15, "fu": 20, "payments": {"dealer": 16000, "non_dealer": 8000},
      "yaku": {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "ittsu": 2, "chinitsu": 6,
               "dora": 3, "aka_dora": 1}}),
    ("10", line("11122255z", "5z", melds=[pung("333z"), pung("444z")], seat_wind=3),
     {"points": 96000, "han": 39, "fu": 50, "yaku": {"tsuu_iisou": 13, "dai_suushii": 26}}),
    ("11", line("19m19p199s1234567z", "9s", seat_wind=1, self_drawn=True),
     {"points": 96000, "han": 26, "fu": 0, "payments": {"non_dealer": 32000},
      "yaku": {"kokushi_musou_juusanmen_matchi": 26}}),
    ("12", line("234678m34599p", "5p", melds=[{"type": "concealed_kong", "tiles": "7777s"}],
                seat_wind=2, self_drawn=True, situation=["kong_replacement"],
                dora_indicators="1z2z"),
     {"points": 2700, "han": 2, "fu": 40, "payments": {"dealer": 1300, "non_dealer": 700},
      "yaku": {"menzen_tsumo": 1, "rinshan_kaihou": 1}}),
    ("13", line("123456m777p12355s", "3s", seat_wind=3, riichi=True,
                situation=["robbing_kong"], dora_indicators="9m"),
     {"points": 5200, "han": 3, "fu": 40, "yaku": {"riichi": 1, "chankan": 1, "dora": 1}}),
]  # fmt: skip
NO_WIN = ("14", line("234m345p99p678s", "8s", melds=[chow("123m")], seat_wind=2,
                     dora_indicators="8p"))
READY = [
    ("15", line("12367m234p22s", melds=[chow("234s")]), {"shanten": 0, "waits": "58m"}),
    ("16", line("1199m3377p5588s2z"), {"shanten": 0, "waits": "2z"}),
    ("17", line("19m19p19s1234567z"), {"shanten": 0, "waits": "19m19p19s1234567z"}),
]


@pytest.fixture(scope="module")
def answers() -> dict[str, dict[str, Any]]:
    cases = [(n, ln) for n, ln, _ in EXAMPLES] + [NO_WIN] + [(n, ln) for n, ln, _ in READY]
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate"],
        input="".join(json.dumps(ln) + "\n" for _, ln in cases),
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=True,
    )  # fmt: skip
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == len(cases)
    return {n: a for (n, _), a in zip(cases, out, strict=True)}


@pytest.mark.parametrize(("number", "case", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example(answers, number, case, expected) -> None:
    got = answers[number]
    assert got["win"] is True
    for key, value in expected.items():
        assert got[key] == value, (key, got)
    assert got["patterns"] == list(expected["yaku"])  # the table's order
    assert sum(got["yaku"].values()) == got["han"]
    assert got["points"] == sum(
        v * (2 if k == "non_dealer" and "dealer" in got["payments"] else
             3 if k == "non_dealer" else 1)
        for k, v in got["payments"].items()
    )  # fmt: skip


def test_two_dora_are_no_yaku(answers) -> None:
    assert answers[NO_WIN[0]] == {"win": False}


@pytest.mark.parametrize(("number", "case", "expected"), READY, ids=[e[0] for e in READY])
def test_worked_ready_hand(answers, number, case, expected) -> None:
    assert answers[number] == expected


@pytest.mark.parametrize(
    ("number", "case"), [(n, c) for n, c, _ in EXAMPLES] + [NO_WIN], ids=[e[0] for e in EXAMPLES] + ["14"]
)
def test_worked_example_is_the_library_answer(answers, number, case) -> None:
    pytest.importorskip("mahjong")
    from bench.riichi_library import library_answer

    assert answers[number] == library_answer(case)
