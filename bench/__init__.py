"""``python -m bench``: measured figures, side by side with peer libraries in the same run.

Each ``bench/bench_*.py`` module exposes ``run(quick: bool) -> list[Row]``; the
runner imports them all, prints one table (or one JSON object with ``--json``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Row:
    """One measured figure, with the peer's figure on the same inputs where there is one."""

    group: str
    name: str
    value: float
    unit: str
    peer: str | None = None
    peer_value: float | None = None
    # "higher" when a bigger value is better (rates), "lower" for times
    better: str = "higher"
    note: str = ""

    @property
    def ratio(self) -> float | None:
        """How many times better than the peer (>1: we win)."""
        if self.peer_value is None or not self.peer_value or not self.value:
            return None
        if self.better == "higher":
            return self.value / self.peer_value
        return self.peer_value / self.value

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["ratio"] = self.ratio
        return out


def rate(fn: Callable[[], object], items: int, min_seconds: float = 0.3, repeats: int = 3) -> float:
    """Best-of-``repeats`` calls per second of ``fn`` which processes ``items`` items per call."""
    best = 0.0
    for _ in range(repeats):
        n = 0
        start = time.perf_counter()
        while True:
            fn()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                break
        best = max(best, n * items / elapsed)
    return best


def percentiles(samples: Sequence[float], *qs: float) -> list[float]:
    """Percentiles (0–100) of samples by linear interpolation."""
    data = sorted(samples)
    if not data:
        return [float("nan") for _ in qs]
    out = []
    for q in qs:
        if len(data) == 1:
            out.append(data[0])
            continue
        pos = (len(data) - 1) * q / 100
        lo = int(pos)
        hi = min(lo + 1, len(data) - 1)
        out.append(data[lo] + (data[hi] - data[lo]) * (pos - lo))
    return out


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else float("nan")
