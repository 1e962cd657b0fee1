"""``/mahjong``: the Cog that declares the group's commands and receives every click.

The declarations (names in three languages, options, choices, cooldowns) are here; what each
command does is in its own module: ``commands`` (new, hand, table, rules, leave), ``replay``,
``queue`` (quick), ``watch``; house rules in ``house_rules``; clicks in ``clicks``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.game.clicks import handle_click
from cogs.game.commands import (
    HAND_COUNT_CHOICES,
    LEVEL_CHOICES,
    NEW_PER_CHANNEL,
    NEW_PER_USER_SECONDS,
    WAIT_CHOICES,
    hand_command,
    leave_command,
    new_table,
    rules_command,
    table_command,
)
from cogs.game.house_rules import house_rule_suggestions
from cogs.game.presets import preset_choices
from discord_io.botlike import BotLike
from discord_io.translator import L
from discord_io.views.components import CLICK_COG, DiscardSelect, PickSelect, TableButton
from tables.service import MAX_STAKE

if TYPE_CHECKING:
    from discord_io.client import MahjongBot


class Mahjong(commands.Cog, name=CLICK_COG):
    mahjong = app_commands.Group(
        name=L("cmd.mahjong"), description=L("cmd.mahjong.desc"), guild_only=True
    )

    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot

    # -- a table ----------------------------------------------------------------------------

    @mahjong.command(name=L("cmd.new"), description=L("cmd.new.desc"))
    @app_commands.rename(preset=L("param.preset"), stake=L("param.stake"), hands=L("param.hands"),
                         house_rules=L("param.house_rules"), hints=L("param.hints"),
                         seats=L("param.seats"))
    @app_commands.describe(preset=L("param.preset.desc"), stake=L("param.stake.desc"),
                           hands=L("param.hands.desc"), house_rules=L("param.house_rules.desc"),
                           hints=L("param.hints.desc"), seats=L("param.seats.desc"))
    @app_commands.choices(hands=HAND_COUNT_CHOICES)
    # one member cannot flood a channel with lobbies (each is a channel message, and the
    # channel's 5-per-5-s message bucket is what the tables playing there need too)
    @app_commands.checks.cooldown(1, NEW_PER_USER_SECONDS, key=lambda i: (i.guild_id, i.user.id))
    @app_commands.checks.cooldown(NEW_PER_CHANNEL[0], NEW_PER_CHANNEL[1],
                                  key=lambda i: i.channel_id)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        stake: app_commands.Range[int, 1, MAX_STAKE] | None = None,
        hands: int | None = None,
        house_rules: str | None = None,
        hints: bool = False,
        seats: app_commands.Range[int, 2, 7] | None = None,
    ) -> None:
        await new_table(self.bot, interaction, preset, stake, hands, house_rules, hints, seats)

    @new.autocomplete("preset")
    async def _new_preset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_choices(current, interaction.locale)

    @new.autocomplete("house_rules")
    async def _house_rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        preset = getattr(interaction.namespace, "preset", None)
        return [
            app_commands.Choice(name=s, value=s)
            for s in house_rule_suggestions(current, preset if isinstance(preset, str) else None)
        ]

    @mahjong.command(name=L("cmd.hand"), description=L("cmd.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await hand_command(self.bot, interaction)

    @mahjong.command(name=L("cmd.table"), description=L("cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        await table_command(self.bot, interaction)

    @mahjong.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @app_commands.rename(preset=L("param.preset"))
    @app_commands.describe(preset=L("param.preset.desc"))
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await rules_command(self.bot, interaction, preset)

    @rules.autocomplete("preset")
    async def _rules_preset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_choices(current, interaction.locale)

    @mahjong.command(name=L("cmd.leave"), description=L("cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await leave_command(self.bot, interaction)

    # -- replays, the quick-play queue, spectators ------------------------------------------

    @mahjong.command(name=L("cmd.replay"), description=L("cmd.replay.desc"))
    @app_commands.rename(which=L("param.which"))
    @app_commands.describe(which=L("param.which.desc"))
    async def replay(self, interaction: discord.Interaction, which: str | None = None) -> None:
        from cogs.game.replay import replay_command

        await replay_command(self.bot, interaction, which)

    @replay.autocomplete("which")
    async def _replay_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from cogs.game.replay import replay_choices

        return await replay_choices(self.bot, interaction, current)

    @mahjong.command(name=L("cmd.quick"), description=L("cmd.quick.desc"))
    @app_commands.rename(preset=L("param.preset"), wait=L("param.wait"), level=L("param.fill_level"),
                         hands=L("param.hands"), seats=L("param.seats"))
    @app_commands.describe(preset=L("param.preset.desc"), wait=L("param.wait.desc"),
                           level=L("param.fill_level.desc"), hands=L("param.hands.desc"),
                           seats=L("param.seats.desc"))
    @app_commands.choices(wait=WAIT_CHOICES, level=LEVEL_CHOICES,  # type: ignore[misc]
                          hands=HAND_COUNT_CHOICES)
    @app_commands.checks.cooldown(2, 20.0, key=lambda i: (i.guild_id, i.user.id))
    async def quick(self, interaction: discord.Interaction, preset: str | None = None,
                    wait: int | None = None, level: str | None = None,
                    hands: int | None = None,
                    seats: app_commands.Range[int, 2, 7] | None = None) -> None:
        from cogs.game.queue import quick_command

        await quick_command(self.bot, interaction, preset, wait, level, hands, seats)

    @quick.autocomplete("preset")
    async def _quick_preset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_choices(current, interaction.locale)

    @mahjong.command(name=L("cmd.watch"), description=L("cmd.watch.desc"))
    @app_commands.rename(table=L("param.table"))
    @app_commands.describe(table=L("param.table.desc"))
    async def watch(self, interaction: discord.Interaction, table: str | None = None) -> None:
        from cogs.game.watch import watch_command

        await watch_command(self.bot, interaction, table)

    @watch.autocomplete("table")
    async def _watch_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from cogs.game.watch import watch_choices

        return await watch_choices(self.bot, interaction, current)

    # -- clicks (discord_io.views.components hands them here) ------------------------------

    async def on_click(
        self, interaction: discord.Interaction, table: str, hand: int, code: str, arg: str,
        step: int,
    ) -> None:
        await handle_click(self.bot, interaction, table, hand, code, arg, step)


def dynamic_items() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """Every persistent control whose clicks this cog answers: the table's buttons and menus,
    the replay's steps, the quick queue's Leave, the spectator's Stop watching."""
    from cogs.game.queue import QueueLeaveButton
    from cogs.game.replay import ReplayButton
    from cogs.game.watch import StopWatching

    return (TableButton, DiscardSelect, PickSelect, ReplayButton, QueueLeaveButton,
            StopWatching)


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(Mahjong(bot))
    # registered here, by the cog that answers them, as discord.py's examples do: a click on
    # a message sent before a restart finds its item by the custom_id template
    bot.add_dynamic_items(*dynamic_items())


async def teardown(bot: MahjongBot) -> None:
    bot.remove_dynamic_items(*dynamic_items())
