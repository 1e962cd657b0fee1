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
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

import discord

from discord_io.drawing import PictureWorkers
from discord_io.emoji import TileEmoji
from discord_io.latency import Stages
from discord_io.limits import EPHEMERAL_VIEW_SECONDS, MAX_CONTENT, clip
from discord_io.pacing import GLOBAL, GLOBAL_RATE, INTERACTION, NORMAL, URGENT, sending
from discord_io.views.controls import hand_controls, lobby_controls, show_hand_controls
from tables import pictures
from tables.model import (
    Mode,
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

# an interaction token may edit its original message for 15 minutes; keep a margin
TOKEN_SECONDS = 15 * 60 - 60
# all living table messages together: at most this share of the paced requests per second
# (8 of a single process's 40), whatever the number of tables; a process running some of the
# shards paces a share of the token's rate, and its table edits take this share of that
TABLE_EDIT_SHARE = 0.2
TABLE_EDITS_PER_SECOND = TABLE_EDIT_SHARE * GLOBAL_RATE
# when busy (see DiscordTransport.busy), these notices become lines of the table's next edit
FOLDED_WHEN_BUSY = frozenset({
    "call.pong", "call.kong", "call.chow", "call.concealed_kong", "call.added_kong",
    "call.win", "call.self_draw", "call.draw",
})
FOLDED_LINES = 4  # the latest calls kept for the next edit
# DM channel ids kept (person → channel; the least recently used go first): ~100 bytes each
DM_CHANNELS_KEPT = 100_000
# when busy, not sent at all: "the game is over" comes right before the standings message
DROPPED_WHEN_BUSY = frozenset({"call.game_over"})
# always a line of the table's next edit: "the bot restarted" comes right before the table
# message a resumed table posts again, so one message says both
FOLDED_ALWAYS = frozenset({"call.resumed"})

Renderer = Callable[..., bytes | None]
# how long a hand update is waited for before it goes on in the background (seconds)
PRIVATE_WAIT = 0.5
# a game click is answered by its own DM update (one request: the callback that edits the
# message the button sits on); one not answered this long after it came is deferred, and its
# update follows through the click's token (seconds; Discord allows 3)
ACK_WAIT = 0.5
# a hand update still not through this much later, when its person must act, brings the
# Show my hand notice (seconds; discord.py retries a 5xx for about half a minute)
SLOW_DM = 2.5
# then, while the update is held up in this process rather than at Discord, looked at again
# this often (seconds)
SLOW_RECHECK = 0.5
# every message here carries people's display names (user text): none of it may ping
NO_PINGS = discord.AllowedMentions.none()


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


def _is_ephemeral(message: Any) -> bool:
    """Whether a clicked message is an ephemeral one (only its person sees it)."""
    return getattr(getattr(message, "flags", None), "ephemeral", False) is True


class Watchers(Protocol):
    """A table's spectators, as the transport shows them (``cogs.game.watch`` keeps them):
    a line on the table message that counts them, and each one's copy of the picture."""

    def count_line(self, table_id: str, locale: object) -> str: ...

    async def show(self, table: TableInfo, view: PublicView, png: bytes | None) -> None: ...


class TransportBot(Protocol):
    """What the transport asks of the bot: look-ups and opening a DM, nothing else."""

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None,
                                ) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


class _Answer:
    """A game click waiting for its answer: ``claimed`` once a deferral or the DM update
    answering it has started, ``done`` once that request is over."""

    def __init__(self) -> None:
        self.claimed = False
        self.done = asyncio.Event()
        self.timer: asyncio.TimerHandle | None = None


class DiscordTransport:
    def __init__(self, bot: TransportBot, edit_interval: float = 1.2, pictures_on: bool = True,
                 table_edits_per_second: float = TABLE_EDITS_PER_SECOND) -> None:
        self.bot = bot
        self.table_edits_per_second = table_edits_per_second
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
        # (table, person) → their latest click on their living DM, and when
        self.tokens: dict[tuple[str, int], tuple[discord.Interaction, float]] = {}
        self.dm_channels: OrderedDict[int, int] = OrderedDict()  # person → DM channel id
        # table → the latest click on its lobby message (Join, Start …), and when
        self.lobby_tokens: dict[str, tuple[discord.Interaction, float]] = {}
        self.sent: Counter[tuple[str, str]] = Counter()  # (budget, path) → requests
        # where pictures are drawn (threads unless the bot is given processes), and the
        # pictures drawn by kind with the CPU seconds spent on them
        self.workers = PictureWorkers()
        self.drawn: Counter[str] = Counter()
        self.drawn_cpu: dict[str, float] = {}
        self.reused: Counter[str] = Counter()  # pictures sent again from bytes kept
        self.stages = Stages()  # where updates spend their time (the 30-second report)
        self._calls: dict[str, list[str]] = {}  # calls waiting for the table's next edit
        self._public: dict[str, PublicView] = {}  # each table's latest public view
        self._lobby_latest: dict[str, TableInfo] = {}
        self._private_pending: dict[tuple[str, int], tuple[Any, ...]] = {}
        # game clicks not answered yet (interaction id → who answers first: see expect_answer)
        self._answers: dict[int, _Answer] = {}
        self._deferrals: set[asyncio.Task[None]] = set()
        # (table, person) → the hand picture their DM shows: (message id, what it was drawn
        # from: pictures.hand_key, its attachment), kept instead of an identical new upload
        self._hand_pictures: dict[tuple[str, int], tuple[int, tuple[Any, ...], Any]] = {}
        # (table, person) → the last two hand pictures drawn for them: (hand_key, PNG bytes)
        self._hand_pngs: dict[tuple[str, int], tuple[tuple[tuple[Any, ...], bytes], ...]] = {}
        self._private_workers: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._slow_dms: set[asyncio.Task[None]] = set()
        self._lobby_locks: dict[str, asyncio.Lock] = {}
        # (table, person) whose DM was taken back from the store at a restart and has not been
        # shown a view since → the hand in play then: see resume_hands
        self._resumed: dict[tuple[str, int], int] = {}
        # (table, person) → the write keeping where their DM lives (one after the other)
        self._dm_writes: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.spectators: Watchers | None = None  # made on the first /mahjong watch
        # whether a task's request waits in this process's pacer for the token's budget (the
        # bot gives its request meter's answer; a transport without one takes every slow
        # update for Discord's doing)
        self.at_discord: Callable[[asyncio.Task[Any], float], bool] = lambda task, t: True

    # -- helpers ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def spending(self, budget: str, path: str, priority: int | None = None) -> Iterator[None]:
        """One send of ``path``, which spends ``budget`` (GLOBAL or INTERACTION): counted here,
        and its requests labelled for the pacer and the bot's request meter."""
        self.sent[(budget, path)] += 1
        with sending(budget, path, priority):
            yield

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
        if _is_ephemeral(msg):
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

    # -- answering a game click ---------------------------------------------------------------
    #
    # Acknowledging a click first (a deferral) and then editing the DM through its token costs
    # two requests; answering it with the DM's update itself costs one. So a game click is
    # left unanswered while the move is made, and the clicker's update answers it (an
    # UPDATE_MESSAGE callback). Whatever comes first of that update, ACK_WAIT passing, or the
    # click's handler ending without an update (a refusal, nothing shown), answers it; the
    # others wait for that answer and follow through the token.

    def expect_answer(self, interaction: discord.Interaction) -> None:
        """A game click whose DM update should answer it (unless acknowledged already: a
        click forwarded by another process)."""
        if interaction.response.is_done() or interaction.id in self._answers:
            return
        answer = _Answer()
        loop = asyncio.get_running_loop()
        answer.timer = loop.call_later(ACK_WAIT, self._defer_later, interaction)
        self._answers[interaction.id] = answer

    def _defer_later(self, interaction: discord.Interaction) -> None:
        task = asyncio.create_task(self.acknowledge_click(interaction))
        self._deferrals.add(task)
        task.add_done_callback(self._deferrals.discard)

    async def acknowledge_click(self, interaction: discord.Interaction) -> None:
        """Defer the click unless it is answered (or being answered) already."""
        answer = self._answers.get(interaction.id)
        if answer is None:
            return  # answered, or never waiting for its update
        if answer.claimed:
            await answer.done.wait()
            return
        answer.claimed = True
        try:
            await interaction.response.defer()  # (counted as an interaction reply)
        except discord.HTTPException:
            log.warning("click %s could not be acknowledged", interaction.id, exc_info=True)
        finally:
            self._answered(interaction.id, answer)

    def _answered(self, interaction_id: int, answer: _Answer) -> None:
        if answer.timer is not None:
            answer.timer.cancel()
        answer.done.set()
        self._answers.pop(interaction_id, None)

    async def _update_clicked(self, route: discord.Interaction, **fields: Any) -> Any:
        """Edit the message ``route``'s button sits on: as the click's answer when it is still
        unanswered, else through its token. Returns the message as Discord answered it (None
        when the answer carried none)."""
        answer = self._answers.get(route.id)
        if answer is not None and not answer.claimed:
            answer.claimed = True
            try:
                response = await route.response.edit_message(**fields)
            except BaseException:
                # not answered, or not known to be (refused, or cancelled by a newer update of
                # this DM): a deferral answers it instead, and whoever waits follows that
                answer.claimed = False
                self._defer_later(route)
                raise
            self._answered(route.id, answer)
            return getattr(response, "resource", None)
        if answer is not None:
            await answer.done.wait()
        return await route.edit_original_response(**fields)

    def remember_lobby_click(self, table_id: str, interaction: discord.Interaction) -> None:
        """A click on a table's lobby message: its token can edit the lobby for 15 minutes
        (longer than a lobby waits for its Start), outside the global budget."""
        lobby = self.lobby_messages.get(table_id)
        msg = interaction.message
        if lobby is not None and msg is not None and msg.id == lobby.id:
            self.lobby_tokens[table_id] = (interaction, time.monotonic())

    def live_tables(self) -> int:
        """Tables whose message was edited in the last minute or waits for an edit now (after
        a restart every resumed table is live before any of their edits has got through)."""
        now = time.monotonic()
        recent = {t for t, at in self._last_edit.items() if now - at < 60}
        return len(recent | self._pending.keys())

    def table_interval(self) -> float:
        """Least seconds between two edits of one table message, given the live tables:
        ``edit_interval`` until all tables together would pass ``table_edits_per_second``."""
        if not self.busy():
            return self.edit_interval
        return max(self.edit_interval, self.live_tables() / self.table_edits_per_second)

    @property
    def tile_emoji(self) -> TileEmoji | None:
        """The bot's tile emoji (None for a bot without them, as in some tests)."""
        return getattr(self.bot, "tile_emoji", None)

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
        data, cpu = await self.workers.draw(fn, *args)
        kind = getattr(fn, "__name__", "picture")
        self.drawn[kind] += 1
        self.drawn_cpu[kind] = self.drawn_cpu.get(kind, 0.0) + cpu
        return data

    def pictures_summary(self) -> str:
        """``hand_png 412 (0.61 s CPU), table_png 96 (0.58 s CPU)``: pictures drawn so far."""
        out = ", ".join(f"{k} {n} ({self.drawn_cpu[k]:.2f} s CPU)"
                        for k, n in self.drawn.most_common()) or "none"
        if self.reused:
            out += "; sent again undrawn: " + ", ".join(
                f"{k} {n}" for k, n in self.reused.most_common())
        return out

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
            shown = clicked if _is_ephemeral(clicked) else None
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

    def busy(self) -> bool:
        """Many tables live: their messages are edited less often than every
        ``edit_interval`` (at least a second) to save the global budget."""
        return self.live_tables() > self.table_edits_per_second * max(self.edit_interval, 1.0)

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
