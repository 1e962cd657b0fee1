"""Fujian's stand-in 白板 as the players read it: the kinds of the table as they play.

With ``white_stands_in`` every 白板 is a natural tile of the wild kind X (the engine reads
it so: :func:`engine.jokers.stand_in`), while the tiles of face X are the jokers. The players
name tiles by face and read a 白板 as a dragon; so their seat's view is given with the two
kinds swapped (:func:`swap_view`): a 白板 shows as a natural X, a tile of face X as a joker
of the kind 白, in the hand, the rivers, the melds and the legal actions alike. Their answer
is swapped back (:func:`swap_action`). Nothing changes where no 白板 stands in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.actions import Action, Chow, Discard, Kong
from engine.melds import Meld, MeldKind
from engine.tiles import WHITE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.hand.types import LegalActions
    from engine.players.base import Observation


def _t(t: int, x: int) -> int:
    return WHITE if t == x else x if t == WHITE else t


def _counts(c: Sequence[int], x: int) -> list[int]:
    out = list(c)
    out[x], out[WHITE] = c[WHITE], c[x]
    return out


def _meld(m: Meld, x: int) -> Meld:
    if m.kind is MeldKind.CHOW or (x not in m.tiles and WHITE not in m.tiles):
        return m  # a run holds no 白板 (and a joker of face X only where jokers are called)
    called = None if m.called is None else _t(m.called, x)
    return Meld(m.kind, tuple(sorted(_t(t, x) for t in m.tiles)), called, m.from_seat)


def _legal(la: LegalActions, x: int) -> LegalActions:
    def run(r: tuple[int, int, int]) -> tuple[int, int, int]:
        a, b, c = sorted(_t(t, x) for t in r)
        return (a, b, c)

    return replace(
        la,
        tile=None if la.tile is None else _t(la.tile, x),
        discards=tuple(_t(t, x) for t in la.discards),
        kongs=tuple((_t(t, x), k) for t, k in la.kongs),
        chows=tuple(run(r) for r in la.chows),
        riichi=tuple(_t(t, x) for t in la.riichi),
    )


def swap_view(obs: Observation, x: int) -> Observation:
    """``obs`` with the kinds 白板 and ``x`` (the kind every 白板 stands for) swapped."""
    return replace(
        obs,
        hand=tuple(_counts(obs.hand, x)),
        melds=tuple(tuple(_meld(m, x) for m in ms) for ms in obs.melds),
        discards=tuple(tuple(_t(t, x) for t in r) for r in obs.discards),
        legal=_legal(obs.legal, x),
        wild_kinds=frozenset(_t(k, x) for k in obs.wild_kinds),
        in_sight=bytes(_counts(obs.in_sight, x)) if obs.in_sight else obs.in_sight,
        shape=None,
        stand_in=x,
    )


def swap_action(action: Action, x: int) -> Action:
    """A player's answer to a swapped view, in the table's kinds."""
    if isinstance(action, Discard):
        return replace(action, tile=_t(action.tile, x))
    if isinstance(action, Kong) and action.tile is not None:
        return replace(action, tile=_t(action.tile, x))
    if isinstance(action, Chow):
        a, b, c = sorted(_t(t, x) for t in action.tiles)
        return replace(action, tiles=(a, b, c))
    return action
