"""What every part of the table service shares: the tables, the store, the clock, the settings.

The service is several small parts (``tables.lobby``, ``tables.turns``, ``tables.timers``,
``tables.keeping``, ``tables.broadcast``); each holds this one hub rather than copies, so a
table registered or a seat freed by one part is seen by all of them at once.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from tables.clock import Clock
from tables.errors import TableError
from tables.model import TableInfo
from tables.persist import TableStore
from tables.table import MAX_OPENS, OPEN_WINDOW, Table, TableSettings
from tables.transport import Transport

FinishListener = Callable[[TableInfo, tuple[int, ...]], Awaitable[None]]


@dataclass(eq=False)
class Hub:
    store: TableStore
    transport: Transport
    clock: Clock
    settings: TableSettings
    new_id: Callable[[], str]
    new_seed: Callable[[], str]
    tables: dict[str, Table] = field(default_factory=dict)
    where: dict[tuple[int, int], str] = field(default_factory=dict)  # (guild, user) -> table id
    reserved: set[str] = field(default_factory=set)  # ids of tables being created
    closed: bool = False
    # called with the finished table and each seat's chips over the game (ratings)
    finish_listeners: list[FinishListener] = field(default_factory=list)
    # (guild, user) -> clock times the member opened a table or left one being played
    opened: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def note_open(self, guild_id: int, user_id: int) -> None:
        """Record an opening (or an abandoned table) against the member's rate."""
        self.opened.setdefault((guild_id, user_id), []).append(self.clock.now())

    def check_open_rate(self, guild_id: int, user_id: int) -> None:
        """A member who opened or left ``MAX_OPENS`` tables within ``OPEN_WINDOW`` seconds
        waits until the oldest of them is that old (a refusal saying how long)."""
        now = self.clock.now()
        times = [x for x in self.opened.get((guild_id, user_id), []) if now - x < OPEN_WINDOW]
        if times:
            self.opened[(guild_id, user_id)] = times
        else:
            self.opened.pop((guild_id, user_id), None)
        if len(times) >= MAX_OPENS:
            wait = max(1, math.ceil(OPEN_WINDOW - (now - times[-MAX_OPENS])))
            raise TableError("err.too_many_opens", seconds=wait)

    def table(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is None:
            raise TableError("err.no_table")
        return t

    def check_free(self, guild_id: int, user_id: int) -> None:
        """One person, one seat per server: a refusal naming the table they sit at."""
        tid = self.where.get((guild_id, user_id))
        if tid is not None and (tid in self.tables or tid in self.reserved):
            raise TableError("err.already_seated", table=tid)
