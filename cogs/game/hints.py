"""The 💡 button of a private hand: an ephemeral hint, and the hand marked as hinted.

The button exists only at tables whose host turned hints on (``/mahjong new hints:True``,
shown in the lobby; such tables are never ranked). Each press is answered ephemerally in the
presser's language (``tables.hints``) and recorded once per person and hand in the store
(``hint_uses``), which ``/history`` and the replay list show.
"""

from __future__ import annotations

import logging

import discord

from discord_io.botlike import BotLike
from discord_io.forwarding import acknowledge
from discord_io.limits import clip
from i18n.bot_text import bt
from tables.hints import hint_text

log = logging.getLogger("mahjong.cogs.game.hints")


async def hint_click(bot: BotLike, interaction: discord.Interaction, table: str) -> None:
    """Answer a 💡 press (TableError for a table without hints, or a person not seated)."""
    # a hand with many wildcards takes a while to read, and the mark is a write: acknowledge
    # first (a refusal is then an ephemeral followup)
    await acknowledge(interaction, ephemeral=True, thinking=True)
    hint = bot.tables.hint(table, interaction.user.id)
    loc = str(interaction.locale.value)
    text = hint_text(hint, loc)
    store = bot.store
    if store is not None:
        from store.recent import mark_hinted

        if await mark_hinted(store, table, hint.hand_no, interaction.user.id):
            text += "\n" + bt("hint.marked", loc)
    await interaction.followup.send(clip(text), ephemeral=True)
