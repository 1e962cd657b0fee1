"""``python -m engine replay FILE``: replay an event log, print the final state's hash.

Every event is checked against what the engine would do at that point; the first
illegal or inconsistent one stops the replay with a message naming its line.
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
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"replay: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        state = replay_log(text)
    except LogError as exc:
        print(f"replay: {path}: {exc}", file=sys.stderr)
        return 1
    print(state.state_hash())
    return 0
