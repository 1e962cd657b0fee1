"""Where a person's update spends its time, stage by stage, for the bot's 30-second report.

A click's answer and the next person's "your turn" go through a few stages: the move itself
(the table's lock, the engine, the event appended), the wait behind the person's previous
update, their hand picture (waiting for a drawing thread, then drawing), and Discord's answer
to the request. When updates come late, these say which stage grew.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Stages:
    """Durations per stage since the last :meth:`report`."""

    def __init__(self) -> None:
        self._seconds: dict[str, list[float]] = {}

    def record(self, stage: str, seconds: float) -> None:
        self._seconds.setdefault(stage, []).append(seconds)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        start = time.monotonic()
        try:
            yield
        finally:
            self.record(stage, time.monotonic() - start)

    def report(self) -> str:
        """``act p50 3 / p99 40 / max 90 ms (812); picture …`` since the last report."""
        parts = []
        for stage, values in sorted(self._seconds.items()):
            values.sort()
            n = len(values)
            parts.append(f"{stage} p50 {1000 * values[n // 2]:.0f} / p99 "
                         f"{1000 * values[min(n - 1, int(0.99 * n))]:.0f} / max "
                         f"{1000 * values[-1]:.0f} ms ({n})")
        self._seconds = {}
        return "; ".join(parts) or "none"
