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

from engine.events import Event, HandEnded, event_from_json
from tables.shards import ShardSet

log = logging.getLogger("mahjong.tables")

Accounts = list[int | None]  # per seat: the user whose chips are at stake, None for the house
Cover = list[int | None] | None  # per seat: chips at stake when the hand started (以小博大)
# (hand_no, accounts, final event, stake, stats, cover)
Settle = tuple[int, Accounts, HandEnded, int, dict[str, Any], Cover]


@dataclass(frozen=True)
class Settled:
    """Chips that actually moved in a settlement, per seat (sums to zero); ``payments`` as
    (payer, payee, owed, paid) in chips, so a payment cut by a cap can be shown."""

    deltas: tuple[int, ...]
    already_settled: bool = False
    payments: tuple[tuple[int, int, int, int], ...] = ()


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

    async def entry_stakes(self, guild_id: int) -> int:
        """Chips needed to sit at a table, in that table's stakes (a server setting)."""
        ...


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
    settled_hands: dict[str, dict[int, tuple[int, ...]]] = field(default_factory=dict)
    entry: int = 0  # chips needed to sit, in stakes (no ledger here: none by default)

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
        if settle is not None and settle[0] in self.settled_hands.setdefault(table_id, {}):
            # like the real store's unique key: a hand settles once, and a repeat appends
            # nothing and answers with the first settlement
            return Settled(self.settled_hands[table_id][settle[0]], already_settled=True)
        # serialise like the real store does, so a replay reads exactly what was written
        self.logs[table_id].extend(e.dumps() for e in events)
        if settle is None:
            return None
        hand_no, accounts, ended, stake, _, _ = settle
        deltas = _face_value(ended, stake)
        guild = self.rows[table_id].guild_id
        for user, d in zip(accounts, deltas, strict=True):
            if user is not None:
                self.chips[(guild, user)] = self.chips.get((guild, user), self.starting) + d
        self.settled.setdefault(table_id, []).append(deltas)
        self.settled_hands[table_id][hand_no] = deltas
        return Settled(deltas)

    async def unfinished(self) -> list[TableRow]:
        return [r for r in self.rows.values() if r.status in ("waiting", "playing")]

    async def events(self, table_id: str) -> list[Event]:
        return [event_from_json(json.loads(line)) for line in self.logs.get(table_id, [])]

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]:
        return [None if u is None else self.chips.get((guild_id, u), self.starting) for u in users]

    async def entry_stakes(self, guild_id: int) -> int:
        return self.entry


    async def table_scores(self, table_id: str, stake: int, events: Sequence[Event]) -> list[int]:
        out = [0, 0, 0, 0]
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
        options: dict[str, Any], meta: dict[str, Any],
    ) -> None:
        await self.store.create_table(
            guild_id=guild_id, channel_id=channel_id, preset=preset, options=options,
            seats=meta, status="waiting", table_id=table_id,
        )
        if not await self.store.try_lease(f"table:{table_id}"):
            raise RuntimeError(f"table {table_id} is held by another process")
        self._next_seq[table_id] = 0

    async def ensure_player(self, guild_id: int, user_id: int) -> None:
        from store import AccountRef

        await self.store.balance(AccountRef.user(guild_id, user_id))

    async def set_status(
        self, table_id: str, status: str, meta: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        if status in ("finished", "abandoned"):
            await self.store.update_table(table_id, seats=meta)
            await self.store.finish_table(table_id, status=status, result=result)
            await self.store.release_lease(f"table:{table_id}")
        else:
            await self.store.update_table(table_id, status=status, seats=meta)

    async def _seq(self, table_id: str) -> int:
        seq = self._next_seq.get(table_id)
        if seq is None:
            seq = (await self.store.get_table(table_id)).next_seq
        return int(seq)

    async def append(
        self, table_id: str, events: Sequence[Event], settle: Settle | None = None
    ) -> Settled | None:
        try:
            return await self._append(table_id, events, settle)
        except BaseException:
            # whether or not the failed write reached the disk, the next sequence number is
            # read again from the store (a cached one could put later events at the wrong seq)
            self._next_seq.pop(table_id, None)
            raise

    async def _append(
        self, table_id: str, events: Sequence[Event], settle: Settle | None
    ) -> Settled | None:
        from store import AccountRef, HandStats, PaymentIn

        payload = [e.to_json() for e in events]
        first = await self._seq(table_id)
        if settle is None:
            self._next_seq[table_id] = await self.store.append_events(table_id, payload, first)
            return None
        from store.ledger import MAX_AMOUNT

        hand_no, accounts, ended, stake, stats, cover = settle
        guild = (await self.store.get_table(table_id)).guild_id
        refs = [
            AccountRef.house(guild) if u is None else AccountRef.user(guild, u) for u in accounts
        ]
        # what is owed may pass the ledger's largest payment (a huge unit times a huge stake):
        # no balance can pay more than that anyway, so the claim is recorded at that amount
        payments = [
            PaymentIn(payer, payee, min(amount * stake, MAX_AMOUNT), (reason or "win")[:32])
            for payer, payee, amount, reason in ended.payments
            if amount > 0
        ]
        result = await self.store.settle_hand(
            table_id, hand_no, refs, payments,
            HandStats(
                winners=tuple(stats["winners"]), self_draw=bool(stats["self_draw"]),
                deal_in_seat=stats["deal_in"], points=int(stats["points"]),
                pattern=stats["pattern"],
            ),
            events=payload, first_seq=first, cover=cover,
        )
        if result.already_settled:
            # The hand was settled before (a retry after a crash or a duplicate): this
            # call appended nothing, so the next sequence number is the store's.
            self._next_seq.pop(table_id, None)
        else:
            self._next_seq[table_id] = first + len(payload)
        return Settled(tuple(result.deltas), result.already_settled,
                       tuple((p.payer, p.payee, p.owed, p.paid) for p in result.payments))

    async def unfinished(self) -> list[TableRow]:
        rows = []
        for rec in await self.store.list_unfinished():
            if self.shards is not None and not self.shards.owns(rec.guild_id):
                continue  # another process's shard holds this guild
            if not await self.store.try_lease(f"table:{rec.id}"):
                log.warning("table %s is held by another process (same shard?): not resumed", rec.id)
                continue
            self._next_seq[rec.id] = rec.next_seq
            seats = rec.seats if isinstance(rec.seats, dict) else {}
            rows.append(TableRow(rec.id, rec.guild_id, rec.channel_id, rec.preset,
                                 dict(rec.options), seats, rec.status, rec.result))
        return rows

    async def events(self, table_id: str) -> list[Event]:
        return [event_from_json(obj) for obj in await self.store.load_events(table_id)]

    async def balances(self, guild_id: int, users: Sequence[int | None]) -> list[int | None]:
        from store import AccountRef

        wanted = [u for u in users if u is not None]
        found = await self.store.balances([AccountRef.user(guild_id, u) for u in wanted])
        by_user = dict(zip(wanted, found, strict=True))
        return [None if u is None else by_user[u] for u in users]

    async def table_scores(self, table_id: str, stake: int, events: Sequence[Event]) -> list[int]:
        return list(await self.store.table_scores(table_id))

    async def entry_stakes(self, guild_id: int) -> int:
        return int((await self.store.get_guild_settings(guild_id)).entry_stakes)
