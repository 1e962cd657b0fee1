"""The table seen from above: four rivers turned to their seats, hands, melds, the centre display.

Two seats face each other; three leave the top side empty (2 to 4 seats: ``_SIDES``); five to
seven sit round a ring (``render.ring``).

Layout (``viewer`` at the bottom, play order E → S → W → N counter-clockwise):
each seat gets one panel drawn upright as that player sees it — the river of
discards nearest the centre, their face-down hand and melds behind it — and the
panel is then turned to the seat's side. Name plates stay upright in the four
corners (each at its seat's left), so names always read the right way up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine.tiles import WHITE
from render.draw import (
    CREAM,
    GOLD_TEXT,
    HIGHLIGHT,
    LOSS_RED,
    MUTED,
    PANEL,
    WIN_GREEN,
    canvas,
    paste_meld,
    paste_row,
    paste_tile,
    shadowed_box,
    text,
    width_of,
)
from render.table_riichi import draw_centre
from render.tileart import tile_size
from render.views import MeldView, SeatView, TableView
from render.words import seat_label, tile_words

RIVER_W: Final = 38  # a river tile: about 20 px wide on a phone
RIVER_COLS: Final = 6
RIVER_ROWS: Final = 4
HAND_W: Final = 30
GAP: Final = 1
MARGIN: Final = 12
STRIP_GAP: Final = 12

_rw, _rh = tile_size(RIVER_W)
CENTRE: Final = RIVER_COLS * (_rw + GAP) - GAP  # the centre square's side = a river's width
RIVER_DEPTH: Final = RIVER_ROWS * (_rh + GAP) - GAP
_hw, _hh = tile_size(HAND_W)
STRIP_DEPTH: Final = _hh
PANEL_W: Final = CENTRE + 2 * RIVER_DEPTH  # a seat's panel spans the table
PANEL_H: Final = RIVER_DEPTH + STRIP_GAP + STRIP_DEPTH
SIZE: Final = CENTRE + 2 * (PANEL_H + MARGIN)

_TURN = {0: None, 1: Image.Transpose.ROTATE_90, 2: Image.Transpose.ROTATE_180,
         3: Image.Transpose.ROTATE_270}
# the side each seat sits at (0 bottom, 1 right, 2 top, 3 left), by its place in turn order
# from the viewer, at a table of 2, 3 or 4: two face each other; three leave the top empty,
# the next seat on the right and the previous on the left, as they sit round a real table
_SIDES: Final = {2: (0, 2), 3: (0, 1, 3), 4: (0, 1, 2, 3)}


def _side(view: TableView, seat_index: int) -> int:
    """Where the seat is drawn: its side of the table, the viewer at the bottom."""
    n = len(view.seats)
    return _SIDES[n][(seat_index - view.viewer) % n]


def _river_layout(n: int) -> tuple[int, int]:
    """(tiles per row, tile width): rows of 6; a long river packs more, smaller tiles per row."""
    cols = max(RIVER_COLS, math.ceil(n / RIVER_ROWS))
    width = RIVER_W if cols == RIVER_COLS else (CENTRE + GAP) // cols - GAP
    return cols, width


def seat_panel(seat: SeatView, last: int | None, wild: frozenset[int],
               hand_wild: frozenset[int], stand_in: int | None = None) -> Image.Image:
    """One seat's river and hand, upright as its player sees them (river at the top);
    ``stand_in``: the kind every 白板 stands for (Fujian), badged on each 白板 shown."""
    panel = Image.new("RGBA", (PANEL_W, PANEL_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(panel)
    cols, w = _river_layout(len(seat.discards))
    tw, th = tile_size(w)
    x0 = (PANEL_W - CENTRE) // 2
    for i, t in enumerate(seat.discards):
        x, y = x0 + (i % cols) * (tw + GAP), (i // cols) * (th + GAP)
        if seat.discards_face_down:
            paste_tile(panel, 0, (x, y), w, face_down=True)
        elif i == seat.lizhi_at:  # the 立直 discard, sideways within its place
            sw = max(8, w * tw // th)  # turned, its height is about the place's width
            paste_tile(panel, t, (x, y + (th - tile_size(sw)[0]) // 2), sw, t in wild,
                       rotation=90)
        else:
            paste_tile(panel, t, (x, y), w, t in wild)
            if t == WHITE and stand_in is not None:
                _badge(panel, stand_in, x + tw, y, w)
        if i == last:
            d.rounded_rectangle((x - 3, y - 3, x + tw + 2, y + th + 2), 6, outline=HIGHLIGHT,
                                width=4)
    if seat.lizhi_at is not None:  # the 立直 stick in front of the seat, over its hand
        sy = PANEL_H - _hh - 16
        d.rounded_rectangle((PANEL_W // 2 - 60, sy - 5, PANEL_W // 2 + 60, sy + 5), radius=5,
                            fill=(246, 242, 230), outline=(120, 110, 90), width=1)
        d.ellipse((PANEL_W // 2 - 3, sy - 3, PANEL_W // 2 + 3, sy + 3), fill=(214, 64, 52))
    # the hand behind the river: face-down tiles (face up where the hand is shown open, the
    # winning tile set apart and marked), then the melds to the player's right
    bottom = PANEL_H
    melds = [MeldView(m.tiles, m.called_index, m.from_relative, m.concealed, hidden=m.hidden)
             for m in seat.melds]
    meld_w = sum(_meld_width(m) for m in melds) + 8 * len(melds)
    shown = list(seat.open_hand) if seat.open_hand is not None else None
    won = seat.won_tile if shown is not None else None
    count = len(shown) if shown is not None else seat.concealed_count
    won_w = 0 if won is None else _hw + GAP + 10
    hand_w = count * (_hw + GAP) + won_w + (12 if melds else 0) + meld_w
    x = max(0, (PANEL_W - hand_w) // 2)
    for i in range(count):
        if shown is None:
            paste_tile(panel, 0, (x, bottom - _hh), HAND_W, face_down=True)
        else:
            paste_tile(panel, shown[i], (x, bottom - _hh), HAND_W, shown[i] in hand_wild)
        x += _hw + GAP
    if won is not None:
        x += 10
        paste_tile(panel, won, (x, bottom - _hh), HAND_W, won in hand_wild)
        d.rounded_rectangle((x - 3, bottom - _hh - 4, x + _hw + 2, bottom - 1), 5,
                            outline=HIGHLIGHT, width=3)
        x += _hw + GAP
    x += 12
    for m in melds:
        end = paste_meld(panel, m, x, bottom, HAND_W, wild, GAP)
        if stand_in is not None and WHITE in m.tiles and not m.hidden:
            _badge(panel, stand_in, end, bottom - _hh, HAND_W)
        x = end + 8
    return panel


def _badge(img: Image.Image, kind: int, right: int, top: int, tile_w: int) -> None:
    """A small tile of ``kind`` on the top-right corner ending at ``right`` (Fujian: what a
    白板 stands for)."""
    bw = max(12, round(tile_w * 0.45))
    paste_tile(img, kind, (right - bw + 2, top - 4), bw)


def _meld_width(m: MeldView) -> int:
    turned = m.called_index is not None and not m.concealed
    return (len(m.tiles) - turned) * (_hw + GAP) + (_hh + GAP if turned else 0)


def _corner_box(pos: int) -> tuple[int, int, int, int]:
    """The free square in the corner at the left hand of the seat drawn at ``pos``."""
    c0 = MARGIN + PANEL_H - RIVER_DEPTH  # where rivers start on the outside
    lo, hi = c0, c0 + RIVER_DEPTH - 8
    far_lo, far_hi = SIZE - c0 - RIVER_DEPTH + 8, SIZE - c0
    left, right = (lo, hi), (far_lo, far_hi)
    top, bottom = (lo, hi), (far_lo, far_hi)
    (x0, x1), (y0, y1) = {0: (left, bottom), 1: (right, bottom), 2: (right, top),
                          3: (left, top)}[pos]
    return x0, y0, x1, y1


def deal_wall(view: TableView, dice: Sequence[int]) -> int:
    """The seat whose wall dealing began at: the dice total counted from the dealer (1)."""
    dealer = next((i for i, s in enumerate(view.seats) if s.is_dealer), 0)
    return (dealer + sum(dice) - 1) % len(view.seats)


def seat_marks(view: TableView, seat_index: int, locale: object) -> tuple[list[str], int | None]:
    """The words a seat's plate carries for the hand's marks (烧庄 on the dealer, 互包 on the
    bound seats) and its bonus-tile count where the table counts 花."""
    words: list[str] = []
    hua = None
    for name, values in view.marks:
        if name == "burn" and view.seats[seat_index].is_dealer:
            words.append(i18n.t("render.burn", locale, n=values[0]))
        elif name == "streak" and view.seats[seat_index].is_dealer:
            words.append(i18n.t("render.streak_short", locale, n=values[0]))
        elif name == "dice_again" and any(n == "deal_start" and v[0] == seat_index
                                          for n, v in view.marks):
            stack = next(v[1] for n, v in view.marks if n == "deal_start")
            words.append(i18n.t("render.dice_again", locale, dice="-".join(map(str, values)),
                                n=stack))
        elif name == "dice" and view.seats[seat_index].is_dealer and any(
                n == "dice_again" for n, _v in view.marks):
            words.append(i18n.t("render.dice_first", locale, dice="-".join(map(str, values))))
        elif name == "kept_deal" and view.seats[seat_index].is_dealer:
            words.append(i18n.t("render.kept_deal", locale, n=values[0]))
        elif name == "deal_dice" and seat_index == deal_wall(view, values):
            words.append(i18n.t("render.deal_dice", locale, a=values[0], b=values[1],
                                k=min(values)))
        elif name == "bound" and seat_index in values:
            other = values[1] if values[0] == seat_index else values[0]
            me = seat_label(view.seats[seat_index].seat_wind, len(view.seats), locale)
            them = seat_label(view.seats[other].seat_wind, len(view.seats), locale)
            words.append(i18n.t("render.bound", locale, a=me, b=them))
        elif name == "hua":
            hua = values[seat_index]
        elif name == "void" and values[0] == seat_index:
            words.append(i18n.t(f"render.void.{values[1]}", locale))
        elif name == "out" and values[0] == seat_index:
            words.append(i18n.t("render.out", locale, tile=tile_words(values[1], locale)))
        elif name == "small_win" and values[0] == seat_index:
            words.append(i18n.t("render.small_win", locale, n=values[1]))
        elif name == "haidi" and values[0] == seat_index:
            words.append(i18n.t("render.haidi", locale))
    return words, hua


def plate_height(seat: SeatView) -> int:
    return 132 + (34 if seat.flowers else 0)


def _plate(img: Image.Image, d: ImageDraw.ImageDraw, seat: SeatView, pos: int, locale: object,
           wild: frozenset[int], words: Sequence[str], hua: int | None, seats: int) -> None:
    x0, y0, x1, y1 = _corner_box(pos)
    h = plate_height(seat)
    # sit the plate against the table's outer edge of its corner
    py0 = y1 - h if pos in (0, 1) else y0
    draw_plate(img, d, seat, (x0 + 6, py0, x1 - 6, py0 + h), locale, wild, words, hua, seats)


def draw_plate(img: Image.Image, d: ImageDraw.ImageDraw, seat: SeatView,
               box: tuple[int, int, int, int], locale: object, wild: frozenset[int],
               words: Sequence[str], hua: int | None, seats: int) -> None:
    """A seat's name plate in ``box``: its wind (or place) disc, dealer badge, name, score,
    the hand's marks on it and its bonus tiles."""
    outline = HIGHLIGHT if seat.is_turn or seat.winner else (70, 120, 96)
    shadowed_box(d, box, 14, PANEL, outline, 4 if seat.is_turn or seat.winner else 2)
    bx, by = box[0] + 14, box[1] + 12
    # wind disc, with a red dealer badge
    r = 21
    d.ellipse((bx, by, bx + 2 * r, by + 2 * r), fill=CREAM)
    text(d, (bx + r, by + r), seat_label(seat.seat_wind, seats, locale), 26,
         (24, 28, 48), "bold", anchor="mm")
    nx = bx + 2 * r + 10
    if seat.is_dealer:
        label = i18n.t("render.dealer_badge", locale)
        bw = max(34, round(width_of(label, 22, "bold")) + 16)
        d.rounded_rectangle((nx, by + 4, nx + bw, by + 2 * r - 4), 8, fill=(196, 40, 40))
        text(d, (nx + bw / 2, by + r), label, 22, CREAM, "bold", anchor="mm")
        nx += bw + 8
    name_room = box[2] - bx - 10
    turn = i18n.t("render.turn", locale) if seat.is_turn else ""
    if turn and width_of(turn, 20, "bold") <= box[2] - nx - 10:
        text(d, (nx, by + r), turn, 20, HIGHLIGHT, "bold", anchor="lm")
        turn = ""
    if seat.running is not None:  # payments so far in this hand (刮风下雨, 起手小胡 …)
        # at the right of the name's row: the score's row keeps its room for the marks
        n = seat.running
        color = WIN_GREEN if n > 0 else LOSS_RED if n < 0 else MUTED
        label = i18n.t("render.this_hand", locale, n=f"{n:+,}" if n else "0")
        name_room -= round(text(d, (box[2] - 12, by + 2 * r + 20), label, 18, color, "bold",
                                anchor="rm")) + 12
    if turn:  # beside a wide dealer badge: at the right of the name's row instead of cut
        right = box[2] - 12 - (box[2] - bx - 10 - name_room)
        name_room -= round(text(d, (right, by + 2 * r + 20), turn, 18, HIGHLIGHT, "bold",
                                anchor="rm")) + 12
    text(d, (bx, by + 2 * r + 6), seat.name, 25, CREAM, "bold", max_width=name_room)
    sw = 0.0
    if seat.points is not None:  # a game of points (riichi): the points, not chips
        sw = text(d, (bx, by + 2 * r + 40), f"{seat.points:,}", 24, GOLD_TEXT, "bold")
    elif seat.score is not None:
        color = WIN_GREEN if seat.score > 0 else LOSS_RED if seat.score < 0 else GOLD_TEXT
        sw = text(d, (bx, by + 2 * r + 40), f"{seat.score:+,}" if seat.score else "0", 24,
                  color, "bold")
    if words:  # 烧庄 / 互包 markers beside the score, smaller rather than cut where they are many
        line, room = " · ".join(words), round(box[2] - bx - sw - 24)
        size = next((s for s in (18, 16, 14) if width_of(line, s, "bold") <= room), 14)
        text(d, (box[2] - 10, by + 2 * r + 44 + (18 - size) // 2), line, size, HIGHLIGHT, "bold",
             anchor="ra", max_width=room)
    if seat.flowers:
        x = bx
        if hua is not None:  # the table counts 花: say how many, show the first few
            x += round(text(d, (bx, box[3] - 26), i18n.t("render.hua_count", locale, n=hua), 20,
                            GOLD_TEXT, "bold", anchor="lm")) + 8
        # all of them where they fit (eight, smaller), else as many as fit
        room = box[2] - 10 - x
        n = len(seat.flowers)
        size = next((w for w in (24, 21, 19) if n * (tile_size(w)[0] + 1) <= room), 19)
        shown = sorted(seat.flowers)[: max(1, room // (tile_size(size)[0] + 1))]
        paste_row(img, shown, x, box[3] - 10 - tile_size(size)[1], size, wild)


def _centre(img: Image.Image, d: ImageDraw.ImageDraw, view: TableView, locale: object) -> None:
    c0 = (SIZE - CENTRE) // 2
    box = (c0 + 6, c0 + 6, c0 + CENTRE - 6, c0 + CENTRE - 6)
    shadowed_box(d, box, 18, (16, 44, 34), (90, 140, 110), 2)
    cx = SIZE / 2
    # the round wind on top, the hand under it; a table of other than four seats has no
    # winds (two and three seats are drawn here): its hand number takes the top line
    if len(view.seats) == 4:
        top = i18n.t("render.round", locale,
                     wind=i18n.t(f"render.wind.{view.round_wind}", locale))
        under = (None if view.hand_number is None
                 else i18n.t("render.hand_number", locale, n=view.hand_number))
    else:
        top = (i18n.t("render.seats", locale, n=len(view.seats)) if view.hand_number is None
               else i18n.t("render.hand_number", locale, n=view.hand_number))
        under = None if view.hand_number is None else i18n.t("render.seats", locale,
                                                                n=len(view.seats))
    birds = [v[0] for n, v in view.marks if n == "bird"]
    if view.indicator is None:
        text(d, (cx, c0 + 46), top, 24, GOLD_TEXT, "bold", anchor="mm")
        if under is not None:
            text(d, (cx, c0 + 76), under, 20, MUTED, anchor="mm")
        text(d, (cx, c0 + 128), str(view.wall_remaining), 58, CREAM, "bold", anchor="mm")
        # the birds, turned after the hand, or riichi's dora indicators take the word's place
        if not birds and not any(n == "dora" for n, _v in view.marks):
            text(d, (cx, c0 + 176), i18n.t("render.wall", locale), 20, MUTED, anchor="mm")
    else:
        # everything a little tighter: the indicator and the joker kind go beneath the wall
        text(d, (cx, c0 + 42), top, 22, GOLD_TEXT, "bold", anchor="mm")
        if under is not None:
            text(d, (cx, c0 + 64), under, 18, MUTED, anchor="mm")
        # a second row beneath (a window of jokers, Fujian's 白板 = kind): tighter still
        two = len(view.wild_kinds) > 1 or any(n == "stand_in" for n, _v in view.marks)
        text(d, (cx, c0 + (100 if two else 118)), str(view.wall_remaining), 38 if two else 44,
             CREAM, "bold", anchor="mm")
        text(d, (cx, c0 + (126 if two else 150)), i18n.t("render.wall", locale), 18, MUTED,
             anchor="mm")
        _indicator(img, d, view, locale, c0)
    if birds:  # the word, then the birds themselves as small tiles
        label = i18n.t("render.birds", locale, tiles="").strip()
        bw, bh = tile_size(22)
        shown = birds[: (CENTRE - 80) // (bw + 1)]
        total = width_of(label, 20, "bold") + 6 + len(shown) * (bw + 1)
        x = round(cx - total / 2)
        y = c0 + (180 if view.indicator is None else CENTRE - 44)
        x += round(text(d, (x, y), label, 20, HIGHLIGHT, "bold", anchor="lm")) + 6
        paste_row(img, shown, x, y - bh // 2, 22, frozenset())
    draw_centre(img, d, view, c0, CENTRE, _side)  # riichi: dora, sticks, honba
    for name, values in view.marks:
        if name == "huangfan" and values[0]:
            text(d, (cx, c0 + 86 if view.indicator is not None else c0 + 98),
                 i18n.t("render.huangfan", locale, n=values[0], x=2 ** values[0]), 18,
                 HIGHLIGHT, "bold", anchor="mm", max_width=CENTRE - 24)
    # a bar on the centre's edge facing whoever is to play, in two halves either side of the
    # seat's wind disc
    for seat_index, seat in enumerate(view.seats):
        if not seat.is_turn:
            continue
        pos = _side(view, seat_index)
        mid = c0 + CENTRE // 2
        for a, b in ((c0 + 40, mid - 20), (mid + 20, c0 + CENTRE - 40)):
            e = 12
            bars = {0: (a, c0 + CENTRE - e - 6, b, c0 + CENTRE - 12),
                    1: (c0 + CENTRE - e - 6, a, c0 + CENTRE - 12, b),
                    2: (a, c0 + 12, b, c0 + e + 6),
                    3: (c0 + 12, a, c0 + e + 6, b)}
            d.rounded_rectangle(bars[pos], 3, fill=HIGHLIGHT)
    _river_winds(d, view, locale, c0)


def _river_winds(d: ImageDraw.ImageDraw, view: TableView, locale: object, c0: int) -> None:
    """Each seat's wind on the centre's edge beside its river, the same disc as on its name
    plate (the dealer's ringed in red), so whose river is whose reads at a glance."""
    near, far, mid = c0 + 19, c0 + CENTRE - 19, c0 + CENTRE // 2
    at = {0: (mid, far), 1: (far, mid), 2: (mid, near), 3: (near, mid)}
    r = 12
    for seat_index, seat in enumerate(view.seats):
        x, y = at[_side(view, seat_index)]
        ring = HIGHLIGHT if seat.is_turn else (196, 40, 40) if seat.is_dealer else CREAM
        d.ellipse((x - r, y - r, x + r, y + r), fill=CREAM, outline=ring, width=3)
        text(d, (x, y), seat_label(seat.seat_wind, len(view.seats), locale), 16, (24, 28, 48),
             "bold", anchor="mm")


def _indicator(img: Image.Image, d: ImageDraw.ImageDraw, view: TableView, locale: object,
               c0: int) -> None:
    """``indicator [tile] → [joker]`` with the joker's name, centred in the centre square."""
    from render.hand import joker_words

    assert view.indicator is not None
    ind_word, joker_word = joker_words(view.family, locale)
    jokers = sorted(k for k in view.wild_kinds if k < 42)
    stand = next((v[0] for n, v in view.marks if n == "stand_in"), None)
    if len(jokers) > 1:  # a window of jokers (窗百搭): a row of its own beneath
        _joker_row(img, d, view.indicator, jokers, ind_word, joker_word, c0)
        return
    size = 30 if stand is None else 24
    tw, th = tile_size(size)
    words = [ind_word, "→", joker_word]
    widths = [width_of(w, 18, "bold") for w in words]
    total = sum(widths) + 2 * tw + 4 * 6
    x = round(SIZE / 2 - total / 2)
    y = c0 + (160 if stand is None else 140)
    mid = y + th / 2
    text(d, (x, mid), ind_word, 18, MUTED, "bold", anchor="lm")
    x += round(widths[0]) + 6
    paste_tile(img, view.indicator, (x, y), size)
    x += tw + 6
    text(d, (x, mid), "→", 18, MUTED, "bold", anchor="lm")
    x += round(widths[1]) + 6
    text(d, (x, mid), joker_word, 18, GOLD_TEXT, "bold", anchor="lm")
    x += round(widths[2]) + 6
    for k in jokers:
        paste_tile(img, k, (x, y), size, True)
    if stand is not None:  # Fujian: every 白板 is a natural tile of the wild kind
        _stand_in(img, d, stand, y + th + 4, locale)


def _stand_in(img: Image.Image, d: ImageDraw.ImageDraw, kind: int, y: int,
              locale: object) -> None:
    """``[白板] = [kind]`` centred at ``y``: what every 白板 plays as."""
    tw, th = tile_size(20)
    total = 2 * tw + 30
    x = round(SIZE / 2 - total / 2)
    paste_tile(img, WHITE, (x, y), 20)
    text(d, (x + tw + 15, y + th / 2), "=", 18, CREAM, "bold", anchor="mm")
    paste_tile(img, kind, (x + tw + 30, y), 20)


def _joker_row(img: Image.Image, d: ImageDraw.ImageDraw, indicator: int, jokers: list[int],
               ind_word: str, joker_word: str, c0: int) -> None:
    """``indicator [tile]`` on one line, ``joker [tile] × n`` beneath (the five of a window)."""
    tw, th = tile_size(24)
    y = c0 + 140
    w0 = width_of(ind_word, 18, "bold")
    x = round(SIZE / 2 - (w0 + 6 + tw) / 2)
    text(d, (x, y + th / 2), ind_word, 18, MUTED, "bold", anchor="lm")
    paste_tile(img, indicator, (x + round(w0) + 6, y), 24)
    sw, sh = tile_size(20)
    y += th + 4
    w1 = width_of(joker_word, 16, "bold")
    total = w1 + 6 + len(jokers) * (sw + 2)
    x = round(SIZE / 2 - total / 2)
    text(d, (x, y + sh / 2), joker_word, 16, GOLD_TEXT, "bold", anchor="lm")
    x += round(w1) + 6
    for k in jokers:
        paste_tile(img, k, (x, y), 20, True)
        x += sw + 2


def table_image(view: TableView, locale: object = "en") -> Image.Image:
    """The table as an RGB image (checked first: bad input raises RenderError)."""
    view.check()
    if len(view.seats) > 4:  # five to seven seats sit round a ring (render.ring)
        from render.ring import ring_image

        return ring_image(view, locale)
    wild = frozenset(view.wild_kinds)
    img = canvas(SIZE, SIZE)
    d = ImageDraw.Draw(img)
    c0 = (SIZE - CENTRE) // 2
    for seat_index, seat in enumerate(view.seats):
        pos = _side(view, seat_index)
        last = view.last_discard[1] if view.last_discard and view.last_discard[0] == seat_index \
            else None
        # a joker thrown or called is only its face where the rules say so (Shanghai)
        stand = next((v[0] for n, v in view.marks if n == "stand_in"), None)
        panel = seat_panel(seat, last, frozenset() if view.dead_jokers else wild, wild, stand)
        turn = _TURN[pos]
        if turn is not None:
            panel = panel.transpose(turn)
        at = {0: ((SIZE - PANEL_W) // 2, c0 + CENTRE),
              1: (c0 + CENTRE, (SIZE - PANEL_W) // 2),
              2: ((SIZE - PANEL_W) // 2, c0 - PANEL_H),
              3: (c0 - PANEL_H, (SIZE - PANEL_W) // 2)}[pos]
        img.paste(panel, at, panel)
    _centre(img, d, view, locale)
    for seat_index, seat in enumerate(view.seats):
        words, hua = seat_marks(view, seat_index, locale)
        _plate(img, d, seat, _side(view, seat_index), locale, wild, words, hua, len(view.seats))
    return img
