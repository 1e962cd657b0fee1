"""Names and one-line descriptions of the riichi yaku, by yaku id (:mod:`engine.riichi.yaku`):
(zh-Hans name, zh-Hant name, en name, zh-Hans line, zh-Hant line, en line). The English
name is the romaji riichi players use, with the English meaning beside it where it is not
plain. :mod:`i18n.patterns` registers them as the ``riichi`` family's names."""

from __future__ import annotations

from typing import Final

_WINDS: Final = (("east", "东", "東", "East"), ("south", "南", "南", "South"),
                 ("west", "西", "西", "West"), ("north", "北", "北", "North"))  # fmt: skip

YAKU: Final[dict[str, tuple[str, str, str, str, str, str]]] = {
    "menzen_tsumo": ("门前清自摸和", "門前清自摸和", "Menzen Tsumo (Concealed Self-Draw)", "门前清自摸和牌", "門前清自摸和牌", "a self-draw with a closed hand"),
    "riichi": ("立直", "立直", "Riichi", "门前清听牌时宣言立直", "門前清聽牌時宣言立直", "declared ready with a closed hand"),
    "ippatsu": ("一发", "一發", "Ippatsu (One Shot)", "立直后一巡内和牌，其间无人鸣牌", "立直後一巡內和牌，其間無人鳴牌", "won within a go-around of riichi, no call between"),
    "chankan": ("抢杠", "搶槓", "Chankan (Robbing a Kong)", "和别人加杠的那张牌", "和別人加槓的那張牌", "won on the tile another player adds to a pung"),
    "rinshan_kaihou": ("岭上开花", "嶺上開花", "Rinshan Kaihou (Win on a Kong's Tile)", "用开杠后补的岭上牌自摸和牌", "用開槓後補的嶺上牌自摸和牌", "self-drawn on a kong's replacement tile"),
    "haitei_raoyue": ("海底摸月", "海底摸月", "Haitei Raoyue (Last Tile Drawn)", "自摸牌墙最后一张牌和牌", "自摸牌牆最後一張牌和牌", "self-drawn on the last tile of the wall"),
    "houtei_raoyui": ("河底捞鱼", "河底撈魚", "Houtei Raoyui (Last Discard)", "荣和最后一张打出的牌", "榮和最後一張打出的牌", "won on the last discard"),
    "double_riichi": ("两立直", "兩立直", "Double Riichi", "第一巡、无人鸣牌前立直", "第一巡、無人鳴牌前立直", "riichi on one's first discard, before any call"),
    "pinfu": ("平和", "平和", "Pinfu (No-Points Hand)", "门前清四副顺子、非役牌雀头、两面听", "門前清四副順子、非役牌雀頭、兩面聽", "closed: four sequences, a plain pair, a two-sided wait"),
    "tanyao": ("断幺九", "斷么九", "Tanyao (All Simples)", "只有2到8的数牌", "只有2到8的數牌", "only 2 to 8 of the suits"),
    "iipeiko": ("一杯口", "一盃口", "Iipeikou (Pure Double Sequence)", "门前清两副相同的顺子", "門前清兩副相同的順子", "closed: two identical sequences"),
    "yakuhai_haku": ("役牌 白", "役牌 白", "Yakuhai: White Dragon", "白的刻子或杠子", "白的刻子或槓子", "a pung of White"),
    "yakuhai_hatsu": ("役牌 发", "役牌 發", "Yakuhai: Green Dragon", "发的刻子或杠子", "發的刻子或槓子", "a pung of Green"),
    "yakuhai_chun": ("役牌 中", "役牌 中", "Yakuhai: Red Dragon", "中的刻子或杠子", "中的刻子或槓子", "a pung of Red"),
    **{f"yakuhai_seat_wind_{w}": (f"自风 {hans}", f"自風 {hant}", f"Yakuhai: Seat Wind {en}", f"自风{hans}的刻子", f"自風{hant}的刻子", f"a pung of one's seat wind, {en}") for w, hans, hant, en in _WINDS},
    **{f"yakuhai_round_wind_{w}": (f"场风 {hans}", f"場風 {hant}", f"Yakuhai: Round Wind {en}", f"场风{hans}的刻子", f"場風{hant}的刻子", f"a pung of the round wind, {en}") for w, hans, hant, en in _WINDS},
    "sanshoku_doujun": ("三色同顺", "三色同順", "Sanshoku Doujun (Mixed Triple Sequence)", "三门各一副相同的顺子", "三門各一副相同的順子", "the same sequence in all three suits"),
    "ittsu": ("一气通贯", "一氣通貫", "Ittsu (Pure Straight)", "一门的123、456、789", "一門的123、456、789", "123 456 789 of one suit"),
    "chantai": ("混全带幺九", "混全帶么九", "Chantai (Half Outside Hand)", "每副面子和雀头都带幺九或字牌", "每副面子和雀頭都帶么九或字牌", "every set and the pair hold a terminal or an honour"),
    "honroutou": ("混老头", "混老頭", "Honroutou (All Terminals and Honours)", "只有幺九牌和字牌", "只有么九牌和字牌", "only terminals and honours"),
    "toitoi": ("对对和", "對對和", "Toitoi (All Pungs)", "四副刻子或杠子", "四副刻子或槓子", "four pungs or kongs"),
    "san_ankou": ("三暗刻", "三暗刻", "San Ankou (Three Concealed Pungs)", "三副暗刻", "三副暗刻", "three concealed pungs"),
    "san_kantsu": ("三杠子", "三槓子", "San Kantsu (Three Kongs)", "三副杠子", "三副槓子", "three kongs"),
    "sanshoku_doukou": ("三色同刻", "三色同刻", "Sanshoku Doukou (Triple Pungs)", "三门各一副相同的刻子", "三門各一副相同的刻子", "the same pung in all three suits"),
    "chiitoitsu": ("七对子", "七對子", "Chiitoitsu (Seven Pairs)", "七个不同的对子", "七個不同的對子", "seven different pairs"),
    "shou_sangen": ("小三元", "小三元", "Shousangen (Little Three Dragons)", "两副三元牌刻子加三元牌雀头", "兩副三元牌刻子加三元牌雀頭", "two dragon pungs and a dragon pair"),
    "honitsu": ("混一色", "混一色", "Honitsu (Half Flush)", "一门数牌加字牌", "一門數牌加字牌", "one suit and honours"),
    "junchan": ("纯全带幺九", "純全帶么九", "Junchan (Terminals in All Sets)", "每副面子和雀头都带幺九，没有字牌", "每副面子和雀頭都帶么九，沒有字牌", "every set and the pair hold a terminal, no honours"),
    "ryanpeikou": ("二杯口", "二盃口", "Ryanpeikou (Twice Pure Double Sequence)", "门前清两组一杯口", "門前清兩組一盃口", "closed: two pairs of identical sequences"),
    "chinitsu": ("清一色", "清一色", "Chinitsu (Full Flush)", "只有一门数牌", "只有一門數牌", "one suit only"),
    "kokushi_musou": ("国士无双", "國士無雙", "Kokushi Musou (Thirteen Orphans)", "十三种幺九牌各一张，其中一种成对", "十三種么九牌各一張，其中一種成對", "each terminal and honour, one of them paired"),
    "chuuren_poutou": ("九莲宝灯", "九蓮寶燈", "Chuuren Poutou (Nine Gates)", "门前清一门1112345678999加一张", "門前清一門1112345678999加一張", "closed 1112345678999 of one suit plus one"),
    "suu_ankou": ("四暗刻", "四暗刻", "Suu Ankou (Four Concealed Pungs)", "四副暗刻", "四副暗刻", "four concealed pungs"),
    "daisangen": ("大三元", "大三元", "Daisangen (Big Three Dragons)", "三副三元牌刻子", "三副三元牌刻子", "pungs of all three dragons"),
    "shousuushii": ("小四喜", "小四喜", "Shousuushii (Little Four Winds)", "三副风牌刻子加风牌雀头", "三副風牌刻子加風牌雀頭", "three wind pungs and a wind pair"),
    "ryuuiisou": ("绿一色", "綠一色", "Ryuuiisou (All Green)", "只有23468条和发", "只有23468條和發", "only 2 3 4 6 8 of bamboo and Green"),
    "suu_kantsu": ("四杠子", "四槓子", "Suu Kantsu (Four Kongs)", "四副杠子", "四副槓子", "four kongs"),
    "tsuu_iisou": ("字一色", "字一色", "Tsuuiisou (All Honours)", "只有字牌", "只有字牌", "honours only"),
    "chinroutou": ("清老头", "清老頭", "Chinroutou (All Terminals)", "只有一和九", "只有一和九", "only 1s and 9s"),
    "dai_suushii": ("大四喜", "大四喜", "Daisuushii (Big Four Winds)", "四副风牌刻子（双倍役满）", "四副風牌刻子（雙倍役滿）", "pungs of all four winds (double yakuman)"),
    "kokushi_musou_juusanmen_matchi": ("国士无双十三面", "國士無雙十三面", "Kokushi Musou, 13-Sided Wait", "国士无双听十三面和牌（双倍役满）", "國士無雙聽十三面和牌（雙倍役滿）", "thirteen orphans won on the 13-sided wait (double yakuman)"),
    "suu_ankou_tanki": ("四暗刻单骑", "四暗刻單騎", "Suu Ankou Tanki (Single Wait)", "四暗刻单骑雀头和牌（双倍役满）", "四暗刻單騎雀頭和牌（雙倍役滿）", "four concealed pungs won on the pair (double yakuman)"),
    "daburu_chuuren_poutou": ("纯正九莲宝灯", "純正九蓮寶燈", "Junsei Chuuren Poutou (True Nine Gates)", "九莲宝灯听九面和牌（双倍役满）", "九蓮寶燈聽九面和牌（雙倍役滿）", "nine gates won on the nine-sided wait (double yakuman)"),
    "tenhou": ("天和", "天和", "Tenhou (Blessing of Heaven)", "庄家配牌即和", "莊家配牌即和", "the dealer complete on the first draw"),
    "chiihou": ("地和", "地和", "Chiihou (Blessing of Earth)", "闲家第一次摸牌自摸和，之前无人鸣牌", "閒家第一次摸牌自摸和，之前無人鳴牌", "a non-dealer's first draw wins, no call before"),
    "dora": ("宝牌", "寶牌", "Dora", "指示牌的下一种牌，每张一番", "指示牌的下一種牌，每張一番", "the kind after an indicator, one han each"),
    "aka_dora": ("赤宝牌", "赤寶牌", "Aka Dora (Red Five)", "红五，每张一番", "紅五，每張一番", "a red five, one han each"),
    "ura_dora": ("里宝牌", "裏寶牌", "Ura Dora", "立直和牌时翻开的里指示牌，每张一番", "立直和牌時翻開的裏指示牌，每張一番", "under the indicators, for a riichi winner, one han each"),
}  # fmt: skip
