"""How far a hand is from each paying pattern, and what that is worth: the offence of the
``easy`` / ``normal`` / ``hard`` players.

A *target* is a family of winning hands the preset pays for: any complete hand (where a
chicken may win), a flush in one suit (with or without honours), all pungs, the
terminal pungs. Targets are read from the preset's pattern table (``rules.patterns``), so
the same code plays 正百搭, 鸡胡百搭 and 鸡平胡; a pattern the preset does not pay is not a
target, and in 正百搭 (where a bare chicken cannot win) only patterns are.

For each target the hand has a *need*: the fewest tiles to add so that the tiles it keeps
(inside the target's kinds) make the target's sets and pair. Wildcards fill any gap, so
``shanten = need - wilds - 1`` as in :mod:`engine.analysis`. Tiles outside the target are
simply thrown later (each draw is matched by a discard). The acceptance of a target is the
number of unseen tiles (wildcards included) that lower its need.

A discard's worth is the best target's ``value x chance of completing it before the wall
runs out`` (:func:`win_chance`), a deliberately simple model: a number of steps (shanten + 1)
each taken with the probability of drawing an accepting tile, the last one also from the
other players' discards where discard wins are allowed.

The model lives in rooms of its own: :mod:`~engine.players.targets` (the targets and the
per-suit distances), :mod:`~engine.players.chance` (:func:`win_chance`),
:mod:`~engine.players.shape_search` (the targets' shapes by search, the two-step look-ahead),
:mod:`~engine.players.shape_tables` (the same shapes read from per-suit tables),
:mod:`~engine.players.hand_worth` (a hand's worth) and :mod:`~engine.players.discard_worth`
(each discard's worth: :class:`HandView`). This module names what the players use.
"""

from __future__ import annotations

from engine.players.chance import TYPICAL_ACCEPT, Prospect, win_chance
from engine.players.discard_worth import HandView
from engine.players.shape_search import lone_wild_wait, pair_kinds_need, target_shape, two_step
from engine.players.targets import (
    ORPHAN_KINDS,
    Target,
    held_sets_out,
    honour_vector,
    need,
    pung_need,
    run_vector,
    seven_pairs_need,
    suit_vector,
    targets_for,
)

__all__ = [
    "ORPHAN_KINDS",
    "TYPICAL_ACCEPT",
    "HandView",
    "Prospect",
    "Target",
    "held_sets_out",
    "honour_vector",
    "lone_wild_wait",
    "need",
    "pair_kinds_need",
    "pung_need",
    "run_vector",
    "seven_pairs_need",
    "suit_vector",
    "target_shape",
    "targets_for",
    "two_step",
    "win_chance",
]
