"""Where the bot draws its pictures: worker threads (the default) or worker processes.

A picture is a few milliseconds of Pillow and zlib (a hand ~2 ms, a table ~10 ms), and a busy
bot draws about two per human move. In worker threads the event loop never waits for a
picture, but it shares the interpreter's lock with them: with hundreds of tables playing, the
loop and the drawing threads together want more than one core, and each click, DM update and
gateway event waits for the lock behind a picture being drawn (`python -m bench.discord_load`
at 200 tables: p50 "your turn" ~0.5 s with the machine's second core half idle).

``MAHJONG_PICTURE_PROCESSES=N`` draws in N worker processes instead: the loop keeps the
lock to itself and the pictures use the other cores. A picture's request (the view, a few
kB) and the PNG go between the processes pickled. A worker that dies (killed, out of memory)
breaks the pool: a new pool is made and that picture is drawn in a thread, so no update is
lost. For one small server the threads are enough and cost no extra processes.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger("mahjong.drawing")

Renderer = Callable[..., bytes | None]


def draw_timed(fn: Renderer, args: tuple[Any, ...]) -> tuple[bytes | None, float]:
    """``fn(*args)`` and the CPU seconds its thread spent on it (in a worker thread or a
    worker process: module level, so that a process pool can pickle it)."""
    start = time.thread_time()
    data = fn(*args)
    return data, time.thread_time() - start


class PictureWorkers:
    """Draws pictures off the event loop: ``processes`` worker processes, or threads (0)."""

    def __init__(self, processes: int = 0) -> None:
        if processes < 0:
            raise ValueError("picture processes must be 0 (threads) or more")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self.broken = 0  # pools replaced after a worker died (figures and tests)

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawned, not forked: the bot has threads (the database's, discord.py's) whose
            # locks a forked child could inherit taken
            self._pool = ProcessPoolExecutor(self.processes,
                                             mp_context=multiprocessing.get_context("spawn"))
            log.info("pictures are drawn in %d worker processes", self.processes)
        return self._pool

    async def draw(self, fn: Renderer, *args: Any) -> tuple[bytes | None, float]:
        """The picture ``fn(*args)`` and the CPU seconds it took."""
        if self.processes:
            pool = self._process_pool()
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    pool, draw_timed, fn, args)
            except BrokenProcessPool:
                self.broken += 1
                log.warning("a picture worker process died: a new pool is started and this "
                            "picture is drawn in a thread")
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(draw_timed, fn, args)

    def close(self) -> None:
        """Stop the worker processes (pictures being drawn are finished first)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
