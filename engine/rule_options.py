"""The options of one game or family of games (the indicator-joker games, the 108-tile
games, Guobiao and Baoding, Taiwan, riichi): fields of :class:`engine.rules.Rules`, kept apart
from the fields every game reads (:mod:`engine.rule_fields`). Field order is the order of the
whole dataclass, so a log's options read as they always did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rule_fields import IndicatorSource, RulesCore, _opt


@dataclass(frozen=True, slots=True)
class RulesOptions(RulesCore):
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
    lizhi: int = _opt(
        0,
        "立直: a player with no exposed meld, ready after the discard it makes and with 4 "
        "live tiles left, may declare with that discard and put this many units on the "
        "table; its hand is then locked (no calls, a concealed kong only if the waits stay, "
        "a drawn tile that does not win is discarded); a win adds 1 fan and takes the "
        "stakes (0: off).",
        (0, 1, 2, 5), scoped=True,
    )
    charleston: str = _opt(
        "off",
        "查理士顿: after the deal every player passes three tiles (no wild tile) at once, three "
        "times — seed: to the next, the previous, then across; american: next, across, "
        "previous; then the dealer may call one more round in the same order.",
        ("off", "seed", "american"), scoped=True,
    )
    dora: bool = _opt(
        False,
        "宝牌: after the deal the upper tile of the third stack from the tail is turned (out "
        "of play); each natural tile of the next kind in the winner's hand adds 1 fan "
        "(an addition, inside the cap).",
        (False, True), scoped=True,
    )
    joker_sets: bool = _opt(
        False,
        "Jokers in sets: wild tiles may go into a pong or kong with at least one natural "
        "tile of its kind (two wild tiles pong any discard); never into a chow; a melded "
        "wild tile is that kind for good.",
        (False, True), scoped=True,
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
