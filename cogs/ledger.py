"""``/chips``, ``/daily``, ``/leaderboard``, ``/history``: the chip ledger, read and claimed."""

from __future__ import annotations

import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.limits import clip
from cogs.translator import L
from i18n.bot_text import bt
from tables.errors import TableError

PERIODS = [
    app_commands.Choice(name=L("period.season"), value="season"),
    app_commands.Choice(name=L("period.all"), value="all"),
]


def _ref(guild_id: int, user_id: int) -> Any:
    from store import AccountRef

    return AccountRef.user(guild_id, user_id)


def _wait(ms: int) -> str:
    minutes = max(1, ms // 60000)
    return f"{minutes // 60}h{minutes % 60:02d}m"


class Ledger(commands.Cog, name="Ledger"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @property
    def store(self) -> Any:
        return self.bot.store

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
    @app_commands.rename(period=L("param.period"))
    @app_commands.describe(period=L("param.period.desc"))
    @app_commands.choices(period=PERIODS)
    async def leaderboard(self, interaction: discord.Interaction, period: str = "season") -> None:
        guild = self._guild(interaction)
        await interaction.response.defer(thinking=True)
        if period == "all":
            rows = await self.store.leaderboard(guild, "net", season=None, limit=10)
        else:
            rows = await self.store.leaderboard(guild, "chips", limit=10)
        loc = interaction.locale
        names = []
        for r in rows:
            member = interaction.guild.get_member(r.user_id) if interaction.guild else None
            names.append(member.display_name if member else f"<@{r.user_id}>")
        lines = ["**" + bt("leaderboard.title", loc, period=bt(f"period.{period}", loc)) + "**"]
        if not rows:
            lines.append(bt("leaderboard.empty", loc))
        lines += [
            bt("leaderboard.row", loc, rank=r.rank, name=n, chips=r.value)
            for r, n in zip(rows, names, strict=True)
        ]
        files = []
        if rows:
            png = await _leaderboard_png(names, rows, lines[0].strip("*"), loc)
            if png is not None:
                import io

                files.append(discord.File(io.BytesIO(png), filename="leaderboard.png"))
        await interaction.followup.send(
            clip("\n".join(lines)), files=files, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        guild = self._guild(interaction)
        items = await self.store.history(_ref(guild, interaction.user.id), limit=15)
        loc = interaction.locale
        lines = ["**" + bt("history.title", loc) + "**"]
        if not items:
            lines.append(bt("history.empty", loc))
        for it in items:
            when = time.strftime("%m-%d %H:%M", time.gmtime(it.created_at_ms / 1000))
            label = it.game_id or it.kind
            lines.append(bt("history.row", loc, when=when, table=label, delta=it.amount))
        await interaction.response.send_message(clip("\n".join(lines)), ephemeral=True)


async def _leaderboard_png(names: list[str], rows: list[Any], title: str, locale: object) -> bytes | None:
    import asyncio

    def draw() -> bytes | None:
        try:
            import render
            import render.draw as rd
            import render.views as v

            fn: Any = getattr(render, "leaderboard_image", None)
            if fn is None:
                from render.leaderboard import leaderboard_image as fn
            view = v.LeaderboardView(
                rows=[v.LeaderRow(r.rank, n, r.value) for r, n in zip(rows, names, strict=True)],
                title=title,
            )
            return bytes(rd.to_png(fn(view, locale)))
        except Exception:
            return None

    return await asyncio.to_thread(draw)


async def setup(bot: Any) -> None:
    await bot.add_cog(Ledger(bot))
