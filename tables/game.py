"""One table's match, driven step by step: the only module of tables/ that talks to the engine.

It turns the engine's legal-action object into ``ActionChoice`` buttons, applies
a chosen one, names the default move on a time-out, asks the engine's computer
players for theirs, and builds the private and public views. A match is the
engine's ``Match`` (dealer rotation, round wind, hand count) and its events are
one log: ``GameDriver.replay(log)`` rebuilds exactly the same driver.

``step`` counts the hand's events other than claim answers: it changes whenever
a new decision point opens (a draw, a discard, a call) and not while several
seats answer the same claim window, so a button carrying it is stale exactly
when the question it answered is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Chow, Discard, IllegalAction, Kong, Pass, Pong, Win
from engine.events import Event, HandEnded, HandStarted, MatchEnded, MatchStarted, Responded, Won
from engine.hand.state import HandState, LegalActions
from engine.rules import Rules, get_rules
from engine.tiles import format_tiles, parse, parse_one, tile_name
from engine.wall import hand_seed
from tables.errors import TableError
from tables.model import (
    ActionChoice,
    Mode,
    PrivateView,
    PublicView,
    SettlementView,
    WinInfo,
)

PLAYERS = 4


def choices_of(legal: LegalActions) -> tuple[ActionChoice, ...]:
    """The buttons for one seat's legal actions, in the order they are shown."""
    out: list[ActionChoice] = []
    if legal.phase == "turn":
        if legal.win:
            out.append(ActionChoice("self_draw", "w"))
        for tile, kind in legal.kongs:
            out.append(ActionChoice(kind, "k", tile_name(tile), tile=tile))
        out += [ActionChoice("discard", "d", tile_name(t), tile=t) for t in legal.discards]
    elif legal.phase in ("claim", "rob"):
        if legal.win:
            out.append(ActionChoice("win", "w", tile=legal.tile))
        if legal.pong:
            out.append(ActionChoice("pong", "p", tile=legal.tile))
        if legal.kong:
            out.append(ActionChoice("kong", "k", tile=legal.tile))
        for run in legal.chows:
            out.append(ActionChoice("chow", "c", format_tiles(run), tile=legal.tile, tiles=run))
        if legal.can_pass:
            out.append(ActionChoice("pass", "x"))
    return tuple(out)


def action_of(seat: int, choice: ActionChoice) -> Action:
    code, arg = choice.code, choice.arg
    try:
        if code == "d":
            return Discard(seat, parse_one(arg))
        if code == "k":
            return Kong(seat, parse_one(arg) if arg else None)
        if code == "p":
            return Pong(seat)
        if code == "c":
            run = tuple(sorted(parse(arg)))
            if len(run) != 3:
                raise TableError("err.stale")
            return Chow(seat, (run[0], run[1], run[2]))
        if code == "w":
            return Win(seat)
        if code == "x":
            return Pass(seat)
    except ValueError:
        raise TableError("err.stale") from None
    raise TableError("err.stale")


def choice_of(action: Action, legal: Sequence[ActionChoice]) -> ActionChoice:
    """The offered choice that ``action`` (e.g. from a computer player) corresponds to."""
    for c in legal:
        if action_of(0, c).__class__ is action.__class__ and _same(action_of(action.seat, c), action):
            return c
    raise IllegalAction("not_offered", f"{action.to_json()} is not among the legal actions")


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, Kong) and isinstance(b, Kong):
        return a.tile == b.tile or a.tile is None or b.tile is None
    return a == b


class GameDriver:
    """A match for one table. Mutable; owned by the table service under the table's lock."""

    def __init__(self, rules: Rules, seed: str, hands: int, first_dealer: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.hands_limit = hands
        self.first_dealer = first_dealer
        self.hand: HandState | None = None
        self.log: list[Event] = []
        self.hand_count = 0  # hands started
        self.totals = [0] * PLAYERS
        self.step = 0
        self.match_ended_logged = False
        self._dealer = first_dealer
        self._round_wind = 0
        self._dealer_turns = 0  # dealer passes (for round winds)

    # -- building -------------------------------------------------------------------------

    @classmethod
    def start(
        cls, preset: str, options: dict[str, Any], seed: str, hands: int
    ) -> tuple[GameDriver, list[Event]]:
        rules = get_rules(preset, options)
        drv = cls(rules, seed, hands)
        first = MatchStarted(
            seed=seed, rules=rules.id, options=tuple(sorted(options.items())),
            first_dealer=0, players=PLAYERS, hands_limit=hands,
        )
        drv._fold(first)
        events: list[Event] = [first, *drv.next_hand()]
        return drv, events

    @classmethod
    def replay(cls, events: Sequence[Event]) -> GameDriver:
        """Rebuild from a stored log (trusting it: it was written by this class)."""
        if not events or not isinstance(events[0], MatchStarted):
            raise ValueError("a table's log starts with match_started")
        first = events[0]
        drv = cls(
            get_rules(first.rules, dict(first.options)), first.seed,
            first.hands_limit or 4, first.first_dealer,
        )
        drv._fold(first)
        for e in events[1:]:
            if isinstance(e, HandStarted):
                drv.hand = HandState(drv.rules)
                drv.step = 0
            drv._fold(e)
            if drv.hand is not None and not isinstance(e, (MatchEnded, MatchStarted)):
                drv.hand.apply(e)
        return drv

    def _fold(self, e: Event) -> None:
        """Match-level bookkeeping of one event (the hand state folds its own)."""
        self.log.append(e)
        if isinstance(e, HandStarted):
            self.hand_count += 1
            self._dealer, self._round_wind = e.dealer, e.round_wind
        elif isinstance(e, HandEnded):
            for i, d in enumerate(e.deltas):
                self.totals[i] += d
            self._rotate(e)
        elif isinstance(e, MatchEnded):
            self.match_ended_logged = True
        if not isinstance(e, Responded):
            self.step += 1

    def _rotate(self, e: HandEnded) -> None:
        dealer = self._dealer
        if self.rules.dealer_rotation == "winner":
            nxt = e.winners[0] if e.winners else dealer
        else:
            nxt = dealer if (dealer in e.winners or e.drawn) else (dealer + 1) % PLAYERS
        if nxt != dealer:
            self._dealer_turns += 1
            if self._dealer_turns % PLAYERS == 0:
                self._round_wind = (self._round_wind + 1) % 4
        self._dealer = nxt

    # -- the match ------------------------------------------------------------------------

    @property
    def hand_no(self) -> int:
        return self.hand.hand_no if self.hand is not None else 0

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.is_over

    @property
    def match_over(self) -> bool:
        return self.hand_over and self.hand_count >= self.hands_limit

    def next_hand(self) -> list[Event]:
        """Deal the next hand; returns its events up to the first decision."""
        no = self.hand_count + 1
        state = HandState.start(
            self.rules, hand_seed(self.seed, no), dealer=self._dealer, hand_no=no,
            round_wind=self._round_wind,
        )
        self.hand = state
        self.step = 0
        for e in state.events:
            self._fold(e)
        return list(state.events)

    def end_match(self) -> list[Event]:
        e = MatchEnded(hands=self.hand_count, totals=tuple(self.totals))
        self._fold(e)
        return [e]

    # -- decisions ------------------------------------------------------------------------

    def _state(self) -> HandState:
        if self.hand is None:
            raise TableError("err.no_table")
        return self.hand

    def acting(self) -> dict[int, Mode]:
        h = self._state()
        if h.is_over:
            return {}
        mode = Mode.TURN if h.phase == "turn" else Mode.CLAIM
        return {s: mode for s in h.awaiting()}

    def legal(self, seat: int) -> tuple[ActionChoice, ...]:
        return choices_of(self._state().legal_actions(seat))

    def apply(self, seat: int, choice: ActionChoice) -> list[Event]:
        events = self._state().act(action_of(seat, choice))
        for e in events:
            self._fold(e)
        return events

    def timeout_choice(self, seat: int) -> ActionChoice:
        """A time-out: the drawn tile is discarded (or the last tile, after a call); claims pass."""
        legal = self.legal(seat)
        h = self._state()
        if h.phase == "turn":
            discards = [c for c in legal if c.kind == "discard"]
            drawn = h.drawn_tile
            for c in discards:
                if c.tile == drawn:
                    return c
            natural = [c for c in discards if not self.rules.is_wild(c.tile or 0)]
            return (natural or discards)[-1]
        return next(c for c in legal if c.kind == "pass")

    def computer_choice(self, seat: int, level: str = "greedy") -> ActionChoice:
        legal = self.legal(seat)
        action = _computer_action(self._state(), seat, level)
        if action is not None:
            try:
                return choice_of(action, legal)
            except IllegalAction:
                pass
        # no computer player available (or it answered oddly): win, else play safe
        win = [c for c in legal if c.kind in ("win", "self_draw")]
        return win[0] if win else self.timeout_choice(seat)

    # -- views ----------------------------------------------------------------------------

    def private_view(
        self, table_id: str, seat: int, *, afk: bool = False, deadline: float | None = None,
        seconds: float | None = None,
    ) -> PrivateView:
        h = self._state()
        acting = self.acting()
        if h.is_over:
            mode = Mode.OVER
        elif afk:
            mode = Mode.AFK
        else:
            mode = acting.get(seat, Mode.WAIT)
        tiles = h.concealed(seat)
        drawn = h.drawn_tile if (h.phase == "turn" and h.turn == seat) else None
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        w = h.window
        return PrivateView(
            table_id=table_id, hand_no=h.hand_no, step=self.step, seat=seat, mode=mode,
            concealed=tuple(tiles), drawn=drawn, melds=tuple(h.melds[seat]),
            flowers=tuple(h.flowers[seat]),
            actions=self.legal(seat) if mode in (Mode.TURN, Mode.CLAIM) else (),
            deadline=deadline if seat in acting else None,
            seconds=seconds if seat in acting else None,
            claim_tile=w.tile if w is not None and mode is Mode.CLAIM else None,
            claim_from=w.seat if w is not None and mode is Mode.CLAIM else None,
            turn_seat=h.turn if h.phase == "turn" else None,
            wild=tuple(range(34, 34 + self.rules.wildcards)),
        )

    def public_view(
        self, table_id: str, *, names: tuple[str, ...], computer: tuple[bool, ...],
        scores: tuple[int, ...], deadline: float | None, hands_total: int, finished: bool = False,
    ) -> PublicView:
        h = self._state()
        last = None
        w = h.window
        if w is not None and w.kind == "discard":
            last = (w.seat, w.tile)
        return PublicView(
            table_id=table_id, rules_name=self.rules.id, hand_no=h.hand_no,
            hands_total=hands_total, dealer=h.dealer, round_wind=h.round_wind,
            wall_remaining=h.wall.remaining,
            turn_seat=None if h.is_over else (h.turn if h.phase == "turn" else (w.seat if w else None)),
            rivers=tuple(tuple(d) for d in h.discards),
            melds=tuple(tuple(m) for m in h.melds),
            flowers=tuple(tuple(f) for f in h.flowers),
            hand_sizes=tuple(sum(h.counts[s]) for s in range(PLAYERS)),
            names=names, computer=computer, scores=scores, commitment=h.commitment,
            last_discard=last, deadline=deadline, finished=finished or h.is_over,
        )

    def settlement_view(
        self, table_id: str, events: Sequence[Event], chips: tuple[int, ...], names: tuple[str, ...]
    ) -> SettlementView:
        h = self._state()
        ended = next(e for e in events if isinstance(e, HandEnded))
        wins = []
        for w in h.wins:
            wins.append(WinInfo(
                seat=w.seat, tile=w.tile, self_drawn=w.self_drawn, from_seat=w.from_seat,
                points=w.points, fan=w.fan, patterns=tuple(w.patterns),
                situations=tuple(w.situations), concealed=tuple(h.concealed(w.seat)),
                melds=tuple(h.melds[w.seat]),
            ))
        return SettlementView(
            table_id=table_id, hand_no=h.hand_no, rules_name=self.rules.id, drawn=ended.drawn,
            wins=tuple(wins), deltas=tuple(ended.deltas),
            chips=chips or tuple(ended.deltas), payments=tuple(ended.payments), names=names,
            seed=ended.seed, commitment=h.commitment,
        )

    def won_events(self) -> list[Won]:
        return list(self._state().wins)


def _computer_action(state: HandState, seat: int, level: str) -> Action | None:
    """The engine's computer player's move, when engine.players is available."""
    try:
        from engine import players
    except ImportError:
        return None
    choose = getattr(players, "choose", None)
    if choose is None:
        return None
    try:
        result = choose(state, seat, level)
    except Exception:
        return None
    return result if isinstance(result, Action) else None
