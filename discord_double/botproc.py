"""``python bot.py`` in a subprocess, pointed at a double by its settings only."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def bot_command() -> tuple[list[str], Path | None]:
    """``python bot.py`` from a checkout (run in it); ``python -m bot`` where the bot is
    installed (run anywhere)."""
    script = ROOT / "bot.py"
    if script.exists():
        return [sys.executable, str(script)], ROOT
    return [sys.executable, "-m", "bot"], None


class BotProcess:
    """The product as a user runs it: ``python bot.py [--sync]`` with settings in the environment."""

    def __init__(self, env: dict[str, str], db: Path, log_path: Path, sync: bool = False,
                 extra: dict[str, str] | None = None) -> None:
        self.env = dict(os.environ) | env | {"MAHJONG_DB": str(db)} | (extra or {})
        self.env.pop("PYTHONPATH", None)
        self.log_path = log_path
        self.sync = sync
        self.proc: asyncio.subprocess.Process | None = None
        self._log: Any = None

    async def start(self) -> None:
        command, cwd = bot_command()
        args = [*command, "--env-file", str(self.log_path) + ".env"]
        if self.sync:
            args.append("--sync")
        self._log = self.log_path.open("ab")
        self.proc = await asyncio.create_subprocess_exec(
            *args, cwd=str(cwd or self.log_path.parent), env=self.env, stdout=self._log,
            stderr=self._log,
        )

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        """SIGKILL: no clean shut-down at all (a crash, an OOM kill, a pulled plug)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        self._close_log()

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM and wait (discord.py closes the bot cleanly); SIGKILL if it hangs."""
        if self.proc is None:
            return None
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        self._close_log()
        return self.proc.returncode

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""
