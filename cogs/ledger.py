"""``/chips``, ``/daily``, ``/leaderboard``, ``/history``: the chip ledger, read and claimed."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from discord_io.botlike import BotLike, need_store
from discord_io.limits import clip
from discord_io.translator import L
from i18n.bot_text import bt
from tables.errors import TableError

if TYPE_CHECKING:
    from discord_io.client import MahjongBot
    from store import Store

PERIODS = [
    app_commands.Choice(name=L(f"period.{p}"), value=p)
    for p in ("today", "week", "month", "season", "all")
]
BY = [app_commands.Choice(name=L(f"by.{b}"), value=b) for b in ("chips", "rating")]


def _ref(guild_id: int, user_id: int) -> Any:
    from store import AccountRef

    return AccountRef.user(guild_id, user_id)


def _wait(ms: int) -> str:
    minutes = max(1, ms // 60000)
    return f"{minutes // 60}h{minutes % 60:02d}m"


class Ledger(commands.Cog, name="Ledger"):
    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot

    @property
    def store(self) -> Store:
        return need_store(self.bot)

    @staticmethod
    def _guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise TableError("err.guild_only")
        return interaction.guild_id

    @app_commands.command(name=L("cmd.chips"), description=L("cmd.chips.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("param.user"))
    @app_commands.describe(user=L("param.user.desc"))
    async def chips(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        guild = self._guild(interaction)
        who = user or interaction.user
        balance = await self.store.balance(_ref(guild, who.id))
        await interaction.response.send_message(
            bt("chips.balance", interaction.locale, name=who.display_name, chips=balance),
            ephemeral=True,
        )

    @app_commands.command(name=L("cmd.daily"), description=L("cmd.daily.desc"))
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        from store import AlreadyClaimed, BalanceLimit

        guild = self._guild(interaction)
        try:
            res = await self.store.claim_daily(_ref(guild, interaction.user.id))
        except BalanceLimit as exc:
            raise TableError("err.balance_limit", max=f"{exc.limit:,}") from None
        except AlreadyClaimed as exc:
            left = int(getattr(exc, "next_claim_ms", 0)) - int(time.time() * 1000)
            await interaction.response.send_message(
                bt("daily.already", interaction.locale, when=_wait(left)), ephemeral=True
            )
            return
        await interaction.response.send_message(
            bt("daily.ok", interaction.locale, amount=res.amount, chips=res.balance), ephemeral=True
        )

    @app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(period=L("param.period"), by=L("param.by"), seats=L("param.seats"))
    @app_commands.describe(period=L("param.period.desc"), by=L("param.by.desc"),
                           seats=L("param.pool.desc"))
    @app_commands.choices(period=PERIODS, by=BY)
    async def leaderboard(self, interaction: discord.Interaction, period: str = "season",
                          by: str = "chips",
                          seats: app_commands.Range[int, 2, 7] | None = None) -> None:
        from cogs.boards import leaderboard_command

        self._guild(interaction)
        await leaderboard_command(self.bot, interaction, period, by, seats or 4)

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        guild = self._guild(interaction)
        items = await self.store.history(_ref(guild, interaction.user.id), limit=15)
        loc = interaction.locale
        lines = ["**" + bt("history.title", loc) + "**"]
        if not items:
            lines.append(bt("history.empty", loc))
        from store.recent import hinted_by

        hinted = await hinted_by(self.store, interaction.user.id,
                                 [it.game_id for it in items if it.game_id])
        for it in items:
            when = time.strftime("%m-%d %H:%M", time.gmtime(it.created_at_ms / 1000))
            label = it.game_id or it.kind
            line = bt("history.row", loc, when=when, table=label, delta=it.amount)
            if (it.game_id, it.hand_no) in hinted:  # a hand played with hints: not ranked
                line += " 💡"
            lines.append(line)
        await interaction.response.send_message(clip("\n".join(lines)), ephemeral=True)


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(Ledger(bot))
