"""Group "engine": whole hands per second with computer players (one core)."""

from __future__ import annotations

import time

from bench import Row
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules


def hands_per_second(preset: str, kind: str, hands: int, seed: str = "bench") -> float:
    rules = get_rules(preset)
    players = [get_player(kind, f"{seed}/{i}") for i in range(4)]
    start = time.perf_counter()
    m = play_match(Match.start(rules, seed, hands_limit=hands), players)
    return len(m.results) / (time.perf_counter() - start)


def run(quick: bool) -> list[Row]:
    hands = 40 if quick else 400
    rows = []
    for preset in ("heyuan-zheng", "guangdong"):
        for kind in ("greedy", "random"):
            rate = hands_per_second(preset, kind, hands)
            rows.append(
                Row(
                    "engine",
                    f"{preset} {kind} players",
                    rate,
                    "hands/s",
                    note=f"{hands} hands, simulate's loop",
                )
            )
    return rows
