"""``/mahjong-admin``: server settings and chip corrections, for members with Manage Server.

Every grant and removal is recorded in the ledger with the admin's id and the
reason; the interaction id makes a retried command count once.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.game.presets import preset_choices, read_preset
from discord_io.botlike import BotLike, need_store
from discord_io.limits import clip
from discord_io.translator import L
from engine.rules import TABLE_PRESETS
from i18n.bot_text import bt
from tables.errors import TableError
from tables.service import COMPUTER_LEVELS
from tables.text import level_name

if TYPE_CHECKING:
    from discord_io.client import MahjongBot
    from store import Store

LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=L(f"level.{lv}"), value=lv) for lv in COMPUTER_LEVELS
]

MAX_GRANT = 1_000_000_000
BACKUP_INTERVAL = 60.0  # seconds between two backups, whichever servers ask


class Admin(commands.Cog, name="Admin"):
    admin = app_commands.Group(
        name=L("cmd.admin"), description=L("cmd.admin.desc"), guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: BotLike) -> None:
        self.bot: BotLike = bot
        self._last_backup = 0.0  # time.monotonic() of the last backup, any server

    @property
    def store(self) -> Store:
        return need_store(self.bot)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # default_permissions only hides the commands; this check enforces them
        perms = getattr(interaction, "permissions", None)
        return interaction.guild_id is not None and perms is not None and perms.manage_guild

    async def _set(self, interaction: discord.Interaction, key: str, value: Any) -> Any:
        from store import SettingError

        assert interaction.guild_id is not None
        if key == "default_preset" and value not in TABLE_PRESETS:
            # a forged or stale choice: refused at save time, not when the next table opens
            raise TableError("err.bad_option", reason=f"{value!r} is not a preset; the presets "
                             f"are: {', '.join(sorted(TABLE_PRESETS))}")
        try:
            return await self.store.set_guild_setting(
                interaction.guild_id, key, value, actor_id=interaction.user.id
            )
        except SettingError as exc:
            raise TableError("err.bad_option", reason=str(exc)) from None

    def _settings_line(self, s: Any, locale: object) -> str:
        claim = self.bot.settings.claim_seconds
        return bt("admin.settings", locale, preset=s.default_preset, stake=s.stake,
                  turn=s.turn_timer, claim=int(claim), starting=s.starting_chips,
                  entry=s.entry_stakes,
                  level=level_name(s.computer_level, locale),
                  afk=level_name(s.afk_level, locale))

    @admin.command(name=L("cmd.settings"), description=L("cmd.settings.desc"))
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        s = await self.store.get_guild_settings(interaction.guild_id)
        await interaction.response.send_message(self._settings_line(s, interaction.locale),
                                                ephemeral=True)

    @admin.command(name=L("cmd.preset"), description=L("cmd.preset.desc"))
    @app_commands.rename(preset=L("param.preset"), stake=L("param.stake"))
    @app_commands.describe(preset=L("param.preset.desc"), stake=L("param.stake.desc"))
    async def preset(
        self, interaction: discord.Interaction, preset: str,
        stake: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        await self._set(interaction, "default_preset", read_preset(preset))
        s = await self._set(interaction, "stake", stake) if stake is not None else None
        if s is None:
            assert interaction.guild_id is not None
            s = await self.store.get_guild_settings(interaction.guild_id)
        await interaction.response.send_message(
            bt("admin.saved", interaction.locale, what=self._settings_line(s, interaction.locale)),
            ephemeral=True,
        )

    @preset.autocomplete("preset")
    async def _preset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_choices(current, interaction.locale)

    @admin.command(name=L("cmd.timer"), description=L("cmd.timer.desc"))
    @app_commands.rename(turn=L("param.turn"))
    @app_commands.describe(turn=L("param.turn.desc"))
    async def timer(
        self, interaction: discord.Interaction, turn: app_commands.Range[int, 5, 3600]
    ) -> None:
        s = await self._set(interaction, "turn_timer", turn)
        await interaction.response.send_message(
            bt("admin.saved", interaction.locale, what=self._settings_line(s, interaction.locale)),
            ephemeral=True,
        )

    @admin.command(name=L("cmd.starting"), description=L("cmd.starting.desc"))
    @app_commands.rename(amount=L("param.amount"))
    @app_commands.describe(amount=L("param.amount.desc"))
    async def starting(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, MAX_GRANT]
    ) -> None:
        s = await self._set(interaction, "starting_chips", amount)
        await interaction.response.send_message(
            bt("admin.saved", interaction.locale, what=self._settings_line(s, interaction.locale)),
            ephemeral=True,
        )

    @admin.command(name=L("cmd.entry"), description=L("cmd.entry.desc"))
    @app_commands.rename(stakes=L("param.stakes"))
    @app_commands.describe(stakes=L("param.stakes.desc"))
    async def entry(
        self, interaction: discord.Interaction, stakes: app_commands.Range[int, 0, 1_000_000]
    ) -> None:
        # 以小博大: the chips a person needs to sit, in stakes of the table (0: none)
        s = await self._set(interaction, "entry_stakes", stakes)
        await interaction.response.send_message(
            bt("admin.saved", interaction.locale, what=self._settings_line(s, interaction.locale)),
            ephemeral=True,
        )

    @admin.command(name=L("cmd.computers"), description=L("cmd.computers.desc"))
    @app_commands.rename(level=L("param.level"), afk=L("param.afk"))
    @app_commands.describe(level=L("param.level.desc"), afk=L("param.afk.desc"))
    @app_commands.choices(level=LEVEL_CHOICES, afk=LEVEL_CHOICES)
    async def computers(
        self, interaction: discord.Interaction, level: str, afk: str | None = None
    ) -> None:
        s = await self._set(interaction, "computer_level", level)
        if afk is not None:
            s = await self._set(interaction, "afk_level", afk)
        await interaction.response.send_message(
            bt("admin.saved", interaction.locale, what=self._settings_line(s, interaction.locale)),
            ephemeral=True,
        )

    @admin.command(name=L("cmd.backup"), description=L("cmd.backup.desc"))
    @app_commands.checks.cooldown(1, 600, key=lambda i: i.guild_id)
    async def backup(self, interaction: discord.Interaction) -> None:
        """A dated copy of the database beside it on the bot's machine, taken while the bot
        runs (SQLite's online backup); the oldest copies beyond MAHJONG_BACKUPS_KEPT go."""
        from store import StoreError
        from store.backups import backup_into

        # one database for every server: besides each server's own cooldown, at most one
        # backup per minute for the whole bot, so many servers cannot keep the disk busy
        now = time.monotonic()
        wait = self._last_backup + BACKUP_INTERVAL - now
        if self._last_backup and wait > 0:
            raise TableError("err.cooldown", seconds=int(wait) + 1)
        self._last_backup = now
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = self.bot.settings
        try:
            path, size = await backup_into(self.store, s.backup_dir, s.backups_kept)
        except (StoreError, OSError) as exc:
            raise TableError("admin.backup_failed", reason=str(exc)) from None
        await interaction.followup.send(
            bt("admin.backup", interaction.locale, path=str(path), kb=max(1, size // 1024)),
            ephemeral=True,
        )

    async def _adjust(
        self, interaction: discord.Interaction, user: discord.Member, amount: int, reason: str,
        remove: bool,
    ) -> None:
        from store import AccountRef, BalanceLimit, InsufficientChips, InvalidInput

        assert interaction.guild_id is not None
        if not 1 <= amount <= MAX_GRANT:
            raise TableError("err.bad_amount", max=MAX_GRANT)
        ref = AccountRef.user(interaction.guild_id, user.id)
        fn = self.store.remove if remove else self.store.grant
        try:
            balance = await fn(ref, amount, actor_id=interaction.user.id, reason=reason[:200],
                               idem_key=str(interaction.id))
        except InsufficientChips as exc:
            raise TableError("err.not_enough_chips", name=user.display_name,
                             chips=getattr(exc, "balance", "?")) from None
        except InvalidInput as exc:
            raise TableError("err.bad_option", reason=exc.message) from None
        except BalanceLimit as exc:
            raise TableError("err.balance_limit", max=f"{exc.limit:,}") from None
        key = "admin.removed" if remove else "admin.granted"
        # said in the channel: chip corrections are public by design
        await interaction.response.send_message(
            clip(bt(key, interaction.guild_locale or interaction.locale,
                    admin=interaction.user.display_name, name=user.display_name, amount=amount,
                    reason=reason, chips=balance)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admin.command(name=L("cmd.grant"), description=L("cmd.grant.desc"))
    @app_commands.rename(user=L("param.user"), amount=L("param.amount"), reason=L("param.reason"))
    @app_commands.describe(user=L("param.user.desc"), amount=L("param.amount.desc"),
                           reason=L("param.reason.desc"))
    async def grant(
        self, interaction: discord.Interaction, user: discord.Member,
        amount: app_commands.Range[int, 1, MAX_GRANT], reason: app_commands.Range[str, 1, 200],
    ) -> None:
        await self._adjust(interaction, user, amount, reason, remove=False)

    @admin.command(name=L("cmd.remove"), description=L("cmd.remove.desc"))
    @app_commands.rename(user=L("param.user"), amount=L("param.amount"), reason=L("param.reason"))
    @app_commands.describe(user=L("param.user.desc"), amount=L("param.amount.desc"),
                           reason=L("param.reason.desc"))
    async def remove(
        self, interaction: discord.Interaction, user: discord.Member,
        amount: app_commands.Range[int, 1, MAX_GRANT], reason: app_commands.Range[str, 1, 200],
    ) -> None:
        await self._adjust(interaction, user, amount, reason, remove=True)

    @admin.command(name=L("cmd.season"), description=L("cmd.season.desc"))
    @app_commands.rename(confirm=L("param.confirm"))
    @app_commands.describe(confirm=L("param.confirm.desc"))
    async def season_reset(self, interaction: discord.Interaction, confirm: str) -> None:
        assert interaction.guild_id is not None
        if confirm.strip() != "RESET":
            raise TableError("admin.confirm")
        season = await self.store.reset_season(interaction.guild_id, actor_id=interaction.user.id)
        await interaction.response.send_message(
            bt("admin.season", interaction.guild_locale or interaction.locale, season=season)
        )


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(Admin(bot))
