"""Names and one-line descriptions of patterns, bonuses and situations, by their rule-page ids.

Keys: ``pattern.<id>`` (the name), ``pattern.<id>.desc`` (one line for the rules
sheet), and ``pattern.<family>.<id>`` where a rule family names a pattern its own
way (Heyuan's 大哥 is Guangdong's 清碰). Use :func:`pattern_name`.
"""

from __future__ import annotations

from typing import Final

from i18n import has, register, t
from i18n.guobiao_fans import FANS as GUOBIAO_FANS
from i18n.riichi_yaku import YAKU as RIICHI_YAKU
from i18n.taiwan_tai import TAI as TAIWAN_TAI

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
    "dora": ("宝牌", "寶牌", "Dora"),
    "kong_replacement": ("杠上开花", "槓上開花", "Win on a Kong Replacement"),
    "last_tile": ("海底捞月", "海底撈月", "Last Tile of the Wall"),
    "robbing_kong": ("抢杠", "搶槓", "Robbing a Kong"),
    "flower_replacement": ("补花开花", "補花開花", "Win on a Flower's Replacement"),
    # the games with a joker from an indicator (Shanghai, Beijing, Quzhou)
    "any_wait": ("跑百搭", "跑百搭", "Wait on Anything"),
    "single_after_calls": ("大吊车", "大吊車", "Single Wait after Four Melds"),
    "replacement_win": ("杠开", "槓開", "Win on a Replacement"),
    "concealed": ("门清", "門清", "Concealed Hand"),
    "basic": ("平胡", "平胡", "Basic Hand"),
    "dealer": ("庄", "莊", "Dealer"),
    "concealed_no_joker": ("门清无惠", "門清無惠", "Concealed, No Joker"),
    "five_in_middle": ("捉五魁", "捉五魁", "Catch the Five"),
    "straight": ("一条龙", "一條龍", "Pure Straight"),
    "luxury_seven_pairs": ("豪华七对子", "豪華七對子", "Luxury Seven Pairs"),
    "four_jokers": ("四惠牌", "四惠牌", "Four Jokers"),
    "big_pungs": ("大碰胡", "大碰胡", "Big Pungs"),
    "seven_winds": ("七风", "七風", "Seven Winds"),
    "loose_unrelated": ("乱百搭", "亂百搭", "Loose Unrelated"),
    "thirteen_unrelated": ("十三不搭", "十三不搭", "Thirteen Unrelated"),
    "seven_winds_loose": ("七风乱百搭", "七風亂百搭", "Seven Winds Unrelated"),
    "all_honours": ("全风子", "全風子", "All Honours"),
    # the 108-tile games (Sichuan, Changsha)
    "kong": ("杠", "槓", "Kong"),
    "four_of_a_kind": ("根", "根", "Four of a Kind (Root)"),
    "ping_hu": ("平和", "平和", "Plain Hand (2-5-8 Pair)"),
    "all_258": ("将将和", "將將和", "All 2-5-8"),
    "kong_bloom": ("杠上花", "槓上花", "Win on a Kong Replacement"),
    "last_tile_discard": ("海底炮", "海底炮", "Win on the Last Tile Shown"),
    "four_alike": ("四喜", "四喜", "Four Alike (Small Win)"),
    "no_258": ("板板胡", "板板胡", "No 2, 5 or 8 (Small Win)"),
    "missing_suit": ("缺一色", "缺一色", "A Suit Missing (Small Win)"),
    "two_triplets": ("六六顺", "六六順", "Two Triplets (Small Win)"),
    # the variants told as changes to Guangdong (Hefei …)
    "all_simples": ("断幺九", "斷幺九", "All Simples"),
    "laizi_kong": ("杠出红中/赖子", "槓出紅中/賴子", "Red Dragon or Laizi Konged Out"),
    "flowers": ("花", "花", "Flower"),
}

# family-specific names: (family, id): (zh-Hans, zh-Hant, en)
FAMILY_NAMES: Final[dict[tuple[str, str], tuple[str, str, str]]] = {
    ("heyuan", "full_flush_pungs"): ("大哥", "大哥", "Full Flush Pungs"),
    ("heyuan", "mixed_terminals"): ("杂幺九", "雜幺九", "Mixed Terminals"),
    ("heyuan", "pure_terminals"): ("纯幺九", "純幺九", "Pure Terminals"),
    ("shanghai", "four_wilds"): ("四百搭", "四百搭", "Four Wildcards"),
    ("shanghai", "no_wilds"): ("无百搭", "無百搭", "No Wildcards"),
    ("beijing", "basic"): ("推倒和", "推倒和", "Plain Hand"),
    ("beijing", "single_after_calls"): ("大钓", "大釣", "Single Wait after Four Melds"),
    ("beijing", "all_pungs"): ("对对和", "對對和", "All Pungs"),
    ("beijing", "seven_pairs"): ("七对子", "七對子", "Seven Pairs"),
    ("quzhou", "basic"): ("邋遢胡", "邋遢胡", "Latahu (Sets and a Pair)"),
    ("quzhou", "seven_pairs"): ("七对", "七對", "Seven Pairs"),
    ("sichuan", "basic"): ("平和", "平和", "Plain Hand"),
    ("sichuan", "all_pungs"): ("对对和", "對對和", "All Pungs"),
    ("changsha", "all_pungs"): ("碰碰和", "碰碰和", "All Pungs"),
    ("changsha", "seven_pairs"): ("七巧对", "七巧對", "Seven Pairs"),
    # the 100-tile game: 全对 (all pungs), its own words for the seed's hand
    ("hundred", "full_flush_pungs"): ("清一色全对", "清一色全對", "Full Flush All Pungs"),
    ("hundred", "half_flush_pungs"): ("混一色对对胡", "混一色對對胡", "Half Flush All Pungs"),
    ("hundred", "all_pungs"): ("对对胡", "對對胡", "All Pungs"),
    # Yangzhou's six hands, in the seed's words
    ("yangzhou", "chicken"): ("平胡", "平胡", "Plain Hand"),
    ("yangzhou", "all_pungs"): ("对对胡", "對對胡", "All Pungs"),
    ("yangzhou", "half_flush_pungs"): ("混一色对对胡", "混一色對對胡", "Half Flush All Pungs"),
    ("yangzhou", "full_flush_pungs"): ("清一色对对胡", "清一色對對胡", "Full Flush All Pungs"),
}

# family-specific lines where a family's pattern differs from the generic one of that id
FAMILY_DESCRIPTIONS: Final[dict[tuple[str, str], tuple[str, str, str]]] = {
    # the 100-tile game: a colour multiplies the form, additions are points
    ("hundred", "half_flush"): (
        "一门花色加字牌：鸡胡 1 × 3，平胡 2 × 3", "一門花色加字牌：雞胡 1 × 3，平胡 2 × 3",
        "one suit plus honours: × the form (chicken 1, all chows 2)",
    ),
    ("hundred", "full_flush"): (
        "全部同一门花色：鸡胡 1 × 6，平胡 2 × 6", "全部同一門花色：雞胡 1 × 6，平胡 2 × 6",
        "one suit only: × the form (chicken 1, all chows 2)",
    ),
    # Changsha's 地和 is a win on the dealer's first discard, not a first self-draw
    ("changsha", "earthly"): (
        "闲家胡庄家打出的第一张牌", "閒家胡莊家打出的第一張牌",
        "a non-dealer wins on the dealer's first discard",
    ),
    # Hefei: every win needs 八枝
    ("hefei", "chicken"): (
        "任何完整的胡牌，一门花色至少八张（八枝）", "任何完整的胡牌，一門花色至少八張（八枝）",
        "any complete hand with eight tiles of one suit (八枝)",
    ),
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
    "kong": ("胡牌者每开一杠", "胡牌者每開一槓", "each kong the winner made"),
    "four_of_a_kind": ("手里四张同样的牌而没开杠", "手裡四張同樣的牌而沒開槓", "four alike held, not declared a kong"),
    "ping_hu": ("四副面子加 2、5、8 作将", "四副面子加 2、5、8 作將", "four sets and a pair of 2, 5 or 8"),
    "all_258": ("每张都是 2、5、8", "每張都是 2、5、8", "every tile a 2, 5 or 8, no sets needed"),
    "kong_bloom": ("开杠补张自摸", "開槓補張自摸", "self-drawn on a kong's replacement"),
    "last_tile_discard": ("胡别人要了亮出的海底", "胡別人要了亮出的海底", "won on the last tile another took and showed"),
    "four_alike": ("起手四张同样的牌", "起手四張同樣的牌", "four alike on the deal"),
    "no_258": ("起手没有 2、5、8", "起手沒有 2、5、8", "no 2, 5 or 8 on the deal"),
    "missing_suit": ("起手缺一门", "起手缺一門", "a suit missing on the deal"),
    "two_triplets": ("起手两副刻子", "起手兩副刻子", "two triplets on the deal"),
    "laizi_kong": (
        "每杠出一张红中或赖子，胡牌翻一倍", "每槓出一張紅中或賴子，胡牌翻一倍",
        "each 红中 or 赖子 set aside as a one-tile kong doubles the win",
    ),
    "all_simples": (
        "整副牌没有一、九（123、789 也算有）", "整副牌沒有一、九（123、789 也算有）",
        "no 1 or 9 anywhere in the hand (a 123 or 789 holds one)",
    ),
    "self_draw": ("自己摸到胡牌", "自己摸到胡牌", "the winning tile is self-drawn"),
    "dora": ("每张宝牌（指示牌的下一种）加一番", "每張寶牌（指示牌的下一種）加一番",
             "one fan for each tile of the kind after the dora indicator"),
    "seat_wind": ("本门风刻子", "本門風刻子", "a pung of one's seat wind"),
    "round_wind": ("圈风刻子", "圈風刻子", "a pung of the round wind"),
    "dragon_pung": ("中发白刻子，每副", "中發白刻子，每副", "each pung of a dragon"),
    "kong_replacement": ("杠后补牌自摸", "槓後補牌自摸", "winning on a kong's replacement tile"),
    "last_tile": ("摸最后一张牌胡", "摸最後一張牌胡", "winning on the last tile of the wall"),
    "robbing_kong": ("胡别人加杠的牌", "胡別人加槓的牌", "winning on a tile added to a kong"),
    "flower_replacement": ("补花后摸到胡牌", "補花後摸到胡牌", "winning on a flower's replacement"),
    "any_wait": ("胡前摸什么都能胡", "胡前摸什麼都能胡", "the hand before the draw won on anything"),
    "single_after_calls": ("四副落地，单钓一张", "四副落地，單釣一張", "four melds down, one tile left"),
    "replacement_win": ("补花或杠后摸牌自摸", "補花或槓後摸牌自摸", "won on a flower's or kong's replacement"),
    "concealed": ("没有吃碰明杠", "沒有吃碰明槓", "no chow, pong or exposed kong"),
    "basic": ("四副加一对将", "四副加一對將", "four sets and a pair"),
    "dealer": ("庄家胡或庄家点炮", "莊家胡或莊家點炮", "the dealer wins or deals in"),
    "concealed_no_joker": ("门清且手中无惠牌", "門清且手中無惠牌", "concealed, no joker in hand"),
    "five_in_middle": ("只胡嵌五万", "只胡嵌五萬", "won only on the closed 5m wait"),
    "straight": ("同一门一到九", "同一門一到九", "1 to 9 of one suit"),
    "luxury_seven_pairs": ("七对里有两对相同", "七對裡有兩對相同", "seven pairs, two of them alike"),
    "four_jokers": ("摸齐四张惠牌即胡", "摸齊四張惠牌即胡", "all four jokers in hand win at once"),
    "big_pungs": ("四副刻子加一对将", "四副刻子加一對將", "four pungs and a pair"),
    "seven_winds": ("七种字牌各一张加七张数牌", "七種字牌各一張加七張數牌", "the seven honours and seven suited tiles"),
    "loose_unrelated": ("十四张单张，同门相隔两张以上", "十四張單張，同門相隔兩張以上", "fourteen singles, three apart in a suit"),
    "thirteen_unrelated": ("147·258·369 各一门加字牌", "147·258·369 各一門加字牌", "147, 258, 369 in three suits and honours"),
    "seven_winds_loose": ("乱百搭里七种字牌齐全", "亂百搭裡七種字牌齊全", "a loose hand with all seven honours"),
    "all_honours": ("十四张全是字牌", "十四張全是字牌", "all fourteen tiles honours"),
    "flowers": ("每张花（含箭牌）每家多付 1", "每張花（含箭牌）每家多付 1", "each flower (dragons too) adds 1 to every payment"),
}


# Baoding's hands and doublings: (zh-Hans, zh-Hant, en) name and line
BAODING: Final[dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]]] = {
    "pi_hu": (("屁胡", "屁胡", "Plain Win"), ("四副加一对，最多两门且一门够八张", "四副加一對，最多兩門且一門夠八張", "sets and a pair, two suits at most, eight of one")),
    "half_flush": (("混一色", "混一色", "Half Flush"), ("一门花色加字牌，够八张", "一門花色加字牌，夠八張", "one suit and honours, eight of the suit")),
    "seven_pairs": (("七小对", "七小對", "Seven Pairs"), ("七个对子，门清", "七個對子，門清", "seven pairs, no calls")),
    "all_pungs": (("大对胡", "大對胡", "All Pungs"), ("四副碰加一对，不吃不杠", "四副碰加一對，不吃不槓", "four pongs and a pair, no chow or kong")),
    "dragon": (("龙", "龍", "Dragon"), ("一门123、456、789三副顺子", "一門123、456、789三副順子", "123 456 789 of one suit as chows")),
    "full_flush": (("清一色", "清一色", "Full Flush"), ("只有一门花色；与大对胡或龙同时则基数翻倍", "只有一門花色；與大對胡或龍同時則基數翻倍", "one suit only; doubles the base of All Pungs (大对胡) or the Dragon (龙) with it")),
    "mixed_seven_pairs": (("混七对", "混七對", "Mixed Seven Pairs"), ("七对中五或六对同一门", "七對中五或六對同一門", "seven pairs, five or six of one suit")),
    "pure_seven_pairs": (("清七对", "清七對", "Pure Seven Pairs"), ("七对全是一门", "七對全是一門", "seven pairs all of one suit")),
    "thirteen_orphans": (("十三幺", "十三么", "Thirteen Orphans"), ("幺九和七种字牌各一张，再加一张中发白", "么九和七種字牌各一張，再加一張中發白", "each terminal and honour, plus a dragon")),
    "all_honours": (("清风", "清風", "All Honours"), ("全是字牌", "全是字牌", "honours only")),
    "self_draw": (("提", "提", "Self-Draw"), ("自摸，翻一倍", "自摸，翻一倍", "self-drawn: ×2")),
    "concealed": (("门清", "門清", "Concealed"), ("没有吃碰杠，翻一倍", "沒有吃碰槓，翻一倍", "no call of any kind: ×2")),
    "kong_bloom": (("杠上开花", "槓上開花", "Kong Bloom"), ("杠后补牌自摸，翻一倍", "槓後補牌自摸，翻一倍", "won on a kong's replacement: ×2")),
    "last_tile": (("海底捞月", "海底撈月", "Last Tile"), ("摸最后一张活牌胡，翻一倍", "摸最後一張活牌胡，翻一倍", "won on the last live tile: ×2")),
    "edge_wait": (("边", "邊", "Edge Wait"), ("只听边张，翻一倍", "只聽邊張，翻一倍", "edge wait only: ×2")),
    "closed_wait": (("卡", "卡", "Closed Wait"), ("只听卡张，翻一倍", "只聽卡張，翻一倍", "closed wait only: ×2")),
    "single_wait": (("钓", "釣", "Single Wait"), ("只听单钓，翻一倍", "只聽單釣，翻一倍", "pair wait only: ×2")),
    "closed_five": (("卡五", "卡五", "Closed Five"), ("卡五再翻一倍", "卡五再翻一倍", "a closed wait on a 5: ×2 more")),
    "dealer": (("庄", "莊", "Dealer"), ("庄家胡，翻一倍", "莊家胡，翻一倍", "the dealer wins: ×2")),
}
for _bid, (_name, _line) in BAODING.items():
    FAMILY_NAMES[("baoding", _bid)] = _name
    FAMILY_DESCRIPTIONS[("baoding", _bid)] = _line
    NAMES.setdefault(_bid, _name)
    DESCRIPTIONS.setdefault(_bid, _line)
NAMES.setdefault("false_win", ("诈胡", "詐胡", "False Win"))
DESCRIPTIONS.setdefault(
    "false_win", ("报胡却不是胡牌", "報胡卻不是胡牌", "a declared win that is no winning hand")
)

# the Taiwan 台: the family's own names, generic where no other game has them
for _tid, (_name, _line) in TAIWAN_TAI.items():
    FAMILY_NAMES[("taiwan", _tid)] = _name
    FAMILY_DESCRIPTIONS[("taiwan", _tid)] = _line
    NAMES.setdefault(_tid, _name)
    DESCRIPTIONS.setdefault(_tid, _line)

# the Guobiao fans: the family's own names, and the generic ones where no other game has them
for _fid, (_hans, _hant, _en, _dhans, _dhant, _den) in GUOBIAO_FANS.items():
    FAMILY_NAMES[("guobiao", _fid)] = (_hans, _hant, _en)
    NAMES.setdefault(_fid, (_hans, _hant, _en))
    DESCRIPTIONS.setdefault(_fid, (_dhans, _dhant, _den))
    FAMILY_DESCRIPTIONS[("guobiao", _fid)] = (_dhans, _dhant, _den)

# the riichi yaku: the family's own names (romaji and English), generic where no other game has them
for _yid, (_hans, _hant, _en, _dhans, _dhant, _den) in RIICHI_YAKU.items():
    FAMILY_NAMES[("riichi", _yid)] = (_hans, _hant, _en)
    NAMES.setdefault(_yid, (_hans, _hant, _en))
    DESCRIPTIONS.setdefault(_yid, (_dhans, _dhant, _den))
    FAMILY_DESCRIPTIONS[("riichi", _yid)] = (_dhans, _dhant, _den)


def _entries() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for (family, pid), (hans, hant, en) in FAMILY_DESCRIPTIONS.items():
        out[f"pattern.{family}.{pid}.desc"] = {"zh-Hans": hans, "zh-Hant": hant, "en": en}
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


def pattern_description(pattern_id: str, locale: object = "en", family: str | None = None) -> str:
    if family and has(f"pattern.{family}.{pattern_id}.desc"):
        return t(f"pattern.{family}.{pattern_id}.desc", locale)
    return t(f"pattern.{pattern_id}.desc", locale)


# the patterns a "points" table multiplies the form by (the 100-tile game's 混一色 ×3)
POINT_MULTIPLIERS: Final = frozenset({"half_flush", "full_flush"})


def value_text(
    style: str, value: int, locale: object = "en", bonus: bool = False, pattern: str = ""
) -> str:
    """How a pattern's (or, with ``bonus``, an addition's) value reads under a family's value
    style: ×3 (multiples), 3 番 / +1 番 (fan), +1 番 / +1 花 (Shanghai's 番 and 花), 段;
    ``points``: 2 分, a colour ×3 (``pattern`` says which), an addition +1 分."""
    if style == "multiple":
        return f"×{value}"
    if style == "points":
        if pattern in POINT_MULTIPLIERS and not bonus:
            return f"×{value}"
        one = "_one" if value == 1 else ""
        return ("+" if bonus else "") + t(f"render.points{one}", locale, n=value)
    if style == "tai":
        return t("render.tai", locale, n=value)
    if style == "duan":
        return ("+" if bonus else "") + t("render.duan", locale, n=value)
    if style == "hua" and bonus:
        return "+" + t("render.hua", locale, n=value)
    sign = "+" if bonus or style in ("hua", "fan_sum") else ""
    return sign + t("render.fan", locale, n=value)
