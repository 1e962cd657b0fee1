"""Hand analysis with wildcards: shanten, completeness, waits, discard choices.

``counts`` is a length-34 sequence of the natural concealed tiles by kind
(wildcards removed, flowers never in it); ``wilds`` the wildcards among the
concealed tiles; ``melds`` the exposed melds and kongs (each is one set done).
A 13-tile hand has ``sum(counts) + wilds + 3 * melds == 13``, a 14-tile one 14.
Shanten: -1 complete, 0 ready. Bad input raises ``AnalysisError`` (a ValueError).
See ``hand.py`` for the method (the public calls; ``reading.py``, ``forms.py``,
``discards.py`` and ``wide.py`` hold its parts) and ``build.py`` / ``tables.py`` for the
tables; ``KeptHand`` (``kept.py``) answers the same for a hand changed a tile at a time,
without reading its counts again; ``ranking.py`` ranks the greedy player's discards.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.analysis.hand import (
        AnalysisError,
        DiscardOption,
        acceptance,
        discard_masks,
        discard_options,
        is_complete,
        mask_kinds,
        shanten,
        shanten_of_keys,
        shanten_seven_pairs,
        shanten_standard,
        shanten_thirteen_orphans,
        waits,
        waits_mask,
        waits_of_keys,
    )
    from engine.analysis.kept import KeptHand
    from engine.analysis.ranking import (
        rank,
        unseen_counts,
        unseen_planes,
        widest_discards,
        widest_of_keys,
        widest_of_unseen,
    )

__all__ = [
    "AnalysisError",
    "DiscardOption",
    "KeptHand",
    "acceptance",
    "discard_masks",
    "discard_options",
    "is_complete",
    "mask_kinds",
    "rank",
    "shanten",
    "shanten_of_keys",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "unseen_counts",
    "unseen_planes",
    "waits",
    "waits_mask",
    "waits_of_keys",
    "widest_discards",
    "widest_of_keys",
    "widest_of_unseen",
]

# the names of ranking.py (the rest are hand.py's)
_RANKING = (
    "rank",
    "unseen_counts",
    "unseen_planes",
    "widest_discards",
    "widest_of_keys",
    "widest_of_unseen",
)


def load() -> None:
    """Import the analysis now (its tables are read at import, ~60 ms without a bytecode
    cache) rather than at the first use of one of its names, e.g. a computer player's
    first decision in the middle of a game."""
    for module in ("engine.analysis.hand", "engine.analysis.ranking"):
        importlib.import_module(module)


def __getattr__(name: str) -> Any:
    # loaded on first use, so that ``python -m engine.analysis.build`` can run before the
    # tables it writes exist
    if name in __all__:
        module = "engine.analysis.ranking" if name in _RANKING else "engine.analysis.hand"
        if name == "KeptHand":
            module = "engine.analysis.kept"
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'engine.analysis' has no attribute {name!r}")
