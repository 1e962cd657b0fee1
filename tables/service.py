"""The table service: many tables in one process, each a match driven step by step.

One asyncio lock per table serialises everything that changes it (clicks, timers,
computer moves), so two players clicking at once are handled one after the
other and the second finds the state already moved on (a clear "stale" refusal)
or, inside one claim window, both answers count. Every refusal is a
:class:`TableError` raised *before* anything changes.

Every engine event is appended to the store as it happens; the final event of a
hand is appended in the same transaction as its chip settlement, so a crash can
never pay twice or lose a payment. ``resume_all()`` rebuilds each unfinished
table from its events after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Choose, IllegalAction
from engine.events import (
    Called,
    Discarded,
    Drawn,
    Event,
    FlowerSetAside,
    HaidiOffered,
    HandEnded,
    HandStarted,
    IndicatorTurned,
    Konged,
    MatchEnded,
    SmallWinsShown,
    TilesExchanged,
    VoidsChosen,
    Won,
)
from engine.players import PLAYER_KINDS
from engine.rules import RulesError, get_rules
from engine.scoring.types import FALSE_WIN
from engine.tiles import format_tiles, tile_name
from store.settings import COMPUTER_LEVELS, DEFAULT_COMPUTER_LEVEL
from tables import durable, economy
from tables.clock import Clock, Handle, RealClock
from tables.errors import ConfirmNeeded, TableError
from tables.game import FALSE_WIN_KIND, GameDriver
from tables.hints import Hint, hint_for
from tables.model import (
    ActionChoice,
    Mode,
    Notice,
    PrivateView,
    PublicView,
    Seat,
    SettlementView,
    StandingsView,
    Status,
    TableInfo,
)
from tables.persist import TableStore
from tables.transport import NullTransport, Transport

log = logging.getLogger("mahjong.tables")

SEATS = 4
MAX_STAKE = 1_000_000
HAND_CHOICES = (1, 2, 4, 8, 16)
MAX_HANDS = 64
# The levels offered to hosts and admins are COMPUTER_LEVELS (easy, normal, hard); the
# service also plays any other engine.players kind (greedy, random) that tests and benches ask for.
CHOOSE_CODE = Choose.code  # the code of a choice every seat makes at once
# one member must not fill a channel with lobbies: open lobbies per channel, and how long a
# lobby may wait for its Start before it is closed (seconds)
MAX_LOBBIES_PER_CHANNEL = 3
LOBBY_TIMEOUT = 600.0


# how notices name a void suit and where the exchanged tiles went (both languages: the
# notice is one message for the whole channel)
_SUIT_NAMES = ("万 m", "筒 p", "条 s")
_SHIFT_NAMES = {1: "→ 下家 next", 3: "→ 上家 previous", 2: "→ 对家 across"}


@dataclass(frozen=True, slots=True)
class Person:
    user_id: int
    name: str
    locale: str = "en"


@dataclass(frozen=True, slots=True)
class TableSettings:
    turn_seconds: float = 30.0
    claim_seconds: float = 10.0
    afk_timeouts: int = 2  # time-outs in a row before a computer keeps the seat
    computer_delay: float = 0.0  # seconds before a computer moves (0: at once)
    computer_level: str = DEFAULT_COMPUTER_LEVEL  # a computer seat's level unless chosen
    afk_level: str = DEFAULT_COMPUTER_LEVEL  # who keeps a person's seat (time-outs, leaving)
    stake: int = 1


@dataclass(eq=False)
class _Table:
    id: str
    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    options: dict[str, Any]
    stake: int
    hands: int
    status: Status
    seats: list[Seat | None]
    seed: str = ""
    turn_seconds: float = 30.0
    game: GameDriver | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: Handle | None = None
    timer_step: tuple[int, int] = (-1, -1)
    deadline: float | None = None
    cpu_timer: Handle | None = None
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    hands_played: int = 0
    outbox: list[Any] = field(default_factory=list)  # transport calls queued under the lock
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # per seat, the chips at stake when the hand started (以小博大, see tables/economy.py)
    cover: list[int | None] | None = None
    hints: bool = False  # the host's choice: a 💡 button in private hands (the table is unranked)
    computer_level: str = DEFAULT_COMPUTER_LEVEL  # what "Add computer" seats by default
    afk_level: str = DEFAULT_COMPUTER_LEVEL

    def info(self) -> TableInfo:
        return TableInfo(
            id=self.id, guild_id=self.guild_id, channel_id=self.channel_id, host_id=self.host_id,
            preset=self.preset, options=tuple(sorted(self.options.items())), stake=self.stake,
            hands=self.hands, status=self.status, hints=self.hints,
            computer_level=self.computer_level,
            seats=tuple(
                None if s is None else dataclasses.replace(s) for s in self.seats
            ),
        )

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s is not None and s.person == user_id:
                return s.index
        return None

    def seats_json(self) -> dict[str, Any]:
        return {
            "host_id": self.host_id, "stake": self.stake, "hands": self.hands, "seed": self.seed,
            "turn_seconds": self.turn_seconds, "hints": self.hints,
            "computer_level": self.computer_level,
            "afk_level": self.afk_level,
            "seats": [None if s is None else s.to_json() for s in self.seats],
        }


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
        self.store = store
        self.transport: Transport = transport or NullTransport()
        self.clock: Clock = clock or RealClock()
        self.settings = settings or TableSettings()
        self._new_id = id_factory or (lambda: secrets.token_hex(4))
        self._new_seed = seed_factory or (lambda: secrets.token_hex(16))
        self._tables: dict[str, _Table] = {}
        self._where: dict[tuple[int, int], str] = {}  # (guild, user) -> table id
        self._reserved: set[str] = set()  # ids of tables being created
        self.closed = False
        # called with the finished table and each seat's chips over the game (ratings)
        self.finish_listeners: list[Callable[[TableInfo, tuple[int, ...]], Awaitable[None]]] = []

    # -- looking ------------------------------------------------------------------------------

    def get(self, table_id: str) -> TableInfo:
        return self._table(table_id).info()

    def tables(self) -> list[TableInfo]:
        return [t.info() for t in self._tables.values()]

    def table_for(self, guild_id: int, user_id: int) -> TableInfo | None:
        tid = self._where.get((guild_id, user_id))
        return self._tables[tid].info() if tid in self._tables else None

    def private_view(self, table_id: str, user_id: int) -> PrivateView:
        t = self._table(table_id)
        seat = self._seat_for(t, user_id)
        if t.game is None:
            raise TableError("err.not_lobby" if t.status is Status.LOBBY else "err.no_table")
        return self._private(t, seat)

    def public_view(self, table_id: str) -> PublicView:
        t = self._table(table_id)
        if t.game is None:
            raise TableError("err.no_table")
        return self._public(t)

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
        if seat_host:
            self._check_free(guild_id, host.user_id)
        computer_level = _level(computer_level or self.settings.computer_level)
        afk_level = _level(afk_level or self.settings.afk_level)
        options = dict(options or {})
        try:
            rules = get_rules(preset, options)
        except RulesError as exc:
            raise TableError("err.bad_option", reason=str(exc)) from None
        stake = self.settings.stake if stake is None else stake
        if not isinstance(stake, int) or not 1 <= stake <= MAX_STAKE:
            raise TableError("err.bad_amount", max=MAX_STAKE)
        hands = rules.hands or 4 if hands is None else hands
        if not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
            raise TableError("err.bad_option", reason=f"hands: 1 to {MAX_HANDS}")
        if seat_host:
            await economy.check_entry(self.store, guild_id, host.user_id, stake, rules.unit)
        tid = self._new_id()
        while tid in self._tables or tid in self._reserved:
            tid = self._new_id()
        lobbies = sum(1 for x in self._tables.values()
                      if x.channel_id == channel_id and x.status is Status.LOBBY)
        if lobbies + sum(1 for r in self._reserved if r.startswith(f"{channel_id}:")) \
                >= MAX_LOBBIES_PER_CHANNEL:
            raise TableError("err.too_many_lobbies", max=MAX_LOBBIES_PER_CHANNEL)
        if seat_host:
            # one person, one seat: checked and recorded with no await in between, so two
            # "new" at once cannot both pass the check; undone below if the table fails
            self._check_free(guild_id, host.user_id)
            self._where[(guild_id, host.user_id)] = tid
        self._reserved.add(tid)
        self._reserved.add(f"{channel_id}:{tid}")
        t = _Table(
            id=tid, guild_id=guild_id, channel_id=channel_id, host_id=host.user_id, preset=preset,
            options=options, stake=stake, hands=hands, status=Status.LOBBY,
            seats=[
                Seat(0, host.user_id, host.name, host.locale, level=afk_level) if seat_host
                else Seat(0, None, "CPU0", level=computer_level),
                None, None, None,
            ],
            turn_seconds=float(turn_seconds or self.settings.turn_seconds), hints=bool(hints),
            computer_level=computer_level, afk_level=afk_level,
        )
        try:
            await durable.with_retries(
                lambda: self.store.create_table(tid, guild_id, channel_id, preset, options,
                                                t.seats_json()), "creating a table")
            self._tables[tid] = t
            if seat_host:
                await durable.with_retries(
                    lambda: self.store.ensure_player(guild_id, host.user_id), "opening an account")
        except BaseException:
            if self._where.get((guild_id, host.user_id)) == tid and tid not in self._tables:
                del self._where[(guild_id, host.user_id)]
            raise
        finally:
            self._reserved.discard(tid)
            self._reserved.discard(f"{channel_id}:{tid}")
        self._arm_lobby_timeout(t)
        log.info("table %s created in guild %s (%s, stake %s)", tid, guild_id, preset, stake)
        await self._tell_lobby(t)
        return t.info()

    def _arm_lobby_timeout(self, t: _Table) -> None:
        """An abandoned lobby closes by itself after LOBBY_TIMEOUT."""
        tid = t.id

        async def expire() -> None:
            lobby = self._tables.get(tid)
            if lobby is None or lobby.status is not Status.LOBBY:
                return
            async with self._locked(lobby):
                if lobby.status is not Status.LOBBY:
                    return
                lobby.timer = None
                await self._close(lobby, Status.CANCELLED)
            log.info("table %s: lobby closed after %.0f s without a start", tid, LOBBY_TIMEOUT)
            await self._tell_lobby(lobby)

        t.timer = self.clock.call_later(LOBBY_TIMEOUT, expire)

    async def join(self, table_id: str, person: Person) -> TableInfo:
        t = self._table(table_id)
        async with self._locked(t):
            self._lobby_only(t)
            if t.seat_of(person.user_id) is not None:
                raise TableError("err.already_seated", table=t.id)
            self._check_free(t.guild_id, person.user_id)
            await economy.check_entry(self.store, t.guild_id, person.user_id, t.stake,
                                      economy.rules_unit(t.preset, t.options))
            # checked and recorded with no await in between (one person, one seat)
            self._check_free(t.guild_id, person.user_id)
            free = [i for i, s in enumerate(t.seats) if s is None]
            if not free:
                raise TableError("err.table_full")
            t.seats[free[0]] = Seat(
                free[0], person.user_id, person.name, person.locale, level=t.afk_level
            )
            self._where[(t.guild_id, person.user_id)] = t.id
            await self.store.ensure_player(t.guild_id, person.user_id)
            await self._save_seats(t)
        await self._tell_lobby(t)
        return t.info()

    async def add_computer(self, table_id: str, user_id: int, level: str | None = None) -> TableInfo:
        """A computer in the first free seat, playing at ``level`` (the table's default level
        when None or empty)."""
        t = self._table(table_id)
        level = _level(level or t.computer_level)
        async with self._locked(t):
            self._lobby_only(t)
            if t.seat_of(user_id) is None and user_id != t.host_id:
                raise TableError("err.not_seated")
            free = [i for i, s in enumerate(t.seats) if s is None]
            if not free:
                raise TableError("err.table_full")
            # CPU1, CPU2 … (CPU0 is the seat a computer takes when nobody hosts: autoplay)
            n = sum(1 for s in t.seats if s is not None and s.user_id is None and s.index) + 1
            t.seats[free[0]] = Seat(free[0], None, f"CPU{n}", level=level)
            await self._save_seats(t)
        await self._tell_lobby(t)
        return t.info()

    async def cancel(self, table_id: str, user_id: int) -> TableInfo:
        t = self._table(table_id)
        async with self._locked(t):
            self._lobby_only(t)
            if user_id != t.host_id:
                raise TableError("err.not_host")
            await self._close(t, Status.CANCELLED)
        await self._tell_lobby(t)
        return t.info()

    async def start(self, table_id: str, user_id: int) -> TableInfo:
        t = self._table(table_id)
        async with self._locked(t):
            self._lobby_only(t)
            if user_id != t.host_id:
                raise TableError("err.not_host")
            if any(s is None for s in t.seats):
                raise TableError("err.need_players")
            for s in t.seats:  # chips may have moved since they sat down
                if s is not None and s.user_id is not None:
                    await economy.check_entry(self.store, t.guild_id, s.user_id, t.stake,
                                              economy.rules_unit(t.preset, t.options), name=s.name)
            if t.timer is not None:  # the lobby's time-out
                t.timer.cancel()
                t.timer = None
            t.seed = self._new_seed()
            game, events = GameDriver.start(t.preset, t.options, t.seed, t.hands)
            t.game = game
            t.status = Status.PLAYING
            try:
                await durable.with_retries(
                    lambda: self.store.set_status(t.id, Status.PLAYING.value, t.seats_json()),
                    f"table {t.id}: starting")
                await self._commit(t, events)
            except BaseException:
                # still a lobby: the host may press Start again
                t.game, t.status = None, Status.LOBBY
                try:
                    await self.store.set_status(t.id, Status.LOBBY.value, t.seats_json())
                except Exception:
                    log.warning("table %s: could not store it as a lobby again", t.id)
                raise
            log.info("table %s started", t.id)
        await self._tell_lobby(t)
        await self._advance(t)
        return t.info()

    # -- playing ------------------------------------------------------------------------------

    async def act(
        self, table_id: str, user_id: int, hand_no: int, step: int, code: str, arg: str = "",
        *, confirmed: bool = False,
    ) -> None:
        """A click: ``code``/``arg`` name an ActionChoice offered for hand ``hand_no`` at ``step``.
        A move that costs the player (诈胡) raises ConfirmNeeded unless ``confirmed``."""
        t = self._table(table_id)
        async with self._locked(t):
            game = self._game(t)
            seat = self._seat_for(t, user_id)
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
            if choice.kind == FALSE_WIN_KIND and not confirmed:
                cost = [(p, a * t.stake) for p, a in game.false_win_cost(seat)]
                raise ConfirmNeeded(
                    "confirm.false_win", chips=sum(a for _p, a in cost),
                    payees=", ".join(f"{self._name(t, p)} {a}" for p, a in cost))
            s.timeouts = 0
            try:
                await self._apply(t, seat, choice)
            except durable.StorageDown:
                await self._storage_trouble(t)
                raise
        await self._advance(t)

    async def back(self, table_id: str, user_id: int) -> None:
        """"I'm back": the person takes their seat again from the computer."""
        t = self._table(table_id)
        async with self._locked(t):
            self._game(t)
            seat = self._seat_for(t, user_id)
            s = t.seats[seat]
            assert s is not None
            if not s.afk:
                raise TableError("err.not_afk")
            s.afk = False
            s.timeouts = 0
            await self._save_seats(t)
            await self._notice(t, Notice("call.back", {"name": s.name}, seat))
            t.timer_step = (-1, -1)  # a fresh full timer for the returning player
        await self._advance(t)

    async def leave(self, guild_id: int, user_id: int) -> TableInfo:
        """Leave one's table: a lobby seat is freed; a playing seat passes to a computer."""
        tid = self._where.get((guild_id, user_id))
        if tid is None or tid not in self._tables:
            raise TableError("err.not_at_table")
        t = self._tables[tid]
        async with self._locked(t):
            seat = t.seat_of(user_id)
            if seat is None:
                raise TableError("err.not_at_table")
            s = t.seats[seat]
            assert s is not None
            self._where.pop((guild_id, user_id), None)
            if t.status is Status.LOBBY:
                t.seats[seat] = None
                humans = [x for x in t.seats if x is not None and x.user_id is not None]
                if not humans:
                    await self._close(t, Status.CANCELLED)
                else:
                    if user_id == t.host_id:
                        t.host_id = humans[0].user_id  # type: ignore[assignment]
                    await self._save_seats(t)
                lobby = True
            else:
                s.left = True
                s.left_hand = t.game.hand_no if t.game is not None else None
                s.afk = False
                await self._save_seats(t)
                # the chips of the hand being played stay theirs (托管) and the notice says so
                in_hand = t.game is not None and not t.game.hand_over
                await self._notice(t, Notice("call.left_stakes" if in_hand else "call.left",
                                             {"name": s.name}, seat))
                lobby = False
        if lobby:
            await self._tell_lobby(t)
        else:
            await self._advance(t)
        return t.info()

    def hint(self, table_id: str, user_id: int) -> Hint:
        """The 💡 button: advice on the person's hand as it is now (tables.hints). Refused
        unless the host turned hints on and the person is seated in a hand being played."""
        t = self._table(table_id)
        if not t.hints:
            raise TableError("hint.off")
        game = self._game(t)
        seat = self._seat_for(t, user_id)
        if game.hand is None or game.hand.is_over:
            raise TableError("err.stale")
        return hint_for(game, seat)

    async def note_dm_closed(self, table_id: str, seat: int) -> bool:
        """The transport could not DM this seat; True the first time (tell them once)."""
        t = self._tables.get(table_id)
        if t is None or not 0 <= seat < SEATS or t.seats[seat] is None:
            return False
        s = t.seats[seat]
        assert s is not None
        first = not s.dm_closed
        s.dm_closed = True
        return first

    # -- start-up and shut-down ---------------------------------------------------------------

    async def resume_all(self) -> list[str]:
        """Rebuild every unfinished table from the store; returns their ids."""
        resumed = []
        for rec in await self.store.unfinished():
            try:
                t = await self._rebuild(rec)
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s could not be resumed", rec.id)
                continue
            self._tables[t.id] = t
            for s in t.seats:
                if s is not None and s.person is not None:
                    self._where[(t.guild_id, s.person)] = t.id
            resumed.append(t.id)
        for tid in resumed:
            t = self._tables[tid]
            if t.status is Status.PLAYING:
                await self._notice(t, Notice("call.resumed", {"table": t.id}))
                await self._repost_ended_hand(t)
                await self._advance(t)
            else:
                await self._tell_lobby(t)
        if resumed:
            log.info("resumed %d table(s)", len(resumed))
        return resumed

    async def _repost_ended_hand(self, t: _Table) -> None:
        """A crash can fall between a hand's settlement (written with its final event) and
        the settlement message: when the table comes back with that hand over, post it
        again. Settling again is refused by the store's unique key, which answers with the
        first settlement's chips, so nothing is paid twice."""
        game = t.game
        hand = game.hand if game is not None else None
        if game is None or hand is None or not hand.is_over or hand.ended is None:
            return
        accounts = economy.seat_accounts(t.seats, game.hand_no)
        events = list(hand.events)
        # no events: the final event is already in the log (it is what we rebuilt from)
        result = await self.store.append(
            t.id, [], settle=(game.hand_no, accounts, hand.ended, t.stake, self._stats(events),
                              await economy.covers(self.store, t)),
        )
        if result is not None and not result.already_settled:
            # cannot happen with a store that writes the final event and the settlement in
            # one transaction; the hand is settled now, and we say so loudly
            log.error("table %s hand %s was settled only on resume", t.id, game.hand_no)
        chips = result.deltas if result is not None else tuple(
            d * t.stake for d in hand.ended.deltas
        )
        paid = result.payments if result is not None else ()
        await self._safe(t, self.transport.settlement(
            t.info(), self._settlement(t, events, chips, paid)))

    async def close(self) -> None:
        """Stop all timers (the tables stay in the store, to be resumed)."""
        self.closed = True
        for t in self._tables.values():
            self._stop_timers(t)

    async def run_computers(self, table_id: str) -> None:
        """Let computer seats move now (used by the delayed computer timer and by tests)."""
        t = self._tables.get(table_id)
        if t is not None:
            await self._advance(t, immediate=True)

    # -- internals: the loop ------------------------------------------------------------------

    async def _advance(self, t: _Table, immediate: bool = False) -> None:
        """Move the table on until a person must decide: computer moves, next hands, the end."""
        if self.closed:
            return
        again = True
        while again:
            again = False
            async with self._locked(t):
                try:
                    again = await self._advance_locked(t, immediate)
                except durable.StorageDown:
                    # the move was not kept: players are told, timers stay armed, and the
                    # table tries again shortly (a settlement is retried until it is written)
                    await self._storage_trouble(t, retry=True)

    async def _advance_locked(self, t: _Table, immediate: bool) -> bool:
        """Moves under the lock; True when it stopped at a hand's end so that what was queued
        (the settlement) is sent before the next hand is dealt — a crash in between then
        finds the hand over and posts its settlement again on resume."""
        game = t.game
        if game is None or t.status is not Status.PLAYING:
            return False
        while True:
            if (game.match_over or game.hand_over) and t.outbox:
                return True
            if game.match_over:
                await self._finish(t)
                return False
            if game.hand_over:
                await self._commit(t, game.next_hand())
                continue
            acting = game.acting()
            movers = [s for s in acting if self._is_computer(t, s)]
            if movers:
                if self.settings.computer_delay > 0 and not immediate:
                    self._schedule_computers(t)
                    break
                immediate = False if self.settings.computer_delay > 0 else immediate
                for seat in movers:
                    if seat in game.acting():
                        s = t.seats[seat]
                        level = s.level if s is not None else t.computer_level
                        choice = game.computer_choice(seat, level)
                        # the move's kind only (d, p, k …), never its tile: no hidden tile
                        # reaches a log, at any level
                        log.debug("table %s hand %s seat %d: the %s computer plays %s",
                                  t.id, game.hand_no, seat, level, choice.code)
                        await self._apply(t, seat, choice)
                if self.settings.computer_delay > 0:
                    # one computer move per delay, so people can follow the table
                    continue_now = not any(self._is_computer(t, s) for s in game.acting())
                    if not continue_now and not game.hand_over:
                        self._schedule_computers(t)
                        break
                continue
            break
        self._arm_timer(t)
        await self._show(t)
        return False

    async def _storage_trouble(self, t: _Table, retry: bool = False) -> None:
        """The database refused a move for good: tell the table, keep a timer running (a fresh
        turn timer for the person to move, or a retry of the table's own moves)."""
        await self._notice(t, Notice("call.storage", {"table": t.id}))
        if t.game is None or t.status is not Status.PLAYING:
            return
        if retry:
            tid = t.id

            async def again() -> None:
                t.cpu_timer = None
                await self.run_computers(tid)

            if t.cpu_timer is not None:
                t.cpu_timer.cancel()
            t.cpu_timer = self.clock.call_later(durable.RETRY_LATER, again)
        t.timer_step = (-1, -1)
        self._arm_timer(t)
        await self._show(t)

    def _is_computer(self, t: _Table, seat: int) -> bool:
        s = t.seats[seat]
        return s is None or s.is_computer

    async def _apply(self, t: _Table, seat: int, choice: ActionChoice) -> None:
        game = self._game(t)
        try:
            events = game.apply(seat, choice)
        except IllegalAction as exc:
            raise TableError("err.illegal", reason=exc.message) from None
        await self._commit(t, events)

    async def _commit(self, t: _Table, events: list[Event]) -> None:
        """Append events (settling the hand in the same transaction as its final event),
        then tell the transports about calls and results."""
        if not events:
            return
        game = self._game(t)
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        paid: tuple[tuple[int, int, int, int], ...] = ()
        kept = len(game.match.events) - len(events)  # the events before this move
        try:
            if ended is not None:
                accounts = economy.seat_accounts(t.seats, game.hand_no)
                cover = t.cover if t.cover is not None else await durable.with_retries(
                    lambda: economy.covers(self.store, t), f"table {t.id}: reading stakes")
                settle = (game.hand_no, accounts, ended, t.stake, self._stats(events), cover)
                result = await durable.with_retries(
                    lambda: self.store.append(t.id, events, settle=settle),
                    f"table {t.id}: settling hand {game.hand_no}")
                chips = result.deltas if result is not None else tuple(
                    d * t.stake for d in ended.deltas)
                paid = result.payments if result is not None else ()
            else:
                await durable.with_retries(lambda: self.store.append(t.id, events),
                                           f"table {t.id}: storing a move")
                chips = ()
        except BaseException:
            # not stored, so not applied: the game goes back to the events that are stored
            t.game = GameDriver.replay(game.match.events[:kept]) if kept else None
            raise
        if any(isinstance(e, HandStarted) for e in events):
            try:
                t.cover = await economy.covers(self.store, t)
            except Exception:  # read again at the settlement
                log.warning("table %s: stakes not read at the hand's start", t.id)
                t.cover = None
        mover = getattr(self.transport, "move", None)  # a PlayByPlay transport (terminal)
        draws_after = sum(isinstance(e, Drawn) for e in events)
        for e in events:
            if log.isEnabledFor(logging.DEBUG):
                # the kind of event and its seat only: events carry the deal, draws and the
                # wall's seed, which no log level may show (the store keeps them)
                log.debug("table %s: %s seat %s", t.id, e.type, getattr(e, "seat", "-"))
            if isinstance(e, Drawn):
                draws_after -= 1
            if mover is not None:
                move = self._move_for(t, e, draws_after)
                if move is not None:
                    await self._safe(t, mover(t.info(), move))
            notice = self._notice_for(t, e)
            if notice is not None:
                await self._notice(t, notice)
            if isinstance(e, HandStarted):
                log.info("table %s hand %s started (commitment %s)", t.id, e.hand_no, e.commitment)
        if ended is not None:
            t.hands_played += 1
            for i, c in enumerate(chips):
                t.scores[i] += c
            log.info("table %s hand %s ended: deltas %s", t.id, game.hand_no, list(chips))
            await self._safe(t, self.transport.settlement(
                t.info(), self._settlement(t, events, chips, paid)))

    def _stats(self, events: list[Event]) -> dict[str, Any]:
        # a 诈胡 is a loss for the declarer, never a win in the statistics
        wins = [e for e in events if isinstance(e, Won) and FALSE_WIN not in e.patterns]
        if not wins:
            return {"winners": (), "self_draw": False, "deal_in": None, "points": 0, "pattern": None}
        best = max(wins, key=lambda w: w.points)
        return {
            "winners": tuple(w.seat for w in wins),
            "self_draw": any(w.self_drawn for w in wins),
            "deal_in": next((w.from_seat for w in wins if not w.self_drawn), None),
            "points": best.points,
            "pattern": best.patterns[0] if best.patterns else None,
        }

    def _notice_for(self, t: _Table, e: Event) -> Notice | None:
        if isinstance(e, Called):
            key = {"pung": "call.pong", "kong": "call.kong", "chow": "call.chow"}.get(e.kind)
            if key is None:
                return None
            return Notice(key, {"name": self._name(t, e.seat), "tile": tile_name(e.tile),
                                "tiles": format_tiles(e.tiles)}, e.seat)
        if isinstance(e, Konged):
            key = "call.concealed_kong" if e.kind == "concealed_kong" else "call.added_kong"
            args = {"name": self._name(t, e.seat)}
            if e.kind != "concealed_kong":  # a concealed kong's tile stays hidden
                args["tile"] = tile_name(e.tile)
            return Notice(key, args, e.seat)
        if isinstance(e, Won):
            key = "call.self_draw" if e.self_drawn else "call.win"
            if FALSE_WIN in e.patterns:
                key = "call.false_win"
            return Notice(key, {"name": self._name(t, e.seat)}, e.seat)
        if isinstance(e, HandEnded) and e.drawn:
            return Notice("call.draw", {})
        if isinstance(e, VoidsChosen):  # 定缺: shown together once every seat has chosen
            voids = ", ".join(f"{self._name(t, seat)} {_SUIT_NAMES[v]}"
                              for seat, v in enumerate(e.suits))
            return Notice("call.voids", {"voids": voids})
        if isinstance(e, TilesExchanged):
            return Notice("call.exchanged", {"direction": _SHIFT_NAMES.get(e.shift, "?")})
        if isinstance(e, SmallWinsShown):
            shown = [(seat, items) for seat, items in enumerate(e.items) if items]
            if not shown:
                return None
            names = ", ".join(self._name(t, seat) for seat, _ in shown)
            items = "; ".join(" + ".join(items) for _, items in shown)
            amount = max((a for _, _, a in e.payments), default=0)
            return Notice("call.small_wins", {"name": names, "items": items, "amount": amount},
                          shown[0][0])
        if isinstance(e, HaidiOffered):
            return Notice("call.haidi", {"name": self._name(t, e.seat)}, e.seat)
        if isinstance(e, IndicatorTurned):  # public: everyone sees the turned tile
            game = self._game(t)
            wild = game.hand.wild_kinds if game.hand is not None else frozenset()
            return Notice("call.indicator", {"tile": tile_name(e.tile), "kind": game.rules.family,
                                             "joker": format_tiles(sorted(wild))})
        return None

    def _move_for(self, t: _Table, e: Event, draws_after: int) -> Notice | None:
        """A public move in words for a play-by-play transport; a drawn tile stays hidden."""
        game = self._game(t)
        wall = game.hand.wall.remaining + draws_after if game.hand is not None else 0
        if isinstance(e, HandStarted):
            return Notice("move.hand", {
                "hand": e.hand_no + 1, "hands": t.hands, "wind": e.round_wind % 4,
                "dealer": self._name(t, e.dealer), "dealer_seat": e.dealer, "wall": wall,
                "hash": e.commitment,
            })
        if isinstance(e, Drawn):
            return Notice("move.draw", {"name": self._name(t, e.seat), "wall": wall}, e.seat)
        if isinstance(e, Discarded):
            return Notice("move.discard", {"name": self._name(t, e.seat),
                                           "tile": tile_name(e.tile)}, e.seat)
        if isinstance(e, FlowerSetAside):
            return Notice("move.flower", {"name": self._name(t, e.seat),
                                          "tile": tile_name(e.tile)}, e.seat)
        return None

    def _name(self, t: _Table, seat: int) -> str:
        s = t.seats[seat]
        return s.name if s is not None else "?"

    async def _finish(self, t: _Table) -> None:
        self._stop_timers(t)
        balances = await durable.with_retries(lambda: self.store.balances(
            t.guild_id, [None if s is None or s.user_id is None else s.user_id for s in t.seats]
        ), f"table {t.id}: reading balances")
        final = self._public(t, finished=True)
        await self._show_privates(t)
        await self._close(t, Status.FINISHED, result={"scores": t.scores, "hands": t.hands_played})
        await self._safe(t, self.transport.public(t.info(), final))
        await self._notice(t, Notice("call.game_over", {"table": t.id}))
        await self._safe(t, self.transport.standings(t.info(), StandingsView(
            table_id=t.id, names=tuple(self._name(t, i) for i in range(SEATS)),
            totals=tuple(t.scores), balances=tuple(balances), hands_played=t.hands_played,
        )))
        for listener in list(self.finish_listeners):
            await self._safe(t, listener(t.info(), tuple(t.scores)))
        log.info("table %s finished: %s", t.id, t.scores)

    async def _close(self, t: _Table, status: Status, result: dict[str, Any] | None = None) -> None:
        t.status = status
        self._stop_timers(t)
        for s in t.seats:
            key = (t.guild_id, s.user_id) if s is not None and s.user_id is not None else None
            if key is not None and self._where.get(key) == t.id:
                del self._where[key]
        await self.store.set_status(t.id, status.value, t.seats_json(), result=result)
        self._tables.pop(t.id, None)

    # -- internals: timers --------------------------------------------------------------------

    def _stop_timers(self, t: _Table) -> None:
        for h in (t.timer, t.cpu_timer):
            if h is not None:
                h.cancel()
        t.timer = t.cpu_timer = None
        t.deadline = None

    def _schedule_computers(self, t: _Table) -> None:
        if t.cpu_timer is not None:
            t.cpu_timer.cancel()
        tid = t.id

        async def fire() -> None:
            t.cpu_timer = None
            await self.run_computers(tid)

        t.cpu_timer = self.clock.call_later(self.settings.computer_delay, fire)

    def _arm_timer(self, t: _Table) -> None:
        """(Re)start the turn or claim timer when a new decision point opens."""
        game = self._game(t)
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
        seconds = self.settings.claim_seconds if claim else t.turn_seconds
        t.deadline = self.clock.now() + seconds
        tid = t.id

        async def fire() -> None:
            await self._timeout(tid, key)

        t.timer = self.clock.call_later(seconds, fire)

    async def _timeout(self, table_id: str, key: tuple[int, int]) -> None:
        t = self._tables.get(table_id)
        if t is None or t.game is None:
            return
        async with self._locked(t):
            game = t.game
            if (game.hand_no, game.step) != key or game.hand_over:
                return  # the table moved on; this timer is stale
            t.timer = None
            for seat in list(game.acting()):
                if seat not in game.acting() or self._is_computer(t, seat):
                    continue
                s = t.seats[seat]
                assert s is not None
                choice = game.timeout_choice(seat)
                try:
                    await self._apply(t, seat, choice)
                except durable.StorageDown:
                    await self._storage_trouble(t)  # a fresh timer: the time-out comes again
                    return
                s.timeouts += 1
                if s.timeouts >= self.settings.afk_timeouts:
                    s.afk = True
                    await self._save_seats(t)
                    await self._notice(t, Notice("call.afk", {"name": s.name}, seat))
                elif choice.kind == "discard":
                    await self._notice(t, Notice("call.timeout", {"name": s.name}, seat))
        await self._advance(t)

    # -- internals: views ---------------------------------------------------------------------

    async def _show(self, t: _Table) -> None:
        await self._safe(t, self.transport.public(t.info(), self._public(t)))
        await self._show_privates(t)

    async def _show_privates(self, t: _Table) -> None:
        info = t.info()
        for s in t.seats:
            if s is not None and s.person is not None:
                await self._safe(t, self.transport.private(info, self._private(t, s.index)))

    def _private(self, t: _Table, seat: int) -> PrivateView:
        game = self._game(t)
        s = t.seats[seat]
        afk = s is not None and s.afk
        seconds = None
        if t.deadline is not None:
            seconds = max(0.0, t.deadline - self.clock.now())
        view = game.private_view(t.id, seat, afk=afk, deadline=t.deadline, seconds=seconds)
        return dataclasses.replace(view, hints=True) if t.hints else view

    def _public(self, t: _Table, finished: bool = False) -> PublicView:
        game = t.game
        if game is None:
            raise TableError("err.no_table")
        return game.public_view(
            t.id,
            names=tuple(self._name(t, i) for i in range(SEATS)),
            computer=tuple(self._is_computer(t, i) for i in range(SEATS)),
            levels=self._levels(t),
            scores=tuple(t.scores),
            deadline=t.deadline,
            hands_total=t.hands,
            finished=finished,
            stake=t.stake,
        )

    def _settlement(
        self, t: _Table, events: list[Event], chips: Iterable[int],
        paid: tuple[tuple[int, int, int, int], ...] = (),
    ) -> SettlementView:
        view = self._game(t).settlement_view(
            t.id, events, tuple(chips), tuple(self._name(t, i) for i in range(SEATS)), t.stake
        )
        return dataclasses.replace(view, cut=economy.cut_payments(paid), levels=self._levels(t))

    def _levels(self, t: _Table) -> tuple[str, ...]:
        """The level of the computer playing each seat now ("" where a person plays)."""
        return tuple(
            s.level if s is not None and s.is_computer else "" for s in t.seats
        )

    async def _notice(self, t: _Table, notice: Notice) -> None:
        await self._safe(t, self.transport.notice(t.info(), notice))

    async def _tell_lobby(self, t: _Table) -> None:
        await self._safe(t, self.transport.lobby(t.info()))

    @contextlib.asynccontextmanager
    async def _locked(self, t: _Table) -> AsyncIterator[None]:
        """The table's lock; what was queued for the transports while it was held is sent
        once it is released, so no Discord request (a rate-limited channel, a DM Discord is
        retrying) ever holds up the next click."""
        try:
            async with t.lock:
                yield
        finally:
            await self._send_out(t)

    async def _safe(self, t: _Table, coro: Any) -> None:
        """Show something: queued while the table's lock is held (sent on release, in order),
        sent now otherwise. A transport's failure is logged; the table carries on."""
        if t.lock.locked():
            t.outbox.append(coro)
            return
        await self._send_out(t)
        await self._deliver(coro)

    async def _send_out(self, t: _Table) -> None:
        async with t.send_lock:  # one sender per table keeps the messages in order
            while t.outbox:
                await self._deliver(t.outbox.pop(0))

    @staticmethod
    async def _deliver(coro: Any) -> None:
        try:
            await coro
        except Exception:
            log.exception("a transport failed; the table carries on")

    # -- internals: checks and persistence ----------------------------------------------------

    def _table(self, table_id: str) -> _Table:
        t = self._tables.get(table_id)
        if t is None:
            raise TableError("err.no_table")
        return t

    def _game(self, t: _Table) -> GameDriver:
        if t.game is None or t.status is not Status.PLAYING:
            raise TableError("err.no_table" if t.status is not Status.LOBBY else "err.not_lobby")
        return t.game

    def _seat_for(self, t: _Table, user_id: int) -> int:
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("err.not_seated")
        return seat

    def _lobby_only(self, t: _Table) -> None:
        if t.status is not Status.LOBBY:
            raise TableError("err.not_lobby")

    def _check_free(self, guild_id: int, user_id: int) -> None:
        tid = self._where.get((guild_id, user_id))
        if tid is not None and (tid in self._tables or tid in self._reserved):
            raise TableError("err.already_seated", table=tid)

    async def _save_seats(self, t: _Table) -> None:
        try:
            await durable.with_retries(
                lambda: self.store.set_status(t.id, t.status.value, t.seats_json()),
                f"table {t.id}: saving seats")
        except durable.StorageDown:
            # the seats are saved again with the next change; the game itself is in the events
            log.error("table %s: seats not saved (the database refused)", t.id)

    async def _rebuild(self, rec: Any) -> _Table:
        meta = rec.seats if isinstance(rec.seats, dict) else {}
        seats_raw = meta.get("seats", [None] * SEATS)
        seats: list[Seat | None] = [
            None if obj is None else Seat.from_json(i, obj) for i, obj in enumerate(seats_raw)
        ]
        t = _Table(
            id=rec.id, guild_id=rec.guild_id, channel_id=rec.channel_id,
            host_id=int(meta.get("host_id", 0)), preset=rec.preset, options=dict(rec.options),
            stake=int(meta.get("stake", 1)), hands=int(meta.get("hands", 4)),
            status=Status(rec.status), seats=seats, seed=str(meta.get("seed", "")),
            turn_seconds=float(meta.get("turn_seconds", self.settings.turn_seconds)),
            hints=bool(meta.get("hints", False)),
            computer_level=str(meta.get("computer_level", self.settings.computer_level)),
            afk_level=str(meta.get("afk_level", self.settings.afk_level)),
        )
        if t.status is Status.PLAYING:
            events = await self.store.events(t.id)
            t.game = GameDriver.replay(events)
            for e in events:
                if isinstance(e, HandEnded):
                    t.hands_played += 1
            t.scores = list(await self.store.table_scores(t.id, t.stake, events))
        return t


def _level(level: str) -> str:
    """``level`` if a computer can play it; else a refusal naming the levels."""
    if level not in PLAYER_KINDS:
        raise TableError("err.bad_level", level=level, levels=", ".join(COMPUTER_LEVELS))
    return level


__all__ = ["COMPUTER_LEVELS", "MatchEnded", "Person", "TableService", "TableSettings"]
