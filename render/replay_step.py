"""One frame of a replay, drawn alone: the step-by-step buttons show frame ``n`` of a hand
without drawing the other hundred (``render.replay.replay_frames`` draws them all, for the
animation).

The frames and their numbering are exactly those of ``replay_frames``: the deal, one frame per
discard, call, kong and win, then the table with every hand open and the hand's result. Only
those last two show concealed tiles; every earlier one is the table's public view at that
moment.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from render.replay import (
    FINAL_FRAMES,
    Frame,
    default_names,
    final_frame,
    seat_count,
    shots,
)
from render.table import table_image


def frame_count(events: Sequence[Event]) -> int:
    """How many frames the replay of this hand has (the last two open the hands, then the
    result)."""
    taken, _, _ = shots(events, ["", "", "", ""], 0, "en")
    return len(taken) + FINAL_FRAMES


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
        names = default_names(locale, seat_count(events))
    taken, state, last = shots(events, names, viewer, locale)
    total = len(taken) + FINAL_FRAMES
    step = max(1, min(step, total))
    if step <= len(taken):
        caption, view = taken[step - 1]
        return Frame(caption, table_image(view, locale), step, total)
    return final_frame(step - len(taken) - 1, events, state, last, names, viewer, locale, step,
                       total)
