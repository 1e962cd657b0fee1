"""docs/admin.md documents every slash command and every setting, and the service files it
describes (Dockerfile, compose.yaml, deploy/mahjong-bot.service) run the commands it gives."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from discord import app_commands

import config

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "admin.md").read_text(encoding="utf-8")


async def _commands() -> list[str]:
    """Every slash command as the bot registers it: its extensions loaded into a bare Bot
    (no login needed), then the tree read."""
    import discord
    from discord.ext import commands

    from discord_io.client import COGS

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for ext in COGS:
        await bot.load_extension(ext)
    names = []
    for cmd in bot.tree.get_commands():
        if isinstance(cmd, app_commands.Group):
            names += [f"/{cmd.name} {sub.name}" for sub in cmd.commands]
        else:
            names.append(f"/{cmd.name}")
    return names


async def test_every_slash_command_is_in_the_guide():
    commands = await _commands()
    assert "/mahjong-admin backup" in commands and "/mahjong-admin computers" in commands
    assert "/mahjong new" in commands and "/chips" in commands
    missing = [c for c in commands if f"`{c}" not in GUIDE]
    assert not missing, f"docs/admin.md does not describe {missing}"


def test_every_setting_is_in_the_guide_with_its_default():
    for f in dataclasses.fields(config.Settings):
        env = f.metadata["env"]
        row = next((line for line in GUIDE.splitlines() if line.startswith(f"| `{env}` |")), None)
        assert row is not None, f"{env} is not in docs/admin.md"
        default = f.default
        if default in (None, "") or env == "DISCORD_API_BASE":
            continue
        if isinstance(default, bool):  # written as the environment takes it
            shown = "1" if default else "0"
        else:
            shown = str(default) if not isinstance(default, float) or default % 1 else str(int(default))
        assert f"`{shown}`" in row, (env, shown, row)


def test_the_readme_links_the_guide():
    assert "(docs/admin.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_container_files_run_what_the_guide_says():
    docker = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    cmd = re.search(r'^CMD \[(.*)\]$', docker, re.M)
    assert cmd is not None
    command = " ".join(part.strip().strip('"') for part in cmd.group(1).split(","))
    # the guide's container commands are the image's own command (plus --sync / --backup)
    assert f"docker compose run --rm bot {command} --sync" in GUIDE
    assert f"docker compose exec bot {command} --backup" in GUIDE
    assert "RUN pip install --no-cache-dir ." in docker  # what the install test checks
    # the database is in the volume
    db = re.search(r"MAHJONG_DB=(\S+)", docker)
    assert db is not None and db.group(1).startswith("/data/")
    assert "mahjong-data:/data" in compose and "env_file: .env" in compose
    assert f"container `{db.group(1)}`" in GUIDE


def test_the_systemd_unit_runs_what_the_guide_says(tmp_path):
    unit = (ROOT / "deploy" / "mahjong-bot.service").read_text(encoding="utf-8")
    keys = dict(re.findall(r"^(\w+)=(.*)$", unit, re.M))
    workdir, exec_start = keys["WorkingDirectory"], keys["ExecStart"]
    assert exec_start.startswith(workdir + "/")
    relative = exec_start.removeprefix(workdir + "/")
    assert f"sudo -u mahjong {relative} --sync" in GUIDE
    assert f"sudo git clone <this repository> {workdir}" in GUIDE
    assert f"{keys['EnvironmentFile'].removeprefix(workdir + '/')}" == ".env"
    assert "sudo cp deploy/mahjong-bot.service /etc/systemd/system/" in GUIDE
    # the unit's ExecStart, run from a checkout like the one the guide makes, starts the bot
    # (here it stops at once: no token), and systemd accepts the unit where systemd exists
    installed = Path(sys.executable).parent / "mahjong-bot"  # this environment's script
    assert relative.split()[0] == ".venv/bin/mahjong-bot"
    local = [str(installed), *relative.split()[1:]]
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    p = subprocess.run([*local, "--env-file", str(tmp_path / "none")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "DISCORD_TOKEN is not set" in p.stderr
    analyze = shutil.which("systemd-analyze")
    if analyze is not None:
        mine = unit.replace(f"{workdir}/.venv/bin/mahjong-bot", str(installed)).replace(
            workdir, str(tmp_path)).replace("User=mahjong", "User=root").replace(
            "Group=mahjong", "Group=root")
        (tmp_path / "data").mkdir()
        (tmp_path / ".env").write_text("")
        (tmp_path / "mahjong-bot.service").write_text(mine)
        check = subprocess.run([analyze, "verify", str(tmp_path / "mahjong-bot.service")],
                               capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stderr
