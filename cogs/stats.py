"""``/stats [user] [period]``: a player's statistics as a picture — hands, win rate, deal-in
rate, average win, favourite patterns and the rating's history — over today, this week, this
month, this season or all time (``store.periods``, ``store.ratings``)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ledger import PERIODS
from discord_io.botlike import BotLike, need_store
from discord_io.limits import clip
from discord_io.translator import L
from i18n.bot_text import bt
from tables.errors import TableError
from tables.rating import display

if TYPE_CHECKING:
    from discord_io.client import MahjongBot


def _pattern(pid: str, locale: str) -> str:
    from i18n import I18nError
    from i18n.patterns import pattern_name

    try:
        return pattern_name(pid, locale)
    except I18nError:  # a pattern id from an older rules revision: show it as stored
        return pid


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


class Stats(commands.Cog, name="Stats"):
    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot

    @app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("param.user"), period=L("param.period"))
    @app_commands.describe(user=L("param.user.desc"), period=L("param.period.desc"))
    @app_commands.choices(period=PERIODS)
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None,
                    period: str = "all") -> None:
        from render.stats import StatsView
        from store.periods import period_stats
        from store.ratings import history

        guild_id = interaction.guild_id
        if guild_id is None:
            raise TableError("err.guild_only")
        who = user or interaction.user
        loc = str(interaction.locale.value)
        await interaction.response.defer(thinking=True)
        st = await period_stats(need_store(self.bot), guild_id, who.id, period)
        points = tuple(display(p.ordinal) for p in await history(need_store(self.bot), guild_id, who.id))
        title = bt("stats.title", loc, name=who.display_name, period=bt(f"period.{period}", loc))
        patterns = tuple((_pattern(p, loc), n) for p, n in st.patterns)
        lines = ["**" + title + "**"]
        if st.hands == 0:
            lines.append(bt("stats.none", loc, name=who.display_name))
        else:
            lines.append(bt("stats.line", loc, hands=st.hands, win_rate=_percent(st.win_rate),
                            deal_in_rate=_percent(st.deal_in_rate),
                            avg_win=f"{st.average_win:,.1f}"))
            if patterns:
                lines.append(bt("stats.patterns", loc,
                                patterns=", ".join(f"{p} ×{n}" for p, n in patterns)))
        view = StatsView(title, st.hands, st.win_rate, st.deal_in_rate, st.average_win, st.net,
                         patterns, points)
        png = await asyncio.to_thread(_png, view, loc)
        await interaction.followup.send(
            clip("\n".join(lines)), file=discord.File(io.BytesIO(png), filename="stats.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _png(view: Any, locale: str) -> bytes:
    from render.draw import to_png
    from render.stats import stats_image

    return to_png(stats_image(view, locale))


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(Stats(bot))
