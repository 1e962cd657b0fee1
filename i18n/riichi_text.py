"""The bot's sentences for riichi tables (立直麻雀), in 简体, 繁體 and English (registered in
the catalog by ``i18n.bot_text``): the riichi and 九種九牌 buttons, the locked hand, furiten,
the points, dora, sticks and honba on the table, a win's han and fu, the final ranking.

Key → (Simplified Chinese, Traditional Chinese, English), as in ``i18n.bot_text``.
"""

from __future__ import annotations

from typing import Final

RIICHI_TEXT: Final[dict[str, tuple[str, str, str]]] = {
    "call.left_game": ("{name} 离桌：电脑托管打完这一场，终局成绩和筹码仍算 {name} 的。", "{name} 離桌：電腦託管打完這一場，終局成績和籌碼仍算 {name} 的。", "{name} left: a computer plays out the game for them, and its final result and chips are still theirs."),
    "act.riichi": ("立直·打{tile}", "立直·打{tile}", "Riichi: {tile}"),
    "act.declare_draw": ("九种九牌·流局", "九種九牌·流局", "Nine terminals: abort"),
    "hand.riichi_locked": ("🀄 已立直：手牌锁定，摸什么打什么（摸切），只能和牌或暗杠不改听的牌。", "🀄 已立直：手牌鎖定，摸什麼打什麼（摸切），只能和牌或暗槓不改聽的牌。", "🀄 Riichi: your hand is locked — you discard what you draw (tsumogiri); only a win, or a closed kong that keeps your waits."),
    "withheld.furiten_discard": ("🔒 振听：你听的牌在你自己的牌河里，不能荣和（可以自摸）。", "🔒 振聽：你聽的牌在你自己的牌河裡，不能榮和（可以自摸）。", "🔒 Furiten: one of your waits is among your own discards — no ron, tsumo only."),
    "withheld.furiten_temporary": ("🔒 同巡振听：你放过了和牌，自己下次出牌前不能荣和。", "🔒 同巡振聽：你放過了和牌，自己下次出牌前不能榮和。", "🔒 Temporary furiten: you passed a winning tile — no ron until your next discard."),
    "withheld.furiten_riichi": ("🔒 立直振听：立直后放过了和牌，本局只能自摸。", "🔒 立直振聽：立直後放過了和牌，本局只能自摸。", "🔒 Riichi furiten: you passed a winning tile after riichi — tsumo only this hand."),
    "abort.nine_kinds": ("途中流局：{name} 宣告九种九牌。", "途中流局：{name} 宣告九種九牌。", "Abortive draw: {name} declared nine terminals and honours (九種九牌)."),
    "abort.four_winds": ("途中流局：四风连打（四家第一张都打同一种风牌）。", "途中流局：四風連打（四家第一張都打同一種風牌）。", "Abortive draw: four winds (四風連打) — the four first discards were the same wind."),
    "abort.four_riichi": ("途中流局：四家立直。", "途中流局：四家立直。", "Abortive draw: four riichi (四家立直)."),
    "abort.four_kongs": ("途中流局：四杠散了（两家以上开了四个杠）。", "途中流局：四槓散了（兩家以上開了四個槓）。", "Abortive draw: four kongs by more than one player (四槓散了)."),
    "abort.three_rons": ("途中流局：三家和了（三家荣和同一张牌）。", "途中流局：三家和了（三家榮和同一張牌）。", "Abortive draw: three players won on one discard (三家和了)."),
    "analyze.dora": ("宝牌：{tiles}（手里 {n} 张；指示牌已计为见过的牌）", "寶牌：{tiles}（手裡 {n} 張；指示牌已計為見過的牌）", "Dora: {tiles} ({n} in hand; the indicator counts as a seen tile)"),
    "table.riichi.points": ("点数：{points}", "點數：{points}", "Points: {points}"),
    "table.riichi.dora": ("宝牌指示牌：{tiles}", "寶牌指示牌：{tiles}", "Dora indicators: {tiles}"),
    "table.riichi.ura": ("里宝牌指示牌：{tiles}", "裏寶牌指示牌：{tiles}", "Ura-dora indicators: {tiles}"),
    "table.riichi.declared": ("立直：{seats}", "立直：{seats}", "Riichi: {seats}"),
    "table.riichi.sticks": ("场上立直棒 {n} 根 · {honba} 本场", "場上立直棒 {n} 根 · {honba} 本場", "Riichi sticks on the table: {n} · honba: {honba}"),
    "settlement.riichi.han": ("{han} 番 {fu} 符{limit}", "{han} 翻 {fu} 符{limit}", "{han} han {fu} fu{limit}"),
    "settlement.riichi.bonus": ("本场 {honba}（每本场 300 点）· 立直棒 {sticks} 根归和牌者", "本場 {honba}（每本場 300 點）· 立直棒 {sticks} 根歸和牌者", "Honba {honba} (300 each) · riichi sticks to the winner: {sticks}"),
    "settlement.riichi.pays": ("点数支付：{rows}", "點數支付：{rows}", "Points paid: {rows}"),
    "settlement.riichi.no_chips": ("筹码在整场结束时按最终成绩结算。", "籌碼在整場結束時按最終成績結算。", "Chips move at the end of the game, by the final result."),
    "limit.mangan": ("满贯", "滿貫", "mangan"),
    "limit.haneman": ("跳满", "跳滿", "haneman"),
    "limit.baiman": ("倍满", "倍滿", "baiman"),
    "limit.sanbaiman": ("三倍满", "三倍滿", "sanbaiman"),
    "limit.yakuman": ("役满", "役滿", "yakuman"),
    "limit.kazoe yakuman": ("累计役满", "累計役滿", "kazoe yakuman"),
    "limit.multi_yakuman": ("{n}倍役满", "{n}倍役滿", "{n}× yakuman"),
    "final.riichi.title": ("终局排名", "終局排名", "Final ranking"),
    "final.riichi.row": ("{rank}. {name}　{points} 点　成绩 {result}　筹码 {chips:+d}", "{rank}. {name}　{points} 點　成績 {result}　籌碼 {chips:+d}", "{rank}. {name} — {points} points, result {result}, chips {chips:+d}"),
    "final.riichi.rule": ("成绩 =（点数 − 30,000）/ 1,000 + 顺位马 {uma}，第一名另加返点 +20；筹码 = 成绩 × {stake}", "成績 =（點數 − 30,000）/ 1,000 + 順位馬 {uma}，第一名另加返點 +20；籌碼 = 成績 × {stake}", "Result = (points − 30,000) / 1,000 + uma {uma}, the top adds the oka +20; chips = result × {stake}"),
}  # fmt: skip
