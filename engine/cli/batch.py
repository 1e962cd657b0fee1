"""Running many hands in one go (``simulate``, the bench): Python's cyclic garbage collector
paused meanwhile.

A match keeps its whole event log (about 176,000 events for 1,000 Heyuan hands), and every
full collection walks it: at 1,000 hands one takes ~80 ms, and the collector's passes were
about a tenth of a greedy table's time. The engine makes next to no reference cycles (about
a hundred objects over 1,000 hands of mixed players; ``tests/engine/cli/test_batch.py``
holds it to that), so nothing is kept longer than the batch: reference counting frees what
a hand leaves behind, and the collector runs again as before once the batch is over.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause automatic garbage collection inside the block; restore it as it was after (an
    exception included)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
