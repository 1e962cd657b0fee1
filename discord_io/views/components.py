"""Buttons and menus that survive restarts (the views that lay them out: ``discord_io.views.controls``).

Every control is a ``DynamicItem`` whose ``custom_id`` carries what it does::

    mj:<table>:<hand>:<action>:<tile>:<step>     e.g.  mj:3fa9c1d0:2:d:5m:41

``hand`` and ``step`` say which decision point the button answered, so a click on
an old message is recognised as stale; the item itself holds no state, so the
bot can answer a click on a message sent before it restarted. Lobby controls use
the same shape with hand 0 and step 0 (``mj:<table>:0:join::0``).
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast, runtime_checkable

import discord

from discord_io.limits import (
    MAX_SELECT_OPTIONS,
    LimitError,
    check_custom_id,
)
from i18n.bot_text import bt

TEMPLATE = (
    r"mj:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<code>[a-z]{1,6}):"
    r"(?P<arg>[0-9a-z]{0,8}):(?P<step>[0-9]{1,7})"
)
SELECT_TEMPLATE = r"mjs:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<step>[0-9]{1,7})"
PICK_TEMPLATE = (
    r"mjk:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<step>[0-9]{1,7}):(?P<n>[1-9])"
)

LOBBY_CODES = ("join", "leave", "cpu", "start", "rules", "cancel")
GAME_CODES = ("d", "p", "k", "c", "w", "x", "y", "r", "a")
SPECIAL_CODES = ("show", "back", "hint")
# 诈胡 rules: the win button on a hand that is none asks first (``fw``); the question's
# confirm (``fwy``) declares it, its cancel (``fwn``) changes nothing
FALSE_WIN_ASK, FALSE_WIN_YES, FALSE_WIN_NO = "fw", "fwy", "fwn"
CONFIRM_CODES = (FALSE_WIN_ASK, FALSE_WIN_YES, FALSE_WIN_NO)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
SECONDARY = discord.ButtonStyle.secondary

def custom_id(table: str, hand: int, code: str, arg: str = "", step: int = 0) -> str:
    return check_custom_id(f"mj:{table}:{hand}:{code}:{arg}:{step}")


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any button of a table: lobby, in-hand actions, "Show my hand", "I'm back"."""

    def __init__(
        self, table: str, hand: int, code: str, arg: str = "", step: int = 0, *,
        label: str = "?", style: str = "secondary", row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=STYLES.get(style, SECONDARY),
                custom_id=custom_id(table, hand, code, arg, step), emoji=emoji,
            ),
            row=row,
        )
        self.table, self.hand, self.code, self.arg, self.step = table, hand, code, arg, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        label = getattr(item, "label", None) or "?"
        return cls(match["table"], int(match["hand"]), match["code"], match["arg"],
                   int(match["step"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.table, self.hand, self.code, self.arg, self.step)


class DiscardSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The discard menu, used when one button per tile would not fit."""

    def __init__(
        self, table: str, hand: int, step: int, options: list[discord.SelectOption] | None = None,
        placeholder: str = "…", row: int | None = None,
    ) -> None:
        opts = options or [discord.SelectOption(label="?", value="?")]
        if len(opts) > MAX_SELECT_OPTIONS:
            raise LimitError(f"{len(opts)} options in one select menu")
        super().__init__(
            discord.ui.Select(
                custom_id=check_custom_id(f"mjs:{table}:{hand}:{step}"), options=opts,
                placeholder=placeholder[:150], min_values=1, max_values=1,
            ),
            row=row,
        )
        self.table, self.hand, self.step = table, hand, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DiscardSelect:
        return cls(match["table"], int(match["hand"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = getattr(self.item, "values", None) or []
        arg = str(values[0]) if values else ""
        await dispatch(interaction, self.table, self.hand, "d", arg, self.step)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_TEMPLATE):
    """A free pick of ``n`` tiles from the hand (换三张: any three of one suit).

    One option per tile held (a pair is two options, ``5m.0`` and ``5m.1``: values must
    differ); Discord makes the player choose exactly ``n``, and the table service says so
    when they are not of one suit."""

    def __init__(
        self, table: str, hand: int, step: int, n: int,
        options: list[discord.SelectOption] | None = None, placeholder: str = "…",
        row: int | None = None,
    ) -> None:
        opts = options or [discord.SelectOption(label=str(i), value=f"?.{i}") for i in range(n)]
        if len(opts) > MAX_SELECT_OPTIONS:
            raise LimitError(f"{len(opts)} options in one select menu")
        super().__init__(
            discord.ui.Select(
                custom_id=check_custom_id(f"mjk:{table}:{hand}:{step}:{n}"), options=opts,
                placeholder=placeholder[:150], min_values=n, max_values=n,
            ),
            row=row,
        )
        self.table, self.hand, self.step, self.n = table, hand, step, n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        return cls(match["table"], int(match["hand"]), int(match["step"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = getattr(self.item, "values", None) or []
        arg = "".join(str(v).split(".", 1)[0] for v in values)  # "5m.1" -> "5m"
        await dispatch(interaction, self.table, self.hand, "y", arg, self.step)


# the cog that answers table clicks (``cogs.game``: it registers these items when it loads)
CLICK_COG = "Mahjong"


@runtime_checkable
class ClickHandler(Protocol):
    """What the items ask of the cog named :data:`CLICK_COG`: take a click, nothing else."""

    async def on_click(
        self, interaction: discord.Interaction, table: str, hand: int, code: str, arg: str,
        step: int,
    ) -> None: ...


class _WithCogs(Protocol):
    """The bot as the items see it: its cogs by name (``discord_io.botlike`` is the whole
    face the cogs use; these items, sent by the transport, need only this)."""

    def get_cog(self, name: str, /) -> object: ...


async def dispatch(
    interaction: discord.Interaction, table: str, hand: int, code: str, arg: str, step: int
) -> None:
    """Hand a click to the Mahjong cog (the items stay free of game logic, and this layer
    knows the cog by name only), or to the process running its table when that is another
    one (a DM click, see ``discord_io.forwarding``)."""
    forwarder = getattr(interaction.client, "forwarder", None)
    if forwarder is not None and await forwarder.forward(interaction, table, code):
        return
    cog = cast("_WithCogs", interaction.client).get_cog(CLICK_COG)
    if not isinstance(cog, ClickHandler):
        await interaction.response.send_message(bt("err.unavailable", interaction.locale),
                                                ephemeral=True)
        return
    await cog.on_click(interaction, table, hand, code, arg, step)
