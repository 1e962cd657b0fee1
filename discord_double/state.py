"""The double's world: its state (users, guilds, channels, messages, interactions and what
the bot did), the helpers that add to it, and the message store every route writes through
(validation, edits, watchers, the gateway event a change announces)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import web

from discord_double.mentions import pings
from discord_double.records import (
    DISCORD_EPOCH_MS,
    EPHEMERAL,
    INTENT_DM_MESSAGES,
    INTENT_GUILD_MESSAGES,
    LOADING,
    Attachment,
    Bucket,
    Channel,
    DiscordError,
    Guild,
    Interaction,
    Limits,
    Message,
    Session,
    User,
    _iso,
    component_emoji_ids,
    invalid_form,
)
from discord_double.validate import check_message


class DoubleState:
    """The state every part of the double (gateway, route groups, users' actions) shares."""

    def __init__(self, token: str = "x.y.z", limits: Limits | None = None,
                 keep_pictures: bool = False) -> None:
        self.token = token
        self.limits = limits or Limits()
        self.keep_pictures = keep_pictures
        self._ids = itertools.count(1)
        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.guilds: dict[int, Guild] = {}
        self.messages: dict[int, Message] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.sessions: dict[str, Session] = {}
        self.commands: dict[str, dict[str, Any]] = {}  # name -> command as stored
        self.app_emojis: dict[int, dict[str, Any]] = {}  # id -> the application's emoji
        self.refuse_emoji = False  # answer every application-emoji route 403 (a test's choice)
        # a fault injector (bench.chaos): called with (method, route) of each bot REST request
        # (interaction callbacks aside), it answers 500 or 429 in Discord's place,
        # or None to let the request through; what it answered is kept in ``injected``
        self.chaos: Callable[[str, str], int | None] | None = None
        self.injected: list[tuple[str, str, int]] = []
        self.bot = self.add_user("mahjong-bot", bot=True)
        self.application_id = self.bot.id
        self._buckets: dict[tuple[str, int], Bucket] = {}
        self._global: deque[float] = deque()
        # what the bot did
        self.requests: list[tuple[str, str, int]] = []  # (method, route, status)
        # every REST request as it arrived, 429s too: (monotonic time, method, path)
        self.request_paths: list[tuple[float, str, str]] = []
        self.rejections: list[tuple[str, str, int, int, str]] = []  # 4xx other than 429
        self.ratelimited: list[tuple[str, str, bool]] = []  # (method, route, global)
        # user → their DM channel (a look-up for every scripted person's every step: with
        # thousands of channels a scan would be the load bench's own bottleneck)
        self._dms: dict[int, Channel] = {}
        self.unknown_routes: list[str] = []
        self.identifies = 0
        self.identified_shards: list[tuple[int, int]] = []
        self.shard_count = 1  # what GET /gateway/bot recommends
        self.resumes = 0
        self.connections = 0
        self.changed = asyncio.Event()  # set on any new message / edit / ack
        self._listeners: list[Callable[[Message], None]] = []
        self._watch_channel: dict[int, list[asyncio.Event]] = {}
        self._watch_user: dict[int, list[asyncio.Event]] = {}
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self.port = 0

    # -- the world ------------------------------------------------------------------------

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._ids) & 0x3FFFFF)

    def add_user(self, name: str, bot: bool = False, dms_open: bool = True,
                 locale: str = "en-US") -> User:
        u = User(self.snowflake(), name, bot=bot, dms_open=dms_open, locale=locale)
        self.users[u.id] = u
        return u

    def add_guild(self, name: str, owner: User, channels: int = 1) -> Guild:
        g = Guild(self.snowflake(), name, owner.id)
        self.guilds[g.id] = g
        g.members = [self.bot.id, owner.id]
        for i in range(channels):
            self.add_channel(g, f"mahjong-{i}")
        return g

    def add_channel(self, guild: Guild, name: str) -> Channel:
        c = Channel(self.snowflake(), 0, guild.id, name)
        self.channels[c.id] = c
        self.channel_messages[c.id] = []
        guild.channels.append(c.id)
        return c

    def add_member(self, guild: Guild, user: User) -> None:
        if user.id not in guild.members:
            guild.members.append(user.id)

    def dm_channel(self, user_id: int) -> Channel:
        c = self._dms.get(user_id)
        if c is not None:
            return c
        c = Channel(self.snowflake(), 1, None, "", recipient=user_id)
        self.channels[c.id] = c
        self.channel_messages[c.id] = []
        self._dms[user_id] = c
        return c

    def dm_of(self, user_id: int) -> Channel | None:
        """The user's DM channel with the bot, if the bot has opened it."""
        return self._dms.get(user_id)

    def visible(self, user_id: int, channel_id: int) -> list[Message]:
        """The messages of a channel as ``user_id`` sees them (ephemerals only their own)."""
        return [m for mid in self.channel_messages.get(channel_id, [])
                if (m := self.messages[mid]).visible_to in (None, user_id)]

    def bot_messages(self, channel_id: int) -> list[Message]:
        return [self.messages[mid] for mid in self.channel_messages.get(channel_id, [])
                if self.messages[mid].author_id == self.bot.id]

    # -- addresses ----------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- messages -------------------------------------------------------------------------

    def message_payload(self, m: Message) -> dict[str, Any]:
        ch = self.channels.get(m.channel_id)
        out: dict[str, Any] = {
            "id": str(m.id), "channel_id": str(m.channel_id), "type": 0 if not m.interaction_id
            else 20, "content": m.content, "author": self.users[m.author_id].payload(),
            "timestamp": _iso(m.created), "edited_timestamp": _iso(m.edited), "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [{
                "id": str(a.id), "filename": a.filename, "size": a.size,
                "url": f"https://cdn.invalid/{a.id}/{a.filename}",
                "proxy_url": f"https://media.invalid/{a.id}/{a.filename}",
                "content_type": a.content_type,
            } for a in m.attachments],
            "embeds": m.embeds, "pinned": False, "flags": m.flags, "components": m.components,
        }
        if ch is not None and ch.guild_id is not None:
            out["guild_id"] = str(ch.guild_id)
        if m.webhook_id is not None:
            out["webhook_id"] = str(m.webhook_id)
            out["application_id"] = str(self.application_id)
        return out

    def on_message(self, fn: Callable[[Message], None]) -> None:
        self._listeners.append(fn)

    def watch(self, event: asyncio.Event, channel_id: int, user_id: int) -> None:
        """Set ``event`` when a message changes that ``user_id`` sees: in ``channel_id``,
        in their DM, or an ephemeral one for them (cheaper than waking on every change)."""
        self._watch_channel.setdefault(channel_id, []).append(event)
        self._watch_user.setdefault(user_id, []).append(event)

    def _changed(self, m: Message | None = None) -> None:
        self.changed.set()
        self.changed = asyncio.Event()
        if m is not None:
            ch = self.channels.get(m.channel_id)
            if ch is not None and ch.type == 1 and ch.recipient is not None:
                watchers = self._watch_user.get(ch.recipient, [])
            elif m.visible_to is not None:
                watchers = self._watch_user.get(m.visible_to, [])
            else:
                watchers = self._watch_channel.get(m.channel_id, [])
            for ev in watchers:
                ev.set()
            for fn in self._listeners:
                fn(m)

    def _files(self, files: list[tuple[str, str, bytes]]) -> list[Attachment]:
        out = []
        for name, ctype, data in files:
            out.append(Attachment(self.snowflake(), name, len(data), ctype or "image/png",
                                  data[:8] == b"\x89PNG\r\n\x1a\n",
                                  data if self.keep_pictures else None))
        return out

    def _unknown_emoji(self, payload: dict[str, Any]) -> list[str]:
        """A component may only show a custom emoji that exists (the bot's own, here)."""
        return [f"{where}.id: Invalid emoji" for where, eid in
                component_emoji_ids(payload.get("components"))
                if not eid.isdigit() or int(eid) not in self.app_emojis]

    def _new_message(self, channel_id: int, payload: dict[str, Any],
                     files: list[tuple[str, str, bytes]], **kw: Any) -> Message:
        problems = check_message(payload, len(files), creating=True)
        problems += self._unknown_emoji(payload)
        if problems:
            raise invalid_form(problems)
        m = Message(self.snowflake(), channel_id, self.bot.id,
                    content=str(payload.get("content") or ""),
                    components=list(payload.get("components") or []),
                    embeds=list(payload.get("embeds") or []),
                    attachments=self._files(files),
                    flags=int(payload.get("flags") or 0) & (EPHEMERAL | (1 << 2) | (1 << 12)),
                    **kw)
        m.history.append(m.content)
        m.pings += pings(m.content, payload.get("allowed_mentions"))
        self.messages[m.id] = m
        self.channel_messages.setdefault(channel_id, []).append(m.id)
        self._changed(m)
        return m

    def _edit(self, m: Message, payload: dict[str, Any],
              files: list[tuple[str, str, bytes]]) -> Message:
        problems = check_message(payload, len(files), creating=False)
        problems += self._unknown_emoji(payload)
        if problems:
            raise invalid_form(problems)
        if "content" in payload:
            m.content = str(payload["content"] or "")
        if "components" in payload:
            m.components = list(payload["components"] or [])
        if "embeds" in payload:
            m.embeds = list(payload["embeds"] or [])
        new = self._files(files)
        if "attachments" in payload:
            keep_ids = {int(a["id"]) for a in payload["attachments"] or []
                        if isinstance(a, dict) and str(a.get("id", "")).isdigit()}
            m.attachments = [a for a in m.attachments if a.id in keep_ids] + new
        else:
            m.attachments += new
        if len(m.attachments) > 10:
            raise invalid_form(["attachments: over 10"])
        if not (m.content or m.embeds or m.attachments or m.components):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        m.flags &= ~LOADING
        m.edited = time.time()
        m.version += 1
        m.history.append(m.content)
        if "content" in payload:
            m.pings += pings(m.content, payload.get("allowed_mentions"))
        self._changed(m)
        return m

    async def _announce(self, m: Message, event: str) -> None:
        if m.ephemeral:
            return  # bots get no gateway events for ephemeral messages
        ch = self.channels[m.channel_id]
        intent = INTENT_DM_MESSAGES if ch.type == 1 else INTENT_GUILD_MESSAGES
        if not any(s.intents & intent for s in self.sessions.values()):
            return  # no session asked for these events: the payload is not even built
        await self.dispatch(event, self.message_payload(m), intent, guild_id=ch.guild_id)

    async def dispatch(self, event: str, data: dict[str, Any], intent: int = 0,
                       guild_id: int | None = None) -> None:
        """Sends a gateway event; ``Gateway.dispatch`` is the one a ``DiscordDouble`` runs
        (declared here so the message store can announce what changed)."""
        raise NotImplementedError

    def _check_app(self, app: str) -> None:
        if app != str(self.application_id):
            raise DiscordError(403, 50001, "Missing Access")
