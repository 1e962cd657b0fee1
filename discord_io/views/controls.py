"""The views of a table's controls, laid out within Discord's limits: a private hand's action
buttons (or a discard menu when they do not fit), the lobby's buttons, "Show my hand", and the
check every view passes before it is sent. The items themselves are ``discord_io.views.components``.
"""

from __future__ import annotations

import re
from collections.abc import Generator
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
from discord_io.views.components import (
    FALSE_WIN_ASK,
    FALSE_WIN_NO,
    FALSE_WIN_YES,
    SECONDARY,
    STYLES,
    TEMPLATE,
    DiscardSelect,
    PickSelect,
    TableButton,
    custom_id,
)
from i18n.bot_text import bt
from tables.game import FALSE_WIN_KIND
from tables.model import ActionChoice, Mode, PrivateView, TableInfo
from tables.service import COMPUTER_LEVELS
from tables.text import choice_label, level_name, tile_label


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


def pick_options(
    view: PrivateView, locale: object, emoji: TileEmoji | None = None
) -> list[discord.SelectOption]:
    """The hand's tiles of every suit holding at least ``view.pick``, one option per tile."""
    from engine.tiles import tile_name

    tiles = sorted(view.concealed + ((view.drawn,) if view.drawn is not None else ()))
    per_suit = {s: sum(1 for t in tiles if t < 27 and t // 9 == s) for s in range(3)}
    out: list[discord.SelectOption] = []
    seen: dict[int, int] = {}
    # the Charleston passes any three tiles held but a wild one (换三张: three of one suit)
    free = view.choosing.startswith("charleston")
    for t in tiles:
        if free:
            if is_wild(t, view.wild) or t >= 34:
                continue
        elif t >= 27 or per_suit[t // 9] < view.pick:
            continue
        i = seen[t] = seen.get(t, -1) + 1
        pic = emoji.inline(t, is_wild(t, view.wild)) if emoji is not None else None
        out.append(discord.SelectOption(label=tile_label(t, locale)[:100],
                                        value=f"{tile_name(t)}.{i}", emoji=pic))
    return out[:MAX_SELECT_OPTIONS]


_EMOJI_DICTS: dict[str, dict[str, Any]] = {}


def _emoji_dict(emoji: str) -> dict[str, Any]:
    """A button's emoji as Discord's payload writes it (the tile emoji are a few dozen)."""
    known = _EMOJI_DICTS.get(emoji)
    if known is None:
        known = dict(discord.PartialEmoji.from_str(emoji).to_dict())
        if len(_EMOJI_DICTS) < 1024:
            _EMOJI_DICTS[emoji] = known
    return dict(known)


class ControlsView(discord.ui.View):
    """A view of table controls that writes its buttons' payload straight from their specs.

    A DM update carries up to 25 buttons, and a busy bot sends a few every human move: making
    each a discord.py ``Button`` inside a ``DynamicItem`` cost about as much as the rest of
    the update's text. Sending needs only the payload, and a click is dispatched by the
    ``custom_id`` template the bot registers (``add_dynamic_items``), not by this object: so
    the buttons stay specs until someone asks for the items (``children``, a select added),
    and the view is never kept in discord.py's view store (``is_dispatchable``)."""

    def __init__(self) -> None:
        self._specs: list[tuple[int, ButtonSpec]] = []
        self._items_made = False
        super().__init__(timeout=None)  # (it walks the children: none yet)

    def add_button(self, spec: ButtonSpec, row: int) -> None:
        if self._items_made:
            super().add_item(_button(spec, row))
        else:
            self._specs.append((row, spec))

    def _make_items(self) -> None:
        if not self._items_made and self._specs:
            self._items_made = True
            for row, spec in self._specs:
                super().add_item(_button(spec, row))

    def add_item(self, item: discord.ui.Item[Any]) -> ControlsView:
        self._make_items()
        super().add_item(item)
        return self

    @property
    def children(self) -> list[discord.ui.Item[Any]]:
        self._make_items()
        return super().children

    def walk_children(self) -> Generator[discord.ui.Item[Any], None, None]:
        self._make_items()
        yield from super().walk_children()

    def has_components_v2(self) -> bool:
        return False

    def is_dispatchable(self) -> bool:
        return False

    def to_components(self) -> list[dict[str, Any]]:
        if self._items_made:
            return super().to_components()
        rows: dict[int, list[dict[str, Any]]] = {}
        for row, spec in self._specs:
            button: dict[str, Any] = {
                "type": 2, "style": STYLES.get(spec.style, SECONDARY).value,
                "disabled": spec.disabled, "label": spec.label[:80],
                "custom_id": spec.custom_id,
            }
            if spec.emoji:
                button["emoji"] = _emoji_dict(spec.emoji)
            rows.setdefault(row, []).append(button)
        return [{"type": 1, "components": rows[r]} for r in sorted(rows)]


def _button(spec: ButtonSpec, row: int) -> TableButton:
    m = re.fullmatch(TEMPLATE, spec.custom_id)
    assert m is not None
    button = TableButton(m["table"], int(m["hand"]), m["code"], m["arg"], int(m["step"]),
                         label=spec.label, style=spec.style, row=row, emoji=spec.emoji)
    button.item.disabled = spec.disabled
    return button


def _view_from_rows(rows: list[list[ButtonSpec]], view: ControlsView) -> ControlsView:
    for r, row in enumerate(rows):
        for spec in row:
            view.add_button(spec, r)
    return view


def hand_controls(
    view: PrivateView, locale: object, emoji: TileEmoji | None = None
) -> ControlsView:
    """The buttons of a private hand: one per legal action, or a menu for discards if needed.

    With the tile emoji, a button that names a tile shows its picture, and a discard's label
    is just the tile's name (what a screen reader says); without, the words say it all."""
    out = ControlsView()
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


def false_win_controls(
    table_id: str, hand: int, step: int, locale: object, code: str
) -> ControlsView:
    """The question before a 诈胡: declare it anyway, or cancel (same hand and step as the
    button that asked, so the answer is stale once the turn has moved on). "Declare anyway"
    carries the question's one-time ``code``: only a question the service asked can be
    answered."""
    out = ControlsView()
    return _view_from_rows([[
        ButtonSpec(custom_id(table_id, hand, FALSE_WIN_YES, code, step),
                   bt("confirm.false_win.yes", locale), "danger"),
        ButtonSpec(custom_id(table_id, hand, FALSE_WIN_NO, "", step),
                   bt("confirm.false_win.no", locale), "secondary"),
    ]], out)


def show_hand_controls(table_id: str, hand: int, locale: object) -> ControlsView:
    out = ControlsView()
    return _view_from_rows(
        [[ButtonSpec(custom_id(table_id, hand, "show"), bt("act.show", locale), "primary")]], out
    )


def lobby_controls(info: TableInfo, locale: object) -> ControlsView:
    out = ControlsView()
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
