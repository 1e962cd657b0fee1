"""The discord.py Bot: start-up (``setup_hook``), the error handler, shut-down.

``setup_hook`` opens the store, builds the table service with the Discord
transport, installs the command translator, loads the cogs, registers the
persistent DynamicItems (so buttons on old messages keep working after a
restart), resumes unfinished tables and, only with ``--sync``, syncs commands.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from cogs.components import DiscardSelect, TableButton
from cogs.game import refuse
from cogs.pacing import GlobalPacer, pace_requests
from cogs.translator import BotTranslator
from cogs.transport import DiscordTransport
from config import DEFAULT_API_BASE, Settings
from i18n.bot_text import bt
from tables.errors import TableError
from tables.persist import StoreTables
from tables.service import TableService, TableSettings

log = logging.getLogger("mahjong.bot")

COGS = ("cogs.game", "cogs.ledger", "cogs.admin")


def point_at(settings: Settings) -> None:
    """Use another REST base / gateway (a test double) when configured."""
    if settings.api_base and settings.api_base != DEFAULT_API_BASE:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def intents() -> discord.Intents:
    """Guilds (channels, commands) and DM messages; no privileged intents are needed."""
    i = discord.Intents.none()
    i.guilds = True
    i.dm_messages = True
    i.guild_messages = True
    return i


class MahjongBot(commands.Bot):
    def __init__(self, settings: Settings, sync: bool = False) -> None:
        # Names and house rules are user text that the bot echoes: nothing it sends may ping
        # (@everyone, @here, roles, users) unless a message names whom it pings itself.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.sync_on_start = sync
        self.store: Any = None
        self.tables: Any = None
        self.transport = DiscordTransport(self, edit_interval=settings.edit_interval)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        point_at(settings)
        self.pacer = GlobalPacer()
        pace_requests(self.http, self.pacer)

    async def setup_hook(self) -> None:
        from store import Store, StoreSettings

        s = self.settings
        s.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.store = await Store.open(
            s.db_path, StoreSettings(starting_chips=s.starting_chips, daily_amount=s.daily_chips)
        )
        self.tables = TableService(
            StoreTables(self.store), self.transport,
            settings=TableSettings(
                turn_seconds=s.turn_seconds, claim_seconds=s.claim_seconds,
                afk_timeouts=s.afk_timeouts, computer_delay=s.computer_delay,
            ),
        )
        self.transport.service = self.tables
        await self.tree.set_translator(BotTranslator())
        for ext in COGS:
            await self.load_extension(ext)
        self.add_dynamic_items(TableButton, DiscardSelect)
        resumed = await self.tables.resume_all()
        log.info("ready to serve; %d table(s) resumed", len(resumed))
        if self.sync_on_start:
            synced = await self.tree.sync()
            log.info("synced %d application commands", len(synced))

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_command_error(interaction, error)

    async def close(self) -> None:
        if self.tables is not None:
            await self.tables.close()
        await self.transport.drain()
        if self.store is not None:
            await self.store.close()
        await super().close()


async def handle_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError | Exception
) -> None:
    """One place that turns any failure into a friendly ephemeral sentence."""
    original = getattr(error, "original", error)
    if isinstance(original, TableError):
        await refuse(interaction, original)
        return
    if isinstance(error, app_commands.CheckFailure):
        key = "err.guild_only" if isinstance(error, app_commands.NoPrivateMessage) else "err.no_permission"
        await refuse(interaction, TableError(key))
        return
    if isinstance(error, app_commands.CommandOnCooldown):
        await refuse(interaction, TableError("err.cooldown", seconds=int(error.retry_after) + 1))
        return
    log.error("command failed", exc_info=original)
    text = bt("err.generic", interaction.locale)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        pass
