"""Clocks the table service waits on: the real event loop, or a virtual one that tests move by hand.

The service only ever asks ``now()`` and ``call_later(delay, callback)``; a callback
is an ``async`` function with no arguments. Handles can be cancelled.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

Callback = Callable[[], Coroutine[Any, Any, None]]


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callback) -> Handle: ...


class _TaskHandle:
    """A timer on the real loop; cancelling before it fires stops it, after it does nothing."""

    __slots__ = ("_fired", "_timer")

    def __init__(self, loop: asyncio.AbstractEventLoop, delay: float, callback: Callback,
                 tasks: set[asyncio.Task[None]]) -> None:
        self._fired = False

        def fire() -> None:
            self._fired = True
            task = loop.create_task(callback())
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        self._timer = loop.call_later(max(0.0, delay), fire)

    def cancel(self) -> None:
        if not self._fired:
            self._timer.cancel()


class RealClock:
    """Wall-clock time on the running event loop."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def call_later(self, delay: float, callback: Callback) -> Handle:
        return _TaskHandle(asyncio.get_running_loop(), delay, callback, self._tasks)


class _VirtualHandle:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class VirtualClock:
    """Time that moves only when a test says so; due callbacks run in order, awaited one by one."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._queue: list[tuple[float, int, _VirtualHandle, Callback]] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callback) -> Handle:
        handle = _VirtualHandle()
        heapq.heappush(self._queue, (self._now + max(0.0, delay), next(self._seq), handle, callback))
        return handle

    def pending(self) -> int:
        return sum(1 for _, _, h, _ in self._queue if not h.cancelled)

    def next_due(self) -> float | None:
        while self._queue and self._queue[0][2].cancelled:
            heapq.heappop(self._queue)
        return self._queue[0][0] if self._queue else None

    async def advance(self, seconds: float) -> int:
        """Move time forward ``seconds``, running every callback that falls due; returns how many."""
        target = self._now + seconds
        ran = 0
        while True:
            due = self.next_due()
            if due is None or due > target:
                break
            when, _, handle, callback = heapq.heappop(self._queue)
            self._now = max(self._now, when)
            if not handle.cancelled:
                ran += 1
                await callback()
        self._now = target
        return ran

    async def run_next(self) -> bool:
        """Jump to the next due callback and run it (and any due at the same instant)."""
        due = self.next_due()
        if due is None:
            return False
        await self.advance(due - self._now)
        return True
