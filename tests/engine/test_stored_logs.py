"""Logs written by earlier versions of the engine still replay, to the same final state.

``tests/engine/logs/`` holds whole matches played by computer players (with house options:
horses, 四保胡, kongs paid on a draw, bonus flowers, a minimum fan) as the engine wrote them
when they were recorded, and the final state hash it printed. A table stored in a bot's
database before an upgrade is rebuilt from exactly such a log, so an engine change that
stops one of them replaying — or replays it to another state — breaks resumed tables.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.log import loads_log, replay_log
from engine.match import Match

LOGS = Path(__file__).parent / "logs"
HASHES: dict[str, str] = json.loads((LOGS / "hashes.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(HASHES))
def test_a_stored_log_replays_to_its_recorded_hash(name: str) -> None:
    text = (LOGS / name).read_text(encoding="utf-8")
    state = replay_log(text)
    assert isinstance(state, Match) and state.is_over
    assert state.state_hash() == HASHES[name]


def test_horse_tiles_survive_the_round_trip_through_json() -> None:
    # HandEnded.horse_tiles is written in canonical (sorted) notation; the engine must
    # produce it sorted too, or a stored horse game no longer replays
    events = loads_log((LOGS / "heyuan-jihu-options.jsonl").read_text(encoding="utf-8"))
    ended = [e for e in events if e.type == "hand_ended" and e.horse_tiles]  # type: ignore[attr-defined]
    assert ended, "the stored log has hands with horses"
    for e in ended:
        assert list(e.horse_tiles) == sorted(e.horse_tiles)  # type: ignore[attr-defined]
