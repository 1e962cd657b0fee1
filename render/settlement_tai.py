"""A Taiwan win on the settlement: the 底, every 台 by name, the dealer's 台, and each payment
as (底 + 台) × unit (rule page ``taiwan.md``, "Payment").

The win's own 台 (T, ``WinView.fan``) are its patterns less the dealer's items; the dealer's
台 D = 1 + 2N (莊家, 連N拉N with N from the settlement's ``streak`` mark) count in every
payment when the winner deals, in the dealer's payment when he pays, and nowhere else. One
payment formula is shown when every payer pays alike; a self-draw by another seat, the dealer
paying D more, shows both.
"""

from __future__ import annotations

from typing import Final

import i18n
from i18n.patterns import pattern_name, value_text
from render.views import SettlementView, WinView
from render.words import seat_label

DEALER_ITEMS: Final = frozenset({"dealer", "dealer_streak"})


def streak_of(view: SettlementView) -> int:
    return next((v[0] for n, v in view.marks if n == "streak"), 0)


def dealer_seat(view: SettlementView) -> int:
    return list(view.seat_winds).index(0) if 0 in view.seat_winds else 0


def payers(view: SettlementView, win: WinView) -> list[tuple[int, int]]:
    """``(payer, D)`` for each payment of ``win``: D the dealer's 台 in it (0 or 1 + 2N)."""
    from engine.family.taiwan import win_payers

    discarder = None if win.self_drawn else win.discarder
    return win_payers(len(view.names), dealer_seat(view), streak_of(view), win.seat, discarder)


def tai_rows(view: SettlementView, win: WinView, locale: object,
             other: object) -> list[tuple[str, str, str]]:
    """(name, the name in the other language, value) for each row: the 底, the win's 台 items,
    then 莊家 and 連N拉N where the dealer's 台 count in a payment."""
    fam = view.family
    base = view.base or 0
    rows = [(i18n.t("render.tai_base", locale), i18n.t("render.tai_base", other),
             value_text("tai", base, locale))]
    for pid, value in win.patterns:
        if pid not in DEALER_ITEMS:
            rows.append((pattern_name(pid, locale, fam), pattern_name(pid, other, fam),
                         value_text("tai", value, locale)))
    pays = payers(view, win)
    if any(d for _p, d in pays):
        only = "" if all(d for _p, d in pays) else " " + i18n.t("render.tai_dealer_only", locale)
        rows.append((pattern_name("dealer", locale, fam) + only, pattern_name("dealer", other, fam),
                     value_text("tai", 1, locale)))
        n = streak_of(view)
        if n:
            rows.append((i18n.t("render.streak_short", locale, n=n) + only,
                         pattern_name("dealer_streak", locale, fam),
                         value_text("tai", 2 * n, locale)))
    return rows


def formula(view: SettlementView, win: WinView, d: int, locale: object) -> str:
    """(底 + 台) × unit = chips for one payment whose dealer's 台 are ``d``."""
    base, t = view.base or 0, win.fan or 0
    return i18n.t("render.tai_formula", locale, base=base, tai=t + d, unit=view.unit,
                  n=(base + t + d) * view.unit)


def tai_total(view: SettlementView, win: WinView, locale: object) -> tuple[str, str]:
    """The total line (one payment's formula) and the line under it: who pays it, and the
    dealer's larger payment where only he adds his 台."""
    pays = payers(view, win)
    ds = sorted({d for _p, d in pays})
    main = formula(view, win, ds[0], locale)
    if len(pays) == 1:
        who = seat_label(view.seat_winds[pays[0][0]], len(view.names), locale)
        return main, i18n.t("render.tai_paid_by", locale, seat=who)
    if len(ds) == 1:
        return main, i18n.t("render.tai_each", locale)
    return main, i18n.t("render.tai_dealer_pays", locale, formula=formula(view, win, ds[1], locale))
