"""The quick-play queue: ``/mahjong quick`` puts a person in their server's queue for a preset;
a table opens, everyone seated and the game started, when its seats are full (four, or the
seat count asked for where the preset plays others: Sichuan 2-7) — or, when the
first person in the queue chose a wait, once it runs out, the empty seats filled with
computers of the level they chose.

One queue per (server, preset, seat count), in memory (a restart empties the queues; nobody's chips are
involved until a table opens). A person waits in one queue at a time and not while seated at a
table. No Discord here: the cog turns refusals (``TableError``) into sentences and announces
opened tables through ``on_open``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.rules import ENGINE_ONLY_PRESETS, RulesError, get_rules
from store.settings import COMPUTER_LEVELS
from tables.clock import Handle
from tables.errors import TableError
from tables.service import MAX_HANDS, Person, TableService

log = logging.getLogger("mahjong.tables.queue")

WAIT_CHOICES = (0, 30, 60, 120, 300)  # seconds; 0: no computers, open only with four people

Opened = Callable[[int, str, str, list[Person]], Awaitable[None]]  # channel, table, preset, people
# channel, preset, the people who were waiting, why the table could not open
Failed = Callable[[int, str, list[Person], TableError], Awaitable[None]]


def check_request(preset: str, wait: float, level: str, hands: int | None,
                  seats: int | None = None) -> int:
    """What ``/mahjong quick`` may ask for, refused at the command (a forged option value must
    never seat anyone at a table that cannot start): a preset that exists at that seat count,
    a wait of 0 to the longest offered, a level people may choose, 1 to MAX_HANDS hands.
    Returns the seat count (the preset's own when ``seats`` is None)."""
    if preset in ENGINE_ONLY_PRESETS:  # played by the engine, not offered at tables yet
        raise TableError("err.bad_option", reason=f"{preset}: not offered at tables yet")
    try:
        rules = get_rules(preset, seat_options(seats))
    except (RulesError, KeyError, ValueError) as exc:
        raise TableError("err.bad_option", reason=str(exc)) from None
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not (
            0 <= wait <= max(WAIT_CHOICES)):
        raise TableError("err.bad_option",
                         reason=f"wait: one of {', '.join(map(str, WAIT_CHOICES))} s")
    if level not in COMPUTER_LEVELS:
        raise TableError("err.bad_level", level=str(level)[:20], levels=", ".join(COMPUTER_LEVELS))
    if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int)
                              or not 1 <= hands <= MAX_HANDS):
        raise TableError("err.bad_option", reason=f"hands: 1 to {MAX_HANDS}")
    return rules.players


def seat_options(seats: int | None) -> dict[str, Any]:
    """The table options that ask for ``seats`` seats (none: the preset's own count)."""
    return {} if seats is None else {"players": seats}


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
    seats: int = 4  # the table opens when this many are waiting
    asked: int | None = None  # the seat count as asked for (None: the preset's own)
    people: list[Person] = field(default_factory=list)
    timer: Handle | None = None


class QuickQueue:
    def __init__(self, service: TableService, on_open: Opened | None = None,
                 on_fail: Failed | None = None) -> None:
        self.service = service
        self.on_open = on_open
        self.on_fail = on_fail
        # (guild, preset, seats): people asking for three seats never wait with those for four
        self._queues: dict[tuple[int, str, int], Waiting] = {}
        self._where: dict[tuple[int, int], str] = {}  # (guild, user) -> preset
        self._seats: dict[tuple[int, int], int] = {}  # (guild, user) -> the seat count
        self.opened: list[str] = []  # tables opened by the queue (tests, logs)

    def waiting(self, guild_id: int, preset: str, seats: int | None = None) -> list[Person]:
        n = seats if seats is not None else get_rules(preset).players
        q = self._queues.get((guild_id, preset, n))
        return list(q.people) if q is not None else []

    def queue_of(self, guild_id: int, user_id: int) -> str | None:
        return self._where.get((guild_id, user_id))

    async def join(
        self, guild_id: int, channel_id: int, person: Person, preset: str, *, wait: float = 60,
        level: str = "normal", stake: int | None = None, turn_seconds: float | None = None,
        hands: int | None = None, seats: int | None = None,
    ) -> Waiting:
        """Queue ``person``; opens the table when this fills its seats (``seats``, or the
        preset's own count). Returns the queue as it is now (emptied if the table opened).
        TableError: seated already, queued already, or an option no table can be opened with
        (nothing is queued then)."""
        n = check_request(preset, wait, level, hands, seats)
        seated = self.service.table_for(guild_id, person.user_id)
        if seated is not None:
            raise TableError("err.already_seated", table=seated.id)
        if (guild_id, person.user_id) in self._where:
            raise TableError("queue.already", rules=self._where[(guild_id, person.user_id)])
        key = (guild_id, preset, n)
        q = self._queues.get(key)
        if q is None:
            q = Waiting(guild_id, preset, channel_id, float(wait), level, stake, turn_seconds,
                        hands, n, seats)
            self._queues[key] = q
            if q.wait > 0:
                async def fire() -> None:
                    q.timer = None
                    await self._open(q)

                q.timer = self.service.clock.call_later(q.wait, fire)
        q.people.append(person)
        self._where[(guild_id, person.user_id)] = preset
        self._seats[(guild_id, person.user_id)] = n
        if len(q.people) >= q.seats:
            await self._open(q)
        return q

    def leave(self, guild_id: int, user_id: int) -> bool:
        """Leave the queue (one click); False if the person was not in one."""
        preset = self._where.pop((guild_id, user_id), None)
        seats = self._seats.pop((guild_id, user_id), None)
        if preset is None or seats is None:
            return False
        q = self._queues.get((guild_id, preset, seats))
        if q is not None:
            q.people = [p for p in q.people if p.user_id != user_id]
            if not q.people:
                self._drop(q)
        return True

    def _drop(self, q: Waiting) -> None:
        if q.timer is not None:
            q.timer.cancel()
            q.timer = None
        if self._queues.get((q.guild_id, q.preset, q.seats)) is q:
            del self._queues[(q.guild_id, q.preset, q.seats)]
        for p in q.people:
            self._where.pop((q.guild_id, p.user_id), None)
            self._seats.pop((q.guild_id, p.user_id), None)

    async def _open(self, q: Waiting) -> None:
        """Seat the people waiting, computers in the empty seats, and start."""
        if self._queues.get((q.guild_id, q.preset, q.seats)) is not q:
            return  # opened or emptied meanwhile
        people = q.people[:q.seats]  # join opens when the seats are full, so never more
        self._drop(q)
        seated: list[Person] = []
        table: Any = None
        for p in people:
            try:
                if table is None:
                    table = await self.service.create(
                        q.guild_id, q.channel_id, p, q.preset, seat_options(q.asked), q.stake,
                        q.hands,
                        turn_seconds=q.turn_seconds,
                    )
                else:
                    await self.service.join(table.id, p)
                seated.append(p)
            except TableError as exc:  # seated elsewhere since they queued: left out
                log.info("queue: %s not seated (%s)", p.user_id, exc.key)
        if table is None:
            await self._failed(q, people, TableError("err.need_person"))
            return
        try:
            # a person seated elsewhere at the last moment leaves a seat to a computer
            for _ in range(q.seats - len(seated)):
                await self.service.add_computer(table.id, seated[0].user_id, q.level)
            await self.service.start(table.id, seated[0].user_id)
        except TableError as exc:
            # never leave people seated at a lobby that cannot start: it is closed, they are
            # free to queue or sit again, and the channel is told why
            log.warning("queue: table %s could not start (%s): closed", table.id, exc.key)
            with contextlib.suppress(TableError):  # started or closed meanwhile
                await self.service.cancel(table.id, table.host_id)
            await self._failed(q, seated, exc)
            return
        self.opened.append(table.id)
        log.info("queue: table %s opened for %d people (%s)", table.id, len(seated), q.preset)
        if self.on_open is not None:
            await self.on_open(q.channel_id, table.id, q.preset, seated)

    async def _failed(self, q: Waiting, people: list[Person], exc: TableError) -> None:
        if self.on_fail is not None and people:
            try:
                await self.on_fail(q.channel_id, q.preset, people, exc)
            except Exception:
                log.exception("queue: could not tell the channel a table did not open")
