"""Japanese riichi scoring (rule page ``riichi.md``): han, fu, yaku, limits and payments,
equal to the reference library ``mahjong`` 2.1.0's ``HandCalculator`` with the page's
settings (the differential test ``tests/engine/riichi/test_reference.py`` holds them equal).

- :mod:`engine.riichi.yaku` — the yaku table (ids, han closed / open), in the library's order;
- :mod:`engine.riichi.divide` — every reading of a hand as blocks, in the library's order;
- :mod:`engine.riichi.score` — :func:`score_riichi`: the best reading's yaku, fu and han;
- :mod:`engine.riichi.payments` — what a han / fu pays (mangan … six yakuman);
- :mod:`engine.riichi.notation` — tile notation with the red fives ``0m 0p 0s``;
- :mod:`engine.riichi.evaluate` — the ``evaluate`` lines of the ``riichi`` preset;
- :mod:`engine.riichi.samples` — seeded random winning hands (the differential test, the bench).

Pure: no import of the library here; it is a test and bench dependency only.
"""

from __future__ import annotations

from engine.riichi.hand import RiichiScore, RiichiWin
from engine.riichi.score import dora_of, score_riichi

__all__ = ["RiichiScore", "RiichiWin", "dora_of", "score_riichi"]
