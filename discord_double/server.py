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

This module holds the server (start, stop, REST dispatch with authorisation, rate limits and
fault injection, the route table) and what a test's users do (click, slash, wait_ack). The
rest lives by concern: ``records`` (limits, errors, records, multipart), ``state`` (the world
and the message store), ``gateway``, and the REST handler groups ``routes_app``,
``routes_messages`` and ``routes_interactions``, which ``DiscordDouble`` combines. Every
name of ``records`` is importable from here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from typing import Any

from aiohttp import web

from discord_double.gateway import Gateway
from discord_double.records import (
    ALL_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DISPATCH,
    EMOJI_NAME,
    EPHEMERAL,
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    IMAGE_DATA,
    INTENT_DM_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INVALID_SESSION,
    LOADING,
    RECONNECT,
    RESUME,
    Attachment,
    Bucket,
    Channel,
    Created,
    DiscordError,
    Guild,
    Interaction,
    Limits,
    Message,
    Session,
    User,
    _json,
    component_emoji_ids,
    disposition_params,
    invalid_form,
    multipart_parts,
)
from discord_double.routes_app import ApplicationRoutes
from discord_double.routes_interactions import InteractionRoutes
from discord_double.routes_messages import MessageRoutes

log = logging.getLogger("discord_double")

class DiscordDouble(Gateway, ApplicationRoutes, MessageRoutes, InteractionRoutes):
    """One fake Discord: a bot application, guilds, channels, users, and the server."""

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

    async def autocomplete(self, user: User, channel_id: int, name: str, sub: str | None,
                           focused: str, typed: str, **options: Any) -> list[dict[str, Any]]:
        """A user types ``typed`` into the autocompleted option ``focused`` of ``/name sub``
        (``options``: those already filled in): Discord asks the bot (interaction type 4)
        and shows what it answers (callback type 8). The choices answered, [] if none came
        within the 3 s."""
        cmd = self.commands.get(name)
        if cmd is None:
            raise ValueError(f"/{name} is not a synced command")
        target = cmd
        if sub is not None:
            target = next((o for o in cmd.get("options") or []
                           if o.get("name") == sub and o.get("type") == 1), {})
            if not target:
                raise ValueError(f"/{name} has no subcommand {sub!r}")
        known = {o["name"]: o for o in target.get("options") or []}
        spec = known.get(focused)
        if spec is None or not spec.get("autocomplete"):
            raise ValueError(f"/{name} {sub or ''} has no autocompleted option {focused!r}")
        opts = [{"name": k, "type": known[k]["type"], "value": v} for k, v in options.items()]
        opts.append({"name": focused, "type": spec["type"], "value": typed, "focused": True})
        data: dict[str, Any] = {"id": cmd["id"], "name": name, "type": 1}
        data["options"] = [{"name": sub, "type": 1, "options": opts}] if sub is not None else opts
        if self.channels[channel_id].guild_id is not None:
            data["guild_id"] = str(self.channels[channel_id].guild_id)
        i, body = self._interaction(4, user, channel_id, data, None)
        await self.dispatch("INTERACTION_CREATE", body, guild_id=self.channels[channel_id].guild_id)
        if not await self.wait_ack(i):
            return []
        if i.ack_type != 8:
            raise ValueError(f"an autocomplete answered with callback type {i.ack_type}")
        return i.choices

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


# the records stay importable from here, where tests and the bench have always found them
__all__ = [
    "ALL_PERMISSIONS",
    "DISCORD_EPOCH_MS",
    "DISPATCH",
    "EMOJI_NAME",
    "EPHEMERAL",
    "HEARTBEAT",
    "HEARTBEAT_ACK",
    "HELLO",
    "IDENTIFY",
    "IMAGE_DATA",
    "INTENT_DM_MESSAGES",
    "INTENT_GUILDS",
    "INTENT_GUILD_MESSAGES",
    "INVALID_SESSION",
    "LOADING",
    "RECONNECT",
    "RESUME",
    "Attachment",
    "Bucket",
    "Channel",
    "Created",
    "DiscordDouble",
    "DiscordError",
    "Guild",
    "Interaction",
    "Limits",
    "Message",
    "Session",
    "User",
    "component_emoji_ids",
    "disposition_params",
    "invalid_form",
    "multipart_parts",
]
