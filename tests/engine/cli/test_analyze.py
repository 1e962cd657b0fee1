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


def _analyze(*args: str, lang: str = "en_US.UTF-8"):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    env |= {"LANG": lang, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-m", "engine", "analyze", *args], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_108_tile_games_never_offer_an_honour() -> None:
    for preset in ("sichuan", "changsha"):
        bad = _analyze("12m3456p789s123z4z", "--rules", preset)
        assert bad.returncode == 2  # as evaluate: this game has no honours
        assert bad.stderr.strip() == "analyze: 1z is an honour, but this game is played without honours"
        ok = _analyze("12m3456p789s1234s", "--rules", preset)
        assert ok.returncode == 0, ok.stderr
        improving = ok.stdout.split("improving:")[1].split("=")[0]
        assert "z" not in improving and improving.strip()
        drop = _analyze("12m3456p789s123455s", "--rules", preset)  # 14 tiles: per discard
        assert "z×" not in drop.stdout


def test_pattern_names_are_in_the_readers_language() -> None:
    en = _analyze("19m19p19s1234567z1m", "--rules", "guobiao")
    assert "Thirteen Orphans" in en.stdout and "thirteen_orphans" not in en.stdout
    zh = _analyze("19m19p19s1234567z1m", "--rules", "guobiao", lang="zh_CN.UTF-8")
    assert "十三幺" in zh.stdout and "自摸" in zh.stdout and "self_drawn" not in zh.stdout
    tw = _analyze("1112345678999m5m", "--rules", "guangdong", "--lang", "zh-TW")
    assert "九蓮寶燈" in tw.stdout and "nine_gates" not in tw.stdout
