"""The riichi 立直麻雀 family: Japanese riichi scoring (rule page ``riichi.md``), han and fu
exactly as the reference library counts them (:mod:`engine.riichi`).

What it answers today: ``evaluate`` lines of the ``riichi`` preset, whole
(:meth:`RiichiFamily.evaluate_line`: red fives, riichi, ippatsu, dora and ura-dora
indicators), and :meth:`RiichiFamily.score` of a hand the common :class:`WinContext`
describes — a win without riichi and without dora, since the context carries neither yet.
``points`` is what the winner receives for the hand (before honba and riichi sticks) and
``fan`` its han.

The table game (riichi declaration, furiten, honba and sticks, the points game) is not
played yet, so the preset is one of the scoring-only presets (``engine.presets``): tables,
lobbies and ``simulate`` do not offer it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.family import BaseFamily
from engine.melds import Meld
from engine.riichi.evaluate import evaluate_riichi
from engine.riichi.hand import SITUATIONS as RIICHI_SITUATIONS
from engine.riichi.hand import RiichiWin
from engine.riichi.score import score_riichi
from engine.riichi.yaku import BY_ID
from engine.rules import Rules
from engine.scoring.types import Reading, Score, WinContext


class RiichiFamily(BaseFamily):
    id = "riichi"
    value_style = "multiple"
    last_discard_wins = True  # houtei raoyui: a win on the last discard
    evaluate_fan = False  # evaluate gives "han" instead

    def evaluate_line(self, rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any] | None:
        return evaluate_riichi(rules, obj)

    def score(
        self,
        rules: Rules,
        counts: list[int],
        wild: int,
        melds: Sequence[Meld],
        win_tile: int,
        win_is_wild: bool,
        ctx: WinContext,
    ) -> Score | None:
        if wild:
            return None  # no jokers in riichi
        win = RiichiWin(
            concealed=tuple(k for k in range(34) for _ in range(counts[k])),
            melds=tuple(melds), win_tile=win_tile, self_drawn=ctx.self_drawn,
            seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
            situations=frozenset(ctx.situations) & RIICHI_SITUATIONS, aka=rules.aka > 0,
        )  # fmt: skip
        got = score_riichi(win)
        if got is None:
            return None
        return Score(points=got.points, patterns=got.patterns, fan=got.han, reading=Reading("standard"))

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        return [(p, BY_ID[p].closed if p in BY_ID else 0) for p in patterns]
