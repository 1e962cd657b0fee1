"""Every click on a table's buttons, from ``discord_io.views.components`` (persistent DynamicItems).

The click is acknowledged within Discord's 3 seconds (``defer``), handed to the table service
as a plain action, and a refusal becomes an ephemeral sentence in the clicker's language. The
service checks the seat's owner, the turn and staleness; this module checks that the click
comes from the table's own server. The copy of a hand a person clicks (their DM, an ephemeral
copy) is the one kept up to date from then on, and a click on an out-of-date copy brings that
copy up to date (``replies.refresh_stale``) rather than only saying it is out of date.
"""

from __future__ import annotations

import logging

import discord

from cogs.game.commands import person_of
from cogs.game.replies import refresh_stale, send_rules, show_hand
from discord_io.botlike import BotLike
from discord_io.forwarding import acknowledge
from discord_io.refusal import refuse
from discord_io.views.components import CONFIRM_CODES, LOBBY_CODES
from tables.errors import TableError

log = logging.getLogger("mahjong.cogs.game")


async def handle_click(
    bot: BotLike, interaction: discord.Interaction, table: str, hand: int, code: str, arg: str,
    step: int,
) -> None:
    transport = bot.transport
    try:
        same_guild(bot, interaction, table, lobby=code in LOBBY_CODES)
        if code in LOBBY_CODES:
            await lobby_click(bot, interaction, table, code, arg)
        elif code == "show":
            await show_hand(bot, interaction, table)
        elif code in CONFIRM_CODES:  # a 诈胡 asked about, confirmed or cancelled
            from cogs.game.confirm import false_win_click

            await false_win_click(bot, interaction, table, hand, code, step, arg)
        elif code == "hint":
            from cogs.game.hints import hint_click

            await hint_click(bot, interaction, table)
        elif code == "back":
            await acknowledge(interaction)
            transport.routes[interaction.user.id] = interaction
            await bot.tables.back(table, interaction.user.id)
        else:
            # answered by the clicker's own DM update (one request instead of a deferral and
            # an edit), or deferred if that takes more than a moment (transport.ACK_WAIT);
            # acknowledged already when forwarded by another process
            transport.expect_answer(interaction)
            transport.routes[interaction.user.id] = interaction
            # the copy of their hand they click is the one kept up to date from now on
            copy = transport.remember_token(table, interaction)
            try:
                with transport.stages.timed("move"):
                    await bot.tables.act(table, interaction.user.id, hand, step, code, arg)
            except TableError as exc:
                # a button of an out-of-date copy: that copy is brought up to date instead
                if exc.key != "err.stale" or not copy or not await refresh_stale(
                        bot, interaction, table):
                    raise
    except TableError as exc:
        await transport.acknowledge_click(interaction)  # (then the refusal is a followup)
        await refuse(interaction, exc)
    finally:
        if transport.routes.pop(interaction.user.id, None) is interaction:
            # no DM update took the click (nothing of the clicker's changed): defer it now
            await transport.acknowledge_click(interaction)


def same_guild(bot: BotLike, interaction: discord.Interaction, table: str, lobby: bool) -> None:
    """A click belongs to the table's own server: one from another server (a forged
    interaction carrying this table's custom_id) is refused before anything happens.
    Hand buttons live in DMs (no guild); lobby buttons only in the table's channel."""
    try:
        info = bot.tables.get(table)
    except TableError:
        return  # gone: the click's own path says so
    if interaction.guild_id != info.guild_id and (lobby or interaction.guild_id is not None):
        log.warning("refused a click on table %s from guild %s (the table's is %s)",
                    table, interaction.guild_id, info.guild_id)
        raise TableError("err.no_table")


async def lobby_click(
    bot: BotLike, interaction: discord.Interaction, table: str, code: str, arg: str = ""
) -> None:
    tables = bot.tables
    uid = interaction.user.id
    if code == "rules":
        await send_rules(interaction, tables.get(table).preset)
        return
    await interaction.response.defer()
    # the lobby this click changes is edited through the click's own token (exempt)
    bot.transport.remember_lobby_click(table, interaction)
    if code == "join":
        await tables.join(table, person_of(interaction))
    elif code == "leave":
        info = tables.get(table)
        if info.seat_of(uid) is None:
            raise TableError("err.not_seated")
        await tables.leave(info.guild_id, uid)
    elif code == "cpu":
        # the button names the level; an empty one (older lobbies) seats the table's default
        await tables.add_computer(table, uid, arg or None)
    elif code == "start":
        await tables.start(table, uid)
    elif code == "cancel":
        await tables.cancel(table, uid)
