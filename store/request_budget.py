"""The bot token's request budget, shared through the PostgreSQL ledger by the processes of one bot.

Discord counts a bot token's REST requests per second whichever process makes them. A process
that runs only some of the shards could keep to a fixed share of the rate (its shards' part),
but load is not spread like shards: one process opening sixty tables needs many requests at
once while the others idle. Here every process takes its starts from one row per token
(``request_budget``): time is cut into short slices by the server's clock, each slice allows
``rate × slice`` starts in all, and a process starts a request only with a start granted from
the current slice (see :class:`discord_io.pacing.GlobalPacer`, which asks only when requests
wait and holds a grant only until its slice ends).
"""

from __future__ import annotations

from typing import Any

from store.errors import StoreError


class RequestBudget:
    """Grants of request starts from the shared row of ``bucket`` (PostgreSQL only)."""

    def __init__(self, store: Any, bucket: str, slice_seconds: float) -> None:
        if slice_seconds <= 0:
            raise ValueError("slice_seconds must be positive")
        self.backend = store.backend
        self.bucket = bucket
        self.slice_ms = max(1, round(slice_seconds * 1000))

    @property
    def available(self) -> bool:
        """Only a shared PostgreSQL ledger is seen by every process of the bot."""
        return getattr(self.backend, "name", "") == "postgresql"

    async def take(self, want: int, cap: int) -> tuple[int, float]:
        """Up to ``want`` starts from the current slice while it holds at most ``cap``:
        (granted, seconds left in the slice)."""
        if not self.available:
            raise StoreError("a request budget shared between processes needs the PostgreSQL "
                             "ledger")
        if want < 1 or cap < 1:
            return 0, 0.0
        granted, left_ms = await self.backend.take_requests(self.bucket, want, cap,
                                                            self.slice_ms)
        return granted, max(0.0, left_ms / 1000)
