"""The Hefei 合肥 family: Guangdong 鸡平胡 on the 108 tiles, with 八枝 and 断幺九.

Every hand is scored as ``guangdong`` scores it (:func:`engine.family.guangdong.score_hand`:
the preset's table holds ``all_simples``, 断幺九, which that scorer counts inside the cap
like 平胡); a hand wins only with at least ``EIGHT`` tiles of one suit, melds included and a
kong counted as four (八枝, ``docs/rules/hefei.md``). No honours are in the set, so the only
addition is 自摸.

The table shows the dealer's throw of two dice and the wall and stack where dealing began
(:meth:`HefeiFamily.table_marks`, the mark ``deal_dice``) and, under a player's hand, the
tiles of each suit (``one_suit_need``).

Computer players read 八枝 through the family: ``ready_waits_checked`` (a complete shape need
not win), :meth:`HefeiFamily.pattern_possible` (the claim check and the hand's own check) and
:meth:`HefeiFamily.suit_targets` (sets and a pair kept to two suits, where eight of one
comes easily).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.family.guangdong import GuangdongFamily, score_hand
from engine.family.protocol import Mark
from engine.indicator import hand_dice
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import Score, WinContext

if TYPE_CHECKING:
    from engine.hand.state import HandState

EIGHT: Final = 8  # 八枝: tiles of one suit a winning hand needs


def suit_tiles(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Tiles of each suit (m p s) in the hand, melds included and a kong as four."""
    suits = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    for m in melds:
        for t in m.tiles:
            if t < 27:
                suits[t // 9] += 1
    return suits


def eight_of_a_suit(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """八枝: at least eight tiles of one suit (melds included, a kong as four)."""
    return max(suit_tiles(counts, melds)) >= EIGHT


class HefeiFamily(GuangdongFamily):
    id = "hefei"
    ready_waits_checked = True  # a complete shape without eight of one suit is no win
    one_suit_need = EIGHT  # the hand picture and text count each suit under the hand

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
        if not eight_of_a_suit(counts, melds):
            return None
        return score_hand(rules, counts, wild, melds, win_tile, win_is_wild, ctx)

    def pattern_possible(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> bool:
        return eight_of_a_suit(counts34, melds)

    def pattern_facts(
        self, rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
    ) -> Any:
        return tuple(suit_tiles(counts34, melds))

    def pattern_possible_on(self, rules: Rules, facts: Any, tile: int) -> bool:
        suits: tuple[int, ...] = facts
        return any(n + (tile < 27 and tile // 9 == s) >= EIGHT for s, n in enumerate(suits))

    def suit_targets(self, rules: Rules) -> tuple[tuple[str, float, tuple[int, ...], bool], ...]:
        # a plain hand of two suits (a chicken or 平胡, 断幺九 often with it): 八枝 comes
        # with most of them
        return tuple(
            (f"two_suits:{'mps'[a]}{'mps'[b]}", 2.0, (a, b), False)
            for a, b in ((0, 1), (0, 2), (1, 2))
        )

    def instant_wins(self, rules: Rules) -> bool:
        return False

    def table_marks(self, rules: Rules, hand: HandState) -> tuple[Mark, ...]:
        """The dealer's throw (掷骰, once): the total counts seats from the dealer to the wall
        where dealing starts, the smaller die the stack. Drawn from the hand's seed (the wall
        is shuffled, so the throw decides nothing): the same seed, the same throw."""
        return (("deal_dice", hand_dice(hand.seed, hand.given_dice, "deal")),)
