"""Group "engine": whole hands per second with computer players (one core), and how much
of a hand the players' thinking takes (the rest is the hand engine: dealing, claims,
scoring)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from bench import Row
from engine.actions import Action
from engine.cli.batch import collector_paused
from engine.match import Match
from engine.players import Observation, Player, get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules

# the goals for `simulate` (hands per second on one core, four players of one level), set on
# a machine where the first engine (00ae432) made 92 greedy and 19 hard hands a second: on
# another machine the ratio to that engine is the figure (3.26x and 3.16x; docs/engine.md)
GOALS = {"greedy": 300, "hard": 60}
FIRST_ENGINE = {"greedy": 92, "hard": 19}


class _Timed:
    """A player whose decisions are timed (the seconds add up in ``spent``)."""

    def __init__(self, player: Player, spent: list[float]) -> None:
        self.player = player
        self.spent = spent

    def act(self, obs: Observation) -> Action:
        start = time.perf_counter()
        action = self.player.act(obs)
        self.spent[0] += time.perf_counter() - start
        return action


def hands_per_second(
    preset: str, kind: str, hands: int, seed: str = "bench"
) -> tuple[float, float]:
    """(hands per second of simulate's loop, milliseconds per hand spent in the players)."""
    rules = get_rules(preset)
    spent = [0.0]
    players: Sequence[Player] = [_Timed(get_player(kind, f"{seed}/{i}"), spent) for i in range(4)]
    with collector_paused():  # as simulate plays
        start = time.perf_counter()
        m = play_match(Match.start(rules, seed, hands_limit=hands), players)
        seconds = time.perf_counter() - start
    n = len(m.results)
    return n / seconds, 1000 * spent[0] / n


def rows_for(preset: str, kind: str, hands: int, group: str = "engine") -> list[Row]:
    rate, players_ms = hands_per_second(preset, kind, hands)
    goal = GOALS.get(kind)
    note = f"{hands} hands, simulate's loop" + (
        f"; goal >= {goal} where the first engine made {FIRST_ENGINE[kind]}" if goal else ""
    )
    return [
        Row(group, f"{preset} {kind} players", rate, "hands/s", note=note),
        Row(
            group,
            f"{preset} {kind}: players' share of a hand",
            players_ms,
            "ms",
            better="lower",
            note=f"of {1000 / rate:.1f} ms a hand; the rest is the hand engine",
        ),
    ]


def run(quick: bool) -> list[Row]:
    hands = 40 if quick else 400
    rows = []
    for preset in ("heyuan-zheng", "guangdong"):
        for kind in ("greedy", "random"):
            rows.extend(rows_for(preset, kind, hands))
    return rows
