"""Stay under Discord's global limit (50 requests per second per bot) instead of bouncing off it,
and count every request by the budget it spends and the send path that made it.

discord.py learns each route's bucket from response headers and waits before a bucket is
empty, but it has no pacing for the global limit: past 50 requests per second every
request in flight gets a 429, all of them sleep the same ``retry_after`` and retry
together, and after five 429s in a row discord.py raises ``HTTPException``, so a lobby, a
settlement or a table message is lost.

``pace_requests`` puts a :class:`PacedSession` in front of discord.py's HTTP session: every
request that leaves the process passes it — bot REST calls *after* discord.py's per-route
wait (so requests a route bucket held cannot leave together later) and every retry after a
429 or a 5xx too — and each one that counts against the global limit waits its turn in a
:class:`GlobalPacer`: at most ``rate`` start in any one second. Interaction callbacks and
interaction webhooks (``/interactions/…``, ``/webhooks/…``) share the session but are exempt
on Discord: they are counted, never paced, so clicks are acknowledged at once.

The pacer serves the most urgent waiting request first: a person's hand asking them to act
(their turn, a claim offered) before lobbies, settlements, notices and dealt hands, and those
before the living table message and spectators' copies, which are edited seldom anyway when
the token is busy; and a fifth of the rate is kept for the urgent ones. So a burst of game
starts delays table pictures and deals, not turns. After a global 429 (requests can still
reach Discord bunched: a process that stalled, the network) it goes at three quarters of the
rate for 10 s.

Send paths name themselves with :func:`sending` (a context variable, so the label follows the
request into discord.py): ``with sending(GLOBAL, "table.edit"): await msg.edit(...)``. The
meter counts what actually went out as (budget, path) — the budget read from the URL, so a
path that claims the wrong budget shows up in ``mislabelled`` — and bot REST requests made
outside any labelled path as ``unlabelled``.

Why 40, not 50: requests started within one second by the pacer can reach Discord bunched by
the network; measured with 200 tables through the double (with the pacer then in front of
discord.py's route waits), 45 let global 429s through, 40 none.

**Several processes, one token.** The limit is the token's, whichever process sends. A process
running some of the shards paces a fixed share (its shards' part of the 40) until it can share
the budget (:meth:`GlobalPacer.share`, the bot does so on the PostgreSQL ledger): then each
start needs a grant from the token's row in the ledger (:class:`store.request_budget.
RequestBudget`). Time is cut into slices of ``SHARED_SLICE`` seconds by the database's clock;
a slice allows ``rate × SHARED_SLICE`` starts among all processes (fewer for requests that are
not urgent, as above), and a process asks only while requests wait, for as many as wait, and
keeps a grant only until its slice ends. So a process opening sixty tables may use the whole
rate while the others are idle, and all of them together never pass it: in any second at most
``rate × (1 + SHARED_SLICE)`` start (44 of Discord's 50 at 0.1 s slices), however the slices
fall. If the database does not answer within ``SHARED_TIMEOUT``, the process goes back to its
fixed share for ``SHARED_RETRY`` seconds (and says so in the log) rather than stall.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import re
import time
import weakref
from collections import Counter, deque
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, Protocol

log = logging.getLogger("mahjong.pacing")

GLOBAL_RATE = 40  # per second: Discord allows 50; the margin absorbs bunching (see above)
# after a global 429 anyway (requests bunched on the way: a stalled process, the network),
# this share of the rate for this many seconds
BACK_OFF_SHARE, BACK_OFF_SECONDS = 0.75, 10.0
# of each period, this share is kept for URGENT requests: a burst of lobbies, deals and
# table pictures (many games starting) never fills the window a turn needs
URGENT_RESERVE = 0.2
# a budget shared by several processes (see the module's text): slices of this many seconds;
# a grant asked for waits at most SHARED_TIMEOUT, else the fixed share is paced for SHARED_RETRY
SHARED_SLICE = 0.1
SHARED_TIMEOUT, SHARED_RETRY = 0.25, 10.0
# a request that waited longer than this is counted as having waited (with a shared budget
# every start waits for its grant, a database round trip: that is not the budget running out)
NOTED_WAIT = 0.02

GLOBAL = "global"  # a bot REST request: counts against the token's global limit
INTERACTION = "interaction"  # an interaction token's callback or webhook: exempt

# the pacer's order when requests wait: lower first
URGENT, NORMAL, LOW = 0, 1, 2
# send paths by the urgency of their requests (prefixes); anything else is NORMAL
_URGENT_PATHS = ("private.", "notice.dm_closed")
_LOW_PATHS = ("table.", "watch.")

# the send path of the requests made in this context: (budget it claims, path, urgency)
_PATH: ContextVar[tuple[str, str, int] | None] = ContextVar("mahjong_send_path", default=None)
UNLABELLED = "unlabelled"
# exempt requests outside a labelled path: discord.py answering a click or a command
# (defer, followups, edits of the original response) — the URL alone makes them exempt
REPLY = "interaction.reply"


@contextlib.contextmanager
def sending(budget: str, path: str, priority: int | None = None) -> Iterator[None]:
    """Label the requests made inside (in this task and tasks it starts) as ``path``,
    which claims to spend ``budget``; ``priority`` (URGENT, NORMAL, LOW) when the path's
    own (:func:`priority_of`) does not fit this send."""
    token = _PATH.set((budget, path, priority_of(path) if priority is None else priority))
    try:
        yield
    finally:
        _PATH.reset(token)


def priority_of(path: str) -> int:
    if path.startswith(_URGENT_PATHS):
        return URGENT
    if path.startswith(_LOW_PATHS):
        return LOW
    return NORMAL


def budget_of_url(url: str) -> str:
    """Interaction callbacks and webhooks are exempt from the global limit; the rest is not."""
    return INTERACTION if ("/interactions/" in url or "/webhooks/" in url) else GLOBAL


class SharedBudget(Protocol):
    """Request starts shared with other processes of the same bot token."""

    async def take(self, want: int, cap: int) -> tuple[int, float]:
        """Up to ``want`` starts from the current slice, as long as the slice's starts (by
        every process) stay at most ``cap``: (granted, seconds left in the slice)."""
        ...


class GlobalPacer:
    """At most ``rate`` requests start per ``per`` seconds; waiting ones go most urgent first,
    then first come first served. With a shared budget (:meth:`share`), each start also needs
    a grant of the token's budget that all processes take from."""

    def __init__(self, rate: int = GLOBAL_RATE, per: float = 1.0) -> None:
        if rate < 1 or per <= 0:
            raise ValueError("rate must be at least 1 and per positive")
        self.rate, self.per = rate, per
        self.shared: SharedBudget | None = None
        self.slice = SHARED_SLICE
        self.fixed_rate = rate  # paced when the shared budget does not answer
        self._grants = 0  # starts granted from the shared budget and not used yet
        self._grants_until = 0.0  # when their slice ends (monotonic)
        self._shared_down_until = 0.0
        self.shared_asks = 0  # grants asked for, given, refused (slice full), failed
        self.shared_granted = 0
        self.shared_refused = 0
        self.shared_failures = 0
        self._starts: deque[float] = deque()
        self._queue: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self._arrived = asyncio.Event()
        self.requests = 0  # requests paced (all bot REST requests)
        self.waited = 0  # requests that had to wait (for logs and the bench)
        self.wait_seconds = 0.0  # their waits summed
        self.longest_wait = 0.0
        self.waited_by_priority: Counter[int] = Counter()
        self._hit = -1e9  # when a global 429 came back last
        self.global_429s = 0

    def share(self, budget: SharedBudget, token_rate: int = GLOBAL_RATE,
              slice_seconds: float = SHARED_SLICE) -> None:
        """Take starts from ``budget``, shared by every process of the token: this process may
        then use all of ``token_rate`` when the others leave it unused; its own rate until
        now becomes the fixed share it falls back to when the budget does not answer."""
        if slice_seconds <= 0 or token_rate * slice_seconds < 1:
            raise ValueError("a slice must allow at least one start")
        self.fixed_rate = self.rate
        self.rate = token_rate
        self.slice = slice_seconds
        self.shared = budget

    def _sharing(self, now: float) -> bool:
        return self.shared is not None and now >= self._shared_down_until

    def slice_caps(self, now: float) -> tuple[int, int]:
        """The starts a shared slice allows in all: (for urgent requests, for the others)."""
        limit = max(1, int(self.limit(now) * self.slice / self.per))
        return limit, max(1, limit - max(1, round(limit * URGENT_RESERVE)))

    def _take_grant(self, now: float) -> bool:
        """A start may go as far as the shared budget is concerned (one grant used)."""
        if not self._sharing(now):
            return True
        if self._grants > 0 and now < self._grants_until:
            self._grants -= 1
            return True
        return False

    async def _ask(self, now: float) -> float:
        """Ask the shared budget for the waiting requests' starts; 0 if some were granted
        (or the budget failed: the fixed share goes on), else seconds until the slice ends."""
        assert self.shared is not None
        urgent_cap, normal_cap = self.slice_caps(now)
        urgent = sum(1 for p, _n, f in self._queue if p == URGENT and not f.done())
        want = urgent if urgent else len(self._queue)
        cap = urgent_cap if urgent else normal_cap
        self.shared_asks += 1
        try:
            granted, left = await asyncio.wait_for(self.shared.take(min(want, cap), cap),
                                                   SHARED_TIMEOUT)
        except Exception as exc:  # the database is away or slow: pace the fixed share
            self.shared_failures += 1
            self._shared_down_until = time.monotonic() + SHARED_RETRY
            log.warning("the shared request budget did not answer (%s: %s); pacing this "
                        "process's fixed share of %d per second for %.0f s",
                        type(exc).__name__, exc, self.fixed_rate, SHARED_RETRY)
            return 0.0
        if granted <= 0:
            self.shared_refused += 1
            return max(left, 0.001)
        self.shared_granted += granted
        self._grants = granted
        self._grants_until = time.monotonic() + left
        return 0.0

    def hit_global_limit(self) -> None:
        """A global 429 came back: go slower for a while (see BACK_OFF_SHARE)."""
        self.global_429s += 1
        self._hit = time.monotonic()

    def limit(self, now: float) -> int:
        rate = self.rate if self.shared is None or self._sharing(now) else self.fixed_rate
        if now - self._hit < BACK_OFF_SECONDS:
            return max(1, int(rate * BACK_OFF_SHARE))
        return rate

    def _prune(self, now: float) -> None:
        while self._starts and now - self._starts[0] >= self.per:
            self._starts.popleft()

    def _room(self, now: float, priority: int = URGENT) -> float:
        """0 if a request of ``priority`` may start now, else seconds until one may (after
        _prune)."""
        limit = self.limit(now)
        if priority != URGENT:
            limit = max(1, limit - int(limit * URGENT_RESERVE))
        if len(self._starts) >= limit:
            return self.per - (now - self._starts[-limit])
        # Not spread within the second: a dispatcher that must wake every quarter second to
        # let a quarter through lost most of the rate on a busy machine (each wake late), and
        # turns waited seconds at 150 tables (python -m bench.discord_load)
        return 0.0

    async def wait(self, priority: int = NORMAL) -> None:
        queued = time.monotonic()
        self.requests += 1
        self._prune(queued)
        if not self._queue and self._room(queued, priority) == 0.0 and self._take_grant(queued):
            self._starts.append(queued)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (priority, next(self._order), fut))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch())
        else:
            self._arrived.set()  # it may be more urgent than what the dispatcher waits for
        await fut
        waited = time.monotonic() - queued
        self.wait_seconds += waited
        self.longest_wait = max(self.longest_wait, waited)
        if waited > NOTED_WAIT:
            self.waited += 1
            self.waited_by_priority[priority] += 1

    async def _dispatch(self) -> None:
        while self._queue:
            now = time.monotonic()
            self._prune(now)
            while self._queue and self._queue[0][2].done():  # cancelled while it waited
                heapq.heappop(self._queue)
            if not self._queue:
                break
            wait = self._room(now, self._queue[0][0])
            if wait == 0 and not self._take_grant(now):
                # the token's budget, shared: ask for what waits (the clock moves meanwhile)
                self._arrived.clear()
                wait = await self._ask(now)
                if wait == 0:
                    continue
                if self._arrived.is_set():  # an urgent request came while asking
                    continue
            if wait > 0:
                self._arrived.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._arrived.wait(), wait)
                continue
            _p, _n, fut = heapq.heappop(self._queue)
            self._starts.append(now)
            fut.set_result(None)

    @property
    def queued(self) -> int:
        return len(self._queue)

    def summary(self) -> str:
        by = ", ".join(f"{name} {self.waited_by_priority[p]}"
                       for p, name in ((URGENT, "urgent"), (NORMAL, "normal"), (LOW, "low"))
                       if self.waited_by_priority[p])
        shared = ""
        if self.shared is not None:
            shared = (f"; shared budget: {self.shared_asks} asks, {self.shared_granted} starts "
                      f"granted, {self.shared_refused} refused (slice full), "
                      f"{self.shared_failures} failed")
        return (f"{self.requests} bot REST requests paced; {self.waited} waited"
                f"{f' ({by})' if by else ''}, {self.wait_seconds:.1f} s in all, "
                f"the longest {self.longest_wait:.2f} s; {self.global_429s} global 429s{shared}")


class RequestMeter:
    """Every request that left the process, as (budget, send path)."""

    def __init__(self, pacer: GlobalPacer) -> None:
        self.pacer = pacer
        self.sent: Counter[tuple[str, str]] = Counter()
        self.mislabelled: Counter[tuple[str, str]] = Counter()  # (claimed budget, path)
        self.unlabelled: Counter[str] = Counter()  # "METHOD /route/{id}" of those
        # per task: when its request now at Discord was sent, and whether Discord's latest
        # answer to it was "try again" (429 or 5xx: discord.py waits and retries)
        self._sent_at: weakref.WeakKeyDictionary[asyncio.Task[Any], float] = (
            weakref.WeakKeyDictionary())
        self._retried: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()

    def at_discord(self, task: asyncio.Task[Any], longer_than: float) -> bool:
        """Whether Discord, not this process, is what holds ``task``'s request: it was told
        to try again, or its request has been at Discord for more than ``longer_than``
        seconds. (A request waiting for the token's budget, for its picture or for the busy
        event loop is held here: a notice would wait for the same.)"""
        if task in self._retried:
            return True
        sent = self._sent_at.get(task)
        return sent is not None and time.monotonic() - sent > longer_than

    async def before(self, method: str, url: str) -> None:
        budget = budget_of_url(url)
        label = _PATH.get()
        if label is not None:
            path = label[1]
        elif budget == INTERACTION:
            path = REPLY
        elif url.endswith(("/gateway", "/gateway/bot", "/applications/@me")):
            path = "login"  # discord.py logging in and connecting: no send path of ours
        else:
            path = UNLABELLED
            self.unlabelled[f"{method} {re.sub(r'/[0-9]+', '/{id}', url.split('/api/')[-1])}"] += 1
        self.sent[(budget, path)] += 1
        if label is not None and label[0] != budget:
            self.mislabelled[label[:2]] += 1
        if budget == GLOBAL:
            await self.pacer.wait(label[2] if label is not None else NORMAL)

    def summary(self) -> str:
        return ", ".join(f"{b}/{p} {n}" for (b, p), n in sorted(self.sent.items())) or "none"


class _PacedRequest:
    def __init__(self, meter: RequestMeter, session: Any, method: str, url: Any,
                 kwargs: dict[str, Any]) -> None:
        self.meter, self.session, self.method, self.url, self.kwargs = (
            meter, session, method, url, kwargs)
        self._cm: Any = None

    async def __aenter__(self) -> Any:
        await self.meter.before(self.method, str(self.url))
        self._cm = self.session.request(self.method, self.url, **self.kwargs)
        task = asyncio.current_task()
        if task is not None:
            self.meter._sent_at[task] = time.monotonic()
        try:
            response = await self._cm.__aenter__()
        finally:
            if task is not None:
                self.meter._sent_at.pop(task, None)
        status = getattr(response, "status", 200)
        if status == 429 or status >= 500:
            if task is not None:
                self.meter._retried.add(task)
        elif task is not None:
            # answered: a worker task's later requests start with a clean slate
            self.meter._retried.discard(task)
            if status == 429 and response.headers.get("X-RateLimit-Global"):
                self.meter.pacer.hit_global_limit()
        return response

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._cm.__aexit__(*exc)


class PacedSession:
    """An aiohttp session whose ``request`` is metered and, for bot REST requests, paced;
    everything else (``ws_connect``, ``close``, ``closed`` …) is the session's own."""

    def __init__(self, session: Any, meter: RequestMeter) -> None:
        self._session = session
        self._meter = meter

    def request(self, method: str, url: Any, **kwargs: Any) -> _PacedRequest:
        return _PacedRequest(self._meter, self._session, method, url, kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


_SESSION = "_HTTPClient__session"  # discord.py's HTTPClient keeps its session here


def pace_requests(http: Any, meter: RequestMeter) -> None:
    """Put ``meter`` (and its pacer) in front of the session of ``http`` (a discord.py
    ``HTTPClient``), which discord.py makes at login."""
    original = http.static_login

    def wrap() -> None:
        session = getattr(http, _SESSION, None)
        if session and not isinstance(session, PacedSession):
            setattr(http, _SESSION, PacedSession(session, meter))

    async def static_login(*args: Any, **kwargs: Any) -> Any:
        try:
            return await original(*args, **kwargs)
        finally:
            wrap()

    http.static_login = static_login
    wrap()
