"""``evaluate`` and ``replay`` never crash: every bad line or file gets its one-line error.

The cases are the ones that used to end in a traceback (an integer past Python's 4,300-digit
conversion limit, 100,000-deep nesting, bytes that are not UTF-8, a ``players`` field that is
text or null), then a hypothesis fuzz of both commands in process.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import replay
from engine.cli.evaluate import run

ROOT = Path(__file__).resolve().parents[3]
LOG = ROOT / "tests" / "engine" / "logs" / "heyuan-zheng.jsonl"
HUGE = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000


def answers(lines: list[str | bytes]) -> list[dict]:
    out = io.StringIO()
    assert run(lines, out) == 0
    got = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(got) == len(lines)
    return got


def test_evaluate_bad_lines_through_a_subprocess() -> None:
    lines = [
        '{"rules":"heyuan-zheng","concealed":"1m","flowers":' + HUGE + "}",
        DEEP,
        '{"rules":"heyuan-zheng","options":' + "[" * 50_000 + "]" * 50_000 + "}",
        '{"rules":"heyuan-zheng","concealed":"123m456p789s11z22z","seat_wind":' + "7" * 4000 + "}",
        '{"rules":"heyuan-zheng","concealed":"111222333444m5m1f","win_tile":"5m","self_drawn":true}',
    ]
    data = ("\n".join(lines) + "\n").encode() + b"\xff\xfe{\"rules\": 1}\n"
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate"], input=data, capture_output=True,
        cwd=ROOT, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    got = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert len(got) == 6
    assert "too long" in got[0]["error"]
    assert "nested too deeply" in got[1]["error"]
    assert "error" in got[2] and "error" in got[3]
    assert got[4]["win"] is True
    assert "error" in got[5]


def _replay(tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    code = replay.main([str(path)])
    err = capsys.readouterr().err
    return code, err


def _with_first(field: str, raw: str) -> bytes:
    lines = LOG.read_text().splitlines()
    first = json.loads(lines[0])
    text = json.dumps(first).replace(f'"{field}": {json.dumps(first[field])}', f'"{field}": {raw}')
    return ("\n".join([text, *lines[1:]]) + "\n").encode()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (_with_first("players", '"four"'), "players must be int"),
        (_with_first("players", "null"), "players must be int"),
        (_with_first("players", "0"), "4 players, not 0"),
        (_with_first("players", HUGE), "not readable"),
        (_with_first("first_dealer", "1e400"), "first_dealer must be int"),
        (DEEP.encode() + b"\n", "nested too deeply"),
        (b'{"type": "match_started"}\n\xff\xfe\n', "line 2: not UTF-8"),
        (b"", "empty"),
    ],
)
def test_replay_bad_files_get_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, words: str
) -> None:
    code, err = _replay(tmp_path, data, capsys)
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert words in err


def test_a_good_log_still_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _replay(tmp_path, LOG.read_bytes(), capsys)
    assert code == 0 and err == ""


# -- fuzz ------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("rules", "options", "concealed", "melds", "win_tile", "self_drawn", "seat_wind",
          "round_wind", "situation", "indicator", "flowers", "void_suit", "dealer")
PRESETS = st.sampled_from(["heyuan-zheng", "guangdong", "shanghai", "sichuan", "guobiao", "x"])
TILES = st.text(alphabet="0123456789mpszf", max_size=20)


@st.composite
def evaluate_lines(draw: st.DrawFn) -> str | bytes:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(st.binary(max_size=60))
    obj = {"rules": draw(PRESETS), "concealed": draw(TILES)}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=4)):
        obj[name] = draw(json_values)
    return json.dumps(obj) if kind == 1 else json.dumps(obj)[: draw(st.integers(0, 80))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(evaluate_lines(), min_size=1, max_size=4))
def test_evaluate_fuzz_one_answer_per_line(lines: list[str | bytes]) -> None:
    # a line of bytes is one line: newlines inside it would split it
    lines = [x.replace(b"\n", b" ") if isinstance(x, bytes) else x for x in lines]
    for got in answers(lines):
        assert isinstance(got, dict) and got


LOG_LINES = LOG.read_text().splitlines()[:12]


@st.composite
def broken_logs(draw: st.DrawFn) -> bytes:
    lines = [json.loads(x) for x in LOG_LINES[: draw(st.integers(1, len(LOG_LINES)))]]
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        key = draw(st.sampled_from(sorted(lines[i])))
        lines[i][key] = draw(json_values)
    text = "\n".join(json.dumps(x) for x in lines).encode()
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.binary(max_size=8)) + text[cut:]
    return text


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(broken_logs())
def test_replay_fuzz_never_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes
) -> None:
    code, err = _replay(tmp_path, data, capsys)
    assert code in (0, 1)
    if code == 1:
        assert err.count("\n") == 1 and err.startswith("replay: ")
