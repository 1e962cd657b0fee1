"""``python -m engine analyze``: text, JSON and one-line errors."""

from __future__ import annotations

import json

from engine.cli.analyze import main


def test_text_lists_discards_best_first(capsys) -> None:
    assert main(["123m456p789s1z2z3z4z1f", "--rules", "heyuan-zheng"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("heyuan-zheng · 14 tiles · 1 joker (1f)")
    assert out[1] == "shanten 1"
    assert out[3].split()[:3] == ["1z", "1", "9"]


def test_json_of_a_complete_hand(capsys) -> None:
    assert main(["1112345678999m5m", "--rules", "guangdong", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["shanten"] == -1 and obj["win"] and obj["points"] == 64
    assert obj["patterns"] == ["nine_gates"] and obj["fan"] == 6


def test_thirteen_tiles_and_melds(capsys) -> None:
    assert main(["234m567p11z22z", "--melds", "pung 555s", "--rules", "guangdong"]) == 0
    out = capsys.readouterr().out
    assert "waits: 1z×2 2z×2" in out


def test_bad_input_is_one_line(capsys) -> None:
    for argv in (["12x"], ["123m", "--rules", "nope"], ["123m456p789s1122z", "--melds", "pong 1z"]):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("analyze: ")
