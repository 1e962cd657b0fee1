"""Skill ratings in the store: per guild (scope = guild id) and across guilds (scope 0), and
in each scope one pool per seat count (``seats``, 2 to 7; a four-seat table's pool is the one
kept since ratings began): a player's places are compared only with tables of their size.

``apply_game`` reads the players' ratings in the table's pool, asks the caller's ``update`` for the new ones
(the math lives in ``tables.rating``: the store only keeps numbers) and writes them with one
history row each, all in one transaction keyed by the game id, so a game is rated once even
if the update is retried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from store.errors import InvalidInput

GLOBAL = 0  # the scope of the rating across servers
FOUR = 4  # the pool shown when none is asked for
SEAT_COUNTS = range(2, 8)  # the pools there can be (Sichuan plays 2 to 7 seats)

Pair = tuple[float, float]  # (mu, sigma)


@dataclass(frozen=True, slots=True)
class RatingRow:
    scope: int
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    seats: int = FOUR


@dataclass(frozen=True, slots=True)
class RatingPoint:
    game_id: str
    ordinal: float
    place: int
    created_at_ms: int


async def apply_game(
    store: Any,
    game_id: str,
    guild_id: int,
    users: Sequence[int],
    places: Sequence[int],
    update: Callable[[list[Pair | None], list[int]], list[Pair]],
    ordinal: Callable[[float, float], float],
    rated: Sequence[bool] | None = None,
) -> dict[int, list[tuple[RatingRow | None, RatingRow]]] | None:
    """Rate one finished game in the guild's scope and the global one, in the pool of its
    seat count (one seat per player). Returns, per scope, (before, after) per player in seat
    order; None if this game was rated already. ``rated``: which players' new ratings are
    written (all by default); the others are only rated against (their rows stay as they
    were, and are returned unchanged)."""
    if len(users) != len(places) or len(set(users)) != len(users) or len(users) < 2:
        raise InvalidInput("a rated game needs distinct players, one place each")
    seats = len(users)
    if seats not in SEAT_COUNTS or not all(1 <= p <= seats for p in places):
        raise InvalidInput("a rated game has 2 to 7 players, each placed 1 to their count")
    keep = list(rated) if rated is not None else [True] * len(users)
    if len(keep) != len(users) or not any(keep):
        raise InvalidInput("a rated game rates at least one of its players")
    now = store.now_ms()
    out: dict[int, list[tuple[RatingRow | None, RatingRow]]] = {}
    async with store.backend.write(f"rating {game_id}") as tx:
        # ratings are read, updated and written back, the global scope shared by every guild:
        # one rating at a time (SQLite's writer is exclusive anyway; PostgreSQL needs the lock)
        await tx.lock("ratings")
        done = await tx.fetchone(
            "SELECT 1 FROM rating_history WHERE game_id = ? LIMIT 1", (game_id,)
        )
        if done:
            return None
        for scope in (guild_id, GLOBAL):
            before: list[RatingRow | None] = []
            for u in users:
                row = await tx.fetchone(
                    "SELECT mu, sigma, ordinal, games FROM ratings "
                    "WHERE scope = ? AND seats = ? AND user_id = ?",
                    (scope, seats, u),
                )
                before.append(None if row is None else RatingRow(
                    scope, u, float(row[0]), float(row[1]), float(row[2]), int(row[3]), seats))
            new = update([None if b is None else (b.mu, b.sigma) for b in before], list(places))
            pairs = []
            for u, b, (mu, sigma), place, write in zip(users, before, new, places, keep,
                                                        strict=True):
                if not write:
                    pairs.append((b, b if b is not None
                                  else RatingRow(scope, u, 0.0, 0.0, 0.0, 0, seats)))
                    continue
                o = ordinal(mu, sigma)
                games = (b.games if b is not None else 0) + 1
                await tx.execute(
                    "INSERT INTO ratings (scope, seats, user_id, mu, sigma, ordinal, games, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (scope, seats, user_id) DO UPDATE SET "
                    "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
                    "games = excluded.games, updated_at = excluded.updated_at",
                    (scope, seats, u, mu, sigma, o, games, now),
                )
                await tx.execute(
                    "INSERT INTO rating_history (scope, seats, user_id, game_id, mu, sigma, "
                    "ordinal, place, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (scope, seats, u, game_id, mu, sigma, o, place, now),
                )
                pairs.append((b, RatingRow(scope, u, mu, sigma, o, games, seats)))
            out[scope] = pairs
    return out


async def rating_of(store: Any, scope: int, user_id: int, seats: int = FOUR
                    ) -> tuple[RatingRow, int, int] | None:
    """(rating, its rank in the scope's pool of ``seats``, players rated in that pool), or
    None if unrated there."""
    async with store.backend.read("reading a rating") as tx:
        row = await tx.fetchone(
            "SELECT mu, sigma, ordinal, games FROM ratings "
            "WHERE scope = ? AND seats = ? AND user_id = ?",
            (scope, seats, user_id),
        )
        if row is None:
            return None
        above = await tx.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE scope = ? AND seats = ? AND ordinal > ?",
            (scope, seats, row[2]),
        )
        total = await tx.fetchone("SELECT COUNT(*) FROM ratings WHERE scope = ? AND seats = ?",
                                  (scope, seats))
    r = RatingRow(scope, user_id, float(row[0]), float(row[1]), float(row[2]), int(row[3]),
                  seats)
    return r, int(above[0]) + 1 if above else 1, int(total[0]) if total else 1


async def history(store: Any, scope: int, user_id: int, limit: int = 200,
                  seats: int = FOUR) -> list[RatingPoint]:
    """The person's rating after each ranked game of the pool, oldest first (the last
    ``limit``)."""
    async with store.backend.read("reading rating history") as tx:
        rows = await tx.fetchall(
            "SELECT game_id, ordinal, place, created_at FROM rating_history "
            "WHERE scope = ? AND seats = ? AND user_id = ? "
            "ORDER BY created_at DESC, game_id DESC LIMIT ?",
            (scope, seats, user_id, limit),
        )
    return [RatingPoint(str(g), float(o), int(p), int(c)) for g, o, p, c in reversed(rows)]


async def top(store: Any, scope: int, limit: int = 10, seats: int = FOUR) -> list[RatingRow]:
    """The best ``limit`` ratings of a scope's pool (a walk down ``ratings_by_ordinal``)."""
    async with store.backend.read("reading the rating leaderboard") as tx:
        rows = await tx.fetchall(
            "SELECT user_id, mu, sigma, ordinal, games FROM ratings WHERE scope = ? AND seats = ? "
            "ORDER BY ordinal DESC, user_id LIMIT ?",
            (scope, seats, limit),
        )
    return [RatingRow(scope, int(u), float(m), float(s), float(o), int(g), seats)
            for u, m, s, o, g in rows]


async def ratings_for(store: Any, scope: int, users: Sequence[int], seats: int = FOUR
                      ) -> dict[int, RatingRow]:
    """The ratings of these people in the scope's pool (the unrated are left out)."""
    ids = sorted(set(users))[:100]
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    async with store.backend.read("reading ratings") as tx:
        rows = await tx.fetchall(
            f"SELECT user_id, mu, sigma, ordinal, games FROM ratings WHERE scope = ? "
            f"AND seats = ? AND user_id IN ({marks})",
            (scope, seats, *ids),
        )
    return {int(u): RatingRow(scope, int(u), float(m), float(s), float(o), int(g), seats)
            for u, m, s, o, g in rows}


async def unrated_finished(store: Any, since_ms: int) -> list[tuple[str, int, Any, Any]]:
    """(table id, guild id, seats JSON, result JSON) of tables finished since ``since_ms`` that
    have no rating yet (ranked or not: the caller decides), oldest first."""
    import json

    async with store.backend.read("finding unrated tables") as tx:
        rows = await tx.fetchall(
            "SELECT t.id, t.guild_id, t.seats, t.result FROM game_tables t "
            "WHERE t.status = 'finished' AND t.finished_at >= ? AND NOT EXISTS "
            "(SELECT 1 FROM rating_history h WHERE h.game_id = t.id) ORDER BY t.finished_at",
            (since_ms,),
        )
    out = []
    for tid, guild, seats, result in rows:
        try:
            out.append((str(tid), int(guild), json.loads(seats), json.loads(result or "null")))
        except ValueError:
            continue
    return out
