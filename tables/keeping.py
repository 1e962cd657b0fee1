"""Keeping a table in the store, and handing each hand's settlement to the ledger.

A move is stored, then told: its events are appended (the hand's final event in the same
transaction as its settlement, so a crash can never pay twice or lose a payment) before any
transport hears of it. If the write fails for good the game goes back to the events that
are stored (``tables.durable``). The records written are ``tables.records``'.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.events import Drawn, Event, HandEnded, HandStarted
from tables import durable, economy, points_game
from tables.broadcast import Broadcast
from tables.game import GameDriver
from tables.hub import Hub
from tables.model import Notice, StandingsView, Status
from tables.notices import move_for, notice_for
from tables.records import HandSummary, Paid, Settlement, TableResult
from tables.table import Table
from tables.timers import Timers

log = logging.getLogger("mahjong.tables")


class Keeper:
    def __init__(self, hub: Hub, show: Broadcast, timers: Timers) -> None:
        self.hub = hub
        self.show = show
        self.timers = timers

    async def commit(self, t: Table, events: list[Event]) -> None:
        """Append events (settling the hand in the same transaction as its final event),
        then tell the transports about calls and results."""
        if not events:
            return
        store = self.hub.store
        game = t.playing()
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        paid: tuple[Paid, ...] = ()
        kept = len(game.match.events) - len(events)  # the events before this move
        try:
            if ended is not None:
                if points_game.is_points_game(game.rules):
                    cover = await durable.with_retries(
                        lambda: self._game_covers(t), f"table {t.id}: reading stakes")
                else:
                    cover = t.cover if t.cover is not None else await durable.with_retries(
                        lambda: economy.covers(store, t), f"table {t.id}: reading stakes")
                settle = self._settlement(t, game.hand_no, ended, events, cover)
                result = await durable.with_retries(
                    lambda: store.append(t.id, events, settle=settle),
                    f"table {t.id}: settling hand {game.hand_no}")
                chips = result.deltas if result is not None else settle.face_value()
                paid = result.payments if result is not None else ()
            else:
                await durable.with_retries(lambda: store.append(t.id, events),
                                           f"table {t.id}: storing a move")
                chips = ()
        except BaseException:
            # not stored, so not applied: the game goes back to the events that are stored
            t.game = GameDriver.replay(game.match.events[:kept]) if kept else None
            raise
        if any(isinstance(e, HandStarted) for e in events):
            try:
                t.cover = await economy.covers(store, t)
            except Exception:  # read again at the settlement
                log.warning("table %s: stakes not read at the hand's start", t.id)
                t.cover = None
        await self._tell(t, events)
        if ended is not None:
            t.hands_played += 1
            for i, c in enumerate(chips):
                t.scores[i] += c
            log.info("table %s hand %s ended: deltas %s", t.id, game.hand_no, list(chips))
            if self._mark_absent(t, game.hand_no):
                await self.save_seats(t)
            await self.show.safe(t, self.hub.transport.settlement(
                t.info(), self.show.settlement(t, events, chips, paid)))

    async def _tell(self, t: Table, events: list[Event]) -> None:
        """The notices of a stored move, and its play-by-play for a transport that shows it."""
        mover = getattr(self.hub.transport, "move", None)  # a PlayByPlay transport (terminal)
        draws_after = sum(isinstance(e, Drawn) for e in events)
        for e in events:
            if log.isEnabledFor(logging.DEBUG):
                # the kind of event and its seat only: events carry the deal, draws and the
                # wall's seed, which no log level may show (the store keeps them)
                log.debug("table %s: %s seat %s", t.id, e.type, getattr(e, "seat", "-"))
            if isinstance(e, Drawn):
                draws_after -= 1
            if mover is not None:
                move = move_for(t, e, draws_after)
                if move is not None:
                    await self.show.safe(t, mover(t.info(), move))
            notice = notice_for(t, e)
            if notice is not None:
                await self.show.notice(t, notice)
            if isinstance(e, HandStarted):
                log.info("table %s hand %s started (commitment %s)", t.id, e.hand_no, e.commitment)

    @staticmethod
    def _mark_absent(t: Table, hand_no: int) -> bool:
        """A person none of whose moves this hand was their own (a computer or time-outs played
        it all) is marked absent: a ranked game counts them last (tables.rating). True if one
        was marked now."""
        marked = False
        for s in t.seats:
            if (s is not None and s.user_id is not None and not s.absent
                    and s.kept_hand == hand_no and s.moved_hand != hand_no):
                s.absent = marked = True
        return marked

    @staticmethod
    def _settlement(
        t: Table, hand_no: int, ended: HandEnded, events: list[Event],
        cover: Sequence[int | None] | None,
    ) -> Settlement:
        game = t.playing()
        if points_game.is_points_game(game.rules):
            # a game of points: chips move once, with the hand that ends the game
            over = game.match.is_complete()
            return Settlement(
                hand_no=hand_no, accounts=points_game.game_accounts(t.seats),
                ended=ended, stake=t.stake, stats=HandSummary.of(events),
                cover=None if cover is None else tuple(cover),
                payments=points_game.payments_of(
                    points_game.game_chips(game.rules, game.match, t.stake)) if over else (),
            )
        return Settlement(
            hand_no=hand_no, accounts=tuple(economy.seat_accounts(t.seats, hand_no)),
            ended=ended, stake=t.stake, stats=HandSummary.of(events),
            cover=None if cover is None else tuple(cover),
        )

    async def _game_covers(self, t: Table) -> list[int | None]:
        """A game of points' covers: the balances of the accounts it is played for."""
        accounts = points_game.game_accounts(t.seats)
        balances = await self.hub.store.balances(t.guild_id, list(accounts))
        return list(points_game.covers_of(balances, accounts))

    async def repost_ended_hand(self, t: Table) -> None:
        """A crash can fall between a hand's settlement (written with its final event) and
        the settlement message: when the table comes back with that hand over, post it
        again. Settling again is refused by the store's unique key, which answers with the
        first settlement's chips, so nothing is paid twice."""
        game = t.game
        hand = game.hand if game is not None else None
        if game is None or hand is None or not hand.is_over or hand.ended is None:
            return
        events = list(hand.events)
        cover = (await self._game_covers(t) if points_game.is_points_game(game.rules)
                 else await economy.covers(self.hub.store, t))
        settle = self._settlement(t, game.hand_no, hand.ended, events, cover)
        # no events: the final event is already in the log (it is what we rebuilt from)
        result = await self.hub.store.append(t.id, [], settle=settle)
        if result is not None and not result.already_settled:
            # cannot happen with a store that writes the final event and the settlement in
            # one transaction; the hand is settled now, and we say so loudly
            log.error("table %s hand %s was settled only on resume", t.id, game.hand_no)
        chips = result.deltas if result is not None else settle.face_value()
        paid = result.payments if result is not None else ()
        await self.show.safe(t, self.hub.transport.settlement(
            t.info(), self.show.settlement(t, events, chips, paid)))

    async def save_seats(self, t: Table) -> None:
        try:
            await durable.with_retries(
                lambda: self.hub.store.set_status(t.id, t.status.value, t.snapshot()),
                f"table {t.id}: saving seats")
        except durable.StorageDown:
            # the seats are saved again with the next change; the game itself is in the events
            log.error("table %s: seats not saved (the database refused)", t.id)

    async def close(self, t: Table, status: Status, result: TableResult | None = None) -> None:
        """The table ends (finished or cancelled): its people are free to sit elsewhere.

        Stored first, with retries: a database that refuses for good leaves the table as it
        was (``durable.StorageDown``), so the table's own retry (``TurnLoop.storage_trouble``)
        or the host's next click ends it — never a table ended in memory only, with no timer
        left to end it in the ledger, its standings never posted."""
        snapshot = t.snapshot()
        await durable.with_retries(
            lambda: self.hub.store.set_status(t.id, status.value, snapshot, result=result),
            f"table {t.id}: closing it")
        t.status = status
        self.timers.stop(t)
        for s in t.seats:
            key = (t.guild_id, s.user_id) if s is not None and s.user_id is not None else None
            if key is not None and self.hub.where.get(key) == t.id:
                del self.hub.where[key]
        self.hub.tables.pop(t.id, None)

    async def finish(self, t: Table) -> None:
        """The last hand is settled: final pictures, standings, and the finish listeners."""
        self.timers.stop(t)
        balances = await durable.with_retries(lambda: self.hub.store.balances(
            t.guild_id, [None if s is None or s.user_id is None else s.user_id for s in t.seats]
        ), f"table {t.id}: reading balances")
        final = self.show.public(t, finished=True)
        await self.show.show_privates(t)
        await self.close(t, Status.FINISHED,
                         result=TableResult(tuple(t.scores), t.hands_played))
        await self.show.safe(t, self.hub.transport.public(t.info(), final))
        await self.show.notice(t, Notice("call.game_over", {"table": t.id}))
        game = t.game
        ranked: tuple[tuple[int, int, int, int], ...] = ()
        if game is not None and points_game.is_points_game(game.rules) and game.match_over:
            ranked = points_game.final_ranking(game.rules, game.match, t.stake)
        await self.show.safe(t, self.hub.transport.standings(t.info(), StandingsView(
            table_id=t.id, names=t.names(), totals=tuple(t.scores), balances=tuple(balances),
            hands_played=t.hands_played, final=ranked,
            uma=getattr(game.rules, "uma", "") if ranked and game is not None else "",
            stake=t.stake,
        )))
        for listener in list(self.hub.finish_listeners):
            await self.show.safe(t, listener(t.info(), tuple(t.scores)))
        log.info("table %s finished: %s", t.id, t.scores)
