"""Pictures with Pillow: tiles, a hand, the table, a settlement, a leaderboard, a rules sheet.

Every ``render_*`` function is plain, synchronous and thread-safe, and returns PNG
bytes; the ``*_image`` helpers return the PIL image instead. Rendering takes a few
milliseconds, but it is CPU work: never call it on the bot's event loop. Run it in
a worker thread::

    png = await asyncio.to_thread(render.render_hand, view, interaction.locale)

``locale`` is any locale tag (Discord's "zh-CN", "zh-TW", "en-US", …; see
``i18n.normalize_locale``). Bad input raises :class:`RenderError` (a ValueError)
with a message that says what is wrong. The views are in :mod:`render.views`.
"""

from __future__ import annotations

from engine.rules import Rules
from render.draw import to_png
from render.hand import hand_image
from render.leaderboard import leaderboard_image
from render.rules_sheet import rules_image, rules_pages
from render.settlement import settlement_image
from render.table import table_image
from render.tileart import back_image, tile_image, tile_size
from render.views import (
    HandView,
    LeaderboardView,
    LeaderRow,
    MeldView,
    RenderError,
    SeatView,
    SettlementView,
    TableView,
    WinView,
)

__all__ = [
    "HandView",
    "LeaderRow",
    "LeaderboardView",
    "MeldView",
    "RenderError",
    "SeatView",
    "SettlementView",
    "TableView",
    "WinView",
    "back_image",
    "hand_image",
    "leaderboard_image",
    "render_hand",
    "render_leaderboard",
    "render_rules",
    "render_rules_pages",
    "render_settlement",
    "render_table",
    "rules_image",
    "rules_pages",
    "settlement_image",
    "table_image",
    "tile_image",
    "tile_size",
    "to_png",
]


def render_hand(view: HandView, locale: object = "en") -> bytes:
    """PNG of a player's hand (for their DM or an ephemeral reply)."""
    return to_png(hand_image(view, locale))


def render_table(view: TableView, locale: object = "en") -> bytes:
    """PNG of the table seen from above (the living channel message)."""
    return to_png(table_image(view, locale))


def render_settlement(view: SettlementView, locale: object = "en") -> bytes:
    """PNG of the end of a hand."""
    return to_png(settlement_image(view, locale))


def render_leaderboard(view: LeaderboardView, locale: object = "en") -> bytes:
    """PNG of a leaderboard."""
    return to_png(leaderboard_image(view, locale))


def render_rules(rules: Rules, locale: object = "en") -> bytes:
    """PNG of a preset's patterns and bonuses, each with an example hand."""
    return to_png(rules_image(rules, locale), compress_level=9)


def render_rules_pages(rules: Rules, locale: object = "en") -> list[bytes]:
    """PNGs of the rules sheet, one per page (Guobiao's 82 fans take several)."""
    return [to_png(img, compress_level=9) for img in rules_pages(rules, locale)]
