"""Clicks for a table another process runs: acknowledged here, answered by the owner.

Discord routes a guild's events to the shard holding the guild, but a click in a direct
message has no guild and always reaches shard 0.  With the bot as several processes, the
hand buttons of a table in a guild of shard 3 are clicked in DMs, so they arrive at shard
0's process, which does not hold that table.  This module carries them across:

* the receiving process (:meth:`ClickForwarder.forward`) sees the table is not its own but
  unfinished in the ledger, acknowledges the click at once (Discord's 3 seconds: the same
  deferral the owner's code would make), and, if some process holds the table's lease,
  leaves the click in the ledger's ``forwarded_clicks`` with a NOTIFY on the channel of the
  table's shard (:class:`store.click_queue.ClickQueue`);
* the owner hears the NOTIFY, takes the row (deleting it: a click is taken once), rebuilds
  the interaction from what was left and runs the usual click path on it.  It answers
  through the click's token, which any process may use for 15 minutes (the DM update, a
  refusal, a hint), so the person sees what they would have seen from one process;
* nobody holds the lease (the owner is restarting), or nobody took the click within
  :data:`FORWARD_WAIT` seconds: the receiving process takes the click back and says so
  (``err.table_away``); nothing happened at the table, and the person clicks again later.

A click whose table is unknown or finished takes the ordinary path (``err.no_table``).

The receiving process does this for every DM click of every table, so it keeps its trips to
the ledger few: a table's guild and status and its owner's presence are read at most once
per :data:`SEEN_SECONDS` (an owner that died meanwhile is caught by the take-back, as one that
dies after the check always was), and the clicks not taken in time are taken back together,
in one statement per sweep, not one each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from typing import Any

import discord

from discord_io.views.components import PICK_TEMPLATE, SELECT_TEMPLATE, TEMPLATE
from i18n.bot_text import bt
from store.click_queue import ClickQueue
from store.errors import StoreError
from tables.errors import TableError
from tables.shards import ShardSet, shard_of

log = logging.getLogger("mahjong.forwarding")

FORWARD_WAIT = 10.0  # seconds the owner has to take a forwarded click before it is taken back
SWEEP_SECONDS = 0.5  # how often the clicks past FORWARD_WAIT are looked for
# how often the LISTEN session is checked (a database restart ends it; it is opened again)
RELISTEN_SECONDS = 2.0
# a table's guild and status, and whether some process holds its lease, are believed this
# long once read (the take-back catches an owner gone meanwhile)
SEEN_SECONDS = 5.0
TOKEN_MS = 15 * 60 * 1000  # an interaction token's life: older clicks are purged
# answered with an ephemeral message (deferred "thinking"): Show my hand, 💡, and a win
# button that may first ask whether to declare a false win
THINKING_CODES = ("show", "hint", "fw")


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = False,
                      thinking: bool = False) -> None:
    """``interaction.response.defer`` unless the click was acknowledged already (by the
    process that received it and forwarded it here)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)


async def update_message(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the message the clicked control sits on: as the click's answer, or, once the
    click was acknowledged (by the process that forwarded it), through its token."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


def click_of(custom_id: str, values: list[str]) -> tuple[str, int, str, str, int] | None:
    """(table, hand, code, arg, step) of a table control's custom_id, as its item reads it."""
    if m := re.fullmatch(TEMPLATE, custom_id):
        return m["table"], int(m["hand"]), m["code"], m["arg"], int(m["step"])
    if m := re.fullmatch(SELECT_TEMPLATE, custom_id):
        return m["table"], int(m["hand"]), "d", str(values[0]) if values else "", int(m["step"])
    if m := re.fullmatch(PICK_TEMPLATE, custom_id):
        arg = "".join(str(v).split(".", 1)[0] for v in values)  # "5m.1" -> "5m"
        return m["table"], int(m["hand"]), "y", arg, int(m["step"])
    return None


def _user_json(user: Any, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user.id), "username": user.name, "discriminator": "0",
            "global_name": getattr(user, "global_name", None), "avatar": None, "bot": bot}


def interaction_json(interaction: discord.Interaction) -> dict[str, Any]:
    """What the owner needs to rebuild a DM click: who, where, which control, the token and
    the message the control sits on (its id; the owner holds its content)."""
    user = _user_json(interaction.user)
    channel = {"id": str(interaction.channel_id), "type": 1, "recipients": [user]}
    out: dict[str, Any] = {
        "id": str(interaction.id), "application_id": str(interaction.application_id),
        "type": interaction.type.value, "token": interaction.token,
        "version": interaction.version, "data": interaction.data,
        "locale": interaction.locale.value, "channel_id": str(interaction.channel_id),
        "channel": channel, "user": user, "context": 1,
        "attachment_size_limit": interaction.filesize_limit,
    }
    msg = interaction.message
    me = interaction.client.user
    if msg is not None and me is not None:
        out["message"] = {
            "id": str(msg.id), "channel_id": str(msg.channel.id), "type": 0, "content": "",
            "author": _user_json(me, bot=True), "attachments": [], "embeds": [],
            "mentions": [], "mention_roles": [], "pinned": False, "tts": False,
            "mention_everyone": False, "timestamp": msg.created_at.isoformat(),
            "edited_timestamp": None, "flags": msg.flags.value, "components": [],
        }
    return out


class ClickForwarder:
    """Forwards DM clicks to the process running their table, and answers those forwarded
    here. Active only for a sharded bot on the PostgreSQL ledger."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.queue = ClickQueue(bot.store)
        self.active = False
        self.shards = ShardSet()
        self.forwarded = 0  # clicks this process handed to another
        self.answered = 0  # clicks another process handed to this one
        self.away = 0  # clicks refused because nobody ran their table
        self._tasks: set[asyncio.Task[None]] = set()
        self._logged: set[str] = set()  # tables whose first forwarded click was logged
        # table → (read until, its guild, its status); table → owner seen alive until
        self._tables: dict[str, tuple[float, int, str]] = {}
        self._alive: dict[str, float] = {}
        # clicks left for an owner and not known taken: id → (take back at, the click, table)
        self._unclaimed: dict[int, tuple[float, discord.Interaction, str]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen for clicks left for this process's tables, and take any already waiting
        (left while this process was resuming its tables)."""
        shards = self.bot.settings.shards()
        if shards is None or not self.queue.available:
            return
        self.shards = shards
        await self.queue.purge(int(time.time() * 1000) - TOKEN_MS)
        await self.queue.listen(sorted(shards.ids), self._heard)
        self.active = True
        for click_id, table_id in await self.waiting():
            self._heard(click_id, table_id)
        self._keeper = asyncio.create_task(self._keep_listening())

    async def _keep_listening(self) -> None:
        """A database restart ends the LISTEN session, and with it every click forwarded to
        this process from then on (taken back "restarting" each time: the table could not
        be played from DMs any more). Listen again as soon as the server answers, and take
        the clicks left meanwhile."""
        while True:
            await asyncio.sleep(RELISTEN_SECONDS)
            try:
                if not await self.queue.relisten():
                    continue
                log.warning("listening for forwarded clicks again (the database ended the "
                            "session)")
                for click_id, table_id in await self.waiting():
                    self._heard(click_id, table_id)
            except Exception as exc:  # the server still away: asked again shortly
                log.warning("cannot listen for forwarded clicks yet: %s", exc)

    async def waiting(self) -> list[tuple[int, str]]:
        async def read(tx: Any) -> list[tuple[int, str]]:
            rows = await tx.fetchall("SELECT id, table_id FROM forwarded_clicks ORDER BY id")
            return [(int(r[0]), str(r[1])) for r in rows]

        result: list[tuple[int, str]] = await self.bot.store.run_read(read)
        return result

    def summary(self) -> str:
        return f"forwarded {self.forwarded}, answered for others {self.answered}, away {self.away}"

    def _mine(self, table_id: str) -> bool:
        try:
            self.bot.tables.get(table_id)
        except TableError:
            return False
        return True

    def _log_once(self, table_id: str, what: str) -> None:
        if table_id not in self._logged:
            self._logged.add(table_id)
            log.info(what, table_id)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the receiving process ----------------------------------------------------------------

    async def forward(self, interaction: discord.Interaction, table_id: str, code: str) -> bool:
        """True if the click was handled here by forwarding it (or refusing it because its
        table's process is away); False: take the ordinary path."""
        if not self.active or interaction.guild_id is not None or self._mine(table_id):
            return False  # guild clicks reach their own shard; our own tables we answer
        # acknowledged before anything else: this process receives every DM click of every
        # table, and the 3 s run from when Discord sent it. The ordinary path (a table
        # unknown or finished) then answers with a followup, as it does after its own defer.
        try:
            await acknowledge(interaction, ephemeral=code in THINKING_CODES,
                              thinking=code in THINKING_CODES)
        except discord.NotFound:
            # too late: Discord showed "This interaction failed" and the person clicks again
            log.warning("a click for table %s was not acknowledged within 3 s", table_id)
            return True
        try:
            placed = await self._place(interaction, table_id)
        except StoreError as exc:
            # the ledger is away (its server restarting, say): the click is acknowledged
            # already, so it is answered, not dropped — it did not count, click again
            log.warning("click for table %s not forwarded: %s", table_id, exc)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(bt("err.storage", interaction.locale),
                                                ephemeral=True)
            return True
        if placed is None:
            return False
        if placed is True:
            return True
        click_id = placed
        self.forwarded += 1
        self._log_once(table_id, "forwarding DM clicks for table %s to the process running it")
        self._unclaimed[click_id] = (time.monotonic() + FORWARD_WAIT, interaction, table_id)
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep())
        self._forget_old(time.monotonic())
        return True

    async def _place(self, interaction: discord.Interaction, table_id: str) -> int | bool | None:
        """Leave the click for its table's owner: its id in the queue; True if answered here
        (nobody runs the table); None: not a table to forward (take the ordinary path)."""
        from store.errors import UnknownTable

        now = time.monotonic()
        seen = self._tables.get(table_id)
        if seen is None or seen[0] < now:
            try:
                rec = await self.bot.store.get_table(table_id)
            except UnknownTable:
                return None
            seen = self._tables[table_id] = (now + SEEN_SECONDS, rec.guild_id, rec.status)
        _until, guild_id, status = seen
        if status not in ("waiting", "playing"):
            return None
        if self._alive.get(table_id, 0.0) < now:
            if not await self.queue.owner_alive(table_id):
                self._alive.pop(table_id, None)
                await self._away(interaction, table_id)
                return True
            self._alive[table_id] = now + SEEN_SECONDS
        response = interaction.response.type
        payload = {"response_type": response.value if response is not None else 6,
                   "interaction": interaction_json(interaction)}
        click_id: int = await self.queue.put(table_id, shard_of(guild_id, self.shards.count),
                                             payload, int(time.time() * 1000))
        return click_id

    def _forget_old(self, now: float) -> None:
        """Drop what was read of tables long ago (tables end; the maps must not grow)."""
        if len(self._tables) > 4096:
            self._tables = {k: v for k, v in self._tables.items() if v[0] >= now}
        if len(self._alive) > 4096:
            self._alive = {k: v for k, v in self._alive.items() if v >= now}

    async def _sweep(self) -> None:
        """Take back, together, the clicks whose owner did not take them in FORWARD_WAIT:
        each one still there is answered "restarting" (the delete decides, as for the owner:
        a click is either taken by its owner or taken back here, never both)."""
        while self._unclaimed:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            due = [cid for cid, (at, _i, _t) in self._unclaimed.items() if at <= now]
            if not due:
                continue
            try:
                back = await self.queue.take_back(due)
            except StoreError as exc:  # the ledger away (its server restarting): next sweep
                log.warning("could not take back %d forwarded click(s) yet: %s", len(due), exc)
                continue
            except Exception:
                log.exception("could not take back %d forwarded click(s); trying again", len(due))
                continue
            for cid in due:
                _at, interaction, table_id = self._unclaimed.pop(cid)
                if cid in back:
                    self._alive.pop(table_id, None)  # its owner did not come: ask again
                    self._spawn(self._away(interaction, table_id))

    async def _away(self, interaction: discord.Interaction, table_id: str) -> None:
        self.away += 1
        log.warning("click for table %s refused: no process is running it", table_id)
        with contextlib.suppress(discord.HTTPException):
            await interaction.followup.send(bt("err.table_away", interaction.locale),
                                            ephemeral=True)

    # -- the owner ----------------------------------------------------------------------------

    def _heard(self, click_id: int, table_id: str) -> None:
        if self._mine(table_id):
            self._spawn(self._answer(click_id, table_id))

    async def _answer(self, click_id: int, table_id: str) -> None:
        try:
            left = await self.queue.take(click_id)
            if left is None:
                return  # taken back, or by another listener
            data = left["interaction"]
            inner = data.get("data") or {}
            click = click_of(str(inner.get("custom_id", "")), list(inner.get("values") or []))
            cog = self.bot.get_cog("Mahjong")
            if click is None or cog is None:
                log.warning("forwarded click %s is not a table control", click_id)
                return
            interaction: discord.Interaction = discord.Interaction(
                data=data, state=self.bot._connection
            )
            # the receiving process acknowledged it; Discord allows that only once
            interaction.response._response_type = discord.InteractionResponseType(
                int(left["response_type"])
            )
            self.answered += 1
            self._log_once(table_id, "answering DM clicks for table %s forwarded by another process")
            await cog.on_click(interaction, *click)
        except StoreError as exc:
            # the ledger away (its server restarting): not taken, so the process that left
            # the click takes it back and answers "restarting"
            log.warning("could not take forwarded click %s for table %s: %s", click_id,
                        table_id, exc)
        except Exception:
            log.exception("could not answer forwarded click %s for table %s", click_id, table_id)

    async def close(self) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
