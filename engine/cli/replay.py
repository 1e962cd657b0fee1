"""``python -m engine replay FILE``: replay an event log, print the final state's hash.

Every event is checked against what the engine would do at that point; the first
illegal or inconsistent one stops the replay with a message naming its line. Whatever
the file holds (bytes that are not UTF-8, a line nested a hundred thousand deep, an
integer of thousands of digits, a field of the wrong type) the command answers with one
line on standard error and a non-zero status, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.log import LogError, replay_log

USAGE = """usage: python -m engine replay FILE

Replays an event log (JSON Lines, as written by python -m engine simulate --log FILE or
kept by the bot for every table), checking every event against what the engine would do
at that point, and prints the final state's hash. An illegal or inconsistent event stops
the replay with a message naming its line (exit status 1)."""


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if len(argv) != 1:
        print("usage: python -m engine replay FILE (python -m engine replay --help)",
              file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        data = path.read_bytes()
    except OSError as exc:
        print(f"replay: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        print(f"replay: {path}: line {line}: not UTF-8 text (byte {exc.start})", file=sys.stderr)
        return 1
    try:
        state = replay_log(text)
    except LogError as exc:
        print(f"replay: {path}: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    except RecursionError:
        print(f"replay: {path}: an event is nested too deeply to be a log line", file=sys.stderr)
        return 1
    except Exception as exc:  # a log the checks above let through: still one line, no traceback
        print(f"replay: {path}: cannot replay ({type(exc).__name__}: {_one_line(str(exc))})",
              file=sys.stderr)
        return 1
    print(state.state_hash())
    return 0


def _one_line(text: str, limit: int = 500) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"
