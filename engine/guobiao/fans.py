"""The Guobiao 国标 (Chinese Official, 2006) fan table: 81 fans plus 明暗杠.

Each entry is (id, zh, en, value), in the order of the official table (88 fan down to 1), the
order fan lists are written in. 明暗杠 (one concealed and one melded kong, 5 fan) is the
common reading of "暗杠 2 + 明杠 1 … 计 5 番" that the reference calculator scores as a fan of
its own. Index constants below name the rows the calculator reads.
"""

from __future__ import annotations

from typing import Final

FANS: Final[tuple[tuple[str, str, str, int], ...]] = (
    ("none", "无", "None", 0),
    ("big_four_winds", "大四喜", "Big Four Winds", 88),
    ("big_three_dragons", "大三元", "Big Three Dragons", 88),
    ("all_green", "绿一色", "All Green", 88),
    ("nine_gates", "九莲宝灯", "Nine Gates", 88),
    ("four_kongs", "四杠", "Four Kongs", 88),
    ("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88),
    ("thirteen_orphans", "十三幺", "Thirteen Orphans", 88),
    ("all_terminals", "清幺九", "All Terminals", 64),
    ("little_four_winds", "小四喜", "Little Four Winds", 64),
    ("little_three_dragons", "小三元", "Little Three Dragons", 64),
    ("all_honors", "字一色", "All Honors", 64),
    ("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64),
    ("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64),
    ("quadruple_chow", "一色四同顺", "Quadruple Chow", 48),
    ("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48),
    ("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32),
    ("three_kongs", "三杠", "Three Kongs", 32),
    ("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32),
    ("seven_pairs", "七对", "Seven Pairs", 24),
    ("greater_honors_and_knitted", "七星不靠", "Greater Honors and Knitted Tiles", 24),
    ("all_even_pungs", "全双刻", "All Even Pungs", 24),
    ("full_flush", "清一色", "Full Flush", 24),
    ("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24),
    ("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24),
    ("upper_tiles", "全大", "Upper Tiles", 24),
    ("middle_tiles", "全中", "Middle Tiles", 24),
    ("lower_tiles", "全小", "Lower Tiles", 24),
    ("pure_straight", "清龙", "Pure Straight", 16),
    ("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16),
    ("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16),
    ("all_five", "全带五", "All Five", 16),
    ("triple_pung", "三同刻", "Triple Pung", 16),
    ("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16),
    ("lesser_honors_and_knitted", "全不靠", "Lesser Honors and Knitted Tiles", 12),
    ("knitted_straight", "组合龙", "Knitted Straight", 12),
    ("upper_four", "大于五", "Upper Four", 12),
    ("lower_four", "小于五", "Lower Four", 12),
    ("big_three_winds", "三风刻", "Big Three Winds", 12),
    ("mixed_straight", "花龙", "Mixed Straight", 8),
    ("reversible_tiles", "推不倒", "Reversible Tiles", 8),
    ("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8),
    ("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8),
    ("chicken_hand", "无番和", "Chicken Hand", 8),
    ("last_tile_draw", "妙手回春", "Last Tile Draw", 8),
    ("last_tile_claim", "海底捞月", "Last Tile Claim", 8),
    ("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8),
    ("robbing_the_kong", "抢杠和", "Robbing the Kong", 8),
    ("all_pungs", "碰碰和", "All Pungs", 6),
    ("half_flush", "混一色", "Half Flush", 6),
    ("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6),
    ("all_types", "五门齐", "All Types", 6),
    ("melded_hand", "全求人", "Melded Hand", 6),
    ("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6),
    ("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6),
    ("outside_hand", "全带幺", "Outside Hand", 4),
    ("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4),
    ("two_melded_kongs", "双明杠", "Two Melded Kongs", 4),
    ("last_of_kind", "和绝张", "Last Tile", 4),
    ("dragon_pung", "箭刻", "Dragon Pung", 2),
    ("prevalent_wind", "圈风刻", "Prevalent Wind", 2),
    ("seat_wind", "门风刻", "Seat Wind", 2),
    ("concealed_hand", "门前清", "Concealed Hand", 2),
    ("all_chows", "平和", "All Chows", 2),
    ("tile_hog", "四归一", "Tile Hog", 2),
    ("double_pung", "双同刻", "Double Pung", 2),
    ("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2),
    ("concealed_kong", "暗杠", "Concealed Kong", 2),
    ("all_simples", "断幺", "All Simples", 2),
    ("pure_double_chow", "一般高", "Pure Double Chow", 1),
    ("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1),
    ("short_straight", "连六", "Short Straight", 1),
    ("two_terminal_chows", "老少副", "Two Terminal Chows", 1),
    ("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1),
    ("melded_kong", "明杠", "Melded Kong", 1),
    ("one_voided_suit", "缺一门", "One Voided Suit", 1),
    ("no_honors", "无字", "No Honors", 1),
    ("edge_wait", "边张", "Edge Wait", 1),
    ("closed_wait", "嵌张", "Closed Wait", 1),
    ("single_wait", "单钓将", "Single Wait", 1),
    ("self_drawn", "自摸", "Self-Drawn", 1),
    ("flower_tiles", "花牌", "Flower Tiles", 1),
    ("concealed_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong", 5),
)

FAN_IDS: Final = tuple(f[0] for f in FANS)
FAN_VALUES: Final = tuple(f[3] for f in FANS)
FAN_ZH: Final = {f[0]: f[1] for f in FANS}
FAN_EN: Final = {f[0]: f[2] for f in FANS}
FAN_VALUE: Final = {f[0]: f[3] for f in FANS}
SIZE: Final = len(FANS)

(
    NONE, BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS,
    SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS, ALL_TERMINALS, LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS, ALL_HONORS, FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS,
    QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS, FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS,
    ALL_TERMINALS_AND_HONORS, SEVEN_PAIRS, GREATER_HONORS_AND_KNITTED, ALL_EVEN_PUNGS,
    FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, UPPER_TILES, MIDDLE_TILES, LOWER_TILES,
    PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVE, TRIPLE_PUNG,
    THREE_CONCEALED_PUNGS, LESSER_HONORS_AND_KNITTED, KNITTED_STRAIGHT, UPPER_FOUR,
    LOWER_FOUR, BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW,
    MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW, LAST_TILE_CLAIM,
    OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, ALL_PUNGS, HALF_FLUSH, MIXED_SHIFTED_CHOWS,
    ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGON_PUNGS, OUTSIDE_HAND,
    FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE, DRAGON_PUNG, PREVALENT_WIND,
    SEAT_WIND, CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS,
    CONCEALED_KONG, ALL_SIMPLES, PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT,
    TWO_TERMINAL_CHOWS, PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG, ONE_VOIDED_SUIT, NO_HONORS,
    EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES, CONCEALED_AND_MELDED_KONG,
) = range(SIZE)  # fmt: skip
