"""The leaderboard: rank, name, chips and the latest change."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

import i18n
from render.draw import CREAM, GOLD_TEXT, LOSS_RED, MUTED, PANEL, WIN_GREEN, canvas, text
from render.views import LeaderboardView

WIDTH: Final = 760
MARGIN: Final = 24
ROW: Final = 58
MEDALS: Final = {1: (236, 190, 60), 2: (196, 204, 214), 3: (205, 127, 70)}


def leaderboard_image(view: LeaderboardView, locale: object = "en") -> Image.Image:
    """The leaderboard as an RGB image (checked first: bad input raises RenderError)."""
    view.check()
    height = MARGIN + 60 + 40 + ROW * max(1, len(view.rows)) + MARGIN
    img = canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    title = view.title or i18n.t("render.leaderboard", locale)
    text(d, (MARGIN, MARGIN), title, 38, GOLD_TEXT, "bold", max_width=WIDTH - 2 * MARGIN)
    y = MARGIN + 64
    x_name, x_chips, x_change = MARGIN + 76, WIDTH - MARGIN - 170, WIDTH - MARGIN
    for x, key, anchor in ((MARGIN + 28, "render.rank", "mm"), (x_name, "render.player", "lm"),
                           (x_chips, "render.chips", "rm"), (x_change, "render.change", "rm")):
        text(d, (x, y + 14), i18n.t(key, locale), 20, MUTED, "bold", anchor=anchor)
    y += 36
    for i, row in enumerate(view.rows):
        fill = PANEL if i % 2 == 0 else (22, 80, 56)
        if row.rank in view.highlight:
            fill = (70, 60, 20)
        d.rounded_rectangle((MARGIN - 8, y + 2, WIDTH - MARGIN + 8, y + ROW - 2), 10, fill=fill)
        cy = y + ROW / 2
        medal = MEDALS.get(row.rank)
        if medal:
            d.ellipse((MARGIN + 8, cy - 20, MARGIN + 48, cy + 20), fill=medal)
            text(d, (MARGIN + 28, cy), str(row.rank), 24, (40, 30, 10), "bold", anchor="mm")
        else:
            text(d, (MARGIN + 28, cy), str(row.rank), 24, CREAM, "bold", anchor="mm")
        text(d, (x_name, cy), row.name, 28, CREAM, "bold", anchor="lm",
             max_width=x_chips - x_name - 130)
        if row.chips is None:  # a computer: no account, the house's chips
            text(d, (x_chips, cy), i18n.t("render.house_chips", locale), 22, MUTED, "bold",
                 anchor="rm", max_width=160)
        else:
            text(d, (x_chips, cy), f"{row.chips:,}", 28, GOLD_TEXT, "bold", anchor="rm")
        if row.change:
            color = WIN_GREEN if row.change > 0 else LOSS_RED
            arrow = "▲" if row.change > 0 else "▼"
            text(d, (x_change, cy), f"{arrow} {abs(row.change):,}", 24, color, "bold",
                 anchor="rm")
        else:
            text(d, (x_change, cy), "–", 24, MUTED, "bold", anchor="rm")
        y += ROW
    return img
