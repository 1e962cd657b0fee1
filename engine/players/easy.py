"""The ``easy`` player: aims at the preset's paying patterns like the others, but plays like
a casual human — counts only its own tiles, never reads the table for danger, sometimes
throws one of its next-best tiles instead of the best, and gets some calls wrong (takes a
pong it should not, misses one it should)."""

from __future__ import annotations

from engine.players.planner import Planner, Style


class EasyPlayer(Planner):
    style = Style(visible=False, defence=0.0, slip=0.3, slip_width=4, call_whim=0.25)
