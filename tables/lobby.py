"""Lobbies: opening a table, seating people and computers, and the host's Start.

One person sits at one table per server: the check and the record of a seat are made with
no ``await`` in between, so two clicks at once cannot both pass it. A lobby nobody starts
closes by itself after ``LOBBY_TIMEOUT``.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.rules import ENGINE_ONLY_PRESETS, RulesError, get_rules
from tables import durable, economy
from tables.broadcast import Broadcast
from tables.errors import TableError
from tables.game import GameDriver
from tables.hub import Hub
from tables.keeping import Keeper
from tables.model import Seat, Status, TableInfo
from tables.table import (
    LOBBY_TIMEOUT,
    MAX_HANDS,
    MAX_LOBBIES_PER_CHANNEL,
    MAX_SEATS,
    MAX_STAKE,
    MIN_SEATS,
    Person,
    Table,
    check_level,
)
from tables.timers import Timers
from tables.turns import TurnLoop

log = logging.getLogger("mahjong.tables")


class Lobby:
    def __init__(self, hub: Hub, show: Broadcast, timers: Timers, keeper: Keeper,
                 loop: TurnLoop) -> None:
        self.hub = hub
        self.show = show
        self.timers = timers
        self.keeper = keeper
        self.loop = loop

    async def create(
        self, guild_id: int, channel_id: int, host: Person, preset: str,
        options: dict[str, Any] | None, stake: int | None, hands: int | None,
        turn_seconds: float | None, seat_host: bool, hints: bool,
        computer_level: str | None, afk_level: str | None,
    ) -> TableInfo:
        hub = self.hub
        if seat_host:
            hub.check_free(guild_id, host.user_id)
            hub.check_open_rate(guild_id, host.user_id)
        computer_level = check_level(computer_level or hub.settings.computer_level)
        afk_level = check_level(afk_level or hub.settings.afk_level)
        options = dict(options or {})
        if preset in ENGINE_ONLY_PRESETS:  # played by the engine, not offered at tables yet
            raise TableError("err.bad_option", reason=f"{preset}: not offered at tables yet")
        try:
            rules = get_rules(preset, options)
        except RulesError as exc:
            raise TableError("err.bad_option", reason=str(exc)) from None
        if not MIN_SEATS <= rules.players <= MAX_SEATS:
            raise TableError("err.bad_option",
                             reason=f"players: {MIN_SEATS} to {MAX_SEATS} seats")
        stake = hub.settings.stake if stake is None else stake
        if not isinstance(stake, int) or not 1 <= stake <= MAX_STAKE:
            raise TableError("err.bad_amount", max=MAX_STAKE)
        hands = rules.hands or 4 if hands is None else hands
        if not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
            raise TableError("err.bad_option", reason=f"hands: 1 to {MAX_HANDS}")
        if seat_host:
            await economy.check_entry(hub.store, guild_id, host.user_id, stake, rules.unit)
        tid = hub.new_id()
        while tid in hub.tables or tid in hub.reserved:
            tid = hub.new_id()
        lobbies = sum(1 for x in hub.tables.values()
                      if x.channel_id == channel_id and x.status is Status.LOBBY)
        if lobbies + sum(1 for r in hub.reserved if r.startswith(f"{channel_id}:")) \
                >= MAX_LOBBIES_PER_CHANNEL:
            raise TableError("err.too_many_lobbies", max=MAX_LOBBIES_PER_CHANNEL)
        if seat_host:
            # one person, one seat: checked and recorded with no await in between, so two
            # "new" at once cannot both pass the check; undone below if the table fails
            hub.check_free(guild_id, host.user_id)
            hub.where[(guild_id, host.user_id)] = tid
        hub.reserved.add(tid)
        hub.reserved.add(f"{channel_id}:{tid}")
        t = Table(
            id=tid, guild_id=guild_id, channel_id=channel_id, host_id=host.user_id, preset=preset,
            options=options, stake=stake, hands=hands, status=Status.LOBBY,
            seats=[
                Seat(0, host.user_id, host.name, host.locale, level=afk_level) if seat_host
                else Seat(0, None, "CPU0", level=computer_level),
                *[None] * (rules.players - 1),
            ],
            turn_seconds=float(turn_seconds or hub.settings.turn_seconds), hints=bool(hints),
            computer_level=computer_level, afk_level=afk_level, autoplay=not seat_host,
        )
        try:
            await durable.with_retries(
                lambda: hub.store.create_table(tid, guild_id, channel_id, preset, options,
                                               t.snapshot()), "creating a table")
            hub.tables[tid] = t
            if seat_host:
                await durable.with_retries(
                    lambda: hub.store.ensure_player(guild_id, host.user_id), "opening an account")
        except BaseException:
            if hub.where.get((guild_id, host.user_id)) == tid and tid not in hub.tables:
                del hub.where[(guild_id, host.user_id)]
            raise
        finally:
            hub.reserved.discard(tid)
            hub.reserved.discard(f"{channel_id}:{tid}")
        if seat_host:
            hub.note_open(guild_id, host.user_id)
        self.timers.arm_lobby(t, lambda: self._expire(tid))
        log.info("table %s created in guild %s (%s, stake %s)", tid, guild_id, preset, stake)
        await self.show.lobby(t)
        return t.info()

    async def _expire(self, tid: str) -> None:
        lobby = self.hub.tables.get(tid)
        if lobby is None or lobby.status is not Status.LOBBY:
            return
        async with self.show.locked(lobby):
            if lobby.status is not Status.LOBBY:
                return
            lobby.timer = None
            await self.keeper.close(lobby, Status.CANCELLED)
        log.info("table %s: lobby closed after %.0f s without a start", tid, LOBBY_TIMEOUT)
        await self.show.lobby(lobby)

    async def join(self, table_id: str, person: Person) -> TableInfo:
        hub = self.hub
        t = hub.table(table_id)
        async with self.show.locked(t):
            t.lobby_only()
            if t.seat_of(person.user_id) is not None:
                raise TableError("err.already_seated", table=t.id)
            hub.check_free(t.guild_id, person.user_id)
            await economy.check_entry(hub.store, t.guild_id, person.user_id, t.stake,
                                      economy.rules_unit(t.preset, t.options))
            # checked and recorded with no await in between (one person, one seat)
            hub.check_free(t.guild_id, person.user_id)
            free = [i for i, s in enumerate(t.seats) if s is None]
            if not free:
                raise TableError("err.table_full")
            t.seats[free[0]] = Seat(
                free[0], person.user_id, person.name, person.locale, level=t.afk_level
            )
            hub.where[(t.guild_id, person.user_id)] = t.id
            await hub.store.ensure_player(t.guild_id, person.user_id)
            await self.keeper.save_seats(t)
        await self.show.lobby(t)
        return t.info()

    async def add_computer(self, table_id: str, user_id: int, level: str | None) -> TableInfo:
        t = self.hub.table(table_id)
        level = check_level(level or t.computer_level)
        async with self.show.locked(t):
            t.lobby_only()
            if t.seat_of(user_id) is None and user_id != t.host_id:
                raise TableError("err.not_seated")
            free = [i for i, s in enumerate(t.seats) if s is None]
            if not free:
                raise TableError("err.table_full")
            # CPU1, CPU2 … (CPU0 is the seat a computer takes when nobody hosts: autoplay)
            n = sum(1 for s in t.seats if s is not None and s.user_id is None and s.index) + 1
            t.seats[free[0]] = Seat(free[0], None, f"CPU{n}", level=level)
            await self.keeper.save_seats(t)
        await self.show.lobby(t)
        return t.info()

    async def cancel(self, table_id: str, user_id: int) -> TableInfo:
        t = self.hub.table(table_id)
        async with self.show.locked(t):
            t.lobby_only()
            if user_id != t.host_id:
                raise TableError("err.not_host")
            await self.keeper.close(t, Status.CANCELLED)
        await self.show.lobby(t)
        return t.info()

    async def start(self, table_id: str, user_id: int) -> TableInfo:
        hub = self.hub
        t = hub.table(table_id)
        async with self.show.locked(t):
            t.lobby_only()
            if user_id != t.host_id:
                raise TableError("err.not_host")
            if any(s is None for s in t.seats):
                raise TableError("err.need_players")
            if not t.autoplay and not any(s is not None and s.person is not None
                                          for s in t.seats):
                raise TableError("err.need_person")  # nobody would watch it: never started
            for s in t.seats:  # chips may have moved since they sat down
                if s is not None and s.user_id is not None:
                    await economy.check_entry(hub.store, t.guild_id, s.user_id, t.stake,
                                              economy.rules_unit(t.preset, t.options), name=s.name)
            self.timers.stop_lobby(t)
            t.seed = hub.new_seed()
            game, events = GameDriver.start(t.preset, t.options, t.seed, t.hands,
                                            hub.settings.walls)
            t.game = game
            t.status = Status.PLAYING
            try:
                await durable.with_retries(
                    lambda: hub.store.set_status(t.id, Status.PLAYING.value, t.snapshot()),
                    f"table {t.id}: starting")
                await self.keeper.commit(t, events)
            except BaseException:
                # still a lobby: the host may press Start again
                t.game, t.status = None, Status.LOBBY
                try:
                    await hub.store.set_status(t.id, Status.LOBBY.value, t.snapshot())
                except Exception:
                    log.warning("table %s: could not store it as a lobby again", t.id)
                raise
            log.info("table %s started", t.id)
        await self.show.lobby(t)
        await self.loop.advance(t)
        return t.info()

    async def leave(self, t: Table, seat: int, user_id: int) -> None:
        """A person leaves a lobby (under its lock): the seat is freed; the last person out
        closes it, and a leaving host hands the lobby to the next person."""
        t.seats[seat] = None
        humans = [x for x in t.seats if x is not None and x.user_id is not None]
        if not humans:
            await self.keeper.close(t, Status.CANCELLED)
            return
        if user_id == t.host_id:
            t.host_id = humans[0].user_id  # type: ignore[assignment]
        await self.keeper.save_seats(t)
