"""A table's timers, and what a time-out does: the move made for an absent person and the
computer that keeps their seat after ``afk_timeouts`` time-outs in a row (at the table's AFK
level, ``Table.afk_level``, set from the server's settings).

A table has at most two timers: ``timer`` (the lobby's time-out, or the turn / claim window
now open) and ``cpu_timer`` (the next computer move when computers are paced, or a retry
after the database refused a move).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tables import durable
from tables.clock import Callback
from tables.hub import Hub
from tables.model import Mode, Notice
from tables.table import LOBBY_TIMEOUT, Table

if TYPE_CHECKING:
    from tables.turns import TurnLoop

Step = tuple[int, int]  # (hand number, step): one decision point of a table


class Timers:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def stop(self, t: Table) -> None:
        for h in (t.timer, t.cpu_timer):
            if h is not None:
                h.cancel()
        t.timer = t.cpu_timer = None
        t.deadline = None

    def arm_lobby(self, t: Table, expire: Callback) -> None:
        """An abandoned lobby closes by itself after LOBBY_TIMEOUT."""
        t.timer = self.hub.clock.call_later(LOBBY_TIMEOUT, expire)

    def stop_lobby(self, t: Table) -> None:
        if t.timer is not None:
            t.timer.cancel()
            t.timer = None

    def computers_later(
        self, t: Table, run: Callable[[str], Awaitable[None]], delay: float | None = None,
    ) -> None:
        """``run(table id)`` after ``delay`` (the settings' computer delay by default)."""
        if t.cpu_timer is not None:
            t.cpu_timer.cancel()
        tid = t.id

        async def fire() -> None:
            t.cpu_timer = None
            await run(tid)

        wait = self.hub.settings.computer_delay if delay is None else delay
        t.cpu_timer = self.hub.clock.call_later(wait, fire)

    def arm_turn(self, t: Table, on_timeout: Callable[[str, Step], Awaitable[None]]) -> None:
        """(Re)start the turn or claim timer when a new decision point opens."""
        game = t.playing()
        key = (game.hand_no, game.step)
        if key == t.timer_step and t.timer is not None:
            return
        if t.timer is not None:
            t.timer.cancel()
        t.timer = None
        t.deadline = None
        t.timer_step = key
        acting = game.acting()
        if not acting:
            return
        claim = any(mode is Mode.CLAIM for mode in acting.values())
        seconds = self.hub.settings.claim_seconds if claim else t.turn_seconds
        t.deadline = self.hub.clock.now() + seconds
        tid = t.id

        async def fire() -> None:
            await on_timeout(tid, key)

        t.timer = self.hub.clock.call_later(seconds, fire)


async def time_out(loop: TurnLoop, table_id: str, key: Step) -> None:
    """The turn or claim window ``key`` ran out: each person who did not answer gets the
    move a time-out makes (pass, or discard the drawn tile); after ``afk_timeouts`` in a row
    a computer keeps their seat until "I'm back"."""
    hub = loop.hub
    t = hub.tables.get(table_id)
    if t is None or t.game is None:
        return
    async with loop.show.locked(t):
        game = t.game
        if (game.hand_no, game.step) != key or game.hand_over:
            return  # the table moved on; this timer is stale
        t.timer = None
        for seat in list(game.acting()):
            if seat not in game.acting() or t.is_computer(seat):
                continue
            s = t.seats[seat]
            assert s is not None
            choice = game.timeout_choice(seat)
            try:
                await loop.apply(t, seat, choice)
            except durable.StorageDown:
                await loop.storage_trouble(t)  # a fresh timer: the time-out comes again
                return
            s.timeouts += 1
            if s.timeouts >= hub.settings.afk_timeouts:
                s.afk = True  # the seat's level (the table's AFK level) plays it from now
                await loop.keeper.save_seats(t)
                await loop.show.notice(t, Notice("call.afk", {"name": s.name}, seat))
            elif choice.kind == "discard":
                await loop.show.notice(t, Notice("call.timeout", {"name": s.name}, seat))
    await loop.advance(t)
