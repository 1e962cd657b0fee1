"""Every path or file a user can get wrong is one line saying what to do, never a traceback
(each command run as a process, as a user runs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path, stdin: str = "",
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | (env or {})
    env["PYTHONPATH"] = str(ROOT)
    args = tuple(str(ROOT / a) if a == "bot.py" else a for a in args)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def one_line(p: subprocess.CompletedProcess[str], *words: str) -> str:
    assert p.returncode != 0, p.stdout[-500:]
    assert "Traceback" not in p.stderr, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def test_simulate_checks_where_it_writes_before_playing(tmp_path):
    sim = ("-m", "engine", "simulate", "--rules", "guangdong", "--hands", "2")
    one_line(run(*sim, "--log", "missing/x.jsonl", cwd=tmp_path),
             "--log missing/x.jsonl", "does not exist")
    (tmp_path / "logs").mkdir()
    one_line(run(*sim, "--log", "logs", cwd=tmp_path), "--log logs is a folder")
    # --duplicate would play for minutes before writing the report: refused at once
    p = run(*sim[:-1], "400", "--duplicate", "--report", "missing/r.md", cwd=tmp_path)
    one_line(p, "--report missing/r.md", "does not exist")
    assert p.stdout == ""  # nothing was played


def test_render_checks_its_out(tmp_path):
    log = tmp_path / "x.jsonl"
    assert run("-m", "engine", "simulate", "--rules", "guangdong", "--hands", "1", "--log",
               str(log), cwd=tmp_path).returncode == 0
    one_line(run("-m", "render", "replay", str(log), "--out", "missing/x.png", cwd=tmp_path),
             "--out missing/x.png", "does not exist")
    (tmp_path / "taken").write_text("a file")
    one_line(run("-m", "render", "sample", "--out", "taken", cwd=tmp_path),
             "--out taken is a file, not a folder")


def test_the_bot_names_a_bad_database_or_picture_folder_in_one_line(tmp_path):
    base = ("bot.py", "--offline", "--autoplay", "--hands", "1", "--json", "--env-file",
            os.devnull)
    (tmp_path / "noise.db").write_bytes(bytes(range(256)) * 40)
    one_line(run(*base, "--db", "noise.db", cwd=tmp_path), "noise.db", "not a database")
    (tmp_path / "folder").mkdir()
    one_line(run(*base, "--db", "folder", cwd=tmp_path), "folder is a folder")
    (tmp_path / "picture").write_text("a file")
    one_line(run(*base, "--db", "ok.db", "--images", "picture", cwd=tmp_path),
             "--images picture is a file, not a folder")


def test_the_settings_file_given_is_read_or_named(tmp_path):
    (tmp_path / "binary.env").write_bytes(b"\xff\xfe\x00binary" * 10)
    one_line(run("bot.py", "--env-file", "binary.env", cwd=tmp_path),
             "binary.env is not a settings file")
    # a missing file is no error (the environment may hold everything) but is said
    p = run("bot.py", "--offline", "--autoplay", "--hands", "1", "--json", "--db", "m.db",
            "--env-file", "missing.env", cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.count("\n") == 1
    assert p.stderr.startswith("warning: --env-file missing.env does not exist")


def test_output_into_a_closed_pipe_ends_quietly(tmp_path):
    """``mahjong-bot --offline-if-no-token | head``: the reader goes away, the bot stops
    without a BrokenPipeError traceback."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py"), "--offline-if-no-token", "--env-file", os.devnull,
         "--db", str(tmp_path / "p.db"), "--images", str(tmp_path / "img")],
        cwd=tmp_path, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
    proc.stdout.readline()  # `head -1`
    proc.stdout.close()
    try:
        proc.stdin.write("t\n" * 20 + "q\n")  # each t prints the table: into the closed pipe
        proc.stdin.close()
    except BrokenPipeError:
        pass  # it has already stopped
    assert proc.wait(timeout=60) in (0, 1)
    err = proc.stderr.read()
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_a_wrong_setting_stops_the_start_in_words(tmp_path):
    """docs/admin.md: a wrong value stops the start with one line naming the variable and
    what it accepts."""
    bot = ("bot.py", "--offline", "--autoplay", "--hands", "1", "--json", "--db", "s.db",
           "--env-file", os.devnull)
    one_line(run(*bot, cwd=tmp_path, env={"MAHJONG_LOG_LEVEL": "LOUD"}),
             "MAHJONG_LOG_LEVEL='LOUD'", "DEBUG, INFO, WARNING, ERROR, CRITICAL")
    one_line(run(*bot, cwd=tmp_path, env={"MAHJONG_STARTING_CHIPS": "1e3"}),
             "MAHJONG_STARTING_CHIPS='1e3' is not a whole number")
    one_line(run(*bot, cwd=tmp_path, env={"MAHJONG_COMPUTER_DELAY": "soon"}),
             "MAHJONG_COMPUTER_DELAY='soon' is not a number")
    # a level in lower case is the same level
    ok = run(*bot, cwd=tmp_path, env={"MAHJONG_LOG_LEVEL": "warning"})
    assert ok.returncode == 0, ok.stderr


def test_backups_are_private_like_the_database(tmp_path):
    game = run("bot.py", "--offline", "--autoplay", "--hands", "1", "--json", "--db", "b.db",
               "--env-file", os.devnull, cwd=tmp_path)
    assert game.returncode == 0, game.stderr
    assert (tmp_path / "b.db").stat().st_mode & 0o777 == 0o600
    named = run("bot.py", "--db", "b.db", "--backup", "copy.db", "--env-file", os.devnull,
                cwd=tmp_path)
    assert named.returncode == 0, named.stderr
    assert (tmp_path / "copy.db").stat().st_mode & 0o777 == 0o600
    dated = run("bot.py", "--db", "b.db", "--backup", "--env-file", os.devnull, cwd=tmp_path,
                env={"MAHJONG_BACKUP_DIR": str(tmp_path / "backups")})
    assert dated.returncode == 0, dated.stderr
    (written,) = (tmp_path / "backups").iterdir()
    assert written.stat().st_mode & 0o777 == 0o600
