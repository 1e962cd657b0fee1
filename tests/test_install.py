"""``pip install .`` gives a bot that runs away from the checkout: the fonts, migrations and
analysis tables travel as data files, ``mahjong-bot`` is a console script, and ``bench``
imports nothing from ``tests``.

The install goes to a fresh prefix with ``--no-deps`` (this environment already has the
dependencies), which exercises the same wheel, data files and entry point as a fresh venv;
``--ignore-installed`` keeps pip from uninstalling this environment's own (editable) copy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_installed_bot_runs_outside_the_checkout(tmp_path):
    prefix = tmp_path / "prefix"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--ignore-installed",
         "--prefix", str(prefix), str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    site = Path(sysconfig.get_path("purelib", vars={"base": str(prefix),
                                                    "platbase": str(prefix)}))
    share = prefix / "share" / "mahjong-table"
    assert (share / "migrations" / "0001_ledger_and_games.sql").exists()
    assert list((share / "fonts").glob("*.otf")) and list((share / "analysis").glob("*.bin"))
    assert not (site / "tests").exists()
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    where = subprocess.run(
        [sys.executable, "-c", "import engine, render.fonts, store.migrations as m, bench; "
         "import bench.discord_load; print(engine.__file__); print(render.fonts.FONT_DIR); "
         "print(m.MIGRATIONS_DIR)"],
        cwd=run_dir, env=env, capture_output=True, text=True, timeout=60,
    )
    assert where.returncode == 0, where.stderr
    engine_file, fonts, migrations = where.stdout.split()
    assert engine_file.startswith(str(site)) and fonts.startswith(str(share))
    assert migrations.startswith(str(share))
    script = prefix / "bin" / "mahjong-bot"
    assert script.exists()
    game = subprocess.run(
        [str(script), "--offline", "--autoplay", "--hands", "1", "--json", "--seed", "5",
         "--env-file", str(run_dir / "none.env")],
        cwd=run_dir, env=env, capture_output=True, text=True, timeout=180,
    )
    assert game.returncode == 0, game.stderr[-3000:]
    out = json.loads(game.stdout)
    assert out["hands"] == 1 and out["ledger_total_change"] == 0
    assert (run_dir / "data" / "mahjong.db").exists()
    assert (run_dir / "data" / "offline-images" / out["table"] / "settlement-1.png").exists()
    help_ = subprocess.run([str(script), "--help"], cwd=run_dir, env=env, capture_output=True,
                           text=True, timeout=60)
    assert help_.stdout.startswith("usage: mahjong-bot")


def test_bench_does_not_import_tests():
    for path in (ROOT / "bench").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "from tests" not in text and "import tests" not in text, path
