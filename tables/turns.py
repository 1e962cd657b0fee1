"""The turn loop: computer seats move, moves are applied and stored, the table is shown.

``advance`` moves a table on until a person must decide: computers (at their seat's level)
play, a finished hand is followed by the next, the last one by the end of the match. It
stops at each hand's end so that what was queued (the settlement) is sent before the next
hand is dealt — a crash in between then finds the hand over and posts its settlement again
on resume.
"""

from __future__ import annotations

import logging

from engine.actions import IllegalAction
from tables import durable, points_game
from tables.broadcast import Broadcast
from tables.errors import TableError
from tables.hub import Hub
from tables.keeping import Keeper
from tables.model import ActionChoice, Notice, Status
from tables.table import Table
from tables.timers import Step, Timers, time_out

log = logging.getLogger("mahjong.tables")


class TurnLoop:
    def __init__(self, hub: Hub, show: Broadcast, timers: Timers, keeper: Keeper) -> None:
        self.hub = hub
        self.show = show
        self.timers = timers
        self.keeper = keeper

    async def run_computers(self, table_id: str) -> None:
        """Let computer seats move now (the delayed computer timer, tests)."""
        t = self.hub.tables.get(table_id)
        if t is not None:
            await self.advance(t, immediate=True)

    async def advance(self, t: Table, immediate: bool = False) -> None:
        """Move the table on until a person must decide: computer moves, next hands, the end."""
        if self.hub.closed:
            return
        again = True
        while again:
            again = False
            async with self.show.locked(t):
                try:
                    again = await self._advance_locked(t, immediate)
                except durable.StorageDown:
                    # the move was not kept: players are told, timers stay armed, and the
                    # table tries again shortly (a settlement is retried until it is written)
                    await self.storage_trouble(t, retry=True)

    async def _advance_locked(self, t: Table, immediate: bool) -> bool:
        """Moves under the lock; True when it stopped at a hand's end (see the module)."""
        game = t.game
        if game is None or t.status is not Status.PLAYING:
            return False
        delay = self.hub.settings.computer_delay
        while True:
            if (game.match_over or game.hand_over) and t.outbox:
                return True
            if game.match_over:
                await self.keeper.finish(t)
                return False
            if game.hand_over:
                if (not t.autoplay and not t.people_present(game.hand_no)
                        and not points_game.is_points_game(game.rules)):
                    # nobody plays here any more: the hand is settled (above), the game ends
                    # (a game of points plays on to its end: its chips move only then)
                    await self.show.notice(t, Notice("call.nobody_left", {"table": t.id}))
                    await self.keeper.finish(t)
                    return False
                await self.keeper.commit(t, game.next_hand())
                continue
            movers = [s for s in game.acting() if t.is_computer(s)]
            if movers:
                if delay > 0 and not immediate:
                    self.timers.computers_later(t, self.run_computers)
                    break
                immediate = False if delay > 0 else immediate
                for seat in movers:
                    if seat in game.acting():
                        await self._computer_moves(t, seat)
                if delay > 0:
                    # one computer move per delay, so people can follow the table
                    continue_now = not any(t.is_computer(s) for s in game.acting())
                    if not continue_now and not game.hand_over:
                        self.timers.computers_later(t, self.run_computers)
                        break
                continue
            break
        self.arm(t)
        await self.show.show(t)
        return False

    async def _computer_moves(self, t: Table, seat: int) -> None:
        """The seat's computer plays its move: a computer seat at the level it was added
        with, a person's seat kept for them at the table's AFK level (``Seat.level``)."""
        game = t.playing()
        s = t.seats[seat]
        level = s.level if s is not None else t.computer_level
        choice = game.computer_choice(seat, level)
        # the move's kind only (d, p, k …), never its tile: no hidden tile reaches a log,
        # at any level
        log.debug("table %s hand %s seat %d: the %s computer plays %s",
                  t.id, game.hand_no, seat, level, choice.code)
        await self.apply(t, seat, choice)

    def arm(self, t: Table) -> None:
        """The turn or claim timer of the decision point now open."""
        self.timers.arm_turn(t, self._time_out)

    async def _time_out(self, table_id: str, key: Step) -> None:
        await time_out(self, table_id, key)

    async def apply(
        self, t: Table, seat: int, choice: ActionChoice, by_person: bool = False
    ) -> None:
        """Apply and keep one move; ``by_person``: the seat's person clicked it (a computer's
        move or a time-out's otherwise — a ranked game reads which, ``tables.rating``)."""
        game = t.playing()
        hand_no = game.hand_no
        try:
            events = game.apply(seat, choice)
        except IllegalAction as exc:
            raise TableError("err.illegal", reason=exc.message) from None
        s = t.seats[seat]
        if s is not None and s.user_id is not None:
            if by_person:
                s.moved_hand = hand_no
            else:
                s.kept_hand = hand_no
        await self.keeper.commit(t, events)

    async def storage_trouble(self, t: Table, retry: bool = False) -> None:
        """The database refused a move for good: tell the table, keep a timer running (a fresh
        turn timer for the person to move, or a retry of the table's own moves)."""
        await self.show.notice(t, Notice("call.storage", {"table": t.id}))
        if t.game is None or t.status is not Status.PLAYING:
            return
        if retry:
            self.timers.computers_later(t, self.run_computers, durable.RETRY_LATER)
        t.timer_step = (-1, -1)
        self.arm(t)
        await self.show.show(t)
