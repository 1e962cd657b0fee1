"""Rule presets as data.

A preset is a frozen :class:`Rules`. Every option a lobby (or the ``evaluate``
command's ``options`` object) may change is a field with metadata: its zh and
en names, the values it accepts, and one line of what it does. The project's
rules documentation (``docs/rules/``) is the human form of the same data.

``family`` names the rule family (:mod:`engine.family`: Heyuan multiples, Guangdong fan,
…) that scores and settles the preset; ``pattern_values`` says what each pattern is worth
there; ``joker`` how a hand's joker kinds are chosen (:mod:`engine.jokers`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from engine.tiles import DRAGONS, FLOWERS

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


# the joker rules that read a turned indicator tile
_INDICATOR_JOKERS: Final = ("next", "next_east", "next_no_red", "turned", "window")


class RulesError(ValueError):
    """An unknown preset, an unknown option or a value an option does not accept."""


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
class Rules:
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

    # -- options of the games with an indicator joker (Shanghai, Beijing, Quzhou) -----------
    # what the preset's lobby offers (option names); empty: every option not ``scoped``
    house_options: tuple[str, ...] = ()
    # other names a preset's page gives an option's values: (option, the page's value, the
    # value it stands for), e.g. Taiwan's ``multiple_winners`` "first" for "order"
    option_aliases: tuple[tuple[str, Any, Any], ...] = ()
    # options the preset began to offer after games of it were logged, with the value its
    # games had before: written into a log only when a table changes them, so that a stored
    # log keeps its hash (Rules.options)
    quiet_options: tuple[tuple[str, Any], ...] = ()
    # imagined wild tiles every player holds besides its hand (江南's 心皇: 1): they only
    # complete a win, never meld, are never discarded; a hand of ``hand_size`` real tiles
    # reads as ``hand_size + imagined``
    imagined: int = 0
    # 排列出牌 bars a chow of a kind one discarded too (江南), not only a win
    furiten_chow: bool = False
    # where the indicator tile comes from (engine.indicator); "none" where jokers need none
    indicator: IndicatorSource = "none"
    # the three dragons are bonus tiles like the flowers: set aside and replaced (Shanghai)
    bonus_dragons: bool = False
    # jokers are only their face once discarded or called: a discarded joker may be claimed,
    # and joker tiles may go into a chow, pong or kong as their face (Shanghai)
    joker_calls: bool = False
    # thirteen orphans is a winning form (Heyuan, Guangdong); the indicator games have none
    orphans_form: bool = True
    # after a chow, that turn's discard may not be the chowed tile nor the run's far end,
    # unless the discard leaves a single tile (Shanghai)
    chow_discard_ban: bool = False
    # no chow or pong of the kind one discarded oneself until one's next draw or call (Shanghai)
    own_discard_lock: bool = False
    # a seat with a meld claimed from a discard wins by self-draw only (Beijing)
    discard_win_concealed: bool = False
    # holding this many jokers (0: no such rule), a seat wins by self-draw only (Beijing: 3)
    joker_self_draw: int = 0
    # 烧庄: the dealer pays when all three others follow its discards round after round
    burn_dealer: bool = False
    # 互包: this many chows and pongs from one player bind the two (0: no such rule)
    bind_calls: int = 0
    mode: str = _opt(
        "latahu",
        "latahu (邋遢胡): every hand of the table wins and the last 7 stacks are kept back; "
        "duanzi (段子): a plain 邋遢胡 (no 混一色 or 清一色) and 乱百搭 cannot win, the wall is "
        "played out, and a drawn hand costs the dealer 1 to each other player (the dealer stays).",
        ("latahu", "duanzi"), scoped=True,
    )
    reserve_stacks: int = _opt(
        7,
        "Stacks (two tiles each) at the end of the wall never drawn: kong replacements come "
        "from the tail and the reserve keeps its size; the hand is drawn when only they are "
        "left (邋遢胡 mode).",
        (7, 17), scoped=True,
    )
    caishen: str = _opt(
        "next",
        "next: a tile is turned after the deal and the next kind is the 财神 (suited n → n+1, "
        "9 → 1; E → S → W → N → E; 中 → 发 → 白 → 中); white: the four 白板 are the 财神, with "
        "no indicator.",
        ("next", "white"), scoped=True,
    )
    laizi: bool = _opt(
        False,
        "红中赖子: after the deal the next wall tile is turned (out of play) and the next kind "
        "is wild (never 红中: a turned 白 gives 发); at one's turn a 红中 or a 赖子 may be set "
        "aside as a one-tile kong (杠出去) with a replacement drawn, each doubling one's win; "
        "a hand holding a 红中 cannot win.",
        (False, True), scoped=True,
    )
    joker_next: bool = _opt(
        False,
        "带弟百搭: the kind after the turned tile is wild (suited n → n+1, 9 → 1; 东 南 西 北 中 发 "
        "白 round again) instead of the turned kind itself.",
        (False, True), scoped=True,
    )
    discard_furiten: bool = _opt(
        False,
        "排列出牌: no win on another player's tile (a discard or a robbed kong) of a kind one "
        "discarded earlier this hand (江南: no chow of it either); pong and self-draw stay.",
        (False, True), scoped=True,
    )
    flower_points: bool = _opt(
        True,
        "Each flower (and dragon) the winner set aside adds 1 to every payment, after 2^fan "
        "(Nanjing's 花); off: 2^fan only.",
        (True, False), scoped=True,
    )
    white_stands_in: bool = _opt(
        True,
        "Every 白板 is a natural tile of the wild kind (in sets, calls and patterns), no "
        "longer a dragon; nothing stands in when the wild kind is 白板 itself.",
        (True, False), scoped=True,
    )
    draw_dealer_stays: bool = _opt(
        False,
        "On a drawn hand the dealer deals again (off: the next seat deals).",
        (False, True), scoped=True,
    )

    # -- options of the 108-tile games (Sichuan, Changsha) -----------------------------------
    # 血战到底: a win does not end the hand; the winner leaves and the others play on until one
    # is left or the wall is used up (engine.hand: turn order skips seats that have won)
    play_on: bool = False
    # when this many tiles or fewer are left in the wall, a seat that can win must (Sichuan: 4)
    forced_win_tiles: int = 0
    # the last live tile is offered in turn order (海底漫游, Changsha): engine.hand.haidi
    haidi_offer: bool = False
    exchange_three: bool = _opt(
        False,
        "After the deal every player passes three tiles of one suit, all at once; the dice "
        "choose where: to the previous player, to the next, or across.",
        (False, True), scoped=True,
    )
    full_flush_only: bool = _opt(
        False,
        "Only a hand of one suit (清一色) wins; 查叫 counts only such waits (two players "
        "always, three by agreement).",
        (False, True), scoped=True,
    )
    # discards may be claimed (pong, kong, chow, a win); off where they lie face down (a
    # two-player Sichuan table): every win is then a self-draw
    discard_claims: bool = True
    # discards lie face down: the others see how many a seat has discarded, not which, until
    # the hand ends (two-player Sichuan)
    hidden_discards: bool = False
    tax_refund: bool = _opt(
        False,
        "At a drawn end, a player who is not ready pays back the kong payments it collected.",
        (False, True), scoped=True,
    )
    birds: int = _opt(
        1,
        "Tiles turned after a win (the next ones of the wall, as many as are left); each "
        "counts seats from the dealer (1 5 9 dealer, 2 6 next, 3 7 opposite, 4 8 previous) "
        "and doubles once more the payments of the seat it lands on.",
        (1, 2, 4, 6), scoped=True,
    )
    zhuang_xian: bool = _opt(
        False,
        "Every payment between the dealer and another player is one more, after birds "
        "(起手小胡 too).", (False, True), scoped=True,
    )
    six_six: bool = _opt(
        True,
        "Two kinds held exactly three times each on the deal are a 起手小胡.",
        (True, False), scoped=True,
    )

    # the last discard (河底, after the last live tile) may be claimed for a chow or pong;
    # off: only won on (Taiwan)
    last_discard_calls: bool = True
    max_kongs: int = 0  # kongs a hand allows in all (riichi: 4); 0: no limit
    # several rons on one discard follow the option multiple_ron, not multiple_winners
    # (riichi)
    riichi_rons: bool = False
    # the patterns that may rob a concealed kong (riichi: thirteen orphans); none: only an
    # added kong is robbed
    concealed_rob_patterns: tuple[str, ...] = ()
    # own kongs (concealed or added) only right after a draw, never after a call (riichi)
    own_kong_after_draw: bool = False
    # kuikae (riichi): no call after which every tile left is one the call forbids to discard
    # (the called kind; after a chow, the tile beyond the run's other end)
    kuikae: bool = False

    # -- options of Guobiao and Baoding ------------------------------------------------------
    # the last live tile may not be discarded: its drawer wins on it or the hand is drawn
    last_tile_dead: bool = False
    false_win: bool = _opt(
        False,
        "A declared self-draw win that is no winning hand ends the hand as 诈胡: a non-dealer "
        "pays 1 to each other player (the dealer stays), the dealer pays 2 to each (the deal "
        "passes). Off: such a declaration is refused and changes nothing.",
        (False, True), scoped=True,
    )
    all_pungs_kong: bool = _opt(
        False,
        "大对胡 may hold kongs (off: four pongs, no kong).", (False, True), scoped=True,
    )
    orphans_any_pair: bool = _opt(
        False,
        "十三幺's extra tile may pair any of the thirteen (off: only 中, 发 or 白).",
        (False, True), scoped=True,
    )
    draw_dealer_pays: bool = _opt(
        False,
        "On a drawn hand (黄庄) the dealer pays 2 to each other player and stays.",
        (False, True), scoped=True,
    )

    # -- options of Taiwan 台灣十六張 ---------------------------------------------------------
    base: int = _opt(
        3,
        "The 底 in 台: each payment is (底 + the hand's 台 + the dealer's 台) × the unit.",
        (3, 1, 2, 5), scoped=True,
    )
    seven_pairs_pung: bool = _opt(
        True,
        "嚦咕嚦咕 wins: seven pairs and a pung among 17 concealed tiles (8 台).",
        (True, False), scoped=True,
    )
    flower_win: bool = _opt(
        True,
        "八仙過海 / 七搶一: the eighth flower wins for the player holding the other seven "
        "(8 台); off: eight flowers are two 花槓 on a normal win.",
        (True, False), scoped=True,
    )
    half_melded: bool = _opt(
        False,
        "半求: five called sets and a self-drawn last tile count 1 台.",
        (False, True), scoped=True,
    )
    heavenly_tai: int = _opt(
        24, "What 天胡 is worth, in 台 (16 at the 16-台 tables).", (24, 16), scoped=True,
    )

    # -- options of riichi -------------------------------------------------------------------
    aka: int = _opt(
        3,
        "Red fives: 3 (one red five of each suit, each one han of dora in a winning hand) "
        "or 0.", (3, 0), scoped=True,
    )
    nagashi_mangan: bool = _opt(
        True,
        "Nagashi mangan: at the exhaustive draw, a player whose discards are all terminals "
        "and honours, none called, is paid a mangan tsumo.", (True, False), scoped=True,
    )
    abortive_draws: bool = _opt(
        True,
        "Abortive draws: nine kinds of terminals and honours on the first draw, four winds, "
        "four riichi, four kongs by two or more players, three rons on one discard.",
        (True, False), scoped=True,
    )
    multiple_ron: str = _opt(
        "double",
        "Several rons on one discard: double, two are both paid and a third makes the hand "
        "an abortive draw; head_bump, only the winner nearest the discarder; all, every ron "
        "is paid.", ("double", "head_bump", "all"), scoped=True,
    )
    uma: str = _opt(
        "20/10/-10/-20",
        "Uma: points of result added by final rank (first / second / third / fourth), on top "
        "of (points - 30,000) / 1,000 and the top's oka of +20.",
        ("20/10/-10/-20", "30/10/-10/-30", "15/5/-5/-15"), scoped=True,
    )

    # -- derived views ----------------------------------------------------------------------
    @property
    def patterns(self) -> Mapping[str, int]:
        return dict(self.pattern_values)

    @property
    def bonuses(self) -> Mapping[str, int]:
        return dict(self.bonus_values)

    @property
    def discard_wins(self) -> bool:
        return not self.self_draw_only

    @property
    def flowers_in_set(self) -> int:
        """How many flower tiles are in the wall (wildcards or bonus flowers)."""
        return 8 if self.bonus_flowers else self.wildcards

    @property
    def bonus_kinds(self) -> frozenset[int]:
        """Kinds set aside when drawn and replaced from the tail (补花): the flowers where
        they are bonus tiles, and the dragons where they count as flowers."""
        kinds = frozenset(FLOWERS) if self.bonus_flowers else frozenset()
        return kinds | frozenset(DRAGONS) if self.bonus_dragons else kinds

    @property
    def joker_rule(self) -> JokerRule:
        """How this hand's jokers are chosen, the ``caishen`` option applied (``white``:
        the White dragons, with no indicator)."""
        if self.laizi:
            return "next_no_red"  # Yangzhou's 红中赖子
        return "white" if self.caishen == "white" and self.joker != "flowers" else self.joker

    @property
    def indicator_source(self) -> IndicatorSource:
        """Where the indicator is turned, or "none" where the jokers need no indicator."""
        return self.indicator if self.joker_rule in _INDICATOR_JOKERS else "none"

    def offered_options(self) -> tuple[str, ...]:
        """The options this preset's lobby offers (``house_options``, else every option that
        is not scoped to a game)."""
        if self.house_options:
            return self.house_options
        return tuple(n for n, f in option_fields().items() if not f.metadata.get("scoped"))

    @property
    def tile_count(self) -> int:
        suits = 108 if self.characters else 72
        return suits + (28 if self.honours else 0) + self.flowers_in_set

    @property
    def absent_kinds(self) -> frozenset[int]:
        """Tile kinds this set has none of: the honours without ``honours``, the 万 without
        ``characters`` (no hand holds them, no wait is on them)."""
        key = (self.honours, self.characters)
        kinds = _ABSENT.get(key)
        if kinds is None:
            kinds = _ABSENT[key] = frozenset(
                [*(() if self.honours else range(27, 34)), *(() if self.characters else range(9))]
            )
        return kinds

    def with_options(
        self, overrides: Mapping[str, Any] | None, *, scoring: bool = False
    ) -> Rules:
        """A copy with some options changed; unknown names and values raise RulesError.

        ``players`` picks one of the preset's :attr:`seat_forms` (its hand size and table
        rules with it); ``hand_size`` given as well must be that form's, except when
        ``scoring`` (evaluate reads a hand of any size as that many sets and a pair)."""
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise RulesError("options must be an object of option names to values")
        known = option_fields()
        offered = self.offered_options()
        changes: dict[str, Any] = {}
        aliases = {(n, a): v for n, a, v in self.option_aliases}
        for name, value in overrides.items():
            if isinstance(value, str) and (name, value) in aliases:
                value = aliases[name, value]
            f = known.get(name)
            if name == "players" and name not in offered and value != self.players:
                counts = ", ".join(str(n) for n, _, _ in self.seat_forms)
                raise RulesError(
                    f"{self.id} is played by {counts} players only (its rules page has no "
                    f"other table); sichuan plays 2 to 7"
                )
            if name == "players" and name not in offered:
                continue  # its own count: nothing changes
            if f is None or name not in offered:
                what = "unknown option" if f is None else f"{self.id} has no option"
                raise RulesError(f"{what} {name!r}; options are: {', '.join(sorted(offered))}")
            choices = f.metadata["choices"]
            expected = type(f.default)
            if type(value) is not expected or (choices is not None and value not in choices):
                allowed = ", ".join(map(repr, choices)) if choices else expected.__name__
                raise RulesError(f"option {name!r} does not accept {value!r} (allowed: {allowed})")
            if name in ("unit", "kong_unit") and isinstance(value, int) and not 0 <= value <= 1_000_000:
                raise RulesError(f"option {name!r} must be between 0 and 1000000")
            changes[name] = value
        if changes.get("bonus_flowers") and (changes.get("wildcards", self.wildcards)):
            raise RulesError("bonus flowers and flower wildcards cannot be combined")
        if "players" in changes or "hand_size" in changes:
            changes = self._seat_form(changes, scoring)
        return dataclasses.replace(self, **changes)

    def _seat_form(self, changes: dict[str, Any], scoring: bool) -> dict[str, Any]:
        """The changes with the chosen player count's form applied (hand size, table rules)."""
        players = changes.get("players", self.players)
        forms = {n: (size, fields) for n, size, fields in self.seat_forms}
        if players not in forms:
            counts = ", ".join(str(n) for n in forms)
            raise RulesError(
                f"{self.id} is played by {counts} players, not {players} (see its rules page)"
            )
        size, fields = forms[players]
        out = {**changes, **dict(fields)}  # the form's table rules are not negotiable
        given = changes.get("hand_size", size)
        if given != size and not scoring:
            raise RulesError(
                f"{self.id} with {players} players deals {size} tiles each, not {given}; "
                "other hand sizes are for evaluate only"
            )
        out["hand_size"] = given
        return out

    def options(self) -> dict[str, Any]:
        """This preset's option values by name (what a lobby shows): the options it offers.

        The table-size options (:data:`SIZE_OPTIONS`) are left out at their defaults, so a
        four-seat game's ``MatchStarted`` / ``HandStarted`` read exactly as before they
        existed (a log keeps its hash); so are a preset's :attr:`quiet_options` at the value
        its games always had."""
        quiet = {**SIZE_DEFAULTS, **dict(self.quiet_options)}
        return {
            name: getattr(self, name)
            for name in self.offered_options()
            if not (name in quiet and getattr(self, name) == quiet[name])
        }

    @property
    def sets(self) -> int:
        """Sets in a winning hand besides the pair (13 tiles dealt: 4; 10: 3; 16: 5)."""
        return (self.hand_size + self.imagined - 1) // 3

    @property
    def short_sets(self) -> int:
        """Sets a hand of this size lacks against the 13-tile hand (16 tiles: -1). Shape
        analysis counts them as melds already made, so its 13/14-tile tables serve hands
        of 4, 7 and 10 tiles as they are (and seven pairs is left out of them, as with
        melds)."""
        return 4 - self.sets

    @property
    def plain_size(self) -> bool:
        """The hand reads as 13 tiles (real and imagined): seven pairs and thirteen orphans
        may be winning forms."""
        return self.hand_size + self.imagined == 13

    @property
    def tiles_to_win(self) -> int:
        """Tiles of a complete hand, a kong counting three: ``hand_size + 1``."""
        return self.hand_size + 1


_ABSENT: dict[tuple[bool, bool], frozenset[int]] = {}  # (honours, characters) -> absent kinds

# options a table size sets; written into logs only when not the default (Rules.options)
SIZE_OPTIONS: Final = ("players", "hand_size", "full_flush_only")
SIZE_DEFAULTS: Final[dict[str, Any]] = {"players": 4, "hand_size": 13, "full_flush_only": False}


def option_fields() -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(Rules) if f.metadata.get("option")}


# -- the presets -------------------------------------------------------------------------------
# Each game's presets live in its own module of engine/presets/ (a new game adds one); they are
# collected here, in the order of engine.presets.MODULES.

def _collect(scoring: bool = False) -> dict[str, Rules]:
    from engine.presets import all_presets, scoring_presets

    return {r.id: r for r in (scoring_presets() if scoring else all_presets())}


def get_rules(
    preset: str, options: Mapping[str, Any] | None = None, *, scoring: bool = False
) -> Rules:
    """A preset by id with options applied; RulesError names the presets when unknown.

    ``scoring``: the caller only scores hands (``evaluate``), so the scoring-only presets
    (:data:`SCORING_PRESETS`, games whose table is still to come) are found too; elsewhere
    they are refused with a message that says so."""
    rules = PRESETS.get(preset) if isinstance(preset, str) else None
    if rules is None and isinstance(preset, str) and preset in SCORING_PRESETS:
        if not scoring:
            raise RulesError(
                f"{preset!r} is scored by `python -m engine evaluate` only: its table game is "
                f"not played yet; presets are: {', '.join(PRESETS)}"
            )
        rules = SCORING_PRESETS[preset]
    if rules is None:
        known = [*PRESETS, *SCORING_PRESETS] if scoring else list(PRESETS)
        raise RulesError(f"unknown rules {preset!r}; presets are: {', '.join(known)}")
    return rules.with_options(options, scoring=scoring)


PRESETS: Final[dict[str, Rules]] = _collect()
# presets the engine plays (simulate, replay, tests) whose tables are not offered yet (none
# now: riichi's tables came with its pictures, texts and settlement at the game's end)
ENGINE_ONLY_PRESETS: Final[frozenset[str]] = frozenset()
# the presets tables offer (Discord, offline): every played preset but the engine-only ones
TABLE_PRESETS: Final[dict[str, Rules]] = {
    k: v for k, v in PRESETS.items() if k not in ENGINE_ONLY_PRESETS
}
# presets whose hands ``evaluate`` scores but whose game no table plays yet (riichi)
SCORING_PRESETS: Final[dict[str, Rules]] = _collect(scoring=True)
