"""The Discord transport: what the table service wants shown, as DMs, channel messages and pictures.

* Private hands: one living DM message per person and table, edited in place; a
  click is answered by editing the message it came from (the interaction's own
  webhook, so no extra rate-limited call). If a DM cannot be sent (``Forbidden``),
  the player is told once in the channel and plays through "Show my hand",
  whose ephemeral message is then the one kept up to date (for its 15 minutes).
* The public table: one living message, edited at most once per ``edit_interval``
  seconds per table; views arriving in between replace each other, so a burst of
  computer turns costs one edit, not one per turn.
* Calls, results, settlements and standings: short new messages; pictures are
  rendered in a worker thread (``asyncio.to_thread``) so the event loop never waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from cogs.components import hand_controls, lobby_controls, show_hand_controls
from cogs.limits import EPHEMERAL_VIEW_SECONDS, clip
from tables import pictures
from tables.model import (
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    Status,
    TableInfo,
)
from tables.text import (
    hand_text,
    lobby_text,
    notice_text,
    settlement_text,
    standings_text,
    table_text,
)

log = logging.getLogger("mahjong.discord")

Renderer = Callable[..., bytes | None]
# how long a hand update is waited for before it goes on in the background (seconds)
PRIVATE_WAIT = 0.5
# every message here carries people's display names (user text): none of it may ping
NO_PINGS = discord.AllowedMentions.none()


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


class DiscordTransport:
    def __init__(self, bot: Any, edit_interval: float = 1.2, pictures_on: bool = True) -> None:
        self.bot = bot
        self.service: Any = None  # set by the bot once the service exists
        self.edit_interval = edit_interval
        self.pictures_on = pictures_on
        self.lobby_messages: dict[str, Any] = {}
        self.table_messages: dict[str, Any] = {}
        self.dm_messages: dict[tuple[str, int], Any] = {}
        self.routes: dict[int, discord.Interaction] = {}  # clicks being answered, by user
        self.ephemeral: dict[tuple[str, int], tuple[discord.Interaction, float]] = {}
        self.channel_locale: dict[str, str] = {}
        self._last_private: dict[tuple[str, int], tuple[Any, ...]] = {}
        self._pending: dict[str, tuple[TableInfo, PublicView]] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}
        self.edits = 0  # public edits made (for tests and the bench)
        self._lobby_latest: dict[str, TableInfo] = {}
        self._private_pending: dict[tuple[str, int], tuple[Any, ...]] = {}
        self._private_workers: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._lobby_locks: dict[str, asyncio.Lock] = {}

    # -- helpers ----------------------------------------------------------------------------

    def locale_of(self, table: TableInfo) -> str:
        if table.id in self.channel_locale:
            return self.channel_locale[table.id]
        host = next((s for s in table.seats if s is not None and s.user_id == table.host_id), None)
        return host.locale if host is not None else "en"

    async def channel(self, channel_id: int) -> Any:
        ch = self.bot.get_channel(channel_id)
        if ch is None:
            ch = await self.bot.fetch_channel(channel_id)
        return ch

    async def picture(self, fn: Renderer, *args: Any) -> bytes | None:
        if not self.pictures_on:
            return None
        return await asyncio.to_thread(fn, *args)

    # -- lobby ------------------------------------------------------------------------------

    async def lobby(self, table: TableInfo) -> None:
        # Clicks in a lobby run concurrently, and a rate-limited edit is retried later by
        # discord.py: without this, an older lobby (a seat still empty) could land after a
        # newer one and stay on screen. One edit at a time per table, always the newest.
        self._lobby_latest[table.id] = table
        async with self._lobby_locks.setdefault(table.id, asyncio.Lock()):
            if self._lobby_latest.get(table.id) is not table:
                return  # a newer lobby is queued behind us and will be shown
            try:
                await self._show_lobby(table)
            finally:
                if table.status is Status.CANCELLED:
                    self.forget(table.id)  # a cancelled lobby's records go with it

    async def _show_lobby(self, table: TableInfo) -> None:
        loc = self.locale_of(table)
        content = clip(lobby_text(table, loc))
        view = lobby_controls(table, loc) if table.status is Status.LOBBY else None
        msg = self.lobby_messages.get(table.id)
        if msg is not None:
            try:
                await msg.edit(content=content, view=view, allowed_mentions=NO_PINGS)
                return
            except discord.NotFound:
                pass
        ch = await self.channel(table.channel_id)
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": NO_PINGS}
        if view is not None:
            kwargs["view"] = view
        self.lobby_messages[table.id] = await ch.send(**kwargs)

    # -- private hands ----------------------------------------------------------------------

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        seat = table.seats[view.seat]
        if seat is None or seat.person is None:
            return
        user_id = seat.person
        key = (table.id, user_id)
        shown = view.shown_key()
        route = self.routes.pop(user_id, None)
        if route is None and self._last_private.get(key) == shown:
            # Nothing this person can see has changed (another seat moved): no edit. Each DM is
            # its own channel with Discord's ~5 edits per 5 s, so editing every waiting
            # person's DM on every turn held a four-person table to about a turn a second.
            return
        self._last_private[key] = shown
        # One worker per person and table sends the newest view. A quick send is finished
        # when this returns (messages stay in order); a slow one — Discord answering 5xx and
        # discord.py retrying for half a minute — goes on in the background, so no other
        # person, and not the table, waits for it.
        self._private_pending[key] = (table, view, seat.locale, user_id, route, shown)
        task = self._private_workers.get(key)
        if task is not None and not task.done():
            return
        task = self._private_workers[key] = asyncio.create_task(self._private_work(key))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), PRIVATE_WAIT)

    async def _private_work(self, key: tuple[str, int]) -> None:
        while key in self._private_pending:
            table, view, locale, user_id, route, shown = self._private_pending.pop(key)
            try:
                await self._show_private(table, view, locale, user_id, route)
            except Exception:
                log.exception("table %s: could not show %s their hand", table.id, user_id)
                # not shown: let the next view try again even if it looks the same, and tell
                # the person (once) to use "Show my hand", the ephemeral path
                if self._last_private.get(key) == shown:
                    self._last_private.pop(key, None)
                try:
                    await self._dm_closed(table, view.seat, user_id, view.hand_no)
                except Exception:
                    log.exception("table %s: could not post the Show my hand notice", table.id)

    async def _show_private(
        self, table: TableInfo, view: PrivateView, locale: str, user_id: int,
        route: discord.Interaction | None,
    ) -> None:
        key = (table.id, user_id)
        content, controls, files = await self.render_private(table, view, locale)
        if route is not None:
            try:
                await route.edit_original_response(content=content, attachments=files,
                                                   view=controls)
                return
            except discord.HTTPException:
                files = png_file(await self.picture(pictures.hand_png, view, locale),
                                 "hand.png")
        eph = self.ephemeral.get(key)
        if eph is not None and time.monotonic() - eph[1] < EPHEMERAL_VIEW_SECONDS - 60:
            try:
                await eph[0].edit_original_response(content=content, attachments=files,
                                                    view=controls)
                return
            except discord.HTTPException:
                self.ephemeral.pop(key, None)
        await self._dm(table, view, user_id, content, controls, files)

    async def render_private(
        self, table: TableInfo, view: PrivateView, locale: str
    ) -> tuple[str, discord.ui.View, list[discord.File]]:
        content = clip(hand_text(view, table, locale, now_unix=time.time()))
        controls = hand_controls(view, locale)
        files = png_file(await self.picture(pictures.hand_png, view, locale), "hand.png")
        return content, controls, files

    async def _dm(
        self, table: TableInfo, view: PrivateView, user_id: int, content: str,
        controls: discord.ui.View, files: list[discord.File],
    ) -> None:
        key = (table.id, user_id)
        msg = self.dm_messages.get(key)
        try:
            if msg is not None:
                try:
                    await msg.edit(content=content, attachments=files, view=controls,
                                   allowed_mentions=NO_PINGS)
                    return
                except discord.NotFound:
                    self.dm_messages.pop(key, None)
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            self.dm_messages[key] = await user.send(content=content, files=files, view=controls,
                                                    allowed_mentions=NO_PINGS)
        except discord.Forbidden:
            await self._dm_closed(table, view.seat, user_id, view.hand_no)

    async def _dm_closed(self, table: TableInfo, seat: int, user_id: int, hand: int) -> None:
        first = True
        if self.service is not None:
            first = await self.service.note_dm_closed(table.id, seat)
        if not first:
            return
        loc = self.locale_of(table)
        ch = await self.channel(table.channel_id)
        await ch.send(
            content=clip(notice_text(Notice("call.dm_closed", {"mention": f"<@{user_id}>"}), loc)),
            view=show_hand_controls(table.id, hand, loc),
            # only the person told pings: never a name or role inside the text
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(user_id)]
            ),
        )

    def remember_ephemeral(
        self, table_id: str, user_id: int, interaction: discord.Interaction,
        shown: PrivateView | None = None,
    ) -> None:
        """From now on the ephemeral copy is the message kept up to date. ``shown``: the view
        it was drawn from (it is then edited only when that changes); without, the next view
        redraws it."""
        key = (table_id, user_id)
        self.ephemeral[key] = (interaction, time.monotonic())
        if shown is None:
            self._last_private.pop(key, None)
        else:
            self._last_private[key] = shown.shown_key()

    # -- the public table -------------------------------------------------------------------

    async def public(self, table: TableInfo, view: PublicView) -> None:
        self._pending[table.id] = (table, view)
        task = self._flushers.get(table.id)
        if task is None or task.done():
            self._flushers[table.id] = asyncio.create_task(self._flush(table.id))

    async def _flush(self, table_id: str) -> None:
        while table_id in self._pending:
            wait = self._last_edit.get(table_id, -1e9) + self.edit_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            table, view = self._pending.pop(table_id)
            try:
                await self._edit_table(table, view)
            except Exception:
                log.exception("table %s: could not update the table message", table_id)
            self._last_edit[table_id] = time.monotonic()

    async def _edit_table(self, table: TableInfo, view: PublicView) -> None:
        loc = self.locale_of(table)
        content = clip(table_text(view, loc))
        files = png_file(await self.picture(pictures.table_png, view, loc), "table.png")
        msg = self.table_messages.get(table.id)
        self.edits += 1
        if msg is not None:
            try:
                await msg.edit(content=content, attachments=files, allowed_mentions=NO_PINGS)
                return
            except discord.NotFound:
                pass
        ch = await self.channel(table.channel_id)
        self.table_messages[table.id] = await ch.send(content=content, files=files,
                                                      allowed_mentions=NO_PINGS)

    async def repost_table(self, table: TableInfo, view: PublicView) -> None:
        """/mahjong table: the table picture posted again as a fresh message."""
        self.table_messages.pop(table.id, None)
        await self._edit_table(table, view)

    async def drain(self) -> None:
        """Wait until every pending table edit is made (tests, shut-down)."""
        while True:
            tasks = [t for t in (*self._flushers.values(), *self._private_workers.values())
                     if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    # -- short messages ---------------------------------------------------------------------

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        ch = await self.channel(table.channel_id)
        await ch.send(content=clip(notice_text(notice, self.locale_of(table))),
                      allowed_mentions=NO_PINGS)

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        loc = self.locale_of(table)
        files = png_file(await self.picture(pictures.settlement_png, view, loc), "settlement.png")
        ch = await self.channel(table.channel_id)
        await ch.send(content=clip(settlement_text(view, loc)), files=files,
                      allowed_mentions=NO_PINGS)

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        loc = self.locale_of(table)
        files = png_file(await self.picture(pictures.standings_png, view, loc), "standings.png")
        ch = await self.channel(table.channel_id)
        await ch.send(content=clip(standings_text(view, loc)), files=files,
                      allowed_mentions=NO_PINGS)
        self.forget(table.id)

    def forget(self, table_id: str) -> None:
        self.lobby_messages.pop(table_id, None)
        self._lobby_latest.pop(table_id, None)
        self._lobby_locks.pop(table_id, None)
        for key in [k for k in self.dm_messages if k[0] == table_id]:
            self.dm_messages.pop(key, None)
        for key in [k for k in self.ephemeral if k[0] == table_id]:
            self.ephemeral.pop(key, None)
        for key in [k for k in self._last_private if k[0] == table_id]:
            self._last_private.pop(key, None)
        for key in [k for k in self._private_pending if k[0] == table_id]:
            self._private_pending.pop(key, None)
