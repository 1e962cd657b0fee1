"""The rows a group of presets reports beside a peer preset: `evaluate` on complete hands and on
13-tile hands, and `simulate` with greedy players (shared by the per-game bench modules)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import Row, rate
from engine.cli.evaluate import evaluate
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules

Lines = Callable[[str, int, int], tuple[list[dict[str, Any]], list[dict[str, Any]]]]


def evaluate_all(objs: list[dict[str, Any]]) -> None:
    for obj in objs:
        evaluate(obj)


def hands_per_second(preset: str, hands: int) -> float:
    """Four greedy players through ``hands`` hands of ``preset``."""
    rules = get_rules(preset)
    players = [get_player("greedy", f"bench/{i}") for i in range(4)]
    start = time.perf_counter()
    play_match(Match.start(rules, f"bench-{preset}", hands_limit=hands), players)
    return hands / (time.perf_counter() - start)


def preset_rows(
    group: str, games: Sequence[str], peer: str, lines: Lines, seed: int, wins_what: str,
    quick: bool,
) -> list[Row]:
    """For each preset: evaluate rates of ``lines``' wins and waits, and simulate, each beside
    ``peer``'s figure measured in the same run."""
    n = 60 if quick else 200
    seconds = 0.2 if quick else 0.5
    hands = 8 if quick else 40
    peer_wins, peer_waits = lines(peer, n, seed)
    peer_rates = {
        "wins": rate(partial(evaluate_all, peer_wins), n, seconds),
        "waits": rate(partial(evaluate_all, peer_waits), n, seconds),
    }
    peer_sim = hands_per_second(peer, hands)
    rows: list[Row] = []
    for preset in games:
        wins, waits = lines(preset, n, seed)
        for kind, objs, what in (("wins", wins, wins_what),
                                 ("waits", waits, "13 tiles: shanten and waits")):
            value = rate(partial(evaluate_all, objs), n, seconds)
            rows.append(Row(group, f"evaluate {preset}, {what}", value, "/s",
                            peer=peer, peer_value=peer_rates[kind]))
        rows.append(Row(group, f"simulate {preset}, greedy players",
                        hands_per_second(preset, hands), "hands/s", peer=peer,
                        peer_value=peer_sim))
    return rows
