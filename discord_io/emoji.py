"""The application's tile emoji: made sure of at start-up, then used on buttons and in text.

Discord lets an application own up to 2,000 custom emoji of its own (usable in every server
and DM, no guild permission needed). At start-up the bot lists them and uploads only what is
missing: each name carries a short hash of its picture (``mj5m_1a2b3c``, see
:mod:`render.emoji`), so an emoji whose art changed is uploaded under its new name and the
old one deleted, and a restart with nothing changed makes one request. The ids are then
read from the list, never stored twice.

If the list or an upload fails (no application id, a refusal, a network error) the bot logs
one warning and carries on: every button keeps its text label, and the text keeps tile
names. Nothing here may stop the bot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord

from engine.tiles import is_flower

log = logging.getLogger("mahjong.emoji")

MAX_APP_EMOJI = 2000


def is_wild(tile: int, wild_kinds: Iterable[int]) -> bool:
    """A tile shown with the joker mark: its kind is wild (``-1``: every flower is)."""
    kinds = set(wild_kinds)
    return tile in kinds or (is_flower(tile) and -1 in kinds)


class TileEmoji:
    """The tile emoji by (tile, joker-marked); empty until :meth:`ensure` has run."""

    def __init__(self) -> None:
        self._by_key: dict[tuple[int, bool], discord.PartialEmoji] = {}
        self.created = 0
        self.deleted = 0
        self.failed: str | None = None  # why the emoji are (partly) missing, once known

    @property
    def ready(self) -> bool:
        return bool(self._by_key)

    def get(self, tile: int, wild: bool = False) -> discord.PartialEmoji | None:
        return self._by_key.get((tile, wild))

    def inline(self, tile: int, wild: bool = False) -> str | None:
        """``<:mj5m_1a2b3c:123…>`` for message text, or None without that emoji."""
        e = self._by_key.get((tile, wild))
        return None if e is None else str(e)

    def row(self, tiles: Sequence[int], wild_kinds: Iterable[int] = ()) -> str | None:
        """Tiles as one row of emoji; None unless every one of them has its emoji."""
        kinds = tuple(wild_kinds)
        out = []
        for t in tiles:
            e = self.inline(t, is_wild(t, kinds))
            if e is None:
                return None
            out.append(e)
        return "".join(out)

    def back(self) -> str | None:
        from render.emoji import BACK

        return self.inline(BACK)

    async def ensure(self, client: Any) -> None:
        """List the application's emoji, delete our outdated ones, upload the missing ones.

        Never raises: on a failure the emoji known so far stay in use and one warning says
        why the rest are text."""
        try:
            await self._ensure(client)
        except Exception as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            log.warning("tile emoji unavailable (%s); buttons and text use tile names",
                        self.failed)

    async def _ensure(self, client: Any) -> None:
        from render.emoji import all_emoji, split_name

        wanted = await asyncio.to_thread(all_emoji)
        by_name = {a.name: a for a in wanted}
        bases = {a.name.rpartition("_")[0] for a in wanted}
        existing = await client.fetch_application_emojis()
        have: dict[str, Any] = {}
        stale = []
        for e in existing:
            if e.name in by_name and e.name not in have:
                have[e.name] = e
            elif (parts := split_name(e.name)) is not None and parts[0] in bases:
                stale.append(e)  # ours, for art that has changed (or a duplicate)
        for e in have.values():
            self._keep(by_name[e.name], e)
        # room first: outdated ones go before new ones come, under the 2,000 limit
        for e in stale:
            await e.delete()
            self.deleted += 1
        missing = [a for a in wanted if a.name not in have]
        room = MAX_APP_EMOJI - (len(existing) - len(stale))
        if len(missing) > room:
            raise RuntimeError(f"{len(missing)} emoji to upload, room for {room}")
        for art in missing:
            e = await client.create_application_emoji(name=art.name, image=art.png)
            self.created += 1
            self._keep(art, e)
        log.info("tile emoji ready: %d kept, %d uploaded, %d outdated deleted",
                 len(have), self.created, self.deleted)

    def _keep(self, art: Any, emoji: Any) -> None:
        self._by_key[art.key] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
