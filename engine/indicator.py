"""The indicator tile: where it is turned, and the dice that choose it.

Games whose joker is "the kind after a turned tile" (Shanghai 百搭, Beijing 惠牌, Quzhou 财神)
turn the indicator right after the deal, before any 补花, as an automatic event
(:class:`engine.events.IndicatorTurned`) that everyone sees. Its place follows from the
preset (``rules.indicator_source``) and the committed wall alone, so the wall commitment
published at hand start already fixes it:

* ``dice`` (Shanghai): the dealer throws two dice (:func:`throw_dice`, drawn from the hand's
  seed, so the commitment covers them too). The wall is broken where the throw says: the
  dice total counts seats from the dealer, and as many stacks are left on the tail side of
  that seat's wall; counting on from there into the next seat's wall, the smaller die's
  number of tiles gives the indicator. In the engine's linear wall that is the tile
  ``2 × total + smaller`` places from the tail end. It stays in the wall, face up, and is
  drawn in its turn like any other tile.
* ``tail`` (Beijing 惠坯): the first tile of the replacement end; it stays on the table, out
  of play, and replacements start from the tile after it.
* ``head`` (Quzhou): the next tile of the live wall; it stays out of play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.events import IndicatorTurned

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.rules import Rules


def throw_dice(seed: str) -> tuple[int, int]:
    """The dealer's two dice for a hand (from its seed: the same seed, the same throw)."""
    rng = random.Random(f"{seed}/dice")
    return rng.randint(1, 6), rng.randint(1, 6)


def hand_dice(seed: str, given: tuple[int, ...] = (), purpose: str = "") -> tuple[int, ...]:
    """The dice a hand reads (``purpose``: "" for the indicator, "exchange" for 换三张): the
    throw it was started with (``HandStarted.given_dice``), else one drawn from its seed."""
    if given:
        return given
    return throw_dice(f"{seed}/{purpose}" if purpose else seed)


def check_dice(dice: object) -> str | None:
    """Why ``dice`` are no throw of two dice (None: they are)."""
    if (
        not isinstance(dice, tuple)
        or len(dice) != 2
        or not all(type(d) is int and 1 <= d <= 6 for d in dice)
    ):
        return f"dice are two whole numbers from 1 to 6, not {dice!r}"
    return None


def dice_offset(dice: tuple[int, ...]) -> int:
    """How many places from the tail end the dice put the indicator (1 = the last tile)."""
    a, b = dice
    return 2 * (a + b) + min(a, b)


def turned(
    rules: Rules, seed: str, tiles_len: int, head: int, tail: int, given: tuple[int, ...] = ()
) -> IndicatorTurned:
    """The indicator event of a hand just dealt (``head`` and ``tail`` of the wall then;
    ``given``: the dice the hand was started with, if any)."""
    source = rules.indicator_source
    dice: tuple[int, ...] = ()
    if source == "dice":
        dice = hand_dice(seed, given)
        index = tail - dice_offset(dice)
    elif source == "tail":
        index = tail - 1
    elif source == "head":
        index = head
    else:
        raise ValueError(f"{rules.id} turns no indicator")
    if not head <= index < tail or index >= tiles_len:
        raise ValueError("the indicator would fall outside the wall")
    return IndicatorTurned(tile=-1, index=index, dice=dice)


def indicator_event(h: HandState) -> IndicatorTurned:
    """The ``IndicatorTurned`` due in ``h`` (the deal is done, nothing else has moved)."""
    w = h.wall
    ev = turned(h.rules, h.seed, len(w.tiles), w.head, w.tail, h.given_dice)
    return IndicatorTurned(tile=w.tiles[ev.index], index=ev.index, dice=ev.dice)


def removed(rules: Rules) -> bool:
    """Whether the turned indicator leaves play (Beijing, Quzhou) or stays in the wall."""
    return rules.indicator_source in ("tail", "head")
