"""Answers for one person (ephemeral): a preset's rules (words and pictures), their own hand
with its controls, and an out-of-date copy of it brought up to date (a refusal in their
language: ``discord_io.refusal``)."""

from __future__ import annotations

import asyncio
import io

import discord

from discord_io.botlike import BotLike
from discord_io.forwarding import acknowledge
from discord_io.limits import clip
from discord_io.pacing import INTERACTION
from engine.family import family_of
from engine.rules import TABLE_PRESETS
from i18n.bot_text import bt
from i18n.patterns import pattern_name, value_text
from render import render_rules_pages
from tables.errors import TableError
from tables.text import rules_name

# chips to sit, in stakes (the server setting's default, see tables/economy.py)
DEFAULT_ENTRY = 10


def rules_summary(preset: str, locale: object, entry: int = DEFAULT_ENTRY) -> str:
    rules = TABLE_PRESETS.get(preset)
    if rules is None:
        return bt("err.bad_option", locale, reason=preset)
    lines = [f"**{rules_name(preset, locale)}**"]
    shown = {**rules.options(), **{n: getattr(rules, n) for n, _ in rules.quiet_options}}
    for name, value in shown.items():
        lines.append(f"• {bt(f'option.{name}', locale)} (`{name}`): {value}")
    style = family_of(rules).value_style
    lines.append(", ".join(
        f"{pattern_name(p, locale, rules.family)} {value_text(style, v, locale, pattern=p)}"
        for p, v in rules.pattern_values
    ))
    # Yangzhou's 赖子 kongs count only with its option on
    bonuses = [(p, v) for p, v in rules.bonus_values if p != "laizi_kong" or rules.laizi]
    if bonuses:
        lines.append(", ".join(
            f"{pattern_name(p, locale, rules.family)} "
            f"{value_text(style, v, locale, bonus=True, pattern=p)}"
            for p, v in bonuses
        ))
    lines.append(bt("rules.cap", locale, entry=entry))  # 以小博大: what a seat can win or lose
    return "\n".join(lines)


async def send_rules(
    interaction: discord.Interaction, preset: str, entry: int = DEFAULT_ENTRY
) -> None:
    """The rules of a preset, ephemeral: a summary of its options and a picture of every
    pattern with an example hand (drawn in a worker thread, off the event loop)."""
    rules = TABLE_PRESETS.get(preset)
    if rules is None:
        raise TableError("err.bad_option", reason=preset)
    await interaction.response.defer(ephemeral=True, thinking=True)
    pngs = await asyncio.to_thread(render_rules_pages, rules, interaction.locale)
    # a long table (Guobiao's 82 fans) comes as several pages, all in one message
    files = [
        discord.File(io.BytesIO(png), filename=f"rules-{preset}-{i + 1}.png" if len(pngs) > 1
                     else f"rules-{preset}.png")
        for i, png in enumerate(pngs)
    ]
    await interaction.followup.send(
        clip(rules_summary(preset, interaction.locale, entry)), files=files, ephemeral=True
    )


async def show_hand(bot: BotLike, interaction: discord.Interaction, table: str) -> None:
    """An ephemeral copy of the private hand with the same controls (DMs closed or not)."""
    view = bot.tables.private_view(table, interaction.user.id)
    info = bot.tables.get(table)
    await acknowledge(interaction, ephemeral=True, thinking=True)
    content, controls, files = await bot.transport.render_private(
        info, view, str(interaction.locale.value)
    )
    await interaction.followup.send(content=content, files=files, view=controls, ephemeral=True)
    bot.transport.remember_ephemeral(table, interaction.user.id, interaction, view)


async def refresh_stale(bot: BotLike, interaction: discord.Interaction, table: str) -> bool:
    """A seated person's click on an out-of-date copy of their hand (refused as stale): the
    message clicked shows their hand as it is now (the click's answer, or through its token
    when it was acknowledged already) and they are told so, ephemerally. Nothing in the game
    changes. False when there is no hand of theirs to show (then the refusal is said as
    usual)."""
    try:
        info = bot.tables.get(table)
        view = bot.tables.private_view(table, interaction.user.id)
    except TableError:
        return False
    transport = bot.transport
    await transport.refresh_clicked(info, view, interaction)
    with transport.spending(INTERACTION, "private.stale"):
        await interaction.followup.send(clip(bt("hand.refreshed", interaction.locale)),
                                        ephemeral=True)
    return True
