"""The end of a hand: the winning hand, each pattern and bonus with its names and value, payments."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine.tiles import is_flower
from i18n.patterns import pattern_name, value_text
from render.draw import (
    CREAM,
    GOLD_TEXT,
    LOSS_RED,
    MUTED,
    PANEL,
    WIN_GREEN,
    canvas,
    shadowed_box,
    text,
)
from render.hand import BASE_WIDTH, draw_hand, hand_size
from render.settlement_tai import tai_rows, tai_total
from render.views import SettlementView, WinView
from render.words import seat_label, tiles_words

MARGIN: Final = 18
ROW: Final = 44


def _other_locale(locale: object) -> str:
    """The second name shown beside each pattern: Chinese for English readers and vice versa."""
    return "en" if i18n.normalize_locale(locale) != "en" else "zh-Hans"


def _value(style: str, pid: str, value: int, locale: object) -> str:
    # Guangdong's additions and Shanghai's 门清 (a 花) and Quzhou's colours are added
    added = pid in _ADDED or (style == "points" and pid in _POINT_ADDITIONS)
    return value_text(style, value, locale, bonus=added, pattern=pid)


_ADDED: Final = frozenset({
    "self_draw", "seat_wind", "round_wind", "dragon_pung", "concealed",
})  # fmt: skip
# the situations a point table adds a point for (the 100-tile game)
_POINT_ADDITIONS: Final = frozenset({"kong_replacement", "last_tile"})
_COLOURS: Final = frozenset({"half_flush", "full_flush"})


def _points_paid(family: str) -> bool:
    """Whether a payer pays the win's points as they stand (Guobiao adds its base of 8 and
    Baoding's dealer pays double: there the payments below say what each paid)."""
    from engine.family import UnknownFamily, family_of

    try:
        return family_of(family).points_paid
    except UnknownFamily:
        return True


def _total(view: SettlementView, win: WinView, locale: object) -> str:
    """The win's total line in its family's terms."""
    style = view.value_style
    one = "_one" if win.points == 1 else ""  # "1 point", "2 points"
    if style == "fan" and win.fan is not None:
        return i18n.t(f"render.fan_points{one}", locale, fan=win.fan, n=win.points)
    if style == "hua":
        fan = win.fan or 0
        return i18n.t(f"render.hua_points{one}", locale, hua=win.points // 2**fan, fan=fan,
                      n=win.points)
    if style == "fan_sum":
        return i18n.t("render.fan_sum", locale, n=win.points)
    if style == "tai":  # each payer adds the 底 (the payments below say what each paid)
        return i18n.t("render.tai", locale, n=win.points)
    if style == "duan":
        if win.self_drawn:
            return i18n.t("render.duan_points", locale, duan=win.points, n=win.points)
        return i18n.t("render.duan_discard", locale, duan=win.points // 2, n=win.points)
    return i18n.t(f"render.points{one}", locale, n=win.points)


def _mark_lines(view: SettlementView, locale: object) -> list[str]:
    """Lines for the facts of the hand that changed its payments (荒番, 烧庄, 互包, birds)."""
    out = []
    birds = [v[0] for n, v in view.marks if n == "bird"]
    if birds:
        out.append(i18n.t("render.birds", locale, tiles=tiles_words(birds, locale)))
    for name, values in view.marks:
        if name == "huangfan" and values[0]:
            out.append(i18n.t("render.huangfan", locale, n=values[0], x=2 ** values[0]))
        elif name == "burn":
            out.append(i18n.t("render.burn", locale, n=values[0]))
        elif name == "streak":  # the dealer's 1 + 2N counted in his payments
            out.append(i18n.t("render.streak", locale, n=values[0]))
        elif name == "bound":
            a, b = (seat_label(view.seat_winds[v], len(view.names), locale) for v in values)
            out.append(i18n.t("render.bound", locale, a=a, b=b))
    return out


def is_false_win(win: WinView) -> bool:
    """A declared win that is no winning hand (诈胡): its only pattern is ``false_win``."""
    return [p for p, _v in win.patterns] == ["false_win"]


def _rows(view: SettlementView, win: WinView, locale: object) -> list[tuple[str, str, str]]:
    """(name, the name in the other language, value) for each row of the win's panel."""
    other = _other_locale(locale)
    if view.value_style == "tai" and view.base is not None and not is_false_win(win):
        return tai_rows(view, win, locale, other)
    rows = []
    flowers = sum(1 for pid, _v in win.patterns if pid == "flowers")
    for pid, value in win.patterns:
        if pid == "flowers":  # Nanjing: one row, each flower 1 more from each payer
            if flowers:
                rows.append((f"{pattern_name(pid, locale, view.family)} ×{flowers}",
                             f"{pattern_name(pid, other, view.family)} ×{flowers}",
                             i18n.t("render.flower_points", locale, n=flowers)))
                flowers = 0
            continue
        if view.value_style == "duan" and pid in _COLOURS:
            shown = value_text("duan", value, locale, bonus=True)
        else:
            shown = _value(view.value_style, pid, value, locale)
        if is_false_win(win):
            shown = ""  # no value: the declarer pays the rules' penalty instead
        rows.append((pattern_name(pid, locale, view.family),
                     pattern_name(pid, other, view.family), shown))
    return rows


def _win_height(view: SettlementView, win: WinView, locale: object) -> int:
    return 56 + hand_size(win.hand)[1] + 18 + ROW * len(_rows(view, win, locale)) + 62


def _draw_win(img: Image.Image, d: ImageDraw.ImageDraw, view: SettlementView, win: WinView,
              y: int, width: int, locale: object) -> int:
    name = view.names[win.seat]
    # 诈胡: a declared win that is none; its panel shows the hand and what the declarer paid
    false = is_false_win(win)
    how = i18n.t("render.self_drawn", locale) if win.self_drawn and not false else (
        i18n.t("render.on_flower" if win.hand.drawn is not None and is_flower(win.hand.drawn)
               else "render.on_discard", locale, name=view.names[win.discarder])
        if win.discarder is not None else "")
    title = i18n.t("render.false_win" if false else "render.wins", locale, name=name)
    tw = text(d, (MARGIN, y), title, 36, GOLD_TEXT, "bold", max_width=width - 2 * MARGIN - 200)
    if how:
        text(d, (MARGIN + tw + 18, y + 9), how, 26, CREAM, "bold", max_width=round(width - tw - 80))
    y += 56
    draw_hand(img, win.hand, MARGIN, y, locale)
    y += hand_size(win.hand)[1] + 18
    for name, other_name, shown in _rows(view, win, locale):
        d.line((MARGIN, y, width - MARGIN, y), fill=(44, 100, 74), width=1)
        nw = text(d, (MARGIN, y + ROW / 2), name, 28, CREAM, "bold", anchor="lm",
                  max_width=width - 2 * MARGIN - 160)
        text(d, (MARGIN + nw + 14, y + ROW / 2 + 2), other_name, 22, MUTED, anchor="lm",
             max_width=round(width - 2 * MARGIN - nw - 160))
        text(d, (width - MARGIN, y + ROW / 2), shown, 28, GOLD_TEXT, "bold", anchor="rm")
        y += ROW
    d.line((MARGIN, y, width - MARGIN, y), fill=(90, 150, 116), width=2)
    if false:
        paid = view.payments[win.seat]
        text(d, (MARGIN, y + 30), i18n.t("render.false_win_paid", locale), 30, CREAM, "bold",
             anchor="lm")
        text(d, (width - MARGIN, y + 30), f"{paid:+,}", 32, LOSS_RED if paid < 0 else MUTED,
             "bold", anchor="rm")
        return y + 62
    total = _total(view, win, locale)
    under = None
    if view.value_style == "tai" and view.base is not None:
        total, under = tai_total(view, win, locale)
    tw = text(d, (MARGIN, y + 30), i18n.t("render.total", locale), 30, CREAM, "bold",
              anchor="lm")
    text(d, (width - MARGIN, y + 30), total, 32, GOLD_TEXT, "bold", anchor="rm",
         max_width=round(width - 2 * MARGIN - tw - 16))
    if under is not None:
        text(d, (width - MARGIN, y + 58), under, 20, MUTED, anchor="rm",
             max_width=width - 2 * MARGIN)
    elif _points_paid(view.family):
        payer = i18n.t("render.per_payer" if win.self_drawn else "render.from_discarder",
                       locale, n=win.points)
        text(d, (width - MARGIN, y + 58), payer, 20, MUTED, anchor="rm")
    return y + 62


def settlement_image(view: SettlementView, locale: object = "en") -> Image.Image:
    """The settlement as an RGB image (checked first: bad input raises RenderError)."""
    view.check()
    width = max(BASE_WIDTH, *(hand_size(w.hand)[0] + 2 * MARGIN for w in view.wins)) \
        if view.wins else BASE_WIDTH
    height = MARGIN + 8
    if view.hand_number is not None:
        height += 0
    height += sum(_win_height(view, w, locale) + 20 for w in view.wins) if view.wins else 110
    pay_rows = (len(view.names) + 1) // 2  # two seats to a row
    height += 40 + pay_rows * 64 + 16
    extras = [(reason, nets) for reason, nets in view.extras if any(nets)]
    height += 44 * len(extras)
    marks = _mark_lines(view, locale)
    height += 40 * len(marks)
    height += 36 * len(view.notes)
    ledger_rows = (len(view.ledger) + 1) // 2
    if view.ledger:
        height += 40 + 36 * ledger_rows
    if view.seed_text:
        height += 40
    height += MARGIN
    img = canvas(width, height)
    d = ImageDraw.Draw(img)
    y = MARGIN
    if view.hand_number is not None:
        text(d, (width - MARGIN, y + 4), i18n.t("render.hand_number", locale, n=view.hand_number),
             22, MUTED, anchor="ra")
    if view.wins:
        for w in view.wins:
            y = _draw_win(img, d, view, w, y, width, locale) + 20
    else:
        text(d, (MARGIN, y), i18n.t("render.drawn_hand", locale), 40, GOLD_TEXT, "bold")
        if not any(view.payments):
            text(d, (MARGIN, y + 58), i18n.t("render.no_payment", locale), 26, CREAM)
        y += 110
    # the facts that changed the payments (荒番, 烧庄, 互包), then the payments besides the win
    # (kongs, horses, 烧庄, 互包), one line each, so the totals add up
    for line in marks:
        text(d, (MARGIN, y + 18), line, 24, GOLD_TEXT, "bold", anchor="lm",
             max_width=width - 2 * MARGIN)
        y += 40
    for reason, nets in extras:
        text(d, (MARGIN, y + 18), i18n.t(f"render.reason.{reason}", locale), 24, CREAM, "bold",
             anchor="lm", max_width=144)
        col = (width - 2 * MARGIN - 150) // len(nets)
        for i, n in enumerate(nets):
            cx = MARGIN + 150 + i * col
            wind = seat_label(view.seat_winds[i], len(view.names), locale)
            text(d, (cx, y + 18), wind, 20, MUTED, "bold", anchor="lm")
            color = WIN_GREEN if n > 0 else LOSS_RED if n < 0 else MUTED
            text(d, (cx + 30, y + 18), f"{n:+,}" if n else "0", 24, color, "bold",
                 anchor="lm")
        y += 44
    if view.ledger:  # every payment in the order it fell due, two to a row
        text(d, (MARGIN, y), i18n.t("render.ledger", locale), 26, MUTED, "bold")
        y += 40
        half = (width - 2 * MARGIN) // 2
        for i, (payer, payee, amount, reason) in enumerate(view.ledger):
            cx = MARGIN + (i % 2) * half
            cy = y + (i // 2) * 36 + 14
            a = seat_label(view.seat_winds[payer], len(view.names), locale)
            b = seat_label(view.seat_winds[payee], len(view.names), locale)
            line = f"{i + 1}. {a} → {b}  {amount:,}  {i18n.t(f'render.reason.{reason}', locale)}"
            text(d, (cx, cy), line, 22, CREAM, "bold", anchor="lm", max_width=half - 12)
        y += 36 * ledger_rows
    # payments, two seats to a row, in seat order
    text(d, (MARGIN, y), i18n.t("render.payments", locale), 26, MUTED, "bold")
    y += 40
    col_w = (width - 2 * MARGIN - 16) // 2
    winners = {w.seat for w in view.wins}
    for i in range(len(view.names)):
        cx = MARGIN + (i % 2) * (col_w + 16)
        cy = y + (i // 2) * 64
        outline = GOLD_TEXT if i in winners else None
        shadowed_box(d, (cx, cy, cx + col_w, cy + 54), 12, PANEL, outline, 2)
        wind = seat_label(view.seat_winds[i], len(view.names), locale)
        d.ellipse((cx + 10, cy + 8, cx + 48, cy + 46), fill=CREAM)
        text(d, (cx + 29, cy + 27), wind, 22, (24, 28, 48), "bold", anchor="mm")
        amount = view.payments[i]
        color = WIN_GREEN if amount > 0 else LOSS_RED if amount < 0 else MUTED
        amount_text = f"{amount:+,}" if amount else "0"
        aw = text(d, (cx + col_w - 14, cy + 27), amount_text, 30, color, "bold", anchor="rm")
        text(d, (cx + 60, cy + 27), view.names[i], 24, CREAM, "bold", anchor="lm",
             max_width=col_w - 60 - round(aw) - 28)
    y += pay_rows * 64 + 16
    for note in view.notes:  # a payment cut by the cap says so
        text(d, (MARGIN, y + 14), note, 22, GOLD_TEXT, "bold", anchor="lm",
             max_width=width - 2 * MARGIN)
        y += 36
    if view.seed_text:
        text(d, (MARGIN, y + 8), f"{i18n.t('render.seed', locale)}: {view.seed_text}", 18, MUTED,
             max_width=width - 2 * MARGIN)
    return img
