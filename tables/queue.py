"""The quick-play queue: ``/mahjong quick`` puts a person in their server's queue for a preset;
a table opens, everyone seated and the game started, when four are waiting — or, when the
first person in the queue chose a wait, once it runs out, the empty seats filled with
computers of the level they chose.

One queue per (server, preset), in memory (a restart empties the queues; nobody's chips are
involved until a table opens). A person waits in one queue at a time and not while seated at a
table. No Discord here: the cog turns refusals (``TableError``) into sentences and announces
opened tables through ``on_open``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tables.clock import Handle
from tables.errors import TableError
from tables.service import SEATS, Person, TableService

log = logging.getLogger("mahjong.tables.queue")

WAIT_CHOICES = (0, 30, 60, 120, 300)  # seconds; 0: no computers, open only with four people

Opened = Callable[[int, str, str, list[Person]], Awaitable[None]]  # channel, table, preset, people


@dataclass(eq=False)
class Waiting:
    guild_id: int
    preset: str
    channel_id: int  # where the table opens: the first person's channel
    wait: float  # 0: until four people wait
    level: str
    stake: int | None
    turn_seconds: float | None
    hands: int | None = None  # None: the preset's own number
    people: list[Person] = field(default_factory=list)
    timer: Handle | None = None


class QuickQueue:
    def __init__(self, service: TableService, on_open: Opened | None = None) -> None:
        self.service = service
        self.on_open = on_open
        self._queues: dict[tuple[int, str], Waiting] = {}
        self._where: dict[tuple[int, int], str] = {}  # (guild, user) -> preset
        self.opened: list[str] = []  # tables opened by the queue (tests, logs)

    def waiting(self, guild_id: int, preset: str) -> list[Person]:
        q = self._queues.get((guild_id, preset))
        return list(q.people) if q is not None else []

    def queue_of(self, guild_id: int, user_id: int) -> str | None:
        return self._where.get((guild_id, user_id))

    async def join(
        self, guild_id: int, channel_id: int, person: Person, preset: str, *, wait: float = 60,
        level: str = "normal", stake: int | None = None, turn_seconds: float | None = None,
        hands: int | None = None,
    ) -> Waiting:
        """Queue ``person``; opens the table when this makes four. Returns the queue as it is
        now (emptied if the table opened). TableError: seated already, or queued already."""
        seated = self.service.table_for(guild_id, person.user_id)
        if seated is not None:
            raise TableError("err.already_seated", table=seated.id)
        if (guild_id, person.user_id) in self._where:
            raise TableError("queue.already", rules=self._where[(guild_id, person.user_id)])
        key = (guild_id, preset)
        q = self._queues.get(key)
        if q is None:
            q = Waiting(guild_id, preset, channel_id, float(wait), level, stake, turn_seconds,
                        hands)
            self._queues[key] = q
            if q.wait > 0:
                async def fire() -> None:
                    q.timer = None
                    await self._open(q)

                q.timer = self.service.clock.call_later(q.wait, fire)
        q.people.append(person)
        self._where[(guild_id, person.user_id)] = preset
        if len(q.people) >= SEATS:
            await self._open(q)
        return q

    def leave(self, guild_id: int, user_id: int) -> bool:
        """Leave the queue (one click); False if the person was not in one."""
        preset = self._where.pop((guild_id, user_id), None)
        if preset is None:
            return False
        q = self._queues.get((guild_id, preset))
        if q is not None:
            q.people = [p for p in q.people if p.user_id != user_id]
            if not q.people:
                self._drop(q)
        return True

    def _drop(self, q: Waiting) -> None:
        if q.timer is not None:
            q.timer.cancel()
            q.timer = None
        if self._queues.get((q.guild_id, q.preset)) is q:
            del self._queues[(q.guild_id, q.preset)]
        for p in q.people:
            self._where.pop((q.guild_id, p.user_id), None)

    async def _open(self, q: Waiting) -> None:
        """Seat the people waiting, computers in the empty seats, and start."""
        if self._queues.get((q.guild_id, q.preset)) is not q:
            return  # opened or emptied meanwhile
        people = q.people[:SEATS]  # join opens at four, so never more
        self._drop(q)
        seated: list[Person] = []
        table: Any = None
        for p in people:
            try:
                if table is None:
                    table = await self.service.create(
                        q.guild_id, q.channel_id, p, q.preset, {}, q.stake, q.hands,
                        turn_seconds=q.turn_seconds,
                    )
                else:
                    await self.service.join(table.id, p)
                seated.append(p)
            except TableError as exc:  # seated elsewhere since they queued: left out
                log.info("queue: %s not seated (%s)", p.user_id, exc.key)
        if table is None:
            return
        # a person seated elsewhere at the last moment leaves a seat to a computer
        for _ in range(SEATS - len(seated)):
            await self.service.add_computer(table.id, seated[0].user_id, q.level)
        await self.service.start(table.id, seated[0].user_id)
        self.opened.append(table.id)
        log.info("queue: table %s opened for %d people (%s)", table.id, len(seated), q.preset)
        if self.on_open is not None:
            await self.on_open(q.channel_id, table.id, q.preset, seated)
