"""Buttons and menus that survive restarts, and the builders that lay them out within Discord's limits.

Every control is a ``DynamicItem`` whose ``custom_id`` carries what it does::

    mj:<table>:<hand>:<action>:<tile>:<step>     e.g.  mj:3fa9c1d0:2:d:5m:41

``hand`` and ``step`` say which decision point the button answered, so a click on
an old message is recognised as stale; the item itself holds no state, so the
bot can answer a click on a message sent before it restarted. Lobby controls use
the same shape with hand 0 and step 0 (``mj:<table>:0:join::0``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from discord_io.emoji import TileEmoji, is_wild
from discord_io.limits import (
    MAX_BUTTONS_PER_ROW,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ButtonSpec,
    LimitError,
    check_custom_id,
    layout_rows,
)
from i18n.bot_text import bt
from tables.game import FALSE_WIN_KIND
from tables.model import ActionChoice, Mode, PrivateView, TableInfo
from tables.service import COMPUTER_LEVELS
from tables.text import choice_label, level_name, tile_label

TEMPLATE = (
    r"mj:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<code>[a-z]{1,6}):"
    r"(?P<arg>[0-9a-z]{0,8}):(?P<step>[0-9]{1,7})"
)
SELECT_TEMPLATE = r"mjs:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<step>[0-9]{1,7})"
PICK_TEMPLATE = (
    r"mjk:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<step>[0-9]{1,7}):(?P<n>[1-9])"
)

LOBBY_CODES = ("join", "leave", "cpu", "start", "rules", "cancel")
GAME_CODES = ("d", "p", "k", "c", "w", "x", "y")
SPECIAL_CODES = ("show", "back", "hint")
# 诈胡 rules: the win button on a hand that is none asks first (``fw``); the question's
# confirm (``fwy``) declares it, its cancel (``fwn``) changes nothing
FALSE_WIN_ASK, FALSE_WIN_YES, FALSE_WIN_NO = "fw", "fwy", "fwn"
CONFIRM_CODES = (FALSE_WIN_ASK, FALSE_WIN_YES, FALSE_WIN_NO)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

def custom_id(table: str, hand: int, code: str, arg: str = "", step: int = 0) -> str:
    return check_custom_id(f"mj:{table}:{hand}:{code}:{arg}:{step}")


def _style(choice: ActionChoice, drawn: int | None) -> str:
    if choice.kind in ("win", "self_draw", FALSE_WIN_KIND):
        return "success"
    if choice.kind == "pass":
        return "secondary"
    if choice.kind == "choose_small_wins" or choice.arg == "take":
        return "success"
    if choice.kind == "discard":
        return "primary" if choice.tile == drawn else "secondary"
    return "primary"


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any button of a table: lobby, in-hand actions, "Show my hand", "I'm back"."""

    def __init__(
        self, table: str, hand: int, code: str, arg: str = "", step: int = 0, *,
        label: str = "?", style: str = "secondary", row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=_STYLES.get(style, discord.ButtonStyle.secondary),
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


def pick_options(
    view: PrivateView, locale: object, emoji: TileEmoji | None = None
) -> list[discord.SelectOption]:
    """The hand's tiles of every suit holding at least ``view.pick``, one option per tile."""
    from engine.tiles import tile_name

    tiles = sorted(view.concealed + ((view.drawn,) if view.drawn is not None else ()))
    per_suit = {s: sum(1 for t in tiles if t < 27 and t // 9 == s) for s in range(3)}
    out: list[discord.SelectOption] = []
    seen: dict[int, int] = {}
    for t in tiles:
        if t >= 27 or per_suit[t // 9] < view.pick:
            continue
        i = seen[t] = seen.get(t, -1) + 1
        pic = emoji.inline(t, is_wild(t, view.wild)) if emoji is not None else None
        out.append(discord.SelectOption(label=tile_label(t, locale)[:100],
                                        value=f"{tile_name(t)}.{i}", emoji=pic))
    return out[:MAX_SELECT_OPTIONS]


async def dispatch(
    interaction: discord.Interaction, table: str, hand: int, code: str, arg: str, step: int
) -> None:
    """Hand a click to the Mahjong cog (the items stay free of game logic)."""
    cog = interaction.client.get_cog("Mahjong")  # type: ignore[attr-defined]
    if cog is None:
        await interaction.response.send_message(bt("err.unavailable", interaction.locale),
                                                ephemeral=True)
        return
    await cog.on_click(interaction, table, hand, code, arg, step)


# -- builders -------------------------------------------------------------------------------


def _view_from_rows(rows: list[list[ButtonSpec]], view: discord.ui.View) -> discord.ui.View:
    for r, row in enumerate(rows):
        for spec in row:
            m = re.fullmatch(TEMPLATE, spec.custom_id)
            assert m is not None
            view.add_item(TableButton(
                m["table"], int(m["hand"]), m["code"], m["arg"], int(m["step"]),
                label=spec.label, style=spec.style, row=r, emoji=spec.emoji,
            ))
    return view


def hand_controls(
    view: PrivateView, locale: object, emoji: TileEmoji | None = None
) -> discord.ui.View:
    """The buttons of a private hand: one per legal action, or a menu for discards if needed.

    With the tile emoji, a button that names a tile shows its picture, and a discard's label
    is just the tile's name (what a screen reader says); without, the words say it all."""
    out = discord.ui.View(timeout=None)
    tid, hand, step = view.table_id, view.hand_no, view.step
    if view.mode is Mode.AFK:
        return _view_from_rows(
            [[ButtonSpec(custom_id(tid, hand, "back"), bt("act.back", locale), "success")]], out
        )
    # the 💡 button (tables where the host turned hints on); its step is 0: a hint is about
    # the hand as it is when pressed, never stale
    hint = [ButtonSpec(custom_id(tid, hand, "hint"), bt("act.hint", locale), "secondary")
            ] if view.hints and view.mode is not Mode.OVER else []
    if view.mode not in (Mode.TURN, Mode.CLAIM):
        return _view_from_rows([hint], out) if hint else out
    specials = [c for c in view.actions if c.kind != "discard"]
    discards = [c for c in view.actions if c.kind == "discard"]

    def pic(c: ActionChoice) -> str | None:
        if emoji is None or c.tile is None:
            return None
        return emoji.inline(c.tile, is_wild(c.tile, view.wild))

    def label(c: ActionChoice) -> str:
        if c.kind == "discard" and pic(c) is not None:
            return tile_label(c.tile, locale)
        return choice_label(c, locale)

    def spec(c: ActionChoice) -> ButtonSpec:
        # a win declared on a hand that is none is asked about before it is sent
        code = FALSE_WIN_ASK if c.kind == FALSE_WIN_KIND else c.code
        return ButtonSpec(custom_id(tid, hand, code, c.arg, step), label(c),
                          _style(c, view.drawn), emoji=pic(c))

    if view.pick and not discards:
        # the suggestions as buttons, and a menu for any other pick below them
        rows = layout_rows([[spec(c) for c in specials] + hint], max_rows=MAX_ROWS - 1)
        _view_from_rows(rows, out)
        options = pick_options(view, locale, emoji)
        if len(options) >= view.pick:
            out.add_item(PickSelect(tid, hand, step, view.pick, options,
                                    bt("act.pick_menu", locale, n=view.pick), row=len(rows)))
        return out
    try:
        rows = layout_rows([[spec(c) for c in specials] + hint, [spec(c) for c in discards]])
        return _view_from_rows(rows, out)
    except LimitError:
        pass
    # too many: specials as buttons (at most four rows), discards in one menu
    top = [spec(c) for c in specials] + hint
    rows = layout_rows([top], max_rows=MAX_ROWS - 1) if top else []
    _view_from_rows(rows, out)
    options = [
        discord.SelectOption(label=label(c)[:100], value=c.arg, default=False, emoji=pic(c))
        for c in discards[:MAX_SELECT_OPTIONS]
    ]
    out.add_item(DiscardSelect(tid, hand, step, options, bt("act.discard_menu", locale),
                               row=len(rows)))
    return out


def false_win_controls(table_id: str, hand: int, step: int, locale: object) -> discord.ui.View:
    """The question before a 诈胡: declare it anyway, or cancel (same hand and step as the
    button that asked, so the answer is stale once the turn has moved on)."""
    out = discord.ui.View(timeout=None)
    return _view_from_rows([[
        ButtonSpec(custom_id(table_id, hand, FALSE_WIN_YES, "", step),
                   bt("confirm.false_win.yes", locale), "danger"),
        ButtonSpec(custom_id(table_id, hand, FALSE_WIN_NO, "", step),
                   bt("confirm.false_win.no", locale), "secondary"),
    ]], out)


def show_hand_controls(table_id: str, hand: int, locale: object) -> discord.ui.View:
    out = discord.ui.View(timeout=None)
    return _view_from_rows(
        [[ButtonSpec(custom_id(table_id, hand, "show"), bt("act.show", locale), "primary")]], out
    )


def lobby_controls(info: TableInfo, locale: object) -> discord.ui.View:
    out = discord.ui.View(timeout=None)
    t = info.id

    def b(code: str, key: str, style: str) -> ButtonSpec:
        return ButtonSpec(custom_id(t, 0, code), bt(key, locale), style)

    # one "Add computer" per level, the table's default level first
    levels = sorted(COMPUTER_LEVELS, key=lambda lv: lv != info.computer_level)
    computers = [
        ButtonSpec(custom_id(t, 0, "cpu", lv),
                   bt("lobby.add_level", locale, level=level_name(lv, locale)),
                   "primary" if lv == info.computer_level else "secondary")
        for lv in levels
    ]
    rows = layout_rows([
        [b("join", "lobby.join", "success"), b("leave", "lobby.leave", "secondary")],
        computers,
        [b("start", "lobby.start", "primary"), b("rules", "lobby.rules", "secondary"),
         b("cancel", "lobby.cancel", "danger")],
    ])
    return _view_from_rows(rows, out)


def component_count(view: discord.ui.View) -> int:
    return len(view.children)


def check_view(view: discord.ui.View) -> None:
    """Raise LimitError if a view breaks Discord's limits (rows, per-row width, custom_ids)."""
    rows: dict[int, int] = {}
    ids = []
    floating = []
    for item in view.children:
        # a DynamicItem around a Select reports no row (discord.py keeps it on the select)
        row = getattr(getattr(item, "item", item), "row", None)
        if row is None:
            floating.append(item.width)
            continue
        rows[row] = rows.get(row, 0) + item.width
    for width in floating:  # placed like discord.py does: the first row with room
        row = next(r for r in range(MAX_ROWS + 1) if rows.get(r, 0) + width <= MAX_BUTTONS_PER_ROW)
        rows[row] = rows.get(row, 0) + width
        cid = getattr(item, "custom_id", None)
        if cid is not None:
            ids.append(check_custom_id(cid))
    if len(rows) > MAX_ROWS or any(w > MAX_BUTTONS_PER_ROW for w in rows.values()):
        raise LimitError(f"rows: {rows}")
    if len(ids) != len(set(ids)):
        raise LimitError("duplicate custom_id")
