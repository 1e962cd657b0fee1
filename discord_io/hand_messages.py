"""A person's private hand, as the transport shows it: one living DM per person and table,
edited in place (through the latest click's token where there is one; the copy a person last
clicked — their DM, an ephemeral copy — is the one kept up to date), a picture of the hand
sent again only when it changed, "Show my hand" for a person whose DMs are closed, and the
DMs of a resumed table taken back from the store rather than sent again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from typing import Any

import discord

from discord_io.click_answers import ClickAnswers
from discord_io.limits import EPHEMERAL_VIEW_SECONDS, MAX_CONTENT, clip
from discord_io.pacing import GLOBAL, INTERACTION, NORMAL, URGENT
from discord_io.transport_core import NO_PINGS, TOKEN_SECONDS, is_ephemeral, png_file
from discord_io.views.controls import hand_controls, show_hand_controls
from tables import pictures
from tables.model import Mode, Notice, PrivateView, TableInfo
from tables.text import hand_text, notice_text, table_text

log = logging.getLogger("mahjong.discord")

# DM channel ids kept (person → channel; the least recently used go first): ~100 bytes each
DM_CHANNELS_KEPT = 100_000
# how long a hand update is waited for before it goes on in the background (seconds)
PRIVATE_WAIT = 0.5
# a hand update still not through this much later, when its person must act, brings the
# Show my hand notice (seconds; discord.py retries a 5xx for about half a minute)
SLOW_DM = 2.5
# then, while the update is held up in this process rather than at Discord, looked at again
# this often (seconds)
SLOW_RECHECK = 0.5


class HandMessages(ClickAnswers):
    """Private hands: their DMs, ephemeral copies, and the DMs kept across a restart."""

    def remember_token(self, table_id: str, interaction: discord.Interaction) -> bool:
        """A game click: the copy of the hand it was made on becomes the person's living copy,
        the one their later updates go to. True when the clicked message is such a copy.

        * their living DM: its token can edit that DM for 15 minutes, and an ephemeral copy
          they played from before is no longer kept up to date (they are back on their DM);
        * an ephemeral copy of their hand (Show my hand, ``/mahjong hand``): the click is the
          ephemeral entry from now on — a component interaction's original message is the
          message its button sits on, so its token edits that copy, for 15 minutes from
          this click;
        * another DM message of theirs for this table (one that arrived late, after the
          transport had given it up, or an older one): it is their living DM from now on.

        Anything else (a message not known to be a copy of their hand, someone not seated)
        changes nothing."""
        user_id = interaction.user.id
        key = (table_id, user_id)
        msg = interaction.message
        if msg is None:
            return False
        now = time.monotonic()
        dm = self.dm_messages.get(key)
        if dm is not None and msg.id == dm.id:
            self.tokens[key] = (interaction, now)
            if self.ephemeral.pop(key, None) is not None:
                self._last_private.pop(key, None)  # the DM shows what was last sent to it
            return True
        if not self._seated(table_id, user_id):
            return False
        if is_ephemeral(msg):
            eph = self.ephemeral.get(key)
            if eph is None or getattr(getattr(eph[0], "message", None), "id", None) != msg.id:
                # another copy than the one kept up to date: the next view redraws it
                self._last_private.pop(key, None)
            self.ephemeral[key] = (interaction, now)
            return True
        if interaction.guild_id is None:  # in their DM channel: a DM of the bot's to them
            self.dm_messages[key] = msg
            self.keep_dm_channel(user_id, msg)
            self._keep_hand_message(table_id, user_id, msg)
            self.tokens[key] = (interaction, now)
            self.ephemeral.pop(key, None)
            self._last_private.pop(key, None)  # what it shows is not known: redrawn next
            return True
        return False

    def _seated(self, table_id: str, user_id: int) -> bool:
        """Whether ``user_id`` holds a seat at the table (as the table service knows it)."""
        if self.service is None:
            return False
        try:
            info = self.service.get(table_id)
        except Exception:  # an unknown or finished table: nothing of theirs to keep
            return False
        return info.seat_of(user_id) is not None

    # -- private hands ----------------------------------------------------------------------

    def answering(self, table: TableInfo, view: PrivateView) -> bool:
        """Whether this person's update answers their click (``tables.transport.AnswersClicks``):
        a click of theirs waits in ``routes`` for it."""
        seat = table.seats[view.seat]
        return seat is not None and seat.person is not None and seat.person in self.routes

    async def private(self, table: TableInfo, view: PrivateView,
                      route: discord.Interaction | None = None) -> None:
        """Show a person their hand: on the message of the click being answered (``route``,
        or the one ``routes`` holds for them), else on their living copy (see
        :meth:`remember_token`)."""
        seat = table.seats[view.seat]
        if seat is None or seat.person is None:
            return
        user_id = seat.person
        key = (table.id, user_id)
        shown = view.shown_key()
        held = self.routes.pop(user_id, None)
        if route is None:
            route = held
        elif held is not None and held is not route:
            self.routes[user_id] = held  # another click of theirs, answered by its own update
        resumed_at = self._resumed.pop(key, None)
        if (route is None and view.mode in (Mode.WAIT, Mode.AFK)
                and view.hand_no == resumed_at):
            # a restart: their DM (taken back from the store) shows this hand as the last
            # process left it, at most a step behind; nothing to decide now, so it waits for
            # their next update (or a click on it, which refreshes it). A new hand, or the
            # end, is shown at once.
            self._last_private[key] = shown
            return
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
        self._private_pending[key] = (table, view, seat.locale, user_id, route, shown,
                                      time.monotonic())
        task = self._private_workers.get(key)
        if task is not None and not task.done() and (route is not None or key in self.ephemeral):
            # an older update is still being retried in their DM while they now play from a
            # click's or Show my hand's copy: that copy gets this view now, the stale DM is
            # given up
            task.cancel()
            task = None
        if task is None or task.done():
            task = self._private_workers[key] = asyncio.create_task(self._private_work(key))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), PRIVATE_WAIT)
        if not task.done() and view.mode in (Mode.TURN, Mode.CLAIM):
            # they must act and their hand is not getting through (an earlier update may
            # still be retried): offer Show my hand soon, not when discord.py gives up
            # retrying half a minute later — the table waits for them
            slow = asyncio.create_task(self._slow_dm(task, table, view.seat, user_id,
                                                     view.hand_no))
            self._slow_dms.add(slow)
            slow.add_done_callback(self._slow_dms.discard)

    async def _slow_dm(self, task: asyncio.Task[None], table: TableInfo, seat: int,
                       user_id: int, hand: int) -> None:
        deadline = time.monotonic() + SLOW_DM
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), max(0.0, deadline - time.monotonic()))
                return
            if self.at_discord(task, SLOW_DM):
                break
            # held up here, not at Discord: its request waits for the token's budget (this
            # process's pacer), its picture or the busy event loop (hundreds of tables
            # dealing at once). The notice, a request on the same budget and loop, would
            # only come after it; the hand counts as slow once Discord has held it SLOW_DM,
            # or asked for a retry (discord.py then retries a 5xx for about half a minute).
            deadline = time.monotonic() + SLOW_RECHECK
        try:
            await self._dm_closed(table, seat, user_id, hand, "call.dm_slow")
        except Exception:
            log.exception("table %s: could not post the Show my hand notice", table.id)

    async def _private_work(self, key: tuple[str, int]) -> None:
        while key in self._private_pending:
            table, view, locale, user_id, route, shown, since = self._private_pending.pop(key)
            urgent = view.mode in (Mode.TURN, Mode.CLAIM)
            if urgent:
                self.stages.record("queued", time.monotonic() - since)
            try:
                if urgent:
                    with self.stages.timed("shown"):
                        await self._show_private(table, view, locale, user_id, route)
                else:
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
        content, controls = self.private_text(table, view, locale)
        picture = pictures.hand_key(view, locale)
        if route is not None:
            shown = route.message
            try:
                files = await self._hand_files(key, shown, view, locale, picture)
                with self.spending(INTERACTION, "private.click"):
                    sent = await self._update_clicked(route, content=content, attachments=files,
                                                      view=controls)
                self._shown_picture(key, shown, sent, picture)
                return
            except discord.HTTPException:
                pass
        # the living copy: an ephemeral one while that is where they last played (a click on
        # their DM takes it back, see remember_token), else their DM
        eph = self.ephemeral.get(key)
        if eph is not None and time.monotonic() - eph[1] < EPHEMERAL_VIEW_SECONDS - 60:
            # the copy is the message of the click on it (a click's original message is the
            # one its button sits on); after Show my hand it is not known: a fresh picture
            clicked = getattr(eph[0], "message", None)
            shown = clicked if is_ephemeral(clicked) else None
            try:
                files = await self._hand_files(key, shown, view, locale, picture)
                with self.spending(INTERACTION, "private.ephemeral"):
                    sent = await self._update_clicked(eph[0], content=content,
                                                      attachments=files, view=controls)
                if shown is not None:
                    self._shown_picture(key, shown, sent, picture)
                return
            except discord.HTTPException:
                if self.ephemeral.get(key) is eph:
                    self.ephemeral.pop(key, None)
        token = self.tokens.get(key)
        if token is not None and time.monotonic() - token[1] < TOKEN_SECONDS:
            shown = token[0].message
            try:
                files = await self._hand_files(key, shown, view, locale, picture)
                # (the click may not be answered yet — its handler still runs, or its
                # deferral is on its way: an edit of its original message before that answer
                # is refused, so it answers the click or waits for the answer)
                with self.spending(INTERACTION, "private.token"):
                    sent = await self._update_clicked(token[0], content=content,
                                                      attachments=files, view=controls)
                self._shown_picture(key, shown, sent, picture)
                return
            except discord.HTTPException:
                self.tokens.pop(key, None)
        files = await self._hand_files(key, self.dm_messages.get(key), view, locale, picture)
        await self._dm(table, view, user_id, content, controls, files, picture, locale)

    async def _hand_files(
        self, key: tuple[str, int], message: Any, view: PrivateView, locale: str,
        picture: tuple[Any, ...],
    ) -> list[discord.File | discord.Attachment]:
        """The hand picture for an edit of ``message``: the attachment it already shows when
        that is this very picture (kept, neither drawn nor uploaded again: a claim offered,
        or passed, leaves the hand as it was), else a freshly drawn file (a File is consumed
        by its request, so every try draws its own)."""
        kept = self._hand_pictures.get(key)
        if (kept is not None and message is not None and kept[0] == getattr(message, "id", None)
                and kept[1] == picture and self.pictures_on):
            return [kept[2]]
        # a discard of the tile just drawn gives back the picture from before the draw: the
        # person's last two drawn pictures are kept (bytes; a File is made fresh for each try)
        recent = self._hand_pngs.get(key, ())
        for drawn_from, kept_png in recent:
            if drawn_from == picture and self.pictures_on:
                self.reused[pictures.hand_png.__name__] += 1
                return list(png_file(kept_png, "hand.png"))
        with self.stages.timed("hand picture"):
            data = await self.picture(pictures.hand_png, view, locale)
        if data is not None:
            self._hand_pngs[key] = ((picture, data), *recent[:1])
        return list(png_file(data, "hand.png"))

    def _shown_picture(self, key: tuple[str, int], message: Any, sent: Any,
                       picture: tuple[Any, ...]) -> None:
        """After an edit of ``message`` (``sent``: Discord's answer): which hand picture it
        shows now, as the attachment to keep next time."""
        ids = {getattr(message, "id", None), getattr(sent, "id", None)}
        attached = getattr(sent, "attachments", None)
        if (len(ids) == 1 and None not in ids and isinstance(attached, list) and len(attached) == 1
                and isinstance(attached[0], discord.Attachment)
                and attached[0].filename == "hand.png"):
            self._hand_pictures[key] = (sent.id, picture, attached[0])
        else:
            self._hand_pictures.pop(key, None)

    def private_text(self, table: TableInfo, view: PrivateView,
                     locale: str) -> tuple[str, discord.ui.View]:
        """A hand's words and buttons (the picture apart)."""
        emoji = self.tile_emoji
        glyphs = None
        if emoji is not None and emoji.ready:
            glyphs = lambda tiles: emoji.row(tiles, view.wild)  # noqa: E731
        content = hand_text(view, table, locale, now_unix=time.time(), glyphs=glyphs)
        if len(content) > MAX_CONTENT:  # pictures take ~35 characters a tile: words fit
            content = hand_text(view, table, locale, now_unix=time.time())
        public = self._public.get(table.id)
        if public is not None and view.mode in (Mode.TURN, Mode.CLAIM) and self.busy():
            # the table message is edited seldom when many tables are live: what a person
            # decides on (every river and meld) comes with their own update, which is exempt
            # (in words: clipped to one message, the rivers come last)
            content += "\n\n" + "\n".join(table_text(public, locale).splitlines()[1:])
        content = clip(content)
        controls = hand_controls(view, locale, emoji if emoji is not None and emoji.ready
                                 else None)
        return content, controls

    async def render_private(
        self, table: TableInfo, view: PrivateView, locale: str
    ) -> tuple[str, discord.ui.View, list[discord.File]]:
        content, controls = self.private_text(table, view, locale)
        files = png_file(await self.picture(pictures.hand_png, view, locale), "hand.png")
        return content, controls, files

    async def _dm(
        self, table: TableInfo, view: PrivateView, user_id: int, content: str,
        controls: discord.ui.View, files: list[discord.File | discord.Attachment],
        picture: tuple[Any, ...] = (), locale: str = "en",
    ) -> None:
        key = (table.id, user_id)
        msg = self.dm_messages.get(key)
        # in the pacer's queue, a hand that asks its person to act goes before anything else;
        # one that only shows the tiles (the deal, to the seats not yet acting) waits like a
        # lobby or a settlement
        priority = URGENT if view.mode in (Mode.TURN, Mode.CLAIM) else NORMAL
        try:
            if msg is not None:
                try:
                    with self.spending(GLOBAL, "private.dm_edit", priority):
                        edited = await msg.edit(content=content, attachments=files,
                                                view=controls, allowed_mentions=NO_PINGS)
                    self._shown_picture(key, msg, edited, picture)
                    return
                except discord.NotFound:
                    self.dm_messages.pop(key, None)
                    self.tokens.pop(key, None)
            if any(isinstance(f, discord.Attachment) for f in files):
                # the kept picture belonged to the message that is gone: a new one is drawn
                files = await self._hand_files(key, None, view, locale, picture)
            with self.spending(GLOBAL, "private.dm_send", priority):
                target = await self.dm_target(user_id)
                sent = await target.send(content=content, files=files, view=controls,
                                         allowed_mentions=NO_PINGS)
                self.dm_messages[key] = sent
                self.keep_dm_channel(user_id, sent)
            self._keep_hand_message(table.id, user_id, sent)
            self._shown_picture(key, sent, sent, picture)
        except discord.Forbidden:
            await self._dm_closed(table, view.seat, user_id, view.hand_no)

    async def dm_target(self, user_id: int) -> Any:
        """Where a person's DM is sent. A DM channel's id never changes: once known it is kept
        here, because discord.py keeps only the 128 latest DM channels and would otherwise
        open the channel again (``POST /users/@me/channels``) for every game of a bot with
        more players than that. Without it, no GET /users/{id} for someone not in the cache:
        opening the channel needs only the id."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is not None:
            self.dm_channels.move_to_end(user_id)
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        user = self.bot.get_user(user_id)
        return user if user is not None else await self.bot.create_dm(discord.Object(id=user_id))

    def resume_hands(self, table: TableInfo, hands: Mapping[int, tuple[int, int]],
                     hand_no: int) -> None:
        """A table resumed by a restarted process, at hand ``hand_no``: each person's DM, as
        the store keeps it (person → (DM channel id, message id)), is their living DM again.
        No request: the messages are addressed by id (``PartialMessage``), and the DM channel
        is known, so it is not opened again. The first view after this edits the DM of
        someone who must act now (or shows a new hand, or the end); the others' DMs are left
        as they are until their next update (see ``private``). A DM that is gone is found out
        at its first edit (``NotFound``): a new one is sent, in the known channel."""
        for user_id, (channel_id, message_id) in hands.items():
            key = (table.id, user_id)
            if key in self.dm_messages:
                continue  # this process has sent them one already
            channel = self.bot.get_partial_messageable(channel_id,
                                                       type=discord.ChannelType.private)
            message = channel.get_partial_message(message_id)
            self.dm_messages[key] = message
            self.keep_dm_channel(user_id, message)
            self._resumed[key] = hand_no

    def _keep_hand_message(self, table_id: str, user_id: int, message: Any) -> None:
        """A new living DM of a person's hand: where it lives goes to the store (through the
        table service, in the background, in order per person and table)."""
        remember = getattr(self.service, "remember_hand_message", None)
        channel_id = getattr(getattr(message, "channel", None), "id", None)
        message_id = getattr(message, "id", None)
        if (remember is None or not isinstance(channel_id, int)
                or not isinstance(message_id, int)):
            return
        key = (table_id, user_id)
        before = self._dm_writes.get(key)

        async def write() -> None:
            if before is not None:
                await asyncio.gather(before, return_exceptions=True)
            try:
                await remember(table_id, user_id, channel_id, message_id)
            except Exception:  # the service logs its own failures; this is a last resort
                log.warning("table %s: where %s's hand lives was not kept", table_id, user_id,
                            exc_info=True)

        task = asyncio.create_task(write())
        self._dm_writes[key] = task

        def done(t: asyncio.Task[None]) -> None:
            if self._dm_writes.get(key) is t:
                del self._dm_writes[key]

        task.add_done_callback(done)

    def keep_dm_channel(self, user_id: int, message: Any) -> None:
        channel_id = getattr(getattr(message, "channel", None), "id", None)
        if isinstance(channel_id, int):
            self.dm_channels[user_id] = channel_id
            while len(self.dm_channels) > DM_CHANNELS_KEPT:
                self.dm_channels.popitem(last=False)

    async def _dm_closed(self, table: TableInfo, seat: int, user_id: int, hand: int,
                         key: str = "call.dm_closed") -> None:
        first = True
        if self.service is not None:
            first = await self.service.note_dm_closed(table.id, seat)
        if not first:
            return
        loc = self.locale_of(table)
        with self.spending(GLOBAL, "notice.dm_closed"):
            ch = await self.channel(table.channel_id)
            await ch.send(
                content=clip(notice_text(Notice(key, {"mention": f"<@{user_id}>"}), loc)),
                view=show_hand_controls(table.id, hand, loc),
                # only the person told pings: never a name or role inside the text
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(user_id)]
                ),
            )

    async def refresh_clicked(self, table: TableInfo, view: PrivateView,
                              interaction: discord.Interaction) -> None:
        """A click refused as stale: the message it was made on shows the person's hand as
        it is now (``view``), as the click's answer when it is still unanswered, else through
        its token; in order with their other updates (the same worker). Returns once the
        click is answered (so a followup may come after)."""
        await self.private(table, view, route=interaction)
        await self.acknowledge_click(interaction)

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
