"""``python -m bench.discord_shards``: the bot as several sharded processes on one PostgreSQL ledger.

Starts the Discord double on 127.0.0.1 (``shard_count`` = ``--processes``), a guild on each
shard, and ``--processes`` bot processes (``python bot.py`` with ``MAHJONG_SHARD_COUNT`` and
``MAHJONG_SHARD_IDS``, one shard each) sharing a fresh schema of one PostgreSQL database. Each
process gets ``--tables`` tables, each in its own channel with four scripted people. Their
hands are played in DMs, so every game click reaches shard 0's process, which forwards those
of other processes' tables (``discord_io/forwarding.py``).

``--kill-after`` seconds into the play, process ``--kill`` is killed with SIGKILL and
started again ``--restart-after`` seconds later: its tables must be resumed by the restart
while the others keep playing.

Reported per process (its shard's tables) and in total: tables finished, human moves,
moves per second, global and exempt requests per move (attributed to the table whose
channel, DM or interaction they touched), p50/p99 "your turn" (from the click that passed
the turn to the next person's DM showing their discard controls, measured at the double),
clicks forwarded between processes, CPU per move (each bot process; in total also the
bench itself, the double and the scripted people, and the PostgreSQL server); for the killed process the outage and the tables its
restart resumed; chips conserved across all (every ledger entry sums to zero, each
person's balance is the starting chips plus what the settlement messages posted).

Needs a PostgreSQL server (``--database``, default ``MAHJONG_TEST_DATABASE_URL`` or
``postgresql://postgres@127.0.0.1:5432/test``). Not part of ``python -m bench`` (that
imports only ``bench/bench_*.py``): it needs minutes and spare cores. A small run:
``python -m bench.discord_shards --processes 4 --tables 10``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench import percentiles
from bench.discord_load import (
    STARTING,
    TimedUser,
    cpu_seconds,
    finished,
    last_settled,
    posted_chips,
    rss_kib,
    time_clicks,
    turn_listener,
)
from discord_double import DiscordDouble, Limits
from discord_double.botproc import BotProcess
from discord_double.server import Channel, Guild, Message
from discord_double.users import GAME_ID, ScriptedUser, lobby_button, lobby_message, wait_for
from engine.cli.helptext import plain_help

DEFAULT_URL = os.environ.get("MAHJONG_TEST_DATABASE_URL",
                             "postgresql://postgres@127.0.0.1:5432/test")
READY = re.compile(r"ready to serve; (\d+) table\(s\) resumed")
FORWARDS = re.compile(r"clicks between processes: forwarded (\d+), answered for others (\d+), "
                      r"away (\d+)")


def guilds_on_shards(d: DiscordDouble, owner: Any, count: int) -> list[Guild]:
    """A guild on each shard (a guild's shard is its id's millisecond, mod ``count``)."""
    found: dict[int, Guild] = {}
    while len(found) < count:
        g = d.add_guild(f"load-{len(d.guilds)}", owner, channels=0)
        found.setdefault(d.shard_of(g.id, count), g)
        time.sleep(0.001)
    return [found[s] for s in range(count)]


async def open_patiently(d: DiscordDouble, host: ScriptedUser, others: list[ScriptedUser],
                         timeout: float = 60.0, hands: int = 1) -> str:
    """``/mahjong new``, Join by the others, Start, as people do it: a click that failed
    ("This interaction failed": not acknowledged within 3 s, so the bot did nothing) is
    made again after a pause. The table id."""
    async def again(what: str, act: Any) -> None:
        for _ in range(5):
            i = await act()
            if i is True or (i is not None and await d.wait_ack(i) and not i.refused):
                return
            # failed, or refused: the failed try may still count against /mahjong new's
            # 15 s cooldown ("try again in … s"), so the next try waits it out
            await asyncio.sleep(2.0 if i is None or not i.refused else 8.0)
        raise AssertionError(f"{what} failed five times")

    def lobby() -> Message | None:
        return lobby_message(d, host.channel_id)

    await again("/mahjong new", lambda: d.slash(host.user, host.channel_id, "mahjong", "new",
                                                hands=hands))
    m = await wait_for(lobby, d, timeout, "the lobby")
    table = str(GAME_ID.match(lobby_button(m, "join"))["table"])  # type: ignore[index]
    for u in others:
        await asyncio.sleep(u.rng.uniform(*u.delay))

        async def join(u: ScriptedUser = u) -> Any:
            m = await wait_for(lobby, d, timeout, "the lobby")
            if f"{u.user.name}" in m.content:
                return True  # seated already (the bot acted just before it was late)
            return await d.click(u.user, m, lobby_button(m, "join"))

        await again("Join", join)

    def full() -> Message | None:
        m = lobby()
        return m if m is not None and "(empty)" not in m.content else None

    async def start() -> Any:
        m = await wait_for(full, d, timeout, "every seat taken")
        return await d.click(host.user, m, lobby_button(m, "start"))

    await again("Start", start)

    def started() -> bool:
        return lobby() is None or host.hand_message() is not None

    # a Start the bot acknowledged may not have started the game: refused after its deferral
    # (the database busy past the retries: "click again"), or the process killed between the
    # two and the lobby shown again after its restart. The host, seeing the lobby still
    # there, presses Start again.
    for _ in range(5):
        with contextlib.suppress(TimeoutError):
            await wait_for(started, d, 30, "the game to start")
            break
        m = lobby()
        if m is not None and not started():
            await d.click(host.user, m, lobby_button(m, "start"))
    return table


PLAYED_BY = re.compile(r" \([^()]*\)$")  # "ann (normal computer)": a computer plays for ann


def posted_by_person(d: DiscordDouble, channel: int) -> dict[str, int]:
    """Chips each person was posted to win or lose at the table, under their own name also
    when a computer finished the hand for them (their chips were at stake all the same)."""
    out: dict[str, int] = {}
    for name, chips in posted_chips(d, channel).items():
        person = PLAYED_BY.sub("", name)
        out[person] = out.get(person, 0) + chips
    return out


class Attribution:
    """Which table channel a request served: its channel, the DM of a person seated there,
    or an interaction made by such a person."""

    def __init__(self, d: DiscordDouble, by_user: dict[int, TimedUser]) -> None:
        self.d, self.by_user = d, by_user

    def _of_user(self, uid: int | None) -> int | None:
        u = self.by_user.get(uid or 0)
        return None if u is None else u.channel_id

    def table_channel(self, route: str) -> int | None:
        parts = route.strip("/").split("/")
        if len(parts) >= 2 and parts[0] == "channels" and parts[1].isdigit():
            ch = self.d.channels.get(int(parts[1]))
            if ch is None:
                return None
            return self._of_user(ch.recipient) if ch.type == 1 else ch.id
        if len(parts) >= 3 and parts[0] == "webhooks":
            i = self.d._by_token.get(parts[2])
            return None if i is None else self._of_user(i.user_id)
        if len(parts) >= 3 and parts[0] == "interactions" and parts[1].isdigit():
            i = self.d.interactions.get(int(parts[1]))
            return None if i is None else self._of_user(i.user_id)
        return None


def summarise(name: str, channels: list[int], d: DiscordDouble, by_user: dict[int, TimedUser],
              turns: dict[int, list[float]], requests: dict[int, tuple[int, int]],
              played: float) -> dict[str, Any]:
    moves = sum(u.moves for u in by_user.values() if u.channel_id in channels)
    lat = sorted(x * 1000 for ch in channels for x in turns.get(ch, []))
    p50, p99 = percentiles(lat, 50, 99) if lat else (float("nan"), float("nan"))
    rest = sum(requests.get(ch, (0, 0))[0] for ch in channels)
    exempt = sum(requests.get(ch, (0, 0))[1] for ch in channels)
    return {
        "process": name,
        "tables": len(channels),
        "finished": sum(1 for ch in channels if finished(d, ch)),
        "moves": moves,
        "moves_per_second": round(moves / max(played, 1e-9), 2),
        "global_per_move": round(rest / max(1, moves), 3),
        "exempt_per_move": round(exempt / max(1, moves), 3),
        "your_turn_ms_p50": round(p50, 1),
        "your_turn_ms_p99": round(p99, 1),
        "your_turn_samples": len(lat),
    }


def unacknowledged_by_kind(d: DiscordDouble, shard_channels: dict[int, list[int]],
                           t_play: float, outage: dict[str, Any]) -> dict[str, int]:
    """The clicks nobody acknowledged within 3 s, by where they were made (a DM, or a guild
    channel of which process) and whether the killed process was down then (a guild's
    click can only reach its own shard's process, as on Discord)."""
    owner = {ch: s for s, chs in shard_channels.items() for ch in chs}
    down: tuple[float, float] | None = None
    if outage:
        start = t_play + outage["killed_at_s"]
        down = (start, start + outage["restart_ready_s"])
    out: dict[str, int] = {}
    for i in d.failed_interactions():
        where = "dm" if i.guild_id is None else f"process {owner.get(i.channel_id, '?')}"
        when = " (outage)" if down is not None and down[0] <= i.created <= down[1] else ""
        kind = "command" if i.type == 2 else "click"
        key = f"{kind} in {where}{when}"
        out[key] = out.get(key, 0) + 1
    return out


def postgres_cpu() -> float:
    """CPU seconds used so far by every PostgreSQL server process of this machine (the
    ledger's server: its backends, WAL writer, checkpointer); 0 where /proc is not there."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if "(postgres)" in text:
            total += cpu_seconds(int(stat.parent.name))
    return total


async def ledger_figures(url: str, schema: str) -> tuple[int, dict[int, int], int]:
    import asyncpg

    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        total = int(await conn.fetchval("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries"))
        balances = {int(r[0]): int(r[1]) for r in await conn.fetch(
            "SELECT user_id, balance FROM accounts WHERE kind = 'user'")}
        hands = int(await conn.fetchval(
            "SELECT COUNT(*) FROM ledger_txns WHERE kind = 'hand_settlement'"))
    finally:
        await conn.close()
    return total, balances, hands


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


async def ready(bot: BotProcess, timeout: float) -> int:
    """Wait for ``ready to serve`` in the bot's log; the tables it resumed."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = READY.search(bot.log_text())
        if m:
            return int(m.group(1))
        if not bot.running:
            raise RuntimeError(f"a bot process exited:\n{bot.log_text()[-3000:]}")
        await asyncio.sleep(0.2)
    raise TimeoutError(f"a bot process was not ready after {timeout:.0f} s")


async def run(processes: int, tables: int, *, url: str, settings: dict[str, str], workdir: Path,
              seed: int = 1, timeout: float = 600.0, stagger: float = 20.0,
              delay: tuple[float, float] = (1.0, 2.0), kill: int | None = None,
              kill_after: float = 30.0, restart_after: float = 5.0,
              hands: int = 1) -> dict[str, Any]:
    schema = f"bench_shards_{uuid.uuid4().hex[:12]}"
    d = DiscordDouble(limits=Limits())
    d.shard_count = processes
    owner = d.add_user("owner")
    guilds = guilds_on_shards(d, owner, processes)
    by_user: dict[int, TimedUser] = {}
    hosts: list[TimedUser] = []
    guests: dict[int, list[TimedUser]] = {}
    shard_channels: dict[int, list[int]] = {s: [] for s in range(processes)}
    for s, g in enumerate(guilds):
        for n in range(tables):
            ch: Channel = d.add_channel(g, f"table-{n}")
            shard_channels[s].append(ch.id)
            seated = []
            for k in range(4):
                p = d.add_user(f"s{s}t{n:03d}{'abcd'[k]}")
                d.add_member(g, p)
                u = TimedUser(d, p, ch.id, seed=seed * 100000 + s * 1000 + n * 4 + k, delay=delay)
                by_user[p.id] = u
                seated.append(u)
            hosts.append(seated[0])
            guests[ch.id] = seated[1:]
    # the path of every request the double served (its own record keeps the route only):
    # which table a request was for is read from its ids
    paths: list[str] = []
    serve = d._rest

    async def rest(request: Any) -> Any:
        response = await serve(request)
        if response.status != 429:
            paths.append("/" + request.match_info["tail"])
        return response

    d._rest = rest  # type: ignore[method-assign]
    clicked_at: dict[int, float] = {}
    turns: dict[int, list[float]] = {}
    d.on_message(turn_listener(d, by_user, clicked_at,
                               lambda ch, s: turns.setdefault(ch, []).append(s)))
    time_clicks(d, by_user, clicked_at)
    await d.start()
    env = settings | {"MAHJONG_DATABASE_URL": url, "MAHJONG_DATABASE_SCHEMA": schema,
                      "MAHJONG_SHARD_COUNT": str(processes)}

    def bot_for(s: int, n: int = 0) -> BotProcess:
        return BotProcess(d.env(), workdir / "unused.db", workdir / f"bot{s}-{n}.log",
                          sync=(s == 0 and n == 0), extra=env | {"MAHJONG_SHARD_IDS": str(s)})

    bots = [bot_for(s) for s in range(processes)]
    restarted: BotProcess | None = None
    result: dict[str, Any] = {"processes": processes, "tables_per_process": tables,
                              "hands": hands, "think_seconds": list(delay)}
    outage: dict[str, Any] = {}
    try:
        # shard 0 first: it syncs the commands and uploads the tile emoji the others use
        await bots[0].start()
        await ready(bots[0], 180)
        for b in bots[1:]:
            await b.start()
        for b in bots[1:]:
            await ready(b, 180)
        await wait_for(lambda: len({x.shard for x in d.sessions.values()}) >= processes, d, 60,
                       "every shard")
        idle = [rss_kib(b.pid) for b in bots]
        # CPU while the tables play: each bot process (the killed one's until its kill, then
        # its restart's), the bench (the double and every scripted person), PostgreSQL
        cpu_start = [cpu_seconds(b.pid) for b in bots]
        cpu_used = [0.0] * processes
        bench_cpu = time.process_time()
        pg_cpu = postgres_cpu()
        opened: dict[int, str] = {}
        open_errors: list[str] = []
        t_play = time.monotonic()
        requests_before = len(paths)

        async def one(i: int, u: TimedUser) -> None:
            await asyncio.sleep(stagger * i / max(1, len(hosts)))
            others = guests[u.channel_id]
            try:
                opened[u.channel_id] = await open_patiently(d, u, list(others), hands=hands)
            except (AssertionError, TimeoutError) as exc:
                open_errors.append(f"{u.user.name}: {exc}")
                return

            def over(p: TimedUser) -> Any:
                return lambda: (finished(d, u.channel_id)
                                or (last_settled(d, u.channel_id, hands)
                                    and time.monotonic() - p.last_progress > 20))

            await asyncio.gather(*(p.play(over(p), timeout) for p in (u, *others)))

        async def crash() -> None:
            if kill is None:
                return
            await asyncio.sleep(kill_after)
            # mid-game, not mid-lobby: every table of the victim has started (a lobby whose
            # process is down cannot be joined, and people would give up on it)
            mine = shard_channels[kill]
            with contextlib.suppress(TimeoutError):
                await wait_for(lambda: all(ch in opened for ch in mine), d, 120,
                               "the tables of the process to kill to start")
            victim = bots[kill]
            others_before = sum(u.moves for u in by_user.values()
                                if u.channel_id not in shard_channels[kill])
            unfinished = sum(1 for ch in shard_channels[kill]
                             if ch in opened and not last_settled(d, ch, hands))
            cpu_used[kill] += cpu_seconds(victim.pid) - cpu_start[kill]
            t_kill = time.monotonic()
            await victim.kill()
            await asyncio.sleep(restart_after)
            nonlocal restarted
            restarted = bot_for(kill, 1)
            await restarted.start()
            cpu_start[kill] = 0.0  # a new process: its CPU counts from zero (start-up included)
            resumed = await ready(restarted, 180)
            t_ready = time.monotonic()
            others_after = sum(u.moves for u in by_user.values()
                               if u.channel_id not in shard_channels[kill])
            outage.update({
                "killed_process": kill, "killed_at_s": round(t_kill - t_play, 1),
                "unfinished_tables_at_kill": unfinished,
                "restart_ready_s": round(t_ready - t_kill, 1),
                "tables_resumed": resumed,
                "moves_by_other_processes_during_outage": others_after - others_before,
            })

        crasher = asyncio.create_task(crash())
        # tables open in turn across the processes (one of each shard, then the next …), as
        # guilds of every shard would start games at any moment
        order = [u for _, u in sorted(enumerate(hosts), key=lambda p: (p[0] % tables, p[0]))]
        await asyncio.wait_for(asyncio.gather(*(one(i, u) for i, u in enumerate(order))),
                               timeout + stagger + 240)
        await crasher
        played = time.monotonic() - t_play
        for i, b in enumerate(bots):
            now_pid = restarted.pid if (restarted is not None and i == kill) else b.pid
            cpu_used[i] += cpu_seconds(now_pid) - cpu_start[i]
        bench_cpu = time.process_time() - bench_cpu
        pg_cpu = postgres_cpu() - pg_cpu
        peak = [rss_kib(b.pid) for b in bots]
        await asyncio.sleep(2.0)
        # (SIGTERM: discord.py's run() does not clean up on it; the ledger needs nothing)
        logs = []
        for b in [*bots, *([restarted] if restarted is not None else [])]:
            await b.stop()
            logs.append(b.log_text())
    finally:
        for b in [*bots, *([restarted] if restarted is not None else [])]:
            if b.running:
                await b.kill()
        await d.stop()

    # -- figures ------------------------------------------------------------------------
    att = Attribution(d, by_user)
    requests: dict[int, tuple[int, int]] = {}
    unattributed = 0
    for route in paths[requests_before:]:
        ch_id = att.table_channel(route)
        if ch_id is None:
            unattributed += 1
            continue
        n_global, n_exempt = requests.get(ch_id, (0, 0))
        exempt = route.startswith(("/interactions", "/webhooks"))
        requests[ch_id] = (n_global + (not exempt), n_exempt + exempt)
    per = [summarise(str(s), shard_channels[s], d, by_user, turns, requests, played)
           for s in range(processes)]
    total = summarise("all", [c for s in range(processes) for c in shard_channels[s]], d,
                      by_user, turns, requests, played)
    for s, row in enumerate(per):
        row["rss_mib_idle_peak"] = [round(idle[s] / 1024, 1), round(peak[s] / 1024, 1)]
        row["cpu_ms_per_move"] = round(1000 * cpu_used[s] / max(1, row["moves"]), 2)
    moves_all = max(1, total["moves"])
    total["cpu_ms_per_move"] = round(1000 * sum(cpu_used) / moves_all, 2)
    cpu = {"bots_ms_per_move": total["cpu_ms_per_move"],
           "bench_ms_per_move": round(1000 * bench_cpu / moves_all, 2),
           "postgres_ms_per_move": round(1000 * pg_cpu / moves_all, 2),
           "cores_used": round((sum(cpu_used) + bench_cpu + pg_cpu) / max(played, 1e-9), 2)}
    # per bot log (processes in shard order, then the restarted one): its last 30-s report
    forwards = []
    for text in logs:
        m = list(FORWARDS.finditer(text))
        forwards.append([int(x) for x in m[-1].groups()] if m else None)
    ledger_sum, balances, hand_txns = await ledger_figures(url, schema)
    mismatches = []
    posted_total = 0
    for u in hosts:
        posted = posted_by_person(d, u.channel_id)
        posted_total += sum(posted.values())
        for who in (u, *guests[u.channel_id]):
            want = STARTING + posted.get(who.user.name, 0)
            if balances.get(who.user.id, STARTING) != want:
                settled = [m.content[:400] for m in d.bot_messages(u.channel_id)
                           if "settlement**" in m.content]
                mismatches.append(f"{who.user.name}: ledger {balances.get(who.user.id)} "
                                  f"posted {want} {settled}")
    errors = [ln for text in logs for ln in text.splitlines() if " ERROR " in ln]
    result |= {
        "seconds_playing": round(played, 1),
        "cpu": cpu,
        "per_process": per,
        "total": total,
        "outage": outage,
        "forwarded_answered_away_per_log": forwards,
        "requests_unattributed": unattributed,
        "tables_opened": len(opened),
        "open_errors": open_errors[:5],
        "unacknowledged": len(d.failed_interactions()),
        "unacknowledged_by_kind": unacknowledged_by_kind(d, shard_channels, t_play, outage),
        "429_total": len(d.ratelimited),
        "429_global": sum(1 for r in d.ratelimited if r[2]),
        "429_by_route": {k: sum(1 for r in d.ratelimited if f"{r[0]} {r[1]}" == k)
                         for k in sorted({f"{r[0]} {r[1]}" for r in d.ratelimited})},
        "refusals": len(d.rejections),
        "refusal_samples": [f"{m} {r} {s} {c} {t[:100]}" for m, r, s, c, t in d.rejections[:3]],
        "log_errors": len(errors),
        "log_error_samples": errors[:3],
        "hand_settlements": hand_txns,
        "ledger_entries_sum": ledger_sum,
        "posted_chips_sum": posted_total,
        "chips_conserved": ledger_sum == 0 and posted_total == 0 and not mismatches,
        "ledger_vs_posted_mismatches": len(mismatches),
        "mismatch_samples": mismatches[:3],
        "schema": schema,
    }
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.discord_shards",
                                 description=plain_help(__doc__.split("\n\n")[0]))
    ap.add_argument("--processes", type=int, default=4, help="bot processes, one shard each")
    ap.add_argument("--tables", type=int, default=10, help="tables per process")
    ap.add_argument("--hands", type=int, default=1, choices=(1, 2, 4, 8, 16),
                    help="hands per game")
    ap.add_argument("--think", type=float, nargs=2, default=(1.5, 2.5), metavar=("MIN", "MAX"),
                    help="seconds a person takes before a click (default: a move per ~2 s)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds for the play")
    ap.add_argument("--stagger", type=float, default=20.0,
                    help="seconds over which the tables are opened")
    ap.add_argument("--kill", type=int, default=None,
                    help="the process (shard) to kill -9 mid-load (default: the last; -1: none)")
    ap.add_argument("--kill-after", type=float, default=None,
                    help="seconds into the play (default: --stagger + 15)")
    ap.add_argument("--restart-after", type=float, default=5.0)
    ap.add_argument("--database", default=DEFAULT_URL, help="PostgreSQL URL (a schema is made)")
    ap.add_argument("--edit-interval", default="1.2")
    ap.add_argument("--turn-seconds", default="60")
    ap.add_argument("--claim-seconds", default="20",
                    help="the claim window (longer than --think's MAX, or claims time out)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep the bot logs here and the schema in the database")
    args = ap.parse_args(argv)
    kill = args.processes - 1 if args.kill is None else (None if args.kill < 0 else args.kill)
    if kill is not None and not 0 <= kill < args.processes:
        ap.error(f"--kill must be a process between 0 and {args.processes - 1}")
    settings = {
        "MAHJONG_COMPUTER_DELAY": "0",
        "MAHJONG_EDIT_INTERVAL": args.edit_interval,
        "MAHJONG_TURN_SECONDS": args.turn_seconds,
        "MAHJONG_CLAIM_SECONDS": args.claim_seconds,
        "MAHJONG_STARTING_CHIPS": str(STARTING),
        "MAHJONG_LOG_LEVEL": "INFO",
    }
    with tempfile.TemporaryDirectory(prefix="discord-shards-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        res = asyncio.run(run(
            args.processes, args.tables, url=args.database, settings=settings, workdir=work,
            seed=args.seed, timeout=args.timeout, stagger=args.stagger,
            delay=tuple(args.think), kill=kill,
            kill_after=args.stagger + 15 if args.kill_after is None else args.kill_after,
            restart_after=args.restart_after, hands=args.hands,
        ))
        if args.keep is None:
            asyncio.run(drop_schema(args.database, res["schema"]))
    print(json.dumps(res) if args.json else report(res))
    return 0 if ok(res) else 1


def ok(res: dict[str, Any]) -> bool:
    total = res["total"]
    return (total["finished"] == total["tables"] and res["unacknowledged"] == 0
            and res["log_errors"] == 0 and res["chips_conserved"]
            and (not res["outage"] or res["outage"]["tables_resumed"]
                 == res["outage"]["unfinished_tables_at_kill"]))


def report(res: dict[str, Any]) -> str:
    cols = ("process", "tables", "finished", "moves", "moves_per_second", "global_per_move",
            "exempt_per_move", "your_turn_ms_p50", "your_turn_ms_p99", "cpu_ms_per_move")
    lines = ["  ".join(f"{c:>16}" for c in cols)]
    for row in [*res["per_process"], res["total"]]:
        lines.append("  ".join(f"{row[c]!s:>16}" for c in cols))
    for k, v in res.items():
        if k not in ("per_process", "total"):
            lines.append(f"{k}: {v}")
    return "\n".join(lines)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
