"""The table service: many tables in one process, each a match driven step by step.

One asyncio lock per table serialises everything that changes it (clicks, timers,
computer moves), so two players clicking at once are handled one after the
other and the second finds the state already moved on (a clear "stale" refusal)
or, inside one claim window, both answers count. Every refusal is a
:class:`TableError` raised *before* anything changes.

Every engine event is appended to the store as it happens; the final event of a
hand is appended in the same transaction as its chip settlement, so a crash can
never pay twice or lose a payment. ``resume_all()`` rebuilds each unfinished
table from its events after a restart, and gives a transport whose messages outlive the
process (``tables.transport.ResumesHands``) back where each person's hand lives.

``TableService`` is the entry point; the work is done by its parts, which share one
``tables.hub.Hub``: ``tables.lobby`` (seating and Start), ``tables.turns`` (the turn loop),
``tables.timers`` (turn and claim windows, AFK), ``tables.keeping`` (the store and the
ledger), ``tables.broadcast`` (what transports are told).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from engine.actions import Choose
from engine.events import HandEnded, MatchEnded
from store.settings import COMPUTER_LEVELS
from tables import durable, points_game
from tables.broadcast import Broadcast
from tables.clock import Clock, RealClock
from tables.errors import ConfirmNeeded, TableError
from tables.game import FALSE_WIN_KIND, GameDriver
from tables.hints import Hint, hint_for
from tables.hub import FinishListener, Hub
from tables.keeping import Keeper
from tables.lobby import Lobby
from tables.model import Notice, PrivateView, PublicView, Status, TableInfo
from tables.persist import TableStore
from tables.records import TableRow
from tables.table import (
    HAND_CHOICES,
    LOBBY_TIMEOUT,
    MAX_HANDS,
    MAX_LOBBIES_PER_CHANNEL,
    MAX_STAKE,
    SEATS,
    Person,
    Table,
    TableSettings,
)
from tables.timers import Timers
from tables.transport import NullTransport, Transport
from tables.turns import TurnLoop

log = logging.getLogger("mahjong.tables")

# The levels offered to hosts and admins are COMPUTER_LEVELS (easy, normal, hard); the
# service also plays any other engine.players kind (greedy, random) that tests and benches ask for.
CHOOSE_CODE = Choose.code  # the code of a choice every seat makes at once


class TableService:
    """Runs tables. Transports are told what to show; the store keeps every event."""

    def __init__(
        self,
        store: TableStore,
        transport: Transport | None = None,
        clock: Clock | None = None,
        settings: TableSettings | None = None,
        id_factory: Callable[[], str] | None = None,
        seed_factory: Callable[[], str] | None = None,
    ) -> None:
        self.hub = Hub(
            store=store, transport=transport or NullTransport(), clock=clock or RealClock(),
            settings=settings or TableSettings(),
            new_id=id_factory or (lambda: secrets.token_hex(4)),
            new_seed=seed_factory or (lambda: secrets.token_hex(16)),
        )
        self._show = Broadcast(self.hub)
        self._timers = Timers(self.hub)
        self._keeper = Keeper(self.hub, self._show, self._timers)
        self._loop = TurnLoop(self.hub, self._show, self._timers, self._keeper)
        self._lobby = Lobby(self.hub, self._show, self._timers, self._keeper, self._loop)
        self._tables = self.hub.tables  # the same dict (tests look at a table's game)

    @property
    def store(self) -> TableStore:
        return self.hub.store

    @property
    def transport(self) -> Transport:
        return self.hub.transport

    @property
    def clock(self) -> Clock:
        return self.hub.clock

    @property
    def settings(self) -> TableSettings:
        return self.hub.settings

    @property
    def closed(self) -> bool:
        return self.hub.closed

    @property
    def finish_listeners(self) -> list[FinishListener]:
        """Called with the finished table and each seat's chips over the game (ratings)."""
        return self.hub.finish_listeners

    # -- looking ------------------------------------------------------------------------------

    def get(self, table_id: str) -> TableInfo:
        return self.hub.table(table_id).info()

    def tables(self) -> list[TableInfo]:
        return [t.info() for t in self.hub.tables.values()]

    def table_for(self, guild_id: int, user_id: int) -> TableInfo | None:
        tid = self.hub.where.get((guild_id, user_id))
        return self.hub.tables[tid].info() if tid in self.hub.tables else None

    def private_view(self, table_id: str, user_id: int) -> PrivateView:
        t = self.hub.table(table_id)
        seat = t.seat_for(user_id)
        if t.game is None:
            raise TableError("err.not_lobby" if t.status is Status.LOBBY else "err.no_table")
        return self._show.private(t, seat)

    def public_view(self, table_id: str) -> PublicView:
        return self._show.public(self.hub.table(table_id))

    # -- lobby --------------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host: Person,
        preset: str,
        options: dict[str, Any] | None = None,
        stake: int | None = None,
        hands: int | None = None,
        turn_seconds: float | None = None,
        seat_host: bool = True,
        hints: bool = False,
        computer_level: str | None = None,
        afk_level: str | None = None,
    ) -> TableInfo:
        """A lobby. ``seat_host=False``: the host only organises (offline autoplay); seat 0
        gets a computer. ``computer_level`` is what "Add computer" seats unless a level is
        chosen, ``afk_level`` who keeps a person's seat (the server's settings)."""
        return await self._lobby.create(
            guild_id, channel_id, host, preset, options, stake, hands, turn_seconds, seat_host,
            hints, computer_level, afk_level,
        )

    async def join(self, table_id: str, person: Person) -> TableInfo:
        return await self._lobby.join(table_id, person)

    async def add_computer(self, table_id: str, user_id: int, level: str | None = None) -> TableInfo:
        """A computer in the first free seat, playing at ``level`` (the table's default level
        when None or empty)."""
        return await self._lobby.add_computer(table_id, user_id, level)

    async def cancel(self, table_id: str, user_id: int) -> TableInfo:
        return await self._lobby.cancel(table_id, user_id)

    async def start(self, table_id: str, user_id: int) -> TableInfo:
        return await self._lobby.start(table_id, user_id)

    # -- playing ------------------------------------------------------------------------------

    async def act(
        self, table_id: str, user_id: int, hand_no: int, step: int, code: str, arg: str = "",
        *, confirm: str = "",
    ) -> None:
        """A click: ``code``/``arg`` name an ActionChoice offered for hand ``hand_no`` at ``step``.
        A move that costs the player (诈胡) raises ConfirmNeeded with a one-time code unless
        ``confirm`` is the code that question issued (for this seat, hand and step)."""
        t = self.hub.table(table_id)
        async with self._show.locked(t):
            game = t.playing()
            seat = t.seat_for(user_id)
            s = t.seats[seat]
            assert s is not None
            if s.afk:
                raise TableError("hand.autoplay")
            if hand_no != game.hand_no or step != game.step:
                raise TableError("err.stale")
            if seat not in game.acting():
                raise TableError("err.not_your_turn")
            choice = next(
                (c for c in game.legal(seat) if c.code == code and c.arg == arg), None
            )
            if choice is None and code == CHOOSE_CODE and game.pick_size(seat):
                choice = game.picked(seat, arg)  # any three of one suit (换三张), checked
            if choice is None:
                raise TableError("err.stale")
            if choice.kind == FALSE_WIN_KIND:
                self._confirmed(t, seat, game.hand_no, game.step, confirm)
            s.timeouts = 0
            try:
                await self._loop.apply(t, seat, choice, by_person=True)
            except durable.StorageDown:
                await self._loop.storage_trouble(t)
                raise
        await self._loop.advance(t)

    @staticmethod
    def _confirmed(t: Table, seat: int, hand_no: int, step: int, confirm: str) -> None:
        """A 诈胡 goes ahead only with the code its question issued, once. Without one the
        question is asked (a fresh code); a wrong or used code is a stale answer."""
        if not confirm:
            game = t.playing()
            code = secrets.token_hex(4)
            t.confirm_codes[seat] = (hand_no, step, code)
            cost = [(p, a * t.stake) for p, a in game.false_win_cost(seat)]
            raise ConfirmNeeded(
                "confirm.false_win", code, chips=sum(a for _p, a in cost),
                payees=", ".join(f"{t.name(p)} {a}" for p, a in cost))
        issued = t.confirm_codes.get(seat)
        if issued is None or not secrets.compare_digest(
                f"{issued[0]}:{issued[1]}:{issued[2]}", f"{hand_no}:{step}:{confirm}"):
            raise TableError("err.stale")
        del t.confirm_codes[seat]  # one time

    async def back(self, table_id: str, user_id: int) -> None:
        """"I'm back": the person takes their seat again from the computer."""
        t = self.hub.table(table_id)
        async with self._show.locked(t):
            t.playing()
            seat = t.seat_for(user_id)
            s = t.seats[seat]
            assert s is not None
            if not s.afk:
                raise TableError("err.not_afk")
            s.afk = False
            s.timeouts = 0
            await self._keeper.save_seats(t)
            await self._show.notice(t, Notice("call.back", {"name": s.name}, seat))
            t.timer_step = (-1, -1)  # a fresh full timer for the returning player
        await self._loop.advance(t)

    async def leave(self, guild_id: int, user_id: int) -> TableInfo:
        """Leave one's table: a lobby seat is freed; a playing seat passes to a computer."""
        tid = self.hub.where.get((guild_id, user_id))
        if tid is None or tid not in self.hub.tables:
            raise TableError("err.not_at_table")
        t = self.hub.tables[tid]
        async with self._show.locked(t):
            seat = t.seat_of(user_id)
            if seat is None:
                raise TableError("err.not_at_table")
            s = t.seats[seat]
            assert s is not None
            self.hub.where.pop((guild_id, user_id), None)
            lobby = t.status is Status.LOBBY
            if lobby:
                await self._lobby.leave(t, seat, user_id)
            else:
                s.left = True
                s.left_hand = t.game.hand_no if t.game is not None else None
                self.hub.note_open(guild_id, user_id)  # an abandoned table counts as an opening
                s.afk = False
                await self._keeper.save_seats(t)
                # the chips of the hand being played stay theirs (托管) and the notice says so
                in_hand = t.game is not None and not t.game.hand_over
                key = "call.left_stakes" if in_hand else "call.left"
                if t.game is not None and points_game.is_points_game(t.game.rules):
                    key = "call.left_game"  # a game of points: its result stays theirs
                await self._show.notice(t, Notice(key, {"name": s.name}, seat))
        if lobby:
            await self._show.lobby(t)
        else:
            await self._loop.advance(t)
        return t.info()

    def hint(self, table_id: str, user_id: int) -> Hint:
        """The 💡 button: advice on the person's hand as it is now (tables.hints). Refused
        unless the host turned hints on and the person is seated in a hand being played."""
        t = self.hub.table(table_id)
        if not t.hints:
            raise TableError("hint.off")
        game = t.playing()
        seat = t.seat_for(user_id)
        if game.hand is None or game.hand.is_over:
            raise TableError("err.stale")
        return hint_for(game, seat)

    async def note_dm_closed(self, table_id: str, seat: int) -> bool:
        """The transport could not DM this seat; True the first time (tell them once)."""
        t = self.hub.tables.get(table_id)
        if t is None or not 0 <= seat < t.size or t.seats[seat] is None:
            return False
        s = t.seats[seat]
        assert s is not None
        first = not s.dm_closed
        s.dm_closed = True
        return first

    async def remember_hand_message(
        self, table_id: str, user_id: int, channel_id: int, message_id: int
    ) -> None:
        """The transport sent (or adopted) a person's hand message for a table: where it lives
        is kept in the store until the table ends, so that a restarted process edits it
        rather than sending a new one (``resume_all``). Once per new message, not per edit.
        Never raises: a failed write is logged and the game goes on (a restart then sends
        that person a new message, as without the row)."""
        t = self.hub.tables.get(table_id)
        if t is None or t.status is not Status.PLAYING or t.seat_of(user_id) is None:
            return  # ended (its rows are gone with it), or not theirs
        try:
            await self.hub.store.save_hand_message(table_id, user_id, channel_id, message_id)
        except Exception:
            log.warning("table %s: where %s's hand lives was not stored (a restart will send "
                        "them a new one)", table_id, user_id, exc_info=True)

    async def run_computers(self, table_id: str) -> None:
        """Let computer seats move now (used by the delayed computer timer and by tests)."""
        await self._loop.run_computers(table_id)

    # -- start-up and shut-down ---------------------------------------------------------------

    async def resume_all(self) -> list[str]:
        """Rebuild every unfinished table from the store; returns their ids. A row the store
        cannot read back was reported (and left as it is) by the store's ``unfinished``."""
        hub = self.hub
        resumed = []
        for row in await hub.store.unfinished():
            try:
                # its lease is this process's now: a table skipped for a database that did
                # not answer (restarting, say) would be run by nobody until the next start —
                # so the database is waited for, and if it stays away the start fails (the
                # service manager starts the process again), leases and all
                t = await durable.with_retries(partial(self._rebuild, row),
                                               f"table {row.id}: resuming")
            except durable.StorageDown as exc:
                if isinstance(exc.cause, durable.TRANSIENT):
                    raise
                log.exception("table %s could not be resumed", row.id)
                continue
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s could not be resumed", row.id)
                continue
            hub.tables[t.id] = t
            for s in t.seats:
                if s is not None and s.person is not None:
                    hub.where[(t.guild_id, s.person)] = t.id
            resumed.append(t.id)
        hands = await self._hand_messages(resumed)
        for tid in resumed:
            t = hub.tables[tid]
            if t.status is Status.PLAYING:
                self._resume_hands(t, hands.get(tid, {}))
                await self._show.notice(t, Notice("call.resumed", {"table": t.id}))
                await self._keeper.repost_ended_hand(t)
                await self._loop.advance(t)
            else:
                await self._show.lobby(t)
        if resumed:
            log.info("resumed %d table(s)", len(resumed))
        return resumed

    async def _hand_messages(self, table_ids: list[str]) -> dict[str, dict[int, tuple[int, int]]]:
        """Where the hands of the resumed tables live (one read for all of them); nothing when
        the read fails: their people are then sent new messages."""
        playing = [tid for tid in table_ids if self.hub.tables[tid].status is Status.PLAYING]
        if not playing or getattr(self.hub.transport, "resume_hands", None) is None:
            return {}
        try:
            return await self.hub.store.hand_messages(playing)
        except Exception:
            log.warning("hand messages not read: the resumed tables' people get new ones",
                        exc_info=True)
            return {}

    def _resume_hands(self, t: Table, hands: dict[int, tuple[int, int]]) -> None:
        """Tell the transport where the hands of a resumed table live (its seated people's)."""
        resume = getattr(self.hub.transport, "resume_hands", None)
        if resume is None:
            return
        mine = {u: ids for u, ids in hands.items() if t.seat_of(u) is not None}
        try:
            resume(t.info(), mine, t.playing().hand_no)
        except Exception:
            log.exception("table %s: the transport could not take its hand messages back", t.id)

    async def _rebuild(self, row: TableRow) -> Table:
        t = Table.from_snapshot(row.id, row.guild_id, row.channel_id, row.preset,
                                dict(row.options), row.status, row.snapshot, self.settings)
        if t.status is Status.PLAYING:
            events = await self.store.events(t.id)
            t.game = GameDriver.replay(events)
            t.hands_played = sum(isinstance(e, HandEnded) for e in events)
            t.scores = list(await self.store.table_scores(t.id, t.stake, events))
            for s in t.seats:  # who moved in the hand under way was not kept: not absent
                if s is not None:
                    s.moved_hand = t.game.hand_no
        return t

    async def close(self) -> None:
        """Stop all timers (the tables stay in the store, to be resumed)."""
        self.hub.closed = True
        for t in self.hub.tables.values():
            self._timers.stop(t)


__all__ = [
    "COMPUTER_LEVELS", "HAND_CHOICES", "LOBBY_TIMEOUT", "MAX_HANDS", "MAX_LOBBIES_PER_CHANNEL",
    "MAX_STAKE", "SEATS", "MatchEnded", "Person", "TableService", "TableSettings",
]
