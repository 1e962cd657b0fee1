"""Per-seat hand results and per-player statistics, written in the settlement's own
transaction (so leaderboards never disagree with the ledger).  Called by
:func:`store.ledger.settle`; the read side is :mod:`store.queries`.
"""

from __future__ import annotations

from collections.abc import Sequence

from store.backend import Tx
from store.ledger_rules import Account
from store.models import AccountRef, HandStats


async def record_stats(
    tx: Tx,
    *,
    kind: str,
    game_id: str,
    hand_no: int,
    guild_id: int,
    season: int,
    txn_id: int,
    seat_accounts: Sequence[AccountRef],
    accounts: dict[AccountRef, Account],
    deltas: Sequence[int],
    stats: HandStats | None,
) -> None:
    """Per-seat hand results and the running per-player statistics (players only)."""
    seats = [(i, r, accounts[r]) for i, r in enumerate(seat_accounts) if not r.is_house]
    if not seats:
        return
    is_hand = kind == "hand_settlement"
    st = stats or HandStats()
    rows = []
    for i, _ref, acc in seats:
        won = i in st.winners
        rows.append((
            i, acc, int(won), int(won and st.self_draw), int(st.deal_in_seat == i),
            st.points if won else 0, st.pattern if won else None, deltas[i],
        ))
    if is_hand:
        await tx.executemany(
            "INSERT INTO hand_results (game_id, hand_no, seat, txn_id, account_id, guild_id, "
            "season, won, self_draw, dealt_in, points, pattern, net) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, hand_no, i, txn_id, acc.id, guild_id, season, w, s, d, pts, pat, net)
             for i, acc, w, s, d, pts, pat, net in rows],
        )
    ids = [acc.id for _i, _r, acc in seats]
    marks = ", ".join("?" for _ in ids)
    known = {
        int(r[0])
        for r in await tx.fetchall(
            f"SELECT account_id FROM game_players WHERE game_id = ? AND account_id IN ({marks})",
            (game_id, *ids),
        )
    }
    new_game = [i for i in ids if i not in known]
    if new_game:
        await tx.executemany(
            "INSERT INTO game_players (game_id, account_id) VALUES (?, ?)",
            [(game_id, i) for i in new_game],
        )
    upserts = []
    for _i, acc, w, s, d, pts, pat, net in rows:
        games = int(acc.id in new_game)
        hands = int(is_hand)
        for season_key in (season, 0):
            upserts.append((
                acc.id, season_key, guild_id, acc.user_id, games, hands, w, s, d, net,
                w * 1_000_000 // hands if hands else 0, pts, pat,
            ))
    await tx.executemany(
        "INSERT INTO player_stats (account_id, season, guild_id, user_id, games, hands, wins, "
        "self_draws, deal_ins, net, win_rate, best_points, best_pattern) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (account_id, season) DO UPDATE SET "
        "games = player_stats.games + excluded.games, "
        "hands = player_stats.hands + excluded.hands, "
        "wins = player_stats.wins + excluded.wins, "
        "self_draws = player_stats.self_draws + excluded.self_draws, "
        "deal_ins = player_stats.deal_ins + excluded.deal_ins, "
        "net = player_stats.net + excluded.net, "
        "win_rate = CASE WHEN player_stats.hands + excluded.hands > 0 "
        "THEN (player_stats.wins + excluded.wins) * 1000000 "
        "/ (player_stats.hands + excluded.hands) ELSE 0 END, "
        "best_pattern = CASE WHEN excluded.best_points > player_stats.best_points "
        "THEN excluded.best_pattern ELSE player_stats.best_pattern END, "
        "best_points = CASE WHEN excluded.best_points > player_stats.best_points "
        "THEN excluded.best_points ELSE player_stats.best_points END",
        upserts,
    )
