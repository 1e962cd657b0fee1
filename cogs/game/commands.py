"""The bodies of the ``/mahjong`` slash commands that run a table: new, hand, table, rules, leave.

``cogs.game.cog`` declares the commands (names, options, cooldowns) and calls these; the
table service checks seats and turns, and a ``TableError`` becomes a refusal in the caller's
language (``discord_io.refusal.refuse``, through the bot's error handler).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.game.house_rules import read_house_rules
from cogs.game.presets import read_preset
from cogs.game.replies import DEFAULT_ENTRY, send_rules, show_hand
from discord_io.botlike import BotLike
from discord_io.translator import L
from i18n.bot_text import bt
from tables.errors import TableError
from tables.model import TableInfo
from tables.queue import WAIT_CHOICES as QUEUE_WAITS
from tables.service import HAND_CHOICES, Person
from tables.text import rules_name

if TYPE_CHECKING:
    from store import GuildSettings

DEFAULT_PRESET = "heyuan-zheng"

WAIT_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=L("wait.never") if n == 0 else str(n), value=n) for n in QUEUE_WAITS
]
LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=L(f"level.{k}"), value=k) for k in ("easy", "normal", "hard", "greedy")
]
HAND_COUNT_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=str(n), value=n) for n in HAND_CHOICES
]

# /mahjong new: once per this many seconds per person; (n, seconds) per channel
NEW_PER_USER_SECONDS = 15.0
NEW_PER_CHANNEL = (4, 60.0)


def person_of(interaction: discord.Interaction) -> Person:
    u = interaction.user
    return Person(u.id, u.display_name[:32], str(interaction.locale.value))


async def guild_defaults(bot: BotLike, guild_id: int) -> GuildSettings | None:
    """The server's settings (``/mahjong-admin``), or None for a bot without a store."""
    if bot.store is None:
        return None
    return await bot.store.get_guild_settings(guild_id)


def my_table(bot: BotLike, interaction: discord.Interaction) -> TableInfo:
    if interaction.guild_id is None:
        raise TableError("err.guild_only")
    info = bot.tables.table_for(interaction.guild_id, interaction.user.id)
    if info is None:
        raise TableError("err.not_at_table")
    return info


async def new_table(bot: BotLike, interaction: discord.Interaction, preset: str | None,
                    stake: int | None, hands: int | None, house_rules: str | None,
                    hints: bool, seats: int | None = None) -> None:
    """``/mahjong new``: a lobby in this channel (the server's preset and stake by default);
    ``seats`` where the preset plays other counts (Sichuan 2-7; a preset that does not play
    it refuses in one line)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError("err.guild_only")
    if preset is not None:  # typed by hand when not picked from the list: refused at once
        preset = read_preset(preset)
    await interaction.response.defer(ephemeral=True, thinking=True)
    defaults = await guild_defaults(bot, interaction.guild_id)
    if preset is None:
        preset = defaults.default_preset if defaults is not None else DEFAULT_PRESET
    if stake is None and defaults is not None:
        stake = defaults.stake
    options = read_house_rules(house_rules, preset)
    if seats is not None:
        options["players"] = seats
    info = await bot.tables.create(
        interaction.guild_id, interaction.channel_id, person_of(interaction),
        preset, options, stake, hands,
        turn_seconds=defaults.turn_timer if defaults is not None else None, hints=hints,
        computer_level=defaults.computer_level if defaults is not None else None,
        afk_level=defaults.afk_level if defaults is not None else None,
    )
    await interaction.followup.send(
        bt("lobby.title", interaction.locale, table=info.id,
           rules=rules_name(info.preset, interaction.locale)),
        ephemeral=True,
    )


async def hand_command(bot: BotLike, interaction: discord.Interaction) -> None:
    """``/mahjong hand``: your hand and its buttons, for you alone."""
    await show_hand(bot, interaction, my_table(bot, interaction).id)


async def table_command(bot: BotLike, interaction: discord.Interaction) -> None:
    """``/mahjong table``: the table message posted again (at the bottom of the channel)."""
    info = my_table(bot, interaction)
    view = bot.tables.public_view(info.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.transport.repost_table(info, view)
    await interaction.followup.send("✓", ephemeral=True)


async def rules_command(bot: BotLike, interaction: discord.Interaction,
                        preset: str | None) -> None:
    """``/mahjong rules``: a preset's rules, with what a seat needs to sit on this server."""
    entry = DEFAULT_ENTRY
    if interaction.guild_id is not None:
        defaults = await guild_defaults(bot, interaction.guild_id)
        if defaults is not None:
            entry = defaults.entry_stakes
    await send_rules(interaction, read_preset(preset) if preset else DEFAULT_PRESET, entry)


async def leave_command(bot: BotLike, interaction: discord.Interaction) -> None:
    """``/mahjong leave``: your seat goes to a computer (or is freed in a lobby)."""
    if interaction.guild_id is None:
        raise TableError("err.guild_only")
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await bot.tables.leave(interaction.guild_id, interaction.user.id)
    await interaction.followup.send(
        bt("call.left", interaction.locale, name=interaction.user.display_name)
        if info.status.value == "playing" else "✓",
        ephemeral=True,
    )
