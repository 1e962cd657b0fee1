"""Ratings in Discord: every ranked game updates them (``tables.rating``), ``/rank`` shows one
with a picture of its history.

A finished table is offered to ``on_finish`` by the table service; it is rated only when it was
ranked (a person in every seat, no computer, hints off — ``tables.text.ranked``; a leaver or a
seat a computer played for a whole hand forfeits, ``tables.rating.outcome``), in the server's
scope and the global one, in the pool of its seat count (a three-seat game moves three-seat
ratings only), once per game (the store keys the update by the table id). The new ratings are
posted in the table's channel. ``/rank`` and the rating leaderboard show one pool: four seats
unless the ``seats`` option names another.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from discord_io.botlike import BotLike, need_store
from discord_io.limits import clip
from discord_io.pacing import GLOBAL, sending
from discord_io.translator import L
from i18n.bot_text import bt
from tables import durable
from tables.errors import TableError
from tables.model import Status, TableInfo
from tables.rating import display, ordinal, outcome, update
from tables.records import BrokenRecord, TableResult, TableSnapshot
from tables.text import pool_name, ranked

if TYPE_CHECKING:
    from discord_io.client import MahjongBot
    from store import Store
    from tables.service import TableService

log = logging.getLogger("mahjong.cogs.rating")

SCOPES = [
    app_commands.Choice(name=L("scope.server"), value="server"),
    app_commands.Choice(name=L("scope.global"), value="global"),
]


def scope_id(scope: str, guild_id: int) -> int:
    from store.ratings import GLOBAL

    return GLOBAL if scope == "global" else guild_id


async def rate_table(store: Any, info: TableInfo, scores: tuple[int, ...]) -> list[str] | None:
    """Rate a finished table if it was ranked, in the pool of its seat count; the lines to
    announce (name, new rating, change) in seat order, or None when it was not ranked or was
    rated already."""
    from store.ratings import apply_game

    if not ranked(info):
        return None
    users = [s.user_id for s in info.seats if s is not None and s.user_id is not None]
    if len(users) != len(info.seats):
        return None
    # a person who left, or whose seat a computer played for a whole hand, forfeits: rated
    # last, and the game rates no one else (tables.rating.outcome)
    forfeits = [s is not None and (s.left or s.absent) for s in info.seats]
    ranks, rated = outcome(scores, forfeits)
    result = await apply_game(store, info.id, info.guild_id, users, ranks, update, ordinal,
                              rated)
    if result is None:
        return None
    lines = []
    for i, (before, after) in enumerate(result[info.guild_id]):
        if not rated[i]:
            continue
        old = display(before.ordinal) if before is not None else display(0.0)
        new = display(after.ordinal)
        lines.append(f"{info.name(i)} {new} ({new - old:+d})")
    return lines


# back-off of a rating the database refused at a table's end (seconds): longer than a move's,
# nobody waits on it
RATING_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
SWEEP_MS = 7 * 24 * 3600 * 1000  # look back a week for games a crash left unrated


async def rate_missed(store: Any) -> int:
    """Rate ranked tables that finished without being rated (the bot stopped between a table's
    end and its rating); returns how many were rated now."""
    from store.ratings import unrated_finished

    done = 0
    for tid, guild, meta, result in await unrated_finished(store, store.now_ms() - SWEEP_MS):
        try:
            snap = TableSnapshot.from_row(meta, f"table {tid}")
            done_with = TableResult.from_row(result, f"table {tid}: result")
        except BrokenRecord as exc:
            log.warning("%s: not rated", exc)
            continue
        seats = tuple(None if r is None else r.to_seat(i) for i, r in enumerate(snap.seats))
        scores = done_with.scores
        info = TableInfo(id=tid, guild_id=guild, channel_id=0, host_id=snap.host_id,
                         preset="", options=(), stake=snap.stake, hands=snap.hands,
                         status=Status.FINISHED, seats=seats, hints=snap.hints)
        if await rate_table(store, info, scores):
            log.info("table %s rated on start-up", tid)
            done += 1
    return done


class Rating(commands.Cog, name="Rating"):
    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot

    async def cog_load(self) -> None:
        # a bot that loads its cogs only to list the commands (no setup_hook) has neither
        # service nor store
        tables: TableService | None = getattr(self.bot, "tables", None)
        if tables is not None:
            tables.finish_listeners.append(self.on_finish)
        store: Store | None = getattr(self.bot, "store", None)
        if store is not None:
            await rate_missed(store)

    async def cog_unload(self) -> None:
        tables: TableService | None = getattr(self.bot, "tables", None)
        if tables is not None and self.on_finish in tables.finish_listeners:
            tables.finish_listeners.remove(self.on_finish)

    async def on_finish(self, info: TableInfo, scores: tuple[int, ...]) -> None:
        store = self.bot.store
        if store is None:
            return
        try:
            # the database may be busy right then: the rating waits for it a while (it is keyed
            # by the table, so a retry after a write that did go through rates nothing twice)
            lines = await durable.with_retries(lambda: rate_table(store, info, scores),
                                               f"rating table {info.id}", RATING_BACKOFF)
        except durable.StorageDown:
            log.warning("table %s: not rated now (the database refused); it is rated at the "
                        "next start", info.id)
            return
        if not lines:
            return
        transport = self.bot.transport
        loc = transport.locale_of(info)
        with sending(GLOBAL, "rating.updated"):  # once per rated game
            ch = await transport.channel(info.channel_id)
            await ch.send(content=clip(bt("rank.updated", loc, lines=" · ".join(lines),
                                          pool=pool_name(len(info.seats), loc))),
                          allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("cmd.rank"), description=L("cmd.rank.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("param.user"), scope=L("param.scope"), seats=L("param.seats"))
    @app_commands.describe(user=L("param.user.desc"), scope=L("param.scope.desc"),
                           seats=L("param.pool.desc"))
    @app_commands.choices(scope=SCOPES)
    async def rank(self, interaction: discord.Interaction, user: discord.Member | None = None,
                   scope: str = "server",
                   seats: app_commands.Range[int, 2, 7] | None = None) -> None:
        from store.ratings import FOUR, history, rating_of

        if interaction.guild_id is None:
            raise TableError("err.guild_only")
        who = user or interaction.user
        loc = str(interaction.locale.value)
        sid = scope_id(scope, interaction.guild_id)
        pool = seats or FOUR
        found = await rating_of(need_store(self.bot), sid, who.id, pool)
        if found is None:
            await interaction.response.send_message(
                bt("rank.none", loc, name=who.display_name, pool=pool_name(pool, loc)),
                ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        row, place, total = found
        points = [display(p.ordinal)
                  for p in await history(need_store(self.bot), sid, who.id, seats=pool)]
        title = bt("rank.title", loc, name=who.display_name, scope=bt(f"scope.{scope}", loc),
                   pool=pool_name(pool, loc))
        png = await asyncio.to_thread(_rank_png, title, points, loc)
        content = "**" + title + "**\n" + bt("rank.line", loc, rating=display(row.ordinal),
                                             rank=place, players=total, games=row.games)
        await interaction.followup.send(
            clip(content), file=discord.File(io.BytesIO(png), filename="rank.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _rank_png(title: str, points: list[int], locale: str) -> bytes:
    from render.draw import to_png
    from render.stats import rating_image

    return to_png(rating_image(title, points, locale))


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(Rating(bot))
