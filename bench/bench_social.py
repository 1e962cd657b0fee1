"""Replays and ratings: a 100-action replay drawn as an animation and step by step, and a
rating update among 100,000 rated players (the openskill math alone, and through the store)."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench import Row, median
from engine.events import Event


def _long_hand(actions: int) -> list[Event]:
    """The first finished hand of at least ``actions`` discards, calls, kongs and wins among
    seeded games of random players (who rarely win, so hands go to the end of the wall)."""
    from engine.events import Called, Discarded, Konged, Won
    from engine.match import Match
    from engine.players import get_player
    from engine.players.autoplay import play_match
    from engine.rules import get_rules
    from render.replay import hand_events

    best: list[Event] = []
    for seed in range(40):
        players = [get_player("random", f"b{seed}/{i}") for i in range(4)]
        m = play_match(Match.start(get_rules("guangdong"), f"bench-{seed}", hands_limit=2),
                       players)
        for n in range(2):
            try:
                ev = hand_events(m.events, n)
            except Exception:
                continue
            count = sum(isinstance(e, (Discarded, Called, Konged, Won)) for e in ev)
            if count >= actions:
                return ev
            if count > len(best):
                best = ev
    return best


def _replay_rows(quick: bool) -> list[Row]:
    from engine.events import Called, Discarded, Konged, Won
    from render.replay import animate, frame_png, replay_frames
    from render.replay_step import replay_frame

    events = _long_hand(100)
    acts = sum(isinstance(e, (Discarded, Called, Konged, Won)) for e in events)
    if acts < 100:
        raise RuntimeError(f"no seeded hand of 100 actions (longest {acts})")
    note = f"{acts} actions, {acts + 3} frames"
    rows = []
    repeats = 1 if quick else 3
    t_frames, t_gif, t_apng = [], [], []
    gif = apng = b""
    for _ in range(repeats):
        t0 = time.perf_counter()
        frames = replay_frames(events, ["Ann", "Bo", "Chen", "Dee"], locale="zh-Hans")
        t1 = time.perf_counter()
        gif = animate(frames, "gif")
        t2 = time.perf_counter()
        apng = animate(frames, "apng")
        t3 = time.perf_counter()
        t_frames.append((t1 - t0) * 1000)
        t_gif.append((t2 - t1) * 1000)
        t_apng.append((t3 - t2) * 1000)
    rows.append(Row("replay", "replay frames drawn (all)", median(t_frames), "ms", better="lower",
                    note=note))
    rows.append(Row("replay", "replay GIF encoded (720 px)", median(t_gif), "ms", better="lower",
                    note=f"{len(gif) / 1024:.0f} KB; Discord's limit 10 MB"))
    rows.append(Row("replay", "replay APNG encoded (720 px)", median(t_apng), "ms",
                    better="lower", note=f"{len(apng) / 1024:.0f} KB"))
    steps = []
    rng = random.Random(1)
    for _ in range(5 if quick else 20):
        k = rng.randint(1, acts + 3)
        t0 = time.perf_counter()
        frame_png(replay_frame(events, k, ["Ann", "Bo", "Chen", "Dee"], locale="zh-Hans"), 720)
        steps.append((time.perf_counter() - t0) * 1000)
    rows.append(Row("replay", "one step frame (PNG, a button press)", median(steps), "ms",
                    better="lower", note="drawn alone from the events"))
    return rows


def _rating_rows(quick: bool) -> list[Row]:
    from tables.rating import update

    players = 10_000 if quick else 100_000
    rng = random.Random(7)
    pool = [(25.0 + rng.gauss(0, 3), 8.333 * rng.uniform(0.3, 1.0)) for _ in range(players)]
    games = players // 4
    order = list(range(players))
    rng.shuffle(order)
    t0 = time.perf_counter()
    for g in range(games):
        idx = order[4 * g: 4 * g + 4]
        new = update([pool[i] for i in idx], [1, 2, 3, 4])
        for i, pair in zip(idx, new, strict=True):
            pool[i] = pair
    elapsed = time.perf_counter() - t0
    rows = [Row("rating", f"openskill updates, {players:,} players in 4s", games / elapsed,
                "/s", note=f"{games:,} games; Weng-Lin Plackett-Luce")]
    rows += asyncio.run(_store_rows(pool, quick))
    return rows


async def _store_rows(pool: list[tuple[float, float]], quick: bool) -> list[Row]:
    from store import Store
    from store.ratings import apply_game, rating_of, top
    from tables.rating import ordinal as ord_fn
    from tables.rating import places, update

    guild = 1
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "ratings.db")
        try:
            async with store.backend.write("bench ratings") as tx:
                await tx.executemany(
                    "INSERT INTO ratings (scope, user_id, mu, sigma, ordinal, games, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 1, 0)",
                    [(scope, u + 1, mu, s, ord_fn(mu, s))
                     for scope in (guild, 0) for u, (mu, s) in enumerate(pool)],
                )
            n = 20 if quick else 100
            rng = random.Random(3)
            lat = []
            for g in range(n):
                users = rng.sample(range(1, len(pool) + 1), 4)
                t0 = time.perf_counter()
                await apply_game(store, f"g{g}", guild, users, places([rng.randint(-50, 50)
                                 for _ in range(4)]), update, ord_fn)
                lat.append((time.perf_counter() - t0) * 1000)
            ranks = []
            for _ in range(n):
                t0 = time.perf_counter()
                await rating_of(store, guild, rng.randint(1, len(pool)))
                ranks.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            await top(store, guild, 10)
            board = (time.perf_counter() - t0) * 1000
        finally:
            await store.close()
    players = f"{len(pool):,} rated players"
    return [
        Row("rating", "rated game stored (server + global)", median(lat), "ms", better="lower",
            note=f"{players}; one SQLite transaction"),
        Row("rating", "/rank lookup with place", median(ranks), "ms", better="lower",
            note=players),
        Row("rating", "rating leaderboard top 10", board, "ms", better="lower", note=players),
    ]


def run(quick: bool) -> list[Row]:
    return _replay_rows(quick) + _rating_rows(quick)
