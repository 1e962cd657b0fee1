"""The bot's latency: from a button press to the engine's answer and the re-rendered hand.

* ``click → hand``: one table (a person and three computers); each sample is
  ``TableService.act`` (checks, the engine, the store append, views) plus what the
  Discord transport does for the clicker before answering: the hand text, the
  buttons and the hand picture (PNG). Computers move on their own timer, outside
  the sample, as in the bot (they "think" for a moment so people can follow).
* ``200 tables``: 200 such tables in one process on the real event loop, every
  person clicking as soon as asked and computers moving on 50 ms timers; each
  sample is one click, measured the same way, while all the others play.

Both use the in-memory table store; ``click → hand (SQLite)`` repeats the first
with the real store (synchronous=FULL: every append is on disk before it returns).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import Row, percentiles
from tables.clock import RealClock, VirtualClock
from tables.model import Mode, PrivateView, TableInfo
from tables.persist import MemoryTables, StoreTables
from tables.service import Person, TableService, TableSettings
from tables.transport import NullTransport

P = Person(1, "P")


class HandRenderer(NullTransport):
    """Renders what the Discord transport renders for a private hand, nothing else."""

    def __init__(self) -> None:
        self.rendered = 0

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        from discord_io.views.controls import hand_controls
        from tables import pictures
        from tables.text import hand_text

        hand_text(view, table, "en")
        hand_controls(view, "en")
        pictures.hand_png(view, "en")
        self.rendered += 1


def _choice(view: PrivateView) -> tuple[str, str]:
    if view.mode is Mode.CLAIM:
        return "x", ""
    for c in view.actions:
        if c.kind == "discard" and c.tile == view.drawn:
            return c.code, c.arg
    c = [a for a in view.actions if a.kind == "discard"][-1]
    return c.code, c.arg


async def _one_table(store: Any, clicks: int) -> list[float]:
    clock = VirtualClock()
    svc = TableService(store, HandRenderer(), clock,
                       TableSettings(computer_delay=0.5), seed_factory=lambda: "bench")
    samples: list[float] = []
    guild = 0
    while len(samples) < clicks:
        guild += 1
        info = await svc.create(guild, 1, P, "heyuan-jihu", {}, 1, 4)
        for _ in range(3):
            await svc.add_computer(info.id, P.user_id)
        await svc.start(info.id, P.user_id)
        while len(samples) < clicks and info.id in {t.id for t in svc.tables()}:
            view = svc.private_view(info.id, P.user_id)
            if view.mode not in (Mode.TURN, Mode.CLAIM):
                await clock.run_next()  # the computers' turns, not timed
                continue
            t0 = time.perf_counter()
            await svc.act(info.id, P.user_id, view.hand_no, view.step, *_choice(view))
            samples.append((time.perf_counter() - t0) * 1000)
    await svc.close()
    return samples


async def _many_tables(tables: int, seconds: float) -> tuple[list[float], int]:
    svc = TableService(MemoryTables(), HandRenderer(), RealClock(),
                       TableSettings(computer_delay=0.05, turn_seconds=3600, claim_seconds=3600),
                       seed_factory=lambda: "bench")
    samples: list[float] = []
    ids = []
    for g in range(tables):
        info = await svc.create(g + 1, 1, P, "heyuan-jihu", {}, 1, 16)
        for _ in range(3):
            await svc.add_computer(info.id, P.user_id)
        ids.append(info.id)
    stop = time.perf_counter() + seconds

    async def person(tid: str) -> None:
        await svc.start(tid, P.user_id)
        while time.perf_counter() < stop and tid in svc._tables:
            try:
                view = svc.private_view(tid, P.user_id)
            except Exception:
                return
            if view.mode not in (Mode.TURN, Mode.CLAIM):
                await asyncio.sleep(0.01)
                continue
            t0 = time.perf_counter()
            await svc.act(tid, P.user_id, view.hand_no, view.step, *_choice(view))
            samples.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.02)  # a person's reaction, however quick

    await asyncio.gather(*(person(t) for t in ids))
    await svc.close()
    return samples, len(ids)


def run(quick: bool) -> list[Row]:
    clicks = 150 if quick else 1000
    single = asyncio.run(_one_table(MemoryTables(), clicks))
    p50, p99 = percentiles(single, 50, 99)
    rows = [
        Row("bot", "click → engine → hand re-rendered, p50", p50, "ms", better="lower"),
        Row("bot", "click → engine → hand re-rendered, p99", p99, "ms", better="lower",
            note="target < 30 ms"),
    ]

    async def sqlite() -> list[float]:
        from store import Store

        with tempfile.TemporaryDirectory() as d:
            store = await Store.open(Path(d) / "bench.db")
            try:
                return await _one_table(StoreTables(store), clicks // 3)
            finally:
                await store.close()

    s = asyncio.run(sqlite())
    rows.append(Row("bot", "click → hand, SQLite store (fsync), p99", percentiles(s, 99)[0], "ms",
                    better="lower"))
    many, n = asyncio.run(_many_tables(50 if quick else 200, 3.0 if quick else 10.0))
    m50, m99 = percentiles(many, 50, 99)
    rows += [
        Row("bot", f"{n} tables at once: click → hand, p50", m50, "ms", better="lower"),
        Row("bot", f"{n} tables at once: click → hand, p99", m99, "ms", better="lower",
            note=f"target < 100 ms; {len(many)} clicks"),
    ]
    return rows
