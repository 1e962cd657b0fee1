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

import logging
from collections.abc import Sequence
from typing import Any

from engine import charleston
from engine.actions import (
    Action,
    Choose,
    Chow,
    DeclareDraw,
    Discard,
    IllegalAction,
    Kong,
    Pass,
    Pong,
    Riichi,
    Win,
    action_from_code,
)
from engine.events import Chose, Event, HandEnded, HandStarted, Responded, TilesExchanged, Won
from engine.family import family_of
from engine.hand import HandState, LegalActions, Phase, WindowKind
from engine.hand.auto import lizhi_stakes
from engine.match import Match, replay_match
from engine.players import PLAYER_KINDS, Observation, get_player
from engine.players.base import declaring
from engine.players.choices import choose
from engine.riichi.marks import win_detail
from engine.riichi.table import abort_reason
from engine.rules import Rules, get_rules
from engine.scoring import score_win
from engine.tiles import NotationError, format_tiles, parse
from tables.errors import TableError
from tables.model import (
    ActionChoice,
    Mode,
    PrivateView,
    PublicView,
    SettlementView,
    ShownMeld,
    WinInfo,
)
from tables.walls import ChosenWalls

# the kind of a win declared on a hand that is none (诈胡, where ``rules.false_win`` is on)
FALSE_WIN_KIND = "false_win"

log = logging.getLogger(__name__)


def choices_of(legal: LegalActions, points_game: bool = False) -> tuple[ActionChoice, ...]:
    """The buttons for one seat's legal actions, in the order they are shown (``family``:
    riichi's points game, whose 立直 buttons say riichi)."""
    out: list[ActionChoice] = []
    if legal.phase == Phase.TURN:
        if legal.win:
            out.append(_choice("self_draw", Win(legal.seat)))
        for tile, kind in legal.kongs:
            out.append(_choice(kind, Kong(legal.seat, tile), tile=tile))
        out += [_choice("discard", Discard(legal.seat, t), tile=t) for t in legal.discards]
        # 立直 with a discard: a button for each discard that declares it (riichi, or the
        # option lizhi of the Chinese games); 九種九牌 where it may be declared
        kind = "riichi" if points_game else "lizhi"
        out += [_choice(kind, Riichi(legal.seat, t), tile=t) for t in legal.riichi]
        if legal.declare_draw:
            out.append(_choice("declare_draw", DeclareDraw(legal.seat)))
    elif legal.phase == Phase.CHOOSE:
        # a choice every seat makes at once: one button per value (``choose_<step>``; a
        # "pass" reads as the usual Pass button)
        for value in legal.choices:
            kind = "pass" if value == "pass" else f"choose_{legal.step}"
            out.append(_choice(kind, Choose(legal.seat, value), tiles=_tiles_of(value)))
    elif legal.phase in (Phase.CLAIM, Phase.ROB):
        for a in legal.actions():
            kind = _CLAIM_KINDS[type(a)]
            tiles = a.tiles if isinstance(a, Chow) else ()
            on = None if isinstance(a, Pass) else legal.tile
            out.append(_choice(kind, a, tile=on, tiles=tiles))
    return tuple(out)


def _tiles_of(value: str) -> tuple[int, ...]:
    """The tiles a choice names (three to exchange), for its label; none for the others."""
    if len(value) < 2 or not value[0].isdigit():
        return ()
    try:
        return tuple(parse(value))
    except NotationError:
        return ()


# what each claim action is called on a button (its kind); the order is legal.actions()'s
_CLAIM_KINDS: dict[type[Action], str] = {
    Win: "win", Pong: "pong", Kong: "kong", Chow: "chow", Pass: "pass"
}


def _choice(
    kind: str, action: Action, *, tile: int | None = None, tiles: tuple[int, ...] = ()
) -> ActionChoice:
    return ActionChoice(kind, action.code, action.arg(), tile=tile, tiles=tiles)


def action_of(seat: int, choice: ActionChoice) -> Action:
    """The engine action a button (its code and argument) stands for; TableError if stale."""
    try:
        return action_from_code(seat, choice.code, choice.arg)
    except IllegalAction:
        raise TableError("err.stale") from None


def choice_of(action: Action, legal: Sequence[ActionChoice]) -> ActionChoice:
    """The offered choice that ``action`` (e.g. from a computer player) corresponds to."""
    for c in legal:
        if c.code == action.code and _same(action_of(action.seat, c), action):
            return c
    raise IllegalAction("not_offered", f"{action.to_json()} is not among the legal actions")


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, Kong) and isinstance(b, Kong):
        return a.tile == b.tile or a.tile is None or b.tile is None
    return a == b


class GameDriver:
    """A match for one table. Mutable; owned by the table service under the table's lock."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.rules: Rules = match.rules
        self.step = 0
        self._count_steps(match.events)

    # -- building -------------------------------------------------------------------------

    @classmethod
    def start(
        cls, preset: str, options: dict[str, Any], seed: str, hands: int,
        walls: ChosenWalls | None = None,
    ) -> tuple[GameDriver, list[Event]]:
        """A new match; ``walls``: its first hands dealt from chosen walls (tables.walls)."""
        rules = get_rules(preset, options)
        setups = walls.setups(preset, rules) if walls is not None else ()
        m = Match.start(rules, seed, hands_limit=hands, setups=setups)
        return cls(m), list(m.events)

    @classmethod
    def replay(cls, events: Sequence[Event]) -> GameDriver:
        """Rebuild from a stored log, checking every event (ReplayError names a bad one)."""
        return cls(replay_match(list(events)))

    def _count_steps(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self.step = 0
            # answers to an open question (a claim window, a choice made by every seat at
            # once) do not move the step: the others' buttons stay good
            if not isinstance(e, (Responded, Chose)):
                self.step += 1

    # -- the match ------------------------------------------------------------------------

    @property
    def seed(self) -> str:
        return self.match.seed

    @property
    def hand(self) -> HandState | None:
        return self.match.hand

    @property
    def hand_no(self) -> int:
        """The current hand's number (0-based, as in the events; people see it + 1)."""
        return self.hand.hand_no if self.hand is not None else 0

    @property
    def hand_count(self) -> int:
        return self.match.hand_no

    @property
    def totals(self) -> list[int]:
        return list(self.match.totals)

    @property
    def log(self) -> list[Event]:
        return self.match.events

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.is_over

    @property
    def match_over(self) -> bool:
        """The match has ended (its MatchEnded event is in the log)."""
        return self.match.is_over

    def next_hand(self) -> list[Event]:
        """After a hand: the next hand dealt (up to the first decision), or MatchEnded."""
        events = self.match.next_hand()
        self._count_steps(events)
        return events

    # -- decisions ------------------------------------------------------------------------

    def _state(self) -> HandState:
        if self.hand is None:
            raise TableError("err.no_table")
        return self.hand

    def acting(self) -> dict[int, Mode]:
        h = self._state()
        if h.is_over:
            return {}
        mode = Mode.TURN if h.phase is Phase.TURN else Mode.CLAIM
        return {s: mode for s in h.awaiting()}

    def legal(self, seat: int) -> tuple[ActionChoice, ...]:
        h = self._state()
        legal = h.legal_actions(seat)
        out = choices_of(legal, family_of(h.rules).points_game)
        if legal.phase is Phase.TURN and not legal.win and h.rules.false_win and h.can(Win(seat)):
            # 诈胡 rules: a win may be declared on any hand at one's turn, and is paid for
            # when it is none; shown where the self-draw would be (the table service asks
            # the person to confirm it first)
            out = (_choice(FALSE_WIN_KIND, Win(seat)), *out)
        return out

    def false_win_cost(self, seat: int) -> tuple[tuple[int, int], ...]:
        """What declaring a win on ``seat``'s hand now would pay, as (payee, points) rows:
        the hand is played out on a copy, so the figure is the rules' own settlement."""
        h = self._state()
        trial = HandState.from_events(h.events)
        events = trial.act(Win(seat))
        ended = next(e for e in events if isinstance(e, HandEnded))
        return tuple((payee, amount) for payer, payee, amount, _why in ended.payments
                     if payer == seat)

    def apply(self, seat: int, choice: ActionChoice) -> list[Event]:
        self._state()
        events = self.match.act(action_of(seat, choice))
        self._count_steps(events)
        return events

    def pick_size(self, seat: int) -> int:
        """How many tiles of one suit ``seat`` may name freely now (换三张: 3; else 0)."""
        h = self._state()
        if h.is_over or h.phase is not Phase.CHOOSE or seat not in h.awaiting():
            return 0
        return h.legal_actions(seat).pick

    def picked(self, seat: int, text: str) -> ActionChoice:
        """The choice of any ``pick_size`` tiles of one suit ``seat`` holds, written in
        notation (``129m``, or tile by tile ``1m2m9m``); TableError saying what is wrong."""
        n = self.pick_size(seat)
        if n == 0:
            raise TableError("err.stale")
        try:
            tiles = sorted(parse(text.strip()))
        except NotationError:
            raise TableError("err.pick_unreadable", text=text[:40], n=n) from None
        if len(tiles) != n:
            raise TableError("err.pick_count", n=n)
        named = format_tiles(tiles)
        if any(t >= 27 for t in tiles) or len({t // 9 for t in tiles}) != 1:
            raise TableError("err.pick_one_suit", n=n, tiles=named)
        held = self._state().seats[seat].counts
        if any(held[t] < tiles.count(t) for t in set(tiles)):
            raise TableError("err.pick_not_held", tiles=named)
        step = self._state().step or ""
        return _choice(f"choose_{step}", Choose(seat, named), tiles=tuple(tiles))

    def timeout_choice(self, seat: int) -> ActionChoice:
        """A time-out: the drawn tile is discarded (or the last tile, after a call); claims pass."""
        legal = self.legal(seat)
        h = self._state()
        if h.phase is Phase.CHOOSE:
            # the void and the exchange as a computer would choose them (the weakest suit);
            # a 小胡 is declared (it costs nothing); the 海底 is left alone
            if h.step == "haidi":
                return next(c for c in legal if c.arg == "pass")
            pick = choose(Observation.of(h, seat, self.match.totals))
            return next((c for c in legal if c.arg == pick.value), legal[0])
        if h.phase is Phase.TURN:
            discards = [c for c in legal if c.kind == "discard"]
            drawn = h.drawn_tile
            for c in discards:
                if c.tile == drawn:
                    return c
            natural = [c for c in discards if c.tile not in h.wild_kinds]
            return (natural or discards)[-1]
        return next(c for c in legal if c.kind == "pass")

    def computer_choice(self, seat: int, level: str = "greedy") -> ActionChoice:
        legal = self.legal(seat)
        h = self._state()
        action = _computer_action(h, seat, level, self.match.totals,
                                  f"{self.seed}/{h.hand_no}/{self.step}/{seat}")
        if action is not None:
            try:
                return choice_of(action, legal)
            except IllegalAction:
                log.error("computer player %s offered an illegal %r at seat %d", level, action, seat)
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
        asked = mode in (Mode.TURN, Mode.CLAIM)
        choosing = (h.step or "") if asked and h.phase is Phase.CHOOSE else ""
        st = h.seats[seat]
        won = next((w.tile for w in h.wins if w.seat == seat), None)
        drawn = h.drawn_tile if (h.phase is Phase.TURN and h.turn == seat) else None
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        w = h.window
        return PrivateView(
            table_id=table_id, hand_no=h.hand_no, step=self.step, seat=seat, mode=mode,
            concealed=tuple(tiles), drawn=drawn, melds=tuple(h.seats[seat].melds),
            flowers=tuple(h.seats[seat].flowers),
            actions=self.legal(seat) if asked else (),
            deadline=deadline if seat in acting else None,
            seconds=seconds if seat in acting else None,
            claim_tile=w.tile if w is not None and mode is Mode.CLAIM else None,
            claim_from=w.seat if w is not None and mode is Mode.CLAIM else None,
            turn_seat=h.turn if h.phase is Phase.TURN else None,
            wild=tuple(sorted(h.wild_kinds)),
            indicator=h.indicator, dora=h.dora_indicator,
            lizhi=self.rules.lizhi * self.rules.unit if st.lizhi else 0,
            family=self.rules.family,
            dead_jokers=self.rules.joker_calls, imagined=self.rules.imagined,
            stand_in=h.stand_in, dealer=h.dealer,
            choosing=choosing, pick=self.pick_size(seat) if choosing else 0,
            pass_shift=charleston.shift(self.rules, choosing)
            if choosing in charleston.PASSES else 0,
            void_suit=st.void_suit, out=st.has_won, won_tile=won, seats=len(h.seats),
            received=self._received(seat) if not st.river and not st.melds else (),
            withheld=withheld_reasons(h, seat) if mode is not Mode.OVER else (),
            riichi=h.table.riichi[seat] if family_of(self.rules).points_game else 0,
        )

    def _received(self, seat: int) -> tuple[int, ...]:
        """The tiles an exchange (换三张) of this hand gave ``seat``, or ()."""
        for e in reversed(self.log):
            if isinstance(e, TilesExchanged):
                giver = (seat - e.shift) % len(e.tiles)
                return tuple(sorted(e.tiles[giver]))
            if isinstance(e, HandStarted):
                return ()
        return ()

    def running(self, stake: int = 1) -> tuple[int, ...]:
        """Each seat's net of the payments made so far in this hand, in chips (empty for
        games that pay nothing before the hand ends)."""
        h = self._state()
        if not h.paid_so_far() and not self.rules.play_on:
            return ()
        return tuple(net * stake for net in h.running_totals())

    def public_view(
        self, table_id: str, *, names: tuple[str, ...], computer: tuple[bool, ...],
        scores: tuple[int, ...], deadline: float | None, hands_total: int, finished: bool = False,
        stake: int = 1,
        levels: tuple[str, ...] = (),
    ) -> PublicView:
        h = self._state()
        last = None
        w = h.window
        if w is not None and w.kind is WindowKind.DISCARD:
            last = (w.seat, w.tile)
        rivers = tuple(tuple(st.river) for st in h.seats)
        # face-down discards (two-player Sichuan) stay unknown to everyone until the hand ends
        hidden = self.rules.hidden_discards and not (finished or h.is_over)
        if hidden:
            rivers = tuple((0,) * len(r) for r in rivers)
            last = None if last is None else (last[0], 0)
        return PublicView(
            table_id=table_id, rules_name=self.rules.id, hand_no=h.hand_no,
            hands_total=hands_total, dealer=h.dealer, round_wind=h.round_wind,
            wall_remaining=h.wall.remaining,
            turn_seat=None if h.is_over else (
                h.turn if h.phase is Phase.TURN else (w.seat if w else None)
            ),
            rivers=rivers, hidden_rivers=hidden,
            melds=tuple(tuple(ShownMeld.of(m) for m in st.melds) for st in h.seats),
            flowers=tuple(tuple(st.flowers) for st in h.seats),
            hand_sizes=tuple(sum(st.counts) for st in h.seats),
            wild=tuple(sorted(h.wild_kinds)),
            indicator=h.indicator, dora=h.dora_indicator,
            family=self.rules.family, marks=self._marks(h),
            dead_jokers=self.rules.joker_calls,
            names=names, computer=computer, levels=levels, scores=scores,
            commitment=h.commitment,
            last_discard=last, deadline=deadline, finished=finished or h.is_over,
            running=self.running(stake),
            lizhi=tuple(st.lizhi for st in h.seats) if self.rules.lizhi else (),
            lizhi_at=tuple(st.lizhi_at for st in h.seats) if self.rules.lizhi else (),
            stakes=sum(c for _, c in lizhi_stakes(h)) * stake if self.rules.lizhi else 0,
        )

    def settlement_view(
        self, table_id: str, events: Sequence[Event], chips: tuple[int, ...],
        names: tuple[str, ...], stake: int = 1,
    ) -> SettlementView:
        h = self._state()
        ended = next(e for e in events if isinstance(e, HandEnded))
        wins = []
        for w in h.wins:
            detail = win_detail(self.rules, h, w) if family_of(self.rules).points_game else None
            wins.append(WinInfo(
                seat=w.seat, tile=w.tile, self_drawn=w.self_drawn, from_seat=w.from_seat,
                points=w.points, fan=w.fan, patterns=tuple(w.patterns),
                situations=tuple(w.situations), concealed=tuple(h.concealed(w.seat)),
                melds=tuple(h.seats[w.seat].melds), flowers=tuple(h.seats[w.seat].flowers),
                imagined=imagined_as(h, w) if self.rules.imagined else None,
                fu=None if detail is None else detail.fu,
                yaku=() if detail is None else detail.yaku,
                limit="" if detail is None else detail.level,
            ))
        return SettlementView(
            table_id=table_id, hand_no=h.hand_no, rules_name=self.rules.id, drawn=ended.drawn,
            wins=tuple(wins), deltas=tuple(ended.deltas),
            chips=chips or tuple(ended.deltas), payments=tuple(ended.payments), names=names,
            seed=ended.seed, commitment=h.commitment, stake=stake,
            wild=tuple(sorted(h.wild_kinds)), dealer=h.dealer,
            indicator=h.indicator, dora=h.dora_indicator,
            family=self.rules.family, marks=self._marks(h),
            # list every payment where some fell due during the hand (刮风下雨, 起手小胡, a
            # 血战 win) or birds multiplied them
            itemised=self.rules.play_on or bool(ended.turned)
            or bool(h.paid_so_far()),
            abort=abort_kind(h) if ended.drawn and family_of(self.rules).points_game else "",
            abort_seat=h.draw_declared,
        )

    def abort(self) -> tuple[str, int | None]:
        """Why the hand just ended drawn before its wall did, at a riichi table ("" it did
        not), and the seat that declared it (九種九牌)."""
        if not family_of(self.rules).points_game:
            return "", None
        h = self._state()
        return abort_kind(h), h.draw_declared

    def _marks(self, h: HandState) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The facts of the hand everyone sees, as the rule family names them."""
        return tuple(family_of(self.rules).table_marks(self.rules, h))


def abort_kind(h: HandState) -> str:
    """Why a riichi hand ended drawn before its wall did ("" it did not): 九種九牌 declared,
    or the abortive draw due (三家和了 when three rons stopped a wall with tiles left)."""
    if h.draw_declared is not None:
        return "nine_kinds"
    reason = abort_reason(h)
    if reason:
        return reason
    return "three_rons" if h.wall.remaining and not h.wins else ""


def _computer_action(
    state: HandState, seat: int, level: str, scores: Sequence[int], seed: str
) -> Action | None:
    """The engine's computer player's move. A fresh player per decision, seeded by the
    decision point, so a table resumed after a restart plays exactly as it would have."""
    try:
        player = get_player(level if level in PLAYER_KINDS else "greedy", seed)
        obs = Observation.of(state, seat, scores)
        # a discard that may declare 立直 declares it (rules.lizhi; the table's own kinds)
        return declaring(obs.table_action(player.act(obs)), state.legal_actions(seat))
    except Exception:  # a computer player's bug must not stall a table: fall back to safe play
        log.exception("computer player %s failed at seat %d; playing the safe move", level, seat)
        return None


def imagined_as(h: HandState, w: Won) -> int | None:
    """What the winner's 心皇 stood for in the reading its win was scored by (江南)."""
    tiles = h.concealed(w.seat)
    if w.tile is None:
        return None
    if len(tiles) + 3 * len(h.seats[w.seat].melds) < h.rules.tiles_to_win:
        tiles.append(w.tile)  # a discard win: the tile won on lies apart
    ctx = h.win_context(w.seat, w.self_drawn, frozenset(w.situations), w.from_seat)
    score = score_win(h.rules, tiles, h.seats[w.seat].melds, w.tile, ctx)
    if score is None or score.reading is None or not score.reading.wild_as:
        return None
    return score.reading.wild_as[-1]


def withheld_reasons(h: HandState, seat: int) -> tuple[str, ...]:
    """What a lock kept from ``seat`` on the last tile given up (``PrivateView.withheld``),
    each rule code once, in the engine's order, with what lifts the lock where games differ."""
    if not h.withheld:  # the usual case: no lock kept anything from anyone
        return ()
    kept = h.legal_actions(seat).withheld
    if not kept:
        return ()
    out: list[str] = []
    for _action, code in kept:
        if code == "pass_win_locked":
            code += ".draw_or_call" if h.win_lock_lifted_by_call else ".draw"
        elif code == "pass_pong_locked":
            code += ".draw" if h.pong_lock_lifted_by_draw else ".discard"
        if code not in out:
            out.append(code)
    return tuple(out)
