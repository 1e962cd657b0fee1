"""``/mahjong watch``: spectators. A watcher gets the table's living picture in a DM — the same
public view the channel's table message is drawn from (``PublicView``: never a concealed tile;
a concealed kong face down) — edited as the game goes, and the table message counts them.

Watchers are kept in memory by the transport (a restart forgets them; their old **Stop
watching** buttons, ``mjw:<table>:stop`` DynamicItems, then answer that they are not watching).
When the table's final picture has been shown, its watchers are let go.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any, cast

import discord
from discord import app_commands

from discord_io.botlike import BotLike, bot_of
from discord_io.limits import MAX_AUTOCOMPLETE, clip
from discord_io.pacing import GLOBAL, INTERACTION, sending
from i18n.bot_text import bt
from tables.errors import TableError
from tables.model import PublicView, Status, TableInfo
from tables.text import rules_name, table_text

log = logging.getLogger("mahjong.cogs.game.watch")

WATCH_TEMPLATE = r"mjw:(?P<table>[0-9a-z]{1,16}):(?P<code>stop)"


class Spectators:
    """Who watches which table, and their living DM message."""

    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot
        # table id -> user id -> (locale, DM message or None before the first send)
        self.watchers: dict[str, dict[int, tuple[str, Any]]] = {}

    def count(self, table_id: str) -> int:
        return len(self.watchers.get(table_id, {}))

    def count_line(self, table_id: str, locale: object) -> str:
        n = self.count(table_id)
        return "\n" + bt("watch.count", locale, n=n) if n else ""

    def add(self, table_id: str, user_id: int, locale: str) -> None:
        self.watchers.setdefault(table_id, {})[user_id] = (locale, None)

    def remove(self, table_id: str, user_id: int) -> bool:
        found = self.watchers.get(table_id, {}).pop(user_id, None) is not None
        if not self.watchers.get(table_id):
            self.watchers.pop(table_id, None)
        return found

    async def show(self, table: TableInfo, view: PublicView, png: bytes | None) -> None:
        """Each watcher's DM shows ``view`` (the table picture ``png``, drawn once)."""
        watching = dict(self.watchers.get(table.id, {}))
        if not watching:
            return
        await asyncio.gather(*(self._show_one(table, view, png, uid, loc, msg)
                               for uid, (loc, msg) in watching.items()))
        if view.finished:
            self.watchers.pop(table.id, None)

    async def _show_one(self, table: TableInfo, view: PublicView, png: bytes | None, user_id: int,
                        locale: str, msg: Any) -> None:
        content = clip(table_text(view, locale) + (
            "\n" + bt("watch.ended", locale, table=table.id) if view.finished else ""))
        files = [] if png is None else [discord.File(io.BytesIO(png), filename="table.png")]
        controls = None if view.finished else watch_controls(table.id, locale)
        # a watcher's DM is a bot REST request (global budget) each time the table message is
        # edited: the table's edit rate, which the transport lowers as more tables are live,
        # is theirs too, and the pacer lets hands go first
        try:
            if msg is not None:
                try:
                    with sending(GLOBAL, "watch.dm_edit"):
                        await msg.edit(content=content, attachments=files, view=controls)
                    return
                except discord.NotFound:
                    pass
            kwargs: dict[str, Any] = {"content": content, "files": files}
            if controls is not None:
                kwargs["view"] = controls
            with sending(GLOBAL, "watch.dm_send"):
                # the DM opened by id, once per person (no GET /users/{id})
                target = await self.bot.transport.dm_target(user_id)
                sent = await target.send(**kwargs)
                self.bot.transport.keep_dm_channel(user_id, sent)
            if user_id in self.watchers.get(table.id, {}):
                self.watchers[table.id][user_id] = (locale, sent)
        except discord.HTTPException:  # DMs closed since, or the user is gone: stop
            log.info("table %s: watcher %s dropped (no DM)", table.id, user_id)
            self.remove(table.id, user_id)


def spectators_of(bot: BotLike) -> Spectators:
    """The bot's spectators, kept on its transport (which shows them each table edit)."""
    transport = bot.transport
    if transport.spectators is None:
        transport.spectators = Spectators(bot)
    return cast("Spectators", transport.spectators)  # only this function sets it


class StopWatching(discord.ui.DynamicItem[discord.ui.Button[Any]], template=WATCH_TEMPLATE):
    def __init__(self, table: str, *, label: str = "?") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"mjw:{table}:stop"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StopWatching:
        return cls(match["table"], label=getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        loc = str(interaction.locale.value)
        stopped = spectators_of(bot_of(interaction)).remove(self.table, interaction.user.id)
        with sending(INTERACTION, "watch.reply"):  # the click's own callback
            if stopped:
                await interaction.response.edit_message(
                    content=bt("watch.stopped", loc, table=self.table), attachments=[],
                    view=None)
            else:
                await interaction.response.send_message(bt("watch.not_watching", loc),
                                                        ephemeral=True)
        if stopped:
            await _refresh(bot_of(interaction), self.table)


def watch_controls(table_id: str, locale: object) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(StopWatching(table_id, label=bt("watch.stop", locale)))
    return view


def _playing(bot: BotLike, guild_id: int) -> list[TableInfo]:
    return [t for t in bot.tables.tables()
            if t.guild_id == guild_id and t.status is Status.PLAYING]


async def _refresh(bot: BotLike, table_id: str) -> None:
    """Redraw the table message (its watcher count changed)."""
    try:
        info, view = bot.tables.get(table_id), bot.tables.public_view(table_id)
    except TableError:
        return
    await bot.transport.public(info, view)


async def watch_command(bot: BotLike, interaction: discord.Interaction, table: str | None) -> None:
    guild_id = interaction.guild_id
    if guild_id is None:
        raise TableError("err.guild_only")
    playing = _playing(bot, guild_id)
    if table:
        info = next((t for t in playing if t.id == table.strip().lstrip("#").lower()), None)
        if info is None:
            raise TableError("err.no_table")
    elif playing:
        info = playing[-1]
    else:
        raise TableError("watch.none")
    if info.seat_of(interaction.user.id) is not None:
        raise TableError("watch.seated")
    loc = str(interaction.locale.value)
    with sending(INTERACTION, "watch.reply"):
        await interaction.response.defer(ephemeral=True, thinking=True)
    spectators = spectators_of(bot)
    spectators.add(info.id, interaction.user.id, loc)
    view = bot.tables.public_view(info.id)
    png = await bot.transport.picture(_table_png, view, bot.transport.locale_of(info))
    await spectators.show(info, view, png)
    if interaction.user.id not in spectators.watchers.get(info.id, {}):
        with sending(INTERACTION, "watch.reply"):
            await interaction.followup.send(bt("watch.dm_closed", loc), ephemeral=True)
        return
    await _refresh(bot, info.id)
    with sending(INTERACTION, "watch.reply"):
        await interaction.followup.send(bt("watch.ok", loc, table=info.id), ephemeral=True)


def _table_png(view: PublicView, locale: str) -> bytes | None:
    from tables import pictures

    return pictures.table_png(view, locale)


async def watch_choices(bot: BotLike, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the server's tables being played."""
    if interaction.guild_id is None:
        return []
    loc = str(interaction.locale.value)
    out = []
    for t in _playing(bot, interaction.guild_id):
        names = ", ".join(t.name(i) for i in range(len(t.seats)))
        label = f"#{t.id} · {rules_name(t.preset, loc)} · {names}"
        if current.strip().lower().lstrip("#") in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=t.id))
    return out[:MAX_AUTOCOMPLETE]
