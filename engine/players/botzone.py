"""A Botzone seat: a program written for the Botzone Chinese-Standard-Mahjong judge takes a
seat at the table.

:class:`BotzonePlayer` plays the judge's part for its one program: it follows the hand's
log (a :class:`~engine.players.base.HandFollower`), sends the program the requests its seat
is sent (:mod:`engine.players.botzone_protocol`), in order, each with its answer, and at each
of the seat's decisions turns the program's answer into an action. An answer that is not
the judge's language, or not legal now, is counted and replaced: by a pass where a pass is
legal, else by discarding the drawn tile. A program that does not answer in time or stops
is counted too and answered for the same way; it is started again on the whole history
when next asked.

The program is reached through a :class:`BotChannel` (one exchange: the history of requests
and responses, the last request new; back: the answer line), so this module stays pure: the
channel that runs a process lives in ``engine.cli.botzone``. A channel serves one hand (a
Botzone game is one hand): the player opens one per hand and closes it at the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.actions import Action, Discard, Pass
from engine.events import Event
from engine.hand.types import Phase
from engine.players.base import Observation
from engine.players.botzone_protocol import SeatRequests, name_of, read_answer, well_formed


@dataclass(frozen=True, slots=True)
class Reply:
    """What one exchange brought back: the answer line, or ``error`` (``timeout``: no answer
    in time; ``crash``: the program ended without answering or with a failure status;
    ``malformed``: output that is no answer, e.g. bad JSON)."""

    answer: str | None
    error: str | None = None


class BotChannel(Protocol):
    """One program for one hand."""

    @property
    def live(self) -> bool:
        """Whether a long-running program is waiting for the next request (it must be sent
        every request from now on)."""
        ...

    def exchange(self, requests: Sequence[str], responses: Sequence[str]) -> Reply:
        """Ask about ``requests[-1]``; ``responses`` answer the requests before it."""
        ...

    def close(self) -> None: ...


@dataclass(slots=True)
class BotStats:
    """What a program did, over every seat and hand it played (shared by the players one
    kind makes)."""

    requests: int = 0  # request lines answered (by the program or, when skipped, for it)
    exchanges: int = 0  # requests actually put to the program
    decisions: int = 0  # requests where the seat had a choice
    illegal: int = 0  # answers replaced: malformed or not legal now (timeouts not included)
    malformed: int = 0  # of which not the judge's language
    forced_wrong: int = 0  # of which a non-PASS answer where PASS was the only answer
    timeouts: int = 0
    crashes: int = 0
    seconds: float = 0.0  # spent in exchanges
    faults: list[str] = field(default_factory=list)  # the first few refused answers

    def note(self, what: str) -> None:
        if len(self.faults) < 20:
            self.faults.append(what)

    def to_json(self) -> dict[str, object]:
        return {
            "requests": self.requests,
            "exchanges": self.exchanges,
            "decisions": self.decisions,
            "illegal": self.illegal,
            "malformed": self.malformed,
            "forced_wrong": self.forced_wrong,
            "timeouts": self.timeouts,
            "crashes": self.crashes,
            "ms_per_decision": (
                round(1000 * self.seconds / self.decisions, 2) if self.decisions else None
            ),
            "faults": list(self.faults),
        }


class BotzonePlayer:
    """A seat answered by a Botzone program (see the module's docstring).

    ``open_channel``: a new channel for a hand. ``skip_forced``: while no long-running
    program is waiting, a request whose only answer is PASS is answered PASS without
    starting the program (a one-shot program rebuilds the table from the history it is given
    at its next decision; this saves starting it about a hundred times a hand)."""

    def __init__(
        self,
        open_channel: Callable[[], BotChannel],
        stats: BotStats | None = None,
        skip_forced: bool = False,
    ) -> None:
        self.open_channel = open_channel
        self.stats = stats if stats is not None else BotStats()
        self.skip_forced = skip_forced
        self._log: Sequence[Event] = ()
        self._seen = 0
        self._view: SeatRequests | None = None
        self._channel: BotChannel | None = None
        self.requests: list[str] = []
        self.responses: list[str] = []
        self._planned: int | None = None  # the discard a pong / chow answer named

    # -- HandFollower --------------------------------------------------------------------
    def hand_started(self, log: Sequence[Event], seat: int) -> None:
        self.hand_ended()
        self._log, self._seen = log, 0
        self._view = SeatRequests(seat)
        self.requests, self.responses = [], []
        self._planned = None

    def hand_ended(self) -> None:
        if self._channel is not None:
            self._channel.close()
            self._channel = None

    # -- Player --------------------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        view = self._view
        if view is None:  # a driver that does not call hand_started cannot seat a program
            raise RuntimeError("a Botzone seat must be told of the hand (hand_started)")
        new = view.feed(self._log[self._seen :])
        self._seen = len(self._log)
        legal = obs.legal
        phase = legal.phase
        if phase is Phase.TURN:
            new += view.flush()  # the dealer's first turn: the deal and its 14th tile
        drew = phase is Phase.TURN and bool(new) and new[-1].startswith("2 ")
        asking = phase in (Phase.CLAIM, Phase.ROB) or drew
        for line in new[:-1] if asking else new:
            self._forced(line)
        if not asking:  # the discard after this seat's pong or chow
            planned, self._planned = self._planned, None
            if planned is not None and planned in legal.discards:
                return Discard(obs.seat, planned)
            self.stats.illegal += 1
            self.stats.note(f"planned discard not legal after the call: {planned}")
            return Discard(obs.seat, legal.discards[-1])
        if not new:  # nothing new to answer: the adapter lost its place (never expected)
            raise RuntimeError("a Botzone seat was asked with no new request to answer")
        self.stats.decisions += 1
        answer = self._ask(new[-1])
        got = read_answer(answer, legal, list(obs.hand)) if answer is not None else None
        if got is not None and got.action is not None:
            self._planned = got.discard
            return got.action
        if got is not None:
            self.stats.illegal += 1
            if got.fault == "malformed":
                self.stats.malformed += 1
            self.stats.note(f"{got.fault}: {answer!r} to {new[-1]!r}")
        # replaced: by a pass, else by the drawn tile; the history records the replacement,
        # as a program that rebuilds its hand from its past answers must read it
        if legal.can_pass:
            self.responses[-1] = "PASS"
            return Pass(obs.seat)
        drawn = legal.tile if legal.tile is not None else view.drawn
        tile = drawn if drawn in legal.discards else legal.discards[-1]
        assert tile is not None
        self.responses[-1] = f"PLAY {name_of(tile)}"
        return Discard(obs.seat, tile)

    # -- exchanges -----------------------------------------------------------------------
    def _forced(self, line: str) -> None:
        """A request whose only answer is PASS."""
        channel = self._channel
        if self.skip_forced and (channel is None or not channel.live):
            self.requests.append(line)
            self.responses.append("PASS")
            self.stats.requests += 1
            return
        answer = self._ask(line)
        if answer is not None and answer != "PASS":
            self.stats.illegal += 1
            if well_formed(answer):
                self.stats.forced_wrong += 1
                self.stats.note(f"not PASS: {answer!r} to {line!r}")
            else:
                self.stats.malformed += 1
                self.stats.note(f"malformed: {answer!r} to {line!r}")
            self.responses[-1] = "PASS"

    def _ask(self, line: str) -> str | None:
        """Put ``line`` to the program; its answer (None when it gave none in time)."""
        if self._channel is None:
            self._channel = self.open_channel()
        self.requests.append(line)
        start = time.perf_counter()
        reply = self._channel.exchange(self.requests, self.responses)
        self.stats.seconds += time.perf_counter() - start
        self.stats.requests += 1
        self.stats.exchanges += 1
        answer = reply.answer.strip() if reply.answer is not None else None
        if reply.error == "timeout":
            self.stats.timeouts += 1
        elif reply.error == "crash":
            self.stats.crashes += 1
        elif reply.error is not None or answer is None:
            self.stats.illegal += 1
            self.stats.malformed += 1
            self.stats.note(f"malformed output {reply.answer!r} to {line!r}")
        if reply.error is not None:
            answer = None
        # the history holds what the judge would have recorded: the answer, or PASS for none
        self.responses.append(answer if answer else "PASS")
        return answer
