"""The 💡 button: what a learner wants to know about their hand right now.

Built on ``engine.advice``: the shanten, the tiles that improve the hand (or, when it is ready,
its legal waits) with how many of each the player has not seen, and — on their turn — the
suggested discard with a one-line reason. "Seen" is what the player can see: their own tiles,
every discard, the other seats' exposed melds (a concealed kong stays face down) and a turned
indicator; nothing of another player's concealed hand goes into the counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.advice import Advice, AdviceError, advise
from engine.tiles import NUM_KINDS
from i18n.bot_text import bt
from tables.errors import TableError
from tables.game import GameDriver
from tables.text import tile_label


@dataclass(frozen=True, slots=True)
class Hint:
    shanten: int  # of the hand as it is (-1: complete)
    improving: tuple[tuple[int, int], ...]  # (kind, unseen): tiles that lower the shanten
    waits: tuple[tuple[int, int], ...]  # (kind, unseen): legal winning tiles, when ready
    discard: int | None = None  # the suggested discard (on one's turn)
    after_shanten: int | None = None  # the shanten after that discard
    after_unseen: int = 0  # improving (or winning) tiles unseen after it
    after_kinds: int = 0
    claim: bool = False  # a claim window is open: the hint reads the 13 tiles held
    hand_no: int = 0  # the hand it was asked in (0-based)


def visible_counts(game: GameDriver, seat: int) -> list[int]:
    """Tiles the seat can see besides its own: every river, others' exposed melds, the
    indicator — read from the public view, which carries nothing hidden (another seat's
    concealed kong is four backs there), so no hidden fact can move a count."""
    n = len(game.hand.seats) if game.hand is not None else 4
    view = game.public_view("", names=("",) * n, computer=(False,) * n, scores=(0,) * n,
                            deadline=None, hands_total=0)
    seen = [0] * NUM_KINDS
    for s in range(len(view.rivers)):
        # face-down rivers (two-player Sichuan) hold placeholders, not tiles: nothing seen
        for t in () if view.hidden_rivers else view.rivers[s]:
            if t < NUM_KINDS:
                seen[t] += 1
        if s == seat:
            continue  # its own melds are in the hand the advice reads
        for m in view.melds[s]:
            for t in m.tiles:
                if t < NUM_KINDS:
                    seen[t] += 1
    if view.hidden_rivers and game.hand is not None:  # but one's own discards are known
        for t in game.hand.seats[seat].river:
            if t < NUM_KINDS:
                seen[t] += 1
    if view.indicator is not None and view.indicator < NUM_KINDS:
        seen[view.indicator] += 1
    return seen


def hint_for(game: GameDriver, seat: int) -> Hint:
    h = game.hand
    assert h is not None
    tiles = h.concealed(seat)
    melds = list(h.seats[seat].melds)
    try:
        a: Advice = advise(
            game.rules, tiles, melds, indicator=h.indicator, visible=visible_counts(game, seat),
            seat_wind=(seat - h.dealer) % 4, round_wind=h.round_wind % 4,
        )
    except AdviceError as exc:
        raise TableError("err.illegal", reason=str(exc)) from None
    if a.waiting:
        return Hint(a.shanten, a.improving, a.waits, claim=h.window is not None, hand_no=h.hand_no)
    best = a.options[0] if a.options else None
    if best is None:
        return Hint(a.shanten, (), (), hand_no=h.hand_no)
    pool = best.waits if best.shanten == 0 and best.waits else best.improving
    return Hint(
        a.shanten, (), (), discard=best.tile, after_shanten=best.shanten,
        after_unseen=sum(n for _, n in pool), after_kinds=len(pool), hand_no=h.hand_no,
    )


def _pairs(pairs: tuple[tuple[int, int], ...], locale: object) -> str:
    return " ".join(f"{tile_label(k, locale)}×{n}" for k, n in pairs) or "—"


def hint_text(hint: Hint, locale: object) -> str:
    """The ephemeral answer: a few short lines in the player's language."""
    lines = []
    if hint.shanten < 0:
        lines.append(bt("hint.complete", locale))
    elif hint.shanten == 0 and hint.discard is None:
        lines.append(bt("hint.ready", locale))
    else:
        lines.append(bt("hint.shanten", locale, n=hint.shanten))
    if hint.waits:
        lines.append(bt("hint.waits", locale, tiles=_pairs(hint.waits, locale)))
    elif hint.improving:
        lines.append(bt("hint.improving", locale, tiles=_pairs(hint.improving, locale),
                        n=sum(n for _, n in hint.improving)))
    if hint.discard is not None and hint.after_shanten is not None:
        if hint.after_shanten == 0:
            reason = bt("hint.reason.ready", locale, kinds=hint.after_kinds, n=hint.after_unseen)
        else:
            reason = bt("hint.reason.shanten", locale, shanten=hint.after_shanten,
                        kinds=hint.after_kinds, n=hint.after_unseen)
        lines.append(bt("hint.discard", locale, tile=tile_label(hint.discard, locale),
                        reason=reason))
    if hint.claim:
        lines.append(bt("hint.claim", locale))
    return "\n".join(lines)
