"""Scoring a winning hand under a preset: is it a legal win, what does it pay, and why.

Public API (the hand state machine, the ``evaluate`` command and settlement use it):

- :class:`WinContext` — how the hand was won (self-draw, winds, situations, the hand's jokers).
- :class:`Score` — ``points`` one payer pays at unit 1 (before any 包 rule), the pattern and
  bonus ids, ``fan`` where the family counts fan, and the chosen :class:`Reading`.
- :func:`score_win` / :func:`can_win` — a 14-tile hand (kongs count three) with its winning tile.
- :func:`score_four_wilds` — the 四保胡 instant win, when the preset's option allows it.

What is common to every game lives here (the checks of a legal win, the readings of
:mod:`engine.scoring.readings`); what a region's patterns are worth lives in its rule family
(:mod:`engine.family`), which :func:`score_win` asks. The rule pages in ``docs/rules/`` say
in words what each family implements.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine import analysis, jokers
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import SITUATIONS, Reading, Score, WinContext
from engine.tiles import WHITE

__all__ = [
    "SITUATIONS",
    "Reading",
    "Score",
    "WinContext",
    "can_win",
    "score_four_wilds",
    "score_win",
]


def _wild_kinds(rules: Rules, ctx: WinContext) -> frozenset[int]:
    return ctx.wild_kinds if ctx.wild_kinds is not None else jokers.wild_kinds(rules)


def score_four_wilds(rules: Rules, wild: int = 4) -> Score | None:
    """四保胡: four wildcards after a draw, paid as a self-draw; None where the option is off."""
    from engine.family import family_of

    return family_of(rules).instant_win(rules, wild)


def score_win(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: WinContext,
) -> Score | None:
    """The best legal score of a winning hand, or None when it is not a legal win.

    ``concealed`` holds the concealed tiles including the winning tile and any jokers.
    Not a legal win: not complete in any allowed form; only a pattern the preset does not
    let win (正百搭's chicken, a Guangdong hand below ``min_fan``); the winning tile is a
    joker that was not self-drawn; a discard win where the preset is self-draw only.
    """
    from engine.family import family_of

    split = _legal_split(rules, concealed, melds, win_tile, ctx)
    if split is None:
        return None
    counts, wild, win_is_wild = split
    melds, win_tile = _stood_in(rules, ctx, melds, win_tile)
    family = family_of(rules)
    instant = family.instant_win(rules, wild) if ctx.self_drawn else None
    best = family.score(rules, counts, wild, melds, win_tile, win_is_wild, ctx)
    if instant is not None and (best is None or instant.points > best.points):
        return instant
    return best


def _legal_split(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: WinContext,
) -> tuple[list[int], int, bool] | None:
    """The checks of a legal win that read no pattern: (natural counts, jokers, whether the
    winning tile is a joker), or None when the hand cannot win whatever its shape."""
    if len(concealed) + 3 * len(melds) != rules.tiles_to_win or win_tile not in concealed:
        return None
    wild_kinds = _wild_kinds(rules, ctx)
    split = jokers.split_tiles(concealed, wild_kinds, jokers.stand_in(rules, wild_kinds))
    if split is None:
        return None
    counts, wild = split
    wild += rules.imagined  # 江南's 心皇: it completes a win as any tile
    win_is_wild = win_tile in wild_kinds
    if win_is_wild and not ctx.self_drawn:
        return None  # nobody wins on a discarded joker
    if not ctx.self_drawn:
        if rules.self_draw_only:
            return None
        if "robbing_kong" in ctx.situations and not rules.robbing_kong:
            return None
        if rules.discard_win_concealed and any(not m.kind.is_concealed for m in melds):
            return None  # a called meld: self-draw only (Beijing)
        if rules.joker_self_draw and wild >= rules.joker_self_draw:
            return None  # holding that many jokers: self-draw only (Beijing: three)
    return counts, wild, win_is_wild


def _stood_in(
    rules: Rules, ctx: WinContext, melds: Sequence[Meld], win_tile: int
) -> tuple[Sequence[Meld], int]:
    """The melds and winning tile with every 白板 read as the kind it stands for (Fujian's
    stand-in: :func:`engine.jokers.stand_in`); unchanged elsewhere."""
    if rules.joker_rule != "turned":
        return melds, win_tile
    kind = jokers.stand_in(rules, _wild_kinds(rules, ctx))
    if kind is None:
        return melds, win_tile
    out = [
        dataclasses.replace(
            m, tiles=tuple(sorted(kind if t == WHITE else t for t in m.tiles)),
            called=kind if m.called == WHITE else m.called,
        ) if WHITE in m.tiles else m
        for m in melds
    ]  # fmt: skip
    return out, kind if win_tile == WHITE else win_tile


def can_win(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: WinContext,
) -> bool:
    """Whether :func:`score_win` would give a score: the shape first, then the family's
    :meth:`~engine.family.RuleFamily.wins`, which need not find the best reading."""
    from engine.family import family_of

    split = _legal_split(rules, concealed, melds, win_tile, ctx)
    if split is None:
        return False
    counts, wild, win_is_wild = split
    melds, win_tile = _stood_in(rules, ctx, melds, win_tile)
    family = family_of(rules)
    if ctx.self_drawn and family.instant_win(rules, wild) is not None:
        return True
    # the shape through the analysis tables (tests/engine/hand/test_judge.py checks they
    # agree with readings.is_complete, the reference search, which is many times slower)
    if not analysis.is_complete(
        counts, wild, len(melds) + rules.short_sets,
        seven_pairs=rules.seven_pairs and rules.plain_size,
        thirteen_orphans=rules.orphans_form and rules.plain_size,
    ) and not (
        family.special_targets(rules)
        and family.special_complete(rules, _face(counts, wild, ctx.wild_kinds), melds)
    ):  # fmt: skip
        return False
    return family.wins(rules, counts, wild, melds, win_tile, win_is_wild, ctx)


def _face(counts: list[int], wild: int, wild_kinds: frozenset[int] | None) -> list[int]:
    """Counts with the jokers back as their face tile (the single-tile forms read them so)."""
    face = list(counts)
    kinds = [k for k in wild_kinds or () if k < len(face)]
    if wild and len(kinds) == 1:
        face[kinds[0]] += wild
    return face
