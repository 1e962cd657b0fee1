"""Pattern ids renamed since logs were first written, so that across families one id names
one thing: Guobiao's 和绝张 was ``last_tile``, which every other game uses for 海底捞月; it
is ``last_of_kind`` now (the name ``evaluate``'s situation already had).

A stored log (a table kept in a bot's database, a ``simulate --log`` file) is read through
:func:`upgrade_events`, which gives its wins the current ids; the game's own family decides,
so Beijing's ``last_tile`` stays 海底捞月.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final

from engine.events import Event, HandStarted, MatchStarted, Won

# (family id, old pattern id) -> the id it has now
PATTERN_RENAMES: Final[dict[tuple[str, str], str]] = {
    ("guobiao", "last_tile"): "last_of_kind",
}
_RENAMING_FAMILIES: Final = frozenset(f for f, _ in PATTERN_RENAMES)


def _family(preset: str) -> str | None:
    from engine.family import family_of
    from engine.rules import RulesError, get_rules

    try:
        return family_of(get_rules(preset)).id
    except (RulesError, KeyError, ValueError):
        return None  # an unknown preset: the replay says so


def upgrade_events(events: Iterable[Event]) -> list[Event]:
    """``events`` with every win's patterns under their current ids."""
    family: str | None = None
    out: list[Event] = []
    for ev in events:
        if isinstance(ev, (MatchStarted, HandStarted)):
            family = _family(ev.rules)
        elif isinstance(ev, Won) and family in _RENAMING_FAMILIES:
            renamed = tuple(PATTERN_RENAMES.get((family, p), p) for p in ev.patterns)
            if renamed != ev.patterns:
                ev = dataclasses.replace(ev, patterns=renamed)
        out.append(ev)
    return out
