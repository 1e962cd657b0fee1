"""Running many hands in one go (``simulate``, the bench): Python's cyclic garbage collector
paused meanwhile.

A match keeps its whole event log (about 176,000 events for 1,000 Heyuan hands), and every
full collection walks it: one takes up to ~80 ms by 1,000 hands, and the collector's passes
came to 175 ms of a 4.4 s greedy run (by its own callbacks) and found nothing to free. The
engine leaves no reference cycles behind a hand (``tests/engine/cli/test_batch.py`` holds
every preset to that, once the modules it needs are imported), so nothing is kept longer
than the batch: reference counting frees what a hand leaves behind, and the collector runs
again as before once the batch is over.
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
