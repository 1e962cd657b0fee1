"""What a riichi hand of given han and fu pays (rule page ``riichi.md``, "Payments").

Base = fu × 2^(han + 2), rounded up to 100 per payment; 5 han (or a base above 2,000) is a
mangan and the limits rise from there; 13 han or more without a yakuman is a counted
(kazoe) yakuman, never more than one; yakuman hands pay one yakuman per 13 han, at most six.
No kiriage: 4 han 30 fu and 3 han 60 fu stay below mangan.
"""

from __future__ import annotations

from typing import Final

# (fewest han, level, base of the limit)
_LIMITS: Final = (
    (78, "6x yakuman", 48000),
    (65, "5x yakuman", 40000),
    (52, "4x yakuman", 32000),
    (39, "3x yakuman", 24000),
    (26, "2x yakuman", 16000),
    (13, "yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
MANGAN_BASE: Final = 2000


def _up(points: int) -> int:
    return (points + 99) // 100 * 100


def hand_cost(han: int, fu: int, *, yakuman: bool, dealer: bool, self_drawn: bool) -> tuple[int, int, str]:
    """``(main, additional, level)``: on a discard ``main`` is what the discarder pays and
    ``additional`` is 0; on a self-draw ``main`` is the dealer's share (a dealer's own
    self-draw: each payer's) and ``additional`` each non-dealer's. ``level`` names the limit
    ("mangan" … "6x yakuman", "kazoe yakuman"), "" below mangan."""
    level = ""
    if han >= 13 and not yakuman:
        han = 13
        level = "kazoe yakuman"
    if han >= 5:
        base = MANGAN_BASE
        for least, name, limit in _LIMITS:
            if han >= least:
                base = limit
                if level != "kazoe yakuman" or least != 13:
                    level = name
                break
        one, two, four, six = base, 2 * base, 4 * base, 6 * base
    else:
        base = fu * 2 ** (2 + han)
        one, two, four, six = _up(base), _up(2 * base), _up(4 * base), _up(6 * base)
        if one > MANGAN_BASE:
            level = "mangan"
            one, two, four, six = MANGAN_BASE, 2 * MANGAN_BASE, 4 * MANGAN_BASE, 6 * MANGAN_BASE
    if self_drawn:
        return two, (two if dealer else one), level
    return (six if dealer else four), 0, level
