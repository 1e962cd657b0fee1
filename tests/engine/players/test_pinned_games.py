"""Pinned games: the same seeds must give exactly the same decisions.

Speed work on the players and on ``engine.analysis`` must not change a single decision.
These short matches pin every decision (a digest of the actions, in order) and the match
totals. If a change is *meant* to alter play (a new heuristic, a rule fix), re-pin: run
``python -m tests.engine.players.test_pinned_games`` and paste the printed table.
"""

from __future__ import annotations

import hashlib

import pytest

from engine.match import Match
from engine.players import Observation, get_player
from engine.rules import get_rules

# (preset, seed, players, hands) -> (match totals, decisions, sha256 of the actions' reprs)
PINNED: dict[tuple[str, str, str, int], tuple[list[int], int, str]] = {
    ("heyuan-zheng", "pin-1", "hard,normal,easy,greedy", 20): ([-3, 19, 10, -26], 1069, "7c0c23e763d202fc"),
    ("guangdong", "pin-2", "greedy,hard,normal,easy", 20): ([16, -20, 3, 1], 1057, "fe82f6d0e5333f2d"),
    ("heyuan-jihu", "pin-3", "easy,greedy,hard,normal", 20): ([6, -3, -3, 0], 527, "1ba92d96fb06a836"),
    ("heyuan-zheng", "pin-4", "greedy,greedy,greedy,greedy", 30): ([-8, -61, 41, 28], 2638, "beb6bff6106eaae5"),
    ("guangdong", "pin-5", "hard,hard,hard,hard", 10): ([20, -21, -3, 4], 629, "f889f90e02091452"),
}  # fmt: skip


def play(preset: str, seed: str, kinds: str, hands: int) -> tuple[list[int], int, str]:
    """Plays the match (simulate's loop) and digests every decision in order."""
    rules = get_rules(preset)
    players = [get_player(k, f"{seed}/player/{i}") for i, k in enumerate(kinds.split(","))]
    match = Match.start(rules, seed, hands_limit=hands)
    digest = hashlib.sha256()
    decisions = 0
    while not match.is_over:
        hand = match.hand
        assert hand is not None
        while not hand.is_over:
            seat = hand.awaiting()[0]
            action = players[seat].act(Observation.of(hand, seat, match.totals))
            digest.update(repr(action).encode())
            decisions += 1
            match.act(action)
        match.next_hand()
    return list(match.totals), decisions, digest.hexdigest()[:16]


@pytest.mark.parametrize("key", list(PINNED), ids=lambda k: f"{k[0]}-{k[2]}")
def test_decisions_are_pinned(key: tuple[str, str, str, int]) -> None:
    assert play(*key) == PINNED[key]


if __name__ == "__main__":  # re-pin (only when a change is meant to alter play)
    for k in PINNED:
        print(f"    {k!r}: {play(*k)!r},")
