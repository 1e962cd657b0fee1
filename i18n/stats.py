"""Words on the rating and statistics pictures (``render.stats.*``)."""

from __future__ import annotations

from typing import Final

from i18n import register

# key: (zh-Hans, zh-Hant, en)
_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    "render.stats.hands": ("局数", "局數", "Hands"),
    "render.stats.win_rate": ("和牌率", "和牌率", "Win rate"),
    "render.stats.deal_in": ("放铳率", "放銃率", "Deal-in rate"),
    "render.stats.avg_win": ("平均和牌", "平均和牌", "Average win"),
    "render.stats.patterns": ("最常和的牌型", "最常和的牌型", "Favourite patterns"),
    "render.stats.rating": ("等级分走势", "等級分走勢", "Rating history"),
    "render.stats.no_rating": ("还没有排位赛", "還沒有排位賽", "No ranked games yet"),
    "render.stats.games": ("排位赛", "排位賽", "ranked games"),
    "render.stats.net": ("输赢", "輸贏", "Net chips"),
    "render.stats.rating_col": ("等级分", "等級分", "Rating"),
    "render.stats.games_col": ("场数", "場數", "Games"),
}

register({key: {"zh-Hans": a, "zh-Hant": b, "en": c} for key, (a, b, c) in _TEXTS.items()})
