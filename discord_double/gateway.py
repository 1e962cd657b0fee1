"""The double's gateway: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME with
replay, events routed to the shard that holds a guild, and the op 7 RECONNECT / dropped
connection a test asks for."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import WSMsgType, web

from discord_double.records import (
    ALL_PERMISSIONS,
    DISPATCH,
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    INVALID_SESSION,
    RECONNECT,
    RESUME,
    Guild,
    Session,
    _iso,
)
from discord_double.state import DoubleState


class Gateway(DoubleState):
    """The websocket side of the double."""

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
