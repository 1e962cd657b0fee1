"""A player's recent hands (for the replay command's autocomplete) and the hints they used.

Reads ``hand_results`` (one row per person's seat per settled hand) with its transaction's
time; hint uses live in ``hint_uses`` (migration 0003), one row per person and hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from store.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class RecentHand:
    game_id: str
    hand_no: int  # 0-based, as in the events
    net: int  # chips this person won or lost in the hand
    created_at_ms: int
    hinted: bool = False


async def recent_hands(store: Any, guild_id: int, user_id: int, limit: int = 25) -> list[RecentHand]:
    """The person's last ``limit`` settled hands in the guild, newest first."""
    if not 1 <= limit <= 100:
        raise InvalidInput(f"limit must be between 1 and 100, not {limit!r}")
    async with store.backend.read("reading recent hands") as tx:
        rows = await tx.fetchall(
            "SELECT r.game_id, r.hand_no, r.net, t.created_at, "
            "(SELECT COUNT(*) FROM hint_uses h WHERE h.game_id = r.game_id "
            " AND h.hand_no = r.hand_no AND h.user_id = a.user_id) "
            "FROM hand_results r JOIN accounts a ON a.id = r.account_id "
            "JOIN ledger_txns t ON t.id = r.txn_id "
            "WHERE a.guild_id = ? AND a.kind = 'user' AND a.user_id = ? "
            "ORDER BY r.txn_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
    return [RecentHand(str(r[0]), int(r[1]), int(r[2]), int(r[3]), bool(r[4])) for r in rows]


async def mark_hinted(store: Any, game_id: str, hand_no: int, user_id: int) -> bool:
    """Record that ``user_id`` asked for a hint in this hand; True the first time."""
    async with store.backend.write("recording a hint") as tx:
        n = await tx.execute(
            "INSERT INTO hint_uses (game_id, hand_no, user_id, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, hand_no, user_id) DO NOTHING",
            (game_id, hand_no, user_id, store.now_ms()),
        )
    return n > 0


async def hinted_hands(store: Any, game_id: str) -> set[tuple[int, int]]:
    """(hand_no, user_id) of every hinted hand of a table."""
    async with store.backend.read("reading hint uses") as tx:
        rows = await tx.fetchall(
            "SELECT hand_no, user_id FROM hint_uses WHERE game_id = ?", (game_id,)
        )
    return {(int(h), int(u)) for h, u in rows}


async def hinted_by(store: Any, user_id: int, game_ids: list[str]) -> set[tuple[str, int]]:
    """(game_id, hand_no) of the hands among these tables in which the person asked for a hint."""
    ids = sorted(set(game_ids))[:100]
    if not ids:
        return set()
    marks = ", ".join("?" for _ in ids)
    async with store.backend.read("reading hint uses") as tx:
        rows = await tx.fetchall(
            f"SELECT game_id, hand_no FROM hint_uses WHERE user_id = ? AND game_id IN ({marks})",
            (user_id, *ids),
        )
    return {(str(g), int(h)) for g, h in rows}
