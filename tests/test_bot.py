"""Start-up of ``python bot.py``: settings, the missing-token message, logging hygiene."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot
from config import ConfigError, Settings, load_settings, read_dotenv

ROOT = Path(__file__).resolve().parents[1]


def _env_without_token() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_no_token_says_what_to_set_in_one_line_and_fails(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path, env=_env_without_token(), capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0] and "--offline" in lines[0]
    assert proc.stdout == ""


def test_dotenv_is_read_and_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\nexport DISCORD_TOKEN='abc.def'\nMAHJONG_TURN_SECONDS=12 # short\n"
        "MAHJONG_DB=\"x/y.db\"\n\nnot a line\n",
        encoding="utf-8",
    )
    assert read_dotenv(env_file)["DISCORD_TOKEN"] == "abc.def"
    s = load_settings(environ={"MAHJONG_TURN_SECONDS": "20"}, dotenv=env_file)
    assert s.token == "abc.def"
    assert s.turn_seconds == 20.0
    assert s.db_path == Path("x/y.db")
    assert "abc.def" not in repr(s)


def test_defaults_and_overridable_endpoints():
    s = load_settings(environ={}, dotenv=None)
    assert s.token is None
    assert s.db_path == Path("data/mahjong.db")
    assert s.api_base.startswith("https://discord.com/api/")
    s = load_settings(
        environ={"DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
                 "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/"},
        dotenv=None,
    )
    assert s.api_base == "http://127.0.0.1:9/api/v10"
    assert s.gateway_url == "ws://127.0.0.1:9/"


@pytest.mark.parametrize("value", ["soon", "-3"])
def test_bad_settings_are_refused_with_the_variable_named(value):
    with pytest.raises(ConfigError, match="MAHJONG_TURN_SECONDS"):
        load_settings(environ={"MAHJONG_TURN_SECONDS": value}, dotenv=None)


def test_settings_are_frozen():
    with pytest.raises(AttributeError):
        Settings().token = "x"  # type: ignore[misc]


def test_concealed_records_are_dropped_at_every_level():
    f = bot.HideConcealed()
    rec = logging.LogRecord("t", logging.INFO, __file__, 1, "hand %s", ("123m",), None)
    assert f.filter(rec)
    rec.concealed = True
    assert not f.filter(rec)
    rec.levelno = logging.DEBUG
    assert not f.filter(rec)
    sql = logging.LogRecord("aiosqlite", logging.DEBUG, __file__, 1, "executing %s", ("x",), None)
    assert not f.filter(sql)


def test_offline_only_flags_need_offline(capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main(["--autoplay", "--env-file", "/nonexistent/.env"]) != 0
    assert "--offline" in capsys.readouterr().err
