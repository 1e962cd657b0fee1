"""The Taiwan 台灣十六張 台 items by their rule-page ids: name and one line each, in zh-Hans,
zh-Hant and English (the rules sheet and the settlement list every 台 by these names)."""

from __future__ import annotations

from typing import Final

# id: ((zh-Hans, zh-Hant, en) name, (zh-Hans, zh-Hant, en) line)
TAI: Final[dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]]] = {
    "dealer": (("庄家", "莊家", "Dealer"), ("赢家或付钱的一方是庄家：1 台", "贏家或付錢的一方是莊家：1 台", "the winner or the payer deals: 1 tai")),
    "dealer_streak": (("连庄拉庄", "連莊拉莊", "Dealer Streak"), ("庄家连N拉N：每连一次 2 台", "莊家連N拉N：每連一次 2 台", "the dealer's streak of N hands: 2 tai each")),
    "self_draw": (("自摸", "自摸", "Self-Draw"), ("自己摸到胡牌：1 台", "自己摸到胡牌：1 台", "self-drawn: 1 tai")),
    "concealed": (("门清", "門清", "Concealed"), ("没有吃碰明杠，胡别人打的牌：1 台", "沒有吃碰明槓，胡別人打的牌：1 台", "no call, won on a discard: 1 tai")),
    "concealed_self_draw": (("门清自摸", "門清自摸", "Concealed Self-Draw"), ("门清又自摸（门清一摸三）：3 台", "門清又自摸（門清一摸三）：3 台", "concealed and self-drawn: 3 tai")),
    "single_wait": (("独听", "獨聽", "Single Wait"), ("只听一种牌（边张、中洞、单吊）：1 台", "只聽一種牌（邊張、中洞、單吊）：1 台", "waiting on one kind only: 1 tai")),
    "all_melded": (("全求人", "全求人", "All Melded"), ("五副都是吃碰来的，胡别人打的最后一张：2 台", "五副都是吃碰來的，胡別人打的最後一張：2 台", "five called sets, won on a discard: 2 tai")),
    "half_melded": (("半求", "半求", "Half Melded"), ("五副都是吃碰来的，自摸最后一张：1 台", "五副都是吃碰來的，自摸最後一張：1 台", "five called sets, self-drawn: 1 tai")),
    "round_wind_pung": (("圈风", "圈風", "Round Wind"), ("圈风的刻子或杠：1 台", "圈風的刻子或槓：1 台", "a pung of the round wind: 1 tai")),
    "seat_wind_pung": (("门风", "門風", "Seat Wind"), ("门风的刻子或杠：1 台", "門風的刻子或槓：1 台", "a pung of the seat wind: 1 tai")),
    "dragon_pung": (("三元牌", "三元牌", "Dragon Pung"), ("中、发、白的刻子或杠，每副 1 台", "中、發、白的刻子或槓，每副 1 台", "each pung of a dragon: 1 tai")),
    "small_three_dragons": (("小三元", "小三元", "Small Three Dragons"), ("两副三元刻子加第三种作将：4 台", "兩副三元刻子加第三種作將：4 台", "two dragon pungs and the third as the pair: 4 tai")),
    "big_three_dragons": (("大三元", "大三元", "Big Three Dragons"), ("三副三元刻子：8 台", "三副三元刻子：8 台", "three dragon pungs: 8 tai")),
    "small_four_winds": (("小四喜", "小四喜", "Small Four Winds"), ("三副风刻加第四种风作将：8 台", "三副風刻加第四種風作將：8 台", "three wind pungs and the fourth as the pair: 8 tai")),
    "big_four_winds": (("大四喜", "大四喜", "Big Four Winds"), ("四副风刻：16 台", "四副風刻：16 台", "four wind pungs: 16 tai")),
    "all_chows": (("平胡", "平胡", "All Chows"), ("五副顺子加一对，无字无花，胡别人打的两面听：2 台", "五副順子加一對，無字無花，胡別人打的兩面聽：2 台", "five chows, no honour or flower, two-sided wait on a discard: 2 tai")),
    "all_pungs": (("碰碰胡", "碰碰胡", "All Pungs"), ("五副刻子或杠加一对：4 台", "五副刻子或槓加一對：4 台", "five pungs and a pair: 4 tai")),
    "three_concealed_pungs": (("三暗刻", "三暗刻", "Three Concealed Pungs"), ("三副暗刻：2 台", "三副暗刻：2 台", "three concealed pungs: 2 tai")),
    "four_concealed_pungs": (("四暗刻", "四暗刻", "Four Concealed Pungs"), ("四副暗刻：5 台", "四副暗刻：5 台", "four concealed pungs: 5 tai")),
    "five_concealed_pungs": (("五暗刻", "五暗刻", "Five Concealed Pungs"), ("五副暗刻：8 台", "五副暗刻：8 台", "five concealed pungs: 8 tai")),
    "seven_pairs_pung": (("呖咕呖咕", "嚦咕嚦咕", "Seven Pairs and a Pung"), ("七对加一副刻子，不吃不碰：8 台", "七對加一副刻子，不吃不碰：8 台", "seven pairs and a pung, no calls: 8 tai")),
    "half_flush": (("混一色", "混一色", "Half Flush"), ("一种花色加字牌：4 台", "一種花色加字牌：4 台", "one suit and honours: 4 tai")),
    "full_flush": (("清一色", "清一色", "Full Flush"), ("只有一种花色：8 台", "只有一種花色：8 台", "one suit only: 8 tai")),
    "all_honours": (("字一色", "字一色", "All Honours"), ("全是字牌：16 台", "全是字牌：16 台", "honours only: 16 tai")),
    "seat_flower": (("正花", "正花", "Seat Flower"), ("自己座位的花，每张 1 台", "自己座位的花，每張 1 台", "each flower of one's seat: 1 tai")),
    "flower_set": (("花杠", "花槓", "Flower Set"), ("春夏秋冬或梅兰菊竹四张齐：2 台", "春夏秋冬或梅蘭菊竹四張齊：2 台", "all four of a flower set: 2 tai")),
    "eight_flowers": (("八仙过海", "八仙過海", "Eight Immortals"), ("自己摸齐八张花，立即胡：8 台", "自己摸齊八張花，立即胡：8 台", "drawing the eighth flower wins at once: 8 tai")),
    "seven_rob_one": (("七抢一", "七搶一", "Seven Rob One"), ("手有七张花，抢别人亮出的第八张：8 台", "手有七張花，搶別人亮出的第八張：8 台", "holding seven flowers, taking the eighth: 8 tai")),
    "kong_bloom": (("杠上开花", "槓上開花", "Kong Bloom"), ("杠或补花后补牌自摸：1 台", "槓或補花後補牌自摸：1 台", "self-drawn on a kong's or flower's replacement: 1 tai")),
    "robbing_kong": (("抢杠", "搶槓", "Robbing the Kong"), ("胡别人加杠的牌：1 台", "胡別人加槓的牌：1 台", "won on a tile added to a pong: 1 tai")),
    "last_tile_draw": (("海底捞月", "海底撈月", "Last Tile Draw"), ("摸最后一张活牌自摸：1 台", "摸最後一張活牌自摸：1 台", "self-drawn on the last live tile: 1 tai")),
    "last_tile_discard": (("河底捞鱼", "河底撈魚", "Last Discard"), ("胡最后一张打出的牌：1 台", "胡最後一張打出的牌：1 台", "won on the last discard: 1 tai")),
    "heavenly": (("天胡", "天胡", "Heavenly Hand"), ("庄家起手补花后即胡：24 台", "莊家起手補花後即胡：24 台", "the dealer's dealt tiles win: 24 tai")),
    "earthly": (("地胡", "地胡", "Earthly Hand"), ("闲家第一次摸牌自摸，之前没人吃碰：16 台", "閒家第一次摸牌自摸，之前沒人吃碰：16 台", "a non-dealer's first draw wins: 16 tai")),
    "human": (("人胡", "人胡", "Human Hand"), ("闲家第一次摸牌前胡别人打的牌：8 台", "閒家第一次摸牌前胡別人打的牌：8 台", "a non-dealer wins before his first draw: 8 tai")),
}  # fmt: skip
