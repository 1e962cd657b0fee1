"""Options on several presets (docs/rules/variants.md, section 9): the seed's 宝牌 and
the other options carried from the Japanese and American games to the Chinese presets.

Each is a scoped :class:`engine.rules.Rules` field; :data:`OFFERED` says which presets offer
it (the page's table), so a preset's lobby lists it without the preset module naming it.
:data:`QUIET` holds the value games had before the option existed: a log records it only
when a table changes it (so stored logs keep their hashes)."""

from __future__ import annotations

from typing import Any, Final

# option -> the presets whose lobby offers it
OFFERED: Final[dict[str, frozenset[str]]] = {
    "lizhi": frozenset(
        {"guangdong", "fujian", "philippine", "nanjing", "jiangnan", "hefei", "hundred",
         "yangzhou"}
    ),
    "charleston": frozenset(
        {"guangdong", "fujian", "philippine", "nanjing", "jiangnan", "hefei", "hundred",
         "yangzhou"}
    ),
    "dora": frozenset(
        {"guangdong", "fujian", "philippine", "nanjing", "jiangnan", "hefei", "hundred",
         "yangzhou"}
    ),
}

# option -> its value in every game logged before it was offered
QUIET: Final[dict[str, Any]] = {
    "lizhi": 0, "charleston": "off", "dora": False, "joker_sets": False
}


def shared_for(preset: str) -> tuple[str, ...]:
    """The shared options ``preset`` offers, in the order of :data:`OFFERED`."""
    return tuple(name for name, ids in OFFERED.items() if preset in ids)


# 宝牌: where the indicator lies, counted from the tail end of the wall after the preset's own
# turned tile: the upper tile of the third stack (stacks of two, the upper taken first)
DORA_FROM_TAIL: Final = 5
