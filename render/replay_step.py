"""One frame of a replay, drawn alone: the step-by-step buttons show frame ``n`` of a hand
without drawing the other hundred (``render.replay.replay_frames`` draws them all, for the
animation).

The frames and their numbering are exactly those of ``replay_frames``: the deal, one frame per
discard, call, kong and win, and a last frame with every hand open. Only that last frame shows
concealed tiles; every earlier one is the table's public view at that moment.
"""

from __future__ import annotations

from collections.abc import Sequence

import i18n
from engine.events import Called, Discarded, Event, HandEnded, HandStarted
from engine.hand import HandState
from render.draw import canvas
from render.replay import Frame, _caption, _open_hands, _table
from render.table import table_image
from render.views import RenderError, TableView


def _shots(
    events: Sequence[Event], names: Sequence[str], viewer: int, locale: object
) -> tuple[list[tuple[str, TableView]], HandState, int | None]:
    """(caption, public view) of every frame before the last, and the state at the end."""
    if not events or not isinstance(events[0], HandStarted):
        raise RenderError("a replay starts with the hand's hand_started event")
    if not isinstance(events[-1], HandEnded):
        raise RenderError("only a finished hand can be replayed (it shows every hand at the end)")
    state = HandState.from_events(events[:1])
    shots: list[tuple[str, TableView]] = []
    last: int | None = None
    for ev in events[1:]:
        if ev.decision and not shots:
            shots.append((i18n.t("render.replay.deal", locale), _table(state, names, viewer, None)))
        state.apply(ev)
        if isinstance(ev, Discarded):
            last = ev.seat
        elif isinstance(ev, Called):
            last = None
        caption = _caption(ev, names, locale)
        if caption is not None:
            shots.append((caption, _table(state, names, viewer, last)))
    return shots, state, last


def frame_count(events: Sequence[Event]) -> int:
    """How many frames the replay of this hand has (the last one opens the hands)."""
    shots, _, _ = _shots(events, ["", "", "", ""], 0, "en")
    return len(shots) + 1


def replay_frame(
    events: Sequence[Event],
    step: int,
    names: Sequence[str] | None = None,
    *,
    viewer: int = 0,
    locale: object = "en",
) -> Frame:
    """Frame ``step`` (1-based, clamped to the hand's frames) of the hand's replay."""
    if names is None:
        names = [i18n.t("render.replay.seat", locale, n=s + 1) for s in range(4)]
    shots, state, last = _shots(events, names, viewer, locale)
    total = len(shots) + 1
    step = max(1, min(step, total))
    if step < total:
        caption, view = shots[step - 1]
        return Frame(caption, table_image(view, locale), step, total)
    end = events[-1]
    assert isinstance(end, HandEnded)
    caption = i18n.t("render.drawn_hand", locale) if end.drawn else i18n.t(
        "render.replay.end", locale)  # fmt: skip
    table = table_image(_table(state, names, viewer, last), locale)
    hands = _open_hands(state, names, locale)
    both = canvas(table.width, table.height + hands.height)
    both.paste(table, (0, 0))
    both.paste(hands, (0, table.height))
    return Frame(caption, both, total, total, final=True)
