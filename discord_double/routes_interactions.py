"""REST routes of interactions: the callback (within 3 s, once), followups (the first one
after a "thinking" deferral fills it) and the interaction webhook's messages (15 min)."""

from __future__ import annotations

import time
from typing import Any

from discord_double.records import (
    EPHEMERAL,
    LOADING,
    DiscordError,
    Interaction,
    Message,
    invalid_form,
)
from discord_double.state import DoubleState
from discord_double.validate import check_message


class InteractionRoutes(DoubleState):
    """Handlers of the interaction callback and interaction webhook routes."""

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
            if any(not 1 <= len(str(c.get("name", ""))) <= 100 for c in choices):
                raise invalid_form(["choices: a name of 1 to 100 characters"])
            i.choices = [dict(c) for c in choices]
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
