"""The chaos soak's books (``python -m bench.chaos``): what the ledger holds against the events
and against what the channels show — hands unpaid and paid twice, chips conserved, every
posted settlement equal to the ledger, every table finished — and the silences people saw."""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discord_double import DiscordDouble
from discord_double.users import ScriptedUser

SETTLEMENT = re.compile(r"^\*\*Hand (?P<hand>\d+) settlement\*\*")
CHIPS_PART = re.compile(r"^(?P<name>.+) (?P<chips>[+-]\d+)$")
KEPT_SEAT = re.compile(r"^(?P<name>.+) \(\w+ computer\)$")


@dataclass
class Game:
    channel: int
    people: list[ScriptedUser]
    table: str = ""
    done: bool = False



Rows = list[tuple[Any, ...]]


def sqlite_rows(db: Path, queries: list[str]) -> list[Rows]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [list(con.execute(q)) for q in queries]
    finally:
        con.close()


async def postgres_rows(url: str, schema: str, queries: list[str]) -> list[Rows]:
    import asyncpg

    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        return [[tuple(r) for r in await conn.fetch(q)] for q in queries]
    finally:
        await conn.close()


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


BOOKS_SQL = [
    "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries",
    "SELECT game_id, hand_no, COUNT(*) FROM ledger_txns WHERE kind = 'hand_settlement' "
    "GROUP BY game_id, hand_no",
    "SELECT table_id, payload FROM game_events ORDER BY table_id, seq",
    "SELECT t.game_id, t.hand_no, a.user_id, SUM(e.amount) FROM ledger_txns t "
    "JOIN ledger_entries e ON e.txn_id = t.id JOIN accounts a ON a.id = e.account_id "
    "WHERE t.kind = 'hand_settlement' AND a.kind = 'user' GROUP BY t.game_id, t.hand_no, a.user_id",
    "SELECT id, status FROM game_tables",
]


def finished(d: DiscordDouble, channel: int) -> bool:
    return any(m.content.startswith("**Standings**") for m in d.bot_messages(channel))


def posted(d: DiscordDouble, channel: int) -> tuple[dict[int, dict[str, int]], int]:
    """Per hand (1-based) the chips each seat's settlement line shows, and how many hands
    were posted twice with different numbers."""
    out: dict[int, dict[str, int]] = {}
    differ = 0
    for m in d.bot_messages(channel):
        head = SETTLEMENT.match(m.content)
        if head is None:
            continue
        chips: dict[str, int] = {}
        for line in m.content.splitlines():
            parts = [CHIPS_PART.match(p.strip()) for p in line.split(" · ")]
            if len(parts) == 4 and all(parts):
                for p in parts:
                    assert p is not None
                    kept = KEPT_SEAT.match(p["name"])
                    chips[kept["name"] if kept else p["name"]] = int(p["chips"])
                break
        hand = int(head["hand"])
        if hand in out and out[hand] != chips:
            differ += 1
        out[hand] = chips
    return out, differ


def books(rows: list[Rows], d: DiscordDouble, games: list[Game]) -> dict[str, Any]:
    """The ledger against the events and against what was posted (``rows``: BOOKS_SQL's)."""
    total, settled_rows, events, per_hand_rows, statuses = rows
    ledger_sum = int(total[0][0])
    settled = {(str(gid), int(hand)): int(n) for gid, hand, n in settled_rows}
    ended: set[tuple[str, int]] = set()
    hand_of: dict[str, int] = {}  # the hand each table's events are in (hand_started)
    for tid, payload in events:
        e = json.loads(payload) if isinstance(payload, str | bytes) else payload
        if e.get("type") == "hand_started":
            hand_of[str(tid)] = int(e["hand_no"])
        elif e.get("type") == "hand_ended":
            ended.add((str(tid), hand_of.get(str(tid), -1)))
    per_hand = {(str(gid), int(hand), int(user)): int(amount)
                for gid, hand, user, amount in per_hand_rows}
    status = {str(k): str(v) for k, v in statuses}
    mismatches: list[str] = []
    unposted = differ = 0
    for g in games:
        if not g.table:
            continue
        shown, twice = posted(d, g.channel)
        differ += twice
        names = {u.user.name: u.user.id for u in g.people}
        for (gid, hand), _n in settled.items():
            if gid != g.table:
                continue
            if hand + 1 not in shown:
                unposted += 1
                continue
            for name, uid in names.items():
                got = shown[hand + 1].get(name)
                want = per_hand.get((gid, hand, uid), 0)
                if got is not None and got != want:
                    mismatches.append(f"{gid} hand {hand + 1} {name}: posted {got:+d}, ledger {want:+d}")
        for hand in shown:
            if (g.table, hand - 1) not in settled:
                mismatches.append(f"{g.table} hand {hand}: posted, not in the ledger")
    opened = [g.table for g in games if g.table]
    return {
        "hands_played": len(ended),
        "hands_unpaid": len([k for k in ended if k not in settled]),
        "hands_paid_twice": sum(1 for n in settled.values() if n > 1),
        "ledger_sum": ledger_sum,
        "chips_conserved": ledger_sum == 0,
        "settlements_not_posted": unposted,
        "posted_twice_differently": differ,
        "posted_vs_ledger_mismatches": len(mismatches),
        "mismatch_samples": mismatches[:5],
        "tables_opened": len(opened),
        "tables_finished": sum(1 for t in opened if status.get(t) == "finished"),
        "tables_unfinished": [t for t in opened if status.get(t) != "finished"],
        # how each unfinished table was left in the ledger (waiting: a lobby nobody started)
        "tables_unfinished_status": {t: status.get(t, "?") for t in opened
                                     if status.get(t) != "finished"},
    }


def silences(clicks: list[tuple[float, int]], seen: dict[int, list[float]]) -> list[float]:
    """For each click, the seconds until the clicker could see the next update."""
    out = []
    for at, uid in clicks:
        times = seen.get(uid, [])
        nxt = next((t for t in times if t >= at), None)
        if nxt is not None:
            out.append(nxt - at)
    return out


def log_errors(logs: list[str]) -> tuple[list[str], list[str]]:
    """The ERROR lines of the bot processes' logs (a write the database refused is a WARNING:
    retried): those of a running process, and those a process logged while stopping on lost
    table leases (after its CRITICAL line saying so)."""
    running: list[str] = []
    stopping: list[str] = []
    for text in logs:
        going = False
        for ln in text.splitlines():
            going = going or "table leases were lost" in ln
            if " ERROR " in ln:
                (stopping if going else running).append(ln)
    return running, stopping
