"""What the Discord double keeps and answers with: its limits and errors, the records of
users, channels, guilds, messages, interactions and gateway sessions, rate-limit buckets,
and the multipart parsing of a message with files."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

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
    choices: list[dict[str, Any]] = field(default_factory=list)  # an autocomplete's answer
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
