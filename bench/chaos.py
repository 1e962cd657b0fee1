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
* ``kill9``: SIGKILL of the bot process (with ``--shards``, of one of the shard processes), a
  restart 0.5–2 s later, and its tables resume. A bot that exits at start (the database
  locked or down while it migrates) is started again a second later, as the systemd unit's
  ``Restart=on-failure`` does; so is any process that exits by itself during the run;
* ``pg_restart`` (``--backend postgresql``): the run's own PostgreSQL server (``initdb`` in a
  temporary directory, ``bench/pg_server.py``) is stopped — ``fast`` (every session ended)
  or ``immediate`` (killed; crash recovery at the start) — and started again 0.5–3 s later,
  at most once a minute. The processes holding table leases (lost with their session) stop
  with exit code 4 and are started again; they take their tables back.

``--backend postgresql`` puts the ledger in a fresh schema of a throw-away server of the
run's own; ``--database postgresql://…`` uses that server instead (never restarted, so no
``pg_restart``; the schema is dropped afterwards unless ``--keep``). On PostgreSQL,
``db_locked`` / ``db_slow`` hold an EXCLUSIVE lock on the event and ledger tables from
another connection (writes wait behind it). ``--shards N`` (PostgreSQL) runs the bot as N
processes, one shard each, the tables spread over guilds of every shard; the people's DM
clicks all reach shard 0's process, which forwards them to the table's process.

When the time is up the faults stop, the games under way play to their end, and the run
reports: games and hands played, faults by kind, the longest silence a person saw (from their
click to the next update they could see, and over all clicks the p99), hands unpaid and paid
twice (both must be 0), chips conserved (the ledger sums to zero), every posted settlement
equal to the ledger (hand by hand, person by person; a hand posted twice with the same
numbers after a restart counts once), every opened table finished, and the tables under way
when their process died (all of them played to their end). Short runs are part of the test
suite (``tests/bench/test_chaos.py``); longer runs' figures are in docs/scaling.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.chaos_books import (
    BOOKS_SQL,
    Game,
    books,
    drop_schema,
    finished,
    log_errors,
    posted,
    postgres_rows,
    silences,
    sqlite_rows,
)
from bench.chaos_locks import lock_database, lock_postgres
from bench.discord_shards import open_patiently
from bench.pg_server import ThrowawayPostgres
from bench.pg_server import unavailable as pg_unavailable
from discord_double import DiscordDouble, Limits
from discord_double.botproc import BotProcess
from discord_double.server import Guild, Message
from discord_double.users import ScriptedUser, open_table, wait_for

__all__ = ["KINDS", "Chaos", "Game", "books", "kinds_for", "log_errors", "main", "ok", "posted", "run",
           "silences"]

STARTING = 1000
KINDS = ("gateway_drop", "gateway_reconnect", "rest_500", "rest_429", "dm_500", "dm_closed",
         "db_locked", "db_slow", "kill9", "pg_restart")
PG_RESTART_GAP = 60.0  # seconds at least between two PostgreSQL restarts
RESTART_SEC = 1.0  # a process that exited is started again after this (systemd's RestartSec)


class BotExited(AssertionError):
    """The bot process exited before it connected."""


@dataclass
class Chaos:
    """The run's moving parts: the double, each shard's bot process of the moment, the
    PostgreSQL server (when the run has its own), the faults."""

    double: DiscordDouble
    workdir: Path
    settings: dict[str, str]
    rng: random.Random
    database_url: str | None = None  # PostgreSQL (a schema of its own), else SQLite
    schema: str = ""
    shards: int = 1  # bot processes, one shard each (PostgreSQL only above 1)
    server: ThrowawayPostgres | None = None  # the run's own PostgreSQL: it may be restarted
    bots: list[BotProcess] = field(default_factory=list)  # every process started, in order
    current: dict[int, BotProcess] = field(default_factory=dict)  # shard -> its process now
    busy: set[int] = field(default_factory=set)  # shards the harness is restarting
    faults: dict[str, int] = field(default_factory=dict)
    rest_fault: int | None = None  # 500 or 429 while a storm lasts
    pg_down: bool = False
    last_pg_restart: float = -1e9
    exits_at_start: int = 0  # bot processes that exited while starting (started again)
    exits: dict[str, int] = field(default_factory=dict)  # exit code -> processes that exited
    fault_errors: list[str] = field(default_factory=list)
    on_down: Any = None  # called with the shard whose process died (the run's bookkeeping)
    outages: list[float] = field(default_factory=list)  # seconds from a death to the restart up
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def db(self) -> Path:
        return self.workdir / "chaos.db"

    async def start_bot(self, shard: int = 0, sync: bool = False) -> None:
        """Start the shard's process; one that exits while starting is started again (a
        supervisor: the database may be locked or down while it migrates)."""
        for _ in range(60):
            try:
                await self._start_once(shard, sync)
                return
            except BotExited:
                self.exits_at_start += 1
                await asyncio.sleep(RESTART_SEC)
        raise AssertionError(f"shard {shard}'s process did not start in 60 tries")

    async def _start_once(self, shard: int, sync: bool) -> None:
        d = self.double
        count = self.shards
        identified = d.identified_shards.count((shard, count))
        extra = dict(self.settings)
        if self.database_url:
            extra |= {"MAHJONG_DATABASE_URL": self.database_url,
                      "MAHJONG_DATABASE_SCHEMA": self.schema}
        if count > 1:
            extra |= {"MAHJONG_SHARD_COUNT": str(count), "MAHJONG_SHARD_IDS": str(shard)}
        b = BotProcess(d.env(), self.db, self.workdir / f"bot{len(self.bots)}-s{shard}.log",
                       sync=sync, extra=extra)
        self.bots.append(b)
        self.current[shard] = b
        await b.start()

        def up() -> bool:
            if not b.running:
                raise BotExited(b.log_text()[-2000:])
            return (d.identified_shards.count((shard, count)) > identified
                    and (not sync or bool(d.commands)))

        await wait_for(up, d, 120, f"shard {shard}'s process to connect")

    async def supervise(self) -> None:
        """Start again every process that exited by itself (a lost lease after a database
        restart, a failure), as the systemd unit's ``Restart=on-failure`` does."""
        while True:
            await asyncio.sleep(0.5)
            for shard, b in list(self.current.items()):
                if b.running or shard in self.busy:
                    continue
                code = "none" if b.proc is None else str(b.proc.returncode)
                self.exits[code] = self.exits.get(code, 0) + 1
                self.busy.add(shard)
                task = asyncio.create_task(self._restart(shard, RESTART_SEC))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _restart(self, shard: int, after: float) -> None:
        down = time.monotonic()
        try:
            if self.on_down is not None:
                self.on_down(shard)
            await asyncio.sleep(after)
            await self.start_bot(shard)
            self.outages.append(time.monotonic() - down)
        except Exception as exc:
            self.fault_errors.append(f"restart of shard {shard}: {type(exc).__name__}: "
                                     f"{str(exc)[-300:]}")
        finally:
            self.busy.discard(shard)

    @property
    def restarting(self) -> bool:
        return bool(self.busy) or self.pg_down

    def storm(self, method: str, route: str) -> int | None:
        if self.rest_fault is None or self.rng.random() > 0.33:
            return None
        return self.rest_fault

    async def one_fault(self, kind: str, people: list[ScriptedUser]) -> None:
        try:
            await self._fault(kind, people)
        except Exception as exc:  # the harness's own trouble: reported, the run goes on
            self.fault_errors.append(f"{kind}: {type(exc).__name__}: {str(exc)[-300:]}")

    def pick(self, kinds: tuple[str, ...]) -> str:
        """A random kind; a PostgreSQL restart at most every PG_RESTART_GAP seconds."""
        now = time.monotonic()
        allowed = [k for k in kinds if k != "pg_restart"
                   or (not self.pg_down and now - self.last_pg_restart >= PG_RESTART_GAP)]
        return self.rng.choice(allowed or list(kinds))

    async def _fault(self, kind: str, people: list[ScriptedUser]) -> None:
        d, rng = self.double, self.rng
        if kind in ("kill9", "pg_restart"):
            # a process is killed once it is up (not while the harness restarts every one),
            # the server restarted once it is back: waited for, not skipped
            for _ in range(240):
                if kind == "kill9" and set(self.current) - self.busy:
                    break
                if kind == "pg_restart" and not self.pg_down:
                    break
                await asyncio.sleep(0.5)
            else:
                return
            free = sorted(set(self.current) - self.busy)
        if kind == "pg_restart" and (self.server is None or self.pg_down):
            return  # no server of the run's own, or another restart got there first
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
            shard = rng.choice(free)
            self.busy.add(shard)
            await self.current[shard].kill()
            self.exits["SIGKILL"] = self.exits.get("SIGKILL", 0) + 1
            await self._restart(shard, rng.uniform(0.5, 2.0))
        elif kind == "pg_restart":
            assert self.server is not None
            self.pg_down = True
            try:
                # fast: the server ends every session and stops; immediate: it is killed
                # (crash recovery on start)
                await self.server.restart(rng.uniform(0.5, 3.0),
                                          rng.choice(("fast", "immediate")))
            finally:
                self.pg_down = False
                self.last_pg_restart = time.monotonic()

    async def inject(self, until: float, people: list[ScriptedUser], kinds: tuple[str, ...]) -> None:
        """Start a fault every 1–4 s until ``until``; they overlap. The first ones are every
        kind once, in a random order; then kinds at random."""
        running: set[asyncio.Task[None]] = set()
        first = list(kinds)
        self.rng.shuffle(first)
        while time.monotonic() < until:
            await asyncio.sleep(self.rng.uniform(1, 4))
            if time.monotonic() >= until:
                break
            kind = first.pop() if first else self.pick(kinds)
            task = asyncio.create_task(self.one_fault(kind, [u for u in people if u.clicks]))
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.gather(*running, return_exceptions=True)
        self.rest_fault = None
        for u in people:  # every DM works again
            u.user.dm_fails, u.user.dms_open = False, True


def kinds_for(backend: str, own_server: bool) -> tuple[str, ...]:
    """The fault kinds a run can inject: a PostgreSQL restart needs the run's own server."""
    return tuple(k for k in KINDS if k != "pg_restart" or (backend == "postgresql" and own_server))


def guilds_on_shards(d: DiscordDouble, owner: Any, count: int) -> list[Guild]:
    """A guild on each shard (a guild's shard is its id's millisecond, mod ``count``)."""
    found: dict[int, Guild] = {}
    while len(found) < count:
        g = d.add_guild(f"chaos-{len(d.guilds)}", owner, channels=0)
        found.setdefault(d.shard_of(g.id, count), g)
        time.sleep(0.001)
    return [found[s] for s in range(count)]


async def run(tables: int, minutes: float, hands: int, seed: int, workdir: Path,
              computers: int = 0, kinds: tuple[str, ...] | None = None,
              think: tuple[float, float] = (0.3, 1.0), settings: dict[str, str] | None = None,
              grace: float = 240.0, database_url: str | None = None,
              backend: str | None = None, shards: int = 1) -> dict[str, Any]:
    """The soak. ``backend`` "postgresql" without ``database_url``: a throw-away server of the
    run's own (which ``pg_restart`` restarts); with one, a fresh schema on that server."""
    backend = backend or ("postgresql" if database_url else "sqlite")
    if shards > 1 and backend != "postgresql":
        raise ValueError("several shard processes need the PostgreSQL ledger")
    server: ThrowawayPostgres | None = None
    if backend == "postgresql" and database_url is None:
        server = ThrowawayPostgres()
        await server.start()
        database_url = server.url
    kinds = kinds if kinds is not None else kinds_for(backend, server is not None)
    if "pg_restart" in kinds and server is None:
        raise ValueError("pg_restart needs the run's own PostgreSQL server (no --database)")
    d = DiscordDouble(limits=Limits())
    d.shard_count = shards
    await d.start()
    rng = random.Random(seed)
    owner = d.add_user("owner")
    guilds = guilds_on_shards(d, owner, shards)
    chaos = Chaos(d, workdir, {
        "MAHJONG_COMPUTER_DELAY": "0", "MAHJONG_EDIT_INTERVAL": "1.2",
        "MAHJONG_TURN_SECONDS": "30", "MAHJONG_CLAIM_SECONDS": "10",
        "MAHJONG_STARTING_CHIPS": str(STARTING), "MAHJONG_LOG_LEVEL": "WARNING",
        "MAHJONG_DB_BUSY_MS": "1000",
    } | (settings or {}), rng, database_url=database_url,
        schema=f"chaos_{uuid.uuid4().hex[:12]}" if database_url else "", shards=shards,
        server=server)
    d.chaos = chaos.storm
    games: list[Game] = []
    shard_of_game: dict[int, int] = {}  # channel -> the shard its guild is on
    interrupted: set[str] = set()  # tables under way when their process died
    people: list[ScriptedUser] = []
    watching: dict[int, list[int]] = {}  # channel -> its people's ids
    seen: dict[int, list[float]] = {}  # person -> times an update they can see arrived
    clicks: list[tuple[float, int]] = []
    open_errors: list[str] = []

    def on_down(shard: int) -> None:
        interrupted.update(g.table for g in games if g.table and not g.done
                           and shard_of_game.get(g.channel) == shard
                           and not finished(d, g.channel))

    chaos.on_down = on_down

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
    played = 0.0
    supervisor: asyncio.Task[None] | None = None
    try:
        # shard 0 first: it syncs the commands and uploads the tile emoji the others use
        await chaos.start_bot(0, sync=True)
        await asyncio.gather(*(chaos.start_bot(s) for s in range(1, shards)))
        supervisor = asyncio.create_task(chaos.supervise())
        t_play = time.monotonic()
        deadline = t_play + 60 * minutes

        async def slot(i: int) -> None:
            n = 0
            guild = guilds[i % shards]
            while time.monotonic() < deadline:
                ch = d.add_channel(guild, f"chaos-{i}-{n}")
                shard_of_game[ch.id] = i % shards
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
                    if computers:
                        g.table = await open_table(d, seated[0], seated[1:], computers=computers,
                                                   hands=hands, timeout=60)
                    else:  # as people do: a click that failed is made again after a pause
                        g.table = await open_patiently(d, seated[0], seated[1:], timeout=60,
                                                       hands=hands)
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
        supervisor.cancel()
        for b in chaos.current.values():
            await b.stop()
    finally:
        if supervisor is not None:
            supervisor.cancel()
        for b in chaos.bots:
            if b.running:
                await b.kill()
        await d.stop()
        if server is not None and not (workdir / "postgresql.log").exists():
            (workdir / "postgresql.log").write_text(server.log_text())
    quiet = sorted(silences(clicks, seen))
    running_errors, stopping_errors = log_errors([b.log_text() for b in chaos.bots])
    result: dict[str, Any] = {
        "tables": tables, "minutes": minutes, "hands_per_game": hands,
        "shards": shards,
        "seconds_playing": round(played, 1),
        "games": len(games),
        "games_finished": sum(1 for g in games if g.done),
        "open_errors": len(open_errors), "open_error_samples": open_errors[:3],
        "faults": dict(sorted(chaos.faults.items())),
        "faults_total": sum(chaos.faults.values()),
        "rest_answers_injected": {s: sum(1 for *_x, f in d.injected if f == s) for s in (500, 429)},
        "bot_processes": len(chaos.bots),
        "bot_exits_at_start": chaos.exits_at_start,
        # how the processes the supervisor started again had ended (4: leases lost)
        "bot_exits": dict(sorted(chaos.exits.items())),
        "harness_errors": chaos.fault_errors[:3],
        # from a process's death (kill -9, or its exit noticed) to its restart connected
        "outage_s_mean_max": [round(sum(chaos.outages) / len(chaos.outages), 1),
                              round(max(chaos.outages), 1)] if chaos.outages else None,
        "clicks": len(clicks),
        "max_silence_s": round(quiet[-1], 2) if quiet else None,
        "p99_silence_s": round(quiet[int(0.99 * (len(quiet) - 1))], 2) if quiet else None,
        # ERROR lines of the bot's logs (a write the database refused is a WARNING: retried)
        "log_errors": len(running_errors),
        "log_error_samples": [ln[:200] for ln in running_errors[:3]],
        # logged by a process stopping on lost leases, after it said so (its HTTP session
        # closed under a click's update, say): the process is going, its tables resume
        "log_errors_while_stopping": len(stopping_errors),
    }
    try:
        if database_url:
            rows = await postgres_rows(database_url, chaos.schema, BOOKS_SQL)
            where = "a server of its own" if server is not None else "the given server"
            result["database"] = f"postgresql (schema {chaos.schema} on {where})"
        else:
            rows = sqlite_rows(chaos.db, BOOKS_SQL)
            result["database"] = "sqlite"
    finally:
        if server is not None:
            await server.close()
    result |= books(rows, d, games)
    result["tables_interrupted"] = len(interrupted)  # under way when their process died
    result["tables_interrupted_then_finished"] = len(interrupted - set(result["tables_unfinished"]))
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
    ap.add_argument("--faults", default=None,
                    help=f"comma-separated kinds (default every kind the backend allows: "
                         f"{', '.join(KINDS)})")
    ap.add_argument("--think", type=float, nargs=2, default=(0.3, 1.0), metavar=("MIN", "MAX"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--backend", choices=("sqlite", "postgresql"), default=None,
                    help="the ledger: SQLite (default), or PostgreSQL — a throw-away server of "
                         "the run's own (initdb), which pg_restart restarts")
    ap.add_argument("--database", default=None,
                    help="a PostgreSQL URL: the ledger in a fresh schema of that server instead "
                         "(never restarted: no pg_restart)")
    ap.add_argument("--shards", type=int, default=1,
                    help="bot processes, one shard each (PostgreSQL; kill9 kills one of them)")
    ap.add_argument("--bot-log-level", default="WARNING",
                    help="the bot processes' log level (INFO: each table's start, resume, end)")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep the database (and a PostgreSQL schema) and the logs here")
    args = ap.parse_args(argv)
    backend = args.backend or ("postgresql" if args.database or args.shards > 1 else "sqlite")
    if backend == "sqlite" and args.database:
        print("--database is a PostgreSQL URL: not with --backend sqlite", file=sys.stderr)
        return 2
    allowed = kinds_for(backend, args.database is None)
    kinds = allowed if args.faults is None else tuple(k for k in args.faults.split(",") if k)
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        print(f"unknown fault kind {', '.join(bad) or '(none)'}: choose from {', '.join(KINDS)}",
              file=sys.stderr)
        return 2
    if any(k not in allowed for k in kinds):
        print("pg_restart needs --backend postgresql without --database (a server of the "
              "run's own)", file=sys.stderr)
        return 2
    if args.shards > 1 and backend != "postgresql":
        print("several shard processes need --backend postgresql", file=sys.stderr)
        return 2
    if args.tables < 1 or args.minutes <= 0 or args.shards < 1:
        print("--tables and --shards must be at least 1 and --minutes above 0", file=sys.stderr)
        return 2
    if backend == "postgresql" and args.database is None and (why := pg_unavailable()):
        print(f"cannot start a PostgreSQL server of the run's own: {why}; or give --database",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="chaos-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        res = asyncio.run(run(args.tables, args.minutes, args.hands, args.seed, work,
                              computers=args.computers, kinds=kinds,
                              think=(args.think[0], args.think[1]), database_url=args.database,
                              backend=backend, shards=args.shards,
                              settings={"MAHJONG_LOG_LEVEL": args.bot_log_level}))
        if args.database and not args.keep:
            asyncio.run(drop_schema(args.database, res["database"].split()[2]))
    if args.json:
        print(json.dumps(res))
    else:
        width = max(len(k) for k in res)
        for k, v in res.items():
            print(f"{k:<{width}}  {v}")
    return 0 if ok(res) else 1


if __name__ == "__main__":
    sys.exit(main())
