"""The JSON Lines log: round trips, checked replay, and loud failure on a tampered line."""

from __future__ import annotations

import json

import pytest

from engine.events import EVENT_TYPES, event_from_json
from engine.hand import HandState
from engine.log import LogError, dumps_log, loads_log, replay_log
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules


@pytest.fixture(scope="module")
def match_log() -> tuple[Match, str]:
    rules = get_rules("guangdong")
    m = play_match(
        Match.start(rules, "log", hands_limit=3), [get_player("random", i) for i in range(4)]
    )
    return m, dumps_log(m.events)


def test_every_event_round_trips(match_log):
    m, text = match_log
    assert loads_log(text) == m.events
    seen = {e.type for e in m.events}
    assert {"match_started", "hand_started", "dealt", "drawn", "discarded", "hand_ended"} <= seen
    for e in m.events:
        assert event_from_json(json.loads(e.dumps())) == e
    assert set(EVENT_TYPES) >= seen


def test_replay_gives_the_same_hash(match_log):
    m, text = match_log
    assert replay_log(text).state_hash() == m.state_hash()


def test_a_single_hand_log_replays():
    st = HandState.start(get_rules("heyuan-zheng"), "solo", dealer=2)
    assert replay_log(dumps_log(st.events)).state_hash() == st.state_hash()


def _edit(text: str, line_no: int, change) -> str:
    lines = text.splitlines()
    obj = json.loads(lines[line_no - 1])
    change(obj)
    lines[line_no - 1] = json.dumps(obj)
    return "\n".join(lines) + "\n"


def _line_of(text: str, kind: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if f'"type":"{kind}"' in line)


@pytest.mark.parametrize(
    "kind, change",
    [
        ("discarded", lambda o: o.update(seat=(o["seat"] + 1) % 4)),
        ("drawn", lambda o: o.update(tile="1m" if o["tile"] != "1m" else "2m")),
        ("hand_ended", lambda o: o.update(deltas=[5, -5, 0, 0])),
        ("hand_started", lambda o: o.update(commitment="0" * 64)),
        ("dealt", lambda o: o["hands"].reverse()),
    ],
    ids=["discard by another seat", "drawn tile", "settlement", "commitment", "deal"],
)
def test_a_tampered_line_is_named(match_log, kind, change):
    _, text = match_log
    n = _line_of(text, kind)
    with pytest.raises(LogError) as err:
        replay_log(_edit(text, n, change))
    assert err.value.line == n


def test_garbage_is_named():
    with pytest.raises(LogError) as err:
        replay_log('{"type":"match_started"}\nnot json\n')
    assert err.value.line == 1
    with pytest.raises(LogError):
        replay_log("")
