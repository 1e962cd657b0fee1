"""The hand's questions to analysis and scoring, asked cheaply.

The claim checks after every discard are the hot path of a simulated game: a
shape check (``analysis``, table-driven) comes first and the full scoring
search runs only for hands whose shape is already complete.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import analysis, scoring
from engine.melds import Meld
from engine.rules import Rules

# only while engine.analysis is being written: fall back on scoring's shape check
try:
    _FALLBACK = not callable(analysis.waits)
except Exception:  # pragma: no cover
    _FALLBACK = True


def shape_waits(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> frozenset[int]:
    """Kinds that complete the shape of a 13-tile (kong as 3) hand; no pattern check."""
    if _FALLBACK:  # pragma: no cover
        from engine.scoring.readings import is_complete

        c = list(counts34)
        out = []
        for k in range(34):
            c[k] += 1
            if is_complete(c, wilds, melds, seven_pairs=rules.seven_pairs and melds == 0):
                out.append(k)
            c[k] -= 1
        return frozenset(out)
    return frozenset(
        analysis.waits(
            list(counts34), wilds, melds,
            seven_pairs=rules.seven_pairs and melds == 0,
            thirteen_orphans=melds == 0,
        )
    )  # fmt: skip


def shape_complete(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> bool:
    if _FALLBACK:  # pragma: no cover
        from engine.scoring.readings import is_complete

        return is_complete(
            list(counts34), wilds, melds, seven_pairs=rules.seven_pairs and melds == 0
        )
    return analysis.is_complete(
        list(counts34), wilds, melds,
        seven_pairs=rules.seven_pairs and melds == 0,
        thirteen_orphans=melds == 0,
    )  # fmt: skip


def shanten(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> int:
    return analysis.shanten(
        list(counts34), wilds, melds,
        seven_pairs=rules.seven_pairs and melds == 0,
        thirteen_orphans=melds == 0,
    )  # fmt: skip


def score(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    self_drawn: bool,
    seat_wind: int,
    round_wind: int,
    situations: frozenset[str],
) -> scoring.Score | None:
    ctx = scoring.WinContext(
        self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind, situations=situations
    )
    return scoring.score_win(rules, list(concealed), list(melds), win_tile, ctx)


def context(
    self_drawn: bool, seat_wind: int, round_wind: int, situations: frozenset[str]
) -> scoring.WinContext:
    return scoring.WinContext(
        self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind, situations=situations
    )


def _d3(n: int) -> int:
    return (3 - n % 3) % 3


def pattern_possible(
    rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
) -> bool:
    """A cheap necessary condition for a win in presets where a hand needs a pattern
    (正百搭: chicken does not win). False means no reading can score; True means ask scoring.

    Every 正百搭 pattern is a one-suit hand (with or without honours), an all-pungs hand
    (which covers the terminal patterns), thirteen orphans or seven pairs.
    """
    if rules.family != "heyuan" or rules.chicken_wins:
        return True
    suits = {t // 9 for t in range(27) if counts34[t]}
    for m in melds:
        if m.base < 27:
            suits.add(m.base // 9)
    if len(suits) <= 1:
        return True
    if not melds and (
        rules.seven_pairs or all(counts34[t] == 0 for t in range(27) if t % 9 not in (0, 8))
    ):
        return True
    if any(not m.is_triplet for m in melds):
        return False
    need = 0
    pair = 2  # the pair made of two wildcards
    for n in counts34:
        if n:
            d = _d3(n)
            need += d
            pair = min(pair, (_d3(n - 2) if n >= 2 else 1) - d)
    return need + pair <= wilds
