"""The discord.py Bot: start-up (``setup_hook``), the error handler, shut-down.

``setup_hook`` opens the store, builds the table service with the Discord
transport, installs the command translator, loads the cogs (each registers its
persistent DynamicItems as it loads, so buttons on old messages keep working after
a restart), resumes unfinished tables and, only with ``--sync``, syncs commands.
The cogs are named here as extensions, never imported: they sit above this layer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from config import DEFAULT_API_BASE, Settings
from discord_io.botlike import BotLike
from discord_io.drawing import PictureWorkers
from discord_io.emoji import TileEmoji
from discord_io.forwarding import ClickForwarder
from discord_io.loopwatch import LoopWatch
from discord_io.pacing import (
    GLOBAL,
    GLOBAL_RATE,
    SHARED_SLICE,
    GlobalPacer,
    RequestMeter,
    pace_requests,
    sending,
)
from discord_io.refusal import refuse
from discord_io.translator import BotTranslator
from discord_io.transport import DiscordTransport
from discord_io.transport_core import TABLE_EDIT_SHARE
from i18n.bot_text import bt
from tables.errors import TableError
from tables.persist import StoreTables
from tables.service import TableService, TableSettings

if TYPE_CHECKING:
    from store import Store
    from tables.queue import QuickQueue

log = logging.getLogger("mahjong.bot")
BUDGET_REPORT_SECONDS = 30.0

COGS = ("cogs.game", "cogs.ledger", "cogs.admin", "cogs.analyze", "cogs.rating", "cogs.stats")
EMOJI_WAIT_SECONDS = 20.0  # start-up waits this long for the tile emoji, then goes on
# how often a process on the shared ledger checks that its table leases are still its own
LEASE_CHECK_SECONDS = 5.0
# the exit code of a process that stopped because its leases were lost (the service manager
# starts it again, and the restart takes its tables back)
LEASES_LOST_EXIT = 4


def point_at(settings: Settings) -> None:
    """Use another REST base / gateway (a test double) when configured."""
    if settings.api_base and settings.api_base != DEFAULT_API_BASE:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def intents() -> discord.Intents:
    """Guilds only (channels, commands); no privileged intents are needed.

    No message intents: the bot reads no messages (slash commands and components reach it
    as interactions), and with them the gateway would send a MESSAGE_CREATE or
    MESSAGE_UPDATE for every message in every channel it sees, its own sends and edits
    included — about two events per game move for nothing (each parsed by discord.py)."""
    i = discord.Intents.none()
    i.guilds = True
    return i


def paced_rate(settings: Settings) -> int:
    """This process's share of the token's paced requests per second: the global limit is
    per token, so processes that each run some of the shards split it by their shards (the
    fixed share; with the shared budget, see :func:`shares_budget`, only a fall-back)."""
    shards = settings.shards()
    if shards is None:
        return GLOBAL_RATE
    return max(1, GLOBAL_RATE * len(shards.ids) // shards.count)


def shares_budget(settings: Settings) -> bool:
    """Whether this process takes its requests from the token's budget shared through the
    PostgreSQL ledger: it runs only some of the shards, and the setting allows it."""
    shards = settings.shards()
    return (settings.shared_budget and shards is not None and len(shards.ids) < shards.count
            and bool(settings.database_url))


class MahjongBot(commands.Bot):
    tables: TableService  # made in setup_hook, before any cog loads

    def __init__(self, settings: Settings, sync: bool = False, **shards: Any) -> None:
        # Names and house rules are user text that the bot echoes: nothing it sends may ping
        # (@everyone, @here, roles, users) unless a message names whom it pings itself.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         **shards)
        self.settings = settings
        self.sync_on_start = sync
        self.store: Store | None = None  # opened in setup_hook
        self.forwarder: ClickForwarder | None = None
        rate = paced_rate(settings)
        self.transport = DiscordTransport(self, edit_interval=settings.edit_interval,
                                          table_edits_per_second=TABLE_EDIT_SHARE * rate)
        self.transport.workers = PictureWorkers(settings.picture_processes)
        self.tile_emoji = TileEmoji()
        self.quick_queue: QuickQueue | None = None
        self._emoji_task: asyncio.Task[None] | None = None
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        point_at(settings)
        self.pacer = GlobalPacer(rate)
        self.meter = RequestMeter(self.pacer)  # every request that goes out, by budget and path
        self.transport.at_discord = self.meter.at_discord
        self._waited_reported = 0
        self._closed_reported = False
        self._budget_reporter: asyncio.Task[None] | None = None
        self.loop_watch = LoopWatch()
        self._lease_watch: asyncio.Task[None] | None = None
        self.exit_code = 0  # what ``python bot.py`` exits with once the bot has closed
        pace_requests(self.http, self.meter)

    async def setup_hook(self) -> None:
        # start-up's requests (tile emoji, resumed tables' first updates are labelled by their
        # own paths, command sync) are labelled as such, also in the tasks started here
        with sending(GLOBAL, "startup"):
            await self._setup()

    async def _setup(self) -> None:
        from store import Store, StoreSettings

        s = self.settings
        s.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.store = store = await Store.open(
            s.db_path,
            StoreSettings(
                starting_chips=s.starting_chips, daily_amount=s.daily_chips,
                computer_level=s.computer_level, afk_level=s.afk_level,
                synchronous=s.db_sync, busy_timeout_ms=s.db_busy_ms,
                database_url=s.database_url, database_schema=s.database_schema,
            ),
        )
        self.tables = TableService(
            StoreTables(store, s.shards()), self.transport,
            settings=TableSettings(
                turn_seconds=s.turn_seconds, claim_seconds=s.claim_seconds,
                afk_timeouts=s.afk_timeouts, computer_delay=s.computer_delay,
                computer_level=s.computer_level, afk_level=s.afk_level,
                walls=s.chosen_walls(),
            ),
        )
        self.transport.service = self.tables
        if shares_budget(s) and self.user is not None:
            from store.request_budget import RequestBudget

            budget = RequestBudget(store, f"token:{self.user.id}", SHARED_SLICE)
            if budget.available:
                self.pacer.share(budget, GLOBAL_RATE, SHARED_SLICE)
                log.info("request budget shared with the token's other processes (%d per "
                         "second in all; %d per second of its own if the ledger is away)",
                         GLOBAL_RATE, self.pacer.fixed_rate)
        self.forwarder = ClickForwarder(self)
        await self.tree.set_translator(BotTranslator())
        for ext in COGS:
            await self.load_extension(ext)
        self._budget_reporter = asyncio.create_task(self._report_budget_every(BUDGET_REPORT_SECONDS))
        self.loop_watch.start()
        # SIGTERM (docker stop, systemd, a supervisor) closes cleanly: pending edits are made,
        # the store is closed and the request figures are logged
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: asyncio.ensure_future(self.close()))
        # tile emoji before resumed tables redraw their buttons; an upload that takes longer
        # goes on in the background (buttons show text until it is done)
        self._emoji_task = asyncio.create_task(self.tile_emoji.ensure(self))
        await asyncio.wait({self._emoji_task}, timeout=EMOJI_WAIT_SECONDS)
        resumed = await self.tables.resume_all()
        log.info("ready to serve; %d table(s) resumed", len(resumed))
        # clicks made in DMs for this process's tables reach shard 0's process, which
        # forwards them here (and forwards those it gets for other processes' tables)
        await self.forwarder.start()
        if store.backend.name == "postgresql":
            self._lease_watch = asyncio.create_task(self._watch_leases(LEASE_CHECK_SECONDS))
        if self.sync_on_start:
            synced = await self.tree.sync()
            log.info("synced %d application commands", len(synced))

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_command_error(interaction, error)

    def _report_budget(self) -> None:
        """Requests per send path and budget, and the pacing queue's waits so far: a warning
        when requests waited since the last report (the token is near the global limit)."""
        log.info("requests by budget: %s", self.meter.summary())
        log.info("pictures drawn: %s", self.transport.pictures_summary())
        log.info("event loop lag: %s", self.loop_watch.report())
        log.info("update stages: %s", self.transport.stages.report())
        if self.meter.unlabelled:  # a request made outside every send path: a bug
            log.warning("requests outside any send path: %s", dict(self.meter.unlabelled))
        if self.meter.mislabelled:  # a send path that claims the other budget: a bug
            log.warning("requests sent on another budget than their path claims: %s",
                        dict(self.meter.mislabelled))
        if self.forwarder is not None and self.forwarder.active:
            log.info("clicks between processes: %s", self.forwarder.summary())
        waited = self.pacer.waited
        if waited > self._waited_reported:
            log.warning("global request pacing: %s", self.pacer.summary())
        else:
            log.info("global request pacing: %s", self.pacer.summary())
        self._waited_reported = waited

    async def _report_budget_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            self._report_budget()

    async def _watch_leases(self, seconds: float) -> None:
        """Stop this process when its table leases are gone. They live on one database
        connection; a database restart ends it, and nothing else would tell: another process
        running the same shards could then take the tables while this one still plays them.
        The events' sequence numbers would refuse the second writer, but the people would see
        errors; stopping is the clean way out — the service manager starts the process again
        (exit code ``LEASES_LOST_EXIT``) and ``resume_all`` takes back what is still free."""
        assert self.store is not None
        while True:
            await asyncio.sleep(seconds)
            try:
                intact = await self.store.leases_intact()
            except Exception:
                log.exception("could not check the table leases; trying again")
                continue
            if not intact:
                log.critical("this process's table leases were lost (the database restarted, "
                             "or its connection was cut): stopping, so that no two processes "
                             "play one table; started again, it takes its tables back")
                self.exit_code = LEASES_LOST_EXIT
                await self.close()
                return

    async def close(self) -> None:
        if self._closed_reported:  # close() runs twice on SIGTERM (the handler, then run)
            await super().close()
            return
        self._closed_reported = True
        if self._budget_reporter is not None:
            self._budget_reporter.cancel()
        self.loop_watch.stop()
        if self._lease_watch is not None and self._lease_watch is not asyncio.current_task():
            self._lease_watch.cancel()
        if self._emoji_task is not None and not self._emoji_task.done():
            self._emoji_task.cancel()
        if self.forwarder is not None:
            await self.forwarder.close()
        tables: TableService | None = getattr(self, "tables", None)  # None before setup_hook
        if tables is not None:
            await tables.close()
        await self.transport.drain()
        await asyncio.to_thread(self.transport.workers.close)
        if self.store is not None:
            await self.store.close()
        await super().close()
        self._report_budget()  # last: every request this process made is in it


async def handle_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError | Exception
) -> None:
    """One place that turns any failure into a friendly ephemeral sentence."""
    original = getattr(error, "original", error)
    if isinstance(original, TableError):
        await refuse(interaction, original)
        return
    # a cooldown is a CheckFailure too: it must be told apart first
    if isinstance(error, app_commands.CommandOnCooldown):
        await refuse(interaction, TableError("err.cooldown", seconds=int(error.retry_after) + 1))
        return
    if isinstance(error, app_commands.CheckFailure):
        key = "err.guild_only" if isinstance(error, app_commands.NoPrivateMessage) else "err.no_permission"
        await refuse(interaction, TableError(key))
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


def _is_bot_like(bot: MahjongBot) -> BotLike:
    return bot  # mypy: the bot class has everything the cogs ask of a BotLike


class ShardedMahjongBot(MahjongBot, commands.AutoShardedBot):
    """The same bot running some (or all) shards of a sharded application in this process:
    discord.py's AutoShardedBot, one gateway session per shard."""


def make_bot(settings: Settings, sync: bool = False) -> MahjongBot:
    shards = settings.shards()
    if shards is None:
        return MahjongBot(settings, sync=sync)
    return ShardedMahjongBot(settings, sync=sync, shard_count=shards.count,
                             shard_ids=sorted(shards.ids))
