"""The end of a replay: every hand open on the table, then the hand's result.

Two frames close a replay. The first is the table with every hand face up in place of the
face-down tiles, the winners' plates outlined and each winning tile set apart and marked; its
caption says who won on which tile, from whom. The second is the hand's settlement picture —
the same one the table posted when the hand ended: every win in order with its patterns in
the reader's language and what it paid, the payments besides the win (kongs, 刮风下雨, 查叫 /
查花猪, birds …), the facts that changed them (荒番, 烧庄, birds) and each seat's total — at
the table's size, so the animation keeps one size from its first frame to its last.

Amounts are in units of the stake (a log does not know the table's stake).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageChops

import i18n
from engine.events import HandEnded, Won
from engine.family import family_of
from engine.hand import HandState
from render.draw import canvas
from render.replay_riichi import riichi_notes
from render.settlement import settlement_image
from render.table import SIZE as TABLE_SIZE
from render.views import (
    EXTRA_REASONS,
    HandView,
    MeldView,
    SettlementView,
    WinView,
)
from render.words import tile_words


def real_wins(state: HandState) -> list[Won]:
    """The hand's wins in the order they came (a declared 诈胡 is no win)."""
    return [w for w in state.wins if "false_win" not in w.patterns]


def settlement_of(state: HandState, end: HandEnded, names: Sequence[str],
                  locale: object = "en") -> SettlementView:
    """The settlement picture's view of a finished hand, from its final state and its
    ``hand_ended`` event (as the table builds it when the hand ends, at a unit stake)."""
    rules = state.rules
    fam = family_of(rules)
    wild = frozenset(state.wild_kinds)
    wins = []
    for w in state.wins:
        concealed = state.concealed(w.seat)
        if w.tile is not None and w.tile in concealed:
            concealed.remove(w.tile)
        hand = HandView(
            concealed=concealed, drawn=w.tile,
            melds=[MeldView.from_meld(m, w.seat) for m in state.seats[w.seat].melds],
            wild_kinds=wild, indicator=state.indicator, family=rules.family,
        )  # fmt: skip
        wins.append(WinView(
            seat=w.seat, hand=hand, patterns=fam.win_values(rules, w.patterns, w.self_drawn),
            points=w.points, self_drawn=w.self_drawn, discarder=w.from_seat, fan=w.fan,
        ))  # fmt: skip
    # every payment listed where some fell due during the hand (刮风下雨, 起手小胡, a 血战
    # win) or birds multiplied them; elsewhere the win panels and one line per other reason
    itemised = rules.play_on or bool(end.turned) or bool(fam.paid_so_far(rules, state))
    extras = []
    if not itemised:
        for reason in EXTRA_REASONS:
            nets = [0] * len(names)
            for payer, payee, amount, why in end.payments:
                if why == reason:
                    nets[payer] -= amount
                    nets[payee] += amount
            if any(nets):
                extras.append((reason, tuple(nets)))
    marks = tuple(fam.table_marks(rules, state))
    return SettlementView(
        names=list(names), payments=list(end.deltas), wins=wins, family=rules.family,
        value_style=fam.value_style,
        seat_winds=tuple((s - state.dealer) % len(names) for s in range(len(names))),
        seed_text=f"seed {end.seed} · sha256 {state.commitment[:16]}…",
        hand_number=state.hand_no + 1, wild_kinds=wild, extras=tuple(extras),
        marks=marks,
        ledger=tuple(end.payments) if itemised else (),
        notes=riichi_notes(state, end, names, marks, locale) if family_of(rules).points_game else (),
    )


def result_caption(state: HandState, end: HandEnded, names: Sequence[str],
                   locale: object) -> str:
    """Who won on which tile and how (every winner, in order), or that the hand was drawn."""
    wins = real_wins(state)
    false = [w for w in state.wins if "false_win" in w.patterns]
    if not wins and false:  # 诈胡: the declarer paid; nobody won
        return " · ".join(i18n.t("render.false_win", locale, name=names[w.seat]) for w in false)
    if end.drawn or not wins:
        return i18n.t("render.drawn_hand", locale)
    if len(wins) > 1:  # 血战, 一炮多响: the winners in order (the result frame has the rest)
        return i18n.t("render.replay.winners", locale,
                      names=" · ".join(names[w.seat] for w in wins))
    parts = []
    for w in wins:
        how = i18n.t("render.self_drawn", locale) if w.self_drawn or w.from_seat is None \
            else i18n.t("render.on_discard", locale, name=names[w.from_seat])
        tile = tile_words(w.tile, locale) if w.tile is not None else ""
        parts.append(i18n.t("render.replay.won_on", locale, name=names[w.seat], tile=tile,
                            how=how))
    return " · ".join(parts)


def result_image(state: HandState, end: HandEnded, names: Sequence[str],
                 locale: object) -> Image.Image:
    """The settlement picture, scaled to fit the table's square and centred on it (on the
    square's own felt: only what the settlement draws is copied, so no seam shows where its
    felt would end)."""
    img = settlement_image(settlement_of(state, end, names, locale), locale)
    drawn = ImageChops.difference(img, canvas(img.width, img.height)).convert("L")
    mask = drawn.point(lambda v: 255 if v > 2 else 0)
    scale = min(1.0, TABLE_SIZE / img.width, TABLE_SIZE / img.height)
    if scale < 1.0:
        size = (round(img.width * scale), round(img.height * scale))
        img = img.resize(size, Image.Resampling.LANCZOS)
        mask = mask.resize(size, Image.Resampling.LANCZOS)
    out = canvas(TABLE_SIZE, TABLE_SIZE)
    out.paste(img, ((TABLE_SIZE - img.width) // 2, (TABLE_SIZE - img.height) // 2), mask)
    return out
