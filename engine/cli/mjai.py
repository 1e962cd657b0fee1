"""mjai bots as seats: the process side of :mod:`engine.players.mjai`.

``python -m engine simulate --rules riichi --bot NAME:mjai=COMMAND`` makes ``NAME`` a player
kind whose seats are answered by ``COMMAND`` (split like a shell line), a program that
speaks mjai as the mjai.app bots do: it reads one line per batch of events (a JSON array)
and writes one line, its answer (a JSON object). The program is started for each hand
and stopped when the hand ends; one that does not answer within ``--bot-timeout``
seconds, or stops, is counted, answered for, and started again when next asked (sent the
whole hand so far in one batch).
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Sequence

from engine.players.botzone import Reply


class LineChannel:
    """One long-running mjai program for one hand (an :class:`MjaiChannel`)."""

    def __init__(self, command: Sequence[str], timeout: float = 5.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.dead = False
        self._buf = b""

    def exchange(self, line: str) -> Reply:
        if self.dead:
            return Reply(None, "crash")
        if self.proc is None:
            try:
                self.proc = subprocess.Popen(
                    self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )  # fmt: skip
            except OSError:
                self.dead = True
                return Reply(None, "crash")
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
        except OSError:
            self.close()
            self.dead = True
            return Reply(None, "crash")
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.close()
                    self.dead = True
                    return Reply(None, "timeout")
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.close()
                    self.dead = True
                    return Reply(None, "crash")
                self._buf += chunk
        out, _, self._buf = self._buf.partition(b"\n")
        return Reply(out.decode(errors="replace"))

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        for pipe in (proc.stdin, proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
