"""The 108-tile games (Sichuan 血战到底, Changsha), next to guangdong's figures on the same
kind of input, measured in the same run:

* ``evaluate`` lines per second (the contract command's own function): complete 14-tile
  hands of the three suits in two suits (so that they are Sichuan wins too), with a 2-5-8
  pair (Changsha 平和), and 13-tile hands asking for shanten and waits;
* whole simulated hands per second with four ``greedy`` players (the ``simulate`` loop:
  定缺 and the winners leaving in Sichuan, 起手小胡, the 海底 offer and birds in Changsha).

The ratio column reads "times guangdong's speed" (below 1: slower).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from functools import partial
from typing import Any

from bench import Row, rate
from engine.cli.evaluate import evaluate
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from engine.tiles import format_tiles

PEER = "guangdong"
GAMES = ("sichuan", "changsha")


def _complete(rng: random.Random) -> list[int]:
    """Four sets and a 2-5-8 pair in two suits."""
    while True:
        suits = rng.sample(range(3), 2)
        tiles = [9 * suits[0] + rng.choice((1, 4, 7))] * 2
        for _ in range(4):
            s = 9 * rng.choice(suits)
            if rng.random() < 0.4:
                k = s + rng.randrange(9)
                tiles += [k, k, k]
            else:
                k = s + rng.randrange(7)
                tiles += [k, k + 1, k + 2]
        if max(Counter(tiles).values()) <= 4:
            return tiles


def lines(preset: str, n: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(seed)
    wins, waits = [], []
    for _ in range(n):
        tiles = _complete(rng)
        rng.shuffle(tiles)
        base: dict[str, Any] = {"rules": preset}
        wins.append({**base, "concealed": format_tiles(tiles), "win_tile": format_tiles(tiles[-1:]),
                     "self_drawn": True})
        waits.append({**base, "concealed": format_tiles(tiles[:-1])})
    return wins, waits


def _evaluate_all(objs: list[dict[str, Any]]) -> None:
    for obj in objs:
        evaluate(obj)


def hands_per_second(preset: str, hands: int) -> float:
    rules = get_rules(preset)
    players = [get_player("greedy", f"bench/{i}") for i in range(4)]
    start = time.perf_counter()
    play_match(Match.start(rules, f"bench-{preset}", hands_limit=hands), players)
    return hands / (time.perf_counter() - start)


def run(quick: bool) -> list[Row]:
    n = 60 if quick else 200
    seconds = 0.2 if quick else 0.5
    hands = 8 if quick else 40
    rows: list[Row] = []
    peer_wins, peer_waits = lines(PEER, n, 11)
    peer_rates = {
        "wins": rate(partial(_evaluate_all, peer_wins), n, seconds),
        "waits": rate(partial(_evaluate_all, peer_waits), n, seconds),
    }
    peer_sim = hands_per_second(PEER, hands)
    for preset in GAMES:
        wins, waits = lines(preset, n, 11)
        for kind, objs, what in (("wins", wins, "14 tiles in two suits"),
                                 ("waits", waits, "13 tiles: shanten and waits")):
            value = rate(partial(_evaluate_all, objs), n, seconds)
            rows.append(Row("108-tile games", f"evaluate {preset}, {what}", value, "/s",
                            peer=PEER, peer_value=peer_rates[kind]))
        rows.append(Row("108-tile games", f"simulate {preset}, greedy players",
                        hands_per_second(preset, hands), "hands/s", peer=PEER,
                        peer_value=peer_sim))
    return rows
