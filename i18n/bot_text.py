"""Every sentence the bot itself says (commands, buttons, refusals, notices), in three languages.

Keys are dotted ids; each maps to (zh-Hans, zh-Hant, en). The texts are registered in the
one catalog (:mod:`i18n`); ``bt(key, locale, **kw)`` is :func:`i18n.t` under the name the bot's
code has always used: any locale tag (Discord's ``zh-CN``, ``zh-TW``, ``en-US`` …), and an
unknown key raises. Rule presets' names are in :mod:`i18n.presets`.
"""

from __future__ import annotations

from typing import Final

from i18n import register, t

TEXT: Final[dict[str, tuple[str, str, str]]] = {
    # -- command names (Discord: lowercase, no spaces, ≤32) and descriptions (≤100) ------------
    "cmd.mahjong": ("麻将", "麻將", "mahjong"),
    "cmd.mahjong.desc": ("麻将桌：开桌、看牌、规则", "麻將桌：開桌、看牌、規則", "Mahjong tables: start, hand, rules"),
    "cmd.new": ("开桌", "開桌", "new"),
    "cmd.new.desc": ("开一张新桌，等朋友入座", "開一張新桌，等朋友入座", "Open a new table for friends to join"),
    "cmd.hand": ("我的牌", "我的牌", "hand"),
    "cmd.hand.desc": ("只给你看的手牌和按钮", "只給你看的手牌和按鈕", "Your hand and buttons, only for you"),
    "cmd.table": ("牌桌", "牌桌", "table"),
    "cmd.table.desc": ("重新贴出牌桌", "重新貼出牌桌", "Post the table picture again"),
    "cmd.rules": ("规则", "規則", "rules"),
    "cmd.rules.desc": ("看某套规则和番种", "看某套規則和番種", "Read a rule preset and its patterns"),
    "cmd.leave": ("离桌", "離桌", "leave"),
    "cmd.leave.desc": ("离开牌桌，电脑接手你的位子", "離開牌桌，電腦接手你的位子", "Leave your table; a computer takes your seat"),
    "cmd.chips": ("筹码", "籌碼", "chips"),
    "cmd.chips.desc": ("查看筹码", "查看籌碼", "Show chips"),
    "cmd.daily": ("每日", "每日", "daily"),
    "cmd.daily.desc": ("领取每日筹码", "領取每日籌碼", "Claim your daily chips"),
    "cmd.leaderboard": ("排行榜", "排行榜", "leaderboard"),
    "cmd.leaderboard.desc": ("本服务器的筹码排行", "本伺服器的籌碼排行", "This server's chip leaderboard"),
    "cmd.history": ("战绩", "戰績", "history"),
    "cmd.history.desc": ("你最近的牌局", "你最近的牌局", "Your recent games"),
    "cmd.admin": ("麻将管理", "麻將管理", "mahjong-admin"),
    "cmd.admin.desc": ("服务器设置（需要管理服务器权限）", "伺服器設定（需要管理伺服器權限）", "Server settings (Manage Server)"),
    "cmd.settings": ("设置", "設定", "settings"),
    "cmd.settings.desc": ("查看本服务器的设置", "查看本伺服器的設定", "Show this server's settings"),
    "cmd.preset": ("默认规则", "預設規則", "preset"),
    "cmd.preset.desc": ("设置默认规则和底注", "設定預設規則和底注", "Set the default rules and stake"),
    "cmd.timer": ("计时", "計時", "timer"),
    "cmd.timer.desc": ("设置出牌和吃碰的秒数", "設定出牌和吃碰的秒數", "Set the turn and claim timers"),
    "cmd.computers": ("电脑", "電腦", "computers"),
    "cmd.computers.desc": ("电脑玩家的默认水平和代打水平", "電腦玩家的預設水準和代打水準", "Default level of computer seats and of the computer that keeps an absent player's seat"),
    "param.level": ("水平", "水準", "level"),
    "param.level.desc": ("「加电脑」默认的水平", "「加電腦」預設的水準", "The level “Add computer” seats by default"),
    "param.afk": ("代打", "代打", "afk"),
    "param.afk.desc": ("玩家超时或离桌时接手的电脑水平", "玩家超時或離桌時接手的電腦水準", "The level of the computer that plays for someone who timed out or left"),
    "level.easy": ("简单", "簡單", "easy"),
    "level.normal": ("普通", "普通", "normal"),
    "level.hard": ("困难", "困難", "hard"),
    "level.greedy": ("贪心", "貪心", "greedy"),
    "level.random": ("随机", "隨機", "random"),
    "level.computer": ("{name}（{level}电脑）", "{name}（{level}電腦）", "{name} ({level} computer)"),
    "cmd.backup": ("备份", "備份", "backup"),
    "cmd.backup.desc": ("在机器人运行时备份数据库", "在機器人運行時備份資料庫", "Back up the database now, while the bot runs"),
    "admin.backup": ("备份已写好：{path}（{kb} KB，在机器人所在的机器上）", "備份已寫好：{path}（{kb} KB，在機器人所在的機器上）", "Backup written: {path} ({kb} KB, on the bot's machine)"),
    "admin.backup_failed": ("备份失败：{reason}", "備份失敗：{reason}", "The backup failed: {reason}"),
    "cmd.starting": ("初始筹码", "初始籌碼", "starting-chips"),
    "cmd.starting.desc": ("新玩家的初始筹码", "新玩家的初始籌碼", "Chips a new player starts with"),
    "cmd.grant": ("发放", "發放", "grant"),
    "cmd.grant.desc": ("给某人筹码（记录原因）", "給某人籌碼（記錄原因）", "Give someone chips (reason recorded)"),
    "cmd.remove": ("扣除", "扣除", "remove"),
    "cmd.remove.desc": ("扣除某人筹码（记录原因）", "扣除某人籌碼（記錄原因）", "Take chips from someone (reason recorded)"),
    "cmd.season": ("新赛季", "新賽季", "season-reset"),
    "cmd.season.desc": ("开始新赛季：所有人回到初始筹码", "開始新賽季：所有人回到初始籌碼", "Start a new season: everyone back to starting chips"),
    # -- parameter names and descriptions -------------------------------------------------------
    "param.preset": ("规则", "規則", "preset"),
    "param.preset.desc": ("规则套路", "規則套路", "Rule preset"),
    "param.stake": ("底注", "底注", "stake"),
    "param.stake.desc": ("每一分多少筹码", "每一分多少籌碼", "Chips per point"),
    "param.hands": ("局数", "局數", "hands"),
    "param.hands.desc": ("打多少局", "打多少局", "How many hands"),
    "param.house_rules": ("玩法", "玩法", "house-rules"),
    "param.house_rules.desc": ("自定玩法，例如 seven_pairs=true, horses=2", "自訂玩法，例如 seven_pairs=true, horses=2", "House rules, e.g. seven_pairs=true, horses=2"),
    "param.user": ("用户", "用戶", "user"),
    "param.user.desc": ("要看的人（默认自己）", "要看的人（預設自己）", "Whose chips (default: you)"),
    "param.period": ("时段", "時段", "period"),
    "param.period.desc": ("排行的时段", "排行的時段", "Leaderboard period"),
    "cmd.entry": ("入场", "入場", "entry"),
    "cmd.entry.desc": ("入座所需筹码（以底注计，0 表示不限）", "入座所需籌碼（以底注計，0 表示不限）", "Chips needed to sit, in stakes of the table (0: none)"),
    "param.stakes": ("底注倍数", "底注倍數", "stakes"),
    "param.stakes.desc": ("入座至少要有多少个底注的筹码", "入座至少要有多少個底注的籌碼", "How many stakes' worth of chips a person needs to sit"),
    "param.amount": ("数量", "數量", "amount"),
    "param.amount.desc": ("筹码数量", "籌碼數量", "Number of chips"),
    "param.reason": ("原因", "原因", "reason"),
    "param.reason.desc": ("原因（会被记录）", "原因（會被記錄）", "Reason (recorded)"),
    "param.turn": ("出牌秒数", "出牌秒數", "turn"),
    "param.turn.desc": ("每次出牌的秒数", "每次出牌的秒數", "Seconds per turn"),
    "param.claim": ("吃碰秒数", "吃碰秒數", "claim"),
    "param.claim.desc": ("吃碰胡的秒数", "吃碰胡的秒數", "Seconds to claim a discard"),
    "param.confirm": ("确认", "確認", "confirm"),
    "param.confirm.desc": ("输入 RESET 确认", "輸入 RESET 確認", "Type RESET to confirm"),
    "period.week": ("本周", "本週", "this week"),
    "period.month": ("本月", "本月", "this month"),
    "period.season": ("本赛季", "本賽季", "this season"),
    "period.all": ("全部", "全部", "all time"),
    "joker.shanghai": ("百搭", "百搭", "joker (百搭)"),
    "joker.beijing": ("惠牌", "惠牌", "joker (惠牌)"),
    "joker.quzhou": ("财神", "財神", "joker (财神)"),
    "joker.default": ("百搭", "百搭", "joker"),
    # -- lobby ----------------------------------------------------------------------------------
    "lobby.title": ("麻将桌 #{table} · {rules}", "麻將桌 #{table} · {rules}", "Mahjong table #{table} · {rules}"),
    "lobby.summary": ("底注 {stake} · {hands} 局 · 庄家 {host}", "底注 {stake} · {hands} 局 · 莊家 {host}", "Stake {stake} · {hands} hands · host {host}"),
    "lobby.options": ("玩法：{options}", "玩法：{options}", "House rules: {options}"),
    "lobby.empty": ("（空）", "（空）", "(empty)"),
    "lobby.computer": ("电脑{n}", "電腦{n}", "Computer {n}"),
    "lobby.join": ("入座", "入座", "Join"),
    "lobby.leave": ("离座", "離座", "Leave"),
    "lobby.add_level": ("加电脑：{level}", "加電腦：{level}", "Add computer: {level}"),
    "lobby.start": ("开始", "開始", "Start"),
    "lobby.rules": ("规则", "規則", "Rules"),
    "lobby.cancel": ("取消", "取消", "Cancel"),
    "lobby.cancelled": ("牌桌 #{table} 已取消。", "牌桌 #{table} 已取消。", "Table #{table} was cancelled."),
    "lobby.started": ("牌桌 #{table} 开始了！手牌会私信给你；私信关闭时请点「看我的牌」。", "牌桌 #{table} 開始了！手牌會私訊給你；私訊關閉時請點「看我的牌」。", "Table #{table} has started! Your hand comes by DM; if your DMs are closed, press “Show my hand”."),
    "seat.1": ("东", "東", "East"),
    "seat.2": ("南", "南", "South"),
    "seat.3": ("西", "西", "West"),
    "seat.4": ("北", "北", "North"),
    # a seat at a table of other than four (no winds): its place in turn order, the dealer 1
    "seat.n": ("{n}号位", "{n}號位", "Seat {n}"),
    # -- in-hand buttons ------------------------------------------------------------------------
    "act.discard": ("打 {tile}", "打 {tile}", "Discard {tile}"),
    "act.pong": ("碰 {tile}", "碰 {tile}", "Pong {tile}"),
    "act.kong": ("杠 {tile}", "槓 {tile}", "Kong {tile}"),
    "act.concealed_kong": ("暗杠 {tile}", "暗槓 {tile}", "Kong {tile} (concealed)"),
    "act.added_kong": ("加杠 {tile}", "加槓 {tile}", "Add kong {tile}"),
    "act.chow": ("吃 {tiles}", "吃 {tiles}", "Chow {tiles}"),
    "act.win": ("胡", "胡", "Win"),
    "act.self_draw": ("自摸", "自摸", "Win (self-drawn)"),
    # 诈胡 rules: the win button at every turn, and the question asked before a false one
    "act.false_win": ("胡", "胡", "Declare win"),
    "confirm.false_win": ("这手牌没有胡。现在报胡就是诈胡：你要赔 {chips} 筹码（{payees}），本局结束。确定要报胡吗？", "這手牌沒有胡。現在報胡就是詐胡：你要賠 {chips} 籌碼（{payees}），本局結束。確定要報胡嗎？", "This hand is not a winning hand. Declaring it is a false win (诈胡): it costs you {chips} chips ({payees}) and ends the hand. Declare it anyway?"),
    "confirm.false_win.yes": ("确定报胡（诈胡）", "確定報胡（詐胡）", "Declare anyway (诈胡)"),
    "confirm.false_win.no": ("取消", "取消", "Cancel"),
    "confirm.false_win.cancelled": ("已取消，没有报胡：继续出牌。", "已取消，沒有報胡：繼續出牌。", "Cancelled, nothing declared: carry on with your turn."),
    "confirm.false_win.done": ("已报胡：诈胡。", "已報胡：詐胡。", "Declared: a false win (诈胡)."),
    "act.pass": ("过", "過", "Pass"),
    "act.choose_void.m": ("定缺：万", "定缺：萬", "Void: characters (m)"),
    "act.choose_void.p": ("定缺：筒", "定缺：筒", "Void: dots (p)"),
    "act.choose_void.s": ("定缺：条", "定缺：條", "Void: bamboo (s)"),
    "act.choose_exchange": ("换出 {tiles}", "換出 {tiles}", "Pass on {tiles}"),
    "act.choose_small_wins.declare": ("起手小胡", "起手小胡", "Declare small win"),
    "act.choose_haidi.take": ("要海底", "要海底", "Take the last tile"),
    "act.back": ("我回来了", "我回來了", "I'm back"),
    "act.show": ("看我的牌", "看我的牌", "Show my hand"),
    "act.pick_menu": ("或者任选同一门的 {n} 张…", "或者任選同一門的 {n} 張…", "Or pick any {n} tiles of one suit…"),
    "act.discard_menu": ("选择要打的牌…", "選擇要打的牌…", "Choose a tile to discard…"),
    # -- what a private hand message says --------------------------------------------------------
    "hand.header": ("牌桌 #{table} · 第 {hand} 局 · 你坐{seat}", "牌桌 #{table} · 第 {hand} 局 · 你坐{seat}", "Table #{table} · hand {hand} · you sit {seat}"),
    "hand.your_turn": ("轮到你出牌（{left}）。", "輪到你出牌（{left}）。", "Your turn to discard ({left})."),
    "hand.claim": ("{seat}打出 {tile}：要吗？（{left}）", "{seat}打出 {tile}：要嗎？（{left}）", "{seat} discarded {tile}: claim it? ({left})"),
    "time.seconds": ("{n} 秒", "{n} 秒", "{n} s"),
    "hand.waiting": ("等待{seat}…", "等待{seat}…", "Waiting for {seat}…"),
    "hand.not_your_turn": ("还没轮到你，谁在出牌请看频道里的牌桌。", "還沒輪到你，誰在出牌請看頻道裡的牌桌。", "Not your turn; the table in the channel shows who is playing."),
    "hand.concealed": ("手牌：{tiles}", "手牌：{tiles}", "Hand: {tiles}"),
    "hand.wilds": ("其中百搭 {n} 张：{tiles}", "其中百搭 {n} 張：{tiles}", "Wildcards among them ({n}): {tiles}"),
    "hand.drawn": ("摸到：{tile}", "摸到：{tile}", "Drew: {tile}"),
    "hand.melds": ("副露：{melds}", "副露：{melds}", "Melds: {melds}"),
    "hand.indicator": ("指示牌 {tile} → 本局{kind}：{joker}", "指示牌 {tile} → 本局{kind}：{joker}", "Indicator {tile} → this hand's {kind}: {joker}"),
    "hand.shanten": ("向听 {shanten}", "向聽 {shanten}", "{shanten} from ready"),
    "hand.waits": ("听：{waits}", "聽：{waits}", "Waiting on: {waits}"),
    "hand.autoplay": ("你连续超时，电脑正在替你打。点「我回来了」继续。", "你連續超時，電腦正在替你打。點「我回來了」繼續。", "You timed out repeatedly; a computer is playing for you. Press “I'm back” to continue."),
    "hand.choose.exchange": ("换三张：选同一门的任意三张牌换出，或用建议的三张（{left}）。", "換三張：選同一門的任意三張牌換出，或用建議的三張（{left}）。", "Exchange: pass on any three tiles of one suit, or a suggested three ({left})."),
    "hand.choose.void": ("定缺：选一门不要的花色（{left}）。", "定缺：選一門不要的花色（{left}）。", "Choose your void suit ({left})."),
    "hand.choose.small_wins": ("起手小胡：亮出来收钱，或者过（{left}）。", "起手小胡：亮出來收錢，或者過（{left}）。", "Small win on the deal: show it and be paid, or pass ({left})."),
    "hand.choose.haidi": ("海底：要不要最后一张？（{left}）", "海底：要不要最後一張？（{left}）", "The last tile: take it or pass? ({left})"),
    "hand.choose.exchange.untimed": ("换三张：选同一门的任意三张牌换出，或用建议的三张。", "換三張：選同一門的任意三張牌換出，或用建議的三張。", "Exchange: pass on any three tiles of one suit, or a suggested three."),
    "hand.choose.void.untimed": ("定缺：选一门不要的花色。", "定缺：選一門不要的花色。", "Choose your void suit."),
    "hand.choose.small_wins.untimed": ("起手小胡：亮出来收钱，或者过。", "起手小胡：亮出來收錢，或者過。", "Small win on the deal: show it and be paid, or pass."),
    "hand.choose.haidi.untimed": ("海底：要不要最后一张？", "海底：要不要最後一張？", "The last tile: take it or pass?"),
    "offline.pick": ("  或者输入同一门的任意 {n} 张牌，例如 129m", "  或者輸入同一門的任意 {n} 張牌，例如 129m", "  or type any {n} tiles of one suit you hold, e.g. 129m"),
    "hand.void": ("你缺{suit}。", "你缺{suit}。", "Your void suit: {suit}."),
    "hand.out": ("你已和牌（{tile}），离场；其余三家继续打。", "你已和牌（{tile}），離場；其餘三家繼續打。", "You have won on {tile} and are out; the others play on."),
    "suit.0": ("万", "萬", "characters (m)"),
    "suit.1": ("筒", "筒", "dots (p)"),
    "suit.2": ("条", "條", "bamboo (s)"),
    "hand.over": ("这局结束了。", "這局結束了。", "This hand is over."),
    "hand.refreshed": ("这个按钮已经过期了：这条消息已更新为你现在的手牌。", "這個按鈕已經過期了：這則訊息已更新為你現在的手牌。", "That button was out of date: your hand is shown as it is now."),
    # -- public table ---------------------------------------------------------------------------
    "table.header": ("牌桌 #{table} · {rules} · 第 {hand}/{hands} 局 · {wind}风圈 · 庄 {dealer}", "牌桌 #{table} · {rules} · 第 {hand}/{hands} 局 · {wind}風圈 · 莊 {dealer}", "Table #{table} · {rules} · hand {hand}/{hands} · {wind} round · dealer {dealer}"),
    "table.wall": ("牌墙剩 {n} 张", "牌牆剩 {n} 張", "{n} tiles left in the wall"),
    "table.turn": ("轮到 {seat}（{name}）", "輪到 {seat}（{name}）", "{seat} ({name}) to play"),
    "table.river": ("{seat} {name}：{tiles}", "{seat} {name}：{tiles}", "{seat} {name}: {tiles}"),
    "table.commit": ("牌墙承诺（SHA-256）：`{hash}`", "牌牆承諾（SHA-256）：`{hash}`", "Wall commitment (SHA-256): `{hash}`"),
    "table.indicator": ("指示牌 {tile} → 本局{kind}：{joker}", "指示牌 {tile} → 本局{kind}：{joker}", "Indicator {tile} → this hand's {kind}: {joker}"),
    "table.huangfan": ("荒番 {n}：输赢 ×{x}", "荒番 {n}：輸贏 ×{x}", "Huangfan {n}: payments ×{x}"),
    "table.burn": ("烧庄 {n} 轮", "燒莊 {n} 輪", "Dealer burned: {n} round(s)"),
    "table.bound": ("互包：{a} 与 {b}", "互包：{a} 與 {b}", "Bound (互包): {a} and {b}"),
    "table.hua": ("花：{counts}", "花：{counts}", "Hua set aside: {counts}"),
    "table.running": ("本局已付：{nets}", "本局已付：{nets}", "Paid so far this hand: {nets}"),
    # -- calls and results (short public messages) -----------------------------------------------
    "call.pong": ("{name} 碰 {tile}", "{name} 碰 {tile}", "{name} pongs {tile}"),
    "call.kong": ("{name} 杠 {tile}", "{name} 槓 {tile}", "{name} kongs {tile}"),
    "call.concealed_kong": ("{name} 暗杠", "{name} 暗槓", "{name} declares a concealed kong"),
    "call.added_kong": ("{name} 加杠 {tile}", "{name} 加槓 {tile}", "{name} adds {tile} to a kong"),
    "call.chow": ("{name} 吃 {tiles}", "{name} 吃 {tiles}", "{name} chows {tiles}"),
    "call.win": ("{name} 胡了！", "{name} 胡了！", "{name} wins!"),
    "call.self_draw": ("{name} 自摸！", "{name} 自摸！", "{name} wins by self-draw!"),
    "call.false_win": ("{name} 诈胡！报胡却不是胡牌。", "{name} 詐胡！報胡卻不是胡牌。", "{name} declared a win that is none: a false win (诈胡)!"),
    "call.voids": ("定缺：{voids}", "定缺：{voids}", "Void suits: {voids}"),
    "call.exchanged": ("换三张：{direction}", "換三張：{direction}", "Three tiles exchanged: {direction}"),
    "call.small_wins": ("{name} 起手小胡：{items}，每家付 {amount}。", "{name} 起手小胡：{items}，每家付 {amount}。", "{name} shows a small win: {items}; {amount} from each."),
    "call.haidi": ("海底：{name} 要不要最后一张？", "海底：{name} 要不要最後一張？", "The last tile is offered to {name}."),
    "call.out": ("{name} 和牌离场，其余继续。", "{name} 和牌離場，其餘繼續。", "{name} has won and is out; the others play on."),
    "call.draw": ("流局：牌摸完了。", "流局：牌摸完了。", "Drawn hand: the wall is empty."),
    "call.pong.you": ("你碰 {tile}", "你碰 {tile}", "You pong {tile}"),
    "call.kong.you": ("你杠 {tile}", "你槓 {tile}", "You kong {tile}"),
    "call.concealed_kong.you": ("你暗杠", "你暗槓", "You declare a concealed kong"),
    "call.added_kong.you": ("你加杠 {tile}", "你加槓 {tile}", "You add {tile} to a kong"),
    "call.chow.you": ("你吃 {tiles}", "你吃 {tiles}", "You chow {tiles}"),
    "call.win.you": ("你胡了！", "你胡了！", "You win!"),
    "call.self_draw.you": ("你自摸！", "你自摸！", "You win by self-draw!"),
    "call.false_win.you": ("你诈胡了：这手牌不是胡牌。", "你詐胡了：這手牌不是胡牌。", "You declared a false win (诈胡): the hand is no winning hand."),
    "call.timeout.you": ("你超时，自动出牌。", "你超時，自動出牌。", "You timed out; a tile was discarded for you."),
    "move.hand": ("第 {hand}/{hands} 局 · {wind}风圈 · 庄家 {dealer} · 牌墙 {wall} 张 · 牌墙承诺（SHA-256）{hash}", "第 {hand}/{hands} 局 · {wind}風圈 · 莊家 {dealer} · 牌牆 {wall} 張 · 牌牆承諾（SHA-256）{hash}", "Hand {hand} of {hands} · {wind} round · dealer {dealer} · {wall} tiles in the wall · wall commitment (SHA-256) {hash}"),
    "move.draw": ("{name} 摸牌（牌墙剩 {wall}）", "{name} 摸牌（牌牆剩 {wall}）", "{name} draws ({wall} left in the wall)"),
    "move.draw.you": ("你摸牌（牌墙剩 {wall}）", "你摸牌（牌牆剩 {wall}）", "You draw ({wall} left in the wall)"),
    "move.discard": ("{name} 打出 {tile}", "{name} 打出 {tile}", "{name} discards {tile}"),
    "move.discard.you": ("你打出 {tile}", "你打出 {tile}", "You discard {tile}"),
    "move.flower": ("{name} 补花 {tile}", "{name} 補花 {tile}", "{name} sets aside {tile}"),
    "move.flower.you": ("你补花 {tile}", "你補花 {tile}", "You set aside {tile}"),
    "hand.your_turn.untimed": ("轮到你出牌。", "輪到你出牌。", "Your turn to discard."),
    "hand.claim.untimed": ("{seat}打出 {tile}：要吗？", "{seat}打出 {tile}：要嗎？", "{seat} discarded {tile}: claim it?"),
    "offline.you": ("你", "你", "You"),
    "offline.start": ("{rules} · {hands} 局 · 底注 {stake}", "{rules} · {hands} 局 · 底注 {stake}", "{rules} · hands: {hands} · stake {stake}"),
    "offline.players": ("玩家：{names}", "玩家：{names}", "Players: {names}"),
    "offline.pictures": ("图片写到 {path}（只是附带：这里的文字就能打完整局）", "圖片寫到 {path}（只是附帶：這裡的文字就能打完整局）", "Pictures are written to {path} (optional: this text is enough to play)"),
    "offline.help": ("输入招式的编号或它的牌（如 5m）；w 胡牌，t 看牌桌，h 帮助，q 离开。", "輸入招式的編號或它的牌（如 5m）；w 胡牌，t 看牌桌，h 說明，q 離開。", "Type a move's number or its tile (e.g. 5m); w wins, t shows the table, h help, q quits."),
    "offline.help_long": (
        "怎么输入招式：\n"
        "  招式的编号（1、2 …），或者屏幕上显示的名字：中、五筒、打 中、碰 5p、吃 345m、过\n"
        "  一个词对得上几个招式时（比如只打“打”），会列出来让你选编号。\n"
        "牌的写法：数字加花色字母\n"
        "  m 万（1m–9m），p 筒（1p–9p），s 条（1s–9s）\n"
        "  1z–7z = 东 南 西 北 白 发 中，1f–8f = 花牌 春 夏 秋 冬 梅 兰 菊 竹\n"
        "  一行手牌 468m345p17z 就是 四万六万八万 三筒四筒五筒 东 中\n"
        "命令：w 胡牌（自摸或者胡别人打的牌），t 看牌桌（牌河、副露、分数），h 这个说明，"
        "q 或 Ctrl-C 离开（牌桌留着，下次接着打）",
        "怎麼輸入招式：\n"
        "  招式的編號（1、2 …），或者螢幕上顯示的名字：中、五筒、打 中、碰 5p、吃 345m、過\n"
        "  一個詞對得上幾個招式時（比如只打「打」），會列出來讓你選編號。\n"
        "牌的寫法：數字加花色字母\n"
        "  m 萬（1m–9m），p 筒（1p–9p），s 條（1s–9s）\n"
        "  1z–7z = 東 南 西 北 白 發 中，1f–8f = 花牌 春 夏 秋 冬 梅 蘭 菊 竹\n"
        "  一行手牌 468m345p17z 就是 四萬六萬八萬 三筒四筒五筒 東 中\n"
        "命令：w 胡牌（自摸或者胡別人打的牌），t 看牌桌（牌河、副露、分數），h 這個說明，"
        "q 或 Ctrl-C 離開（牌桌留著，下次接著打）",
        "How to type a move:\n"
        "  its number (1, 2 …), or any name the game shows for it: Red, 5 Dots, discard red, "
        "pong 5p, chow 345m, pass (English or 中文)\n"
        "  A word that fits several moves (discard alone, say) lists them: then type the number.\n"
        "Tile notation: digits, then the suit's letter\n"
        "  m Characters (1m-9m), p Dots (1p-9p), s Bamboo (1s-9s)\n"
        "  1z-7z = East South West North White Green Red, "
        "1f-8f = flowers Spring Summer Autumn Winter Plum Orchid Chrysanthemum Bamboo-flower\n"
        "  so the hand 468m345p17z is 4 6 8 Characters, 3 4 5 Dots, East, Red\n"
        "Commands: w wins (self-drawn or on a discard), t shows the table (discards, melds, "
        "scores), h this help, q or Ctrl-C quits (the table is kept for next time)",
    ),
    "offline.which": ("“{said}”对得上几个招式：{options}。请输入编号。", "「{said}」對得上幾個招式：{options}。請輸入編號。", "“{said}” fits several moves: {options}. Type the number of the one you mean."),
    "offline.resume_other": ("上次的牌桌 #{table}（{rules}，第 {hand}/{hands} 局）还没打完。你要的是{asked}：开一桌新的{asked}（旧桌由电脑打完，筹码照算）。还是接着打 #{table}？[y/N] ", "上次的牌桌 #{table}（{rules}，第 {hand}/{hands} 局）還沒打完。你要的是{asked}：開一桌新的{asked}（舊桌由電腦打完，籌碼照算）。還是接著打 #{table}？[y/N] ", "You asked for {asked}: a new {asked} table is dealt (computers finish the old one; its chips count). Table #{table} ({rules}, hand {hand} of {hands}) from last time is unfinished: carry on with #{table} instead? [y/N] "),
    "offline.confirm": ("[y/N] ", "[y/N] ", "[y/N] "),
    "offline.bad": ("没有这个招式。{help}", "沒有這個招式。{help}", "No such move. {help}"),
    "offline.quit": ("你离开了牌桌 #{table}（第 {hand}/{hands} 局）。它留在数据库里：下次 python bot.py --offline 会问你要不要接着打；加 --new 则开新桌，旧桌由电脑打完（筹码照算）。", "你離開了牌桌 #{table}（第 {hand}/{hands} 局）。它留在資料庫裡：下次 python bot.py --offline 會問你要不要接著打；加 --new 則開新桌，舊桌由電腦打完（籌碼照算）。", "You left table #{table} at hand {hand} of {hands}. It stays in the database: the next python bot.py --offline asks whether to carry on with it; with --new a new table is dealt and computers finish the old one (its chips count)."),
    "offline.resume_ask": ("上次的牌桌 #{table}（{rules}，第 {hand}/{hands} 局）还没打完。接着打吗？[Y/n] ", "上次的牌桌 #{table}（{rules}，第 {hand}/{hands} 局）還沒打完。接著打嗎？[Y/n] ", "Table #{table} ({rules}, hand {hand} of {hands}) from last time is unfinished. Carry on with it? [Y/n] "),
    "offline.resumed": ("接着打牌桌 #{table}。", "接著打牌桌 #{table}。", "Carrying on with table #{table}."),
    "offline.abandon": ("电脑替你打完牌桌 #{table}（筹码照算），然后开新桌。", "電腦替你打完牌桌 #{table}（籌碼照算），然後開新桌。", "Computers finish table #{table} for you (its chips count); then a new table is dealt."),
    "offline.done": ("牌局结束。种子 {seed}。图片：{files}（在 {path}）", "牌局結束。種子 {seed}。圖片：{files}（在 {path}）", "Game over. Seed {seed}. Pictures: {files} (in {path})"),
    "call.indicator": ("翻出指示牌 {tile}：本局{kind}是 {joker}。", "翻出指示牌 {tile}：本局{kind}是 {joker}。", "Indicator {tile} turned: this hand's {kind} is {joker}."),
    "call.timeout": ("{name} 超时，自动出牌。", "{name} 超時，自動出牌。", "{name} timed out; a tile was discarded for them."),
    "call.afk": ("{name} 连续超时，电脑接手。", "{name} 連續超時，電腦接手。", "{name} timed out repeatedly; a computer took over."),
    "call.back": ("{name} 回来了。", "{name} 回來了。", "{name} is back."),
    "call.left": ("{name} 离桌，电脑接手。", "{name} 離桌，電腦接手。", "{name} left; a computer took the seat."),
    "call.left_stakes": ("{name} 离桌：电脑托管打完这一局，输赢仍算 {name} 的。", "{name} 離桌：電腦託管打完這一局，輸贏仍算 {name} 的。", "{name} left: a computer plays out this hand for them, and its chips are still theirs."),
    "call.dm_slow": ("{mention} 你的私信发不过去：点下面的「看我的牌」来打牌。", "{mention} 你的私訊發不過去：點下面的「看我的牌」來打牌。", "{mention} your DMs are not getting through: press “Show my hand” below to play."),
    "call.dm_closed": ("{mention} 你的私信是关闭的：点下面的「看我的牌」来打牌。", "{mention} 你的私訊是關閉的：點下面的「看我的牌」來打牌。", "{mention} your DMs are closed: press “Show my hand” below to play."),
    "call.game_over": ("牌桌 #{table} 打完了。", "牌桌 #{table} 打完了。", "Table #{table} is finished."),
    "call.storage": ("数据库暂时写不进去：刚才那一步没有算，牌桌 #{table} 稍后自动重试，请再点一次。", "資料庫暫時寫不進去：剛才那一步沒有算，牌桌 #{table} 稍後自動重試，請再點一次。", "The database is not taking writes right now: the last move did not count. Table #{table} tries again shortly; click again if it was yours."),
    "call.nobody_left": ("牌桌 #{table} 上已经没有人在打了：这手结算后牌局结束。", "牌桌 #{table} 上已經沒有人在打了：這手結算後牌局結束。", "Nobody is playing at table #{table} any more: the game ends with this hand's settlement."),
    "call.resumed": ("机器人重启后，牌桌 #{table} 接着打。", "機器人重啟後，牌桌 #{table} 接著打。", "The bot restarted; table #{table} carries on."),
    # -- ledger ---------------------------------------------------------------------------------
    "chips.balance": ("{name} 有 {chips} 筹码。", "{name} 有 {chips} 籌碼。", "{name} has {chips} chips."),
    "daily.ok": ("领到 {amount} 筹码，现在有 {chips}。", "領到 {amount} 籌碼，現在有 {chips}。", "You claimed {amount} chips; you now have {chips}."),
    "daily.already": ("今天已经领过了，{when} 后再来。", "今天已經領過了，{when} 後再來。", "Already claimed today; come back in {when}."),
    "leaderboard.title": ("排行榜 · {period}", "排行榜 · {period}", "Leaderboard · {period}"),
    "leaderboard.row": ("{rank}. {name} — {chips}", "{rank}. {name} — {chips}", "{rank}. {name} — {chips}"),
    "leaderboard.empty": ("还没有人打过。", "還沒有人打過。", "No one has played yet."),
    "history.title": ("最近的牌局", "最近的牌局", "Recent games"),
    "history.row": ("{when} · 牌桌 #{table} · {delta:+d}", "{when} · 牌桌 #{table} · {delta:+d}", "{when} · table #{table} · {delta:+d}"),
    "history.empty": ("还没有战绩。", "還沒有戰績。", "No games yet."),
    "settlement.title": ("第 {hand} 局结算", "第 {hand} 局結算", "Hand {hand} settlement"),
    "settlement.cut": ("以小博大：{payer} 应付 {payee} {owed}，实付 {paid}", "以小博大：{payer} 應付 {payee} {owed}，實付 {paid}", "Capped: {payer} owed {payee} {owed}, paid {paid}"),
    "settlement.cut_rule": ("（赢家最多赢到自己开局时的筹码；谁也不会付出超过自己有的）", "（贏家最多贏到自己開局時的籌碼；誰也不會付出超過自己有的）", "(a seat wins from each payer at most what it held when the hand began; nobody pays more than they hold)"),
    "rules.cap": ("以小博大保护：每一局，你从每位付款人那里最多赢到你开局时的筹码，也不会付出超过你有的筹码；电脑位由庄家出资，按同样的上限（以桌上最富的玩家为准）。入座至少需要 {entry} 倍底注的筹码。", "以小博大保護：每一局，你從每位付款人那裡最多贏到你開局時的籌碼，也不會付出超過你有的籌碼；電腦位由莊家出資，按同樣的上限（以桌上最富的玩家為準）。入座至少需要 {entry} 倍底注的籌碼。", "Fair stakes (以小博大): in each hand you win from each payer at most the chips you held when the hand began, and you never pay more than you hold; computer seats play from the house with the same cap (the richest person at the table). Sitting down needs at least {entry} × the stake in chips."),
    "standings.title": ("总成绩", "總成績", "Standings"),
    "standings.row_house": ("{name}：本桌 {delta:+d}，用东家筹码", "{name}：本桌 {delta:+d}，用東家籌碼", "{name}: {delta:+d} at this table, on house chips"),
    "standings.row": ("{name}：本桌 {delta:+d}，账户余额 {chips}", "{name}：本桌 {delta:+d}，帳戶餘額 {chips}", "{name}: {delta:+d} at this table, balance now {chips}"),
    "standings.explain": ("打了 {hands} 局。第一个数是在本桌赢或输的筹码；余额是玩家账户现在的筹码（电脑没有账户）。", "打了 {hands} 局。第一個數是在本桌贏或輸的籌碼；餘額是玩家帳戶現在的籌碼（電腦沒有帳戶）。", "Hands played: {hands}. The first number is the chips won or lost at this table; the balance is what the player's account holds now (computers have none)."),
    "settlement.win": ("{name} 胡（{how}）：{patterns}，{points} 分，胡 {tile}", "{name} 胡（{how}）：{patterns}，{points} 分，胡 {tile}", "{name} won ({how}): {patterns}; {points} points, on {tile}"),
    "settlement.extra": ("{what}：{nets}", "{what}：{nets}", "{what}: {nets}"),
    "settlement.extra.kong": ("杠钱", "槓錢", "Kong payments"),
    "settlement.extra.horse": ("买马", "買馬", "Horses"),
    "settlement.extra.burn": ("烧庄", "燒莊", "Dealer burn (烧庄)"),
    "settlement.extra.bound": ("互包", "互包", "Bound (互包)"),
    "settlement.extra.draw": ("流局罚分", "流局罰分", "Drawn-hand penalty"),
    "settlement.extra.small_win": ("起手小胡", "起手小胡", "Small wins on the deal"),
    "settlement.extra.flower_pig": ("查花猪", "查花豬", "Three suits held (查花猪)"),
    "settlement.extra.not_ready": ("查叫", "查叫", "Not ready at the end (查叫)"),
    "settlement.extra.refund": ("退税", "退稅", "Kongs paid back (退税)"),
    "settlement.extra.false_win": ("诈胡赔付", "詐胡賠付", "False-win penalty (诈胡)"),
    "settlement.false_win": ("{name} 诈胡：报胡却不是胡牌。", "{name} 詐胡：報胡卻不是胡牌。", "{name} declared a win that is no winning hand: a false win (诈胡)."),
    "settlement.self_drawn": ("自摸", "自摸", "self-drawn"),
    "settlement.on_your_discard": ("你点炮", "你點炮", "on your discard"),
    "settlement.on_discard": ("点炮：{name}", "點炮：{name}", "on {name}'s discard"),
    "settlement.seed": ("洗牌种子：{seed} — 开局公布的牌墙承诺 {hash} 可以用它验证（python -m engine replay）。", "洗牌種子：{seed} — 開局公佈的牌牆承諾 {hash} 可以用它驗證（python -m engine replay）。", "Shuffle seed: {seed} — with it anyone can check the wall commitment {hash} shown at the start."),
    # -- admin ----------------------------------------------------------------------------------
    "admin.saved": ("已保存：{what}", "已儲存：{what}", "Saved: {what}"),
    "admin.granted": ("{admin} 给了 {name} {amount} 筹码（{reason}）。现有 {chips}。", "{admin} 給了 {name} {amount} 籌碼（{reason}）。現有 {chips}。", "{admin} gave {name} {amount} chips ({reason}). Now {chips}."),
    "admin.removed": ("{admin} 扣除了 {name} {amount} 筹码（{reason}）。现有 {chips}。", "{admin} 扣除了 {name} {amount} 籌碼（{reason}）。現有 {chips}。", "{admin} removed {amount} chips from {name} ({reason}). Now {chips}."),
    "admin.season": ("新赛季开始了：第 {season} 季。", "新賽季開始了：第 {season} 季。", "A new season has begun: season {season}."),
    "admin.confirm": ("请在「确认」里输入 RESET。", "請在「確認」裡輸入 RESET。", "Type RESET in “confirm” to do this."),
    "admin.settings": ("默认规则 {preset} · 底注 {stake} · 出牌 {turn} 秒 · 吃碰 {claim} 秒 · 初始筹码 {starting} · 入场 {entry} 注 · 电脑 {level} · 代打 {afk}", "預設規則 {preset} · 底注 {stake} · 出牌 {turn} 秒 · 吃碰 {claim} 秒 · 初始籌碼 {starting} · 入場 {entry} 注 · 電腦 {level} · 代打 {afk}", "Default rules {preset} · stake {stake} · turn {turn} s · claim {claim} s · starting chips {starting} · entry {entry} stakes · computers {level} · afk {afk}"),
    # -- refusals: every one says what to do instead ---------------------------------------------
    "err.generic": ("出了点问题，什么都没改变。请再试一次。", "出了點問題，什麼都沒改變。請再試一次。", "Something went wrong; nothing was changed. Please try again."),
    "err.table_away": ("这张牌桌的进程正在重启，这一下没有生效。请过一会儿再点。", "這張牌桌的程序正在重新啟動，這一下沒有生效。請過一會兒再點。", "This table's bot process is restarting; nothing was changed. Click again in a moment."),
    "err.no_table": ("这张牌桌不存在或已结束。", "這張牌桌不存在或已結束。", "That table does not exist or has finished."),
    "err.not_at_table": ("你不在任何牌桌上。用 /mahjong new 开一桌。", "你不在任何牌桌上。用 /mahjong new 開一桌。", "You are not at a table. Start one with /mahjong new."),
    "err.not_seated": ("你没有坐在这张桌上，不能替别人出牌。", "你沒有坐在這張桌上，不能替別人出牌。", "You are not seated at this table; you cannot play for others."),
    "err.already_seated": ("你已经坐在牌桌 #{table}。一个服务器里一次只能坐一桌。", "你已經坐在牌桌 #{table}。一個伺服器裡一次只能坐一桌。", "You are already seated at table #{table}. One table at a time per server."),
    "err.table_full": ("这桌已经坐满了。", "這桌已經坐滿了。", "This table is full."),
    "err.not_host": ("只有开桌的人能这样做。", "只有開桌的人能這樣做。", "Only the host can do that."),
    "err.not_lobby": ("这桌已经开始了。", "這桌已經開始了。", "This table has already started."),
    "err.need_players": ("还有空位：先加电脑或等朋友入座。", "還有空位：先加電腦或等朋友入座。", "Seats are empty: add computers or wait for friends."),
    "err.stale": ("这个按钮已经过期了（牌局已经往前走）。请看最新的消息。", "這個按鈕已經過期了（牌局已經往前走）。請看最新的訊息。", "That button is out of date (the game has moved on). Use the latest message."),
    "err.not_your_turn": ("还没轮到你。", "還沒輪到你。", "It is not your turn."),
    "err.illegal": ("不能这样打：{reason}", "不能這樣打：{reason}", "You can't do that: {reason}"),
    "err.busy": ("正在处理上一步，请稍候。", "正在處理上一步，請稍候。", "Still handling the previous move; a moment please."),
    "err.bad_level": ("没有「{level}」这个水平：可选 {levels}。", "沒有「{level}」這個水準：可選 {levels}。", "There is no level “{level}”: choose {levels}."),
    "err.bad_option": ("玩法设置有误：{reason}", "玩法設定有誤：{reason}", "House rules problem: {reason}"),
    "err.bad_amount": ("数量必须在 1 到 {max} 之间。", "數量必須在 1 到 {max} 之間。", "The amount must be between 1 and {max}."),
    "err.not_enough_chips": ("{name} 的筹码不够（{chips}）。", "{name} 的籌碼不夠（{chips}）。", "{name} does not have enough chips ({chips})."),
    "err.no_permission": ("需要「管理服务器」权限。", "需要「管理伺服器」權限。", "You need the Manage Server permission."),
    "err.guild_only": ("请在服务器频道里用这个命令。", "請在伺服器頻道裡用這個命令。", "Use this command in a server channel."),
    "err.balance_limit": ("筹码余额最多 {max}：这次会超过上限，没有执行。", "籌碼餘額最多 {max}：這次會超過上限，沒有執行。", "A balance holds at most {max} chips: this would pass it, so nothing was done."),
    "err.storage": ("数据库正忙，这一步没有算，请稍后再点。", "資料庫正忙，這一步沒有算，請稍後再點。", "The database is busy; that move did not count. Please click again in a moment."),
    "err.too_many_opens": ("你短时间内开桌或离桌太多次了：请 {seconds} 秒后再开桌。", "你短時間內開桌或離桌太多次了：請 {seconds} 秒後再開桌。", "You have opened or left too many tables lately: open a new one in {seconds} s."),
    "err.need_person": ("只有电脑的牌桌不能开始：至少要有一个人入座。", "只有電腦的牌桌不能開始：至少要有一個人入座。", "A table of computers only cannot start: at least one person must sit."),
    "err.too_many_lobbies": ("这个频道已经有 {max} 张桌在等人了：先加入其中一张，或等它们开始。", "這個頻道已經有 {max} 張桌在等人了：先加入其中一張，或等它們開始。", "This channel already has {max} tables waiting for players: join one, or wait for them to start."),
    "err.entry": ("入座这桌至少需要 {need} 筹码，你有 {have}。", "入座這桌至少需要 {need} 籌碼，你有 {have}。", "This table needs at least {need} chips to sit; you have {have}."),
    "err.entry_other": ("{name} 的筹码不够这桌的入座要求（需要 {need}，有 {have}）。", "{name} 的籌碼不夠這桌的入座要求（需要 {need}，有 {have}）。", "{name} no longer has the chips this table asks ({need} needed, {have} held)."),
    "err.cooldown": ("慢一点，{seconds} 秒后再试。", "慢一點，{seconds} 秒後再試。", "Slow down; try again in {seconds} s."),
    "err.not_afk": ("你正在自己打，不需要接回。", "你正在自己打，不需要接回。", "You are already playing your seat."),
    "err.pick_unreadable": ("看不懂「{text}」：请写同一门的 {n} 张牌，例如 129m。", "看不懂「{text}」：請寫同一門的 {n} 張牌，例如 129m。", "Could not read “{text}”: name {n} tiles of one suit, e.g. 129m."),
    "err.pick_count": ("请正好选 {n} 张同一门的牌。", "請正好選 {n} 張同一門的牌。", "Pick exactly {n} tiles, all of one suit."),
    "err.pick_one_suit": ("换出的 {n} 张必须是同一门（万、筒或条）：{tiles} 不是。请重新选。", "換出的 {n} 張必須是同一門（萬、筒或條）：{tiles} 不是。請重新選。", "The {n} tiles you pass on must all be one suit (m, p or s); {tiles} are not. Pick again."),
    "err.pick_not_held": ("你手里没有 {tiles}。", "你手裡沒有 {tiles}。", "You do not hold {tiles}."),
    "err.unavailable": ("这个功能暂时不可用。", "這個功能暫時不可用。", "That is not available right now."),
    # -- /mahjong analyze ----------------------------------------------------------------------
    "cmd.analyze": ("分析", "分析", "analyze"),
    "cmd.analyze.desc": ("分析一手牌：向听、每种打法的进张、听牌、番种", "分析一手牌：向聽、每種打法的進張、聽牌、番種", "Analyse a hand: shanten, each discard's improving tiles, waits, value"),
    "param.hand": ("手牌", "手牌", "hand"),
    "param.hand.desc": ("牌的写法，如 123m456p789s11z2z1f（13 或 14 张）", "牌的寫法，如 123m456p789s11z2z1f（13 或 14 張）", "Tiles in notation, e.g. 123m456p789s11z2z1f (13 or 14 tiles)"),
    "param.rules": ("规则", "規則", "rules"),
    "param.rules.desc": ("按哪套规则分析（默认本服务器的规则）", "按哪套規則分析（預設本伺服器的規則）", "The preset to read the hand by (default: this server's)"),
    "param.melds": ("副露", "副露", "melds"),
    "param.melds.desc": ("已亮出的副露，如 pung 555p, chow 123s", "已亮出的副露，如 pung 555p, chow 123s", "Exposed melds, e.g. pung 555p, chow 123s"),
    "param.indicator": ("指示牌", "指示牌", "indicator"),
    "param.indicator.desc": ("翻出的指示牌（上海、北京、衢州的百搭由它定）", "翻出的指示牌（上海、北京、衢州的百搭由它定）", "The turned indicator tile (Shanghai, Beijing, Quzhou jokers)"),
    "param.public": ("公开", "公開", "public"),
    "param.public.desc": ("让频道里所有人都看到结果", "讓頻道裡所有人都看到結果", "Show the answer to the whole channel"),
    "analyze.bad_notation": ("看不懂这手牌（{reason}）。写法示例：`{example}`（数字后跟 m 万 p 筒 s 条 z 字 f 花）", "看不懂這手牌（{reason}）。寫法示例：`{example}`（數字後跟 m 萬 p 筒 s 條 z 字 f 花）", "Could not read that hand ({reason}). Example: `{example}` (digits, then m p s z f)"),
    "analyze.bad_hand": ("这手牌不能分析：{reason}。示例：`{example}`", "這手牌不能分析：{reason}。示例：`{example}`", "That hand cannot be analysed: {reason}. Example: `{example}`"),
    "analyze.head": ("**{rules}** · {n} 张 · {state}", "**{rules}** · {n} 張 · {state}", "**{rules}** · {n} tiles · {state}"),
    "analyze.shanten": ("向听 {n}", "向聽 {n}", "{n}-shanten"),
    "analyze.ready": ("听牌", "聽牌", "ready"),
    "analyze.complete": ("和牌形", "和牌形", "complete"),
    "analyze.best": ("最佳：打 {tile} → 进张 {n} 张（{kinds} 种）", "最佳：打 {tile} → 進張 {n} 張（{kinds} 種）", "Best: discard {tile} → {n} improving tiles ({kinds} kinds)"),
    "analyze.best_ready": ("最佳：打 {tile} → 听 {waits}（还剩 {n} 张）", "最佳：打 {tile} → 聽 {waits}（還剩 {n} 張）", "Best: discard {tile} → waiting on {waits} ({n} left)"),
    "analyze.improving": ("进张 {n} 张：{tiles}", "進張 {n} 張：{tiles}", "Improving tiles ({n} left): {tiles}"),
    "analyze.waits": ("听 {tiles}（还剩 {n} 张）", "聽 {tiles}（還剩 {n} 張）", "Waiting on {tiles} ({n} left)"),
    "analyze.no_legal_win": ("牌形已听，但按这套规则没有能和的牌", "牌形已聽，但按這套規則沒有能和的牌", "Ready in shape, but no tile makes a legal win under these rules"),
    "analyze.win": ("和牌：{points} 分 · {patterns}", "和牌：{points} 分 · {patterns}", "Win: {points} points · {patterns}"),
    "analyze.not_win": ("牌形完整，但按这套规则不算和", "牌形完整，但按這套規則不算和", "Complete in shape, but not a legal win under these rules"),
    "analyze.options": ("共 {n} 种打法，见图", "共 {n} 種打法，見圖", "{n} discards in the picture"),
}


def bt(key: str, locale: object = "en", **kw: object) -> str:
    """The bot's sentence ``key`` in ``locale``, formatted with ``kw`` (:func:`i18n.t`)."""
    return t(key, locale, **kw)


# the computer levels' names are drawn on pictures too (beside a computer seat's name)
_DRAWN = frozenset(k for k in TEXT if k.startswith("level.") and k != "level.computer")


def _register(texts: dict[str, tuple[str, str, str]]) -> None:
    # Discord shows the rest (in its own fonts): the pictures' font subset need not cover them
    for drawn in (True, False):
        register({key: {"zh-Hans": a, "zh-Hant": b, "en": c}
                  for key, (a, b, c) in texts.items() if (key in _DRAWN) == drawn}, drawn=drawn)


# replays, hints, ratings, the queue, spectators and statistics keep their words apart
from i18n.social_text import SOCIAL_TEXT  # noqa: E402

_CLASH = sorted(TEXT.keys() & SOCIAL_TEXT.keys())
if _CLASH:  # one key, one text: a clash would rename another command's option
    raise KeyError(f"bot text keys defined twice: {_CLASH}")
_register(TEXT)
_register(SOCIAL_TEXT)
