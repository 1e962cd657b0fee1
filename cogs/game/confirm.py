"""The question asked before a move that costs the player: a win declared on a hand that is
none (诈胡, where the rules pay for it instead of refusing it).

The hand's win button (``fw``) asks the table service, which answers with the price
(``ConfirmNeeded``) and changes nothing; the ephemeral question offers "Declare anyway"
(``fwy``, applied through the same ``act`` as every button, now confirmed) and "Cancel"
(``fwn``, nothing sent). Both answers carry the hand and step of the button that asked: the
service refuses one that is stale or not the clicker's turn, as for any other button.
"Declare anyway" also carries the one-time code the service issued with the question (in
the custom_id's argument): a confirmation forged without the question, or used twice, is
refused.
"""

from __future__ import annotations

import discord

from discord_io.botlike import BotLike
from discord_io.forwarding import acknowledge, update_message
from discord_io.limits import clip
from discord_io.views.components import FALSE_WIN_ASK, FALSE_WIN_NO
from discord_io.views.controls import false_win_controls
from i18n.bot_text import bt
from tables.errors import ConfirmNeeded

WIN_CODE = "w"  # the engine's win, which a 诈胡 is declared as


async def false_win_click(
    bot: BotLike, interaction: discord.Interaction, table: str, hand: int, code: str, step: int,
    arg: str = "",
) -> None:
    loc = interaction.locale
    if code == FALSE_WIN_NO:
        await update_message(interaction, content=bt("confirm.false_win.cancelled", loc),
                             view=None)
        return
    if code == FALSE_WIN_ASK:
        await acknowledge(interaction, ephemeral=True, thinking=True)
        try:
            await bot.tables.act(table, interaction.user.id, hand, step, WIN_CODE, "")
        except ConfirmNeeded as ask:
            await interaction.followup.send(
                clip(bt(ask.key, loc, **ask.args_)),
                view=false_win_controls(table, hand, step, loc, ask.code), ephemeral=True)
            return
        # the service did not ask (nothing to confirm): the win was declared as it stands
        await interaction.followup.send("✓", ephemeral=True)
        return
    # the confirmation: its buttons go at once (no second press), then it is declared
    # through the same path as every button, now confirmed; a refusal is said below
    await update_message(interaction, view=None)
    await bot.tables.act(table, interaction.user.id, hand, step, WIN_CODE, "", confirm=arg or "-")
    await interaction.edit_original_response(content=bt("confirm.false_win.done", loc))
