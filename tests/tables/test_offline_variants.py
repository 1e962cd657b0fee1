"""The variants told as changes to Guangdong play offline (``python bot.py --offline``): a typed
move at the terminal, then two autoplayed hands whose ledger matches the chips."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.tables.test_offline import ROOT, _env

VARIANTS = ["hefei", "hundred", "yangzhou", "fujian", "philippine", "nanjing", "jiangnan"]


@pytest.mark.parametrize("preset", VARIANTS)
def test_each_variant_plays_offline(tmp_path, preset):
    images = tmp_path / "img"
    typed = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--rules", preset, "--seed", "5",
         "--db", str(tmp_path / "t.db"), "--images", str(images)],
        cwd=tmp_path, env=_env(), input="1\n1\nq\n", capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert typed.returncode == 0, typed.stderr
    assert list(images.glob("*/hand.png")), typed.stdout[-2000:]
    auto = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "2",
         "--json", "--rules", preset, "--seed", "6", "--db", str(tmp_path / "a.db"),
         "--images", str(images)],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert auto.returncode == 0, auto.stderr
    out = json.loads(auto.stdout)
    assert out["rules"] == preset and out["hands"] == 2 and sum(out["chips"]) == 0
    assert out["ledger_total_change"] == 0 and out["ledger_seats"] == out["chips"]
