"""``/mahjong``: open a table, see one's hand, post the table, read the rules, leave; and every click.

Clicks arrive from ``cogs.game.components`` (persistent DynamicItems) at ``on_click``:
the cog acknowledges within Discord's 3 seconds (``defer``), hands a plain action
to the table service, and turns a refusal into an ephemeral sentence in the
clicker's language. The service checks the seat's owner, the turn and staleness.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.game.components import LOBBY_CODES, show_hand_controls
from discord_io.limits import MAX_AUTOCOMPLETE, clip
from discord_io.translator import L
from engine.family import family_of
from engine.rules import PRESETS, RulesError, get_rules, option_fields
from i18n.bot_text import bt
from i18n.patterns import pattern_name, value_text
from render import render_rules_pages
from tables.errors import TableError
from tables.house_rules import parse_house_rules
from tables.model import Mode
from tables.queue import WAIT_CHOICES as QUEUE_WAITS
from tables.service import HAND_CHOICES, MAX_STAKE, Person
from tables.text import rules_name

log = logging.getLogger("mahjong.cogs.game")

PRESET_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=L(f"preset.{pid}"), value=pid) for pid in PRESETS
]
WAIT_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=L("wait.never") if n == 0 else str(n), value=n) for n in QUEUE_WAITS
]
LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=L(f"level.{k}"), value=k) for k in ("easy", "normal", "hard", "greedy")
]
HAND_COUNT_CHOICES: list[app_commands.Choice[int]] = [app_commands.Choice(name=str(n), value=n) for n in HAND_CHOICES]

# /mahjong new: once per this many seconds per person; (n, seconds) per channel
NEW_PER_USER_SECONDS = 15.0
NEW_PER_CHANNEL = (4, 60.0)
# chips to sit, in stakes (the server setting's default, see tables/economy.py)
DEFAULT_ENTRY = 10


def house_rule_suggestions(current: str, preset: str | None = None) -> list[str]:
    """Autocomplete: the text typed so far with its last ``option=value`` completed, from
    the options ``preset`` offers (its metadata; every preset's when none is chosen yet)."""
    head, _, last = current.rpartition(",")
    prefix = (head + ", ") if head.strip() else ""
    last = last.strip()
    out: list[str] = []
    fields = option_fields()
    rules = PRESETS.get(preset) if isinstance(preset, str) else None
    names = rules.offered_options() if rules is not None else tuple(fields)
    for name in names:
        f = fields[name]
        choices = f.metadata.get("choices") or ()
        if "=" in last:
            typed_name, _, typed_value = last.partition("=")
            if typed_name.strip() != name:
                continue
            for c in choices:
                v = str(c).lower()
                if v.startswith(typed_value.strip().lower()):
                    out.append(f"{prefix}{name}={v}")
        elif name.startswith(last) or last in f.metadata.get("zh", ""):
            for c in choices[:3] or ("1",):
                out.append(f"{prefix}{name}={str(c).lower()}")
    if rules is None:  # no preset chosen: an option any preset offers, once
        out = list(dict.fromkeys(out))
    return [s for s in out if len(s) <= 100][:MAX_AUTOCOMPLETE]


def person_of(interaction: discord.Interaction) -> Person:
    u = interaction.user
    return Person(u.id, u.display_name[:32], str(interaction.locale.value))


class Mahjong(commands.Cog, name="Mahjong"):
    mahjong = app_commands.Group(
        name=L("cmd.mahjong"), description=L("cmd.mahjong.desc"), guild_only=True
    )

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @property
    def tables(self) -> Any:
        return self.bot.tables

    @property
    def transport(self) -> Any:
        return self.bot.transport

    async def _guild_defaults(self, guild_id: int) -> Any:
        store = getattr(self.bot, "store", None)
        if store is None:
            return None
        return await store.get_guild_settings(guild_id)

    # -- commands ---------------------------------------------------------------------------

    @mahjong.command(name=L("cmd.new"), description=L("cmd.new.desc"))
    @app_commands.rename(preset=L("param.preset"), stake=L("param.stake"), hands=L("param.hands"),
                         house_rules=L("param.house_rules"), hints=L("param.hints"))
    @app_commands.describe(preset=L("param.preset.desc"), stake=L("param.stake.desc"),
                           hands=L("param.hands.desc"), house_rules=L("param.house_rules.desc"),
                           hints=L("param.hints.desc"))
    @app_commands.choices(preset=PRESET_CHOICES, hands=HAND_COUNT_CHOICES)  # type: ignore[misc]
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
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError("err.guild_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        defaults = await self._guild_defaults(interaction.guild_id)
        if preset is None:
            preset = getattr(defaults, "default_preset", "heyuan-zheng")
        if stake is None:
            stake = getattr(defaults, "stake", None)
        try:
            options = parse_house_rules(house_rules)
            get_rules(preset or "heyuan-zheng", options)
        except RulesError as exc:
            raise TableError("err.bad_option", reason=str(exc)) from None
        info = await self.tables.create(
            interaction.guild_id, interaction.channel_id, person_of(interaction),
            preset or "heyuan-zheng", options, stake, hands,
            turn_seconds=getattr(defaults, "turn_timer", None), hints=hints,
            computer_level=getattr(defaults, "computer_level", None),
            afk_level=getattr(defaults, "afk_level", None),
        )
        await interaction.followup.send(
            bt("lobby.title", interaction.locale, table=info.id,
               rules=rules_name(info.preset, interaction.locale)),
            ephemeral=True,
        )

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
        info = self._my_table(interaction)
        await self._show_hand(interaction, info.id)

    @mahjong.command(name=L("cmd.table"), description=L("cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        info = self._my_table(interaction)
        view = self.tables.public_view(info.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.transport.repost_table(info, view)
        await interaction.followup.send("✓", ephemeral=True)

    @mahjong.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @app_commands.rename(preset=L("param.preset"))
    @app_commands.describe(preset=L("param.preset.desc"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        entry = DEFAULT_ENTRY
        if interaction.guild_id is not None:
            entry = getattr(await self._guild_defaults(interaction.guild_id), "entry_stakes",
                            DEFAULT_ENTRY)
        await send_rules(interaction, preset or "heyuan-zheng", entry)

    @mahjong.command(name=L("cmd.leave"), description=L("cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise TableError("err.guild_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await self.tables.leave(interaction.guild_id, interaction.user.id)
        await interaction.followup.send(
            bt("call.left", interaction.locale, name=interaction.user.display_name)
            if info.status.value == "playing" else "✓",
            ephemeral=True,
        )

    # -- replays, the quick-play queue, spectators (their code lives in their own modules) --

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
                         hands=L("param.hands"))
    @app_commands.describe(preset=L("param.preset.desc"), wait=L("param.wait.desc"),
                           level=L("param.fill_level.desc"), hands=L("param.hands.desc"))
    @app_commands.choices(preset=PRESET_CHOICES, wait=WAIT_CHOICES, level=LEVEL_CHOICES,  # type: ignore[misc]
                          hands=HAND_COUNT_CHOICES)
    @app_commands.checks.cooldown(2, 20.0, key=lambda i: (i.guild_id, i.user.id))
    async def quick(self, interaction: discord.Interaction, preset: str | None = None,
                    wait: int | None = None, level: str | None = None,
                    hands: int | None = None) -> None:
        from cogs.game.queue import quick_command

        await quick_command(self.bot, interaction, preset, wait, level, hands)

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

    # -- clicks -----------------------------------------------------------------------------

    async def on_click(
        self, interaction: discord.Interaction, table: str, hand: int, code: str, arg: str,
        step: int,
    ) -> None:
        try:
            self._same_guild(interaction, table, lobby=code in LOBBY_CODES)
            if code in LOBBY_CODES:
                await self._lobby_click(interaction, table, code, arg)
            elif code == "show":
                await self._show_hand(interaction, table)
            elif code == "hint":
                from cogs.game.hints import hint_click

                await hint_click(self.bot, interaction, table)
            elif code == "back":
                await interaction.response.defer()
                self.transport.routes[interaction.user.id] = interaction
                await self.tables.back(table, interaction.user.id)
            else:
                await interaction.response.defer()
                self.transport.routes[interaction.user.id] = interaction
                self.transport.remember_token(table, interaction)
                await self.tables.act(table, interaction.user.id, hand, step, code, arg)
        except TableError as exc:
            await refuse(interaction, exc)
        finally:
            self.transport.routes.pop(interaction.user.id, None)

    def _same_guild(self, interaction: discord.Interaction, table: str, lobby: bool) -> None:
        """A click belongs to the table's own server: one from another server (a forged
        interaction carrying this table's custom_id) is refused before anything happens.
        Hand buttons live in DMs (no guild); lobby buttons only in the table's channel."""
        try:
            info = self.tables.get(table)
        except TableError:
            return  # gone: the click's own path says so
        if interaction.guild_id != info.guild_id and (lobby or interaction.guild_id is not None):
            log.warning("refused a click on table %s from guild %s (the table's is %s)",
                        table, interaction.guild_id, info.guild_id)
            raise TableError("err.no_table")

    async def _lobby_click(
        self, interaction: discord.Interaction, table: str, code: str, arg: str = ""
    ) -> None:
        uid = interaction.user.id
        if code == "rules":
            await send_rules(interaction, self.tables.get(table).preset)
            return
        await interaction.response.defer()
        # the lobby this click changes is edited through the click's own token (exempt)
        self.transport.remember_lobby_click(table, interaction)
        if code == "join":
            await self.tables.join(table, person_of(interaction))
        elif code == "leave":
            info = self.tables.get(table)
            if info.seat_of(uid) is None:
                raise TableError("err.not_seated")
            await self.tables.leave(info.guild_id, uid)
        elif code == "cpu":
            # the button names the level; an empty one (older lobbies) seats the table's default
            await self.tables.add_computer(table, uid, arg or None)
        elif code == "start":
            await self.tables.start(table, uid)
        elif code == "cancel":
            await self.tables.cancel(table, uid)

    async def _show_hand(self, interaction: discord.Interaction, table: str) -> None:
        """An ephemeral copy of the private hand with the same controls (DMs closed or not)."""
        view = self.tables.private_view(table, interaction.user.id)
        info = self.tables.get(table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, controls, files = await self.transport.render_private(
            info, view, str(interaction.locale.value)
        )
        await interaction.followup.send(content=content, files=files, view=controls,
                                        ephemeral=True)
        self.transport.remember_ephemeral(table, interaction.user.id, interaction, view)

    def _my_table(self, interaction: discord.Interaction) -> Any:
        if interaction.guild_id is None:
            raise TableError("err.guild_only")
        info = self.tables.table_for(interaction.guild_id, interaction.user.id)
        if info is None:
            raise TableError("err.not_at_table")
        return info


def rules_summary(preset: str, locale: object, entry: int = DEFAULT_ENTRY) -> str:
    rules = PRESETS.get(preset)
    if rules is None:
        return bt("err.bad_option", locale, reason=preset)
    zh = str(getattr(locale, "value", locale)).startswith("zh")
    lines = [f"**{rules_name(preset, locale)}**"]
    for name, value in rules.options().items():
        f = option_fields()[name]
        label = f.metadata["zh"] if zh else f.metadata["en"]
        lines.append(f"• {label} (`{name}`): {value}")
    style = family_of(rules).value_style
    lines.append(", ".join(
        f"{pattern_name(p, locale, rules.family)} {value_text(style, v, locale)}"
        for p, v in rules.pattern_values
    ))
    if rules.bonus_values:
        lines.append(", ".join(
            f"{pattern_name(p, locale, rules.family)} {value_text(style, v, locale, bonus=True)}"
            for p, v in rules.bonus_values
        ))
    lines.append(bt("rules.cap", locale, entry=entry))  # 以小博大: what a seat can win or lose
    return "\n".join(lines)


async def send_rules(
    interaction: discord.Interaction, preset: str, entry: int = DEFAULT_ENTRY
) -> None:
    """The rules of a preset, ephemeral: a summary of its options and a picture of every
    pattern with an example hand (drawn in a worker thread, off the event loop)."""
    rules = PRESETS.get(preset)
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


async def refuse(interaction: discord.Interaction, exc: TableError) -> None:
    """A refusal: one ephemeral sentence in the clicker's language; nothing changed."""
    text = clip(bt(exc.key, interaction.locale, **exc.args_))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: Any) -> None:
    await bot.add_cog(Mahjong(bot))


__all__ = ["Mahjong", "Mode", "parse_house_rules", "refuse", "setup", "show_hand_controls"]
