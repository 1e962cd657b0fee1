"""REST routes of the application: the bot user, the application, ``/gateway``, command
sync, and application emoji (list, create, get, rename, delete)."""

from __future__ import annotations

import base64
from typing import Any

from discord_double.records import (
    EMOJI_NAME,
    IMAGE_DATA,
    Created,
    DiscordError,
    invalid_form,
)
from discord_double.state import DoubleState
from discord_double.validate import check_commands


class ApplicationRoutes(DoubleState):
    """Handlers of the application's routes (each takes payload, files, request, path params)."""

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
