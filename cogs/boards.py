"""``/leaderboard [period] [by] [seats]``: chips (with each player's rating beside them) or
ratings, over today, this week, this month, this season or all time; text and a picture.

Chips this season are the balances; all time, the net chips of every season; today, this week
and this month (UTC), the net chips of the hands played since (``store.periods``). The rating
board is the server's rating (``store.ratings``), which has no period, in one pool: the
four-seat tables' unless ``seats`` names another count (the ratings beside the chips too).
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from discord_io.botlike import BotLike
from discord_io.limits import clip
from discord_io.pacing import GLOBAL, sending
from i18n.bot_text import bt
from tables.rating import display
from tables.text import pool_name


async def board_rows(store: Any, guild_id: int, period: str, by: str, seats: int = 4
                     ) -> list[tuple[int, int, int, int | None]]:
    """(rank, user id, value, side value): chips and rating, or rating and games; ratings
    from the pool of ``seats``."""
    from store.periods import net_board, period_start
    from store.ratings import ratings_for, top

    if by == "rating":
        return [(i + 1, r.user_id, display(r.ordinal), r.games)
                for i, r in enumerate(await top(store, guild_id, 10, seats))]
    since = period_start(period, store.now_ms())
    if since is not None:
        rows = [(r.rank, r.user_id, r.value) for r in await net_board(store, guild_id, since)]
    elif period == "all":
        rows = [(r.rank, r.user_id, r.value)
                for r in await store.leaderboard(guild_id, "net", season=None, limit=10)]
    else:
        rows = [(r.rank, r.user_id, r.value)
                for r in await store.leaderboard(guild_id, "chips", limit=10)]
    ratings = await ratings_for(store, guild_id, [u for _, u, _ in rows], seats)
    return [(rank, u, v, display(ratings[u].ordinal) if u in ratings else None)
            for rank, u, v in rows]


async def display_name(bot: BotLike, interaction: discord.Interaction, user_id: int) -> str:
    """A name to draw: the member's (when cached), the user's (cached, else one REST call),
    else the mention (Discord shows it as the name in text)."""
    member = interaction.guild.get_member(user_id) if interaction.guild else None
    if member is not None:
        return str(member.display_name)
    user = bot.get_user(user_id)
    if user is None:
        try:
            with sending(GLOBAL, "boards.name"):  # GET /users/{id}: only for the uncached
                user = await bot.fetch_user(user_id)
        except (discord.HTTPException, KeyError):
            user = None
    return str(getattr(user, "display_name", None) or f"<@{user_id}>")


async def leaderboard_command(bot: BotLike, interaction: discord.Interaction, period: str,
                              by: str, seats: int = 4) -> None:
    guild_id = interaction.guild_id
    assert guild_id is not None
    await interaction.response.defer(thinking=True)
    rows = await board_rows(bot.store, guild_id, period, by, seats)
    loc = str(interaction.locale.value)
    names = [await display_name(bot, interaction, uid) for _, uid, _, _ in rows]
    if by == "rating":
        title = bt("leaderboard.rating_title", loc, scope=bt("scope.server", loc),
                   pool=pool_name(seats, loc))
        lines = [bt("leaderboard.rating_row", loc, rank=r, name=n, rating=v, games=g)
                 for (r, _, v, g), n in zip(rows, names, strict=True)]
        columns = ("render.stats.rating_col", "render.stats.games_col")
    else:
        title = bt("leaderboard.title", loc, period=bt(f"period.{period}", loc))
        lines = [
            bt("leaderboard.row", loc, rank=r, name=n, chips=v) if s is None
            else bt("leaderboard.with_rating", loc, rank=r, name=n, chips=v, rating=s)
            for (r, _, v, s), n in zip(rows, names, strict=True)
        ]
        columns = ("render.chips" if period == "season" else "render.stats.net",
                   "render.stats.rating_col")
    text = "\n".join(["**" + title + "**", *(lines or [bt("leaderboard.empty", loc)])])
    files = []
    if rows:
        png = await asyncio.to_thread(_png, title, columns,
                                      [(r, n, v, s) for (r, _, v, s), n in zip(rows, names,
                                                                                strict=True)], loc)
        files.append(discord.File(io.BytesIO(png), filename="leaderboard.png"))
    await interaction.followup.send(clip(text), files=files,
                                    allowed_mentions=discord.AllowedMentions.none())


def _png(title: str, columns: tuple[str, str], rows: list[tuple[int, str, int, int | None]],
         locale: str) -> bytes:
    from render.draw import to_png
    from render.stats import board_image

    return to_png(board_image(title, columns, rows, locale))
