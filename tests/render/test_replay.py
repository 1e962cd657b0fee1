"""Replays as pictures: a frame per action of a finished hand, open hands only at the end."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine.events import Called, Discarded, Konged, Won
from engine.log import dumps_log
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from render import replay as rp
from render.views import RenderError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def match() -> Match:
    rules = get_rules("guangdong")
    players = [get_player("greedy", f"r/{i}") for i in range(4)]
    return play_match(Match.start(rules, "replay-test", hands_limit=2), players)


def test_one_frame_per_action_and_the_hands_open_only_at_the_end(match: Match) -> None:
    events = rp.hand_events(match.events, 0)
    frames = rp.replay_frames(events, ["Ann", "Bo", "Chen", "Dee"], locale="zh-Hans")
    actions = [e for e in events if isinstance(e, (Discarded, Called, Konged, Won))]
    assert len(frames) == 1 + len(actions) + 1  # the deal, each action, the open hands
    assert [f.step for f in frames] == list(range(1, len(frames) + 1))
    assert all(not f.final for f in frames[:-1]) and frames[-1].final
    # every frame before the last is the table alone; the last adds a panel of four hands
    table = frames[0].image.size
    assert all(f.image.size == table for f in frames[:-1])
    assert frames[-1].image.height > table[1]


def test_the_public_view_of_a_frame_holds_no_concealed_tile(match: Match) -> None:
    events = rp.hand_events(match.events, 0)
    from engine.hand import HandState

    state = HandState.from_events(events[:20])
    view = rp._table(state, ["a", "b", "c", "d"], 0, None)
    for seat in view.seats:
        assert not hasattr(seat, "concealed")  # only a count: the view cannot carry tiles
        assert seat.concealed_count == sum(state.seats[view.seats.index(seat)].counts)


@pytest.mark.parametrize(("fmt", "magic"), [("apng", b"\x89PNG"), ("gif", b"GIF8")])
def test_animation_formats(match: Match, fmt: str, magic: bytes) -> None:
    frames = rp.replay_frames(rp.hand_events(match.events, 1))
    data = rp.animate(frames, fmt, width=400)
    assert data.startswith(magic)
    img = Image.open(io.BytesIO(data))
    # the encoders fold a frame identical to the one before it (a win right after the
    # discard it took) into that one
    n_frames = getattr(img, "n_frames", 1)
    assert len(frames) - 4 <= n_frames <= len(frames) and img.width == 400


def test_bad_replays_are_refused(match: Match) -> None:
    with pytest.raises(RenderError, match="hand 9"):
        rp.hand_events(match.events, 8)
    unfinished = match.events[: 30]
    with pytest.raises(RenderError):
        rp.hand_events(unfinished)
    with pytest.raises(RenderError, match="format"):
        rp.animate(rp.replay_frames(rp.hand_events(match.events, 0))[:2], "bmp")


def test_the_command(tmp_path: Path, match: Match) -> None:
    log = tmp_path / "m.jsonl"
    log.write_text(dumps_log(match.events), encoding="utf-8")
    out = tmp_path / "r.gif"
    run = [sys.executable, "-m", "render", "replay", str(log), "--out", str(out), "--hand", "1",
           "--width", "300"]
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"GIF8")
    bad = subprocess.run([*run[:7], "--hand", "7"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "hand 7" in bad.stderr


def test_a_false_win_is_captioned_as_one() -> None:
    from engine.events import Won
    from render.replay import _caption

    names = ["Ann", "Bob", "Cat", "Dan"]
    false = Won(seat=1, tile=None, self_drawn=True, from_seat=None, value=0, fan=None,
                patterns=("false_win",), situations=())
    real = Won(seat=1, tile=None, self_drawn=True, from_seat=None, value=2, fan=None,
               patterns=("pi_hu",), situations=())
    assert _caption(false, names, "zh-CN") == "Bob 诈胡"
    assert _caption(real, names, "zh-CN") == "Bob 胡牌"
