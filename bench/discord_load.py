"""``python -m bench.discord_load``: many tables in one bot process against the Discord double.

Starts the double on 127.0.0.1, then ``python bot.py --sync`` pointed at it by settings
only, opens ``--tables`` tables (each in its own channel: ``--people`` scripted people, four
by default, and computers in the other seats), plays ``--hands`` hands on every table and
reports:

* the request budget: bot REST requests (they count against the token's global limit) and
  interaction-token requests (exempt) per human move (a click in a game), the global ones
  per move by the bot's send path (its request meter, from the log), and the wait in the
  bot's pacing queue (``discord_io/pacing.py``, from the bot's log);
* "your turn": from the click that passed the turn (or the claim that took it) to the
  moment the next person's DM (or ephemeral copy) shows their discard controls, measured
  at the double, p50 / p99 / max;
* interaction → acknowledgement time, p50 / p99 / max (measured at the double: from the
  INTERACTION_CREATE it sent to the callback it received);
* 429s the bot received (per route and global) and every other refusal (target: none);
  interactions never acknowledged; ERROR lines in the bot's log;
* chips conserved: the ledger's entries sum to zero, each person's balance is the starting
  chips plus what the settlement messages posted;
* memory per table: the bot's resident memory while all tables play, minus before any
  table, divided by the number of tables.

Not part of ``python -m bench`` (that imports only ``bench/bench_*.py``): it needs a few
minutes and a spare core.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import percentiles
from discord_double import DiscordDouble, Limits
from discord_double.botproc import BotProcess
from discord_double.server import Message
from discord_double.users import GAME_ID, ScriptedUser, controls_of, open_table, wait_for
from engine.cli.helptext import plain_help

STARTING = 1000
CHIPS_PART = re.compile(r"^(?P<name>.+) (?P<chips>[+-]\d+)$")
# a person's seat that a computer keeps after their time-outs: "p3b (normal computer)"; the
# chips are still the person's
KEPT_SEAT = re.compile(r"^(?P<name>.+) \(\w+ computer\)$")


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def _own_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    # after the command: state is field 3, utime and stime are fields 14 and 15
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (its picture workers)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process and its live children (picture worker processes)
    have used so far (``/proc/<pid>/stat``), 0 if gone."""
    return _own_cpu(pid) + sum(_own_cpu(c) for c in children(pid))


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of a process's ``main`` thread (the event loop), of its other
    ``threads`` together (pictures drawn in worker threads, the database connection's
    thread), and of its picture worker ``processes``."""
    out = {"main": 0.0, "threads": 0.0, "processes": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        kind = "main" if task.name == str(pid) else "threads"
        out[kind] += (int(fields[11]) + int(fields[12])) / tick
    out["processes"] = sum(_own_cpu(c) for c in children(pid))
    return out


def posted_chips(d: DiscordDouble, channel: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in d.bot_messages(channel):
        if not re.match(r"^\*\*Hand \d+ settlement\*\*", m.content):
            continue
        for line in m.content.splitlines():
            parts = [CHIPS_PART.match(p.strip()) for p in line.split(" · ")]
            if len(parts) == 4 and all(parts):
                for p in parts:
                    assert p is not None
                    kept = KEPT_SEAT.match(p["name"])
                    name = kept["name"] if kept is not None else p["name"]
                    out[name] = out.get(name, 0) + int(p["chips"])
    return out


def kept_seats(d: DiscordDouble, channel: int) -> int:
    """How many of a table's settlement lines name a person's seat kept by a computer."""
    return sum(
        1 for m in d.bot_messages(channel)
        if re.match(r"^\*\*Hand \d+ settlement\*\*", m.content)
        for line in m.content.splitlines() for part in line.split(" · ")
        if (c := CHIPS_PART.match(part.strip())) is not None and KEPT_SEAT.match(c["name"])
    )


class TimedUser(ScriptedUser):
    """A scripted person with what the "your turn" figure needs."""

    moves: int = 0  # game clicks made
    my_turn: bool = False  # discard controls shown since this person's last discard


def time_clicks(d: DiscordDouble, by_user: dict[int, TimedUser],
                clicked_at: dict[int, float]) -> None:
    """Wrap the double's click: a game click marks its table's clock (after the person's
    thinking time, when the INTERACTION_CREATE leaves) and counts as a human move."""
    original = d.click

    async def click(user: Any, message: Message, custom_id: str, values: Any = None) -> Any:
        u = by_user.get(user.id)
        g = GAME_ID.match(custom_id)
        if u is not None and (g is not None or custom_id.startswith("mjs:")):
            code = g["code"] if g is not None else "d"
            if code in ("d", "p", "k", "c", "w", "x"):
                clicked_at[u.channel_id] = time.monotonic()
                u.moves += 1
                if code == "d":
                    u.my_turn = False
        return await original(user, message, custom_id, values)

    d.click = click  # type: ignore[method-assign]


def turn_listener(d: DiscordDouble, by_user: dict[int, TimedUser],
                  clicked_at: dict[int, float], record: Callable[[int, float], None]) -> Any:
    """A message listener that finds the moment a person's DM first shows their discard
    controls since their last discard, and records (their table channel, seconds since the
    click that passed the turn)."""
    def seen(m: Message) -> None:
        ch = d.channels.get(m.channel_id)
        uid = ch.recipient if ch is not None and ch.type == 1 else m.visible_to
        u = by_user.get(uid or 0)
        if u is None or u.my_turn:
            return
        if any(c.code == "d" for c in controls_of(m)):
            u.my_turn = True
            t = clicked_at.get(u.channel_id)
            if t is not None:
                record(u.channel_id, time.monotonic() - t)

    return seen


def open_tables(live: list[tuple[float, int]]) -> tuple[int, float]:
    """From ``(when, +1 a table opened / -1 one finished)`` steps: the most tables open at
    once, and the sum of the tables' open times (seconds)."""
    now = peak = 0
    seconds = 0.0
    last: float | None = None
    for t, step in sorted(live):
        if last is not None:
            seconds += now * (t - last)
        now += step
        peak = max(peak, now)
        last = t
    return peak, seconds


def budgets_from_log(log: str) -> str:
    found = re.findall(r"requests by budget: (.*)", log)
    return found[-1] if found else "(run with --log-level INFO)"


def counts_of(line: str) -> dict[str, int]:
    """``global/table.edit 12, interaction/private.click 40`` as a dict."""
    out: dict[str, int] = {}
    for part in line.split(", "):
        name, _, n = part.rpartition(" ")
        if name and n.isdigit():
            out[name] = int(n)
    return out


def per_move_by_path(log: str, moves: int) -> dict[str, float]:
    """Global requests per move of each send path, start-up and login left out (they are
    not moves): from the bot's request meter."""
    counts = counts_of(budgets_from_log(log))
    return {name.split("/", 1)[1]: round(n / max(1, moves), 4)
            for name, n in sorted(counts.items(), key=lambda kv: -kv[1])
            if name.startswith("global/") and name not in ("global/startup", "global/login")}


def pictures_from_log(log: str) -> dict[str, tuple[int, float]]:
    """The bot's pictures drawn while it ran: kind → (count, CPU seconds)."""
    found = re.findall(r"pictures drawn: (.*)", log)
    out: dict[str, tuple[int, float]] = {}
    for kind, n, cpu in re.findall(r"(\w+) (\d+) \(([\d.]+) s CPU\)", found[-1] if found else ""):
        out[kind] = (int(n), float(cpu))
    return out


def reused_from_log(log: str) -> dict[str, int]:
    """Pictures the bot sent again from bytes it kept instead of drawing them: kind → count."""
    found = re.findall(r"pictures drawn: .*; sent again undrawn: (.*)", log)
    return {kind: int(n) for kind, n in re.findall(r"(\w+) (\d+)", found[-1] if found else "")}


def loop_lag_from_log(log: str) -> dict[str, float]:
    """The bot's event loop lag (its 30-second reports): the worst window's p99, the worst
    beat, and how many times it stalled (with its stack in the log)."""
    found = re.findall(r"event loop lag: p50 (\d+) ms, p99 (\d+) ms, max (\d+) ms over \d+ "
                       r"beats; (\d+) stalls", log)
    if not found:
        return {}
    return {"worst_window_p99_ms": max(float(p99) for _, p99, _, _ in found),
            "max_ms": max(float(m) for _, _, m, _ in found),
            "stalls_over_1s": float(found[-1][3])}


def stages_from_log(log: str) -> dict[str, list[float]]:
    """The bot's update stages (its 30-second reports): per stage, the median window's p50
    and the worst window's p99, in ms."""
    p50s: dict[str, list[float]] = {}
    p99s: dict[str, list[float]] = {}
    for line in re.findall(r"update stages: (.*)", log):
        for stage, p50, p99 in re.findall(r"([a-z ]+) p50 (\d+) / p99 (\d+) / max \d+ ms",
                                          line):
            p50s.setdefault(stage.strip(), []).append(float(p50))
            p99s.setdefault(stage.strip(), []).append(float(p99))
    return {k: [sorted(v)[len(v) // 2], max(p99s[k])] for k, v in sorted(p50s.items())}


def pacing_from_log(log: str) -> str:
    found = re.findall(r"global request pacing: (.*)", log)
    return found[-1] if found else "(run with --log-level INFO)"


def finished(d: DiscordDouble, channel: int) -> bool:
    return any(m.content.startswith("**Standings**") for m in d.bot_messages(channel))


def last_settled(d: DiscordDouble, channel: int, hands: int) -> bool:
    """The final hand's settlement is posted: the game is over even if the standings
    message itself was lost (a person would stop waiting there too)."""
    return any(m.content.startswith(f"**Hand {hands} settlement**")
               for m in d.bot_messages(channel))


async def run(tables: int, hands: int, seed: int, timeout: float, stagger: float,
              settings: dict[str, str], workdir: Path, per_table: int = 4,
              delay: tuple[float, float] = (0.3, 1.0)) -> dict[str, Any]:
    d = DiscordDouble(limits=Limits())
    await d.start()
    owner = d.add_user("owner")
    guild = d.add_guild("load", owner, channels=0)
    people: list[TimedUser] = []  # the first person of each table (its host)
    guests: dict[int, list[TimedUser]] = {}
    clicked_at: dict[int, float] = {}
    turn_latency: list[tuple[float, float]] = []  # (when seen, seconds)
    by_user: dict[int, TimedUser] = {}
    for n in range(tables):
        ch = d.add_channel(guild, f"table-{n}")
        seated = []
        for k in range(per_table):
            p = d.add_user(f"p{n:03d}{'abcd'[k]}")
            d.add_member(guild, p)
            u = TimedUser(d, p, ch.id, seed=seed * 1000 + n * 4 + k, delay=delay)
            by_user[p.id] = u
            seated.append(u)
        people.append(seated[0])
        guests[ch.id] = seated[1:]
    d.on_message(turn_listener(d, by_user, clicked_at, lambda _ch, s: turn_latency.append((time.monotonic(), s))))
    time_clicks(d, by_user, clicked_at)
    bot = BotProcess(d.env(), workdir / "load.db", workdir / "bot.log", sync=True,
                     extra=settings)
    result: dict[str, Any] = {"tables": tables, "hands": hands}
    try:
        t0 = time.monotonic()
        await bot.start()
        await wait_for(lambda: bool(d.commands) and d.connected, d, 120, "the bot")
        await asyncio.sleep(1.0)
        idle = rss_kib(bot.pid)
        peak = idle
        stop = asyncio.Event()

        async def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, rss_kib(bot.pid))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 0.5)

        sampler = asyncio.create_task(sample())
        opened: dict[int, str] = {}
        open_errors: list[str] = []
        live: list[tuple[float, int]] = []  # (when, +1 a table opened / -1 one finished)

        async def one(i: int, u: ScriptedUser) -> None:
            await asyncio.sleep(stagger * i / max(1, tables))
            others = guests[u.channel_id]
            try:
                opened[u.channel_id] = await open_table(d, u, list(others), computers=4 - per_table,
                                                        hands=hands, timeout=60)
            except (AssertionError, TimeoutError) as exc:
                open_errors.append(f"{u.user.name}: {exc}")
                return
            live.append((time.monotonic(), 1))
            # standings, or the last settlement plus a moment (if the standings were lost)
            def over(p: ScriptedUser) -> Any:
                return lambda: (finished(d, u.channel_id)
                                or (last_settled(d, u.channel_id, hands)
                                    and time.monotonic() - p.last_progress > 20))

            await asyncio.gather(*(p.play(over(p), timeout) for p in (u, *others)))
            live.append((time.monotonic(), -1))

        t_play = time.monotonic()
        requests_before = len(d.requests)
        bot_cpu0, bench_cpu0 = cpu_seconds(bot.pid), time.process_time()
        threads0 = thread_cpu(bot.pid)
        await asyncio.wait_for(asyncio.gather(*(one(i, u) for i, u in enumerate(people))),
                               timeout + stagger + 120)
        played = time.monotonic() - t_play
        bot_cpu = cpu_seconds(bot.pid) - bot_cpu0
        threads = {k: v - threads0.get(k, 0.0) for k, v in thread_cpu(bot.pid).items()}
        bench_cpu = time.process_time() - bench_cpu0
        stop.set()
        await sampler
        await asyncio.sleep(2.0)  # last table edits
        await bot.stop()
        total = time.monotonic() - t0
    finally:
        if bot.running:
            await bot.kill()
        await d.stop()

    # -- figures ------------------------------------------------------------------------
    lat = sorted(x * 1000 for x in d.ack_latencies())
    p50, p99 = percentiles(lat, 50, 99) if lat else (float("nan"), float("nan"))
    done = sum(1 for u in people if finished(d, u.channel_id))
    global_429 = sum(1 for r in d.ratelimited if r[2])
    by_route: dict[str, int] = {}
    for _, route, _g in d.ratelimited:
        by_route[route] = by_route.get(route, 0) + 1
    # requests that count against the global limit (not interaction callbacks / webhooks),
    # from the first table opened on (the bot's start-up and command sync are not moves)
    playing = d.requests[requests_before:]
    rest = sum(1 for _, route, _s in playing
               if not route.startswith(("/interactions", "/webhooks")))
    exempt = len(playing) - rest
    global_routes: dict[str, int] = {}
    for method, route, _s in playing:
        if not route.startswith(("/interactions", "/webhooks")):
            key = f"{method} {re.sub(r'/[0-9]+', '/{id}', route)}"
            global_routes[key] = global_routes.get(key, 0) + 1
    moves = sum(u.moves for u in by_user.values())
    peak_live, table_seconds = open_tables(live)
    turns = sorted(x * 1000 for _, x in turn_latency)
    t50, t99 = percentiles(turns, 50, 99) if turns else (float("nan"), float("nan"))
    # while tables are still being opened (lobbies, deals and first DMs on the token's
    # budget beside the play) and after the last one opened
    last_open = max((t for t, d_ in live if d_ > 0), default=float("inf"))
    phases = {"while_opening": [x for t, x in turn_latency if t <= last_open],
              "after_opening": [x for t, x in turn_latency if t > last_open]}
    log = bot.log_text()
    errors_in_log = [ln for ln in log.splitlines() if " ERROR " in ln]
    gave_up_429 = log.count("HTTPException: 429")
    # chips: the ledger balances; people's balances equal what was posted
    con = sqlite3.connect(f"file:{workdir / 'load.db'}?mode=ro", uri=True)
    try:
        ledger_sum = con.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries").fetchone()[0]
        balances = {int(u): int(b) for u, b in con.execute(
            "SELECT user_id, balance FROM accounts WHERE kind = 'user'")}
        hand_txns = con.execute(
            "SELECT COUNT(*) FROM ledger_txns WHERE kind = 'hand_settlement'").fetchone()[0]
    finally:
        con.close()
    # a balance that differs from the posted numbers means a settlement message was lost
    # (the ledger itself is checked by the sum above: double entry, nothing created)
    mismatches = []
    posted_total = 0
    for u in people:
        posted = posted_chips(d, u.channel_id)
        posted_total += sum(posted.values())
        for who in (u, *guests[u.channel_id]):
            want = STARTING + posted.get(who.user.name, 0)
            if balances.get(who.user.id, STARTING) != want:
                mismatches.append(f"{who.user.name}: ledger {balances.get(who.user.id)} posted {want}")
    result |= {
        "finished_tables": done,
        "tables_opened": len(opened),
        "tables_settled": sum(1 for u in people if last_settled(d, u.channel_id, hands)),
        "seconds_total": round(total, 1),
        "seconds_playing": round(played, 1),
        "people_per_table": per_table,
        "interactions": len(d.interactions),
        "clicks": sum(u.clicks for u in by_user.values()),
        "human_moves": moves,
        "moves_per_second_per_table": round(moves / max(played, 1e-9) / max(1, len(opened)), 3),
        # the same over the time each table was open (first deal to standings): the run's
        # figure above also spreads the moves over the tables' staggered start and the tail
        "moves_per_second_per_open_table": round(moves / max(table_seconds, 1e-9), 3),
        "global_requests_per_move": round(rest / max(1, moves), 3),
        "exempt_requests_per_move": round(exempt / max(1, moves), 3),
        "global_requests_by_route": dict(sorted(global_routes.items(), key=lambda kv: -kv[1])),
        "global_per_move_by_path": per_move_by_path(log, moves),
        "peak_tables_playing": peak_live,
        "pacing": pacing_from_log(bot.log_text()),
        "bot_send_paths": budgets_from_log(bot.log_text()),
        "your_turn_ms_p50": round(t50, 1),
        "your_turn_ms_p99": round(t99, 1),
        "your_turn_ms_max": round(turns[-1], 1) if turns else None,
        "your_turn_samples": len(turns),
        "your_turn_ms_p50_p99_by_phase": {
            name: ([round(v * 1000, 1) for v in percentiles(sorted(xs), 50, 99)] if xs else None)
            for name, xs in phases.items()},
        "ack_ms_p50": round(p50, 1),
        "ack_ms_p99": round(p99, 1),
        "ack_ms_max": round(lat[-1], 1) if lat else None,
        "unacknowledged": len(d.failed_interactions()),
        "requests": len(d.requests),
        "bot_rest_requests_while_playing": rest,
        "bot_rest_per_second": round(rest / max(played, 1e-9), 1),
        "429_total": len(d.ratelimited),
        "429_global": global_429,
        "429_by_route": by_route,
        "refusals": len(d.rejections),
        "refusal_samples": [f"{m} {r} {s} {c} {t[:120]}" for m, r, s, c, t in d.rejections[:5]],
        "open_errors": open_errors[:5],
        "log_errors": len(errors_in_log),
        "requests_given_up_after_429s": gave_up_429,
        "log_error_samples": errors_in_log[:5],
        "hand_settlements": hand_txns,
        "ledger_entries_sum": ledger_sum,
        "posted_chips_sum": posted_total,
        "chips_conserved": ledger_sum == 0 and posted_total == 0,
        "ledger_vs_posted_mismatches": len(mismatches),
        "seats_kept_by_a_computer": sum(kept_seats(d, u.channel_id) for u in people),
        "mismatch_samples": mismatches[:5],
        # CPU per human move while the tables played (start-up and shut-down left out): the
        # bot process, and this process (the double and the scripted people)
        "bot_cpu_seconds": round(bot_cpu, 1),
        "bot_cpu_ms_per_move": round(1000 * bot_cpu / max(1, moves), 2),
        "bench_cpu_ms_per_move": round(1000 * bench_cpu / max(1, moves), 2),
        "bot_cpu_ms_per_move_by_thread": {k: round(1000 * v / max(1, moves), 2)
                                          for k, v in sorted(threads.items())},
        # the bot's pictures (its whole run): count, CPU ms each, CPU ms per move
        "bot_pictures": {kind: {"drawn": n, "cpu_ms_each": round(1000 * cpu / max(1, n), 2),
                                "cpu_ms_per_move": round(1000 * cpu / max(1, moves), 2)}
                         for kind, (n, cpu) in pictures_from_log(log).items()},
        "bot_pictures_sent_again_undrawn": reused_from_log(log),
        "bot_loop_lag": loop_lag_from_log(log),
        # per stage of an update that asks someone to act: [median window's p50, worst p99]
        "bot_update_stages_ms": stages_from_log(log),
        "rss_idle_mib": round(idle / 1024, 1),
        "rss_peak_mib": round(peak / 1024, 1),
        "kib_per_table": round((peak - idle) / max(1, len(opened)), 1),
    }
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.discord_load", description=plain_help(__doc__.split("\n\n")[0]))
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--people", type=int, default=4, choices=(1, 2, 3, 4),
                    help="scripted people per table (the other seats are computers)")
    ap.add_argument("--think", type=float, nargs=2, default=(1.5, 2.5), metavar=("MIN", "MAX"),
                    help="seconds a person takes before a click (default: a move per ~2 s)")
    ap.add_argument("--hands", type=int, default=1, choices=(1, 2, 4, 8, 16))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1200.0, help="seconds for the play")
    ap.add_argument("--stagger", type=float, default=None,
                    help="seconds over which the tables are opened (default: 0.4 per table, "
                         "about 25 of the 40 paced requests per second for the starts)")
    ap.add_argument("--computer-delay", default="0")
    ap.add_argument("--edit-interval", default="1.2")
    ap.add_argument("--turn-seconds", default="60")
    ap.add_argument("--log-level", default="WARNING", help="the bot's (INFO: requests by budget)")
    ap.add_argument("--picture-processes", default="0",
                    help="the bot's MAHJONG_PICTURE_PROCESSES (0: pictures in threads)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--keep", type=Path, default=None, help="keep the database and bot log here")
    args = ap.parse_args(argv)
    settings = {
        "MAHJONG_COMPUTER_DELAY": args.computer_delay,
        "MAHJONG_EDIT_INTERVAL": args.edit_interval,
        "MAHJONG_TURN_SECONDS": args.turn_seconds,
        "MAHJONG_CLAIM_SECONDS": "20",
        "MAHJONG_STARTING_CHIPS": str(STARTING),
        "MAHJONG_LOG_LEVEL": args.log_level,
        "MAHJONG_PICTURE_PROCESSES": args.picture_processes,
    }
    with tempfile.TemporaryDirectory(prefix="discord-load-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        stagger = args.stagger if args.stagger is not None else 0.4 * args.tables
        res = asyncio.run(run(args.tables, args.hands, args.seed, args.timeout, stagger,
                              settings, work, per_table=args.people, delay=tuple(args.think)))
    if args.json:
        print(json.dumps(res))
    else:
        width = max(len(k) for k in res)
        for k, v in res.items():
            print(f"{k:<{width}}  {v}")
    ok = (res["finished_tables"] == args.tables and res["refusals"] == 0
          and res["unacknowledged"] == 0 and res["log_errors"] == 0 and res["chips_conserved"]
          and res["ledger_vs_posted_mismatches"] == 0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
