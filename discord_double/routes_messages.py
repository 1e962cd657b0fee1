"""REST routes of channels and their messages: DM channel creation, users, channels, and
posting, reading, editing and deleting messages (DMs closed → 403 code 50007)."""

from __future__ import annotations

from typing import Any

from discord_double.records import (
    Channel,
    DiscordError,
    Message,
)
from discord_double.state import DoubleState


class MessageRoutes(DoubleState):
    """Handlers of the channel and message routes."""

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
