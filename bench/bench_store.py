"""The store: settling a hand, and leaderboards over a big guild.

Figures (milliseconds, median of many calls through the public ``Store`` API, so they include
aiosqlite's thread hop):
- settle one hand (4 seats, 3 payments, stats; ``synchronous=FULL``: on disk when it returns)
  on a fresh database and on the big one; also with ``synchronous=NORMAL`` for comparison;
- top-10 leaderboards (chips, net, win rate, best hand) over 100,000 players and 1,000,000
  ledger entries (``--quick``: 10,000 and 100,000).  The peer figure for "net" is the naive
  way, summing the entries of every player per query (``GROUP BY``), on the same database;
- a player's history page and statistics, and ``verify_books`` over all entries;
- the same on PostgreSQL when a server answers at ``MAHJONG_BENCH_DATABASE_URL`` (default
  ``postgresql://postgres@127.0.0.1:5432/test``; a schema of its own, dropped afterwards): the
  big guild is moved there by ``python -m store.copy`` (its time is a figure too).

The big guild is written with plain sqlite3 (outside the timed part) in the store's own schema:
starting chips for every player, then random transfers, balances and statistics kept
consistent, so ``verify_books`` passes on it.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

from bench import Row, median, percentiles
from store import AccountRef, HandStats, PaymentIn, Store, StoreSettings
from store.backend import Tx

GROUP = "store"
GUILD = 1
START = 10_000


def _populate(path: str, players: int, entries: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA synchronous = OFF")
    con.execute("BEGIN")
    now = 1_740_000_000_000
    con.execute("INSERT INTO accounts (id, guild_id, kind, user_id, balance, created_at) "
                "VALUES (1, ?, 'mint', 0, 0, ?)", (GUILD, now))
    balances = [START] * players
    first_user = 2
    con.executemany(
        "INSERT INTO accounts (id, guild_id, kind, user_id, balance, created_at) VALUES (?, ?, 'user', ?, 0, ?)",
        ((first_user + i, GUILD, 10**17 + i, now) for i in range(players)),
    )
    txns: list[tuple] = []
    lines: list[tuple] = []
    txn_id = 0
    for i in range(players):
        txn_id += 1
        txns.append((txn_id, GUILD, "starting_chips", f"start:{GUILD}:{10**17 + i}", None, None, 1, now))
        lines.append((txn_id, 0, 1, -START, -START, "starting_chips", None))
        lines.append((txn_id, 1, first_user + i, START, START, "starting_chips", None))
    hands = [0] * players
    wins = [0] * players
    net = [0] * players
    best = [0] * players
    hand_no = 0
    while len(lines) + 2 <= entries:
        payer, payee = rng.sample(range(players), 2)
        amount = min(rng.randint(1, 60), balances[payer])
        balances[payer] -= amount
        balances[payee] += amount
        net[payer] -= amount
        net[payee] += amount
        hands[payer] += 1
        hands[payee] += 1
        wins[payee] += 1
        best[payee] = max(best[payee], amount)
        txn_id += 1
        hand_no += 1
        txns.append((txn_id, GUILD, "hand_settlement", f"hand:bench:{hand_no}", "bench", hand_no, 1, now))
        lines.append((txn_id, 0, first_user + payer, -amount, -amount, "win", 1))
        lines.append((txn_id, 1, first_user + payee, amount, amount, "win", 0))
    con.executemany(
        "INSERT INTO ledger_txns (id, guild_id, kind, idem_key, game_id, hand_no, season, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", txns)
    con.executemany(
        "INSERT INTO ledger_entries (txn_id, line, account_id, amount, owed, memo, seat) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)", lines)
    con.executemany("UPDATE accounts SET balance = ? WHERE id = ?",
                    ((b, first_user + i) for i, b in enumerate(balances)))
    con.execute("UPDATE accounts SET balance = ? WHERE id = 1", (-START * players,))
    con.executemany(
        "INSERT INTO player_stats (account_id, season, guild_id, user_id, games, hands, wins, "
        "self_draws, deal_ins, net, win_rate, best_points, best_pattern) "
        "VALUES (?, ?, ?, ?, 1, ?, ?, 0, 0, ?, ?, ?, ?)",
        ((first_user + i, season, GUILD, 10**17 + i, hands[i], wins[i], net[i],
          wins[i] * 1_000_000 // hands[i] if hands[i] else 0, best[i], "p" if best[i] else None)
         for i in range(players) for season in (0, 1)),
    )
    con.execute("COMMIT")
    con.execute("ANALYZE")
    con.close()


async def _time(fn: Callable[[], Awaitable[object]], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


async def _settle_figures(store: Store, n: int, game: str) -> list[float]:
    seats = (AccountRef.user(GUILD, 1), AccountRef.user(GUILD, 2), AccountRef.user(GUILD, 3),
             AccountRef.house(GUILD))
    hand = iter(range(10**9))

    async def settle() -> None:
        h = next(hand)
        w = h % 4
        pays = [PaymentIn(p, w, 1 + h % 5) for p in range(4) if p != w]
        await store.settle_hand(game, h, seats, pays, HandStats((w,), True, None, 1 + h % 5, "p"))

    await settle()  # warm: accounts opened, statements cached
    return await _time(settle, n)


def _row(name: str, samples: list[float], note: str = "", peer: str | None = None,
         peer_samples: list[float] | None = None) -> Row:
    p95, p99 = percentiles(samples, 95, 99)
    return Row(GROUP, name, median(samples), "ms", peer=peer,
               peer_value=median(peer_samples) if peer_samples else None, better="lower",
               note=(f"p95 {p95:.2f} ms, p99 {p99:.2f} ms" + (f"; {note}" if note else "")))


PG_URL = os.environ.get("MAHJONG_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


async def _pg_reachable() -> bool:
    try:
        import asyncpg

        conn = await asyncpg.connect(PG_URL, timeout=3)
        await conn.close()
        return True
    except Exception:
        return False


async def _fresh(settings: StoreSettings, label: str, settles: int) -> Row:
    store = await Store.open(settings=settings)
    try:
        samples = await _settle_figures(store, settles, "fresh")
    finally:
        await store.close()
    return _row(f"settle a hand ({label})", samples,
                "goal < 2 ms" if settings.synchronous == "FULL" else "")


async def _big_figures(store: Store, size: str, settles: int, quick: bool, tag: str) -> list[Row]:
    rows = [_row(f"{tag}settle a hand ({size})", await _settle_figures(store, settles, "big"))]
    n = 30 if quick else 60
    for by in ("chips", "net", "win_rate", "best_hand"):
        async def board(by: str = by) -> None:
            got = await store.leaderboard(GUILD, by, limit=10, min_hands=5)
            assert len(got) == 10

        samples = await _time(board, n)
        peer = peer_samples = None
        if by == "net":
            async def naive() -> None:
                async def q(tx: Tx) -> object:
                    return await tx.fetchall(
                        "SELECT e.account_id, SUM(e.amount) AS net FROM ledger_entries e "
                        "JOIN ledger_txns t ON t.id = e.txn_id WHERE t.guild_id = ? AND "
                        "t.kind = 'hand_settlement' GROUP BY e.account_id "
                        "ORDER BY net DESC LIMIT 10", (GUILD,))
                await store.run_read(q)

            peer, peer_samples = "GROUP BY over entries", await _time(naive, 3)
        rows.append(_row(f"{tag}top-10 leaderboard by {by} ({size})", samples,
                         "goal < 50 ms", peer, peer_samples))
    someone = AccountRef.user(GUILD, 10**17 + 7)
    rows.append(_row(f"{tag}history page of a player (20 items)",
                     await _time(lambda: store.history(someone, 20), n)))
    rows.append(_row(f"{tag}statistics of a player", await _time(lambda: store.user_stats(someone), n)))
    return rows


async def _run(quick: bool) -> list[Row]:
    players, entries = (10_000, 100_000) if quick else (100_000, 1_000_000)
    settles = 100 if quick else 400
    size = f"{players:,} players, {entries:,} entries"
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as d:
        for sync in ("FULL", "NORMAL"):
            path = str(Path(d) / f"fresh-{sync}.db")
            rows.append(await _fresh(StoreSettings(path=path, synchronous=sync),
                                     f"fresh db, synchronous={sync}", settles))

        big = str(Path(d) / "big.db")
        store = await Store.open(settings=StoreSettings(path=big, verify_on_open=False))
        await store.close()
        t = time.perf_counter()
        _populate(big, players, entries)
        build = time.perf_counter() - t
        store = await Store.open(settings=StoreSettings(path=big, verify_on_open=False))
        try:
            rows.extend(await _big_figures(store, size, settles, quick, ""))
            rows.append(_row(f"verify_books ({entries:,} entries)", await _time(store.verify_books, 1 if not quick else 2),
                             f"synthetic guild built in {build:.1f} s"))
        finally:
            await store.close()
        if await _pg_reachable():
            rows.extend(await _postgres(big, size, settles, quick, entries))
    return rows


async def _postgres(big: str, size: str, settles: int, quick: bool, entries: int) -> list[Row]:
    from store.copy import copy_sqlite_to_postgres
    from store.postgres_backend import PostgresBackend

    rows: list[Row] = []
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    try:
        for sync in ("FULL", "NORMAL"):
            fresh = f"{schema}_{sync.lower()}"
            rows.append(await _fresh(
                StoreSettings(database_url=PG_URL, database_schema=fresh, synchronous=sync),
                f"PostgreSQL, fresh, synchronous_commit={'on' if sync == 'FULL' else 'off'}",
                settles))
        report = await copy_sqlite_to_postgres(big, PG_URL, schema=schema)
        rows.append(Row(GROUP, f"python -m store.copy SQLite → PostgreSQL ({size})",
                        report.seconds, "s", better="lower",
                        note="COPY in one transaction, checked (books, rows, totals) before commit"))
        store = await Store.open(settings=StoreSettings(
            database_url=PG_URL, database_schema=schema, verify_on_open=False))
        try:
            async with store.backend.write("analyze") as tx:
                await tx.execute("ANALYZE")
            rows.extend(await _big_figures(store, size, settles, quick, "PostgreSQL: "))
            rows.append(_row(f"PostgreSQL: verify_books ({entries:,} entries)",
                             await _time(store.verify_books, 1 if not quick else 2)))
        finally:
            await store.close()
    finally:
        for name in (schema, f"{schema}_full", f"{schema}_normal"):
            backend = await PostgresBackend.connect(PG_URL, schema=name)
            await backend.drop_schema()
            await backend.close()
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_run(quick))
