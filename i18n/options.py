"""The names of the rule options a lobby shows (``/mahjong rules``, the ``house-rules`` text's
completions), by the option's field name in ``engine.rules.Rules`` (catalog keys
``option.<name>``). Every option field has its names here; a test holds the two lists equal."""

from __future__ import annotations

from typing import Final

from i18n import register

# option name: (zh-Hans, zh-Hant, en)
OPTION_NAMES: Final[dict[str, tuple[str, str, str]]] = {
    "wildcards": ("百搭数", "百搭數", "wildcards"),
    "bonus_flowers": ("花牌补花", "花牌補花", "bonus flowers"),
    "honours": ("带字牌", "帶字牌", "honours"),
    "chow": ("可吃", "可吃", "chow"),
    "self_draw_only": ("自摸才胡", "自摸才胡", "self-draw only"),
    "multiple_winners": ("一炮多响", "一炮多響", "several winners on one discard"),
    "robbing_kong": ("抢杠胡", "搶槓胡", "robbing a kong"),
    "pass_win_lock": ("过胡", "過胡", "passed win locks"),
    "pass_pong_lock": ("过碰", "過碰", "passed pong locks"),
    "chicken_wins": ("可鸡胡", "可雞胡", "chicken hand wins"),
    "seven_pairs": ("七对", "七對", "seven pairs"),
    "seven_pairs_value": ("七对倍数", "七對倍數", "seven pairs value"),
    "four_wilds_win": ("四保胡", "四保胡", "four wildcards win"),
    "no_wilds_bonus": ("无保翻倍", "無保翻倍", "no-wildcard bonus"),
    "min_fan": ("起胡番", "起胡番", "minimum fan"),
    "fan_cap": ("封顶", "封頂", "fan cap"),
    "unit": ("底分", "底分", "unit (c)"),
    "kong_unit": ("杠分", "槓分", "kong unit (b)"),
    "discarder_pays_all": ("包三家", "包三家", "discarder pays for three"),
    "kongs_paid_on_draw": ("荒庄算杠", "荒莊算槓", "kongs paid on a draw"),
    "kong_payments": ("算杠", "算槓", "kong payments"),
    "horses": ("奖马", "獎馬", "horses"),
    "dealer_rotation": ("坐庄", "坐莊", "dealer"),
    "hands": ("局数", "局數", "hands per game"),
    "rounds": ("圈数", "圈數", "rounds of winds"),
    "mode": ("玩法", "玩法", "mode"),
    "reserve_stacks": ("留墩", "留墩", "stacks kept back"),
    "caishen": ("财神", "財神", "joker (财神)"),
    "draw_dealer_stays": ("流局连庄", "流局連莊", "dealer stays on a drawn hand"),
    "laizi": ("红中赖子", "紅中賴子", "red dragon and laizi jokers"),
    "joker_next": ("带弟百搭", "帶弟百搭", "next kind wild"),
    "white_stands_in": ("白板代百搭", "白板代百搭", "White stands in"),
    "lizhi": ("立直", "立直", "riichi (lizhi)"),
    "charleston": ("查理士顿", "查理士頓", "Charleston"),
    "dora": ("宝牌", "寶牌", "dora"),
    "flower_points": ("花算分", "花算分", "flower points"),
    "discard_furiten": ("排列出牌", "排列出牌", "own discards bar wins"),
    "joker_sets": ("百搭成刻", "百搭成刻", "jokers in sets"),
    "exchange_three": ("换三张", "換三張", "exchange three"),
    "tax_refund": ("退税", "退稅", "kong refund"),
    "players": ("人数", "人數", "players"),
    "hand_size": ("手牌张数", "手牌張數", "hand size"),
    "full_flush_only": ("必须清一色", "必須清一色", "full flush only"),
    "birds": ("扎鸟", "紮鳥", "birds"),
    "zhuang_xian": ("庄闲", "莊閒", "dealer pays one more"),
    "six_six": ("六六顺", "六六順", "two triplets on the deal"),
    "false_win": ("诈胡", "詐胡", "false win"),
    "all_pungs_kong": ("大对胡可杠", "大對胡可槓", "all pungs with kongs"),
    "orphans_any_pair": ("十三幺任意对", "十三么任意對", "thirteen orphans, any pair"),
    "draw_dealer_pays": ("黄庄庄家付", "黃莊莊家付", "dealer pays on a drawn hand"),
    "aka": ("赤宝牌", "赤寶牌", "red fives (aka dora)"),
    "nagashi_mangan": ("流局满贯", "流局滿貫", "nagashi mangan"),
    "abortive_draws": ("途中流局", "途中流局", "abortive draws"),
    "uma": ("顺位马", "順位馬", "uma (rank bonus)"),
    "multiple_ron": ("一炮多响", "一炮多響", "several rons"),
    "reserve": ("留牌", "留牌", "tiles kept back"),
    "base": ("底（台）", "底（台）", "base (tai)"),
    "seven_pairs_pung": ("呖咕呖咕", "嚦咕嚦咕", "seven pairs and a pung"),
    "flower_win": ("八仙过海·七抢一", "八仙過海·七搶一", "eight-flower win"),
    "half_melded": ("半求", "半求", "half melded"),
    "heavenly_tai": ("天胡台数", "天胡台數", "heavenly hand tai"),
}

# Discord shows these (a rules summary, the completions), not the pictures
register({f"option.{name}": {"zh-Hans": a, "zh-Hant": b, "en": c}
          for name, (a, b, c) in OPTION_NAMES.items()}, drawn=False)
