"""The turned-tile joker games on Guangdong's table: Fujian 活动百搭 / 带弟百搭 (``fujian``)
and the Philippine window joker 窗百搭 (``philippine``).

Every hand is scored as ``guangdong`` scores it, jokers included (the reading that pays
most). What is their own is which kinds are wild (``engine.jokers``: the joker rules
``turned`` and ``window``, read from the tile the tail turns, ``engine.indicator``) and,
in Fujian, the 白板 that stand in for the wild kind (:func:`engine.jokers.stand_in`): the
engine counts them as that kind wherever a hand is read. The families exist apart so that
their rules sheets and table pictures speak of their own joker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.family.guangdong import GuangdongFamily
from engine.family.protocol import Mark
from engine.rules import Rules

if TYPE_CHECKING:
    from engine.hand.state import HandState


class FujianFamily(GuangdongFamily):
    id = "fujian"

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        """The kind every 白板 stands for, once the tile is turned (the table's 白板 = 5m)."""
        return (("stand_in", (hand.stand_in,)),) if hand.stand_in is not None else ()


class PhilippineFamily(GuangdongFamily):
    id = "philippine"
