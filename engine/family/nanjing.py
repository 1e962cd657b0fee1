"""The Nanjing 南京 family: Guangdong 鸡平胡 with 20 bonus tiles (the 8 flowers and the 12
dragons), flower points and the dice thrown twice.

A hand is scored as ``guangdong`` scores it (the preset's table has no dragon hands: no
dragon is ever held); with ``flower_points`` each flower the winner set aside adds 1 to
every payment, after 2^fan, listed as the id ``flowers`` once per flower. The dice are two
throws read from the hand's seed (:func:`engine.indicator.hand_dice`): the dealer's total
counts seats from the dealer (dealer 1) to the player who throws again, and that throw is how
many stacks of that player's wall are skipped before dealing starts. They are facts of the
table (``table_marks``: ``dice``, ``dice_again``, ``deal_start``); the engine's wall is
shuffled as a line, so where dealing starts does not change the tiles' order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.family.guangdong import GuangdongFamily
from engine.family.protocol import Mark
from engine.indicator import hand_dice
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import Score, WinContext

if TYPE_CHECKING:
    from engine.hand.state import HandState

FLOWERS_ID = "flowers"


def two_throws(seed: str, given: tuple[int, ...], dealer: int, players: int
               ) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """(the dealer's throw, the second throw, the seat that threw it, the stack dealing
    starts at in that seat's wall, counted from its right end)."""
    first = hand_dice(seed, given)
    second = hand_dice(seed, (), "again")
    thrower = (dealer + sum(first) - 1) % players
    return first, second, thrower, sum(second) + 1


class NanjingFamily(GuangdongFamily):
    id = "nanjing"

    def score(
        self,
        rules: Rules,
        counts: list[int],
        wild: int,
        melds: Sequence[Meld],
        win_tile: int,
        win_is_wild: bool,
        ctx: WinContext,
    ) -> Score | None:
        base = super().score(rules, counts, wild, melds, win_tile, win_is_wild, ctx)
        if base is None or not rules.flower_points or not ctx.flowers:
            return base
        return dataclasses.replace(
            base, points=base.points + ctx.flowers,
            patterns=(*base.patterns, *(FLOWERS_ID,) * ctx.flowers),
        )  # fmt: skip

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = {**rules.patterns, **rules.bonuses, FLOWERS_ID: 1}
        return [(p, values.get(p, 0)) for p in patterns]

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        first, second, thrower, stack = two_throws(
            hand.seed, hand.given_dice, hand.dealer, hand.players
        )
        return (
            ("hua", tuple(len(st.flowers) for st in hand.seats)),
            ("dice", first),
            ("dice_again", second),
            ("deal_start", (thrower, stack)),
        )
