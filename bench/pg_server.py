"""A throw-away PostgreSQL server (``initdb`` + ``pg_ctl`` in a temporary directory, on a free
port of 127.0.0.1, trust auth) that a soak may stop and start at will without disturbing
the machine's own server.

The binaries are found on ``PATH`` or in Debian's ``/usr/lib/postgresql/<version>/bin``.
PostgreSQL refuses to run as root: run as root, the server runs as the ``postgres`` user
(``runuser``), its directory owned by that user.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import socket
import tempfile
from pathlib import Path


def bin_dir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: [int(x) for x in p.parts[-3].split(".") if x.isdigit()])
    return versions[-1].parent if versions else None


def unavailable() -> str | None:
    """None if a throw-away server can be made here, else why not."""
    if bin_dir() is None:
        return "no initdb / pg_ctl (install PostgreSQL's server package)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server as"
        if shutil.which("runuser") is None:
            return "running as root and there is no runuser to start the server as postgres"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThrowawayPostgres:
    """``await start()``, then :attr:`url`; :meth:`restart` stops and starts it (``fast``:
    connections told and ended; ``immediate``: the server killed and recovered on start)."""

    def __init__(self) -> None:
        bindir = bin_dir()
        if bindir is None:
            raise RuntimeError(unavailable())
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="mahjong-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.restarts = 0
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    async def _run(self, *args: str) -> None:
        proc = await asyncio.create_subprocess_exec(
            *self._as, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            cwd=str(self.root))
        out, _ = await proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({proc.returncode}): "
                               f"{out.decode(errors='replace')[-1500:]}")

    async def start(self) -> None:
        if not (self.data / "PG_VERSION").exists():
            await self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                            "-U", "postgres", "-E", "UTF8", "--no-sync", "--locale=C")
        await self._start()

    async def _start(self) -> None:
        # fsync off: the soak kills the server, never the machine (nothing is lost on either
        # stop mode while the kernel keeps the files' pages)
        opts = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c max_connections=200 -c shared_buffers=32MB")
        await self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                        str(self.root / "server.log"), "-o", opts, "-w", "-t", "60", "start")

    async def stop(self, mode: str = "fast") -> None:
        await self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w",
                        "-t", "60", "stop")

    async def restart(self, down: float = 1.0, mode: str = "fast") -> None:
        """Stop (``mode``), stay down ``down`` seconds, start again."""
        await self.stop(mode)
        await asyncio.sleep(down)
        await self._start()
        self.restarts += 1

    def log_text(self) -> str:
        try:
            return (self.root / "server.log").read_text(errors="replace")
        except OSError:
            return ""

    async def close(self) -> None:
        """Stop the server (immediately) and remove its directory."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(RuntimeError):
                await self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
