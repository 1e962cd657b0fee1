"""A riichi hand's result in a replay, in words under the settlement picture (as the table's
settlement says it): each win's han and fu with its limit, the dora and ura-dora indicators,
the riichi declared, the honba and sticks paid, and the points after the hand."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import HandEnded
from engine.hand import HandState
from engine.riichi.marks import win_detail
from i18n.bot_text import bt
from render.words import tile_words

Marks = tuple[tuple[str, tuple[int, ...]], ...]


def _mark(marks: Marks, name: str) -> tuple[int, ...] | None:
    return next((v for n, v in marks if n == name), None)


def _limit(level: str, locale: object) -> str:
    if not level:
        return ""
    if level.endswith("x yakuman"):
        return bt("limit.multi_yakuman", locale, n=level.split("x")[0])
    return bt(f"limit.{level}", locale)


def _tiles(tiles: Sequence[int], locale: object) -> str:
    sep = ", " if str(locale).startswith("en") else "、"
    return sep.join(tile_words(t, locale) for t in tiles)


def riichi_notes(state: HandState, end: HandEnded, names: Sequence[str], marks: Marks,
                 locale: object) -> tuple[str, ...]:
    """The lines a riichi settlement shows beside its win panels (none at other tables)."""
    out: list[str] = []
    for w in state.wins:
        detail = win_detail(state.rules, state, w)
        if detail is None:
            continue
        limit = _limit(detail.level, locale)
        out.append(f"{names[w.seat]}: " + bt("settlement.riichi.han", locale, han=w.fan or 0,
                                             fu=detail.fu, limit=f" · {limit}" if limit else ""))
    dora = _mark(marks, "dora")
    if dora:
        out.append(bt("table.riichi.dora", locale, tiles=_tiles(dora, locale)))
    ura = _mark(marks, "ura")
    if ura:
        out.append(bt("table.riichi.ura", locale, tiles=_tiles(ura, locale)))
    declared = _mark(marks, "riichi") or ()
    if declared:
        out.append(bt("table.riichi.declared", locale,
                      seats=" · ".join(names[s] for s in declared)))
    honba = (_mark(marks, "honba") or (0,))[0]
    if state.wins:
        pot = (_mark(marks, "pot") or (0,))[0]
        out.append(bt("settlement.riichi.bonus", locale, honba=honba, sticks=pot))
    else:
        sticks = (_mark(marks, "sticks") or (0,))[0]
        out.append(bt("table.riichi.sticks", locale, n=sticks, honba=honba))
    points = _mark(marks, "points")
    if points is not None:
        out.append(bt("table.riichi.points", locale, points=" · ".join(
            f"{names[s]} {p:,}" for s, p in enumerate(points))))
    return tuple(out)
