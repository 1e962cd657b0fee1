"""What the table service needs from storage, and two implementations of it.

``StoreTables`` keeps tables in the project's store (``store.Store``): events
appended per table, the hand's settlement in the same transaction as its final
event. ``MemoryTables`` keeps them in a dict (benchmarks, quick tests); it
settles at face value with no ledger behind it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.events import Event, MatchStarted, event_from_json
from engine.renames import upgrade_events
from tables.records import (
    BrokenRecord,
    Paid,
    Settled,
    Settlement,
    TableResult,
    TableRow,
    TableSnapshot,
)
from tables.shards import ShardSet

log = logging.getLogger("mahjong.tables")


def read_row(
    table_id: str, guild_id: int, channel_id: int, preset: str, options: Any, status: str,
    seats: Any,
) -> TableRow | None:
    """A stored table as a checked ``TableRow``; None, with an error in the log naming the
    table and what is wrong, for a row that cannot be read. The row is left as it is."""
    try:
        return TableRow.from_row(table_id, guild_id, channel_id, preset, options, status, seats)
    except BrokenRecord as exc:
        log.error("%s; the table is not resumed and its row is left as it is (restore it "
                  "from a backup, or mark the table abandoned)", exc)
        return None


class TableStore(Protocol):
    async def create_table(
        self, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], meta: TableSnapshot,
    ) -> None: ...

    async def ensure_player(self, guild_id: int, user_id: int) -> None: ...

    async def set_status(
        self, table_id: str, status: str, meta: TableSnapshot,
        result: TableResult | None = None,
    ) -> None: ...

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settlement | None = None
    ) -> Settled | None: ...

    async def unfinished(self) -> list[TableRow]:
        """The tables still waiting or playing, read and checked (a row that cannot be read
        is left out, and said so in the log)."""
        ...

    async def events(self, table_id: str) -> list[Event]: ...

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]: ...

    async def table_scores(
        self, table_id: str, stake: int, events: Sequence[Event]
    ) -> list[int]: ...

    async def entry_stakes(self, guild_id: int) -> int:
        """Chips needed to sit at a table, in that table's stakes (a server setting)."""
        ...

    async def save_hand_message(
        self, table_id: str, user_id: int, channel_id: int, message_id: int
    ) -> None:
        """Where a person's hand lives for a table (the transport's ids: plain ints), kept
        until the table ends, so a restarted process can edit it instead of sending anew."""
        ...

    async def hand_messages(
        self, table_ids: Sequence[str]
    ) -> dict[str, dict[int, tuple[int, int]]]:
        """table → person → (channel id, message id), for the tables given."""
        ...


@dataclass
class MemoryRow:
    """A table as MemoryTables keeps it: the JSON a database would hold."""

    id: str
    guild_id: int
    channel_id: int
    preset: str
    options: dict[str, Any]
    seats: Any
    status: str
    result: Any = None


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@dataclass
class MemoryTables:
    """Tables in memory: no ledger (every player has ``starting`` chips and pays in full)."""

    starting: int = 1000
    rows: dict[str, MemoryRow] = field(default_factory=dict)
    logs: dict[str, list[str]] = field(default_factory=dict)
    chips: dict[tuple[int, int], int] = field(default_factory=dict)
    settled: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    settled_hands: dict[str, dict[int, tuple[int, ...]]] = field(default_factory=dict)
    entry: int = 0  # chips needed to sit, in stakes (no ledger here: none by default)
    # table → person → (channel id, message id) of their hand's message
    hand_dms: dict[str, dict[int, tuple[int, int]]] = field(default_factory=dict)

    async def create_table(
        self, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], meta: TableSnapshot,
    ) -> None:
        self.rows[table_id] = MemoryRow(table_id, guild_id, channel_id, preset,
                                        _as_json(options), _as_json(meta.to_row()), "waiting")
        self.logs[table_id] = []

    async def ensure_player(self, guild_id: int, user_id: int) -> None:
        self.chips.setdefault((guild_id, user_id), self.starting)

    async def set_status(
        self, table_id: str, status: str, meta: TableSnapshot,
        result: TableResult | None = None,
    ) -> None:
        row = self.rows[table_id]
        row.status = status
        row.seats = _as_json(meta.to_row())
        row.result = None if result is None else _as_json(result.to_row())
        if status in ("finished", "abandoned"):
            self.hand_dms.pop(table_id, None)

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settlement | None = None
    ) -> Settled | None:
        if settle is not None and settle.hand_no in self.settled_hands.setdefault(table_id, {}):
            # like the real store's unique key: a hand settles once, and a repeat appends
            # nothing and answers with the first settlement
            return Settled(self.settled_hands[table_id][settle.hand_no], already_settled=True)
        # serialise like the real store does, so a replay reads exactly what was written
        self.logs[table_id].extend(e.dumps() for e in events)
        if settle is None:
            return None
        deltas = settle.face_value()
        guild = self.rows[table_id].guild_id
        for user, d in zip(settle.accounts, deltas, strict=True):
            if user is not None:
                self.chips[(guild, user)] = self.chips.get((guild, user), self.starting) + d
        self.settled.setdefault(table_id, []).append(deltas)
        self.settled_hands[table_id][settle.hand_no] = deltas
        return Settled(deltas)

    async def unfinished(self) -> list[TableRow]:
        rows = (read_row(r.id, r.guild_id, r.channel_id, r.preset, r.options, r.status, r.seats)
                for r in self.rows.values() if r.status in ("waiting", "playing"))
        return [r for r in rows if r is not None]

    async def events(self, table_id: str) -> list[Event]:
        return upgrade_events(event_from_json(json.loads(line))
                              for line in self.logs.get(table_id, []))

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]:
        return [None if u is None else self.chips.get((guild_id, u), self.starting) for u in users]

    async def entry_stakes(self, guild_id: int) -> int:
        return self.entry

    async def save_hand_message(
        self, table_id: str, user_id: int, channel_id: int, message_id: int
    ) -> None:
        row = self.rows.get(table_id)
        if row is not None and row.status in ("waiting", "playing"):
            self.hand_dms.setdefault(table_id, {})[user_id] = (channel_id, message_id)

    async def hand_messages(
        self, table_ids: Sequence[str]
    ) -> dict[str, dict[int, tuple[int, int]]]:
        return {t: dict(self.hand_dms[t]) for t in table_ids if self.hand_dms.get(t)}

    async def table_scores(self, table_id: str, stake: int, events: Sequence[Event]) -> list[int]:
        out = [0] * _seats_of(events)
        for deltas in self.settled.get(table_id, []):
            for i, d in enumerate(deltas):
                out[i] += d
        return out


class StoreTables:
    """Tables in the project's store (``store.Store`` underneath: SQLite or PostgreSQL).

    With ``shards`` (the bot running as several processes) this process keeps only the
    tables of guilds its shards hold, and a lease on each (``store.try_lease``): a table is
    created with its lease, resumed only if its lease can be taken (another process with the
    same shards keeps its own), and let go when it ends."""

    def __init__(self, store: Any, shards: ShardSet | None = None) -> None:
        self.store = store
        self.shards = shards
        self._next_seq: dict[str, int] = {}

    async def create_table(
        self, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], meta: TableSnapshot,
    ) -> None:
        await self.store.create_table(
            guild_id=guild_id, channel_id=channel_id, preset=preset, options=options,
            seats=meta.to_row(), status="waiting", table_id=table_id,
        )
        if not await self.store.try_lease(f"table:{table_id}"):
            raise RuntimeError(f"table {table_id} is held by another process")
        self._next_seq[table_id] = 0

    async def ensure_player(self, guild_id: int, user_id: int) -> None:
        from store import AccountRef

        await self.store.balance(AccountRef.user(guild_id, user_id))

    async def set_status(
        self, table_id: str, status: str, meta: TableSnapshot,
        result: TableResult | None = None,
    ) -> None:
        seats = meta.to_row()
        if status in ("finished", "abandoned"):
            await self.store.update_table(table_id, seats=seats)
            await self.store.finish_table(table_id, status=status,
                                          result=None if result is None else result.to_row())
            await self.store.release_lease(f"table:{table_id}")
        else:
            await self.store.update_table(table_id, status=status, seats=seats)

    async def _seq(self, table_id: str) -> int:
        seq = self._next_seq.get(table_id)
        if seq is None:
            seq = (await self.store.get_table(table_id)).next_seq
        return int(seq)

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settlement | None = None
    ) -> Settled | None:
        try:
            return await self._append(table_id, events, settle)
        except BaseException:
            # whether or not the failed write reached the disk, the next sequence number is
            # read again from the store (a cached one could put later events at the wrong seq)
            self._next_seq.pop(table_id, None)
            raise

    async def _append(
        self, table_id: str, events: Sequence[Event], settle: Settlement | None
    ) -> Settled | None:
        from store import AccountRef, HandStats, PaymentIn

        payload = [e.to_json() for e in events]
        first = await self._seq(table_id)
        if settle is None:
            self._next_seq[table_id] = await self.store.append_events(table_id, payload, first)
            return None
        from store.ledger import MAX_AMOUNT

        guild = (await self.store.get_table(table_id)).guild_id
        refs = [
            AccountRef.house(guild) if u is None else AccountRef.user(guild, u)
            for u in settle.accounts
        ]
        # what is owed may pass the ledger's largest payment (a huge unit times a huge stake):
        # no balance can pay more than that anyway, so the claim is recorded at that amount
        payments = [
            PaymentIn(payer, payee, min(amount, MAX_AMOUNT), (reason or "win")[:32])
            for payer, payee, amount, reason in settle.owed()
            if amount > 0
        ]
        stats = settle.stats
        result = await self.store.settle_hand(
            table_id, settle.hand_no, refs, payments,
            HandStats(
                winners=stats.winners, self_draw=stats.self_draw, deal_in_seat=stats.deal_in,
                points=stats.points, pattern=stats.pattern,
            ),
            events=payload, first_seq=first,
            cover=None if settle.cover is None else list(settle.cover),
        )
        if result.already_settled:
            # The hand was settled before (a retry after a crash or a duplicate): this
            # call appended nothing, so the next sequence number is the store's.
            self._next_seq.pop(table_id, None)
        else:
            self._next_seq[table_id] = first + len(payload)
        return Settled(tuple(result.deltas), result.already_settled,
                       tuple(Paid(p.payer, p.payee, p.owed, p.paid) for p in result.payments))

    async def unfinished(self) -> list[TableRow]:
        rows = []
        for rec in await self.store.list_unfinished():
            if self.shards is not None and not self.shards.owns(rec.guild_id):
                continue  # another process's shard holds this guild
            # read before the lease is taken: a row that cannot be read changes nothing
            row = read_row(rec.id, rec.guild_id, rec.channel_id, rec.preset, rec.options,
                           rec.status, rec.seats)
            if row is None:
                continue
            if not await self.store.try_lease(f"table:{rec.id}"):
                log.warning("table %s is held by another process (same shard?): not resumed", rec.id)
                continue
            self._next_seq[rec.id] = rec.next_seq
            rows.append(row)
        return rows

    async def events(self, table_id: str) -> list[Event]:
        # old pattern ids under their current names (engine.renames)
        return upgrade_events(event_from_json(obj) for obj in await self.store.load_events(table_id))

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]:
        from store import AccountRef

        wanted = [u for u in users if u is not None]
        found = await self.store.balances([AccountRef.user(guild_id, u) for u in wanted])
        by_user = dict(zip(wanted, found, strict=True))
        return [None if u is None else by_user[u] for u in users]

    async def table_scores(self, table_id: str, stake: int, events: Sequence[Event]) -> list[int]:
        return list(await self.store.table_scores(table_id, _seats_of(events)))

    async def entry_stakes(self, guild_id: int) -> int:
        return int((await self.store.get_guild_settings(guild_id)).entry_stakes)

    async def save_hand_message(
        self, table_id: str, user_id: int, channel_id: int, message_id: int
    ) -> None:
        # deleted with the table's end, in finish_table's transaction
        await self.store.save_hand_message(table_id, user_id, channel_id, message_id)

    async def hand_messages(
        self, table_ids: Sequence[str]
    ) -> dict[str, dict[int, tuple[int, int]]]:
        found: dict[str, dict[int, tuple[int, int]]] = await self.store.hand_messages(table_ids)
        return found


def _seats_of(events: Sequence[Event]) -> int:
    """The table's seat count, as its match started (four for a log without a start)."""
    return next((e.players for e in events if isinstance(e, MatchStarted)), 4)
