"""Words on the hand-analysis picture (``analysis.*``)."""

from __future__ import annotations

from typing import Final

from i18n import register

# key: (zh-Hans, zh-Hant, en)
_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    "analysis.title": ("牌效分析", "牌效分析", "Hand analysis"),
    "analysis.tiles": ("{n} 张", "{n} 張", "{n} tiles"),
    "analysis.shanten": ("向听 {n}", "向聽 {n}", "{n}-shanten"),
    "analysis.ready": ("听牌", "聽牌", "Ready"),
    "analysis.complete": ("和牌形", "和牌形", "Complete"),
    "analysis.discard": ("打", "打", "Discard"),
    "analysis.improving": ("进张", "進張", "Improving tiles"),
    "analysis.waits": ("听", "聽", "Waits"),
    "analysis.left": ("余 {n}", "餘 {n}", "{n} left"),
    "analysis.after": ("向听 {n}", "向聽 {n}", "{n}-shanten"),
    "analysis.no_waits": ("没有能和的牌", "沒有能和的牌", "no legal winning tile"),
    "analysis.more": ("另有 {n} 种打法", "另有 {n} 種打法", "{n} more discards"),
    "analysis.win": ("和牌 {points} 分", "和牌 {points} 分", "Win: {points} points"),
    "analysis.not_win": ("按此规则不算和", "按此規則不算和", "not a legal win here"),
}

register({key: {"zh-Hans": a, "zh-Hant": b, "en": c} for key, (a, b, c) in _TEXTS.items()})
