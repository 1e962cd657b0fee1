"""Names and one-line descriptions of patterns, bonuses and situations, by their rule-page ids.

Keys: ``pattern.<id>`` (the name), ``pattern.<id>.desc`` (one line for the rules
sheet), and ``pattern.<family>.<id>`` where a rule family names a pattern its own
way (Heyuan's 大哥 is Guangdong's 清碰). Use :func:`pattern_name`.
"""

from __future__ import annotations

from typing import Final

from i18n import has, register, t

# id: (zh-Hans, zh-Hant, en)
NAMES: Final[dict[str, tuple[str, str, str]]] = {
    # Heyuan Baida patterns (and shared ones)
    "chicken": ("鸡胡", "雞胡", "Chicken Hand"),
    "half_flush": ("混一色", "混一色", "Half Flush"),
    "all_pungs": ("碰碰胡", "碰碰胡", "All Pungs"),
    "full_flush": ("清一色", "清一色", "Full Flush"),
    "half_flush_pungs": ("混碰", "混碰", "Half Flush Pungs"),
    "full_flush_pungs": ("清碰", "清碰", "Full Flush Pungs"),
    "mixed_terminals": ("混幺九", "混幺九", "Mixed Terminals"),
    "all_honors": ("字一色", "字一色", "All Honours"),
    "pure_terminals": ("清幺九", "清幺九", "Pure Terminals"),
    "thirteen_orphans": ("十三幺", "十三幺", "Thirteen Orphans"),
    "seven_pairs": ("七对", "七對", "Seven Pairs"),
    # Heyuan bonuses
    "lone_wild": ("飞牌", "飛牌", "Lone Wildcard"),
    "wild_on_wild": ("保钓保", "保釣保", "Wildcard on Wildcard"),
    "no_wilds": ("无保", "無保", "No Wildcards"),
    "four_wilds": ("四保胡", "四保胡", "Four Wildcards"),
    # Guangdong patterns
    "all_chows": ("平胡", "平胡", "All Chows"),
    "small_dragons": ("小三元", "小三元", "Small Three Dragons"),
    "small_winds": ("小四喜", "小四喜", "Small Four Winds"),
    "big_dragons": ("大三元", "大三元", "Big Three Dragons"),
    "big_winds": ("大四喜", "大四喜", "Big Four Winds"),
    "nine_gates": ("九莲宝灯", "九蓮寶燈", "Nine Gates"),
    "heavenly": ("天和", "天和", "Heavenly Hand"),
    "earthly": ("地和", "地和", "Earthly Hand"),
    "human": ("人和", "人和", "Human Hand"),
    # Guangdong additions and situations
    "self_draw": ("自摸", "自摸", "Self-Draw"),
    "seat_wind": ("门风", "門風", "Seat Wind"),
    "round_wind": ("圈风", "圈風", "Round Wind"),
    "dragon_pung": ("箭刻", "箭刻", "Dragon Pung"),
    "kong_replacement": ("杠上开花", "槓上開花", "Win on a Kong Replacement"),
    "last_tile": ("海底捞月", "海底撈月", "Last Tile of the Wall"),
    "robbing_kong": ("抢杠", "搶槓", "Robbing a Kong"),
}

# family-specific names: (family, id): (zh-Hans, zh-Hant, en)
FAMILY_NAMES: Final[dict[tuple[str, str], tuple[str, str, str]]] = {
    ("heyuan", "full_flush_pungs"): ("大哥", "大哥", "Full Flush Pungs"),
    ("heyuan", "mixed_terminals"): ("杂幺九", "雜幺九", "Mixed Terminals"),
    ("heyuan", "pure_terminals"): ("纯幺九", "純幺九", "Pure Terminals"),
}

DESCRIPTIONS: Final[dict[str, tuple[str, str, str]]] = {
    "chicken": ("任何完整的胡牌", "任何完整的胡牌", "any complete hand"),
    "half_flush": ("一门花色加字牌", "一門花色加字牌", "one suit plus honours"),
    "all_pungs": ("四副刻子加一对将", "四副刻子加一對將", "four pungs or kongs and a pair"),
    "full_flush": ("全部同一门花色", "全部同一門花色", "one suit only, no honours"),
    "half_flush_pungs": ("混一色加碰碰胡", "混一色加碰碰胡", "half flush and all pungs"),
    "full_flush_pungs": ("清一色加碰碰胡", "清一色加碰碰胡", "full flush and all pungs"),
    "mixed_terminals": (
        "全是幺九和字牌的刻子", "全是幺九和字牌的刻子", "pungs of 1s, 9s and honours only",
    ),
    "all_honors": ("全是字牌", "全是字牌", "honours only"),
    "pure_terminals": ("全是一和九", "全是一和九", "only 1s and 9s"),
    "thirteen_orphans": (
        "幺九和七种字牌各一张，再加其中一对",
        "幺九和七種字牌各一張，再加其中一對",
        "one of each terminal and honour, plus one pair",
    ),
    "seven_pairs": ("七个对子", "七個對子", "seven pairs"),
    "lone_wild": (
        "单吊一张百搭，胡任何牌", "單吊一張百搭，胡任何牌", "a lone wildcard waits on any tile",
    ),
    "wild_on_wild": (
        "单吊百搭，又自摸到百搭", "單吊百搭，又自摸到百搭", "the lone wildcard's wait drawn as a wildcard",
    ),
    "no_wilds": ("胡牌不含百搭", "胡牌不含百搭", "a winning hand without wildcards"),
    "four_wilds": ("摸齐四张百搭即胡", "摸齊四張百搭即胡", "four wildcards in hand win at once"),
    "all_chows": ("四副顺子加一对将", "四副順子加一對將", "four chows and a pair"),
    "small_dragons": (
        "两副三元刻子加三元将", "兩副三元刻子加三元將", "two dragon pungs and a dragon pair",
    ),
    "small_winds": ("三副风刻加风将", "三副風刻加風將", "three wind pungs and a wind pair"),
    "big_dragons": ("中发白三副刻子", "中發白三副刻子", "pungs of all three dragons"),
    "big_winds": ("东南西北四副刻子", "東南西北四副刻子", "pungs of all four winds"),
    "nine_gates": (
        "门清一门 1112345678999 加任一张",
        "門清一門 1112345678999 加任一張",
        "concealed 1112345678999 of a suit plus any",
    ),
    "heavenly": ("庄家起手即胡", "莊家起手即胡", "the dealer wins on the deal"),
    "earthly": ("闲家第一张摸牌自摸", "閒家第一張摸牌自摸", "a first self-draw by a non-dealer"),
    "human": ("闲家第一轮胡别人打出的牌", "閒家第一輪胡別人打出的牌", "a first-round win on a discard"),
    "self_draw": ("自己摸到胡牌", "自己摸到胡牌", "the winning tile is self-drawn"),
    "seat_wind": ("本门风刻子", "本門風刻子", "a pung of one's seat wind"),
    "round_wind": ("圈风刻子", "圈風刻子", "a pung of the round wind"),
    "dragon_pung": ("中发白刻子，每副", "中發白刻子，每副", "each pung of a dragon"),
    "kong_replacement": ("杠后补牌自摸", "槓後補牌自摸", "winning on a kong's replacement tile"),
    "last_tile": ("摸最后一张牌胡", "摸最後一張牌胡", "winning on the last tile of the wall"),
    "robbing_kong": ("胡别人加杠的牌", "胡別人加槓的牌", "winning on a tile added to a kong"),
}


def _entries() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for pid, (hans, hant, en) in NAMES.items():
        out[f"pattern.{pid}"] = {"zh-Hans": hans, "zh-Hant": hant, "en": en}
    for (family, pid), (hans, hant, en) in FAMILY_NAMES.items():
        out[f"pattern.{family}.{pid}"] = {"zh-Hans": hans, "zh-Hant": hant, "en": en}
    for pid, (hans, hant, en) in DESCRIPTIONS.items():
        out[f"pattern.{pid}.desc"] = {"zh-Hans": hans, "zh-Hant": hant, "en": en}
    return out


register(_entries())


def pattern_name(pattern_id: str, locale: object = "en", family: str | None = None) -> str:
    """The name of a pattern, bonus or situation id, in the family's own words where it has them."""
    if family and has(f"pattern.{family}.{pattern_id}"):
        return t(f"pattern.{family}.{pattern_id}", locale)
    return t(f"pattern.{pattern_id}", locale)


def pattern_description(pattern_id: str, locale: object = "en") -> str:
    return t(f"pattern.{pattern_id}.desc", locale)
