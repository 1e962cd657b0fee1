"""A riichi table in words (rule page ``riichi.md``): the points, dora indicators, riichi
sticks and honba on the table; a win's han, fu, limit and yaku, the ura-dora, the honba and
sticks paid; and the final ranking with its uma/oka result and chips."""

from __future__ import annotations

from collections.abc import Sequence

from i18n.bot_text import bt
from tables.model import SettlementView, StandingsView, WinInfo

Marks = tuple[tuple[str, tuple[int, ...]], ...]


def mark(marks: Marks, name: str) -> tuple[int, ...] | None:
    return next((v for n, v in marks if n == name), None)


def points_of(marks: Marks) -> tuple[int, ...] | None:
    """Each seat's points where the table plays a game of points (riichi), else None."""
    return mark(marks, "points")


def riichi_lines(marks: Marks, locale: object, seat_word: Sequence[str]) -> list[str]:
    """The dora indicators, the riichi declared, sticks and honba, the ura-dora (after a
    riichi seat's win); ``seat_word``: how each seat is named."""
    from tables.text import tiles_label

    out: list[str] = []
    dora = mark(marks, "dora")
    if dora is None:
        return out
    out.append(bt("table.riichi.dora", locale, tiles=tiles_label(list(dora), locale)))
    ura = mark(marks, "ura")
    if ura:
        out.append(bt("table.riichi.ura", locale, tiles=tiles_label(list(ura), locale)))
    declared = mark(marks, "riichi") or ()
    if declared:
        out.append(bt("table.riichi.declared", locale,
                      seats=" · ".join(seat_word[s] for s in declared)))
    sticks = (mark(marks, "sticks") or (0,))[0]
    honba = (mark(marks, "honba") or (0,))[0]
    out.append(bt("table.riichi.sticks", locale, n=sticks, honba=honba))
    return out


def limit_name(limit: str, locale: object) -> str:
    if not limit:
        return ""
    if limit.endswith("x yakuman"):
        return bt("limit.multi_yakuman", locale, n=limit.split("x")[0])
    return bt(f"limit.{limit}", locale)


def yaku_list(w: WinInfo, locale: object) -> str:
    """Each yaku by name with its han ("Riichi 1, Dora 2")."""
    from i18n.patterns import pattern_name

    sep = ", " if str(locale).startswith("en") else "、"
    return sep.join(f"{pattern_name(y, locale, 'riichi')} {n}" for y, n in w.yaku)


def win_lines(view: SettlementView, w: WinInfo, locale: object) -> list[str]:
    """The han and fu line of a riichi win (with its limit), when the win was read again."""
    if w.fu is None:
        return []
    limit = limit_name(w.limit, locale)
    return [bt("settlement.riichi.han", locale, han=w.fan or 0, fu=w.fu,
               limit=f" · {limit}" if limit else "")]


def payment_lines(view: SettlementView, locale: object, names: Sequence[str]) -> list[str]:
    """The points paid (honba and sticks included), and when chips move."""
    out: list[str] = []
    honba = (mark(view.marks, "honba") or (0,))[0]
    if view.wins:
        pot = (mark(view.marks, "pot") or (0,))[0]
        out.append(bt("settlement.riichi.bonus", locale, honba=honba, sticks=pot))
    rows = [f"{names[a]} → {names[b]} {amount:,}" for a, b, amount, _why in view.payments]
    if rows:
        out.append(bt("settlement.riichi.pays", locale, rows=", ".join(rows)))
    points = points_of(view.marks)
    if points is not None:
        out.append(bt("table.riichi.points", locale, points=" · ".join(
            f"{names[s]} {p:,}" for s, p in enumerate(points))))
    if not any(view.chips):
        out.append(bt("settlement.riichi.no_chips", locale))
    return out


def final_lines(view: StandingsView, locale: object) -> list[str]:
    """A game of points' final ranking: points, the result with uma and oka, chips."""
    if not view.final:
        return []
    out = ["**" + bt("final.riichi.title", locale) + "**"]
    for rank, (seat, points, result, chips) in enumerate(view.final, 1):
        out.append(bt("final.riichi.row", locale, rank=rank, name=view.names[seat],
                      points=f"{points:,}", result=f"{result:+d}", chips=chips))
    out.append(bt("final.riichi.rule", locale, uma=view.uma, stake=view.stake))
    return out
