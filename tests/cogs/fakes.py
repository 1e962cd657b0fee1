"""discord.py objects as spec'd mocks, a fake bot around the real table service, and a
checker that every message sent keeps within Discord's limits."""

from __future__ import annotations

import itertools
from typing import Any
from unittest.mock import AsyncMock, MagicMock, create_autospec

import discord

from discord_io.emoji import TileEmoji
from discord_io.limits import MAX_CONTENT, MAX_FILES
from discord_io.transport import DiscordTransport
from discord_io.views.controls import check_view
from tables.clock import VirtualClock
from tables.persist import MemoryTables
from tables.queue import QuickQueue
from tables.service import TableService, TableSettings

GUILD, CHANNEL = 1, 10
# a person's DM channel here (FakeBot(dm_channel_ids=True)): this plus their user id
DM_CHANNELS = 5_000_000
_ids = itertools.count(1_000)


def check_message(kwargs: dict[str, Any]) -> None:
    content = kwargs.get("content")
    if content is None and kwargs.get("args"):
        content = kwargs["args"][0]
    assert content is None or len(content) <= MAX_CONTENT
    files = kwargs.get("files") or kwargs.get("attachments") or []
    assert len(files) <= MAX_FILES
    for f in files:
        assert isinstance(f, discord.File)
    view = kwargs.get("view")
    if view is not None:
        check_view(view)


def message(channel_id: int | None = None, message_id: int | None = None) -> Any:
    """A message as discord.py gives it back; ``channel_id``: the channel it is in (an id
    the transport can keep), else a mock's."""
    msg = create_autospec(discord.Message, instance=True)
    msg.id = next(_ids) if message_id is None else message_id
    if channel_id is not None:
        msg.channel = MagicMock(id=channel_id)
    msg.edit.side_effect = lambda **kw: check_message(kw)
    return msg


def not_found(what: str = "Unknown Message") -> discord.NotFound:
    return discord.NotFound(MagicMock(status=404, reason="Not Found"), what)


def channel(channel_id: int = CHANNEL) -> Any:
    ch = create_autospec(discord.TextChannel, instance=True)
    ch.id = channel_id

    async def send(*args: Any, **kw: Any) -> Any:
        check_message({**kw, "args": args})
        return message()

    ch.send.side_effect = send
    return ch


def forbidden() -> discord.Forbidden:
    return discord.Forbidden(MagicMock(status=403, reason="Forbidden"), "Cannot send messages to this user")


def user(user_id: int, name: str, dms_open: bool = True, dm_channel: int | None = None) -> Any:
    """A member; ``send`` is discord.py's ``User.send``, which opens the DM channel (``POST
    /users/@me/channels``) when it is not cached, then sends. ``dm_channel``: the id of
    that channel, carried by the messages sent there (else a mock's)."""
    u = create_autospec(discord.Member, instance=True)
    u.id = user_id
    u.display_name = name
    u.mention = f"<@{user_id}>"

    async def send(*args: Any, **kw: Any) -> Any:
        if not dms_open:
            raise forbidden()
        check_message({**kw, "args": args})
        return message(dm_channel)

    u.send.side_effect = send
    return u


class PartialDM:
    """``discord.PartialMessageable`` of a DM channel known by its id: sends there and
    addresses its messages by id without opening the channel (no request until one is
    made). What it sends is recorded in ``FakeBot.channel_sends``; the messages it addresses
    are kept in ``FakeBot.partial_messages`` (an edit of one in ``FakeBot.gone`` is
    ``NotFound``)."""

    def __init__(self, bot: FakeBot, channel_id: int) -> None:
        self.bot = bot
        self.id = channel_id

    async def send(self, *args: Any, **kw: Any) -> Any:
        if self.id - DM_CHANNELS in self.bot.dms_closed:
            raise forbidden()
        check_message({**kw, "args": args})
        sent = message(self.id)
        self.bot.channel_sends.append((self.id, sent))
        return sent

    def get_partial_message(self, message_id: int) -> Any:
        msg = self.bot.partial_messages.get(message_id)
        if msg is None:
            msg = self.bot.partial_messages[message_id] = message(self.id, message_id)
            if message_id in self.bot.gone:
                msg.edit.side_effect = not_found()
        return msg


class FakeBot:
    """What the cogs read from the bot (``discord_io.botlike.BotLike``): the service, the
    transport, the store, the settings, get_cog and the user and channel look-ups.

    ``memory``: the tables' storage (another FakeBot's: the same tables after a restart);
    ``dm_channel_ids``: the DMs people are sent carry their channel's id (``DM_CHANNELS`` +
    the user id), which the transport keeps, and later DMs go through
    ``get_partial_messageable`` as with discord.py."""

    def __init__(self, store: Any = None, memory: MemoryTables | None = None,
                 dm_channel_ids: bool = False) -> None:
        self.users: dict[int, Any] = {}
        self.channels = {CHANNEL: channel()}
        self.transport = DiscordTransport(self, edit_interval=0.0)
        self.clock = VirtualClock()
        self.memory = memory if memory is not None else MemoryTables()
        self.dm_channel_ids = dm_channel_ids
        self.dms_closed: set[int] = set()
        self.partial_messages: dict[int, Any] = {}  # by id, as get_partial_message gave them
        self.gone: set[int] = set()  # ids of messages deleted on Discord's side
        self.channel_sends: list[tuple[int, Any]] = []  # (DM channel id, message) sent by id
        self.tables = TableService(self.memory, self.transport, self.clock,
                                   TableSettings(computer_delay=0.0),
                                   seed_factory=lambda: "cog-seed")
        self.transport.service = self.tables
        self.store = store
        self.settings = MagicMock(claim_seconds=10)
        self.cogs: dict[str, Any] = {}
        self.tile_emoji: TileEmoji | None = None
        self.quick_queue: QuickQueue | None = None

    def get_cog(self, name: str) -> Any:
        return self.cogs.get(name)

    def get_channel(self, channel_id: int) -> Any:
        return self.channels.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> Any:
        raise discord.NotFound(MagicMock(status=404, reason="Not Found"), "Unknown Channel")

    def get_user(self, user_id: int) -> Any:
        return self.users.get(user_id)

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> Any:
        return PartialDM(self, id)

    async def fetch_user(self, user_id: int) -> Any:
        return self.users[user_id]

    def add_user(self, user_id: int, name: str, dms_open: bool = True) -> Any:
        dm = DM_CHANNELS + user_id if self.dm_channel_ids else None
        self.users[user_id] = user(user_id, name, dms_open, dm)
        if not dms_open:
            self.dms_closed.add(user_id)
        return self.users[user_id]


def interaction(bot: FakeBot, member: Any, locale: discord.Locale = discord.Locale.american_english,
                manage_guild: bool = False) -> Any:
    """A spec'd Interaction whose response/followup record what was sent."""
    it = create_autospec(discord.Interaction, instance=True)
    it.id = next(_ids)
    it.user = member
    it.guild_id = GUILD
    it.channel_id = CHANNEL
    it.guild = None
    it.locale = locale
    it.guild_locale = locale
    it.client = bot
    it.permissions = discord.Permissions(manage_guild=manage_guild)
    response = create_autospec(discord.InteractionResponse, instance=True)
    state = {"done": False}
    response.is_done.side_effect = lambda: state["done"]

    async def done(*args: Any, **kw: Any) -> None:
        state["done"] = True
        check_message({**kw, "args": args})

    response.defer.side_effect = done
    response.send_message.side_effect = done
    response.edit_message.side_effect = done
    it.response = response
    followup = create_autospec(discord.Webhook, instance=True)

    async def follow(*args: Any, **kw: Any) -> Any:
        check_message({**kw, "args": args})
        return message()

    followup.send.side_effect = follow
    it.followup = followup

    async def edit(**kw: Any) -> Any:
        check_message(kw)
        return message()

    it.edit_original_response.side_effect = edit
    return it


def sent_texts(mock_send: AsyncMock) -> list[str]:
    out = []
    for call in mock_send.call_args_list:
        text = call.kwargs.get("content")
        if text is None and call.args:
            text = call.args[0]
        if text:
            out.append(text)
    return out


async def run_command(command: Any, cog: Any, it: Any, *args: Any, **kwargs: Any) -> None:
    """Invoke an app command's callback directly (discord.py types it for the cog's binding,
    which a direct call cannot satisfy)."""
    await command.callback(cog, it, *args, **kwargs)
