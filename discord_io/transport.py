"""The Discord transport: what the table service wants shown, as DMs, channel messages and pictures.

* Private hands: one living DM message per person and table, edited in place; a
  click is answered by editing the message it came from (the interaction's own
  webhook, so no extra rate-limited call). Later updates of that DM (your turn, a claim
  offered) ride on the person's latest click on it too: a component interaction's original
  message is the DM its button sits on, and its token may edit it for 15 minutes, outside
  the bot's global request budget. Only without a fresh token does the bot edit the DM with
  its own REST call. When many tables are live (the table message then edited seldom, see
  below), an update that asks the person to act also carries every river and meld. If a DM
  cannot be sent (``Forbidden``),
  the player is told once in the channel and plays through "Show my hand",
  whose ephemeral message is then the one kept up to date (for its 15 minutes). Whichever
  copy of their hand a person last clicked (their DM, an ephemeral copy, a DM that arrived
  late) is the one kept up to date (:meth:`DiscordTransport.remember_token`), and a click
  refused as stale brings the clicked copy up to date (:meth:`DiscordTransport.refresh_clicked`).
  Where each DM lives (channel and message id) is kept in the store through the table
  service, once per new DM; a restarted process gets it back for every resumed table
  (:meth:`DiscordTransport.resume_hands`) and edits those DMs — only the ones of people who
  must act, at once — instead of opening each DM channel again and sending a new DM.
* The public table: one living message, edited at most once per ``edit_interval``
  seconds per table — longer when many tables are live, so that all table edits together
  stay within ``TABLE_EDIT_SHARE`` of the process's paced global budget; views arriving in between
  replace each other, so a burst of turns costs one edit, not one per turn.
* Calls, results, settlements and standings: short new messages (when many tables are
  live, calls and results become lines of the table's next edit instead); pictures are
  rendered off the event loop (worker threads, or processes: ``discord_io/drawing.py``)
  so the event loop never waits.

Every send path names the budget it spends (:data:`GLOBAL` — the bot token's ~50 requests
per second, paced by ``discord_io/pacing.py`` — or :data:`INTERACTION` — an interaction token's
webhook, exempt): ``with self.spending(budget, path)`` counts the send in
``DiscordTransport.sent`` and labels its requests, which the bot's request meter
(``discord_io/pacing.py``) counts as they leave and logs every 30 s and at shut-down.
A lobby is edited through the token of the click that changed it (Join, Start …), by bot
REST only when no click on it is fresh.

One class in four modules, each built on the one below: ``transport_core`` (the state and the
helpers every part uses), ``click_answers`` (a game click answered by its DM update),
``hand_messages`` (private hands) and this one (lobbies, the table message, short messages).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from discord_io.hand_messages import HandMessages
from discord_io.limits import MAX_CONTENT, clip
from discord_io.pacing import GLOBAL, INTERACTION
from discord_io.transport_core import NO_PINGS, TOKEN_SECONDS, png_file
from discord_io.views.controls import lobby_controls
from tables import pictures
from tables.model import (
    Notice,
    PublicView,
    SettlementView,
    StandingsView,
    Status,
    TableInfo,
)
from tables.text import (
    lobby_text,
    notice_text,
    settlement_text,
    standings_text,
    table_text,
)

log = logging.getLogger("mahjong.discord")

# when busy (see DiscordTransport.busy), these notices become lines of the table's next edit
FOLDED_WHEN_BUSY = frozenset({
    "call.pong", "call.kong", "call.chow", "call.concealed_kong", "call.added_kong",
    "call.laizi_kong",
    "call.win", "call.self_draw", "call.draw",
})
FOLDED_LINES = 4  # the latest calls kept for the next edit
# when busy, not sent at all: "the game is over" comes right before the standings message
DROPPED_WHEN_BUSY = frozenset({"call.game_over"})
# always a line of the table's next edit: "the bot restarted" comes right before the table
# message a resumed table posts again, so one message says both
FOLDED_ALWAYS = frozenset({"call.resumed"})



class DiscordTransport(HandMessages):
    """The table service's transport in Discord: lobbies, private hands (``HandMessages``,
    with the clicks' answers under it), the living table message and the short messages."""

    def remember_lobby_click(self, table_id: str, interaction: discord.Interaction) -> None:
        """A click on a table's lobby message: its token can edit the lobby for 15 minutes
        (longer than a lobby waits for its Start), outside the global budget."""
        lobby = self.lobby_messages.get(table_id)
        msg = interaction.message
        if lobby is not None and msg is not None and msg.id == lobby.id:
            self.lobby_tokens[table_id] = (interaction, time.monotonic())

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
        token = self.lobby_tokens.get(table.id)
        if msg is not None and token is not None and time.monotonic() - token[1] < TOKEN_SECONDS:
            # the lobby changes because someone clicked on it (Join, Add computer, Start):
            # that click's token edits it, so a game's start costs the budget nothing here
            try:
                with self.spending(INTERACTION, "lobby.token"):
                    await token[0].edit_original_response(content=content, view=view,
                                                          allowed_mentions=NO_PINGS)
                return
            except discord.HTTPException:
                self.lobby_tokens.pop(table.id, None)
        if msg is not None:
            try:
                with self.spending(GLOBAL, "lobby.edit"):
                    await msg.edit(content=content, view=view, allowed_mentions=NO_PINGS)
                return
            except discord.NotFound:
                pass
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": NO_PINGS}
        if view is not None:
            kwargs["view"] = view
        with self.spending(GLOBAL, "lobby.send"):
            ch = await self.channel(table.channel_id)
            self.lobby_messages[table.id] = await ch.send(**kwargs)

    # -- the public table -------------------------------------------------------------------

    async def public(self, table: TableInfo, view: PublicView) -> None:
        self._pending[table.id] = (table, view)
        self._public[table.id] = view
        task = self._flushers.get(table.id)
        if task is None or task.done():
            self._flushers[table.id] = asyncio.create_task(self._flush(table.id))

    async def _flush(self, table_id: str) -> None:
        while table_id in self._pending:
            wait = self._last_edit.get(table_id, -1e9) + self.table_interval() - time.monotonic()
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
        # spectators (cogs.game.watch): counted on the table message, shown the same picture
        spectators = getattr(self, "spectators", None)
        count = spectators.count_line(table.id, loc) if spectators is not None else ""
        content = table_text(view, loc) + count
        emoji = self.tile_emoji
        if emoji is not None and emoji.ready:
            # rivers and melds as pictures while they fit in one message (early in a hand)
            pictured = table_text(view, loc, lambda tiles: emoji.row(tiles, view.wild)) + count
            if len(pictured) <= MAX_CONTENT:
                content = pictured
        calls = self._calls.pop(table.id, [])
        content = clip("\n".join([content, *calls]))
        png = await self.picture(pictures.table_png, view, loc)
        files = png_file(png, "table.png")
        msg = self.table_messages.get(table.id)
        self.edits += 1
        edited = False
        if msg is not None:
            try:
                with self.spending(GLOBAL, "table.edit"):
                    await msg.edit(content=content, attachments=files,
                                   allowed_mentions=NO_PINGS)
                edited = True
            except discord.NotFound:
                pass
        if not edited:
            with self.spending(GLOBAL, "table.send"):
                ch = await self.channel(table.channel_id)
                self.table_messages[table.id] = await ch.send(content=content, files=files,
                                                              allowed_mentions=NO_PINGS)
        if spectators is not None:
            await spectators.show(table, view, png)

    async def repost_table(self, table: TableInfo, view: PublicView) -> None:
        """/mahjong table: the table picture posted again as a fresh message."""
        self.table_messages.pop(table.id, None)
        await self._edit_table(table, view)

    async def drain(self) -> None:
        """Wait until every pending table edit is made (tests, shut-down)."""
        while True:
            tasks = [t for t in (*self._flushers.values(), *self._private_workers.values(),
                                 *self._slow_dms, *self._dm_writes.values())
                     if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    # -- short messages ---------------------------------------------------------------------

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        if notice.key in DROPPED_WHEN_BUSY and self.busy():
            return  # the standings message that follows says the same
        if notice.key in FOLDED_ALWAYS or (notice.key in FOLDED_WHEN_BUSY and self.busy()):
            # a line in the table's next edit instead of a message of its own: the call also
            # shows in the players' own DMs, and the hand's result in its settlement message;
            # "the bot restarted" rides on the table message the restart posts again
            calls = self._calls.setdefault(table.id, [])
            calls.append(notice_text(notice, self.locale_of(table)))
            del calls[:-FOLDED_LINES]
            return
        with self.spending(GLOBAL, "notice"):
            ch = await self.channel(table.channel_id)
            await ch.send(content=clip(notice_text(notice, self.locale_of(table))),
                          allowed_mentions=NO_PINGS)

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        loc = self.locale_of(table)
        files = png_file(await self.picture(pictures.settlement_png, view, loc), "settlement.png")
        with self.spending(GLOBAL, "settlement"):
            ch = await self.channel(table.channel_id)
            await ch.send(content=clip(settlement_text(view, loc)), files=files,
                          allowed_mentions=NO_PINGS)

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        loc = self.locale_of(table)
        files = png_file(await self.picture(pictures.standings_png, view, loc), "standings.png")
        with self.spending(GLOBAL, "standings"):
            ch = await self.channel(table.channel_id)
            await ch.send(content=clip(standings_text(view, loc)), files=files,
                          allowed_mentions=NO_PINGS)
        self.forget(table.id)

    def forget(self, table_id: str) -> None:
        self.lobby_messages.pop(table_id, None)
        self.lobby_tokens.pop(table_id, None)
        self._last_edit.pop(table_id, None)
        self._calls.pop(table_id, None)
        self._public.pop(table_id, None)
        self._lobby_latest.pop(table_id, None)
        self._lobby_locks.pop(table_id, None)
        for key in [k for k in self.dm_messages if k[0] == table_id]:
            self.dm_messages.pop(key, None)
        for key in [k for k in self.ephemeral if k[0] == table_id]:
            self.ephemeral.pop(key, None)
        for key in [k for k in self.tokens if k[0] == table_id]:
            self.tokens.pop(key, None)
        for key in [k for k in self._last_private if k[0] == table_id]:
            self._last_private.pop(key, None)
        for key in [k for k in self._hand_pictures if k[0] == table_id]:
            self._hand_pictures.pop(key, None)
        for key in [k for k in self._hand_pngs if k[0] == table_id]:
            self._hand_pngs.pop(key, None)
        for key in [k for k in self._private_pending if k[0] == table_id]:
            self._private_pending.pop(key, None)
        for key in [k for k in self._resumed if k[0] == table_id]:
            self._resumed.pop(key, None)
