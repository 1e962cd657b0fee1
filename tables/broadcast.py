"""Telling the transports: the table's views, notices, and the queue that keeps them in order.

What is shown while a table's lock is held is queued and sent once the lock is released, so
no Discord request (a rate-limited channel, a DM Discord is retrying) ever holds up the next
click; one sender per table keeps the messages in the order they were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Iterable
from typing import Any

from engine.events import Event
from tables import economy
from tables.errors import TableError
from tables.hub import Hub
from tables.model import Mode, Notice, PrivateView, PublicView, SettlementView, TableInfo
from tables.records import Paid
from tables.table import Table

log = logging.getLogger("mahjong.tables")

ACTING = (Mode.TURN, Mode.CLAIM)


class Broadcast:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    # -- the views ----------------------------------------------------------------------------

    async def show(self, t: Table) -> None:
        await self.safe(t, self.hub.transport.public(t.info(), self.public(t)))
        await self.show_privates(t)

    async def show_privates(self, t: Table) -> None:
        info = t.info()
        views = [self.private(t, s.index) for s in t.seats if s is not None and s.person is not None]
        # started in this order: the clicker's own update where it answers their click (Discord
        # waits for that answer), then whoever must act now (the table waits for them)
        answering = getattr(self.hub.transport, "answering", None)  # an AnswersClicks transport
        views.sort(key=lambda v: (answering is None or not answering(info, v),
                                  v.mode not in ACTING))
        await self.safe(t, self._privates(info, views))

    async def _privates(self, info: TableInfo, views: list[PrivateView]) -> None:
        """Every person's update at once. Each person's messages stay in order (the transport
        keeps one sender per person), but one person's update that waits — for the token's
        request budget, or for Discord retrying — must not hold up the next person's turn, as
        it did when each seat's update was awaited before the next began."""
        results = await asyncio.gather(*(self.hub.transport.private(info, v) for v in views),
                                       return_exceptions=True)
        for r in results:
            if isinstance(r, Exception):
                log.error("a transport failed; the table carries on", exc_info=r)

    def private(self, t: Table, seat: int) -> PrivateView:
        game = t.playing()
        s = t.seats[seat]
        afk = s is not None and s.afk
        seconds = None
        if t.deadline is not None:
            seconds = max(0.0, t.deadline - self.hub.clock.now())
        view = game.private_view(t.id, seat, afk=afk, deadline=t.deadline, seconds=seconds)
        return dataclasses.replace(view, hints=True) if t.hints else view

    def public(self, t: Table, finished: bool = False) -> PublicView:
        game = t.game
        if game is None:
            raise TableError("err.no_table")
        return game.public_view(
            t.id,
            names=t.names(),
            computer=tuple(t.is_computer(i) for i in range(t.size)),
            levels=t.levels(),
            scores=tuple(t.scores),
            deadline=t.deadline,
            hands_total=t.hands,
            finished=finished,
            stake=t.stake,
        )

    def settlement(
        self, t: Table, events: list[Event], chips: Iterable[int], paid: tuple[Paid, ...] = (),
    ) -> SettlementView:
        view = t.playing().settlement_view(t.id, events, tuple(chips), t.names(), t.stake)
        return dataclasses.replace(view, cut=economy.cut_payments(paid), levels=t.levels())

    async def notice(self, t: Table, notice: Notice) -> None:
        await self.safe(t, self.hub.transport.notice(t.info(), notice))

    async def lobby(self, t: Table) -> None:
        await self.safe(t, self.hub.transport.lobby(t.info()))

    # -- the queue ----------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def locked(self, t: Table) -> AsyncIterator[None]:
        """The table's lock; what was queued for the transports while it was held is sent
        once it is released."""
        try:
            async with t.lock:
                yield
        finally:
            await self.send_out(t)

    async def safe(self, t: Table, coro: Any) -> None:
        """Show something: queued while the table's lock is held (sent on release, in order),
        sent now otherwise. A transport's failure is logged; the table carries on."""
        if t.lock.locked():
            t.outbox.append(coro)
            return
        await self.send_out(t)
        await self._deliver(coro)

    async def send_out(self, t: Table) -> None:
        async with t.send_lock:  # one sender per table keeps the messages in order
            while t.outbox:
                await self._deliver(t.outbox.pop(0))

    async def _deliver(self, coro: Any) -> None:
        try:
            await coro
        except Exception as exc:
            if self.hub.closed:
                # the service is closing (the process stops): its transport may be closed
                # already under a move that was still being told; the table resumes later
                log.warning("a transport failed while the tables close: %r", exc)
                return
            log.exception("a transport failed; the table carries on")
