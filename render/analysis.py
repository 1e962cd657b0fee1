"""The hand-analysis picture: the hand, then one row per discard with the tiles that improve it.

Drawn from :class:`engine.advice.Advice`. A 14-tile hand gets a row per distinct discard,
best first (at most :data:`MAX_ROWS`): the discarded tile, the shanten it leaves, how many
improving tiles are still unseen, and those tiles, each with its unseen count under it (the
waits instead, when the discard leaves the hand ready). A 13-tile hand gets one row: its
improving tiles, or its waits. A complete hand also shows its value and patterns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine.advice import Advice
from engine.melds import Meld
from engine.rules import Rules
from i18n.patterns import pattern_name
from render.draw import CREAM, GOLD_TEXT, MUTED, PANEL, canvas, paste_tile, text
from render.hand import draw_hand, hand_size
from render.tileart import is_wild_kind, tile_size
from render.views import HandView, MeldView

MARGIN: Final = 20
HAND_W: Final = 44  # the hand's tiles
ROW_W: Final = 38  # a row's discarded tile
SMALL_W: Final = 28  # improving tiles and waits
GAP: Final = 2
LEFT_COL: Final = 230  # discard tile and its figures; improving tiles start after it
MAX_ROWS: Final = 12
MIN_WIDTH: Final = 720


def _state(shanten: int, locale: object) -> str:
    if shanten < 0:
        return i18n.t("analysis.complete", locale)
    if shanten == 0:
        return i18n.t("analysis.ready", locale)
    return i18n.t("analysis.shanten", locale, n=shanten)


def _strip_width(n: int) -> int:
    return n * (tile_size(SMALL_W)[0] + GAP)


def analysis_image(
    advice: Advice,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    rules: Rules,
    locale: object = "en",
    title: str = "",
) -> Image.Image:
    """The picture of ``advice`` for the hand ``concealed`` + ``melds`` under ``rules``."""
    wild = frozenset(advice.wild_kinds)
    hand = HandView(list(concealed), None, [MeldView.from_meld(m, 0) for m in melds],
                    wild_kinds=wild)
    hw, hh = hand_size(hand, HAND_W)
    sh = tile_size(SMALL_W)[1]
    rh = tile_size(ROW_W)[1]
    rows = advice.options[:MAX_ROWS]
    row_h = max(rh, sh + 18) + 10
    strips = [o.waits if o.shanten == 0 else o.improving for o in rows]
    if advice.size == 13:
        strips = [advice.waits if advice.shanten == 0 else advice.improving]
    widest = max((_strip_width(len(s)) for s in strips), default=0)
    width = max(MIN_WIDTH, hw + 2 * MARGIN, LEFT_COL + widest + 2 * MARGIN)
    head_h = 40
    score_h = 34 if advice.score is not None or advice.shanten < 0 else 0
    more = len(advice.options) - len(rows)
    height = (MARGIN + head_h + hh + 16 + score_h + 8 + len(strips) * row_h
              + (28 if more > 0 else 0) + MARGIN)
    img = canvas(width, height)
    d = ImageDraw.Draw(img)

    y = MARGIN
    heading = " · ".join(x for x in (
        title or i18n.t("analysis.title", locale),
        i18n.t("analysis.tiles", locale, n=advice.size),
        _state(advice.shanten, locale),
    ) if x)
    text(d, (MARGIN, y), heading, 24, GOLD_TEXT, "bold", max_width=width - 2 * MARGIN)
    y += head_h
    draw_hand(img, hand, MARGIN, y, locale, tile_w=HAND_W)
    y += hh + 16
    if score_h:
        if advice.score is None:
            line = i18n.t("analysis.not_win", locale)
        else:
            names = ", ".join(pattern_name(p, locale, rules.family)
                              for p in advice.score.patterns)
            line = i18n.t("analysis.win", locale, points=advice.score.points) + (
                f" · {names}" if names else "")
        text(d, (MARGIN, y), line, 22, CREAM, "bold", max_width=width - 2 * MARGIN)
        y += score_h
    y += 8
    if advice.size == 13:
        ready = advice.shanten == 0
        label = i18n.t("analysis.waits" if ready else "analysis.improving", locale)
        _row(img, d, y, width, None, None, label, strips[0], wild, locale, ready)
    for o, strip in zip(rows, strips, strict=False):
        ready = o.shanten == 0
        figures = i18n.t("analysis.after", locale, n=o.shanten) if o.shanten > 0 else (
            i18n.t("analysis.ready", locale))
        _row(img, d, y, width, o.tile, figures, "", strip, wild, locale, ready)
        y += row_h
    if more > 0:
        text(d, (MARGIN, y + 4), i18n.t("analysis.more", locale, n=more), 18, MUTED)
    return img


def _row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    y: int,
    width: int,
    tile: int | None,
    figures: str | None,
    label: str,
    strip: Sequence[tuple[int, int]],
    wild: frozenset[int],
    locale: object,
    ready: bool,
) -> None:
    """One row: [discard tile, its shanten and unseen total] then the strip of tiles."""
    rw, rh = tile_size(ROW_W)
    sw, sh = tile_size(SMALL_W)
    d.rounded_rectangle((MARGIN - 8, y - 4, width - MARGIN + 8, y + max(rh, sh + 18) + 4), 8,
                        fill=PANEL)
    unseen = sum(n for _, n in strip)
    x = MARGIN
    if tile is not None:
        paste_tile(img, tile, (x, y), ROW_W, is_wild_kind(tile, wild))
        x += rw + 10
        text(d, (x, y + 2), figures or "", 18, CREAM, "bold", max_width=LEFT_COL - x - 6)
    else:
        text(d, (x, y + 2), label, 18, CREAM, "bold", max_width=LEFT_COL - x - 6)
    text(d, (x, y + 26), i18n.t("analysis.left", locale, n=unseen), 16,
         GOLD_TEXT if ready else MUTED, max_width=LEFT_COL - x - 6)
    x = LEFT_COL
    if ready and not strip:
        text(d, (x, y + 8), i18n.t("analysis.no_waits", locale), 18, MUTED)
        return
    for k, n in strip:
        paste_tile(img, k, (x, y), SMALL_W, is_wild_kind(k, wild))
        text(d, (x + sw / 2, y + sh + 2), str(n), 14, GOLD_TEXT if ready else MUTED,
             anchor="ma")
        x += sw + GAP
