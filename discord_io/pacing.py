"""Stay under Discord's global limit (50 requests per second per bot) instead of bouncing off it.

discord.py learns each route's bucket from response headers and waits before a bucket is
empty, but it has no pacing for the global limit: past 50 requests per second every
request in flight gets a 429, all of them sleep the same ``retry_after`` and retry
together, and after five 429s in a row discord.py raises ``HTTPException``, so a lobby, a
settlement or a table message is lost. With a couple of hundred tables in one process
that happened to hundreds of requests (``python -m bench.discord_load``).

``pace_requests`` makes every bot-authenticated REST call wait its turn: at most ``rate``
requests start in any one second, first come first served. Interaction callbacks and
followups go through discord.py's webhook adapter, not ``HTTPClient.request``, so clicks
are still acknowledged at once (Discord does not count them against the global limit).

The pacer sees a request before discord.py's per-route wait, so requests held by a route
bucket can leave together later, and discord.py's own 429 retries are not paced: hence 40,
not 50. Measured with 200 tables over two hands: at 45, 197 global 429s and two requests
given up; at 40, no 429 at all and nothing given up (39.5 requests per second sustained).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

GLOBAL_RATE = 40  # per second: Discord allows 50; the margin absorbs bunching (see below)


class GlobalPacer:
    def __init__(self, rate: int = GLOBAL_RATE, per: float = 1.0) -> None:
        if rate < 1 or per <= 0:
            raise ValueError("rate must be at least 1 and per positive")
        self.rate, self.per = rate, per
        self._starts: deque[float] = deque()
        self._lock = asyncio.Lock()
        self.requests = 0  # requests paced (all bot REST requests)
        self.waited = 0  # requests that had to wait (for logs and the bench)
        self.wait_seconds = 0.0  # their waits summed
        self.longest_wait = 0.0

    async def wait(self) -> None:
        # the time spent queued on the lock counts too: it is the wait a request sees
        queued = time.monotonic()
        self.requests += 1
        async with self._lock:
            now = time.monotonic()
            while self._starts and now - self._starts[0] >= self.per:
                self._starts.popleft()
            if len(self._starts) >= self.rate:
                await asyncio.sleep(self.per - (now - self._starts[0]))
                now = time.monotonic()
                while self._starts and now - self._starts[0] >= self.per:
                    self._starts.popleft()
            self._starts.append(now)
            waited = now - queued
            if waited > 0.001:
                self.waited += 1
                self.wait_seconds += waited
                self.longest_wait = max(self.longest_wait, waited)

    def summary(self) -> str:
        return (f"{self.requests} bot REST requests paced; {self.waited} waited, "
                f"{self.wait_seconds:.1f} s in all, the longest {self.longest_wait:.2f} s")


def pace_requests(http: Any, pacer: GlobalPacer) -> None:
    """Route ``http.request`` (a discord.py ``HTTPClient``) through ``pacer``."""
    original = http.request

    async def request(route: Any, **kwargs: Any) -> Any:
        await pacer.wait()
        return await original(route, **kwargs)

    http.request = request
