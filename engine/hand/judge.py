"""The hand's questions to analysis and scoring, asked cheaply.

The claim checks after every discard are the hot path of a simulated game: a
seat's shape waits are computed once per change of its hand (cached by the
hand state), a cheap pattern filter comes next, and the full scoring search
runs only for hands that pass both.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import analysis, scoring
from engine.melds import Meld
from engine.rules import Rules


def shape_waits(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> frozenset[int]:
    """Kinds that complete the shape of a 13-tile (kong as 3) hand; no pattern check.

    Table-driven (engine.analysis); tests/engine/hand/test_judge.py checks it agrees
    with scoring's own completeness search, so a claim is offered exactly when
    scoring would accept the shape (a fifth copy through a wildcard included).
    """
    sp = rules.seven_pairs and melds == 0
    return frozenset(
        analysis.waits(list(counts34), wilds, melds, seven_pairs=sp, thirteen_orphans=melds == 0)
    )


def shape_complete(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> bool:
    """Whether a 14-tile hand is complete in shape (tables; agrees with scoring's check)."""
    sp = rules.seven_pairs and melds == 0
    return analysis.is_complete(
        list(counts34), wilds, melds, seven_pairs=sp, thirteen_orphans=melds == 0
    )


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
