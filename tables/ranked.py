"""Whether a table is ranked, and its rating pool in words (the lobby and the results say
both; ``store.ratings`` keeps one pool per seat count)."""

from __future__ import annotations

from i18n.bot_text import bt
from tables.model import TableInfo


def ranked(info: TableInfo) -> bool:
    """A ranked table: a person in every seat (no computer) and no hints, at any seat count
    (2 to 7). Ratings compare players of equal seat counts only: the game is rated in the
    pool of its seat count (``store.ratings``; openskill's Plackett-Luce rates any number of
    one-player teams by their places, see docs/discord.md, "Ratings")."""
    return (2 <= len(info.seats) <= 7 and not info.hints
            and all(s is not None and s.user_id is not None for s in info.seats))


def pool_name(seats: int, locale: object) -> str:
    """A rating pool in words: "3-seat tables" / 3 人桌."""
    return bt("rank.pool", locale, n=seats)
