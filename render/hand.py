"""A player's hand: concealed tiles sorted, the drawn tile set apart, melds, flowers, waits."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine.tiles import WHITE
from render.draw import CREAM, GOLD_TEXT, MUTED, canvas, meld_size, paste_meld, paste_row, text
from render.tileart import tile_size
from render.views import HandView

DORA_RED: Final = (214, 64, 52)  # the 宝牌's frame and word

TILE_W: Final = 60  # concealed tiles: ~26 px wide on a phone showing the picture 400 px wide
MELD_W: Final = 50
SMALL_W: Final = 40  # flowers set aside and the waits strip
GAP: Final = 2
MARGIN: Final = 18
DRAWN_GAP: Final = 26
# The picture is always at least as wide as 14 tiles, so Discord scales every hand alike.
BASE_WIDTH: Final = 2 * MARGIN + 14 * (tile_size(TILE_W)[0] + GAP) + DRAWN_GAP


def sort_key(wild_kinds: frozenset[int]):  # type: ignore[no-untyped-def]
    """Wildcards first (where Baida players keep them), then 1m…9m, 1p…, honours, flowers."""
    return lambda t: (t not in wild_kinds, t)


def hand_size(view: HandView, tile_w: int = TILE_W) -> tuple[int, int]:
    """(width, height) of the hand's tiles alone (no margins, no minimum width)."""
    return _layout(view, tile_w)[:2]


def _layout(view: HandView, tile_w: int) -> tuple[int, int, int]:
    """(width, height, meld row height) of the hand drawn with ``tile_w`` px tiles."""
    k = tile_w / TILE_W
    tw, th = tile_size(tile_w)
    sw, sh = tile_size(round(SMALL_W * k))
    row1 = (len(view.concealed) + (view.drawn is not None)) * (tw + GAP) + (
        round(DRAWN_GAP * k) if view.drawn is not None else 0)
    if view.imagined is not None or view.imagined_slot:
        row1 += round(DRAWN_GAP * k) + tw + GAP
    meld_sizes = [meld_size(m, round(MELD_W * k), GAP) for m in view.melds]
    meld_row_w = sum(s[0] for s in meld_sizes) + 16 * max(0, len(meld_sizes) - 1)
    if view.flowers:
        meld_row_w += (24 if meld_sizes else 0) + len(view.flowers) * (sw + GAP)
    meld_row_h = max([s[1] for s in meld_sizes] + ([sh] if view.flowers else []), default=0)
    height = th + (14 + meld_row_h if meld_row_h else 0) + (14 + sh if view.waits is not None else 0)
    if view.indicator is not None:
        height += 14 + sh
    if view.dora is not None:
        height += 14 + sh
    if view.lizhi:
        height += 14 + sh
    if view.charleston is not None:
        height += 14 + sh
    if view.void_suit is not None or view.out or view.suit_need:
        height += 14 + sh
    return max(row1, meld_row_w), height, meld_row_h


def joker_words(family: str, locale: object) -> tuple[str, str]:
    """(the indicator's name, the joker's name) in a family's own words (惠坯 / 惠牌, 指示牌 /
    财神 …), falling back to the general ones."""
    ind = f"render.indicator.{family}"
    jok = f"render.joker.{family}"
    return (
        i18n.t(ind, locale) if i18n.has(ind) else i18n.t("render.indicator", locale),
        i18n.t(jok, locale) if i18n.has(jok) else i18n.t("render.wildcard", locale),
    )


def draw_indicator(img: Image.Image, indicator: int, wild: frozenset[int], family: str,
                   x0: int, y: int, tile_w: int, locale: object) -> None:
    """``indicator [tile] → joker [tile]``, a strip of text and small tiles from (x0, y)."""
    d = ImageDraw.Draw(img)
    sh = tile_size(tile_w)[1]
    size = round(26 * tile_w / SMALL_W)
    ind_word, joker_word = joker_words(family, locale)
    x = x0 + round(text(d, (x0, y + sh / 2), ind_word, size, MUTED, "bold", anchor="lm")) + 10
    x = paste_row(img, [indicator], x, y, tile_w, frozenset(), GAP) + 10
    x += round(text(d, (x, y + sh / 2), "→", size, MUTED, "bold", anchor="lm")) + 10
    x += round(text(d, (x, y + sh / 2), joker_word, size, CREAM, "bold", anchor="lm")) + 10
    paste_row(img, sorted(k for k in wild if k < 42), x, y, tile_w, wild, GAP)


def draw_dora(img: Image.Image, indicator: int, x0: int, y: int, tile_w: int,
              locale: object) -> None:
    """``宝牌指示 [tile] → 宝牌 [tile]`` (option dora), a strip from (x0, y)."""
    from engine.jokers import dora_kind

    d = ImageDraw.Draw(img)
    sh = tile_size(tile_w)[1]
    size = round(26 * tile_w / SMALL_W)
    mid = y + sh / 2
    x = x0 + round(text(d, (x0, mid), i18n.t("render.dora_indicator", locale), size, MUTED,
                        "bold", anchor="lm")) + 10
    x = paste_row(img, [indicator], x, y, tile_w, frozenset(), GAP) + 10
    x += round(text(d, (x, mid), "→", size, MUTED, "bold", anchor="lm")) + 10
    x += round(text(d, (x, mid), i18n.t("render.dora", locale), size, DORA_RED, "bold",
                    anchor="lm")) + 10
    paste_row(img, [dora_kind(indicator)], x, y, tile_w, frozenset(), GAP)
    frame_tile(d, x, y, tile_w)


def draw_lizhi(img: Image.Image, stake: int, x0: int, y: int, tile_w: int,
               locale: object) -> None:
    """The 立直 stick (a white stick with a red dot) and the stake, a strip from (x0, y)."""
    d = ImageDraw.Draw(img)
    sh = tile_size(tile_w)[1]
    size = round(26 * tile_w / SMALL_W)
    mid = y + sh / 2
    w, h = round(sh * 2.6), max(10, round(sh * 0.28))
    d.rounded_rectangle((x0, mid - h / 2, x0 + w, mid + h / 2), radius=h // 2,
                        fill=(246, 242, 230), outline=(120, 110, 90), width=2)
    r = h * 0.32
    d.ellipse((x0 + w / 2 - r, mid - r, x0 + w / 2 + r, mid + r), fill=DORA_RED)
    text(d, (x0 + w + 14, mid), i18n.t("render.lizhi", locale, n=stake), size, GOLD_TEXT,
         "bold", anchor="lm")


def draw_charleston(img: Image.Image, step: tuple[int, int], x0: int, y: int, tile_w: int,
                    locale: object) -> None:
    """``查理士顿 1/3 · 选三张 → 给下家``: the pass under way and where the tiles go."""
    d = ImageDraw.Draw(img)
    sh = tile_size(tile_w)[1]
    size = round(26 * tile_w / SMALL_W)
    n, shift = step
    mid = y + sh / 2
    x = x0 + round(text(d, (x0, mid), i18n.t("render.charleston", locale, n=n), size, MUTED,
                        "bold", anchor="lm")) + 12
    x += round(text(d, (x, mid), "→", size, MUTED, "bold", anchor="lm")) + 12
    text(d, (x, mid), i18n.t(f"render.charleston.to.{shift}", locale), size, GOLD_TEXT, "bold",
         anchor="lm")


def _dora(indicator: int) -> int:
    from engine.jokers import dora_kind

    return dora_kind(indicator)


def frame_tile(d: ImageDraw.ImageDraw, x: int, y: int, tile_w: int) -> None:
    """A red frame around the tile drawn at (x, y): a 宝牌."""
    tw, th = tile_size(tile_w)
    d.rectangle((x - 3, y - 3, x + tw + 2, y + th + 2), outline=DORA_RED, width=3)


def _stand_in_badges(img: Image.Image, tiles: list[int], x: int, y: int, tile_w: int,
                     kind: int) -> None:
    """A small tile of ``kind`` on the top-right corner of each 白板 in the row from (x, y)
    (Fujian: the kind it stands for)."""
    tw, _th = tile_size(tile_w)
    bw = max(14, round(tile_w * 0.42))
    for i, t in enumerate(tiles):
        if t == WHITE:
            paste_row(img, [kind], x + i * (tw + GAP) + tw - bw + 2, y - 4, bw, frozenset(), GAP)


def suit_counts(view: HandView) -> tuple[int, int, int]:
    """Tiles of each suit (万 筒 条) in the hand: concealed, drawn and melds (a kong as four)."""
    tiles = [*view.concealed, *([] if view.drawn is None else [view.drawn]),
             *(t for m in view.melds for t in m.tiles)]
    return (sum(1 for t in tiles if t < 9), sum(1 for t in tiles if 9 <= t < 18),
            sum(1 for t in tiles if 18 <= t < 27))


def draw_imagined(img: Image.Image, tile: int | None, x: int, y: int, tile_w: int,
                  locale: object) -> None:
    """江南's 心皇 at (x, y): the tile it stood for (at a win) or an empty slot marked 心皇,
    in a dashed gold frame."""
    d = ImageDraw.Draw(img)
    tw, th = tile_size(tile_w)
    if tile is not None:
        paste_row(img, [tile], x, y, tile_w, frozenset(), GAP)
    else:
        text(d, (x + tw / 2, y + th / 2), i18n.t("render.imagined", locale), round(tw * 0.42),
             GOLD_TEXT, "bold", anchor="mm", max_width=tw - 4)
    box = (x - 3, y - 3, x + tw + 2, y + th + 2)
    dash, gap = 7, 5
    for x0 in range(box[0], box[2], dash + gap):
        x1 = min(x0 + dash, box[2])
        d.line((x0, box[1], x1, box[1]), fill=GOLD_TEXT, width=3)
        d.line((x0, box[3], x1, box[3]), fill=GOLD_TEXT, width=3)
    for y0 in range(box[1], box[3], dash + gap):
        y1 = min(y0 + dash, box[3])
        d.line((box[0], y0, box[0], y1), fill=GOLD_TEXT, width=3)
        d.line((box[2], y0, box[2], y1), fill=GOLD_TEXT, width=3)


def draw_state(img: Image.Image, view: HandView, x0: int, y: int, tile_w: int,
               locale: object) -> None:
    """The owner's own state in a strip: its void suit (缺万) and, once it has won and is
    out, 已和 with its winning tile."""
    d = ImageDraw.Draw(img)
    sh = tile_size(tile_w)[1]
    size = round(26 * tile_w / SMALL_W)
    x = x0
    if view.void_suit is not None:
        x += round(text(d, (x, y + sh / 2), i18n.t(f"render.void.{view.void_suit}", locale),
                        size, CREAM, "bold", anchor="lm")) + 24
    if view.suit_need:
        m, p, s = suit_counts(view)
        enough = max(m, p, s) >= view.suit_need
        x += round(text(d, (x, y + sh / 2), i18n.t("render.suit_count", locale, m=m, p=p, s=s,
                                                   n=view.suit_need),
                        size, GOLD_TEXT if enough else CREAM, "bold", anchor="lm")) + 24
    if view.out:
        x += round(text(d, (x, y + sh / 2), i18n.t("render.out_self", locale), size, GOLD_TEXT,
                        "bold", anchor="lm")) + 10
        if view.won_tile is not None:
            paste_row(img, [view.won_tile], x, y, tile_w, frozenset(view.wild_kinds), GAP)


def draw_hand(img: Image.Image, view: HandView, x0: int, y0: int, locale: object = "en",
              tile_w: int = TILE_W) -> None:
    """Draw a checked hand onto ``img`` with its top-left corner at (x0, y0)."""
    wild = frozenset(view.wild_kinds)
    concealed = sorted(view.concealed, key=sort_key(wild)) if view.sort else list(view.concealed)
    k = tile_w / TILE_W
    meld_w, small_w = round(MELD_W * k), round(SMALL_W * k)
    th = tile_size(tile_w)[1]
    sh = tile_size(small_w)[1]
    meld_row_h = _layout(view, tile_w)[2]
    d = ImageDraw.Draw(img)

    y = y0
    x = paste_row(img, concealed, x0, y, tile_w, wild, GAP)
    if view.dora is not None:  # the 宝牌 in the hand, framed
        from engine.jokers import dora_kind

        kind, step = dora_kind(view.dora), tile_size(tile_w)[0] + GAP
        for i, t in enumerate(concealed):
            if t == kind and t not in wild:
                frame_tile(d, x0 + i * step, y, tile_w)
    if view.stand_in is not None:
        _stand_in_badges(img, concealed, x0, y, tile_w, view.stand_in)
    if view.drawn is not None:
        dx = x - GAP + round(DRAWN_GAP * k)
        x = paste_row(img, [view.drawn], dx, y, tile_w, wild, GAP)
        if view.stand_in is not None:
            _stand_in_badges(img, [view.drawn], dx, y, tile_w, view.stand_in)
        if view.dora is not None and view.drawn not in wild and view.drawn == _dora(view.dora):
            frame_tile(d, dx, y, tile_w)
    if view.imagined is not None or view.imagined_slot:
        draw_imagined(img, view.imagined, x - GAP + round(DRAWN_GAP * k), y, tile_w, locale)
    y += th

    if meld_row_h:
        y += 14
        bottom = y + meld_row_h
        x = x0
        meld_wild = frozenset() if view.dead_jokers else wild
        for m in view.melds:
            x = paste_meld(img, m, x, bottom, meld_w, meld_wild, GAP) + 16
        if view.flowers:
            x += 8 if view.melds else -16
            paste_row(img, sorted(view.flowers), x, bottom - sh, small_w, wild, GAP)
        y = bottom

    if view.indicator is not None:
        y += 14
        draw_indicator(img, view.indicator, wild, view.family, x0, y, small_w, locale)
        y += sh

    if view.dora is not None:
        y += 14
        draw_dora(img, view.dora, x0, y, small_w, locale)
        y += sh

    if view.lizhi:
        y += 14
        draw_lizhi(img, view.lizhi, x0, y, small_w, locale)
        y += sh

    if view.charleston is not None:
        y += 14
        draw_charleston(img, view.charleston, x0, y, small_w, locale)
        y += sh

    if view.void_suit is not None or view.out or view.suit_need:
        y += 14
        draw_state(img, view, x0, y, small_w, locale)
        y += sh

    if view.waits is not None:
        y += 14
        label = i18n.t("render.waits", locale)
        size = round(26 * k)
        lw = text(d, (x0, y + sh / 2), label, size, MUTED, "bold", anchor="lm")
        x = x0 + round(lw) + 14
        if view.waits:
            paste_row(img, sorted(set(view.waits)), x, y, small_w, wild, GAP)
        else:
            text(d, (x, y + sh / 2), i18n.t("render.no_waits", locale), size, CREAM, anchor="lm")


def hand_image(view: HandView, locale: object = "en") -> Image.Image:
    """The hand as an RGB image (checked first: bad input raises RenderError)."""
    view.check()
    w, h, _ = _layout(view, TILE_W)
    img = canvas(max(BASE_WIDTH, w + 2 * MARGIN), h + 2 * MARGIN)
    draw_hand(img, view, MARGIN, MARGIN, locale)
    return img
