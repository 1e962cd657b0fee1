"""Read-side queries: balances, history, leaderboards, per-player statistics.

Every leaderboard is a walk down one index (see data/migrations/0001_*.sql): player balances
by ``accounts_by_balance``, the rest by the ``player_stats`` indexes, which the settlement keeps
up to date in its own transaction.  Season 0 in ``player_stats`` is "all time".
"""

from __future__ import annotations

from typing import Literal

from store.backend import Tx
from store.errors import InvalidInput
from store.ledger import current_season
from store.models import AccountRef, HistoryItem, LeaderRow, UserStats

Board = Literal["chips", "net", "win_rate", "best_hand"]
BOARDS: tuple[str, ...] = ("chips", "net", "win_rate", "best_hand")
MAX_LIMIT = 100


def _check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit must be between 1 and {MAX_LIMIT}, not {limit!r}")
    return limit


async def balance(tx: Tx, ref: AccountRef) -> int | None:
    kind = "house" if ref.is_house else "user"
    row = await tx.fetchone(
        "SELECT balance FROM accounts WHERE guild_id = ? AND kind = ? AND user_id = ?",
        (ref.guild_id, kind, ref.user_id or 0),
    )
    return int(row[0]) if row else None


async def history(
    tx: Tx, ref: AccountRef, limit: int = 20, before_txn: int | None = None
) -> list[HistoryItem]:
    _check_limit(limit)
    kind = "house" if ref.is_house else "user"
    row = await tx.fetchone(
        "SELECT id FROM accounts WHERE guild_id = ? AND kind = ? AND user_id = ?",
        (ref.guild_id, kind, ref.user_id or 0),
    )
    if row is None:
        return []
    rows = await tx.fetchall(
        "SELECT t.id, t.kind, t.created_at, SUM(e.amount), SUM(e.owed), t.game_id, t.hand_no, "
        "t.actor_id, t.reason, t.season "
        "FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id "
        "WHERE e.account_id = ? AND e.txn_id < ? "
        "GROUP BY t.id, t.kind, t.created_at, t.game_id, t.hand_no, t.actor_id, t.reason, t.season "
        "ORDER BY t.id DESC LIMIT ?",
        (int(row[0]), before_txn if before_txn is not None else 2**62, limit),
    )
    return [
        HistoryItem(
            txn_id=int(r[0]), kind=str(r[1]), created_at_ms=int(r[2]), amount=int(r[3]),
            owed=int(r[4]), game_id=r[5], hand_no=r[6], actor_id=r[7], reason=r[8],
            season=int(r[9]),
        )
        for r in rows
    ]


async def leaderboard(
    tx: Tx,
    guild_id: int,
    by: str,
    *,
    season: int | None = None,
    limit: int = 10,
    min_hands: int = 20,
) -> list[LeaderRow]:
    """Top ``limit`` players of a guild.  ``season`` None = all time (for chips: now);
    ``win_rate`` counts only players with at least ``min_hands`` hands."""
    if by not in BOARDS:
        raise InvalidInput(f"unknown leaderboard {by!r}; choose one of {', '.join(BOARDS)}")
    _check_limit(limit)
    if season is not None and (isinstance(season, bool) or not isinstance(season, int) or season < 1):
        raise InvalidInput(f"season must be a season number ≥ 1, not {season!r}")
    if by == "chips":
        if season is None or season == await current_season(tx, guild_id):
            rows = await tx.fetchall(
                "SELECT user_id, balance FROM accounts WHERE guild_id = ? AND kind = 'user' "
                "ORDER BY balance DESC, user_id LIMIT ?",
                (guild_id, limit),
            )
        else:
            rows = await tx.fetchall(
                "SELECT user_id, balance FROM season_standings WHERE guild_id = ? AND season = ? "
                "ORDER BY balance DESC, user_id LIMIT ?",
                (guild_id, season, limit),
            )
        return [LeaderRow(i + 1, int(u), int(v)) for i, (u, v) in enumerate(rows)]
    key = season or 0
    column, where, params = {
        "net": ("net", "", ()),
        "win_rate": ("win_rate", " AND hands >= ?", (min_hands,)),
        "best_hand": ("best_points", " AND best_points > 0", ()),
    }[by]
    rows = await tx.fetchall(
        f"SELECT user_id, {column}, hands, wins, best_pattern FROM player_stats "
        f"WHERE guild_id = ? AND season = ?{where} ORDER BY {column} DESC, user_id LIMIT ?",
        (guild_id, key, *params, limit),
    )
    return [
        LeaderRow(i + 1, int(u), int(v), int(h), int(w), p if by == "best_hand" else None)
        for i, (u, v, h, w, p) in enumerate(rows)
    ]


async def user_stats(tx: Tx, ref: AccountRef, season: int | None = None) -> UserStats:
    if ref.is_house:
        raise InvalidInput("statistics are kept for players, not the house account")
    bal = await balance(tx, ref)
    row = await tx.fetchone(
        "SELECT s.games, s.hands, s.wins, s.self_draws, s.deal_ins, s.net, s.best_points, "
        "s.best_pattern FROM player_stats s JOIN accounts a ON a.id = s.account_id "
        "WHERE a.guild_id = ? AND a.kind = 'user' AND a.user_id = ? AND s.season = ?",
        (ref.guild_id, ref.user_id, season or 0),
    )
    g, h, w, sd, di, net, bp, pat = row if row else (0, 0, 0, 0, 0, 0, 0, None)
    return UserStats(
        user_id=int(ref.user_id or 0), season=season or 0, balance=bal or 0, games=int(g),
        hands=int(h), wins=int(w), self_draws=int(sd), deal_ins=int(di), net=int(net),
        best_points=int(bp), best_pattern=pat,
    )


async def verify_books(tx: Tx, max_problems: int = 20) -> list[str]:
    """Every problem found: transactions not summing to zero, balances not equal to their
    entries, players below zero."""
    problems: list[str] = []
    for txn_id, total in await tx.fetchall(
        "SELECT txn_id, SUM(amount) FROM ledger_entries GROUP BY txn_id HAVING SUM(amount) <> 0 "
        "ORDER BY txn_id LIMIT ?",
        (max_problems,),
    ):
        problems.append(f"ledger transaction {txn_id} sums to {total}, not 0")
    for acc_id, bal, total in await tx.fetchall(
        "SELECT a.id, a.balance, COALESCE(s.total, 0) FROM accounts a LEFT JOIN "
        "(SELECT account_id, SUM(amount) AS total FROM ledger_entries GROUP BY account_id) s "
        "ON s.account_id = a.id WHERE a.balance <> COALESCE(s.total, 0) ORDER BY a.id LIMIT ?",
        (max_problems,),
    ):
        problems.append(f"account {acc_id} has balance {bal} but its entries sum to {total}")
    for acc_id, bal in await tx.fetchall(
        "SELECT id, balance FROM accounts WHERE kind = 'user' AND balance < 0 LIMIT ?",
        (max_problems,),
    ):
        problems.append(f"player account {acc_id} is below zero ({bal})")
    return problems[:max_problems]


async def guild_totals(tx: Tx, guild_id: int) -> dict[str, int]:
    """Sums of balances by account kind (users, house, mint) of one guild."""
    rows = await tx.fetchall(
        "SELECT kind, COALESCE(SUM(balance), 0) FROM accounts WHERE guild_id = ? GROUP BY kind",
        (guild_id,),
    )
    out = {"user": 0, "house": 0, "mint": 0}
    for kind, total in rows:
        out[str(kind)] = int(total)
    return out
