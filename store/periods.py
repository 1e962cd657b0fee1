"""Leaderboards and statistics over a period: today, this week, this month (UTC), this season,
all time.

The season and all-time boards are the ledger's own (balances, ``player_stats``). The shorter
periods add up ``hand_results`` from the period's first transaction on: the transaction ids
grow with time, so ``ledger_txns_by_time`` finds where the period starts and
``hand_results_by_guild`` walks the guild's hands from there.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from store.errors import InvalidInput
from store.ledger import current_season

PERIODS: tuple[str, ...] = ("today", "week", "month", "season", "all")


def period_start(period: str, now_ms: int) -> int | None:
    """The period's first millisecond (UTC; weeks start on Monday); None for season and all
    time, which are not cut by the clock."""
    if period not in PERIODS:
        raise InvalidInput(f"period must be one of {', '.join(PERIODS)}, not {period!r}")
    now = dt.datetime.fromtimestamp(now_ms / 1000, dt.UTC)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "today":
        start = day
    elif period == "week":
        start = day - dt.timedelta(days=day.weekday())
    elif period == "month":
        start = day.replace(day=1)
    else:
        return None
    return int(start.timestamp() * 1000)


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    user_id: int
    value: int  # chips won or lost in the period
    hands: int


@dataclass(frozen=True, slots=True)
class PeriodStats:
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    net: int
    average_win: float  # chips per won hand
    patterns: tuple[tuple[str, int], ...]  # (pattern id, wins), most first

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0


async def _first_txn(tx: Any, since_ms: int) -> int:
    row = await tx.fetchone("SELECT MIN(id) FROM ledger_txns WHERE created_at >= ?", (since_ms,))
    return int(row[0]) if row and row[0] is not None else 2**62


async def net_board(store: Any, guild_id: int, since_ms: int, limit: int = 10) -> list[BoardRow]:
    """Chips won in the guild's hands since ``since_ms``, most first."""
    if not 1 <= limit <= 100:
        raise InvalidInput(f"limit must be between 1 and 100, not {limit!r}")
    async with store.backend.read("reading a period leaderboard") as tx:
        first = await _first_txn(tx, since_ms)
        rows = await tx.fetchall(
            "SELECT a.user_id, SUM(r.net) AS n, COUNT(*) FROM hand_results r "
            "JOIN accounts a ON a.id = r.account_id "
            "WHERE r.guild_id = ? AND r.txn_id >= ? AND a.kind = 'user' "
            "GROUP BY a.user_id ORDER BY n DESC, a.user_id LIMIT ?",
            (guild_id, first, limit),
        )
    return [BoardRow(i + 1, int(u), int(n), int(h)) for i, (u, n, h) in enumerate(rows)]


async def period_stats(
    store: Any, guild_id: int, user_id: int, period: str, now_ms: int | None = None
) -> PeriodStats:
    """A person's hands in the guild over ``period``."""
    now = store.now_ms() if now_ms is None else now_ms
    since = period_start(period, now)
    async with store.backend.read("reading statistics") as tx:
        acc = await tx.fetchone(
            "SELECT id FROM accounts WHERE guild_id = ? AND kind = 'user' AND user_id = ?",
            (guild_id, user_id),
        )
        if acc is None:
            return PeriodStats(0, 0, 0, 0, 0, 0.0, ())
        where, params = "r.account_id = ?", [int(acc[0])]
        if since is not None:
            where += " AND r.txn_id >= ?"
            params.append(await _first_txn(tx, since))
        elif period == "season":
            where += " AND r.season = ?"
            params.append(await current_season(tx, guild_id))
        row = await tx.fetchone(
            "SELECT COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(SUM(r.self_draw), 0), "
            "COALESCE(SUM(r.dealt_in), 0), COALESCE(SUM(r.net), 0), "
            f"COALESCE(AVG(CASE WHEN r.won = 1 THEN r.net END), 0) FROM hand_results r WHERE {where}",
            params,
        )
        pats = await tx.fetchall(
            f"SELECT r.pattern, COUNT(*) AS n FROM hand_results r WHERE {where} AND r.won = 1 "
            "AND r.pattern IS NOT NULL GROUP BY r.pattern ORDER BY n DESC, r.pattern LIMIT 5",
            params,
        )
    assert row is not None
    return PeriodStats(int(row[0]), int(row[1]), int(row[2]), int(row[3]), int(row[4]),
                       float(row[5]), tuple((str(p), int(n)) for p, n in pats))
