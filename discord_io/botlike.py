"""What a cog may ask of the bot: ``BotLike``, the typed face of ``discord_io.client.MahjongBot``.

Cogs and their helpers take a ``BotLike`` rather than the bot class itself, so mypy checks
every ``self.bot.store`` / ``self.bot.tables`` they read, without an import cycle (the bot
class loads the cogs) and so that a test's stand-in bot (a real table service, fake Discord
objects) is held to the same shape. The bot class is checked against it in ``client.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    import discord
    from discord.ext import commands

    from config import Settings
    from discord_io.emoji import TileEmoji
    from discord_io.transport import DiscordTransport
    from store import Store
    from tables.queue import QuickQueue
    from tables.service import TableService


@runtime_checkable
class BotLike(Protocol):
    """The attributes and look-ups the cogs use; nothing else of discord.py's Bot."""

    quick_queue: QuickQueue | None  # made on the first /mahjong quick (cogs.game.queue)

    # read-only to the cogs (a property here lets the bot hold a narrower type)
    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> Store | None:
        """The ledger; None only for a bot without one (some tests): the cogs then say so."""

    @property
    def tables(self) -> TableService: ...

    @property
    def transport(self) -> DiscordTransport: ...

    @property
    def tile_emoji(self) -> TileEmoji | None: ...

    def get_cog(self, name: str, /) -> commands.Cog | None: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> Any: ...

    async def fetch_user(self, user_id: int, /) -> Any: ...


def bot_of(interaction: discord.Interaction) -> BotLike:
    """The bot an interaction arrived at (``interaction.client`` is typed as a plain Client)."""
    return cast("BotLike", interaction.client)


def need_store(bot: BotLike) -> Store:
    """The bot's store, or a refusal the person reads ("not available right now")."""
    from tables.errors import TableError

    if bot.store is None:
        raise TableError("err.unavailable")
    return bot.store
