"""Every command explains itself with --help, and a mistake gets one line saying what to do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.rules import PRESETS, TABLE_PRESETS

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "", env: dict[str, str] | None = None,
        cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=base | (env or {}), input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_engine_help_lists_its_commands_and_presets():
    p = run("-m", "engine", "--help")
    assert p.returncode == 0
    for word in ("evaluate", "simulate", "replay", "analyze", *PRESETS):
        assert word in p.stdout
    bad = run("-m", "engine", "frobnicate")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_each_engine_command_has_help_without_internal_references():
    for cmd in ("evaluate", "simulate", "replay"):
        p = run("-m", "engine", cmd, "--help")
        assert p.returncode == 0, (cmd, p.stderr)
        assert "usage" in p.stdout.lower() or "python -m engine" in p.stdout
        assert "contracts.md" not in p.stdout and "contract 2" not in p.stdout
        assert "``" not in p.stdout
    assert "win_tile" in run("-m", "engine", "evaluate", "--help").stdout


def test_bot_help_is_plain_text_and_lists_presets_and_levels():
    p = run("bot.py", "--help")
    assert p.returncode == 0
    assert "``" not in p.stdout
    for pid in TABLE_PRESETS:  # the presets tables offer (riichi: the engine's only)
        assert pid in p.stdout
    assert "easy, normal, hard" in p.stdout


def test_bench_help_lists_its_modules():
    p = run("-m", "bench", "--help")
    assert p.returncode == 0
    for name in ("analysis", "engine", "render", "store", "bot"):
        assert f"\n  {name} " in p.stdout


def test_an_unknown_preset_is_one_line(tmp_path):
    p = run("bot.py", "--offline", "--rules", "nonsense", "--db", str(tmp_path / "x.db"))
    assert p.returncode == 2
    assert len(p.stderr.strip().splitlines()) == 1
    assert "heyuan-zheng" in p.stderr and "Traceback" not in p.stderr


def test_a_token_without_a_network_is_one_line(tmp_path):
    p = run("bot.py", "--db", str(tmp_path / "x.db"), "--env-file", os.devnull,
            env={"DISCORD_TOKEN": "abc.def.ghi",
                 "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # nothing listens there
                 "MAHJONG_LOG_LEVEL": "WARNING"})
    assert p.returncode == 3
    assert "Traceback" not in p.stderr
    assert p.stderr.strip().splitlines() == [p.stderr.strip().splitlines()[-1]]
    assert p.stderr.startswith("cannot reach Discord") and "--offline" in p.stderr


def test_evaluate_refuses_a_tile_that_does_not_exist():
    line = json.dumps({"rules": "heyuan-zheng", "concealed": "123m456p789s1122z", "win_tile": "9z"})
    p = run("-m", "engine", "evaluate", stdin=line + "\n")
    out = json.loads(p.stdout)
    assert "9z" in out["error"] and "win_tile" in out["error"]


def test_every_help_is_plain_text_without_markup():
    """No reStructuredText reaches a terminal: no ``double backticks``, no :mod:`roles`, and
    a module docstring's layout (its indented usage lines) is kept."""
    commands = [
        ("bot.py",), ("-m", "engine"), ("-m", "engine", "evaluate"), ("-m", "engine", "simulate"),
        ("-m", "engine", "replay"), ("-m", "engine", "analyze"), ("-m", "render"),
        ("-m", "render", "sample"), ("-m", "render", "replay"), ("-m", "bench"),
        ("-m", "bench.discord_load"), ("-m", "bench.discord_shards"), ("-m", "store.copy"),
    ]
    for cmd in commands:
        p = run(*cmd, "--help")
        assert p.returncode == 0, (cmd, p.stderr)
        for markup in ("`", ":mod:", ":func:", ":class:", ":meth:"):
            assert markup not in p.stdout, (cmd, markup, p.stdout)
    lines = run("-m", "render", "--help").stdout.splitlines()
    assert "    python -m render sample --out DIR        one picture of each kind, per language" \
        in lines
