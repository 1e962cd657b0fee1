"""Scoring a winning hand under a preset: is it a legal win, what does it pay, and why.

Public API (the hand state machine, the ``evaluate`` command and settlement use it):

- :class:`WinContext` — how the hand was won (self-draw, winds, situations).
- :class:`Score` — ``points`` one payer pays at unit 1 (before any 包 rule), the pattern and
  bonus ids, Guangdong's ``fan``, and the chosen :class:`Reading`.
- :func:`score_win` / :func:`can_win` — a 14-tile hand (kongs count three) with its winning tile.
- :func:`score_four_wilds` — the 四保胡 instant win, when the preset's option allows it.
- :func:`waits_on_anything` — the 飞牌 test: a 13-tile hand complete with any of the 34 kinds.

Every reading of the wildcards and of the set split is tried; the one that pays most stands
(see :mod:`engine.scoring.readings`). The rule pages in ``docs/rules/`` say in words what the
two families (:mod:`engine.scoring.heyuan`, :mod:`engine.scoring.guangdong`) implement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.readings import is_complete
from engine.tiles import NUM_KINDS, format_tiles, tile_name

__all__ = [
    "SITUATIONS",
    "Reading",
    "Score",
    "WinContext",
    "can_win",
    "score_four_wilds",
    "score_win",
    "waits_on_anything",
]

SITUATIONS = frozenset(
    {
        "kong_replacement",  # 杠上开花: won on a kong's replacement tile
        "last_tile",  # 海底捞月: won on the last tile of the wall
        "robbing_kong",  # 抢杠: won on the tile another player added to a pung
        "heavenly",  # 天和: the dealer's first 14 tiles
        "earthly",  # 地和: a non-dealer wins on the dealer's first discard
        "human",  # 人和: a non-dealer self-draws on the first draw
        "multi_win3",  # 一炮三响 (Guangdong): three winners on one discard
    }
)


@dataclass(frozen=True, slots=True)
class WinContext:
    self_drawn: bool = False
    seat_wind: int = 0  # 0..3 = E S W N, the winner's seat relative to the dealer
    round_wind: int = 0  # 0..3 = E S W N
    situations: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Reading:
    """How the winning hand was read for its score (for the settlement picture).

    ``form``: "standard", "seven_pairs", "thirteen_orphans" or "four_wilds".
    ``groups``: the concealed part in natural kinds, e.g. ``(("pung", (0, 0, 0)), ("pair", (4, 4)))``;
    thirteen orphans are written as one group ``("orphans", 14 tiles)``. Exposed melds are not
    repeated here. ``wild_as``: the kinds the wildcards stand for, sorted.
    """

    form: str
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    wild_as: tuple[int, ...] = ()

    def describe(self) -> str:
        """``111m 222m 333m 444m 55m (wildcards: 5m)``."""
        parts = " ".join(format_tiles(tiles) for _shape, tiles in self.groups)
        if self.wild_as:
            parts += f" (wildcards: {' '.join(tile_name(k) for k in self.wild_as)})"
        return parts or self.form


@dataclass(frozen=True, slots=True)
class Score:
    points: int
    patterns: tuple[str, ...]
    fan: int | None = None
    reading: Reading | None = field(default=None, compare=False)


def _split(rules: Rules, concealed: Sequence[int]) -> tuple[list[int], int] | None:
    """Natural counts (34 kinds) and the number of wildcards; None if a flower is not wild."""
    counts = [0] * NUM_KINDS
    wild = 0
    for t in concealed:
        if t < NUM_KINDS:
            counts[t] += 1
        elif rules.is_wild(t):
            wild += 1
        else:
            return None
    return counts, wild


def waits_on_anything(
    rules: Rules, counts13: Sequence[int], wild13: int, melds: int
) -> bool:
    """飞牌's test: the 13-tile hand is complete with each of the 34 kinds added (shape only)."""
    if wild13 == 0:
        # without a wildcard an honour the hand lacks can never complete it
        return False
    c = list(counts13)
    # try the kinds most likely to fail first: honours and terminals the hand does not hold
    order = sorted(range(NUM_KINDS), key=lambda k: (c[k] > 0, k < 27))
    for k in order:
        c[k] += 1
        ok = is_complete(c, wild13, melds, seven_pairs=rules.seven_pairs)
        c[k] -= 1
        if not ok:
            return False
    return True


def score_four_wilds(rules: Rules) -> Score | None:
    """四保胡: four wildcards after a draw, paid as a self-draw; None where the option is off."""
    if not rules.four_wilds_win or rules.wildcards < 4:
        return None
    value = rules.patterns.get("four_wilds")
    if value is None:
        return None
    if rules.family == "guangdong":
        return Score(points=2**value, patterns=("four_wilds",), fan=value, reading=Reading("four_wilds"))
    return Score(points=value, patterns=("four_wilds",), reading=Reading("four_wilds"))


def score_win(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: WinContext,
) -> Score | None:
    """The best legal score of a winning hand, or None when it is not a legal win.

    ``concealed`` holds the concealed tiles including the winning tile and any wildcards.
    Not a legal win: not complete in any allowed form; only a pattern the preset does not
    let win (正百搭's chicken, a Guangdong hand below ``min_fan``); the winning tile is a
    wildcard that was not self-drawn; a discard win where the preset is self-draw only.
    """
    if len(concealed) + 3 * len(melds) != 14 or win_tile not in concealed:
        return None
    split = _split(rules, concealed)
    if split is None:
        return None
    counts, wild = split
    win_is_wild = rules.is_wild(win_tile)
    if win_is_wild and not ctx.self_drawn:
        return None  # nobody wins on a discarded wildcard
    if not ctx.self_drawn:
        if rules.self_draw_only:
            return None
        if "robbing_kong" in ctx.situations and not rules.robbing_kong:
            return None
    four = None
    if ctx.self_drawn and wild >= 4:
        four = score_four_wilds(rules)
    if rules.family == "guangdong":
        from engine.scoring.guangdong import score as family_score
    else:
        from engine.scoring.heyuan import score as family_score
    best = family_score(rules, counts, wild, melds, win_tile, win_is_wild, ctx)
    if four is not None and (best is None or four.points > best.points):
        return four
    return best


def can_win(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: WinContext,
) -> bool:
    """Whether :func:`score_win` would give a score (a shape check first, for speed)."""
    if len(concealed) + 3 * len(melds) != 14 or win_tile not in concealed:
        return False
    split = _split(rules, concealed)
    if split is None:
        return False
    counts, wild = split
    if ctx.self_drawn and wild >= 4 and score_four_wilds(rules) is not None:
        return True
    if not is_complete(counts, wild, len(melds), seven_pairs=rules.seven_pairs):
        return False
    return score_win(rules, concealed, melds, win_tile, ctx) is not None
