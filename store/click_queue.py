"""Clicks handed from the process Discord delivered them to, to the process running their table.

With the bot as several processes on one PostgreSQL ledger, a click made in a direct message
reaches shard 0's process whatever its table (a DM has no guild to route by).  That process
leaves the click in ``forwarded_clicks`` and NOTIFYs; the owner (the process holding the
table's lease) LISTENs, claims the row by deleting it, and acts.  Deleting is the claim: a
click is taken once, by its owner, or back by the process that left it when nobody came.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

from store.errors import StoreError


class ClickQueue:
    """The ``forwarded_clicks`` table and its NOTIFY channel (PostgreSQL only)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.backend = store.backend

    @property
    def available(self) -> bool:
        """Only a shared PostgreSQL ledger can carry clicks between processes."""
        return getattr(self.backend, "name", "") == "postgresql"

    def channel(self, shard: int) -> str:
        """The NOTIFY channel of the processes running ``shard``: one per ledger (schema) and
        shard, so that a process hears only of clicks for its own shards' tables and ledgers
        sharing a database never wake each other (a hash keeps the name within PostgreSQL's
        63 characters)."""
        schema = getattr(self.backend, "schema", None) or "public"
        return f"mahjong_clicks_{hashlib.sha1(schema.encode()).hexdigest()[:12]}_{shard}"

    def _require(self) -> None:
        if not self.available:
            raise StoreError("forwarding clicks between processes needs the PostgreSQL ledger")

    async def put(self, table_id: str, shard: int, payload: dict[str, Any], now_ms: int) -> int:
        """Leave a click for ``table_id``'s owner (a process running ``shard``); its id. The
        owner hears of it on commit."""
        self._require()
        # one statement, one round trip: the row and its NOTIFY commit together (the
        # receiving process does this for every DM click of every table)
        rows = await self.backend.statement(
            "forwarding a click",
            "WITH c AS (INSERT INTO forwarded_clicks (table_id, payload, created_at) "
            "VALUES (?, ?, ?) RETURNING id) "
            "SELECT id, pg_notify(?, id::text || ':' || ?) FROM c",
            (table_id, json.dumps(payload, separators=(",", ":")), now_ms,
             self.channel(shard), table_id),
        )
        return int(rows[0][0])

    async def take(self, click_id: int) -> dict[str, Any] | None:
        """The click, now this caller's to answer; None if someone took it first."""
        self._require()
        rows = await self.backend.statement(
            "taking a forwarded click",
            "DELETE FROM forwarded_clicks WHERE id = ? RETURNING payload", (click_id,),
        )
        if not rows:
            return None
        payload: dict[str, Any] = json.loads(rows[0][0])
        return payload

    async def take_back(self, click_ids: list[int]) -> set[int]:
        """Take back, in one statement, those of ``click_ids`` nobody took: the ids taken
        back here (the others were taken by their owner)."""
        self._require()
        if not click_ids:
            return set()
        marks = ", ".join("?" for _ in click_ids)
        rows = await self.backend.statement(
            "taking back forwarded clicks",
            f"DELETE FROM forwarded_clicks WHERE id IN ({marks}) RETURNING id", list(click_ids),
        )
        return {int(r[0]) for r in rows}

    async def purge(self, before_ms: int) -> int:
        """Forget clicks left before ``before_ms`` (their tokens have expired anyway)."""
        self._require()
        async with self.backend.write("purging old forwarded clicks") as tx:
            return await tx.execute("DELETE FROM forwarded_clicks WHERE created_at < ?",
                                    (before_ms,))

    async def listen(self, shards: Iterable[int], callback: Callable[[int, str], None]) -> None:
        """``callback(click_id, table_id)`` for every click left from now on for a table of
        one of ``shards``."""
        self._require()

        def heard(payload: str) -> None:
            click_id, _, table_id = payload.partition(":")
            if click_id.isdigit() and table_id:
                callback(int(click_id), table_id)

        for shard in shards:
            await self.backend.listen(self.channel(shard), heard)

    async def relisten(self) -> bool:
        """Listen again if the database server ended the listening session (a restart):
        True if so — clicks left meanwhile were not heard; look for them (``forwarded_clicks``)."""
        self._require()
        return bool(await self.backend.relisten())

    async def owner_alive(self, table_id: str) -> bool:
        """Whether a process holds ``table_id``'s lease (is running it) right now."""
        self._require()
        return bool(await self.backend.lease_held(f"table:{table_id}"))
