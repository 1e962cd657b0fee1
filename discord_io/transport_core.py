"""What every part of the Discord transport shares (``discord_io.transport`` is the whole):
its state — the living messages, the clicks' tokens, the pictures drawn, the requests sent —
and the helpers each part uses: counting a send against its budget, a table's locale and
channel, drawing a picture off the event loop, how busy the process is."""

from __future__ import annotations

import asyncio
import contextlib
import io
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import discord

from discord_io.drawing import PictureWorkers
from discord_io.emoji import TileEmoji
from discord_io.latency import Stages
from discord_io.pacing import GLOBAL_RATE, sending
from tables.model import PublicView, TableInfo

# an interaction token may edit its original message for 15 minutes; keep a margin
TOKEN_SECONDS = 15 * 60 - 60
# all living table messages together: at most this share of the paced requests per second
# (8 of a single process's 40), whatever the number of tables; a process running some of the
# shards paces a share of the token's rate, and its table edits take this share of that
TABLE_EDIT_SHARE = 0.2
TABLE_EDITS_PER_SECOND = TABLE_EDIT_SHARE * GLOBAL_RATE
Renderer = Callable[..., bytes | None]
# every message here carries people's display names (user text): none of it may ping
NO_PINGS = discord.AllowedMentions.none()


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


def is_ephemeral(message: Any) -> bool:
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


class ClickAnswer:
    """A game click waiting for its answer: ``claimed`` once a deferral or the DM update
    answering it has started, ``done`` once that request is over."""

    def __init__(self) -> None:
        self.claimed = False
        self.done = asyncio.Event()
        self.timer: asyncio.TimerHandle | None = None


class TransportCore:
    """The transport's state and shared helpers (see the module's opening)."""

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
        self._answers: dict[int, ClickAnswer] = {}
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

    def busy(self) -> bool:
        """Many tables live: their messages are edited less often than every
        ``edit_interval`` (at least a second) to save the global budget."""
        return self.live_tables() > self.table_edits_per_second * max(self.edit_interval, 1.0)
