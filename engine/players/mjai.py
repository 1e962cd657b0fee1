"""An mjai seat: an outside riichi AI that speaks the mjai protocol takes a seat.

:class:`MjaiPlayer` follows the hand's log (a :class:`~engine.players.base.HandFollower`),
sends the bot the mjai events its seat may see (:mod:`engine.players.mjai_protocol`), a
batch (a JSON array on one line) at each of the seat's decisions, and turns the bot's
answer (one JSON object) into an action. An answer that is not mjai, or not legal now, is
counted and replaced: by a pass where a pass is legal, else by discarding the drawn tile
(tsumogiri). A bot that does not answer in time or stops is counted too and answered for
the same way; it is started again when next asked and sent the whole hand so far in one
batch.

The bot is reached through an :class:`MjaiChannel` (one line out, one line back), so this
module stays pure: the channel that runs a process lives in ``engine.cli.mjai``. A
channel serves one hand: the player opens one per hand (``start_game`` … ``end_game``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action, Discard, Pass
from engine.events import Called, Dealt, Discarded, Drawn, Event, HandStarted, Konged
from engine.hand.state import HandState, rules_of
from engine.hand.types import Phase
from engine.players.base import Observation
from engine.players.botzone import BotStats, Reply
from engine.players.mjai_protocol import MjaiView, Msg, Reds, read_action
from engine.riichi.table import indicators


class MjaiChannel(Protocol):
    """One bot for one hand."""

    def exchange(self, line: str) -> Reply:
        """Send one line (a JSON array of events); the bot's answer line."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class _Reds:
    """The red fives of ``table`` before an event: who holds each, concealed or shown, and
    the red five last discarded."""

    holder: dict[int, int | None]
    concealed: dict[int, bool]
    discard: int | None

    @classmethod
    def of(cls, table: object) -> _Reds:
        return cls(
            dict(getattr(table, "red_holder", {})),
            dict(getattr(table, "red_concealed", {})),
            getattr(table, "red_discard", None),
        )


def red_marks(before: _Reds, after: _Reds, ev: Event, seat: int) -> Reds:
    """Which tiles of ``ev`` are red fives, as ``seat`` may see them (the riichi table's
    record: the first copy of each five in the wall is red)."""
    if isinstance(ev, Dealt):
        return Reds(hand=frozenset(k for k, who in after.holder.items() if who == seat))
    if isinstance(ev, Drawn):
        return Reds(pai=ev.seat == seat and before.holder.get(ev.tile) != seat
                    and after.holder.get(ev.tile) == seat)  # fmt: skip
    if isinstance(ev, Discarded):
        return Reds(pai=after.discard == ev.tile)
    if isinstance(ev, Called):
        pai = before.discard == ev.tile and after.holder.get(ev.tile) == ev.seat
        used = any(
            before.holder.get(k) == ev.seat and before.concealed.get(k)
            and not after.concealed.get(k) and not (pai and k == ev.tile)
            for k in set(ev.tiles)
        )  # fmt: skip
        return Reds(pai=pai, consumed=used)
    if isinstance(ev, Konged):
        k = ev.tile
        if ev.kind == "concealed_kong":
            return Reds(consumed=before.holder.get(k) == ev.seat)
        shown = before.holder.get(k) == ev.seat and not before.concealed.get(k)
        return Reds(pai=before.holder.get(k) == ev.seat and not shown, consumed=shown)
    return Reds()


class MjaiPlayer:
    """A seat answered by an mjai bot (see the module's docstring)."""

    def __init__(self, open_channel: Callable[[], MjaiChannel], stats: BotStats | None = None):
        self.open_channel = open_channel
        self.stats = stats if stats is not None else BotStats()
        self._log: Sequence[Event] = ()
        self._seen = 0
        self._view: MjaiView | None = None
        self._channel: MjaiChannel | None = None
        self._state: HandState | None = None
        self.sent: list[Msg] = []  # every event sent this hand (for tests and logs)

    # -- HandFollower --------------------------------------------------------------------
    def hand_started(self, log: Sequence[Event], seat: int) -> None:
        self.hand_ended()
        self._log, self._seen = log, 0
        self._view = MjaiView(seat)
        self._state = None
        self.sent = []

    def hand_ended(self) -> None:
        view, channel = self._view, self._channel
        if view is not None and channel is not None:
            rest = [*self._new(view), {"type": "end_game"}]
            self._send(rest)  # the answer (none) is not read into the game
        if channel is not None:
            channel.close()
        self._channel = None
        self._view = None

    # -- Player --------------------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        view = self._view
        if view is None:
            raise RuntimeError("an mjai seat must be told of the hand (hand_started)")
        legal = obs.legal
        new = self._new(view)
        self.stats.decisions += 1
        answer = self._send(new)
        got = read_action(answer, legal, obs.seat) if answer is not None else None
        if got is not None and got.reach:  # the discard declaring riichi follows the echo
            view.reach_echoed = True
            answer = self._send([{"type": "reach", "actor": 0}])
            got = read_action(answer, legal, obs.seat, True) if answer is not None else None
        if got is not None and got.action is not None:
            return got.action
        if got is not None:
            self.stats.illegal += 1
            if got.fault == "malformed":
                self.stats.malformed += 1
            self.stats.note(f"{got.fault}: {answer!r}")
        view.reach_echoed = False
        if legal.can_pass and legal.phase is not Phase.TURN:
            return Pass(obs.seat)
        tile = legal.tile if legal.tile is not None else view.drawn
        if tile is None or tile not in legal.discards:
            tile = legal.discards[-1]
        return Discard(obs.seat, tile)

    # -- exchanges -----------------------------------------------------------------------
    def _new(self, view: MjaiView) -> list[Msg]:
        """The mjai events of the log's new events. The seat keeps the table's state beside
        the log to read what the events do not say and the seat may see: the dora indicators
        face up and the red fives (its own, and those shown)."""
        out: list[Msg] = []
        for ev in self._log[self._seen :]:
            if isinstance(ev, HandStarted):
                self._state = HandState(rules_of(ev))
            h = self._state
            if h is None:
                continue
            before = _Reds.of(h.table)
            h.apply(ev)
            after = _Reds.of(h.table)
            dora = indicators(h, int(getattr(h.table, "dora", 1)))[0]
            out += view.feed([ev], dora, red_marks(before, after, ev, view.seat))
        self._seen = len(self._log)
        return out

    def _send(self, events: list[Msg]) -> str | None:
        self.sent += events
        if self._channel is None:  # a new program (or one started again) hears it all
            self._channel = self.open_channel()
            events = self.sent
        start = time.perf_counter()
        reply = self._channel.exchange(json.dumps(events, separators=(",", ":")))
        self.stats.seconds += time.perf_counter() - start
        self.stats.requests += 1
        self.stats.exchanges += 1
        if reply.error in ("timeout", "crash"):
            if reply.error == "timeout":
                self.stats.timeouts += 1
            else:
                self.stats.crashes += 1
            self._channel.close()  # started again on the whole hand when next asked
            self._channel = None
        elif reply.error is not None:
            self.stats.malformed += 1
            self.stats.illegal += 1
        return reply.answer.strip() if reply.error is None and reply.answer else None
