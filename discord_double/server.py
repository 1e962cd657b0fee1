"""A strict stand-in for Discord on 127.0.0.1: the gateway and the REST routes the bot calls.

The unmodified bot (``python bot.py``) reaches it through two settings only:
``DISCORD_API_BASE=http://127.0.0.1:<port>/api/v10`` and
``DISCORD_GATEWAY_URL=ws://127.0.0.1:<port>/gateway``.

Strict like Discord:

* messages: 2,000 characters, 5 action rows of 5, 25 select options, 100-character
  custom_ids, unique ids, no empty message (400 code 50035 / 50006);
* interactions: acknowledged within 3 s (else 404 code 10062), once (else 400 code
  40060); followups and edits through the token for 15 min (else 401 code 50027);
* a DM to a user who closed DMs: 403 code 50007;
* rate limits: 5 messages per 5 s per channel, 50 requests per second per bot (interaction
  callbacks and interaction webhooks are exempt, as on Discord); a 429 carries
  ``Retry-After``, ``X-RateLimit-*``, ``Via`` and the JSON body discord.py reads.

Everything the bot did is recorded (``requests``, ``rejections``, ``ratelimited``,
``acks``) so tests and the load test can assert on it. Times come from
``time.monotonic``; the 3 s / 15 min limits are fields so a test can shorten them.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime as dt
import itertools
import json
import logging
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from discord_double.mentions import pings
from discord_double.validate import check_commands, check_message

log = logging.getLogger("discord_double")

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
# gateway opcodes
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 6, 7, 9, 10, 11,
)
INTENT_GUILDS, INTENT_GUILD_MESSAGES, INTENT_DM_MESSAGES = 1 << 0, 1 << 9, 1 << 12
ALL_PERMISSIONS = str((1 << 41) - 1)


@dataclass
class Limits:
    """Discord's numbers; fields so a test can tighten or loosen one of them."""

    ack_seconds: float = 3.0
    token_seconds: float = 15 * 60
    channel_messages: tuple[int, float] = (5, 5.0)  # POST /channels/{id}/messages
    channel_edits: tuple[int, float] = (5, 5.0)  # PATCH /channels/{id}/messages/{id}
    global_per_second: int = 50
    heartbeat_ms: int = 41250
    gateway_latency: float = 0.02  # a heartbeat ACK comes back after this, as over a network
    app_emoji: int = 2000  # custom emoji an application may own
    emoji_bytes: int = 256 * 1024  # largest emoji image


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            out["errors"] = self.errors
        return out


def invalid_form(problems: list[str]) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", {"_problems": problems})


class Created(dict[str, Any]):
    """A handler's result answered with 201 Created (as Discord answers a new emoji)."""


EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
IMAGE_DATA = re.compile(r"data:image/(png|jpeg|gif|webp);base64,(.*)", re.S)


def component_emoji_ids(components: Any) -> list[tuple[str, str]]:
    """(where, id) of every custom emoji on buttons and select options of a message."""
    out = []
    for r, row in enumerate(components or []):
        for c, comp in enumerate((row or {}).get("components") or []):
            if not isinstance(comp, dict):
                continue
            emoji = comp.get("emoji")
            if isinstance(emoji, dict) and emoji.get("id"):
                out.append((f"components[{r}].components[{c}].emoji", str(emoji["id"])))
            for o, opt in enumerate(comp.get("options") or []):
                e = opt.get("emoji") if isinstance(opt, dict) else None
                if isinstance(e, dict) and e.get("id"):
                    out.append((f"components[{r}].components[{c}].options[{o}].emoji",
                                str(e["id"])))
    return out


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    dm_fails: bool = False  # every message to or edit in their DM answers HTTP 500

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot, "public_flags": 0,
                "flags": 0}


@dataclass
class Channel:
    id: int
    type: int  # 0 guild text, 1 DM
    guild_id: int | None = None
    name: str = ""
    recipient: int | None = None  # DM: the person (the other side is the bot)

    def payload(self, users: dict[int, User]) -> dict[str, Any]:
        if self.type == 1:
            rec = users[self.recipient] if self.recipient is not None else None
            return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0,
                    "recipients": [rec.payload()] if rec else []}
        return {"id": str(self.id), "type": 0, "guild_id": str(self.guild_id), "name": self.name,
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "topic": None, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[int] = field(default_factory=list)
    members: list[int] = field(default_factory=list)


@dataclass
class Attachment:
    id: int
    filename: str
    size: int
    content_type: str
    png: bool
    data: bytes | None = None  # kept only when the double is asked to keep pictures


@dataclass
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None  # ephemeral: the only user who sees it
    interaction_id: int | None = None
    webhook_id: int | None = None
    created: float = field(default_factory=time.time)
    edited: float | None = None
    version: int = 0  # bumped on every edit (scripted users notice changes by it)
    history: list[str] = field(default_factory=list)  # every content it has had
    pings: list[str] = field(default_factory=list)  # every mention that notified someone

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    source_message_id: int | None
    created: float  # monotonic, when dispatched
    data: dict[str, Any] = field(default_factory=dict)
    acked: float | None = None
    ack_type: int | None = None
    original_id: int | None = None
    failed: str | None = None  # why the user saw "This interaction failed"
    followups: list[int] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # ephemeral answers' text
    done: asyncio.Event = field(default_factory=asyncio.Event)  # set when acknowledged

    @property
    def latency(self) -> float | None:
        return None if self.acked is None else self.acked - self.created


@dataclass
class Session:
    id: str
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=20000))
    ws: web.WebSocketResponse | None = None
    intents: int = 0
    shard: tuple[int, int] = (0, 1)  # (shard id, shard count) from IDENTIFY


class Bucket:
    """A fixed window like Discord's: ``limit`` requests, then wait until ``reset``."""

    def __init__(self, name: str, limit: int, per: float) -> None:
        self.name, self.limit, self.per = name, limit, per
        self.reset = 0.0
        self.remaining = limit

    def take(self, now: float) -> float:
        """0 if the request may go now (and counts it), else seconds until it may."""
        if now >= self.reset:
            self.reset = now + self.per
            self.remaining = self.limit
        if self.remaining <= 0:
            return self.reset - now
        self.remaining -= 1
        return 0.0

    def headers(self, now: float) -> dict[str, str]:
        after = max(0.0, self.reset - now)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.remaining)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": self.name,
        }


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it: ``Content-Type: application/json`` exactly (discord.py compares)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers=(headers or {}) | {"Content-Type": "application/json"})


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat()



_BOUNDARY = re.compile(r'boundary=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
_PARAM = re.compile(r';\s*([\w*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


def multipart_parts(raw: bytes, content_type: str) -> list[tuple[dict[str, str], bytes]]:
    """The parts of a ``multipart/form-data`` body: (headers with lower-case names, data).
    (aiohttp's reader parses each part's headers with the e-mail package: several times
    slower than the bot's request itself, for a form of two parts.)"""
    m = _BOUNDARY.search(content_type)
    if m is None:
        raise invalid_form(["multipart body without a boundary"])
    delimiter = b"--" + (m[1] or m[2]).encode()
    if not raw.startswith(delimiter):
        raise invalid_form(["multipart body does not start with its boundary"])
    parts = raw[len(delimiter):].split(b"\r\n" + delimiter)
    if not parts[-1].startswith(b"--"):
        raise invalid_form(["multipart body without its closing boundary"])
    out = []
    for part in parts[:-1]:
        if not part.startswith(b"\r\n"):
            raise invalid_form(["malformed multipart part"])
        head, sep, data = part[2:].partition(b"\r\n\r\n")
        if not sep:
            raise invalid_form(["multipart part without a blank line after its headers"])
        headers: dict[str, str] = {}
        for line in head.decode("utf-8").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                raise invalid_form([f"malformed multipart header {line!r}"])
            headers[name.strip().lower()] = value.strip()
        out.append((headers, data))
    return out


def disposition_params(value: str) -> dict[str, str]:
    """``form-data; name="files[0]"; filename="hand.png"`` → {name, filename}."""
    out: dict[str, str] = {}
    for key, quoted, bare in _PARAM.findall(value):
        key = key.lower()
        text = re.sub(r"\\(.)", r"\1", quoted) if quoted else bare
        if key.endswith("*"):  # RFC 5987: utf-8''percent-encoded
            from urllib.parse import unquote

            key, text = key[:-1], unquote(text.split("''", 1)[-1])
        out[key] = text
    return out

class DiscordDouble:
    """One fake Discord: a bot application, guilds, channels, users, and the server."""

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

    # -- serving --------------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """The settings that point the bot here."""
        return {"DISCORD_TOKEN": self.token, "DISCORD_API_BASE": self.api_base,
                "DISCORD_GATEWAY_URL": self.gateway_url}

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        for s in self.sessions.values():
            if s.ws is not None and not s.ws.closed:
                with contextlib.suppress(Exception):
                    await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- gateway --------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The bot's live session, if it is connected."""
        live = [s for s in self.sessions.values() if s.ws is not None and not s.ws.closed]
        return live[-1] if live else None

    @property
    def connected(self) -> bool:
        return self.session is not None

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=16 * 1024 * 1024)
        await ws.prepare(request)
        self.connections += 1
        session: Session | None = None
        await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval":
                                                          self.limits.heartbeat_ms}}))
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    if msg.type in (WSMsgType.BINARY,):
                        await ws.close(code=4002, message=b"Error while decoding payload")
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await ws.close(code=4002, message=b"Error while decoding payload")
                    break
                op, d = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    # answered after a network-like delay: discord.py measures the ACK against
                    # the time its heartbeat thread noted the send, which on loopback could
                    # otherwise come after the ACK (a bogus "Can't keep up" warning)
                    asyncio.get_running_loop().call_later(
                        self.limits.gateway_latency, self._ack_heartbeat, ws)
                elif op == IDENTIFY:
                    if session is not None:
                        await ws.close(code=4005, message=b"Already authenticated")
                        break
                    if not isinstance(d, dict) or d.get("token") != self.token:
                        await ws.close(code=4004, message=b"Authentication failed")
                        break
                    shard = d.get("shard") or [0, 1]
                    if (not isinstance(shard, list) or len(shard) != 2
                            or not all(isinstance(x, int) for x in shard)
                            or not 0 <= shard[0] < shard[1]):
                        await ws.close(code=4010, message=b"Invalid shard")
                        break
                    self.identifies += 1
                    self.identified_shards.append((shard[0], shard[1]))
                    session = Session(id=f"s{self.snowflake():x}", intents=int(d.get("intents", 0)),
                                      shard=(shard[0], shard[1]))
                    self.sessions[session.id] = session
                    session.ws = ws
                    await self._ready(session)
                elif op == RESUME:
                    old = self.sessions.get(str((d or {}).get("session_id")))
                    if old is None or (d or {}).get("token") != self.token:
                        await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
                        continue
                    self.resumes += 1
                    session = old
                    session.ws = ws
                    after = int((d or {}).get("seq") or 0)
                    for seq, text in list(session.buffer):
                        if seq > after:
                            await ws.send_str(text)
                    await self._dispatch(session, "RESUMED", {})
                elif op in (3, 4, 8):  # presence, voice, request members: nothing to do
                    continue
                else:
                    await ws.close(code=4001, message=b"Unknown opcode")
                    break
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
        return ws

    def _ack_heartbeat(self, ws: web.WebSocketResponse) -> None:
        if not ws.closed:
            task = asyncio.ensure_future(ws.send_str(json.dumps({"op": HEARTBEAT_ACK})))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def shard_of(self, guild_id: int | None, shard_count: int) -> int:
        """Discord's routing: a guild's events go to ``(guild_id >> 22) % shard_count``,
        direct messages (no guild) to shard 0."""
        return 0 if guild_id is None else (guild_id >> 22) % shard_count

    async def _ready(self, s: Session) -> None:
        shard, count = s.shard
        guilds = [g for g in self.guilds.values()
                  if self.bot.id in g.members and self.shard_of(g.id, count) == shard]
        await self._dispatch(s, "READY", {
            "v": 10, "user": self.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": s.id, "session_type": "normal",
            "resume_gateway_url": self.gateway_url, "shard": [shard, count],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [],
            "user_settings": {}, "guild_join_requests": [], "geo_ordered_rtc_regions": [],
        })
        for g in guilds:
            await self._dispatch(s, "GUILD_CREATE", self.guild_payload(g))

    def guild_payload(self, g: Guild) -> dict[str, Any]:
        return {
            "id": str(g.id), "name": g.name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(g.owner_id), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": "en-US", "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "features": [], "emojis": [],
            "stickers": [], "roles": [{
                "id": str(g.id), "name": "@everyone", "color": 0, "hoist": False,
                "position": 0, "permissions": str(0x0000000000000C00 | (1 << 15) | (1 << 16)),
                "managed": False, "mentionable": False, "flags": 0,
            }],
            "joined_at": _iso(time.time()), "large": False, "unavailable": False,
            "member_count": len(g.members), "voice_states": [], "presences": [],
            "members": [self.member_payload(g, self.bot.id)],
            "channels": [self.channels[c].payload(self.users) | {"position": i}
                         for i, c in enumerate(g.channels)],
            "threads": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def member_payload(self, g: Guild, user_id: int) -> dict[str, Any]:
        perms = ALL_PERMISSIONS if user_id == g.owner_id else str((1 << 10) | (1 << 11))
        return {"user": self.users[user_id].payload(), "roles": [], "joined_at": _iso(time.time()),
                "deaf": False, "mute": False, "flags": 0, "pending": False, "nick": None,
                "avatar": None, "permissions": perms, "communication_disabled_until": None}

    async def _dispatch(self, s: Session, event: str, data: dict[str, Any]) -> None:
        s.seq += 1
        text = json.dumps({"op": DISPATCH, "t": event, "s": s.seq, "d": data})
        s.buffer.append((s.seq, text))
        if s.ws is not None and not s.ws.closed:
            try:
                await s.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                s.ws = None  # the resume will replay it

    async def dispatch(self, event: str, data: dict[str, Any], intent: int = 0,
                       guild_id: int | None = None) -> None:
        """To the bot's latest session of the shard that holds ``guild_id`` (shard 0 for
        direct messages); buffered for a RESUME when it is not connected."""
        if not self.sessions:
            return
        latest = list(self.sessions.values())
        count = latest[-1].shard[1]
        shard = self.shard_of(guild_id, count)
        mine = [x for x in latest if x.shard == (shard, count)]
        if not mine:
            return  # no process runs that shard: Discord would queue nothing either
        s = mine[-1]
        if intent and not s.intents & intent:
            return
        await self._dispatch(s, event, data)

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (op 7): it must RESUME and get what it missed."""
        s = self.session
        if s is not None and s.ws is not None:
            await s.ws.send_str(json.dumps({"op": RECONNECT, "d": None}))

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's connection as a network failure would (it resumes)."""
        s = self.session
        if s is not None and s.ws is not None:
            await s.ws.close(code=code, message=b"Unknown error")

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

    # -- REST -----------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        route, handler, params, bucket = self._route(method, path)
        now = time.monotonic()
        self.request_paths.append((now, method, path))
        headers: dict[str, str] = {"Via": "1.1 google"}
        try:
            if handler is None:
                self.unknown_routes.append(f"{method} {path}")
                raise DiscordError(404, 0, "404: Not Found")
            interaction_route = route.startswith(("/interactions", "/webhooks"))
            fault = self.chaos(method, route) if self.chaos is not None and \
                not route.startswith("/interactions") else None
            if fault is not None:
                self.injected.append((method, route, fault))
                if fault == 429:
                    return self._429(0.5, False, headers | {"X-RateLimit-Scope": "shared"})
                return _json({"message": "500: Internal Server Error", "code": 0},
                             status=fault, headers=headers)
            if not interaction_route:
                auth = request.headers.get("Authorization", "")
                if auth != f"Bot {self.token}":
                    raise DiscordError(401, 0, "401: Unauthorized")
                while self._global and now - self._global[0] >= 1.0:
                    self._global.popleft()
                if len(self._global) >= self.limits.global_per_second:
                    retry = 1.0 - (now - self._global[0])
                    self.ratelimited.append((method, route, True))
                    return self._429(retry, True, headers | {"X-RateLimit-Global": "true",
                                                             "X-RateLimit-Scope": "global"})
                self._global.append(now)
            if bucket is not None:
                name, major, limit, per = bucket
                b = self._buckets.get((name, major))
                if b is None:
                    b = self._buckets[(name, major)] = Bucket(name, limit, per)
                wait = b.take(now)
                headers |= b.headers(now)
                if wait > 0:
                    self.ratelimited.append((method, route, False))
                    return self._429(wait, False, headers | {"X-RateLimit-Scope": "user"})
            payload, files = await self._body(request)
            result = await handler(payload, files, request, **params)
        except DiscordError as exc:
            self.requests.append((method, route, exc.status))
            self.rejections.append((method, route, exc.status, exc.code, exc.message
                                    + (f" {exc.errors}" if exc.errors else "")))
            log.info("rejected %s %s: %s %s", method, path, exc, exc.errors or "")
            return _json(exc.body(), status=exc.status, headers=headers)
        status = 204 if result is None else 201 if isinstance(result, Created) else 200
        self.requests.append((method, route, status))
        if result is None:
            return web.Response(status=204, headers=headers)
        return _json(result, status=status, headers=headers)

    def _429(self, retry: float, is_global: bool, headers: dict[str, str]) -> web.Response:
        retry = max(retry, 0.001)
        headers = headers | {"Retry-After": str(math.ceil(retry))}
        return _json({"message": "You are being rate limited.",
                                  "retry_after": round(retry, 3), "global": is_global,
                                  "code": 0}, status=429, headers=headers)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, str, bytes]]]:
        content_type = request.headers.get("Content-Type", "")
        raw = await request.read()
        if content_type.lower().startswith("multipart/"):
            payload: dict[str, Any] = {}
            files: list[tuple[str, str, bytes]] = []
            for headers, data in multipart_parts(raw, content_type):
                params = disposition_params(headers.get("content-disposition", ""))
                name = params.get("name", "")
                if headers.get("content-type", "").lower().startswith("multipart/"):
                    raise invalid_form(["nested multipart"])
                if name == "payload_json":
                    payload = json.loads(data)
                elif name.startswith("files[") and name.endswith("]"):
                    files.append((params.get("filename") or "file",
                                  headers.get("content-type", ""), data))
                else:
                    raise invalid_form([f"unexpected form field {name!r}"])
            return payload, files
        if not raw:
            return {}, []
        try:
            body = json.loads(raw)
        except ValueError:
            raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None
        return (body if isinstance(body, dict) else {"_list": body}), []

    def _route(self, method: str, path: str) -> tuple[str, Any, dict[str, str], Any]:
        parts = path.strip("/").split("/")
        table: list[tuple[str, str, Any, Any]] = [
            ("GET", "users/@me", self._get_me, None),
            ("GET", "oauth2/applications/@me", self._get_app, None),
            ("GET", "applications/@me", self._get_app, None),
            ("GET", "gateway/bot", self._get_gateway, None),
            ("GET", "gateway", self._get_gateway, None),
            ("PUT", "applications/{app}/commands", self._put_commands, None),
            ("GET", "applications/{app}/commands", self._get_commands, None),
            ("PUT", "applications/{app}/guilds/{guild}/commands", self._put_commands, None),
            ("GET", "applications/{app}/guilds/{guild}/commands", self._get_commands, None),
            ("GET", "applications/{app}/emojis", self._list_emojis, None),
            ("POST", "applications/{app}/emojis", self._create_emoji, None),
            ("GET", "applications/{app}/emojis/{emoji}", self._get_emoji, None),
            ("PATCH", "applications/{app}/emojis/{emoji}", self._patch_emoji, None),
            ("DELETE", "applications/{app}/emojis/{emoji}", self._delete_emoji, None),
            ("POST", "users/@me/channels", self._create_dm, None),
            ("GET", "users/{user}", self._get_user, None),
            ("GET", "channels/{channel}", self._get_channel, None),
            ("POST", "channels/{channel}/messages", self._post_message, "messages"),
            ("GET", "channels/{channel}/messages/{message}", self._get_message, None),
            ("PATCH", "channels/{channel}/messages/{message}", self._patch_message, "edits"),
            ("DELETE", "channels/{channel}/messages/{message}", self._delete_message, None),
            ("POST", "interactions/{iid}/{token}/callback", self._callback, None),
            ("POST", "webhooks/{app}/{token}", self._followup, None),
            ("GET", "webhooks/{app}/{token}/messages/{message}", self._get_webhook_message, None),
            ("PATCH", "webhooks/{app}/{token}/messages/{message}", self._patch_webhook_message,
             None),
            ("DELETE", "webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message,
             None),
        ]
        for m, pattern, handler, bucket in table:
            pp = pattern.split("/")
            if m != method or len(pp) != len(parts):
                continue
            params: dict[str, str] = {}
            for a, b in zip(pp, parts, strict=True):
                if a.startswith("{"):
                    params[a[1:-1]] = b
                elif a != b:
                    break
            else:
                b_spec = None
                if bucket == "messages":
                    n, per = self.limits.channel_messages
                    b_spec = ("messages", int(params["channel"]), n, per)
                elif bucket == "edits":
                    n, per = self.limits.channel_edits
                    b_spec = ("edits", int(params["channel"]), n, per)
                return "/" + pattern, handler, params, b_spec
        return path, None, {}, None

    # -- handlers -------------------------------------------------------------------------

    async def _get_me(self, payload: Any, files: Any, request: Any) -> dict[str, Any]:
        return self.bot.payload() | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def _get_app(self, payload: Any, files: Any, request: Any) -> dict[str, Any]:
        return {"id": str(self.application_id), "name": self.bot.name, "icon": None,
                "description": "", "rpc_origins": [], "bot_public": True,
                "bot_require_code_grant": False, "owner": self.users[self.bot.id].payload(),
                "summary": "", "verify_key": "00" * 32, "team": None, "flags": 0,
                "bot": self.bot.payload(), "approximate_guild_count": len(self.guilds),
                "interactions_endpoint_url": None, "redirect_uris": [], "tags": []}

    async def _get_gateway(self, payload: Any, files: Any, request: Any) -> dict[str, Any]:
        return {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    def _check_app(self, app: str) -> None:
        if app != str(self.application_id):
            raise DiscordError(403, 50001, "Missing Access")

    async def _put_commands(self, payload: dict[str, Any], files: Any, request: Any, app: str,
                            guild: str | None = None) -> list[dict[str, Any]]:
        self._check_app(app)
        commands = payload.get("_list")
        problems = check_commands(commands)
        if problems:
            raise invalid_form(problems)
        assert isinstance(commands, list)
        stored = []
        self.commands = {}
        for c in commands:
            obj = dict(c) | {"id": str(self.snowflake()), "application_id": str(self.application_id),
                             "version": str(self.snowflake()), "type": c.get("type", 1)}
            if guild is not None:
                obj["guild_id"] = guild
            self.commands[str(c["name"])] = obj
            stored.append(obj)
        self._changed()
        return stored

    async def _get_commands(self, payload: Any, files: Any, request: Any, app: str,
                            guild: str | None = None) -> list[dict[str, Any]]:
        self._check_app(app)
        return list(self.commands.values())

    # -- application emoji ----------------------------------------------------------------

    def _emoji_payload(self, e: dict[str, Any]) -> dict[str, Any]:
        return {"id": str(e["id"]), "name": e["name"], "roles": [], "require_colons": True,
                "managed": False, "animated": e["animated"], "available": True,
                "user": self.bot.payload()}

    def _check_emoji_app(self, app: str) -> None:
        self._check_app(app)
        if self.refuse_emoji:
            raise DiscordError(403, 50013, "Missing Permissions")

    def _app_emoji(self, app: str, emoji: str) -> dict[str, Any]:
        self._check_emoji_app(app)
        e = self.app_emojis.get(int(emoji)) if emoji.isdigit() else None
        if e is None:
            raise DiscordError(404, 10014, "Unknown Emoji")
        return e

    def _check_emoji_name(self, name: Any, except_id: int | None = None) -> None:
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            raise invalid_form([f"name: {name!r} must be 2-32 characters of [A-Za-z0-9_]"])
        if any(e["name"] == name and e["id"] != except_id for e in self.app_emojis.values()):
            raise invalid_form([f"name: an emoji named {name!r} already exists"])

    async def _list_emojis(self, payload: Any, files: Any, request: Any,
                           app: str) -> dict[str, Any]:
        self._check_emoji_app(app)
        return {"items": [self._emoji_payload(e) for e in self.app_emojis.values()]}

    async def _create_emoji(self, payload: dict[str, Any], files: Any, request: Any,
                            app: str) -> Created:
        self._check_emoji_app(app)
        self._check_emoji_name(payload.get("name"))
        m = IMAGE_DATA.fullmatch(str(payload.get("image") or ""))
        if m is None:
            raise invalid_form(["image: a data URI of a PNG, JPEG, GIF or WebP image"])
        try:
            data = base64.b64decode(m.group(2), validate=True)
        except ValueError:
            raise invalid_form(["image: not base64"]) from None
        if len(data) > self.limits.emoji_bytes:
            raise DiscordError(400, 50138, "Failed to resize asset below the maximum size: "
                               f"{self.limits.emoji_bytes}")
        if len(self.app_emojis) >= self.limits.app_emoji:
            raise DiscordError(400, 30018, f"Maximum number of emojis reached "
                               f"({self.limits.app_emoji})")
        e = {"id": self.snowflake(), "name": payload["name"], "animated": m.group(1) == "gif",
             "image": data}
        self.app_emojis[e["id"]] = e
        return Created(self._emoji_payload(e))

    async def _get_emoji(self, payload: Any, files: Any, request: Any, app: str,
                         emoji: str) -> dict[str, Any]:
        return self._emoji_payload(self._app_emoji(app, emoji))

    async def _patch_emoji(self, payload: dict[str, Any], files: Any, request: Any, app: str,
                           emoji: str) -> dict[str, Any]:
        e = self._app_emoji(app, emoji)
        self._check_emoji_name(payload.get("name"), except_id=e["id"])
        e["name"] = payload["name"]
        return self._emoji_payload(e)

    async def _delete_emoji(self, payload: Any, files: Any, request: Any, app: str,
                            emoji: str) -> None:
        e = self._app_emoji(app, emoji)
        del self.app_emojis[e["id"]]
        return None

    def emoji_requests(self, method: str) -> int:
        """How many application-emoji requests of ``method`` the bot made (any outcome)."""
        return sum(1 for m, r, _ in self.requests
                   if m == method and r.startswith("/applications/{app}/emojis"))

    async def _create_dm(self, payload: dict[str, Any], files: Any, request: Any) -> dict[str, Any]:
        uid = int(payload.get("recipient_id", 0))
        if uid not in self.users:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.dm_channel(uid).payload(self.users)

    async def _get_user(self, payload: Any, files: Any, request: Any, user: str) -> dict[str, Any]:
        u = self.users.get(int(user)) if user.isdigit() else None
        if u is None:
            raise DiscordError(404, 10013, "Unknown User")
        return u.payload()

    def _channel(self, channel: str) -> Channel:
        c = self.channels.get(int(channel)) if channel.isdigit() else None
        if c is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return c

    async def _get_channel(self, payload: Any, files: Any, request: Any, channel: str) -> dict[str, Any]:
        return self._channel(channel).payload(self.users)

    async def _post_message(self, payload: dict[str, Any], files: list[Any], request: Any,
                            channel: str) -> dict[str, Any]:
        ch = self._channel(channel)
        if ch.type == 1:
            rec = self.users.get(ch.recipient or 0)
            if rec is None or not rec.dms_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            if rec.dm_fails:
                raise DiscordError(500, 0, "500: Internal Server Error")
        m = self._new_message(ch.id, payload, files)
        await self._announce(m, "MESSAGE_CREATE")
        return self.message_payload(m)

    def _message(self, ch: Channel, message: str) -> Message:
        m = self.messages.get(int(message)) if message.isdigit() else None
        if m is None or m.channel_id != ch.id or m.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return m

    async def _get_message(self, payload: Any, files: Any, request: Any, channel: str,
                           message: str) -> dict[str, Any]:
        return self.message_payload(self._message(self._channel(channel), message))

    async def _patch_message(self, payload: dict[str, Any], files: list[Any], request: Any,
                             channel: str, message: str) -> dict[str, Any]:
        ch = self._channel(channel)
        m = self._message(ch, message)
        rec = self.users.get(ch.recipient or 0) if ch.type == 1 else None
        if rec is not None and rec.dm_fails:
            raise DiscordError(500, 0, "500: Internal Server Error")
        if m.author_id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._edit(m, payload, files)
        await self._announce(m, "MESSAGE_UPDATE")
        return self.message_payload(m)

    async def _delete_message(self, payload: Any, files: Any, request: Any, channel: str,
                              message: str) -> None:
        ch = self._channel(channel)
        m = self._message(ch, message)
        self.channel_messages[ch.id].remove(m.id)
        del self.messages[m.id]
        self._changed()
        return None

    # -- interactions ---------------------------------------------------------------------

    def _interaction_by_token(self, app: str, token: str) -> Interaction:
        self._check_app(app)
        i = self._by_token.get(token)
        if i is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if time.monotonic() - i.created > self.limits.token_seconds:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return i

    async def _callback(self, payload: dict[str, Any], files: list[Any], request: Any, iid: str,
                        token: str) -> dict[str, Any] | None:
        i = self.interactions.get(int(iid)) if iid.isdigit() else None
        if i is None or i.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        now = time.monotonic()
        if i.acked is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - i.created > self.limits.ack_seconds:
            i.failed = i.failed or "not acknowledged within 3 s"
            raise DiscordError(404, 10062, "Unknown interaction")
        kind = int(payload.get("type", 0))
        data = dict(payload.get("data") or {})
        ch = i.channel_id
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        msg: Message | None = None
        if kind == 4:
            visible = i.user_id if ephemeral else None
            msg = self._new_message(ch, data, files, visible_to=visible, interaction_id=i.id,
                                    webhook_id=self.application_id)
            if ephemeral:
                i.refused.append(msg.content)
        elif kind == 5:
            msg = self._loading(i, ephemeral)
        elif kind in (6, 7):
            if i.source_message_id is None:
                raise DiscordError(400, 40004, "Interaction has no message to update")
            msg = self.messages[i.source_message_id]
            if kind == 7:
                self._edit(msg, data, files)
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise invalid_form(["choices: over 25"])
        else:
            raise invalid_form([f"type: {kind} is not an interaction callback type"])
        i.acked = now
        i.ack_type = kind
        i.done.set()
        i.original_id = msg.id if msg is not None else None
        # listeners hear of a new message (4, 5); an update (7) told them in its edit, and a
        # deferred update (6) changes no message (a listener would read the clicked message,
        # still as it was, as news)
        self._changed(msg if kind in (4, 5) else None)
        if msg is not None and kind in (4, 5) and not msg.ephemeral:
            await self._announce(msg, "MESSAGE_CREATE")
        with_response = request.query.get("with_response") in ("1", "true", "True")
        if not with_response:
            return None
        out: dict[str, Any] = {"interaction": {
            "id": str(i.id), "type": i.type, "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(msg and msg.ephemeral),
        }}
        if msg is not None:
            out["interaction"]["response_message_id"] = str(msg.id)
            out["resource"] = {"type": kind, "message": self.message_payload(msg)}
        return out

    def _loading(self, i: Interaction, ephemeral: bool) -> Message:
        m = Message(self.snowflake(), i.channel_id, self.bot.id,
                    flags=LOADING | (EPHEMERAL if ephemeral else 0),
                    visible_to=i.user_id if ephemeral else None, interaction_id=i.id,
                    webhook_id=self.application_id)
        self.messages[m.id] = m
        self.channel_messages.setdefault(i.channel_id, []).append(m.id)
        return m

    def _original(self, i: Interaction) -> Message:
        if i.acked is None or i.original_id is None or i.original_id not in self.messages:
            raise DiscordError(404, 10008, "Unknown Message")
        return self.messages[i.original_id]

    async def _followup(self, payload: dict[str, Any], files: list[Any], request: Any, app: str,
                        token: str) -> dict[str, Any]:
        i = self._interaction_by_token(app, token)
        if i.acked is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
        orig = self.messages.get(i.original_id or 0)
        if i.ack_type == 5 and orig is not None and orig.flags & LOADING:
            # the first followup after a "thinking" deferral fills the loading message
            problems = check_message(payload, len(files), creating=True)
            if problems:
                raise invalid_form(problems)
            m = self._edit(orig, payload, files)
        else:
            m = self._new_message(i.channel_id, payload, files,
                                  visible_to=i.user_id if ephemeral else None,
                                  interaction_id=i.id, webhook_id=self.application_id)
            await self._announce(m, "MESSAGE_CREATE")
        i.followups.append(m.id)
        if m.ephemeral and not m.components:
            i.refused.append(m.content)
        return self.message_payload(m)

    def _webhook_message(self, i: Interaction, message: str) -> Message:
        if message == "@original":
            return self._original(i)
        m = self.messages.get(int(message)) if message.isdigit() else None
        if m is None or m.interaction_id != i.id:
            raise DiscordError(404, 10008, "Unknown Message")
        return m

    async def _get_webhook_message(self, payload: Any, files: Any, request: Any, app: str,
                                   token: str, message: str) -> dict[str, Any]:
        i = self._interaction_by_token(app, token)
        return self.message_payload(self._webhook_message(i, message))

    async def _patch_webhook_message(self, payload: dict[str, Any], files: list[Any],
                                     request: Any, app: str, token: str,
                                     message: str) -> dict[str, Any]:
        i = self._interaction_by_token(app, token)
        m = self._webhook_message(i, message)
        self._edit(m, payload, files)
        await self._announce(m, "MESSAGE_UPDATE")
        return self.message_payload(m)

    async def _delete_webhook_message(self, payload: Any, files: Any, request: Any, app: str,
                                      token: str, message: str) -> None:
        i = self._interaction_by_token(app, token)
        m = self._webhook_message(i, message)
        self.channel_messages[m.channel_id].remove(m.id)
        del self.messages[m.id]
        self._changed()
        return None

    # -- what users do ------------------------------------------------------------------------

    def _interaction(self, kind: int, user: User, channel_id: int, data: dict[str, Any],
                     message: Message | None) -> tuple[Interaction, dict[str, Any]]:
        ch = self.channels[channel_id]
        i = Interaction(self.snowflake(), f"tok{self.snowflake():x}x" * 3, kind, user.id,
                        channel_id, ch.guild_id, message.id if message else None,
                        time.monotonic(), data)
        self.interactions[i.id] = i
        self._by_token[i.token] = i
        body: dict[str, Any] = {
            "id": str(i.id), "application_id": str(self.application_id), "type": kind,
            "data": data, "token": i.token, "version": 1, "locale": user.locale,
            "channel_id": str(channel_id), "channel": ch.payload(self.users),
            "app_permissions": ALL_PERMISSIONS, "entitlements": [],
            "attachment_size_limit": 25 * 1024 * 1024,
        }
        if ch.guild_id is not None:
            g = self.guilds[ch.guild_id]
            body |= {"guild_id": str(g.id), "guild_locale": "en-US", "context": 0,
                     "member": self.member_payload(g, user.id),
                     "guild": {"id": str(g.id), "locale": "en-US", "features": []},
                     "authorizing_integration_owners": {"0": str(g.id)}}
        else:
            body |= {"user": user.payload(), "context": 1,
                     "authorizing_integration_owners": {"1": str(user.id)}}
        if message is not None:
            body["message"] = self.message_payload(message)
        return i, body

    async def click(self, user: User, message: Message, custom_id: str,
                    values: list[str] | None = None) -> Interaction:
        """A user presses a button (or picks from a select menu) on a message they can see."""
        if message.visible_to not in (None, user.id):
            raise ValueError("that message is not visible to this user")
        ch = self.channels[message.channel_id]
        if ch.type == 1 and ch.recipient != user.id:
            raise ValueError("that DM is not this user's")
        comp = next((c for row in message.components for c in row.get("components", [])
                     if c.get("custom_id") == custom_id), None)
        if comp is None or comp.get("disabled"):
            raise ValueError(f"no enabled component {custom_id!r} on that message")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = {o["value"] for o in comp.get("options", [])}
            if not values or not set(values) <= allowed:
                raise ValueError(f"{values!r} are not options of {custom_id!r}")
            # Discord's client lets one submit only between min_values and max_values options
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not lo <= len(set(values)) == len(values) <= hi:
                raise ValueError(f"{len(values)} values for a menu taking {lo} to {hi}")
            data["values"] = values
        i, body = self._interaction(3, user, ch.id, data, message)
        await self.dispatch("INTERACTION_CREATE", body, guild_id=ch.guild_id)
        return i

    async def slash(self, user: User, channel_id: int, name: str, sub: str | None = None,
                    **options: Any) -> Interaction:
        """A user runs a slash command that the bot has synced (``/name sub opt:value``)."""
        cmd = self.commands.get(name)
        if cmd is None:
            raise ValueError(f"/{name} is not a synced command")
        spec = cmd.get("options") or []
        target = cmd
        if sub is not None:
            target = next((o for o in spec if o.get("name") == sub and o.get("type") == 1), {})
            if not target:
                raise ValueError(f"/{name} has no subcommand {sub!r}")
        known = {o["name"]: o for o in target.get("options") or []}
        opts = []
        for k, v in options.items():
            o = known.get(k)
            if o is None:
                raise ValueError(f"/{name} {sub or ''} has no option {k!r}")
            if o.get("choices") and v not in [c["value"] for c in o["choices"]]:
                raise ValueError(f"{k}={v!r} is not one of the choices")
            opts.append({"name": k, "type": o["type"], "value": v})
        data: dict[str, Any] = {"id": cmd["id"], "name": name, "type": 1}
        if sub is not None:
            data["options"] = [{"name": sub, "type": 1, "options": opts}]
        else:
            data["options"] = opts
        if self.channels[channel_id].guild_id is not None:
            data["guild_id"] = str(self.channels[channel_id].guild_id)
        i, body = self._interaction(2, user, channel_id, data, None)
        await self.dispatch("INTERACTION_CREATE", body, guild_id=self.channels[channel_id].guild_id)
        return i

    async def wait_ack(self, i: Interaction, timeout: float | None = None) -> bool:
        """Wait until the bot acknowledges ``i``; False (and marked failed) after the limit."""
        limit = self.limits.ack_seconds if timeout is None else timeout
        left = i.created + limit - time.monotonic()
        if i.acked is None and left > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(i.done.wait(), left)
        if i.acked is None:
            i.failed = i.failed or "not acknowledged within 3 s"
            return False
        return True

    # -- figures --------------------------------------------------------------------------

    def ack_latencies(self) -> list[float]:
        return [i.latency for i in self.interactions.values() if i.latency is not None]

    def failed_interactions(self) -> list[Interaction]:
        return [i for i in self.interactions.values() if i.failed]
