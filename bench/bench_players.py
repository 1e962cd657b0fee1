"""Group "players": how long a computer player thinks, and whole games with four of them.

A decision's latency is timed on the positions of real games (every decision of the seat
being timed, turns and claim windows alike), after a short warm-up game so the first
decisions' one-off table loads do not count (a table service keeps its players' process
alive). Whole games use simulate's loop.
"""

from __future__ import annotations

import time

from bench import Row, percentiles
from bench.bench_engine import rows_for
from engine.hand import HandState
from engine.players import Observation, get_player
from engine.rules import get_rules


def decision_times(preset: str, kind: str, hands: int, seed: str = "bench") -> list[float]:
    """Seconds per decision of ``kind`` sitting with three others of the same kind."""
    rules = get_rules(preset)
    out: list[float] = []
    for h in range(hands):
        st = HandState.start(rules, f"{seed}/{h}", dealer=h % 4)
        players = [get_player(kind, f"{seed}/{h}/{i}") for i in range(4)]
        while not st.is_over:
            seat = st.awaiting()[0]
            obs = Observation.of(st, seat)
            start = time.perf_counter()
            action = players[seat].act(obs)
            out.append(time.perf_counter() - start)
            st.act(action)
    return out


def run(quick: bool) -> list[Row]:
    rows: list[Row] = []
    hands = 8 if quick else 60
    for preset in ("heyuan-zheng", "guangdong", "heyuan-jihu"):
        decision_times(preset, "hard", 2, seed="warm-up")
        for kind in ("hard", "normal", "easy"):
            t = decision_times(preset, kind, hands)
            p50, p99, top = percentiles(t, 50, 99, 100)
            note = f"{len(t)} decisions, four {kind} players, {hands} hands"
            rows.append(
                Row(
                    "players",
                    f"{preset} {kind} decision p50",
                    p50 * 1000,
                    "ms",
                    better="lower",
                    note=note,
                )
            )
            rows.append(
                Row(
                    "players",
                    f"{preset} {kind} decision p99",
                    p99 * 1000,
                    "ms",
                    better="lower",
                    note=note + "; goal for hard < 20 ms",
                )
            )
            if kind == "hard":
                rows.append(
                    Row(
                        "players",
                        f"{preset} hard decision max",
                        top * 1000,
                        "ms",
                        better="lower",
                        note=note,
                    )
                )
    for preset in ("heyuan-zheng", "guangdong"):
        rows.extend(rows_for(preset, "hard", 20 if quick else 200, group="players"))
    return rows
