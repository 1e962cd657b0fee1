"""One replay frame drawn alone is exactly that frame of the whole replay."""

from __future__ import annotations

import pytest

from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from render import replay as rp
from render.replay_step import frame_count, replay_frame


@pytest.fixture(scope="module")
def events():
    players = [get_player("greedy", f"s/{i}") for i in range(4)]
    m = play_match(Match.start(get_rules("guangdong"), "step-test", hands_limit=1), players)
    return rp.hand_events(m.events, 0)


def test_a_frame_alone_equals_the_frame_of_the_whole_replay(events):
    frames = rp.replay_frames(events, ["A", "B", "C", "D"], locale="zh-Hant")
    assert frame_count(events) == len(frames)
    for k in (1, 2, len(frames) // 2, len(frames)):
        alone = replay_frame(events, k, ["A", "B", "C", "D"], locale="zh-Hant")
        whole = frames[k - 1]
        assert (alone.step, alone.steps, alone.caption, alone.final) == (
            whole.step, whole.steps, whole.caption, whole.final)
        assert alone.image.tobytes() == whole.image.tobytes()
    # only the last frame opens the hands; numbers out of range are clamped
    assert not replay_frame(events, 1).final and replay_frame(events, 10_000).final
    assert replay_frame(events, 0).step == 1


def test_an_unfinished_hand_is_refused(events):
    from render.views import RenderError

    with pytest.raises(RenderError):
        replay_frame(events[:-1], 1)
