"""The fields of :class:`engine.rules.Rules` every game reads: identity, table, winning, paying
and the match (the options of one game or family of games are in :mod:`engine.rule_options`).

A field made with :func:`_opt` is a lobby option: its metadata documents it (what it does,
the values it accepts, whether it is offered by the games that name it only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# how a hand's joker kinds are chosen (engine.jokers): the first ``wildcards`` flowers, none,
# the kind after an indicator (with the dragon cycle, or a dragon/flower pointing at East), or
# the White dragons; the next kind but never 红中 (Yangzhou's 赖子, ``next_no_red``); the
# turned tile's own kind (or, with ``joker_next``, the next in the 九一 / 东南西北中发白 cycle: Fujian's 活动百搭 and 带弟百搭); the five kinds of a window around
# the turned tile (Philippine 窗百搭)
JokerRule = Literal[
    "flowers", "none", "next", "next_east", "white", "next_no_red", "turned", "window"
]
MultipleWinners = Literal["biggest", "order", "all"]
DealerRotation = Literal["winner", "standard"]
ReserveMode = Literal["keeps_size", "fixed_end", "grows_with_kongs"]
# where a hand's indicator tile is turned (engine.indicator): none; by the dealer's dice, counted
# from the tail end, left in the wall face up (Shanghai); the first tile of the replacement end,
# kept out of play (Beijing's 惠坯); the next live tile after the deal, kept out (Quzhou)
IndicatorSource = Literal["none", "dice", "tail", "head"]


def _opt(
    default: Any,
    doc: str,
    choices: tuple[Any, ...] | None = None,
    *,
    scoped: bool = False,
) -> Any:
    """A lobby option: a dataclass field whose metadata documents it.

    ``scoped``: offered only by presets that name it in ``house_options`` (an option of one
    game, such as Quzhou's ``mode``); the others are offered by every preset that does not
    list its own. Its names in three languages are player-facing text: ``i18n.options``."""
    return field(
        default=default,
        metadata={"option": True, "doc": doc, "choices": choices, "scoped": scoped},
    )


@dataclass(frozen=True, slots=True)
class RulesCore:
    # -- identity (not options) ------------------------------------------------------------
    id: str  # its names are player-facing text: i18n.presets
    family: str  # a key of the engine.family registry
    # pattern id -> value: a multiple of the unit (heyuan) or fan (guangdong).
    # A value of 0 in heyuan means "not a win on its own" (正百搭's chicken).
    pattern_values: tuple[tuple[str, int], ...] = ()
    # situation / bonus id -> value (heyuan multipliers; guangdong fan additions)
    bonus_values: tuple[tuple[str, int], ...] = ()
    joker: JokerRule = "flowers"
    # the table sizes the preset is played with: (players, the tiles each is dealt, the rules
    # fields that count changes); the first is the default. Sichuan's 成都 tables go from 2
    # to 7 (docs/rules/sichuan.md, "Other table sizes"); every other preset seats four
    seat_forms: tuple[tuple[int, int, tuple[tuple[str, Any], ...]], ...] = ((4, 13, ()),)
    players: int = _opt(
        4,
        "Players at the table (the preset's page says which counts it plays and what "
        "changes with them: tiles dealt, calls, 定缺, 换三张).",
        (2, 3, 4, 5, 6, 7), scoped=True,
    )
    hand_size: int = _opt(
        13,
        "Tiles each player is dealt (the dealer one more): a winning hand is (hand_size - 1) "
        "/ 3 sets and a pair. The player count sets it; evaluate reads any of them.",
        (4, 7, 10, 13, 16), scoped=True,
    )

    # -- table ------------------------------------------------------------------------------
    wildcards: int = _opt(
        0,
        "How many flowers are wildcards: 8 (all), 4 (春夏秋冬 only) or 0.", (0, 4, 8),
    )
    bonus_flowers: bool = _opt(
        False,
        "Play with the 8 flowers as bonus tiles, each replaced from the tail on draw (补花); "
        "they score only where the game counts them (Guobiao's 花牌, 1 fan each). Only where "
        "flowers are not wildcards.", (False, True),
    )
    honours: bool = _opt(True, "Play with the 28 honour tiles.", (True, False))
    # the 36 万 tiles are in the set (off: the 100-tile game, 筒 条 and the honours)
    characters: bool = True
    # tiles kept back at the end of the wall (never drawn) and how kongs treat them
    # (engine.wall): a preset sets them, or offers them as an option (Taiwan's 鐵八墩)
    reserve: int = _opt(
        0,
        "Tiles kept back at the end of the wall, never drawn: the hand is drawn when only "
        "they are left (Taiwan: 16, the 8 stacks of 鐵八墩; 0: the whole wall is played).",
        (16, 0), scoped=True,
    )
    reserve_mode: ReserveMode = "keeps_size"
    chow: bool = _opt(
        False, "Chow (吃) on the discard of the player before you.", (False, True)
    )

    # -- winning ----------------------------------------------------------------------------
    self_draw_only: bool = _opt(
        False, "Wins only by self-draw; no win on a discard.",
        (False, True),
    )
    multiple_winners: MultipleWinners = _opt(  # noqa: RUF009 (a field with metadata)
        "biggest",
        "biggest: 截胡, only the biggest hand wins (a tie goes to the first in turn order after "
        "the discarder); order: the first in turn order wins; all: every claimant wins (一炮多响).",
        ("biggest", "order", "all"),
    )
    robbing_kong: bool = _opt(
        True,
        "Win on the tile another player adds to an exposed pong; only where discard wins are on. "
        "The robbed player pays the whole win.", (True, False),
    )
    pass_win_lock: bool = _opt(
        True,
        "After passing a win on a discard, no win on any discard until one's own next draw "
        "(and, where the game's page says so, one's own chow, pong or kong: 动牌).",
        (True, False),
    )
    # what lifts 过胡 besides one's next draw: any call of one's own (动牌: Guangdong, and
    # Beijing and Guobiao, whose pages are silent), or nothing (Heyuan, Changsha's 漏和,
    # Baoding, Sichuan, Quzhou: "until your next draw"); hands of revision 1 were played with every call
    # lifting it (engine.hand.fold)
    pass_win_lock_calls: bool = True
    pass_pong_lock: bool = _opt(
        True,
        "After passing a pong, no pong of that kind again before one's own next discard.",
        (True, False),
    )
    # what lifts 过碰: one's own next discard (Heyuan's page; Shanghai's "until you have drawn
    # or called" comes to the same, a call being followed by one's discard), or one's own next
    # draw only (Quzhou: "no pong of that kind until your next draw", so a pong of another
    # kind and its discard keep it); hands before revision 3 lifted it at one's discard in
    # every game (engine.hand.fold)
    pass_pong_lock_draw: bool = False
    chicken_wins: bool = _opt(
        True,
        "A complete hand with no pattern may win (正百搭: off, ×1 when on).", (True, False),
    )
    seven_pairs: bool = _opt(
        False,
        "Seven pairs is a winning form (four of a kind counts as two pairs).", (False, True),
    )
    seven_pairs_value: int = _opt(
        4,
        "What seven pairs is worth: a multiple in Heyuan, fan in Guangdong.", (1, 2, 4),
    )
    four_wilds_win: bool = _opt(
        False,
        "Four wildcards in hand after a draw are an instant win, paid as a self-draw "
        "(13 in 正百搭, 4 in 鸡胡百搭).", (False, True),
    )
    no_wilds_bonus: bool = _opt(
        True,
        "A winning hand without any wildcard doubles (无保 ×2).", (True, False),
    )
    min_fan: int = _opt(
        0, "The fewest fan a hand needs to win (Guangdong).", (0, 1, 3)
    )
    fan_cap: int = _opt(
        3, "Hands inside the cap (爆胡) score at most this many fan.", (3, 4)
    )

    # -- paying -----------------------------------------------------------------------------
    unit: int = _opt(
        1, "The smallest chicken hand, in chips: every value is a multiple.",
        None,
    )
    kong_unit: int = _opt(1, "The kong payment unit, in chips.", None)
    discarder_pays_all: bool = _opt(
        False,
        "On a discard win the discarder pays what all three others would pay on a self-draw.",
        (False, True),
    )
    kongs_paid_on_draw: bool = _opt(
        False, "Kong payments stand even when the hand is drawn.",
        (False, True),
    )
    # what a concealed kong costs each other player, in kong units, where kongs are paid (the
    # 100-tile game: 2)
    concealed_kong_units: int = 1
    kong_payments: bool = _opt(
        True,
        "Kongs are paid: concealed and added b from each other player, exposed 3b from the "
        "discarder.", (True, False),
    )
    horses: int = _opt(
        0,
        "After a win, this many tiles from the end of the wall are turned; each in the winner's "
        "seat set pays the winner one more unit from every payer.", (0, 2, 4, 6),
    )

    # -- match ------------------------------------------------------------------------------
    dealer_rotation: DealerRotation = _opt(  # noqa: RUF009 (a field with metadata)
        "winner",
        "winner: the winner deals next, the dealer stays on a draw; standard: the dealer stays "
        "on a dealer win or a draw, else the next seat deals.", ("winner", "standard"),
    )
    hands: int = _opt(
        8,
        "A game is this many hands (0: play whole rounds of winds instead).", (0, 4, 8, 16),
    )
    rounds: int = _opt(
        1,
        "Rounds of winds per game when hands is 0 (every seat deals once per round).", (1, 2, 4),
    )

