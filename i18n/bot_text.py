"""Every sentence the bot itself says (commands, buttons, refusals, notices), in three languages.

Keys are dotted ids; each maps to (Simplified Chinese, Traditional Chinese, English).
``bt(key, locale, **kw)`` formats one; unknown keys come back as the key itself,
so a missing string shows up in tests instead of crashing a game. Discord
locales (``zh-CN``, ``zh-TW``, ``en-US`` …) and plain ``zh``/``en`` are accepted.
"""

from __future__ import annotations

from typing import Any, Final

LANGS: Final = ("zh-CN", "zh-TW", "en")

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
    "preset.heyuan-zheng": ("河源百搭·正百搭", "河源百搭·正百搭", "Heyuan Baida (pattern)"),
    "preset.heyuan-jihu": ("河源百搭·鸡胡百搭", "河源百搭·雞胡百搭", "Heyuan Baida (chicken)"),
    "preset.guangdong": ("广东鸡平胡", "廣東雞平胡", "Guangdong Chicken Hand"),
    "preset.shanghai": ("上海百搭", "上海百搭", "Shanghai Baida"),
    "preset.beijing": ("北京麻将", "北京麻將", "Beijing Mahjong"),
    "preset.quzhou": ("衢州邋遢胡", "衢州邋遢胡", "Quzhou Latahu"),
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
    "lobby.add_computer": ("加电脑", "加電腦", "Add computer"),
    "lobby.start": ("开始", "開始", "Start"),
    "lobby.rules": ("规则", "規則", "Rules"),
    "lobby.cancel": ("取消", "取消", "Cancel"),
    "lobby.cancelled": ("牌桌 #{table} 已取消。", "牌桌 #{table} 已取消。", "Table #{table} was cancelled."),
    "lobby.started": ("牌桌 #{table} 开始了！手牌会私信给你；私信关闭时请点「看我的牌」。", "牌桌 #{table} 開始了！手牌會私訊給你；私訊關閉時請點「看我的牌」。", "Table #{table} has started! Your hand comes by DM; if your DMs are closed, press “Show my hand”."),
    "seat.1": ("东", "東", "East"),
    "seat.2": ("南", "南", "South"),
    "seat.3": ("西", "西", "West"),
    "seat.4": ("北", "北", "North"),
    # -- in-hand buttons ------------------------------------------------------------------------
    "act.discard": ("打 {tile}", "打 {tile}", "Discard {tile}"),
    "act.pong": ("碰 {tile}", "碰 {tile}", "Pong {tile}"),
    "act.kong": ("杠 {tile}", "槓 {tile}", "Kong {tile}"),
    "act.concealed_kong": ("暗杠 {tile}", "暗槓 {tile}", "Kong {tile} (concealed)"),
    "act.added_kong": ("加杠 {tile}", "加槓 {tile}", "Add kong {tile}"),
    "act.chow": ("吃 {tiles}", "吃 {tiles}", "Chow {tiles}"),
    "act.win": ("胡", "胡", "Win"),
    "act.self_draw": ("自摸", "自摸", "Win (self-drawn)"),
    "act.pass": ("过", "過", "Pass"),
    "act.back": ("我回来了", "我回來了", "I'm back"),
    "act.show": ("看我的牌", "看我的牌", "Show my hand"),
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
    "hand.over": ("这局结束了。", "這局結束了。", "This hand is over."),
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
    "table.reveal": ("洗牌种子：`{seed}`（可验证承诺）", "洗牌種子：`{seed}`（可驗證承諾）", "Shuffle seed: `{seed}` (check it against the commitment)"),
    # -- calls and results (short public messages) -----------------------------------------------
    "call.pong": ("{name} 碰 {tile}", "{name} 碰 {tile}", "{name} pongs {tile}"),
    "call.kong": ("{name} 杠 {tile}", "{name} 槓 {tile}", "{name} kongs {tile}"),
    "call.concealed_kong": ("{name} 暗杠", "{name} 暗槓", "{name} declares a concealed kong"),
    "call.added_kong": ("{name} 加杠 {tile}", "{name} 加槓 {tile}", "{name} adds {tile} to a kong"),
    "call.chow": ("{name} 吃 {tiles}", "{name} 吃 {tiles}", "{name} chows {tiles}"),
    "call.win": ("{name} 胡了！", "{name} 胡了！", "{name} wins!"),
    "call.self_draw": ("{name} 自摸！", "{name} 自摸！", "{name} wins by self-draw!"),
    "call.draw": ("流局：牌摸完了。", "流局：牌摸完了。", "Drawn hand: the wall is empty."),
    "call.indicator": ("翻出指示牌 {tile}：本局{kind}是 {joker}。", "翻出指示牌 {tile}：本局{kind}是 {joker}。", "Indicator {tile} turned: this hand's {kind} is {joker}."),
    "call.timeout": ("{name} 超时，自动出牌。", "{name} 超時，自動出牌。", "{name} timed out; a tile was discarded for them."),
    "call.afk": ("{name} 连续超时，电脑接手。", "{name} 連續超時，電腦接手。", "{name} timed out repeatedly; a computer took over."),
    "call.back": ("{name} 回来了。", "{name} 回來了。", "{name} is back."),
    "call.left": ("{name} 离桌，电脑接手。", "{name} 離桌，電腦接手。", "{name} left; a computer took the seat."),
    "call.left_stakes": ("{name} 离桌：电脑托管打完这一局，输赢仍算 {name} 的。", "{name} 離桌：電腦託管打完這一局，輸贏仍算 {name} 的。", "{name} left: a computer plays out this hand for them, and its chips are still theirs."),
    "call.dm_closed": ("{mention} 你的私信是关闭的：点下面的「看我的牌」来打牌。", "{mention} 你的私訊是關閉的：點下面的「看我的牌」來打牌。", "{mention} your DMs are closed: press “Show my hand” below to play."),
    "call.game_over": ("牌桌 #{table} 打完了。", "牌桌 #{table} 打完了。", "Table #{table} is finished."),
    "call.storage": ("数据库暂时写不进去：刚才那一步没有算，牌桌 #{table} 稍后自动重试，请再点一次。", "資料庫暫時寫不進去：剛才那一步沒有算，牌桌 #{table} 稍後自動重試，請再點一次。", "The database is not taking writes right now: the last move did not count. Table #{table} tries again shortly; click again if it was yours."),
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
    "standings.row": ("{seat} {name}：{delta:+d}（现有 {chips}）", "{seat} {name}：{delta:+d}（現有 {chips}）", "{seat} {name}: {delta:+d} (now {chips})"),
    # -- admin ----------------------------------------------------------------------------------
    "admin.saved": ("已保存：{what}", "已儲存：{what}", "Saved: {what}"),
    "admin.granted": ("{admin} 给了 {name} {amount} 筹码（{reason}）。现有 {chips}。", "{admin} 給了 {name} {amount} 籌碼（{reason}）。現有 {chips}。", "{admin} gave {name} {amount} chips ({reason}). Now {chips}."),
    "admin.removed": ("{admin} 扣除了 {name} {amount} 筹码（{reason}）。现有 {chips}。", "{admin} 扣除了 {name} {amount} 籌碼（{reason}）。現有 {chips}。", "{admin} removed {amount} chips from {name} ({reason}). Now {chips}."),
    "admin.season": ("新赛季开始了：第 {season} 季。", "新賽季開始了：第 {season} 季。", "A new season has begun: season {season}."),
    "admin.confirm": ("请在「确认」里输入 RESET。", "請在「確認」裡輸入 RESET。", "Type RESET in “confirm” to do this."),
    "admin.settings": ("默认规则 {preset} · 底注 {stake} · 出牌 {turn} 秒 · 吃碰 {claim} 秒 · 初始筹码 {starting}", "預設規則 {preset} · 底注 {stake} · 出牌 {turn} 秒 · 吃碰 {claim} 秒 · 初始籌碼 {starting}", "Default rules {preset} · stake {stake} · turn {turn} s · claim {claim} s · starting chips {starting}"),
    # -- refusals: every one says what to do instead ---------------------------------------------
    "err.generic": ("出了点问题，什么都没改变。请再试一次。", "出了點問題，什麼都沒改變。請再試一次。", "Something went wrong; nothing was changed. Please try again."),
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
    "err.bad_option": ("玩法设置有误：{reason}", "玩法設定有誤：{reason}", "House rules problem: {reason}"),
    "err.bad_amount": ("数量必须在 1 到 {max} 之间。", "數量必須在 1 到 {max} 之間。", "The amount must be between 1 and {max}."),
    "err.not_enough_chips": ("{name} 的筹码不够（{chips}）。", "{name} 的籌碼不夠（{chips}）。", "{name} does not have enough chips ({chips})."),
    "err.no_permission": ("需要「管理服务器」权限。", "需要「管理伺服器」權限。", "You need the Manage Server permission."),
    "err.guild_only": ("请在服务器频道里用这个命令。", "請在伺服器頻道裡用這個命令。", "Use this command in a server channel."),
    "err.balance_limit": ("筹码余额最多 {max}：这次会超过上限，没有执行。", "籌碼餘額最多 {max}：這次會超過上限，沒有執行。", "A balance holds at most {max} chips: this would pass it, so nothing was done."),
    "err.storage": ("数据库正忙，这一步没有算，请稍后再点。", "資料庫正忙，這一步沒有算，請稍後再點。", "The database is busy; that move did not count. Please click again in a moment."),
    "err.entry": ("入座这桌至少需要 {need} 筹码，你有 {have}。", "入座這桌至少需要 {need} 籌碼，你有 {have}。", "This table needs at least {need} chips to sit; you have {have}."),
    "err.entry_other": ("{name} 的筹码不够这桌的入座要求（需要 {need}，有 {have}）。", "{name} 的籌碼不夠這桌的入座要求（需要 {need}，有 {have}）。", "{name} no longer has the chips this table asks ({need} needed, {have} held)."),
    "err.cooldown": ("慢一点，{seconds} 秒后再试。", "慢一點，{seconds} 秒後再試。", "Slow down; try again in {seconds} s."),
    "err.not_afk": ("你正在自己打，不需要接回。", "你正在自己打，不需要接回。", "You are already playing your seat."),
    "err.unavailable": ("这个功能暂时不可用。", "這個功能暫時不可用。", "That is not available right now."),
}


def normalize_locale(locale: object) -> str:
    """``zh-CN``/``zh``/``zh-Hans`` → zh-CN; ``zh-TW``/``zh-HK``/``zh-Hant`` → zh-TW; else en."""
    value = str(getattr(locale, "value", locale) or "").replace("_", "-").lower()
    if value.startswith("zh"):
        if any(tag in value for tag in ("tw", "hk", "mo", "hant")):
            return "zh-TW"
        return "zh-CN"
    return "en"


def bt(key: str, locale: object = "en", **kw: Any) -> str:
    """The bot's sentence ``key`` in ``locale``, formatted with ``kw``."""
    texts = TEXT.get(key)
    if texts is None:
        return key
    template = texts[LANGS.index(normalize_locale(locale))]
    try:
        return template.format(**kw) if kw else template
    except (KeyError, IndexError, ValueError):
        return template
