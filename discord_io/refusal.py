"""A refusal said to the one person who asked: under the cogs, which raise ``TableError`` for
anything refused, and the bot's one error handler (``discord_io.client``), which says it."""

from __future__ import annotations

import discord

from discord_io.limits import clip
from i18n.bot_text import bt
from tables.errors import TableError


async def refuse(interaction: discord.Interaction, exc: TableError) -> None:
    """A refusal: one ephemeral sentence in the clicker's language; nothing changed."""
    text = clip(bt(exc.key, interaction.locale, **exc.args_))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
