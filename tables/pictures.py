"""Pictures for transports: the table service's views turned into render/'s views, then PNG bytes.

Every function returns ``None`` rather than raising when a picture cannot be made
(render/ missing a piece, a view it refuses): a game must never stop for a picture.
They are plain CPU work; the Discord transport runs them in a worker thread.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.family import family_of
from engine.rules import get_rules
from tables import text_riichi
from tables.model import PrivateView, PublicView, SettlementView, StandingsView
from tables.text import cut_lines

log = logging.getLogger("mahjong.pictures")


def _render() -> Any:
    import render.draw as draw
    import render.views as views

    return draw, views


def _png(img: Any) -> bytes:
    draw, _ = _render()
    return bytes(draw.to_png(img))


def picture_names(names: tuple[str, ...], levels: tuple[str, ...], locale: object) -> list[str]:
    """The seats' names as the pictures write them: a computer's with its level."""
    import i18n

    out = []
    for i, name in enumerate(names):
        level = levels[i] if i < len(levels) else ""
        key = f"level.{level}"
        if level and i18n.has(key):
            name = i18n.t("render.with_level", locale, name=name, level=i18n.t(key, locale))
        out.append(name)
    return out


def hand_key(view: PrivateView, locale: object = "en") -> tuple[Any, ...]:
    """Everything of ``view`` that :func:`hand_png` draws: two views with equal keys give the
    same picture (a transport may keep the one already shown instead of drawing it again)."""
    return (view.seat, view.concealed, view.drawn, view.melds, view.flowers, view.wild,
            view.waits, view.indicator, view.family, view.dead_jokers, view.void_suit, view.out,
            view.won_tile, view.imagined, view.stand_in, str(locale))


def hand_png(view: PrivateView, locale: object = "en") -> bytes | None:
    try:
        from render.hand import hand_image

        _, v = _render()
        hv = v.HandView(
            concealed=list(view.concealed), drawn=view.drawn,
            melds=[v.MeldView.from_meld(m, view.seat) for m in view.melds],
            flowers=list(view.flowers), wild_kinds=frozenset(view.wild),
            waits=list(view.waits) if view.waits else None,
            indicator=view.indicator, dora=view.dora, lizhi=view.lizhi, family=view.family,
            charleston=(int(view.choosing.removeprefix("charleston")), view.pass_shift)
            if view.pass_shift else None,
            dead_jokers=view.dead_jokers, void_suit=view.void_suit, out=view.out, won_tile=view.won_tile,
            suit_need=family_of(view.family).one_suit_need if view.family else 0,
            imagined_slot=bool(view.imagined), stand_in=view.stand_in,
        )
        return _png(hand_image(hv, locale))
    except Exception:
        log.warning("no hand picture", exc_info=True)
        return None


def table_png(view: PublicView, locale: object = "en", viewer: int = 0) -> bytes | None:
    try:
        from render.table import table_image

        _, v = _render()
        seats = []
        names = picture_names(view.names, view.levels, locale)
        points = next((p for n, p in view.marks if n == "points"), None)  # riichi
        for s in range(len(view.names)):
            seats.append(v.SeatView(
                name=names[s], discards=list(view.rivers[s]),
                discards_face_down=view.hidden_rivers,
                melds=[v.MeldView.face_down_kong() if m.face_down else v.MeldView.from_meld(m.meld(), s)
                       for m in view.melds[s]],
                concealed_count=min(17, view.hand_sizes[s]), flowers=list(view.flowers[s]),
                seat_wind=(s - view.dealer) % len(view.names), score=view.scores[s],
                is_dealer=s == view.dealer, is_turn=s == view.turn_seat,
                running=view.running[s] if view.running else None,
                lizhi_at=view.lizhi_at[s] if view.lizhi_at and view.lizhi[s] else None,
                points=points[s] if points is not None else None,
            ))
        last = None
        if view.last_discard is not None:
            seat, _tile = view.last_discard
            if view.rivers[seat]:
                last = (seat, len(view.rivers[seat]) - 1)
        tv = v.TableView(
            seats=seats, wall_remaining=view.wall_remaining, round_wind=view.round_wind % 4,
            last_discard=last, hand_number=view.hand_no + 1, viewer=viewer,
            wild_kinds=frozenset(view.wild), indicator=view.indicator, family=view.family,
            marks=view.marks, dead_jokers=view.dead_jokers,
        )
        return _png(table_image(tv, locale))
    except Exception:
        log.warning("no table picture", exc_info=True)
        return None


def settlement_png(view: SettlementView, locale: object = "en") -> bytes | None:
    try:
        import render

        draw_fn: Any = getattr(render, "settlement_image", None)
        if draw_fn is None:
            from render.settlement import settlement_image as draw_fn
        _, v = _render()
        rules = get_rules(view.rules_name)
        wild = frozenset(view.wild)
        wins = []
        for w in view.wins:
            concealed = list(w.concealed)
            if w.tile is not None and w.tile in concealed:
                concealed.remove(w.tile)
            # a win on a flower (八仙過海) shows it as the winning tile, the seven beside
            hv = v.HandView(concealed=concealed, drawn=w.tile,
                            melds=[v.MeldView.from_meld(m, w.seat) for m in w.melds],
                            wild_kinds=wild, indicator=view.indicator, dora=view.dora,
                            family=view.family,
                            flowers=[f for f in w.flowers if f != w.tile],
                            imagined=w.imagined)
            shown = family_of(rules).win_values(rules, w.patterns, w.self_drawn)
            wins.append(v.WinView(
                seat=w.seat, hand=hv, patterns=shown,
                points=w.points, self_drawn=w.self_drawn, discarder=w.from_seat, fan=w.fan,
            ))
        riichi = text_riichi.points_of(view.marks) is not None
        notes = tuple(cut_lines(view, locale))
        if riichi:  # a game of points: the hand's points paid; chips move at the game's end
            names = list(view.names)
            notes = (*(x for w in view.wins for x in text_riichi.win_lines(view, w, locale)),
                     *text_riichi.riichi_lines(view.marks, locale, names),
                     *text_riichi.payment_lines(view, locale, names)[:1], *notes)
        sv = v.SettlementView(
            names=picture_names(view.names, view.levels, locale),
            payments=list(view.deltas if riichi else view.chips),
            wins=wins, family=rules.family, value_style=family_of(rules).value_style,
            seat_winds=view.seat_winds(),
            seed_text=f"seed {view.seed} · sha256 {view.commitment[:16]}…",
            hand_number=view.hand_no + 1, wild_kinds=wild,
            extras=() if view.itemised else view.extras(), marks=view.marks,
            ledger=view.ledger(), notes=notes,
            **tai_terms(view),
        )
        return _png(draw_fn(sv, locale))
    except Exception:
        log.warning("no settlement picture", exc_info=True)
        return None


def tai_terms(view: SettlementView) -> dict[str, int]:
    """Where a win is paid (底 + 台) × unit (Taiwan): the 底 and the chips a 台 is worth."""
    rules = get_rules(view.rules_name)
    if family_of(rules).value_style != "tai":
        return {}
    return {"base": rules.base, "unit": rules.unit * view.stake}


def standings_png(view: StandingsView, locale: object = "en", title: str | None = None) -> bytes | None:
    try:
        import render

        draw_fn: Any = getattr(render, "leaderboard_image", None)
        if draw_fn is None:
            from render.leaderboard import leaderboard_image as draw_fn
        _, v = _render()
        order = sorted(range(len(view.names)), key=lambda i: -view.totals[i])
        rows = [
            v.LeaderRow(rank + 1, view.names[i], view.balances[i], view.totals[i])
            for rank, i in enumerate(order)
        ]
        return _png(draw_fn(v.LeaderboardView(rows=rows, title=title), locale))
    except Exception:
        log.warning("no standings picture", exc_info=True)
        return None
