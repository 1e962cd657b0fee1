"""What the table service needs from storage, and two implementations of it.

``StoreTables`` keeps tables in the project's SQLite store (``store.Store``): events
appended per table, the hand's settlement in the same transaction as its final
event. ``MemoryTables`` keeps them in a dict (benchmarks, quick tests); it
settles at face value with no ledger behind it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.events import Event, HandEnded, event_from_json

Accounts = list[int | None]  # per seat: the user whose chips are at stake, None for the house
# (hand_no, accounts, final event, stake, stats)
Settle = tuple[int, Accounts, HandEnded, int, dict[str, Any]]


@dataclass(frozen=True)
class Settled:
    """Chips that actually moved in a settlement, per seat (sums to zero)."""

    deltas: tuple[int, ...]
    already_settled: bool = False


@dataclass
class TableRow:
    id: str
    guild_id: int
    channel_id: int
    preset: str
    options: dict[str, Any]
    seats: dict[str, Any]
    status: str
    result: dict[str, Any] | None = None


class TableStore(Protocol):
    async def create_table(
        self, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], meta: dict[str, Any],
    ) -> None: ...

    async def ensure_player(self, guild_id: int, user_id: int) -> None: ...

    async def set_status(
        self, table_id: str, status: str, meta: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None: ...

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settle | None = None
    ) -> Settled | None: ...

    async def unfinished(self) -> list[TableRow]: ...

    async def events(self, table_id: str) -> list[Event]: ...

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]: ...

    async def table_scores(
        self, table_id: str, stake: int, events: Sequence[Event]
    ) -> list[int]: ...


def _face_value(ended: HandEnded, stake: int) -> tuple[int, ...]:
    return tuple(d * stake for d in ended.deltas)


@dataclass
class MemoryTables:
    """Tables in memory: no ledger (every player has ``starting`` chips and pays in full)."""

    starting: int = 1000
    rows: dict[str, TableRow] = field(default_factory=dict)
    logs: dict[str, list[str]] = field(default_factory=dict)
    chips: dict[tuple[int, int], int] = field(default_factory=dict)
    settled: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)

    async def create_table(
        self, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], meta: dict[str, Any],
    ) -> None:
        self.rows[table_id] = TableRow(table_id, guild_id, channel_id, preset, dict(options),
                                       json.loads(json.dumps(meta)), "waiting")
        self.logs[table_id] = []

    async def ensure_player(self, guild_id: int, user_id: int) -> None:
        self.chips.setdefault((guild_id, user_id), self.starting)

    async def set_status(
        self, table_id: str, status: str, meta: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        row = self.rows[table_id]
        row.status = status
        row.seats = json.loads(json.dumps(meta))
        row.result = result

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settle | None = None
    ) -> Settled | None:
        # serialise like the real store does, so a replay reads exactly what was written
        self.logs[table_id].extend(e.dumps() for e in events)
        if settle is None:
            return None
        _, accounts, ended, stake, _ = settle
        deltas = _face_value(ended, stake)
        guild = self.rows[table_id].guild_id
        for user, d in zip(accounts, deltas, strict=True):
            if user is not None:
                self.chips[(guild, user)] = self.chips.get((guild, user), self.starting) + d
        self.settled.setdefault(table_id, []).append(deltas)
        return Settled(deltas)

    async def unfinished(self) -> list[TableRow]:
        return [r for r in self.rows.values() if r.status in ("waiting", "playing")]

    async def events(self, table_id: str) -> list[Event]:
        return [event_from_json(json.loads(line)) for line in self.logs.get(table_id, [])]

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]:
        return [None if u is None else self.chips.get((guild_id, u), self.starting) for u in users]

    async def table_scores(self, table_id: str, stake: int, events: Sequence[Event]) -> list[int]:
        out = [0, 0, 0, 0]
        for deltas in self.settled.get(table_id, []):
            for i, d in enumerate(deltas):
                out[i] += d
        return out
