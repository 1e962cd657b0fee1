"""The ``hard`` player: a strong local player.

- Discards by every paying target's distance and acceptance counted against all visible
  tiles, wildcards kept unless throwing one is clearly better (or the only safe tile).
- Calls (pong, kong, chow) only when the hand's worth rises.
- Declines a small win early in the hand when a much bigger one is near and no one looks
  ready (where the preset pays for the difference).
- Defends: weighs each discard's chance of dealing in to a seat that looks ready (many
  melds, a late hand) — tiles seen safe first, away from the suit that seat collects.
"""

from __future__ import annotations

from engine.players.planner import Planner, Style


class HardPlayer(Planner):
    style = Style(visible=True, defence=1.0, decline=True, claim_margin=0.1)
