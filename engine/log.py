"""The event log: one JSON object per line (JSON Lines), a match or a single hand.

``dumps_log`` / ``loads_log`` convert; ``replay_log`` rebuilds the state while
checking every event and raises :class:`LogError` naming the first bad line.
Pure: reading and writing files is the CLI's business (``engine/cli``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.events import Event, EventError, HandStarted, MatchStarted, event_from_line
from engine.hand import HandState, ReplayError, replay_events
from engine.match import Match, replay_match
from engine.renames import upgrade_events


class LogError(ValueError):
    """A log line that cannot be read or replayed; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def dumps_log(events: Iterable[Event]) -> str:
    return "".join(ev.dumps() + "\n" for ev in events)


def loads_log(text: str) -> list[Event]:
    """Parse JSON Lines into events (blank lines skipped); LogError on the first bad line.

    Events keep their line numbers implicitly only when there are no blank lines;
    ``replay_log`` reports lines counted in the parsed list plus skipped blanks.
    """
    return [ev for _, ev in _numbered(text)]


def _numbered(text: str) -> list[tuple[int, Event]]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append((n, event_from_line(line)))
        except EventError as exc:
            raise LogError(n, str(exc)) from None
    # a log written before a pattern id was renamed reads with the current ids
    upgraded = upgrade_events(ev for _, ev in out)
    return [(n, ev) for (n, _), ev in zip(out, upgraded, strict=True)]


def replay_log(text: str) -> Match | HandState:
    """Replay a match log (or a single hand's log) checking every event.

    Returns the final Match (or HandState); LogError names the first line that is
    unreadable, illegal or inconsistent with what the engine would have done.
    """
    numbered = _numbered(text)
    if not numbered:
        raise LogError(1, "the log is empty")
    events: Sequence[Event] = [ev for _, ev in numbered]
    try:
        if isinstance(events[0], MatchStarted):
            return replay_match(events)
        if isinstance(events[0], HandStarted):
            return replay_events(events)
    except ReplayError as exc:
        raise LogError(numbered[exc.index][0], exc.message) from None
    raise LogError(numbered[0][0], "a log starts with match_started or hand_started")
