"""Child process of the crash test: plays hands into a store until it is killed.

Run as ``python -m tests.store.crash_child DB`` (a SQLite file), or with
``MAHJONG_DATABASE_URL`` and ``MAHJONG_DATABASE_SCHEMA`` set to play into PostgreSQL.  Each hand is two ordinary events (their own
transaction, as the table service appends them) and a final event written with the hand's
settlement in one transaction.  On start it resumes from the end of the stored log and also
re-sends an earlier hand's settlement, which must come back as already settled.
"""

from __future__ import annotations

import asyncio
import random
import sys

from store import (
    AccountRef,
    HandSettlement,
    HandStats,
    PaymentIn,
    Store,
    StoreSettings,
    UnknownTable,
)

GUILD = 7
TABLE = "crash"
SEATS = (AccountRef.user(GUILD, 1), AccountRef.user(GUILD, 2), AccountRef.user(GUILD, 3), AccountRef.house(GUILD))
EVENTS_PER_HAND = 3
START = 300


def hand(h: int) -> HandSettlement:
    """Hand h's settlement: a function of h only, so the parent can recompute it."""
    winner = h % 4
    each = h % 7 + 1 + (40 if h % 5 == 0 else 0)
    pays = tuple(PaymentIn(p, winner, each, "win") for p in range(4) if p != winner)
    return HandSettlement(h, SEATS, pays, HandStats((winner,), True, None, each, "p"))


def child_settings(path: str) -> StoreSettings:
    env = StoreSettings.from_env()
    return StoreSettings(path=path, starting_chips=START, database_url=env.database_url,
                         database_schema=env.database_schema)


async def main(path: str) -> None:
    store = await Store.open(settings=child_settings(path))
    try:
        try:
            next_seq = (await store.get_table(TABLE)).next_seq
        except UnknownTable:
            await store.create_table(guild_id=GUILD, channel_id=1, preset="p", table_id=TABLE, status="playing")
            next_seq = 0
        settled = next_seq // EVENTS_PER_HAND
        if settled:
            again = random.randrange(settled)
            r = await store.append_events_and_settle(
                TABLE, [{"type": "hand_end", "hand": again}], again * EVENTS_PER_HAND + 2, hand(again))
            if not r.already_settled:
                raise SystemExit(f"hand {again} was settled twice")
        print("ready", flush=True)
        seq = next_seq
        while True:
            h, pos = divmod(seq, EVENTS_PER_HAND)
            if pos < EVENTS_PER_HAND - 1:
                seq = await store.append_events(TABLE, [{"type": "draw", "hand": h, "n": pos}], seq)
            else:
                await store.append_events_and_settle(TABLE, [{"type": "hand_end", "hand": h}], seq, hand(h))
                seq += 1
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
