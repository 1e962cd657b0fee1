"""Replays as pictures: a frame per action of a finished hand, open hands only at the end."""

from __future__ import annotations

import io
import os
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
    # the deal, each action, the open hands, the result
    assert len(frames) == 1 + len(actions) + 2
    assert [f.step for f in frames] == list(range(1, len(frames) + 1))
    assert all(not f.final for f in frames[:-1]) and frames[-1].final
    # every frame is the table's square, drawn edge to edge from the first
    assert {f.image.size for f in frames} == {frames[0].image.size}
    assert frames[0].image.width == frames[0].image.height


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


def test_captions_name_tiles_in_the_readers_language():
    from engine.events import Discarded
    from engine.tiles import parse_one
    from render.replay import _caption

    names = ["Ann", "Bob", "Cat", "Dan"]
    three_dots = Discarded(seat=0, tile=parse_one("3p"))
    assert _caption(three_dots, names, "zh-Hans") == "Ann 打出 三筒"
    assert _caption(three_dots, names, "en") == "Ann discards 3 Dots"
    assert _caption(Discarded(seat=2, tile=parse_one("1m")), names, "zh-Hant") == "Cat 打出 一萬"


@pytest.mark.parametrize(("name", "magic"), [("r.png", b"\x89PNG"), ("r.APNG", b"\x89PNG"),
                                             ("r.gif", b"GIF8"), ("r.webp", b"RIFF")])
def test_the_command_writes_the_kind_its_extension_names(tmp_path: Path, match: Match, name: str,
                                                         magic: bytes) -> None:
    log = tmp_path / "m.jsonl"
    log.write_text(dumps_log(match.events), encoding="utf-8")
    out = tmp_path / name
    done = subprocess.run([sys.executable, "-m", "render", "replay", str(log), "--out", str(out),
                           "--width", "240", "--locale", "zh-TW"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data.startswith(magic)
    img = Image.open(io.BytesIO(data))
    assert getattr(img, "n_frames", 1) > 10 and img.width == 240
    if name.endswith(".webp"):
        assert data[8:12] == b"WEBP"


@pytest.mark.parametrize(("extra", "says"), [
    (["--out", "x.jpg"], "--out x.jpg: name a .gif, .png (animated PNG) or .webp file"),
    (["--out", "x"], "--out x: name a .gif"),
    (["--out", "x.gif", "--locale", "fr"], "--locale fr: use en, zh-Hans or zh-Hant"),
])
def test_the_command_refuses_a_kind_or_language_it_cannot_write(
        tmp_path: Path, match: Match, extra: list[str], says: str) -> None:
    log = tmp_path / "m.jsonl"
    log.write_text(dumps_log(match.events), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "render", "replay", str(log), *extra],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and says in done.stderr
    assert list(tmp_path.iterdir()) == [log]  # nothing written
