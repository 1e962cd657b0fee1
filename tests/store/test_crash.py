"""Crash test: a child process settling hands is killed with SIGKILL at random moments, many
times (on SQLite and on PostgreSQL); after each restart every hand is settled fully or not
at all, and none twice."""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from store import Store, StoreSettings
from tests.store.crash_child import EVENTS_PER_HAND, GUILD, SEATS, START, TABLE, hand

ROOT = Path(__file__).resolve().parents[2]
# fewer on PostgreSQL, where each restart also opens a connection pool; and a longer life
# there, as each settlement is a few network round trips (slower still on a loaded machine)
KILLS = {"sqlite": 30, "postgresql": 12}
LIFE_SECONDS = {"sqlite": (0.005, 0.2), "postgresql": (0.02, 0.5)}


def expected_balances(hands: int) -> dict:
    """Replay hands 0..hands-1 with payers paying what they have."""
    bal = {ref: (0 if ref.is_house else START) for ref in SEATS}
    for h in range(hands):
        s = hand(h)
        for p in s.payments:
            payer, payee = SEATS[p.payer], SEATS[p.payee]
            paid = p.amount if payer.is_house else min(p.amount, bal[payer])
            bal[payer] -= paid
            bal[payee] += paid
    return bal


async def check(settings: StoreSettings) -> int:
    """Open like a restarted bot would (migrations, books verified) and check every hand."""
    store = await Store.open(settings=settings)
    try:
        try:
            events = await store.load_events(TABLE)
        except Exception:  # killed before the table was created
            events = []

        async def rows(tx):
            per_hand = await tx.fetchall(
                "SELECT hand_no, COUNT(*) FROM ledger_txns WHERE game_id = ? GROUP BY hand_no "
                "ORDER BY hand_no", (TABLE,))
            entries = await tx.fetchall(
                "SELECT t.hand_no, COUNT(e.line) FROM ledger_txns t LEFT JOIN ledger_entries e "
                "ON e.txn_id = t.id WHERE t.game_id = ? GROUP BY t.hand_no ORDER BY t.hand_no", (TABLE,))
            results = await tx.fetchall(
                "SELECT hand_no, COUNT(*) FROM hand_results WHERE game_id = ? GROUP BY hand_no "
                "ORDER BY hand_no", (TABLE,))
            return per_hand, entries, results

        per_hand, entries, results = await store.run_read(rows)
        finals = [e["hand"] for e in events if e["type"] == "hand_end"]
        settled = len(finals)
        # the final events are exactly hands 0..n-1, each once, and each has its settlement
        assert finals == list(range(settled))
        assert per_hand == [(h, 1) for h in range(settled)]
        assert entries == [(h, 2 * len(hand(h).payments)) for h in range(settled)]
        assert results == [(h, 3) for h in range(settled)]
        # the log is whole: hands ended are followed only by the next hand's draws
        assert len(events) in range(settled * EVENTS_PER_HAND, settled * EVENTS_PER_HAND + EVENTS_PER_HAND)
        want = expected_balances(settled)
        assert {ref: await store.balance(ref) for ref in SEATS} == want
        totals = await store.guild_totals(GUILD)
        assert totals["user"] + totals["house"] == 3 * START == -totals["mint"]
        return settled
    finally:
        await store.close()


async def test_sigkill_at_random_moments_never_half_settles_or_pays_twice(
    settings: StoreSettings, backend: str
):
    settings = dataclasses.replace(settings, starting_chips=START)
    path = settings.path
    rng = random.Random(20250301)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("MAHJONG_DATABASE_URL", None)
    env.pop("MAHJONG_DATABASE_SCHEMA", None)
    if settings.database_url:
        env |= {"MAHJONG_DATABASE_URL": settings.database_url,
                "MAHJONG_DATABASE_SCHEMA": settings.database_schema or ""}
    kills = KILLS[backend]
    progress = []
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_child", path],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert child.stdout is not None
        line = child.stdout.readline()
        if line.strip() != "ready":
            child.kill()
            raise AssertionError(f"child did not start: {line!r} {child.stderr.read() if child.stderr else ''}")
        time.sleep(rng.uniform(*LIFE_SECONDS[backend]))
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL, child.stderr.read() if child.stderr else ""
        if child.stderr:
            child.stderr.close()
        child.stdout.close()
        progress.append(await check(settings))
    print("hands settled after each kill:", progress)
    assert progress == sorted(progress)  # nothing committed was ever lost
    assert progress[-1] > kills  # and the child really was settling hands when killed
