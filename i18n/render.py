"""Words that appear on the pictures (``render.*``) and preset names (``preset.<id>``)."""

from __future__ import annotations

from typing import Final

from i18n import register

# key: (zh-Hans, zh-Hant, en)
_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    "render.wind.0": ("东", "東", "East"),
    "render.wind.1": ("南", "南", "South"),
    "render.wind.2": ("西", "西", "West"),
    "render.wind.3": ("北", "北", "North"),
    "render.wind_short.0": ("东", "東", "E"),
    "render.wind_short.1": ("南", "南", "S"),
    "render.wind_short.2": ("西", "西", "W"),
    "render.wind_short.3": ("北", "北", "N"),
    # a computer seat's name on the pictures, with its level ("CPU1 · hard")
    "render.with_level": ("{name}·{level}", "{name}·{level}", "{name} · {level}"),
    "render.round": ("{wind}风圈", "{wind}風圈", "{wind} round"),
    "render.seats": ("{n} 人", "{n} 人", "{n} seats"),
    "render.hand_number": ("第 {n} 局", "第 {n} 局", "Hand {n}"),
    "render.wall": ("余牌", "餘牌", "Wall"),
    "render.dealer": ("庄", "莊", "Dealer"),
    "render.dealer_badge": ("庄", "莊", "Dealer"),
    "render.turn": ("出牌中", "出牌中", "to play"),
    "render.waits": ("听牌", "聽牌", "Waits"),
    "render.no_waits": ("未听牌", "未聽牌", "not ready"),
    "render.flowers": ("花牌", "花牌", "Flowers"),
    "render.wildcard": ("百搭", "百搭", "Wildcard"),
    "render.wins": ("{name} 胡牌", "{name} 胡牌", "{name} wins"),
    "render.false_win": ("{name} 诈胡", "{name} 詐胡", "{name}: false win"),
    "render.false_win_paid": ("诈胡赔付", "詐胡賠付", "Paid for the false win"),
    "render.self_drawn": ("自摸", "自摸", "self-drawn"),
    "render.on_flower": ("抢 {name} 的花", "搶 {name} 的花", "taking {name}'s flower"),
    "render.on_discard": ("{name} 点炮", "{name} 點炮", "on {name}'s discard"),
    "render.drawn_hand": ("荒庄 · 流局", "荒莊 · 流局", "Drawn hand"),
    "render.no_payment": ("无人输赢", "無人輸贏", "nobody pays"),
    "render.total": ("合计", "合計", "Total"),
    "render.per_payer": ("每家付 {n}", "每家付 {n}", "{n} from each payer"),
    "render.from_discarder": ("放炮者付 {n}", "放炮者付 {n}", "{n} from the discarder"),
    "render.fan": ("{n} 番", "{n} 番", "{n} fan"),
    "render.fan_points": ("{fan} 番 = {n} 分", "{fan} 番 = {n} 分", "{fan} fan = {n} points"),
    "render.fan_points_one": ("{fan} 番 = {n} 分", "{fan} 番 = {n} 分", "{fan} fan = {n} point"),
    "render.points": ("{n} 分", "{n} 分", "{n} points"),
    "render.points_one": ("{n} 分", "{n} 分", "{n} point"),
    "render.payments": ("结算", "結算", "Payments"),
    "render.reason.kong": ("杠分", "槓分", "Kongs"),
    "render.reason.horse": ("奖马", "獎馬", "Horses"),
    "render.reason.lizhi": ("立直棒", "立直棒", "Stakes"),
    "render.seed": ("洗牌种子", "洗牌種子", "Shuffle seed"),
    "render.settlement": ("结算", "結算", "Settlement"),
    "render.leaderboard": ("排行榜", "排行榜", "Leaderboard"),
    "render.rank": ("名次", "名次", "Rank"),
    "render.player": ("玩家", "玩家", "Player"),
    "render.chips": ("筹码", "籌碼", "Chips"),
    "render.house_chips": ("东家筹码", "東家籌碼", "house chips"),
    "render.change": ("变化", "變化", "Change"),
    "render.patterns": ("番种", "番種", "Patterns"),
    "render.bonuses_heyuan": ("加倍", "加倍", "Bonuses (they multiply)"),
    "render.bonuses_guangdong": ("加番（爆胡以内）", "加番（爆胡以內）", "Additions (inside the cap)"),
    "render.situations": ("特殊情况", "特殊情況", "Situations"),
    "render.situations_note": (
        "爆胡以内至少 3 番", "爆胡以內至少 3 番", "a hand inside the cap scores at least 3 fan",
    ),
    "render.not_a_win": ("不能胡", "不能胡", "not a win"),
    "render.wild_legend": ("金框 = 百搭", "金框 = 百搭", "gold frame = wildcard"),
    "render.rules_values_heyuan": (
        "倍数 × 底分；自摸三家付", "倍數 × 底分；自摸三家付",
        "multiple × unit; on a self-draw all three pay",
    ),
    "render.rules_values_guangdong": (
        "2^番 × 底分；三番封顶", "2^番 × 底分；三番封頂",
        "2^fan × unit; hands inside the cap stop at 3 fan",
    ),
    "render.rules_values_fujian": (
        "2^番 × 底分；三番封顶；杠尾翻开的那张不用，同类另外三张是百搭（带弟：下一种四张）；白板代百搭那一种",
        "2^番 × 底分；三番封頂；槓尾翻開的那張不用，同類另外三張是百搭（帶弟：下一種四張）；白板代百搭那一種",
        "2^fan × unit; hands inside the cap stop at 3 fan; the tile turned at the tail is out "
        "of play and the other three of its kind are wild (带弟: the four of the next kind); "
        "every 白板 is a natural tile of the wild kind",
    ),
    "render.rules_values_nanjing": (
        "2^番 × 底分 + 花数；三番封顶；八张花和十二张箭牌都是花（补花），没有箭牌的番种",
        "2^番 × 底分 + 花數；三番封頂；八張花和十二張箭牌都是花（補花），沒有箭牌的番種",
        "2^fan × unit + 1 per flower set aside; hands inside the cap stop at 3 fan; the 8 "
        "flowers and the 12 dragons are 20 bonus tiles (no dragon hands)",
    ),
    "render.rules_values_jiangnan": (
        "2^番 × 底分；三番封顶；每家 12 张（庄家 13），另有一张想象的心皇，只在和牌时当作任何一张；打过的那种牌不能吃，也不能胡别人打的",
        "2^番 × 底分；三番封頂；每家 12 張（莊家 13），另有一張想像的心皇，只在和牌時當作任何一張；打過的那種牌不能吃，也不能胡別人打的",
        "2^fan × unit; hands inside the cap stop at 3 fan; 12 tiles each (the dealer 13) and "
        "one imagined tile, the 心皇, that stands for any tile only to complete a win; no chow "
        "of, and no win on another's tile of, a kind one discarded",
    ),
    "render.rules_values_philippine": (
        "2^番 × 底分；三番封顶；杠尾翻开的那张不用，它和相连的两种及另两门同数（番子：它和后面四种）共五种是百搭",
        "2^番 × 底分；三番封頂；槓尾翻開的那張不用，它和相連的兩種及另兩門同數（番子：它和後面四種）共五種是百搭",
        "2^fan × unit; hands inside the cap stop at 3 fan; the tile turned at the tail is out "
        "of play; its kind, its two neighbours and its number in the other suits (an honour: "
        "it and the next four) are wild, five kinds",
    ),
    "render.rules_values_hefei": (
        "2^番 × 底分；三番封顶；一门花色至少八张才能胡（八枝）；不能吃",
        "2^番 × 底分；三番封頂；一門花色至少八張才能胡（八枝）；不能吃",
        "2^fan × unit; hands inside the cap stop at 3 fan; a win needs eight tiles of one "
        "suit (八枝); no chow",
    ),
    "render.rules_values_yangzhou": (
        "2^番 × 底分；只有这六种胡，别的都不加番；不能吃；抢杠算点炮，被抢的人付一份",
        "2^番 × 底分；只有這六種胡，別的都不加番；不能吃；搶槓算點炮，被搶的人付一份",
        "2^fan × unit; these six hands only, nothing adds; no chow; a robbed kong is a "
        "discard, the robbed player pays one share",
    ),
    "render.suit_count": (
        "万 {m} · 筒 {p} · 条 {s} — 八枝要 {n} 张", "萬 {m} · 筒 {p} · 條 {s} — 八枝要 {n} 張",
        "万 {m} · 筒 {p} · 条 {s} — 八枝 needs {n}",
    ),
    "render.deal_dice": ("骰{a}+{b} 第{k}墩", "骰{a}+{b} 第{k}墩", "{a}+{b}, stack {k}"),
    "render.kept_deal": ("连庄 {n}", "連莊 {n}", "Kept the deal {n}×"),
    "render.imagined": ("心皇", "心皇", "心皇"),
    "render.flower_points": ("每家 +{n}", "每家 +{n}", "+{n} from each"),
    "render.dice_first": ("掷 {dice}", "擲 {dice}", "Threw {dice}"),
    "render.dice_again": ("再掷 {dice}·第{n}墩", "再擲 {dice}·第{n}墩", "Again {dice}·stack {n}"),
    "render.rules_values_hundred": (
        "分数 × 底分，只能自摸，三家各付；胡了的一局另算杠：点杠放杠者付 3，暗杠每家付 2，补杠每家付 1",
        "分數 × 底分，只能自摸，三家各付；胡了的一局另算槓：點槓放槓者付 3，暗槓每家付 2，補槓每家付 1",
        "points × unit, self-draw only, paid by each of the three; in a hand someone won, kongs "
        "too: an exposed kong 3 from its discarder, a concealed kong 2 from each, an added "
        "kong 1 from each",
    ),
    "render.point_additions": (
        "加分（番种×花色的牌，最多 12 分）", "加分（番種×花色的牌，最多 12 分）",
        "Additions (to a form × colour hand, 12 at most)",
    ),
    # the games with a joker from an indicator
    "render.indicator": ("指示牌", "指示牌", "Indicator"),
    "render.dora_indicator": ("宝牌指示", "寶牌指示", "Dora indicator"),
    "render.dora": ("宝牌", "寶牌", "Dora"),
    "render.charleston": ("查理士顿 第{n}轮 · 选三张", "查理士頓 第{n}輪 · 選三張", "Charleston pass {n} · choose three"),
    "render.charleston.to.1": ("给下家", "給下家", "to the next player"),
    "render.charleston.to.2": ("给对家", "給對家", "across"),
    "render.charleston.to.3": ("给上家", "給上家", "to the previous player"),
    "render.lizhi": ("立直 · 立直棒 {n} · 手牌锁定", "立直 · 立直棒 {n} · 手牌鎖定", "Riichi · stake {n} · hand locked"),
    "render.indicator.beijing": ("惠坯", "惠坯", "Huipi"),
    "render.joker.shanghai": ("百搭", "百搭", "Joker"),
    "render.joker.beijing": ("惠牌", "惠牌", "Joker"),
    "render.joker.quzhou": ("财神", "財神", "Joker"),
    "render.joker.yangzhou": ("赖子", "賴子", "Laizi"),
    "render.bonuses_yangzhou": ("加番（红中赖子）", "加番（紅中賴子）", "Additions (red dragon and laizi)"),
    "render.indicator.fujian": ("翻牌", "翻牌", "Turned"),
    "render.joker.fujian": ("百搭", "百搭", "Joker"),
    "render.indicator.philippine": ("翻牌", "翻牌", "Turned"),
    "render.joker.philippine": ("窗百搭", "窗百搭", "Window"),
    "render.stand_in": ("白板 = {tile}", "白板 = {tile}", "White = {tile}"),
    "render.huangfan": ("荒番 {n}（×{x}）", "荒番 {n}（×{x}）", "Draw doubling (荒番) {n} (×{x})"),
    "render.burn": ("烧庄 {n} 轮", "燒莊 {n} 輪", "Burned ×{n}"),
    "render.bound": ("互包 {a}·{b}", "互包 {a}·{b}", "Bound {a}·{b}"),
    "render.hua_count": ("{n} 花", "{n} 花", "{n} flower pts (花)"),
    "render.hua_points": ("{hua} 花 × 2^{fan} = {n} 分", "{hua} 花 × 2^{fan} = {n} 分",
                          "{hua} flower pts (花) × 2^{fan} = {n} points"),
    "render.hua_points_one": ("{hua} 花 × 2^{fan} = {n} 分", "{hua} 花 × 2^{fan} = {n} 分",
                              "{hua} flower pts (花) × 2^{fan} = {n} point"),
    "render.hua": ("{n} 花", "{n} 花", "{n} flower pts (花)"),
    "render.fan_sum": ("{n} 番", "{n} 番", "{n} fan"),
    "render.duan": ("{n} 段", "{n} 段", "{n} duan"),
    "render.duan_points": ("{duan} 段 = 每家 {n}", "{duan} 段 = 每家 {n}", "{duan} duan = {n} each"),
    "render.duan_discard": ("{duan} 段 × 2 = {n}", "{duan} 段 × 2 = {n}", "{duan} duan × 2 = {n}"),
    "render.reason.burn": ("烧庄", "燒莊", "Dealer burned"),
    "render.reason.bound": ("互包", "互包", "Bound (互包)"),
    "render.reason.draw": ("流局", "流局", "Drawn hand"),
    "render.reason.win": ("胡牌", "胡牌", "Win"),
    "render.reason.small_win": ("起手小胡", "起手小胡", "Small win"),
    "render.reason.flower_pig": ("查花猪", "查花豬", "Three suits"),
    "render.reason.not_ready": ("查叫", "查叫", "Not ready"),
    "render.reason.refund": ("退税", "退稅", "Kongs paid back"),
    "render.ledger": ("每笔收付", "每筆收付", "Every payment"),
    "render.void.0": ("缺万", "缺萬", "Void Characters"),
    "render.void.1": ("缺筒", "缺筒", "Void Dots"),
    "render.void.2": ("缺条", "缺條", "Void Bamboo"),
    "render.out_self": ("已和牌，离场", "已和牌，離場", "Won, out of the hand"),
    "render.this_hand": ("本局 {n}", "本局 {n}", "hand {n}"),
    "render.out": ("已和 {tile}", "已和 {tile}", "Won on {tile}"),
    "render.small_win": ("小胡 ×{n}", "小胡 ×{n}", "Small win ×{n}"),
    "render.haidi": ("要海底", "要海底", "Took the last tile"),
    "render.birds": ("鸟 {tiles}", "鳥 {tiles}", "Birds {tiles}"),
    "render.example_joker": ("例：指示牌 {ind} → {kind} {joker}", "例：指示牌 {ind} → {kind} {joker}",
                             "e.g. indicator {ind} → {kind} {joker}"),
    "render.rules_values_shanghai": (
        "花 × 2^番 × 底分；三番封顶；只能自摸", "花 × 2^番 × 底分；三番封頂；只能自摸",
        "flower points (花) × 2^fan × unit; at most 3 fan; self-draw only",
    ),
    "render.rules_values_beijing": (
        "番数相加 × 底分；烧庄、互包另算", "番數相加 × 底分；燒莊、互包另算",
        "fan added up × unit; the dealer's streak (烧庄) and liability (互包) on top",
    ),
    "render.rules_values_sichuan": (
        "2^番 × 底分；三番封顶；血战到底：和牌者离场，其余继续",
        "2^番 × 底分；三番封頂；血戰到底：和牌者離場，其餘繼續",
        "2^fan × unit, 3 fan at most; a winner leaves, the others play on",
    ),
    "render.rules_values_changsha": (
        "平和 2-5-8 作将；大胡每个 6；扎鸟加倍", "平和 2-5-8 作將；大胡每個 6；紮鳥加倍",
        "a plain win (平和) needs a 2-5-8 pair; each big hand 6; birds (扎鸟) double",
    ),
    "render.big_situational": ("大胡（含小和）", "大胡（含小和）", "Big hands that add (含小和)"),
    "render.small_wins": ("起手小胡", "起手小胡", "Small wins on the deal"),
    "render.ping_hu_value": ("×1/×2", "×1/×2", "×1/×2"),
    "render.small_win_value": ("×2", "×2", "×2"),
    "render.rules_values_guobiao": (
        "番数相加；起和8番（花牌不计）；点和放铳者付8+番、另两家各付8，自摸三家各付8+番",
        "番數相加；起和8番（花牌不計）；點和放銃者付8+番、另兩家各付8，自摸三家各付8+番",
        "fan added up; 8 to win (flowers not counted); discarder 8 + F, others 8; self-draw 8 + F each",
    ),
    "render.rules_values_baoding": (
        "基数 × 2^翻倍 × 底分；三家都付，庄家付双倍", "基數 × 2^翻倍 × 底分；三家都付，莊家付雙倍",
        "base × 2^doublings × unit; all three pay, the dealer double",
    ),
    "render.page": ("第 {i} / {n} 页", "第 {i} / {n} 頁", "page {i} / {n}"),
    "render.reason.false_win": ("诈胡", "詐胡", "False win (诈胡)"),
    "render.rules_values_quzhou": (
        "段 × 底分；点炮者付双倍", "段 × 底分；點炮者付雙倍",
        "duan × unit; a discarder pays double",
    ),
    "render.rules_values_taiwan": (
        "(底 + 台 + 庄台) × 底分；底 3 台；庄家 1 + 2N 台（连N拉N）；自摸三家付，放枪者独付",
        "(底 + 台 + 莊台) × 底分；底 3 台；莊家 1 + 2N 台（連N拉N）；自摸三家付，放槍者獨付",
        "(base + tai + dealer's tai) × unit; base 3 tai; the dealer 1 + 2N tai (streak N); "
        "a self-draw all three pay, a discard the discarder alone",
    ),
    "render.rules_values_riichi": (
        "番与符计点；满贯以上按表；点和放铳者付，自摸三家付；本场 300 点，立直 1000 点；"
        "终局成绩 =（点数 − 30000）/ 1000 + 马，筹码 = 成绩 × 底分",
        "番與符計點；滿貫以上按表；點和放銃者付，自摸三家付；本場 300 點，立直 1000 點；"
        "終局成績 =（點數 − 30000）/ 1000 + 馬，籌碼 = 成績 × 底分",
        "han and fu make the points; mangan and up by the table; a discarder pays, a self-draw "
        "all three; honba 300, riichi 1000; the game's result (points − 30000) / 1000 + uma, "
        "chips = result × unit",
    ),
    "render.tai_items": ("台数", "台數", "Tai"),
    "render.tai": ("{n} 台", "{n} 台", "{n} tai"),
    "render.tai_streak": ("每连一次 2 台", "每連一次 2 台", "2 tai per hand kept"),
    "render.streak": ("连{n}拉{n}", "連{n}拉{n}", "Dealer streak {n} (連{n}拉{n})"),
    "render.streak_short": ("连{n}拉{n}", "連{n}拉{n}", "Streak 連{n}拉{n}"),
    "render.tai_base": ("底", "底", "Base"),
    "render.tai_dealer_only": ("（只算庄家付的）", "（只算莊家付的）", "(the dealer's payment)"),
    "render.tai_formula": (
        "(底 {base} + {tai} 台) × {unit} = {n}", "(底 {base} + {tai} 台) × {unit} = {n}",
        "(base {base} + {tai} tai) × {unit} = {n}",
    ),
    "render.tai_paid_by": ("{seat}家付", "{seat}家付", "paid by {seat}"),
    "render.tai_each": ("三家各付", "三家各付", "each other seat pays it"),
    "render.tai_dealer_pays": (
        "另两家各付；庄家付 {formula}", "另兩家各付；莊家付 {formula}",
        "the other two each; the dealer pays {formula}",
    ),
    "render.colour": ("花色", "花色", "Colour"),
    "render.forms": ("牌型", "牌型", "Hands"),
    "render.hua_items": ("花", "花", "Hua"),
}

register(
    {key: {"zh-Hans": a, "zh-Hant": b, "en": c} for key, (a, b, c) in _TEXTS.items()}
)
