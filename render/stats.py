"""Pictures of a player: the rating's history as a line (``/rank``) and a statistics card
(``/stats``: hands, win rate, deal-in rate, average win, favourite patterns, the rating line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from PIL import Image, ImageDraw

import i18n
from render.draw import CREAM, GOLD_TEXT, MUTED, PANEL, WIN_GREEN, canvas, text

WIDTH: Final = 760
MARGIN: Final = 24
CHART_H: Final = 260


@dataclass(frozen=True, slots=True)
class StatsView:
    """What the statistics card shows; rates in [0, 1], ``patterns`` (name, wins) best first,
    ``ratings`` the shown rating after each ranked game, oldest first."""

    title: str
    hands: int
    win_rate: float
    deal_in_rate: float
    average_win: float
    net: int
    patterns: tuple[tuple[str, int], ...] = ()
    ratings: tuple[int, ...] = field(default_factory=tuple)


def draw_chart(img: Image.Image, box: tuple[int, int, int, int], points: Sequence[int],
               locale: object) -> None:
    """The rating line in ``box`` (left, top, right, bottom), with its lowest and highest
    value on the left and the game count below; a note when there is no ranked game."""
    d = ImageDraw.Draw(img)
    left, top, right, bottom = box
    d.rounded_rectangle(box, 12, fill=PANEL)
    if not points:
        text(d, ((left + right) / 2, (top + bottom) / 2), i18n.t("render.stats.no_rating", locale),
             26, MUTED, "bold", anchor="mm")
        return
    lo, hi = min(points), max(points)
    if hi - lo < 20:  # a flat start still shows as a line in the middle
        lo, hi = lo - 10, hi + 10
    x0, x1, y0, y1 = left + 84, right - 20, top + 20, bottom - 40
    text(d, (x0 - 10, y0), str(hi), 20, MUTED, "bold", anchor="rm")
    text(d, (x0 - 10, y1), str(lo), 20, MUTED, "bold", anchor="rm")
    d.line((x0, y1, x1, y1), fill=(60, 110, 86), width=2)
    n = len(points)
    xy = [
        (x0 + (x1 - x0) * (i / (n - 1) if n > 1 else 0.5), y1 - (y1 - y0) * (p - lo) / (hi - lo))
        for i, p in enumerate(points)
    ]
    if n > 1:
        d.line(xy, fill=GOLD_TEXT, width=4, joint="curve")
    for x, y in xy[-min(n, 40):]:
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=GOLD_TEXT)
    last = xy[-1]
    text(d, (last[0], last[1] - 12), str(points[-1]), 24, CREAM, "bold", anchor="mb")
    text(d, ((x0 + x1) / 2, bottom - 18), f"{n} {i18n.t('render.stats.games', locale)}", 20,
         MUTED, "bold", anchor="mm")


def rating_image(title: str, points: Sequence[int], locale: object = "en") -> Image.Image:
    """``/rank``: a title and the rating after each ranked game."""
    img = canvas(WIDTH, MARGIN + 56 + CHART_H + MARGIN)
    d = ImageDraw.Draw(img)
    text(d, (MARGIN, MARGIN), title, 34, GOLD_TEXT, "bold", max_width=WIDTH - 2 * MARGIN)
    draw_chart(img, (MARGIN, MARGIN + 56, WIDTH - MARGIN, MARGIN + 56 + CHART_H), points, locale)
    return img


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def stats_image(view: StatsView, locale: object = "en") -> Image.Image:
    """``/stats``: four numbers, the favourite patterns, the rating line."""
    pat_h = 40 + 34 * max(1, len(view.patterns[:5]))
    height = MARGIN + 56 + 110 + 16 + pat_h + 16 + 40 + CHART_H + MARGIN
    img = canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    text(d, (MARGIN, MARGIN), view.title, 34, GOLD_TEXT, "bold", max_width=WIDTH - 2 * MARGIN)
    y = MARGIN + 56
    cells = (
        ("render.stats.hands", f"{view.hands:,}"),
        ("render.stats.win_rate", _percent(view.win_rate)),
        ("render.stats.deal_in", _percent(view.deal_in_rate)),
        ("render.stats.avg_win", f"{view.average_win:,.1f}"),
    )
    w = (WIDTH - 2 * MARGIN - 3 * 12) / 4
    for i, (key, value) in enumerate(cells):
        x = MARGIN + i * (w + 12)
        d.rounded_rectangle((x, y, x + w, y + 110), 12, fill=PANEL)
        text(d, (x + w / 2, y + 30), i18n.t(key, locale), 20, MUTED, "bold", anchor="mm",
             max_width=int(w) - 12)
        text(d, (x + w / 2, y + 74), value, 34, CREAM, "bold", anchor="mm", max_width=int(w) - 12)
    y += 110 + 16
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + pat_h), 12, fill=PANEL)
    text(d, (MARGIN + 16, y + 10), i18n.t("render.stats.patterns", locale), 22, MUTED, "bold")
    top = max((n for _, n in view.patterns[:5]), default=1)
    for i, (name, wins) in enumerate(view.patterns[:5]):
        py = y + 44 + 34 * i
        text(d, (MARGIN + 16, py), name, 24, CREAM, "bold", max_width=260)
        bar = int((WIDTH - 2 * MARGIN - 360) * wins / top)
        d.rounded_rectangle((MARGIN + 290, py + 4, MARGIN + 290 + max(bar, 6), py + 26), 6,
                            fill=WIN_GREEN)
        text(d, (WIDTH - MARGIN - 16, py), str(wins), 24, CREAM, "bold", anchor="ra")
    y += pat_h + 16
    text(d, (MARGIN, y + 4), i18n.t("render.stats.rating", locale), 24, MUTED, "bold")
    y += 40
    draw_chart(img, (MARGIN, y, WIDTH - MARGIN, y + CHART_H), view.ratings, locale)
    return img


ROW: Final = 58


def board_image(title: str, columns: tuple[str, str], rows: Sequence[tuple[int, str, int,
                int | None]], locale: object = "en") -> Image.Image:
    """A leaderboard of (rank, name, value, side value) rows under two column headings (i18n
    keys): chips with the rating beside them, or ratings with their game counts."""
    from render.leaderboard import MEDALS

    rows = list(rows)[:25]
    img = canvas(WIDTH, MARGIN + 64 + 36 + ROW * max(1, len(rows)) + MARGIN)
    d = ImageDraw.Draw(img)
    text(d, (MARGIN, MARGIN), title, 36, GOLD_TEXT, "bold", max_width=WIDTH - 2 * MARGIN)
    y = MARGIN + 64
    x_name, x_main, x_side = MARGIN + 76, WIDTH - MARGIN - 170, WIDTH - MARGIN
    heads = ((x_main, columns[0]), (x_side, columns[1]))
    for x, key in heads:
        text(d, (x, y + 14), i18n.t(key, locale), 20, MUTED, "bold", anchor="rm")
    y += 36
    for i, (rank, name, main, side) in enumerate(rows):
        d.rounded_rectangle((MARGIN - 8, y + 2, WIDTH - MARGIN + 8, y + ROW - 2), 10,
                            fill=PANEL if i % 2 == 0 else (22, 80, 56))
        cy = y + ROW / 2
        medal = MEDALS.get(rank)
        if medal:
            d.ellipse((MARGIN + 8, cy - 20, MARGIN + 48, cy + 20), fill=medal)
        text(d, (MARGIN + 28, cy), str(rank), 24, (40, 30, 10) if medal else CREAM, "bold",
             anchor="mm")
        text(d, (x_name, cy), name, 28, CREAM, "bold", anchor="lm", max_width=x_main - x_name - 150)
        text(d, (x_main, cy), f"{main:,}", 28, GOLD_TEXT, "bold", anchor="rm")
        text(d, (x_side, cy), "–" if side is None else f"{side:,}", 24, MUTED, "bold", anchor="rm")
        y += ROW
    return img
