"""A scripted mjai bot, to test the mjai seat.

    python fake_mjai_bot.py [FLAGS] [LOG]

It reads one JSON array of events a line and answers one JSON object a line: after its own
``tsumo`` it discards the drawn tile (tsumogiri), ``none`` to everything else. FLAGS
(comma-separated, ``-`` for none): ``reach`` — answers ``reach`` on each draw (its discard,
asked after the ``reach`` echo, the drawn tile); ``illegal`` — answers ``hora`` to every
batch; ``garbage`` — answers a line that is no JSON; ``crash`` — exits without answering
at its third batch, once (``LOG.crashed`` marks that it did). Every line it is sent is appended to
``LOG`` when a log is given.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> None:
    flags = set(sys.argv[1].split(",")) if len(sys.argv) > 1 else set()
    log = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    drawn = None
    for answered, line in enumerate(sys.stdin, 1):
        if log is not None:
            with log.open("a") as f:
                f.write(line)
        events = json.loads(line)
        if "crash" in flags and log is not None and answered == 3:
            mark = log.with_suffix(".crashed")
            if not mark.exists():
                mark.write_text("")
                sys.exit(3)
        last = events[-1]
        answer: dict[str, object] = {"type": "none"}
        if last["type"] == "tsumo" and last["actor"] == 0:
            drawn = last["pai"]
            if "reach" in flags:
                answer = {"type": "reach", "actor": 0}
            else:
                answer = {"type": "dahai", "actor": 0, "pai": drawn, "tsumogiri": True}
        elif last["type"] == "reach" and last["actor"] == 0:
            answer = {"type": "dahai", "actor": 0, "pai": drawn, "tsumogiri": True}
        if "illegal" in flags:
            answer = {"type": "hora", "actor": 0, "target": 0, "pai": "1m"}
        text = "FOO BAR" if "garbage" in flags else json.dumps(answer)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
