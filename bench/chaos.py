"""``python -m bench.chaos``: tables of scripted people through the bot and the Discord double
while faults are injected at random, several at once — and then the books are checked.

``--tables`` slots each play game after game (a fresh channel and four fresh people per game,
``--computers`` of the seats computers) for ``--minutes``; meanwhile every 1–4 s a fault of a
random kind starts, each lasting a few seconds, so they overlap:

* ``gateway_drop`` / ``gateway_reconnect``: the double closes the bot's gateway connection or
  asks it to reconnect (op 7); the bot resumes;
* ``rest_500`` / ``rest_429``: for 1–4 s a third of the bot's REST requests — channel
  messages, DMs, interaction follow-ups and edits; the interaction callbacks themselves aside —
  are answered HTTP 500, or 429 with a half-second retry;
* ``dm_500`` / ``dm_closed``: one person's DM answers 500 to everything, or refuses (50007),
  for 5–15 s;
* ``db_locked`` / ``db_slow``: another connection holds SQLite's write lock for 2–8 s (past the
  bot's busy wait: its moves are refused and retried) or 0.2–1 s (slow writes);
* ``kill9``: SIGKILL of the bot process, a restart 0.5–2 s later, and its tables resume. A
  bot that exits at start (the database locked past its busy wait while it migrates) is
  started again a second later, as the systemd unit's ``Restart=on-failure`` does.

With ``--database postgresql://…`` the ledger lives in a fresh schema of that PostgreSQL
database (dropped afterwards unless ``--keep``); ``db_locked`` / ``db_slow`` then hold an
EXCLUSIVE lock on the event and ledger tables from another connection (writes wait behind it).

When the time is up the faults stop, the games under way play to their end, and the run
reports: games and hands played, faults by kind, the longest silence a person saw (from their
click to the next update they could see, and over all clicks the p99), hands unpaid and paid
twice (both must be 0), chips conserved (the ledger sums to zero), every posted settlement
equal to the ledger (hand by hand, person by person; a hand posted twice with the same
numbers after a restart counts once), and every opened table finished. A short run is part
of the test suite (``tests/bench/test_chaos.py``); longer runs' figures are in docs/scaling.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sqlite3
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord_double import DiscordDouble, Limits
from discord_double.botproc import BotProcess
from discord_double.server import Message
from discord_double.users import ScriptedUser, open_table, wait_for

STARTING = 1000
SETTLEMENT = re.compile(r"^\*\*Hand (?P<hand>\d+) settlement\*\*")
CHIPS_PART = re.compile(r"^(?P<name>.+) (?P<chips>[+-]\d+)$")
KEPT_SEAT = re.compile(r"^(?P<name>.+) \(\w+ computer\)$")
KINDS = ("gateway_drop", "gateway_reconnect", "rest_500", "rest_429", "dm_500", "dm_closed",
         "db_locked", "db_slow", "kill9")


class BotExited(AssertionError):
    """The bot process exited before it connected."""


@dataclass
class Game:
    channel: int
    people: list[ScriptedUser]
    table: str = ""
    done: bool = False


@dataclass
class Chaos:
    """The run's moving parts: the double, the bot process of the moment, the faults."""

    double: DiscordDouble
    workdir: Path
    settings: dict[str, str]
    rng: random.Random
    database_url: str | None = None  # PostgreSQL (a schema of its own), else SQLite
    schema: str = ""
    bots: list[BotProcess] = field(default_factory=list)
    faults: dict[str, int] = field(default_factory=dict)
    rest_fault: int | None = None  # 500 or 429 while a storm lasts
    restarting: bool = False
    exits_at_start: int = 0  # bot processes that exited while starting (started again)
    fault_errors: list[str] = field(default_factory=list)

    @property
    def db(self) -> Path:
        return self.workdir / "chaos.db"

    async def start_bot(self, sync: bool = False) -> None:
        """Start the bot; one that exits while starting is started again (a supervisor)."""
        for _ in range(30):
            try:
                await self._start_once(sync)
                return
            except BotExited:
                self.exits_at_start += 1
                await asyncio.sleep(1.0)
        raise AssertionError("the bot did not start in 30 tries")

    async def _start_once(self, sync: bool) -> None:
        d = self.double
        identifies = d.identifies
        extra = dict(self.settings)
        if self.database_url:
            extra |= {"MAHJONG_DATABASE_URL": self.database_url,
                      "MAHJONG_DATABASE_SCHEMA": self.schema}
        b = BotProcess(d.env(), self.db, self.workdir / f"bot{len(self.bots)}.log", sync=sync,
                       extra=extra)
        self.bots.append(b)
        await b.start()

        def up() -> bool:
            if not b.running:
                raise BotExited(b.log_text()[-2000:])
            return d.identifies > identifies and (not sync or bool(d.commands))

        await wait_for(up, d, 120, "the bot to connect")

    def storm(self, method: str, route: str) -> int | None:
        if self.rest_fault is None or self.rng.random() > 0.33:
            return None
        return self.rest_fault

    async def one_fault(self, kind: str, people: list[ScriptedUser]) -> None:
        try:
            await self._fault(kind, people)
        except Exception as exc:  # the harness's own trouble: reported, the run goes on
            self.fault_errors.append(f"{kind}: {type(exc).__name__}: {str(exc)[-300:]}")

    async def _fault(self, kind: str, people: list[ScriptedUser]) -> None:
        d, rng = self.double, self.rng
        if kind == "kill9" and self.restarting:
            return  # the bot is being restarted already: no second kill on top
        self.faults[kind] = self.faults.get(kind, 0) + 1
        if kind == "gateway_drop":
            await d.drop()
        elif kind == "gateway_reconnect":
            await d.reconnect()
        elif kind in ("rest_500", "rest_429"):
            self.rest_fault = 500 if kind == "rest_500" else 429
            await asyncio.sleep(rng.uniform(1, 4))
            self.rest_fault = None
        elif kind in ("dm_500", "dm_closed") and people:
            who = rng.choice(people).user
            attr = "dm_fails" if kind == "dm_500" else "dms_open"
            setattr(who, attr, kind == "dm_500")
            await asyncio.sleep(rng.uniform(5, 15))
            setattr(who, attr, kind != "dm_500")
        elif kind in ("db_locked", "db_slow"):
            hold = rng.uniform(2, 8) if kind == "db_locked" else rng.uniform(0.2, 1.0)
            if self.database_url:
                await lock_postgres(self.database_url, self.schema, hold)
            else:
                await asyncio.to_thread(lock_database, self.db, hold)
        elif kind == "kill9":
            self.restarting = True
            try:
                await self.bots[-1].kill()
                await asyncio.sleep(rng.uniform(0.5, 2.0))
                await self.start_bot()
            finally:
                self.restarting = False

    async def inject(self, until: float, people: list[ScriptedUser], kinds: tuple[str, ...]) -> None:
        """Start a random fault every 1–4 s until ``until``; they overlap."""
        running: set[asyncio.Task[None]] = set()
        while time.monotonic() < until:
            await asyncio.sleep(self.rng.uniform(1, 4))
            if time.monotonic() >= until:
                break
            kind = self.rng.choice(kinds)
            task = asyncio.create_task(self.one_fault(kind, [u for u in people if u.clicks]))
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.gather(*running, return_exceptions=True)
        self.rest_fault = None
        for u in people:  # every DM works again
            u.user.dm_fails, u.user.dms_open = False, True


def lock_database(db: Path, hold: float) -> None:
    """Hold SQLite's write lock from another connection for ``hold`` seconds."""
    if not db.exists():
        return
    con = sqlite3.connect(db, timeout=2.0, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        time.sleep(hold)
        con.execute("ROLLBACK")
    except sqlite3.OperationalError:
        pass  # the bot held it: no fault this time
    finally:
        con.close()


async def lock_postgres(url: str, schema: str, hold: float) -> None:
    """Hold an EXCLUSIVE lock on the event and ledger tables (reads pass, writes wait)."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    except (OSError, asyncpg.PostgresError):
        return
    try:
        async with conn.transaction():
            await conn.execute("LOCK TABLE game_events, ledger_txns, ledger_entries "
                               "IN EXCLUSIVE MODE")
            await asyncio.sleep(hold)
    except asyncpg.PostgresError:
        pass  # not created yet: no fault this time
    finally:
        await conn.close()


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


async def run(tables: int, minutes: float, hands: int, seed: int, workdir: Path,
              computers: int = 0, kinds: tuple[str, ...] = KINDS,
              think: tuple[float, float] = (0.3, 1.0), settings: dict[str, str] | None = None,
              grace: float = 240.0, database_url: str | None = None) -> dict[str, Any]:
    d = DiscordDouble(limits=Limits())
    await d.start()
    rng = random.Random(seed)
    owner = d.add_user("owner")
    guild = d.add_guild("chaos", owner, channels=0)
    chaos = Chaos(d, workdir, {
        "MAHJONG_COMPUTER_DELAY": "0", "MAHJONG_EDIT_INTERVAL": "1.2",
        "MAHJONG_TURN_SECONDS": "30", "MAHJONG_CLAIM_SECONDS": "10",
        "MAHJONG_STARTING_CHIPS": str(STARTING), "MAHJONG_LOG_LEVEL": "WARNING",
        "MAHJONG_DB_BUSY_MS": "1000",
    } | (settings or {}), rng, database_url=database_url,
        schema=f"chaos_{uuid.uuid4().hex[:12]}" if database_url else "")
    d.chaos = chaos.storm
    games: list[Game] = []
    people: list[ScriptedUser] = []
    watching: dict[int, list[int]] = {}  # channel -> its people's ids
    seen: dict[int, list[float]] = {}  # person -> times an update they can see arrived
    clicks: list[tuple[float, int]] = []
    open_errors: list[str] = []

    def on_message(m: Message) -> None:
        now = time.monotonic()
        ch = d.channels.get(m.channel_id)
        if ch is not None and ch.type == 1 and ch.recipient is not None:
            seen.setdefault(ch.recipient, []).append(now)
        elif m.visible_to is not None:
            seen.setdefault(m.visible_to, []).append(now)
        else:
            for uid in watching.get(m.channel_id, []):
                seen.setdefault(uid, []).append(now)

    d.on_message(on_message)
    click = d.click

    async def timed_click(user: Any, message: Message, custom_id: str, values: Any = None) -> Any:
        clicks.append((time.monotonic(), user.id))
        return await click(user, message, custom_id, values)

    d.click = timed_click  # type: ignore[method-assign]
    t0 = time.monotonic()
    deadline = t0 + 60 * minutes
    try:
        await chaos.start_bot(sync=True)
        t_play = time.monotonic()
        deadline = t_play + 60 * minutes

        async def slot(i: int) -> None:
            n = 0
            while time.monotonic() < deadline:
                ch = d.add_channel(guild, f"chaos-{i}-{n}")
                seated = []
                for k in range(4 - computers):
                    p = d.add_user(f"c{i:02d}{n:02d}{'abcd'[k]}")
                    d.add_member(guild, p)
                    seated.append(ScriptedUser(d, p, ch.id, seed=seed * 10_000 + i * 100 + n * 4 + k,
                                               delay=think))
                people.extend(seated)
                watching[ch.id] = [u.id for u in seated]
                g = Game(ch.id, seated)
                games.append(g)
                n += 1
                try:
                    g.table = await open_table(d, seated[0], seated[1:], computers=computers,
                                               hands=hands, timeout=60)
                except (AssertionError, TimeoutError) as exc:
                    open_errors.append(f"{ch.name}: {exc}"[:200])
                    await asyncio.sleep(2.0)
                    continue
                channel = ch.id

                def over(c: int = channel) -> bool:
                    return finished(d, c)

                await asyncio.gather(*(u.play(over, deadline - time.monotonic() + grace)
                                       for u in seated))
                g.done = finished(d, ch.id)

        injector = asyncio.create_task(chaos.inject(deadline, people, kinds))
        await asyncio.wait_for(asyncio.gather(*(slot(i) for i in range(tables))),
                               60 * minutes + grace + 120)
        await injector
        played = time.monotonic() - t_play
        while chaos.restarting:
            await asyncio.sleep(0.2)
        await asyncio.sleep(2.0)  # the last table edits
        await chaos.bots[-1].stop()
    finally:
        for b in chaos.bots:
            if b.running:
                await b.kill()
        await d.stop()
    quiet = sorted(silences(clicks, seen))
    logs = "\n".join(b.log_text() for b in chaos.bots)
    result: dict[str, Any] = {
        "tables": tables, "minutes": minutes, "hands_per_game": hands,
        "seconds_playing": round(played, 1),
        "games": len(games),
        "games_finished": sum(1 for g in games if g.done),
        "open_errors": len(open_errors), "open_error_samples": open_errors[:3],
        "faults": dict(sorted(chaos.faults.items())),
        "faults_total": sum(chaos.faults.values()),
        "rest_answers_injected": {s: sum(1 for *_x, f in d.injected if f == s) for s in (500, 429)},
        "bot_processes": len(chaos.bots),
        "bot_exits_at_start": chaos.exits_at_start,
        "harness_errors": chaos.fault_errors[:3],
        "clicks": len(clicks),
        "max_silence_s": round(quiet[-1], 2) if quiet else None,
        "p99_silence_s": round(quiet[int(0.99 * (len(quiet) - 1))], 2) if quiet else None,
        # ERROR lines of the bot's logs (a write the database refused is a WARNING: retried)
        "log_errors": sum(1 for ln in logs.splitlines() if " ERROR " in ln),
        "log_error_samples": [ln[:200] for ln in logs.splitlines() if " ERROR " in ln][:3],
    }
    if chaos.database_url:
        rows = await postgres_rows(chaos.database_url, chaos.schema, BOOKS_SQL)
        result["database"] = f"postgresql (schema {chaos.schema})"
    else:
        rows = sqlite_rows(chaos.db, BOOKS_SQL)
        result["database"] = "sqlite"
    result |= books(rows, d, games)
    return result


def ok(res: dict[str, Any]) -> bool:
    return (res["hands_unpaid"] == 0 and res["hands_paid_twice"] == 0 and res["chips_conserved"]
            and res["posted_vs_ledger_mismatches"] == 0 and res["settlements_not_posted"] == 0
            and res["posted_twice_differently"] == 0 and not res["tables_unfinished"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.chaos",
                                 description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=4, help="tables playing at once")
    ap.add_argument("--minutes", type=float, default=2.0, help="how long faults are injected")
    ap.add_argument("--hands", type=int, default=2, choices=(1, 2, 4, 8, 16), help="per game")
    ap.add_argument("--computers", type=int, default=0, choices=(0, 1, 2),
                    help="computer seats per table")
    ap.add_argument("--faults", default=",".join(KINDS),
                    help=f"comma-separated kinds (default all: {', '.join(KINDS)})")
    ap.add_argument("--think", type=float, nargs=2, default=(0.3, 1.0), metavar=("MIN", "MAX"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--database", default=None,
                    help="a PostgreSQL URL: the ledger in a fresh schema there (default SQLite)")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep the database (and a PostgreSQL schema) and the bot logs here")
    args = ap.parse_args(argv)
    kinds = tuple(k for k in args.faults.split(",") if k)
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        print(f"unknown fault kind {', '.join(bad) or '(none)'}: choose from {', '.join(KINDS)}",
              file=sys.stderr)
        return 2
    if args.tables < 1 or args.minutes <= 0:
        print("--tables must be at least 1 and --minutes above 0", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="chaos-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        res = asyncio.run(run(args.tables, args.minutes, args.hands, args.seed, work,
                              computers=args.computers, kinds=kinds,
                              think=(args.think[0], args.think[1]), database_url=args.database))
        if args.database and not args.keep:
            asyncio.run(drop_schema(args.database, res["database"].split()[-1].rstrip(")")))
    if args.json:
        print(json.dumps(res))
    else:
        width = max(len(k) for k in res)
        for k, v in res.items():
            print(f"{k:<{width}}  {v}")
    return 0 if ok(res) else 1


if __name__ == "__main__":
    sys.exit(main())
