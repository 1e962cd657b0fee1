"""One hand of mahjong as a fold over events.

``HandState`` is mutable for speed: ``apply(event)`` updates it in place (the fold,
:mod:`engine.hand.fold`), ``pending_auto()`` names the automatic event the engine must emit
next (a draw, a claim resolution, a win, the end; :mod:`engine.hand.auto`) or ``None`` when a
player must decide, and ``act(action)`` = verify (:mod:`engine.hand.checks`) + the decision
event + every automatic event up to the next decision. ``HandState.from_events(events)``
rebuilds the state from any prefix of a log; :func:`engine.hand.replay.replay_events` also
checks every event.

Phases (:class:`Phase`): ``DEALING`` → ``TURN`` (the ``turn`` seat discards, kongs or wins)
→ ``CLAIM`` (a discard's claim window, :mod:`engine.hand.claims`) / ``ROB`` (an added kong's
window) → … → ``WINNING`` (a declared self-draw) → ``ENDED``.

What the state answers about one seat's hand (its waits, a win's score, whether it may win
on its own draw) is in :mod:`engine.hand.judging`.

Each seat is a :class:`SeatState` record (``state.seats[s]``). The hand's joker kinds are
``state.wild_kinds``, fixed when the hand starts (:mod:`engine.jokers`); its rule family
(:mod:`engine.family`) is ``state.family``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from engine.actions import Action, IllegalAction
from engine.events import CURRENT_REVISION, Event, HandEnded, HandStarted, Won
from engine.family import RuleFamily, family_of
from engine.hand import auto, checks, claims, fold, marks, snapshot, steps
from engine.hand.judging import HandJudging
from engine.hand.public import public_counts as public_counts  # players count with it
from engine.hand.public import public_view as _public_view
from engine.hand.seat import SeatState
from engine.hand.types import (
    CHOOSE,
    CLAIM,
    ENDED,
    NEW,
    NO_OPTIONS,
    ROB,
    SEATS_AFTER,
    TURN,
    WAIT,
    LegalActions,
    ReplayError,
    Window,
)
from engine.indicator import check_dice
from engine.melds import Meld
from engine.records import builder
from engine.rules import Rules, get_rules
from engine.tiles import MAX_SEATS
from engine.wall import Wall, commitment, shuffled_wall


class HandState(HandJudging):
    """The state of one hand, rebuilt by applying events in order (its questions about a
    seat's hand: :class:`engine.hand.judging.HandJudging`)."""

    def __init__(self, rules: Rules, players: int | None = None) -> None:
        self.rules = rules
        self.family: RuleFamily = family_of(rules)
        # the family has winning forms of its own (judge.shape_waits adds their waits)
        self.special_forms = bool(self.family.special_targets(rules))
        # the family's instant win (四保胡) can happen: the self-draw check counts jokers
        self.instant_wins = self.family.instant_wins(rules)
        self.discard_wins = rules.discard_wins  # (a property of the rules: read once)
        self.players = players = rules.players if players is None else players
        self.revision = CURRENT_REVISION
        self.hand_no = 0
        self.dealer = 0
        self.round_wind = 0
        self.seed = ""
        self.commitment = ""
        self.wall = Wall([])
        self.seats = [SeatState() for _ in range(players)]
        self.wild_kinds: frozenset[int] = frozenset()
        self.bonus_kinds: frozenset[int] = rules.bonus_kinds  # set aside and replaced (补花)
        self.phase = NEW
        self.turn = 0
        self.need_draw = False
        self.replacement_due = False
        self.drawn_tile: int | None = None  # the tile the turn seat just drew
        self.may_self_win = False  # the turn seat holds a fresh draw (or the deal)
        self.last_draw_kong = False  # the turn seat's tile is a kong's replacement
        self.last_kong: int | None = None  # meld index of that kong (杠上开花包杠 reads it)
        self.window: Window | None = None
        self.discard_count = 0
        self.last_discarder = 0  # the seat of the last discard (public_view reads it)
        self.calls = 0
        self.declared: int | None = None
        self.wins: list[Won] = []
        self.robbed: tuple[int, int] | None = None
        self.ended: HandEnded | None = None
        self.flower_replace: int | None = None  # the seat owed a replacement for a bonus tile
        self.flowers_in_hands = 0
        # 补花 at the deal, round by round: (seat, flower) still to set aside this round
        self.flower_queue: list[tuple[int, int]] = []
        self.flower_rounds = False  # those rounds are under way
        self.last_discard_wild = False  # claims on it are refused as wildcard_not_claimable
        # the indicator (engine.indicator): turned after the deal where the rules have one
        self.indicator: int | None = None
        # the kind every 白板 plays as (Fujian's stand-in), fixed with the jokers
        self.stand_in: int | None = None
        self.dice: tuple[int, ...] = ()
        # the dealer's dice where the hand was started with them (HandStarted.given_dice)
        self.given_dice: tuple[int, ...] = ()
        # the claims a lock kept from each seat on the last tile given up (a discard or an
        # added kong), until the next one: (action, refusal code) pairs by seat, derived by
        # the fold (engine.hand.claims.withheld_on), so outside the snapshot
        self.withheld: dict[int, tuple[tuple[str, str], ...]] = claims.NOTHING_WITHHELD
        # the running ledger read at an event count (paid_so_far)
        self._ledger: tuple[int, tuple[tuple[int, int, int, str], ...]] | None = None
        self.indicator_due = False
        # 宝牌 (rules.dora): the indicator turned near the tail after the deal, out of play
        self.dora_indicator: int | None = None
        self.indicator_out = 0  # 1 when the turned indicator left play (Beijing, Quzhou)
        self.carry: dict[str, int] = {}  # what the match carried into this hand (荒番 …)
        self.last_draw_flower = False  # the turn seat's tile replaced a bonus tile (杠开)
        self.burn = marks.Burn()  # 烧庄 (rules.burn_dealer)
        self.feeds: dict[tuple[int, int], int] = {}  # (caller, feeder): chows and pongs
        self.bound: list[tuple[int, int]] = []  # 互包 pairs (rules.bind_calls), as they formed
        # choices every seat makes at once (engine.hand.steps): the steps still to open, the
        # open one, the seats it asks and their answers so far
        self.steps_left: list[str] = []
        self.step: str | None = None
        self.step_seats: tuple[int, ...] = ()
        self.choices: dict[int, str] = {}
        self.small_wins: tuple[tuple[str, ...], ...] = ()  # 起手小胡 shown, by seat
        # the 海底 offer (rules.haidi_offer): the first seat offered, who took it, passes
        self.haidi_first: int | None = None
        self.haidi_taker: int | None = None
        self.haidi_passes = 0
        self.haidi_declined = False
        self.events: list[Event] = []
        # the public picture (melds, rivers, tiles in sight) changes with a discard, a call,
        # a kong or a win: each counts here; public_view keeps the picture of one count
        self.public_version = 0
        self.last_discard_version = -1  # the count a discard made (only a river grew)
        self._public: tuple[int, Any, Any, Any] | None = None
        self._seen_counts = bytearray()  # the tiles in sight of _public, changed in place
        # what every seat sees of the seats: the declared void suits (empty until one is
        # declared) and the seats that won and left (血战到底), kept by the fold
        self.declared_voids: tuple[int | None, ...] = ()
        self.out_seats: tuple[int, ...] = ()
        self._flower_jokers = False  # every flower held is a joker (split's fast path)
        # the family's own record of the hand, kept by its ``observe`` after every event
        # (riichi: declarations, furiten, ippatsu, dora); None for most games
        self.table: Any = self.family.new_table(rules, players)
        self.draw_declared: int | None = None  # the seat that declared an abortive draw

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: Rules,
        seed: str,
        *,
        dealer: int = 0,
        hand_no: int = 0,
        round_wind: int = 0,
        wall: Sequence[int] = (),
        revision: int = CURRENT_REVISION,
        carry: dict[str, int] | None = None,
        dice: tuple[int, int] | None = None,
    ) -> HandState:
        """A new hand, dealt: the returned state's ``events`` hold what happened so far.
        ``carry``: what a match carries into it (engine.family carry_over). ``wall``: the
        tiles head first (empty: shuffled from ``seed``); ``dice``: the dealer's throw
        (None: drawn from ``seed``) — :mod:`engine.hand_setup` lays such a hand out."""
        if dice is not None and (why := check_dice(dice)):
            raise ValueError(why)
        tiles = list(wall) if wall else shuffled_wall(rules, seed)
        state = cls(rules)
        state.run(
            HandStarted(
                hand_no=hand_no,
                dealer=dealer,
                round_wind=round_wind,
                seed=seed,
                commitment=commitment(seed, tiles),
                rules=rules.id,
                options=tuple(sorted(rules.options().items())),
                wall=tuple(wall),
                revision=revision,
                carry=tuple(sorted((carry or {}).items())),
                given_dice=tuple(dice) if dice is not None else (),
            )
        )
        return state

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> HandState:
        """Fold events (from ``HandStarted``) into a state, trusting them (see ``replay_events``)."""
        state: HandState | None = None
        for ev in events:
            if state is None:
                if not isinstance(ev, HandStarted):
                    raise ReplayError(0, "a hand starts with a hand_started event")
                state = cls(rules_of(ev))
            state.apply(ev)
        if state is None:
            raise ReplayError(0, "no events")
        return state

    def run(self, event: Event) -> list[Event]:
        """Apply ``event`` and every automatic event after it; return them all."""
        # apply(), inline: a decision and what follows are a few events each time
        apply = fold.APPLY
        events = self.events
        apply[type(event)](self, event)
        events.append(event)
        if self.table is not None:
            self.family.observe(self.rules, self, event)
        out = [event]
        pending = auto.pending
        while (nxt := pending(self)) is not None:
            apply[type(nxt)](self, nxt)
            events.append(nxt)
            if self.table is not None:
                self.family.observe(self.rules, self, nxt)
            out.append(nxt)
        return out

    def apply(self, ev: Event) -> None:
        """Fold one event in (trusted: ``replay_events`` checks a log before folding it)."""
        fold.APPLY[type(ev)](self, ev)
        self.events.append(ev)
        if self.table is not None:
            self.family.observe(self.rules, self, ev)

    def pending_auto(self) -> Event | None:
        """The automatic event due now, or None when a player must decide (or it is over)."""
        return auto.pending(self)

    @property
    def legacy(self) -> bool:
        """A hand recorded before the first rules revision (replayed as it was played)."""
        return self.revision < 1

    @property
    def win_lock_lifted_by_call(self) -> bool:
        """Whether a seat's own chow, pong or kong lifts its 过胡 (动牌), as a draw does:
        where the game says so (``rules.pass_win_lock_calls``); in every game under revision
        1, in none under revision 0."""
        if self.revision < 2:
            return not self.legacy
        return self.rules.pass_win_lock_calls

    @property
    def pong_lock_lifted_by_draw(self) -> bool:
        """Whether a seat's 过碰 lasts until its own next draw (``rules.pass_pong_lock_draw``,
        Quzhou) rather than its own next discard; revision 3 on (before, every game lifted
        it at the discard)."""
        return self.revision >= 3 and self.rules.pass_pong_lock_draw

    # -- decisions --------------------------------------------------------------------------

    def awaiting(self) -> tuple[int, ...]:
        """The seats a decision is awaited from (the turn seat, or the window's open seats)."""
        phase = self.phase
        if phase is TURN:
            # idle(), inline: asked before every decision
            if (
                self.need_draw
                or self.replacement_due
                or self.flower_replace is not None
                or self.flowers_in_hands
                or self.indicator_due
            ):
                return ()
            return _ONE_SEAT[self.turn]
        if phase is CHOOSE:
            return () if self.indicator_due else steps.awaiting(self)
        w = self.window
        if w is not None and (phase is CLAIM or phase is ROB):
            options = w.options
            responses = w.responses
            # a loop, not a generator: asked before every answer in a window
            out = []
            for s in SEATS_AFTER[self.players][w.seat]:
                if s in options and s not in responses:
                    out.append(s)
            return tuple(out)
        return ()

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now (``phase`` WAIT: nothing)."""
        if self.phase is TURN:
            # the usual case first: the turn seat, nothing automatic due
            # not self.idle(), inline (asked on every turn)
            if seat != self.turn or self.need_draw or self.replacement_due or (
                self.flower_replace is not None or self.flowers_in_hands or self.indicator_due
            ):
                return self._waiting(seat)
            st = self.seats[seat]
            # can_self_win, its phase, seat and idle checks just made (self_win_now inline:
            # its cache read and filled here)
            win = False
            if self.may_self_win:
                hit = st.self_win_cache
                if hit is not None and hit[0] == st.version:
                    win = hit[1]
                else:
                    win = self._compute_self_win(seat)
                    st.self_win_cache = (st.version, win)
            if win and self.must_win():
                # too few tiles left to pass a win (rules.forced_win_tiles)
                return LegalActions(seat, TURN, self.drawn_tile, win=True)
            if (st.void_suit is None and self.haidi_taker is None and not st.discard_ban
                    and not st.lizhi):
                # legal_discards' usual answer: every kind held (st.held(), its cache here)
                held = st.held_cache
                discards = held[1] if held is not None and held[0] == st.version else st.held()
            else:
                discards = checks.legal_discards(self, st, st.held())
            if not st.melds and st.fours == 0 and not self.rules.laizi:
                kongs: tuple[tuple[int, str], ...] = ()  # own_kongs' usual answer
            else:
                kongs = checks.own_kongs(self, seat)
            riichi: tuple[int, ...] = ()
            declare_draw = False
            if self.table is not None:
                riichi = self.family.riichi_discards(self.rules, self, seat, discards)
                declare_draw = self.family.may_declare_draw(self.rules, self, seat)
            elif self.rules.lizhi:  # 立直 (rules.lizhi): the discards that leave it ready
                riichi = checks.lizhi_discards(self, seat)
            # LegalActions(seat, TURN, self.drawn_tile, discards, kongs, win), every field
            return _legal(
                seat, TURN, self.drawn_tile, discards, kongs, win, False, False, (), False, "",
                (), 0, (), riichi, declare_draw,
            )  # fmt: skip
        if seat not in self.awaiting():
            return self._waiting(seat)
        if self.phase is CHOOSE:
            return LegalActions(
                seat, CHOOSE, step=self.step or "", choices=steps.choices_of(self, seat),
                pick=steps.pick_of(self),
            )
        w = self.window
        assert w is not None
        o = w.options.get(seat, NO_OPTIONS)
        if o.win and self.must_win():
            return LegalActions(seat, self.phase, w.tile, win=True)
        return LegalActions(
            seat, self.phase, w.tile, win=o.win, pong=o.pong, kong=o.kong, chows=o.chows,
            can_pass=True, withheld=self.withheld.get(seat, ()),
        )  # fmt: skip

    def _waiting(self, seat: int) -> LegalActions:
        """Nothing to do now, with what a lock kept from the seat on the last tile given up
        (``LegalActions.withheld``)."""
        kept = self.withheld.get(seat) if self.withheld else None
        return LegalActions(seat, WAIT, withheld=kept) if kept else LegalActions(seat, WAIT)

    def verify(self, action: Action) -> None:
        """Raise IllegalAction (with its reason code) unless ``action`` is legal now."""
        checks.decision(self, action)

    def can(self, action: Action) -> bool:
        try:
            checks.decision(self, action)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action) -> list[Event]:
        """Verify ``action``, apply it and what follows automatically; return those events.

        A refused action raises IllegalAction and changes nothing.
        """
        return self.run(checks.decision(self, action))

    def idle(self) -> bool:
        """In a turn: nothing automatic is due (no draw, replacement or 补花), so the turn
        seat decides. Exactly when :func:`engine.hand.auto.pending` has nothing in a turn."""
        return not (
            self.need_draw
            or self.replacement_due
            or self.flower_replace is not None
            or self.flowers_in_hands
            or self.indicator_due
        )

    # -- seats still in (血战到底: a seat that has won is out) ---------------------------------

    def next_seat(self, seat: int) -> int:
        """The next seat in turn order after ``seat`` that is still in the hand."""
        n = self.players
        s = (seat + 1) % n
        if not self.seats[s].has_won:
            return s  # the usual case: everyone is still in
        for i in range(2, n + 1):
            s = (seat + i) % n
            if not self.seats[s].has_won:
                return s
        return (seat + 1) % n

    def seats_in(self) -> int:
        """How many seats are still in the hand (all but those that won and left)."""
        return sum(1 for st in self.seats if not st.has_won)

    def must_win(self) -> bool:
        """A seat that can win now must (rules.forced_win_tiles: the last tiles of the wall)."""
        n = self.rules.forced_win_tiles
        return bool(n) and self.wall.remaining <= n

    def win_locked(self, seat: int) -> bool:
        """Whether ``seat``'s 过胡 keeps it from a discard win now: the lock holds unless the
        win is forced (Sichuan's last four tiles: "there is no passing then", the lock
        notwithstanding; under revision 1 the lock hid the forced win)."""
        if not self.seats[seat].win_lock:
            return False
        return self.revision < 2 or not self.must_win()

    # -- views ------------------------------------------------------------------------------

    def paid_so_far(self) -> tuple[tuple[int, int, int, str], ...]:
        """The running ledger: payments that fell due during the hand so far (刮风下雨,
        起手小胡, a 血战 win), in order, as (payer, payee, amount, reason) at a unit stake;
        empty in games that pay only at the end. Chips move once, in the hand's
        settlement, which lists them again (the family reads them: ``paid_so_far``)."""
        n = len(self.events)
        if self._ledger is None or self._ledger[0] != n:
            self._ledger = (n, tuple(self.family.paid_so_far(self.rules, self)))
        return self._ledger[1]

    def running_totals(self) -> tuple[int, ...]:
        """Each seat's net of :meth:`paid_so_far` at a unit stake."""
        nets = [0] * self.players
        for payer, payee, amount, _why in self.paid_so_far():
            nets[payer] -= amount
            nets[payee] += amount
        return tuple(nets)

    def public(self) -> tuple[tuple[tuple[Meld, ...], ...], tuple[tuple[int, ...], ...]]:
        """Every seat's melds and river as tuples (what all may see), rebuilt only when a
        discard or a call changed them (computer players get them at every decision)."""
        melds, rivers, _ = self.public_view()
        return melds, rivers

    # the public picture kept per public change (engine.hand.public): an observation's
    # melds, rivers and tiles in sight
    public_view = _public_view

    def in_sight(self) -> bytes:
        """Tiles of each of the 34 kinds in sight of every seat (one byte per kind): the
        rivers and the melds shown face up, as :meth:`public` gives them (computer players
        count unseen tiles from it at every decision, as a number)."""
        return self.public_view()[2]

    @property
    def is_over(self) -> bool:
        return self.phase is ENDED

    def melds(self, seat: int) -> list[Meld]:
        return self.seats[seat].melds

    def hand_size(self, seat: int) -> int:
        """Concealed tiles plus 3 per meld (a kong counts as three)."""
        return self.seats[seat].size

    def tiles_accounted(self) -> int:
        """Live wall + set-aside tiles + hands + discards + melds + bonus tiles (tests: = tile_count)."""
        total = self.wall.in_wall + self.wall.set_aside + self.indicator_out
        total += self.wall.skipped_out
        for st in self.seats:
            total += sum(st.counts) + len(st.river) + len(st.flowers)
            total += sum(len(m.tiles) for m in st.melds)
        return total

    def snapshot(self) -> dict[str, Any]:
        """A canonical JSON-able picture of the whole state (the hash covers it); see
        :func:`engine.hand.snapshot.snapshot`."""
        return snapshot.snapshot(self)

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of ``snapshot()``: equal states, equal hashes."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


# LegalActions(...) without the class call (records.builder): made for every turn
_legal = builder(LegalActions)
# the tuple of awaiting() for each turn seat
_ONE_SEAT = tuple((s,) for s in range(MAX_SEATS))


def rules_of(e: HandStarted) -> Rules:
    return get_rules(e.rules, dict(e.options))
