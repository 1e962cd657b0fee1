"""A Taiwan win in words: the 底, every 台 by name with its value, the dealer's 台 where they
count, and each payment as (底 + 台) × unit (rule page ``taiwan.md``, "Payment")."""

from __future__ import annotations

from engine.family import family_of
from engine.family.taiwan import win_payers
from engine.rules import get_rules
from i18n.bot_text import bt
from tables.model import SettlementView, WinInfo

DEALER_ITEMS = frozenset({"dealer", "dealer_streak"})


def streak_of(view: SettlementView) -> int:
    return next((v[0] for n, v in view.marks if n == "streak"), 0)


def tai_terms(view: SettlementView, w: WinInfo, locale: object) -> tuple[str, str]:
    """(the sum of the 底 and every 台 by name, the payment: (底 + 台) × unit = chips, and the
    dealer's where he alone pays his 台 more)."""
    from i18n.patterns import pattern_name

    rules = get_rules(view.rules_name)
    base, unit, t = rules.base, rules.unit * view.stake, w.fan or 0
    counts: dict[str, int] = {}
    for p in w.patterns:
        if p not in DEALER_ITEMS:
            counts[p] = counts.get(p, 0) + 1
    values = dict(family_of(rules).win_values(rules, tuple(counts), w.self_drawn))
    parts = [bt("settlement.tai_base", locale, n=base)]
    parts += [f"{pattern_name(p, locale, view.family)} {values.get(p, 0) * n}"
              for p, n in counts.items()]
    discarder = None if w.self_drawn else w.from_seat
    pays = win_payers(len(view.names), view.dealer, streak_of(view), w.seat, discarder)
    n = streak_of(view)
    dealer: list[str] = []
    if any(d for _p, d in pays):
        dealer = [f"{pattern_name('dealer', locale, view.family)} 1"]
        if n:
            dealer.append(bt("settlement.tai_streak", locale, n=n, t=2 * n))
        if all(d for _p, d in pays):
            parts += dealer
    sep = " + "
    ds = sorted({d for _p, d in pays})

    def formula(d: int) -> str:
        return bt("settlement.tai_formula", locale, base=base, tai=t + d, unit=unit,
                  n=(base + t + d) * unit)

    paid = formula(ds[0])
    if len(ds) > 1:  # a self-draw by another seat: the dealer adds his 台 to his payment only
        extra = sep.join(dealer)
        paid = bt("settlement.tai_dealer_pays", locale, formula=paid, extra=extra,
                  dealer=formula(ds[1]))
    elif len(pays) > 1:
        paid = bt("settlement.tai_each", locale, formula=paid)
    return sep.join(parts), paid

