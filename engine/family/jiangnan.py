"""The Jiangnan 江南 family: Guangdong 鸡平胡 with the 心皇, an imagined tile each player holds.

The 心皇 is a rules fact, not a tile (``Rules.imagined`` = 1): every reader of a hand adds
it to the hand's jokers (the natural counts and jokers of ``HandJudging.split``, scoring's
legal split, ``evaluate``), so a hand of 12 real tiles reads as 13 and a win is 13 real tiles
and the 心皇. It is never in the counts, so it can never be discarded, chowed, ponged or
konged. What it stood for at a win is the reading's joker (``Reading.wild_as``): ``evaluate``
gives it as ``imagined``. Everything else is ``guangdong``'s, and 排列出牌 is the engine's
``discard_furiten`` (with ``furiten_chow``).
"""

from __future__ import annotations

from engine.family.guangdong import GuangdongFamily


class JiangnanFamily(GuangdongFamily):
    id = "jiangnan"
