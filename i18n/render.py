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
    "render.round": ("{wind}风圈", "{wind}風圈", "{wind} round"),
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
    "render.self_drawn": ("自摸", "自摸", "self-drawn"),
    "render.on_discard": ("{name} 点炮", "{name} 點炮", "on {name}'s discard"),
    "render.drawn_hand": ("荒庄 · 流局", "荒莊 · 流局", "Drawn hand"),
    "render.no_payment": ("无人输赢", "無人輸贏", "nobody pays"),
    "render.total": ("合计", "合計", "Total"),
    "render.per_payer": ("每家付 {n}", "每家付 {n}", "{n} from each payer"),
    "render.from_discarder": ("放炮者付 {n}", "放炮者付 {n}", "{n} from the discarder"),
    "render.fan": ("{n} 番", "{n} 番", "{n} fan"),
    "render.fan_points": ("{fan} 番 = {n} 分", "{fan} 番 = {n} 分", "{fan} fan = {n} points"),
    "render.points": ("{n} 分", "{n} 分", "{n} points"),
    "render.payments": ("结算", "結算", "Payments"),
    "render.reason.kong": ("杠分", "槓分", "Kongs"),
    "render.reason.horse": ("奖马", "獎馬", "Horses"),
    "render.seed": ("洗牌种子", "洗牌種子", "Shuffle seed"),
    "render.settlement": ("结算", "結算", "Settlement"),
    "render.leaderboard": ("排行榜", "排行榜", "Leaderboard"),
    "render.rank": ("名次", "名次", "Rank"),
    "render.player": ("玩家", "玩家", "Player"),
    "render.chips": ("筹码", "籌碼", "Chips"),
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
    # the games with a joker from an indicator
    "render.indicator": ("指示牌", "指示牌", "Indicator"),
    "render.indicator.beijing": ("惠坯", "惠坯", "Huipi"),
    "render.joker.shanghai": ("百搭", "百搭", "Joker"),
    "render.joker.beijing": ("惠牌", "惠牌", "Joker"),
    "render.joker.quzhou": ("财神", "財神", "Joker"),
    "render.huangfan": ("荒番 {n}（×{x}）", "荒番 {n}（×{x}）", "Huangfan {n} (×{x})"),
    "render.burn": ("烧庄 {n} 轮", "燒莊 {n} 輪", "Burned ×{n}"),
    "render.bound": ("互包 {a}·{b}", "互包 {a}·{b}", "Bound {a}·{b}"),
    "render.hua_count": ("{n} 花", "{n} 花", "{n} hua"),
    "render.hua_points": ("{hua} 花 × 2^{fan} = {n} 分", "{hua} 花 × 2^{fan} = {n} 分",
                          "{hua} hua × 2^{fan} = {n} points"),
    "render.hua": ("{n} 花", "{n} 花", "{n} hua"),
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
    "render.void.0": ("缺万", "缺萬", "Void m"),
    "render.void.1": ("缺筒", "缺筒", "Void p"),
    "render.void.2": ("缺条", "缺條", "Void s"),
    "render.out": ("已和 {tile}", "已和 {tile}", "Won on {tile}"),
    "render.small_win": ("小胡 ×{n}", "小胡 ×{n}", "Small win ×{n}"),
    "render.haidi": ("要海底", "要海底", "Took the last tile"),
    "render.birds": ("鸟 {tiles}", "鳥 {tiles}", "Birds {tiles}"),
    "render.example_joker": ("例：指示牌 {ind} → {kind} {joker}", "例：指示牌 {ind} → {kind} {joker}",
                             "e.g. indicator {ind} → {kind} {joker}"),
    "render.rules_values_shanghai": (
        "花 × 2^番 × 底分；三番封顶；只能自摸", "花 × 2^番 × 底分；三番封頂；只能自摸",
        "hua × 2^fan × unit; at most 3 fan; self-draw only",
    ),
    "render.rules_values_beijing": (
        "番数相加 × 底分；烧庄、互包另算", "番數相加 × 底分；燒莊、互包另算",
        "fan added up × unit; 烧庄 and 互包 on top",
    ),
    "render.rules_values_sichuan": (
        "2^番 × 底分；三番封顶；血战到底：和牌者离场，其余继续",
        "2^番 × 底分；三番封頂；血戰到底：和牌者離場，其餘繼續",
        "2^fan × unit, 3 fan at most; a winner leaves, the others play on",
    ),
    "render.rules_values_changsha": (
        "平和 2-5-8 作将；大胡每个 6；扎鸟加倍", "平和 2-5-8 作將；大胡每個 6；紮鳥加倍",
        "ping hu needs a 2-5-8 pair; each big hand 6; birds double",
    ),
    "render.big_situational": ("大胡（含小和）", "大胡（含小和）", "Big hands that add (含小和)"),
    "render.small_wins": ("起手小胡", "起手小胡", "Small wins on the deal"),
    "render.ping_hu_value": ("×1/×2", "×1/×2", "×1/×2"),
    "render.small_win_value": ("×2", "×2", "×2"),
    "render.rules_values_quzhou": (
        "段 × 底分；点炮者付双倍", "段 × 底分；點炮者付雙倍",
        "duan × unit; a discarder pays double",
    ),
    "render.colour": ("花色", "花色", "Colour"),
    "render.forms": ("牌型", "牌型", "Hands"),
    "render.hua_items": ("花", "花", "Hua"),
}

# preset id: (zh-Hans, zh-Hant, en)
_PRESETS: Final[dict[str, tuple[str, str, str]]] = {
    "heyuan-zheng": ("河源百搭·正百搭", "河源百搭·正百搭", "Heyuan Baida (pattern)"),
    "heyuan-jihu": ("河源百搭·鸡胡百搭", "河源百搭·雞胡百搭", "Heyuan Baida (chicken)"),
    "guangdong": ("广东鸡平胡", "廣東雞平胡", "Guangdong Chicken Hand"),
    "shanghai": ("上海百搭", "上海百搭", "Shanghai Baida"),
    "beijing": ("北京麻将", "北京麻將", "Beijing Mahjong"),
    "quzhou": ("衢州邋遢胡", "衢州邋遢胡", "Quzhou Latahu"),
    "sichuan": ("四川血战到底", "四川血戰到底", "Sichuan Bloody Battle"),
    "changsha": ("长沙麻将", "長沙麻將", "Changsha Mahjong"),
}

register(
    {key: {"zh-Hans": a, "zh-Hant": b, "en": c} for key, (a, b, c) in _TEXTS.items()}
    | {f"preset.{pid}": {"zh-Hans": a, "zh-Hant": b, "en": c} for pid, (a, b, c) in _PRESETS.items()}
)
