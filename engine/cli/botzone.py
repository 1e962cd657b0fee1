"""Botzone programs as seats: the process side of :mod:`engine.players.botzone`.

``python -m engine simulate --bot NAME[:json][:keep]=COMMAND`` makes ``NAME`` a player kind
whose seats are answered by ``COMMAND`` (split like a shell line), a program written for the
Botzone Chinese-Standard-Mahjong judge, in either of Botzone's two ways of running:

* one-shot: the program is started for every request with the whole history, its input
  closed, and answers once. Simple input (the default): the number of turns ``n``, then the
  ``2n-1`` lines of requests and responses alternating, the last the new request; the
  answer is the first line of its output. JSON input (``:json``): one line
  ``{"requests": [...], "responses": [...]}`` (with ``"data"`` when the program saved some),
  the answer the object ``{"response": "..."}`` (on one line or several);
* long-running (``:keep``, Botzone's "allow keep running"): the input stays open; a program
  that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer is kept, and is sent
  only each new request from then on (a line; in JSON, the request as a JSON string).

A program that does not answer within ``--bot-timeout`` seconds is stopped, one that ends
without answering (or with a failure status) has crashed; both are counted and started
again on the whole history when next asked. Each hand is a Botzone game: its programs are
stopped when it ends.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.cli.mjai import LineChannel
from engine.family import family_of
from engine.players import PLAYER_KINDS, Player, get_player
from engine.players.botzone import BotStats, BotzonePlayer, Reply
from engine.players.botzone_protocol import KEEP_RUNNING
from engine.players.mjai import MjaiPlayer
from engine.rules import Rules

_MARK = KEEP_RUNNING.encode()


class ProcessChannel:
    """One program for one hand (a :class:`~engine.players.botzone.BotChannel`)."""

    def __init__(
        self, command: Sequence[str], io: str = "simple", keep: bool = False, timeout: float = 5.0
    ) -> None:
        self.command = list(command)
        self.io = io
        self.keep = keep
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.data = ""  # what a JSON program saved for its next turn

    @property
    def live(self) -> bool:
        return self.keep and self.proc is not None and self.proc.poll() is None

    def exchange(self, requests: Sequence[str], responses: Sequence[str]) -> Reply:
        if self.live:
            text = json.dumps(requests[-1]) if self.io == "json" else requests[-1]
            return self._talk(text + "\n")
        self._stop()
        if self.io == "json":
            obj: dict[str, object] = {"requests": list(requests), "responses": list(responses)}
            if self.data:
                obj["data"] = self.data
            text = json.dumps(obj, ensure_ascii=False) + "\n"
        else:
            lines = [str(len(requests))]
            for i, req in enumerate(requests):
                lines.append(req)
                if i < len(responses):
                    lines.append(responses[i])
            text = "\n".join(lines) + "\n"
        try:
            self.proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
        except OSError:
            return Reply(None, "crash")
        return self._talk(text)

    def _talk(self, text: str) -> Reply:
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(text.encode())
            proc.stdin.flush()
            if not self.keep:  # one-shot: the input ends here (a program may read to its end)
                proc.stdin.close()
        except OSError:  # it ended before reading (BrokenPipe)
            self._stop()
            return Reply(None, "crash")
        out, state = self._read(proc)
        if state == "timeout":
            self._stop()
            # a one-shot program that answered but did not end in time: its answer stands
            # (a whole line; JSON: a whole object), as the answer was given in time
            answered = self._answer(out, "kept") if not self.keep and b"\n" in out else None
            if answered is None or answered.error is not None:
                return Reply(None, "timeout")
            return answered
        if state == "eof":
            try:
                code = proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                code = None
            self._stop()
            if code != 0:
                return Reply(None, "crash")
        return self._answer(out, state)

    def _answer(self, out: bytes, state: str) -> Reply:
        text = out.decode(errors="replace")
        if self.io == "json":
            return self._json_answer(text.strip(), state)
        # the first line with text: the line end after the last keep-running line is read
        # at the start of this answer
        first = next((x.strip() for x in text.splitlines() if x.strip()), "")
        if not first:
            return Reply(None, "crash" if state == "eof" else "malformed")
        return Reply(first)

    def _json_answer(self, text: str, state: str) -> Reply:
        """The response of a JSON answer (one object, on one line or pretty-printed)."""
        if not text:
            return Reply(None, "crash" if state == "eof" else "malformed")
        try:
            obj, _ = json.JSONDecoder().raw_decode(text)
        except ValueError:
            return Reply(text, "malformed")
        if not isinstance(obj, dict) or not isinstance(obj.get("response"), str):
            return Reply(text, "malformed")
        data = obj.get("data")
        self.data = data if isinstance(data, str) else ""
        return Reply(obj["response"])

    def _read(self, proc: subprocess.Popen[bytes]) -> tuple[bytes, str]:
        """The program's output up to the keep-running line (``kept``) or its end (``eof``),
        or ``timeout``."""
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        buf = b""
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    return buf, "timeout"
                chunk = os.read(fd, 65536)
                if not chunk:
                    return buf, "eof"
                buf += chunk
                at = buf.find(_MARK)
                if at >= 0:
                    return buf[:at], "kept"

    def _stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        for pipe in (proc.stdin, proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        if proc.poll() is None:
            proc.kill()
        proc.wait()

    def close(self) -> None:
        self._stop()


@dataclass(slots=True)
class BotSeat:
    """A program registered as a player kind, and what its seats did."""

    name: str
    command: list[str]
    io: str = "simple"
    keep: bool = False
    timeout: float = 5.0
    skip_forced: bool = True
    stats: BotStats = field(default_factory=BotStats)

    def make(self, seed: str) -> Player:
        if self.io == "mjai":
            return MjaiPlayer(lambda: LineChannel(self.command, self.timeout), self.stats)
        return BotzonePlayer(
            lambda: ProcessChannel(self.command, self.io, self.keep, self.timeout),
            self.stats, self.skip_forced,
        )  # fmt: skip


def parse_bot(spec: str, timeout: float = 5.0) -> BotSeat:
    """``NAME[:json][:keep]=COMMAND`` as a :class:`BotSeat`; ValueError with a one-line reason
    if bad. ``json``: JSON input and output; ``keep``: the program may keep running (its
    input stays open; without it the input is closed after each request's history, as
    Botzone runs a program not allowed to keep running)."""
    head, sep, command = spec.partition("=")
    name, *flags = head.strip().split(":")
    if not sep or not name or not command.strip():
        raise ValueError(f"--bot takes NAME=COMMAND, not {spec!r}")
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a bot's name is letters, digits, - and _: {name!r}")
    if name in PLAYER_KINDS:
        raise ValueError(f"{name!r} is already a player kind; give the bot another name")
    unknown = [f for f in flags if f not in ("json", "keep", "mjai")]
    if unknown:
        raise ValueError(f"--bot {name}: unknown flag {unknown[0]!r} (flags: json, keep, mjai)")
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"--bot {name}: {exc}") from None
    if not timeout > 0:
        raise ValueError("--bot-timeout must be more than 0 seconds")
    if not argv or shutil.which(argv[0]) is None:
        raise ValueError(f"--bot {name}: cannot run {command.strip()!r} (no such program)")
    io = "mjai" if "mjai" in flags else "json" if "json" in flags else "simple"
    return BotSeat(name, argv, io, "keep" in flags, timeout)


def player_maker(seats: Sequence[BotSeat]) -> Callable[[str, str], Player]:
    """``make(kind, seed)``: a seat of a registered program by its name, else
    :func:`~engine.players.get_player`."""
    by_name = {s.name: s for s in seats}

    def make(kind: str, seed: str) -> Player:
        seat = by_name.get(kind)
        return seat.make(seed) if seat is not None else get_player(kind, seed)

    return make


def fits(rules: Rules, seats: Sequence[BotSeat] = ()) -> str | None:
    """Why a Botzone seat cannot play a game, or None: the judge's game has four players,
    13 tiles and no jokers. An mjai seat (``:mjai``) plays riichi only."""
    if any(s.io == "mjai" for s in seats):
        if not family_of(rules).points_game or any(s.io != "mjai" for s in seats):
            return "an mjai seat plays riichi (--rules riichi), beside no Botzone seat"
        return None
    if rules.players != 4 or rules.hand_size != 13 or rules.joker != "none" or rules.wildcards:
        return "a Botzone seat plays four-player games without jokers (e.g. --rules guobiao)"
    return None
