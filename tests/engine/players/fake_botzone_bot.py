"""A scripted program for the Botzone Chinese-Standard-Mahjong judge, to test the Botzone seat.

    python fake_botzone_bot.py FLAGS [LOG]

It keeps its own hand from the requests alone (as a real bot must), and answers: on its
draw, ``GANG T`` with four of a kind, ``BUGANG T`` on its own pong, else ``PLAY`` the drawn
tile; on another's discard ``GANG`` with three, ``PENG`` with two (throwing its highest
tile), ``CHI`` from the player before it, else ``PASS``; ``PASS`` to everything else.
FLAGS (comma-separated) change that:

* ``keep`` — long-running: prints the keep-running line after each answer and reads one
  request a line;
* ``json`` — JSON input and output instead of lines (``slurp``: the input read to its end,
  as ``cin >> json`` does, the answer pretty-printed over several lines);
* ``illegal`` — plays a tile it does not hold, answers ``HU`` to every discard and
  ``PENG W1`` to every draw of another;
* ``garbage@K`` / ``sleep@K`` / ``crash@K`` — at its K-th answer (counted in ``LOG.count``
  across runs) answers ``FOO BAR``, sleeps 30 s, or exits with status 3 without answering;
  ``linger@K``: answers, then sleeps 30 s before it ends.

Every request it is sent is appended to ``LOG`` (one line each, and ``# start`` when it
starts) when a log is given.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

SUITS = "WBT"


def tile_key(name: str) -> tuple[str, int]:
    return (name[0], int(name[1:]))


class FakeBot:
    def __init__(self, flags: set[str]) -> None:
        self.flags = flags
        self.me = -1
        self.hand: list[str] = []
        self.pongs: list[str] = []
        self.last: str | None = None  # the last discarded tile
        self.last_from = -1
        self.declared: str | None = None  # the tile of this bot's own concealed kong

    def _take(self, tile: str, n: int = 1) -> None:
        for _ in range(n):
            self.hand.remove(tile)

    def answer(self, request: str) -> str:
        w = request.split()
        illegal = "illegal" in self.flags
        if w[0] == "0":
            self.me = int(w[1])
            return "PASS"
        if w[0] == "1":
            self.hand = w[5:18]
            return "PASS"
        if w[0] == "2":
            t = w[1]
            self.hand.append(t)
            if illegal:
                return "PLAY " + next(x for x in ("W1", "W2", "B5", "T9") if x not in self.hand)
            if self.hand.count(t) == 4:
                self.declared = t
                return f"GANG {t}"
            if t in self.pongs:
                return f"BUGANG {t}"
            return f"PLAY {t}"
        p, what = int(w[1]), w[2]
        if p == self.me:  # this bot's own move, told back: the hand follows it
            if what == "PLAY":
                self._take(w[3])
                self.declared = None
            elif what == "PENG":
                self._take(self.last, 2)  # type: ignore[arg-type]
                self.pongs.append(self.last)  # type: ignore[arg-type]
                self._take(w[3])
            elif what == "CHI":
                suit, mid = w[3][0], int(w[3][1:])
                for n in (mid - 1, mid, mid + 1):
                    if f"{suit}{n}" != self.last:
                        self._take(f"{suit}{n}")
                self._take(w[4])
            elif what == "GANG":
                if self.declared is not None:
                    self._take(self.declared, 4)
                    self.declared = None
                else:
                    self._take(self.last, 3)  # type: ignore[arg-type]
            elif what == "BUGANG":
                self._take(w[3])
                self.pongs.remove(w[3])
            return "PASS"
        if what == "DRAW":
            return "PENG W1" if illegal else "PASS"
        if what in ("PLAY", "PENG", "CHI"):
            t = w[-1]
            self.last, self.last_from = t, p
            if illegal:
                return "HU"
            if self.hand.count(t) == 3:
                return "GANG"
            if self.hand.count(t) == 2:
                rest = list(self.hand)
                rest.remove(t)
                rest.remove(t)
                return f"PENG {max(rest, key=tile_key)}"
            if (p + 1) % 4 == self.me and t[0] in SUITS:
                n = int(t[1:])
                for mid in (n - 1, n, n + 1):
                    run = [f"{t[0]}{k}" for k in (mid - 1, mid, mid + 1)]
                    if not 2 <= mid <= 8:
                        continue
                    need = [x for x in run if x != t]
                    rest = list(self.hand)
                    if all(x in rest for x in need):
                        for x in need:
                            rest.remove(x)
                        return f"CHI {t[0]}{mid} {max(rest, key=tile_key)}"
            return "PASS"
        return "PASS"  # DRAW, BUHUA, GANG, BUGANG of another


def _count(log: Path | None) -> int:
    if log is None:
        return 0
    f = log.with_name(log.name + ".count")
    n = int(f.read_text()) + 1 if f.exists() else 1
    f.write_text(str(n))
    return n


def _count_of(log: Path | None) -> int:
    f = log.with_name(log.name + ".count") if log is not None else None
    return int(f.read_text()) if f is not None and f.exists() else 0


def _respond(bot: FakeBot, request: str, log: Path | None, flags: set[str]) -> str | None:
    if log is not None:
        with log.open("a") as f:
            f.write(request + "\n")
    k = _count(log)
    answer = bot.answer(request)
    if f"garbage@{k}" in flags:
        return "FOO BAR"
    if f"sleep@{k}" in flags:
        time.sleep(30)
    if f"crash@{k}" in flags:
        sys.exit(3)
    return answer


def main() -> None:
    flags = set(sys.argv[1].split(",")) if len(sys.argv) > 1 else set()
    log = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    bot = FakeBot(flags)
    if log is not None:
        with log.open("a") as f:
            f.write("# start\n")
    as_json = "json" in flags
    if as_json:
        first = json.loads(sys.stdin.read() if "slurp" in flags else sys.stdin.readline())
        requests, responses = first["requests"], first["responses"]
    else:
        n = int(sys.stdin.readline())
        requests, responses = [], []
        for i in range(2 * n - 1):
            (requests if i % 2 == 0 else responses).append(sys.stdin.readline().rstrip("\n"))
    for req in requests[:-1]:  # the history: the hand is rebuilt from the requests
        bot.answer(req)
    while True:
        answer = _respond(bot, requests[-1], log, flags)
        indent = 2 if "slurp" in flags else None
        print(json.dumps({"response": answer}, indent=indent) if as_json else answer, flush=True)
        if f"linger@{_count_of(log)}" in flags:
            time.sleep(30)
        if "keep" not in flags:
            return
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        requests = [json.loads(line) if as_json else line.rstrip("\n")]


if __name__ == "__main__":
    main()
