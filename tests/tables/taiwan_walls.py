"""Four Taiwan hands on chosen walls, played by the tables tests and the end-to-end game:

1. East (seat 0) deals and self-draws 1s after a round of 7z thrown by everyone: 門清自摸 3 +
   獨聽 1 + the dealer's 1: (底 3 + 5) × 1 = 8 from each. East keeps the deal (連1).
2. East deals again with N = 1: after a round (1s, then a 5s each) East throws 5p and South
   and North both win on it (一炮多響). South: 門清 1 + the dealer's 1 + 2 = (3 + 4) = 7;
   North: 門清 1 + 平胡 2 + 清一色 8 + 3 = (3 + 14) = 17. The deal passes to South.
3. South deals. In the deal's 補花 West sets six flowers aside and draws the seventh among
   the replacements, North sets the eighth (8f) aside; West, then holding seven, takes it:
   七搶一, (3 + 8) = 11 from North. The deal passes to West.
4. West deals holding seven flowers and draws the eighth among his replacements in the deal's
   補花: 八仙過海 at once, paid as a self-draw with the dealer's 1: (3 + 9) = 12 from each.

``THROWS`` are each seat's discards in order across the hands; every other question
(a chow, a pong) is passed, every win offered is taken.
"""

from __future__ import annotations

from tables.walls import ChosenHand

HANDS = (
    ChosenHand(0, ("123m456m789m234p678p1s7z", "1379m1279s89p1234z56z",
                   "24689m56899s2345z12p", "13579p369m147s258s66z"), draws="7z7z7z1s"),
    ChosenHand(0, ("2468m1s5689s1234z677z5p", "123m456m789m234s55z34p",
                   "1379m1279s89p1234z66z", "123p34p567p789p234p99p"), draws="5s5s5s3s"),
    ChosenHand(1, ("1379m1279s89p1234z66z", "123m456m789m234s55z34p7z",
                   "123456f1379m1279s89p", "8f13579p2358s369m147z"), tail="1s3s4s5s7f6s8s"),
    ChosenHand(2, ("123m456m789m234s55z34p", "13579p2358s369m1477z",
                   "1234567f123m456m789m1p", "1379m1279s89p1234z66z"), tail="1s2s8f4s5s6s9s"),
)
THROWS = (("7z", "1s", "5p"), ("7z", "5s"), ("7z", "5s"), ("7z", "5s"))
# chips at unit 1 (stake 1), by hand and seat
DELTAS = ((24, -8, -8, -8), (-24, 7, 0, 17), (0, 0, 11, -11), (-12, -12, 36, -12))
