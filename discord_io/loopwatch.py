"""How late the event loop runs, and what held it when it stopped.

Every click, DM update and gateway heartbeat of the bot runs on one event loop: anything that
keeps the loop from coming back (a long synchronous call, the interpreter's lock held by
another thread) delays all of them at once. The loop beats every ``interval`` seconds; the
lateness of each beat is its lag. A watcher thread looks at the last beat: when the loop
has not come back for ``stall`` seconds it logs, once per stall, where the loop's thread
is (its Python stack), which is what a person staring at a late button would want to know.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable

log = logging.getLogger("mahjong.loop")


class LoopWatch:
    """Beats on the running loop; keeps the lag of each beat since the last :meth:`report`."""

    def __init__(self, interval: float = 0.1, stall: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.stall = stall
        self.clock = clock
        self.lags: list[float] = []  # seconds each beat came late, since the last report
        self.stalls = 0  # beats later than ``stall`` (each logged with the loop's stack)
        self._last_beat = clock()
        self._loop_thread = 0
        self._reported_beat = 0.0  # the beat whose stall was already logged
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self) -> None:
        """Start beating on the running loop, and the watcher thread."""
        self._loop_thread = threading.get_ident()
        self._last_beat = self.clock()
        self._task = asyncio.get_running_loop().create_task(self._beat())
        self._thread = threading.Thread(target=self._watch, name="loop-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()

    async def _beat(self) -> None:
        while True:
            due = self.clock() + self.interval
            await asyncio.sleep(self.interval)
            now = self.clock()
            self._last_beat = now
            self.lags.append(max(0.0, now - due))

    def _watch(self) -> None:
        while not self._stop.wait(self.stall / 4):
            self.check()

    def check(self) -> str | None:
        """Log the loop thread's stack if the loop is stalled (once per stall); the stack."""
        beat = self._last_beat
        late = self.clock() - beat
        if late < self.stall or beat == self._reported_beat:
            return None
        self._reported_beat = beat
        self.stalls += 1
        frame = sys._current_frames().get(self._loop_thread)
        where = "".join(traceback.format_stack(frame)[-12:]) if frame is not None else "?"
        log.warning("the event loop has not come back for %.1f s; it is at:\n%s", late, where)
        return where

    def report(self) -> str:
        """``p50 2 ms, p99 40 ms, max 310 ms over 300 beats`` since the last report."""
        lags, self.lags = sorted(self.lags), []
        if not lags:
            return "no beats"

        def ms(q: float) -> float:
            return 1000 * lags[min(len(lags) - 1, int(q * len(lags)))]

        return (f"p50 {ms(0.5):.0f} ms, p99 {ms(0.99):.0f} ms, max {1000 * lags[-1]:.0f} ms "
                f"over {len(lags)} beats; {self.stalls} stalls over {self.stall:g} s so far")
