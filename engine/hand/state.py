"""One hand of mahjong as a fold over events.

``HandState`` is mutable for speed: ``apply(event)`` updates it in place (the
fold), ``pending_auto()`` names the automatic event the engine must emit next
(a draw, a claim resolution, a win, the end) or ``None`` when a player must
decide, and ``act(action)`` = verify + the decision event + every automatic
event up to the next decision. ``HandState.from_events(events)`` rebuilds the
state from any prefix of a log; ``replay_events`` also checks every event.

Phases: ``dealing`` → ``turn`` (the ``turn`` seat discards, kongs or wins) →
``claim`` (a discard's claim window) / ``rob`` (an added kong's window) → …
→ ``winning`` (a declared self-draw) → ``ended``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import scoring, settlement
from engine.actions import Action, Chow, Discard, IllegalAction, Kong, Pass, Pong, Win
from engine.events import (
    Called,
    Dealt,
    Discarded,
    Drawn,
    Event,
    FlowerSetAside,
    HandEnded,
    HandStarted,
    Konged,
    Responded,
    WinDeclared,
    Won,
)
from engine.hand import judge
from engine.melds import Meld, MeldKind
from engine.rules import Rules, get_rules
from engine.tiles import NUM_KINDS, format_counts, tile_name
from engine.wall import Wall, commitment, shuffled_wall


class ReplayError(ValueError):
    """An event that the engine would not have produced at that point of the log."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"event {index + 1}: {message}")
        self.index = index
        self.message = message


@dataclass(frozen=True, slots=True)
class ClaimOptions:
    """What one seat may do with the tile in an open window."""

    win: bool = False
    pong: bool = False
    kong: bool = False
    chows: tuple[tuple[int, int, int], ...] = ()

    def any(self) -> bool:
        return self.win or self.pong or self.kong or bool(self.chows)


NO_OPTIONS = ClaimOptions()


@dataclass(slots=True)
class Window:
    """An open claim window: on a discard (``discard``) or on an added kong (``rob``)."""

    kind: str
    seat: int  # the discarder / the player adding to the kong
    tile: int
    options: dict[int, ClaimOptions]
    responses: dict[int, tuple[str, tuple[int, ...]]] = field(default_factory=dict)
    plan: list[tuple[int, scoring.Score, frozenset[str]]] | None = None

    def waiting(self) -> bool:
        return len(self.responses) < len(self.options)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Everything one seat may do right now; the buttons are built from it.

    ``phase`` is ``turn`` (it is this seat's turn), ``claim`` / ``rob`` (this seat
    must answer a window about ``tile``), or ``wait`` (nothing to do).
    """

    seat: int
    phase: str
    tile: int | None = None
    discards: tuple[int, ...] = ()  # distinct tiles that may be discarded
    kongs: tuple[tuple[int, str], ...] = ()  # own-turn kongs: (tile, concealed_kong|added_kong)
    win: bool = False
    pong: bool = False
    kong: bool = False  # kong on the discard
    chows: tuple[tuple[int, int, int], ...] = ()
    can_pass: bool = False

    def any(self) -> bool:
        return self.phase != "wait"

    def actions(self) -> list[Action]:
        """The concrete actions (a discard per tile kind, each kong, each chow …)."""
        s = self.seat
        out: list[Action] = []
        if self.win:
            out.append(Win(s))
        if self.phase == "turn":
            out += [Kong(s, t) for t, _ in self.kongs]
            out += [Discard(s, t) for t in self.discards]
        else:
            if self.pong:
                out.append(Pong(s))
            if self.kong:
                out.append(Kong(s))
            out += [Chow(s, c) for c in self.chows]
            if self.can_pass:
                out.append(Pass(s))
        return out


class HandState:
    """The state of one hand, rebuilt by applying events in order."""

    def __init__(self, rules: Rules, players: int = 4) -> None:
        self.rules = rules
        self.players = players
        self.hand_no = 0
        self.dealer = 0
        self.round_wind = 0
        self.seed = ""
        self.commitment = ""
        self.wall = Wall([])
        self.counts: list[list[int]] = [[0] * 42 for _ in range(players)]
        self.melds: list[list[Meld]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.flowers: list[list[int]] = [[] for _ in range(players)]
        self.phase = "new"
        self.turn = 0
        self.need_draw = False
        self.replacement_due = False
        self.drawn_tile: int | None = None  # the tile the turn seat just drew
        self.may_self_win = False  # the turn seat holds a fresh draw (or the deal)
        self.last_draw_kong = False
        self.window: Window | None = None
        self.win_lock = [False] * players
        self.pong_lock: list[set[int]] = [set() for _ in range(players)]
        self.draws = [0] * players
        self.discard_count = 0
        self.calls = 0
        self.declared: int | None = None
        self.wins: list[Won] = []
        self.robbed: tuple[int, int] | None = None
        self.ended: HandEnded | None = None
        self.flower_replace: int | None = None
        self.flowers_in_hands = 0
        self.last_discard_wild = False  # claims on it are refused as wildcard_not_claimable
        self.events: list[Event] = []
        self._version = [0] * players
        self._completes_cache: dict[int, tuple[int, frozenset[int]]] = {}
        self._self_win: dict[int, tuple[int, bool]] = {}
        self._wild_hi = 34 + rules.wildcards

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
    ) -> HandState:
        """A new hand, dealt: the returned state's ``events`` hold what happened so far."""
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
        self.apply(event)
        out = [event]
        while (nxt := self.pending_auto()) is not None:
            self.apply(nxt)
            out.append(nxt)
        return out

    # -- the fold ---------------------------------------------------------------------------

    def apply(self, ev: Event) -> None:
        _APPLY[type(ev)](self, ev)
        self.events.append(ev)

    def _touch(self, seat: int) -> None:
        self._version[seat] += 1

    def _on_hand_started(self, e: HandStarted) -> None:
        self.hand_no, self.dealer, self.round_wind = e.hand_no, e.dealer, e.round_wind
        self.seed, self.commitment = e.seed, e.commitment
        tiles = list(e.wall) if e.wall else shuffled_wall(self.rules, e.seed)
        self.wall = Wall(tiles, self.rules.horses)
        self.phase = "dealing"

    def _on_dealt(self, e: Dealt) -> None:
        for seat, tiles in enumerate(e.hands):
            c = self.counts[seat]
            for t in tiles:
                c[t] += 1
                if t >= 34 and self.rules.bonus_flowers:
                    self.flowers_in_hands += 1
            self._touch(seat)
        self.wall.head = sum(len(h) for h in e.hands)
        self.phase = "turn"
        self.turn = self.dealer
        self.may_self_win = True

    def _on_flower(self, e: FlowerSetAside) -> None:
        self.counts[e.seat][e.tile] -= 1
        self.flowers[e.seat].append(e.tile)
        self.flowers_in_hands -= 1
        self.flower_replace = e.seat
        self._touch(e.seat)

    def _on_drawn(self, e: Drawn) -> None:
        s, t = e.seat, e.tile
        self.counts[s][t] += 1
        self._touch(s)
        if e.from_tail:
            self.wall.tail -= 1
        else:
            self.wall.head += 1
        if t >= 34 and self.rules.bonus_flowers:
            self.flowers_in_hands += 1
        if self.flower_replace is not None:
            # a replacement for a bonus flower: the seat's turn state is unchanged
            self.flower_replace = None
            if s == self.turn and self.drawn_tile is not None:
                self.drawn_tile = t
            return
        self.window = None
        self.phase = "turn"
        self.turn = s
        self.drawn_tile = t
        self.may_self_win = True
        self.last_draw_kong = e.from_tail
        self.need_draw = False
        self.replacement_due = False
        self.draws[s] += 1
        self.win_lock[s] = False

    def _on_discarded(self, e: Discarded) -> None:
        s, t = e.seat, e.tile
        self.counts[s][t] -= 1
        self._touch(s)
        self.discards[s].append(t)
        self.discard_count += 1
        self.last_discard_wild = t >= 34
        self.pong_lock[s].clear()
        self.drawn_tile = None
        self.may_self_win = False
        self.last_draw_kong = False
        self.window = Window("discard", s, t, self._discard_options(s, t))
        self.phase = "claim"

    def _on_konged(self, e: Konged) -> None:
        s, t = e.seat, e.tile
        c = self.counts[s]
        self.calls += 1
        self.drawn_tile = None
        self.may_self_win = False
        if e.kind == MeldKind.CONCEALED_KONG.value:
            c[t] -= 4
            self.melds[s].append(Meld(MeldKind.CONCEALED_KONG, (t, t, t, t)))
            self.replacement_due = True
        else:
            c[t] -= 1
            ms = self.melds[s]
            for i, m in enumerate(ms):
                if m.kind is MeldKind.PUNG and m.base == t:
                    ms[i] = Meld(MeldKind.ADDED_KONG, (t, t, t, t), m.called, m.from_seat)
                    break
            self.window = Window("rob", s, t, self._rob_options(s, t))
            self.phase = "rob"
        self._touch(s)

    def _on_win_declared(self, e: WinDeclared) -> None:
        self.declared = e.seat
        self.phase = "winning"

    def _on_responded(self, e: Responded) -> None:
        w = self.window
        assert w is not None
        s = e.seat
        w.responses[s] = (e.choice, e.tiles)
        opts = w.options.get(s, NO_OPTIONS)
        if opts.win and e.choice != "win" and self.rules.pass_win_lock:
            self.win_lock[s] = True
        if opts.pong and e.choice in ("pass", "chow") and self.rules.pass_pong_lock:
            self.pong_lock[s].add(w.tile)

    def _on_called(self, e: Called) -> None:
        s, t = e.seat, e.tile
        self.discards[e.from_seat].pop()
        c = self.counts[s]
        used = list(e.tiles)
        used.remove(t)
        for x in used:
            c[x] -= 1
        self._touch(s)
        self.melds[s].append(Meld(MeldKind(e.kind), e.tiles, t, e.from_seat))
        self.calls += 1
        self.last_discard_wild = False
        self.window = None
        self.phase = "turn"
        self.turn = s
        self.drawn_tile = None
        self.may_self_win = False
        self.last_draw_kong = False
        self.replacement_due = e.kind == MeldKind.KONG.value

    def _on_won(self, e: Won) -> None:
        self.wins.append(e)
        if "robbing_kong" in e.situations and self.window is not None:
            self.robbed = (self.window.seat, self.window.tile)

    def _on_hand_ended(self, e: HandEnded) -> None:
        self.ended = e
        self.phase = "ended"
        self.window = None

    # -- what the engine does by itself -----------------------------------------------------

    def pending_auto(self) -> Event | None:
        """The automatic event due now, or None when a player must decide (or it is over)."""
        phase = self.phase
        if (
            phase == "turn"
            and not (self.need_draw or self.replacement_due)
            and not (self.flower_replace is not None or self.flowers_in_hands)
        ):
            return None
        if phase == "ended" or phase == "new":
            return None
        if phase == "dealing":
            return self._deal_event()
        w = self.wall
        if self.flower_replace is not None:
            if w.remaining == 0:
                return self._end_event()
            return Drawn(self.flower_replace, w.peek_tail(), True)
        if self.flowers_in_hands:
            for i in range(self.players):
                seat = (self.dealer + i) % self.players
                c = self.counts[seat]
                for f in range(34, 42):
                    if c[f]:
                        return FlowerSetAside(seat, f)
        if phase == "turn":
            if self.replacement_due:
                return Drawn(self.turn, w.peek_tail(), True)
            if self.need_draw:
                return Drawn(self.turn, w.peek_head()) if w.remaining else self._end_event()
            return None
        if phase == "winning":
            if not self.wins:
                assert self.declared is not None
                return self._self_win_event(self.declared)
            return self._end_event()
        win = self.window
        assert win is not None
        if win.waiting():
            return None
        return self._resolve(win)

    def _deal_event(self) -> Dealt:
        tiles = self.wall.tiles
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for i in range(self.players):
            seat = (self.dealer + i) % self.players
            hands[seat] = tiles[13 * i : 13 * i + 13]
        hands[self.dealer] = [*hands[self.dealer], tiles[13 * self.players]]
        return Dealt(tuple(tuple(sorted(h)) for h in hands))

    def _resolve(self, w: Window) -> Event:
        order = [(w.seat + i) % self.players for i in range(1, self.players)]
        if any(w.responses.get(s, ("",))[0] == "win" for s in order):
            if w.plan is None:
                w.plan = self._win_plan(w, order)
            if len(self.wins) < len(w.plan):
                seat, score, situations = w.plan[len(self.wins)]
                return self._won_event(seat, score, situations, w.tile, w.seat)
            return self._end_event()
        if w.kind == "rob":
            return Drawn(w.seat, self.wall.peek_tail(), True)
        for s in order:
            choice, tiles = w.responses.get(s, ("pass", ()))
            if choice in ("pong", "kong"):
                n = 3 if choice == "pong" else 4
                kind = MeldKind.PUNG if choice == "pong" else MeldKind.KONG
                return Called(s, kind.value, (w.tile,) * n, w.tile, w.seat)
        for s in order:
            choice, tiles = w.responses.get(s, ("pass", ()))
            if choice == "chow":
                return Called(s, MeldKind.CHOW.value, tiles, w.tile, w.seat)
        nxt = (w.seat + 1) % self.players
        if self.wall.remaining == 0:
            return self._end_event()
        return Drawn(nxt, self.wall.peek_head())

    def _win_plan(
        self, w: Window, order: list[int]
    ) -> list[tuple[int, scoring.Score, frozenset[str]]]:
        claimants = [s for s in order if w.responses.get(s, ("",))[0] == "win"]
        mode = self.rules.multiple_winners
        base = frozenset({"robbing_kong"}) if w.kind == "rob" else frozenset()
        if mode == "all" and len(claimants) == 3:
            base = base | {"multi_win3"}
        scored = []
        for s in claimants:
            sit = base | self._discard_situations(s)
            sc = self._score_with(s, w.tile, False, sit)
            assert sc is not None, "a win option that does not score"
            scored.append((s, sc, sit))
        if mode == "all":
            return scored
        if mode == "order":
            return scored[:1]
        best = max(x[1].points for x in scored)
        return [next(x for x in scored if x[1].points == best)]

    def _won_event(
        self,
        seat: int,
        score: scoring.Score,
        situations: frozenset[str],
        tile: int | None,
        discarder: int | None,
    ) -> Won:
        ctx = judge.context(discarder is None, self.seat_wind(seat), self.round_wind, situations)
        liable = settlement.liable_seat(self.rules, list(self.melds[seat]), ctx, discarder, score)
        return Won(
            seat=seat,
            tile=tile,
            self_drawn=discarder is None,
            from_seat=discarder,
            points=score.points,
            fan=score.fan,
            patterns=tuple(score.patterns),
            situations=tuple(sorted(situations)),
            liable=liable,
        )

    def _self_win_event(self, seat: int) -> Won:
        sit = self._self_situations(seat)
        best: scoring.Score | None = None
        best_tile: int | None = self.drawn_tile
        tiles = (
            [self.drawn_tile]
            if self.drawn_tile is not None
            else [t for t in range(42) if self.counts[seat][t]]
        )
        for t in tiles:
            sc = self._score_self(seat, t, sit)
            if sc is not None and (best is None or sc.points > best.points):
                best, best_tile = sc, t
        if best is None:
            best = scoring.score_four_wilds(self.rules)
        assert best is not None, "a declared self-draw that does not score"
        return self._won_event(seat, best, sit, best_tile, None)

    def _end_event(self) -> HandEnded:
        rules = self.rules
        wins = []
        for w in self.wins:
            sc = scoring.Score(points=w.points, patterns=tuple(w.patterns), fan=w.fan)
            wins.append(settlement.WinRecord(w.seat, sc, w.self_drawn, w.from_seat, w.liable))
        kongs = []
        for seat, ms in enumerate(self.melds):
            for m in ms:
                if m.is_kong and (seat, m.base) != self.robbed:
                    kongs.append(settlement.KongRecord(seat, m.kind, m.from_seat, m.base))
        drawn = not wins
        horses = self.wall.horse_tiles() if wins and rules.horses else ()
        st = settlement.settle_hand(
            rules, wins, kongs, players=self.players, drawn=drawn, dealer=self.dealer,
            horse_tiles=horses,
        )  # fmt: skip
        return HandEnded(
            drawn=drawn,
            winners=tuple(w.seat for w in self.wins),
            deltas=tuple(st.deltas),
            payments=tuple((p.payer, p.payee, p.amount, p.reason) for p in st.payments),
            seed=self.seed,
            horse_tiles=tuple(sorted(horses)),
        )

    # -- judging hands ----------------------------------------------------------------------

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.players

    def wilds(self, seat: int) -> int:
        c = self.counts[seat]
        return sum(c[34 : self._wild_hi])

    def concealed(self, seat: int) -> list[int]:
        """A seat's concealed tiles (wildcards included), sorted."""
        return [t for t, n in enumerate(self.counts[seat]) for _ in range(n)]

    def _completes(self, seat: int, tile: int) -> bool:
        """Whether ``tile`` completes the shape of the seat's 13-tile hand.

        The seat's shape waits are computed once per change of its hand (one table
        look-up pass) and then answer every discard of the three others.
        """
        v = self._version[seat]
        hit = self._completes_cache.get(seat)
        if hit is None or hit[0] != v:
            hit = (v, self.waits(seat))
            self._completes_cache[seat] = hit
        return tile in hit[1]

    def waits(self, seat: int) -> frozenset[int]:
        """The kinds that would complete the seat's hand in shape (for display)."""
        c = self.counts[seat]
        return judge.shape_waits(self.rules, c[:NUM_KINDS], self.wilds(seat), len(self.melds[seat]))

    def _score_with(
        self, seat: int, tile: int, self_drawn: bool, situations: frozenset[str]
    ) -> scoring.Score | None:
        tiles = self.concealed(seat)
        tiles.append(tile)
        return judge.score(
            self.rules, tiles, self.melds[seat], tile, self_drawn, self.seat_wind(seat),
            self.round_wind, situations,
        )  # fmt: skip

    def _score_self(self, seat: int, tile: int, situations: frozenset[str]) -> scoring.Score | None:
        return judge.score(
            self.rules, self.concealed(seat), self.melds[seat], tile, True, self.seat_wind(seat),
            self.round_wind, situations,
        )  # fmt: skip

    def _discard_situations(self, seat: int) -> frozenset[str]:
        if seat != self.dealer and self.draws[seat] == 0 and self.calls == 0:
            return frozenset({"human"})
        return frozenset()

    def _self_situations(self, seat: int) -> frozenset[str]:
        sit = set()
        if self.last_draw_kong:
            sit.add("kong_replacement")
        if self.drawn_tile is not None and self.wall.remaining == 0:
            sit.add("last_tile")
        if self.calls == 0:
            if seat == self.dealer and self.discard_count == 0 and self.draws[seat] == 0:
                sit.add("heavenly")
            elif seat != self.dealer and self.draws[seat] == 1 and self.drawn_tile is not None:
                sit.add("earthly")
        return frozenset(sit)

    def can_self_win(self, seat: int) -> bool:
        """Whether ``seat`` may declare a self-drawn win now."""
        if self.phase != "turn" or seat != self.turn or not self.may_self_win:
            return False
        if self.pending_auto() is not None:
            return False
        v = self._version[seat]
        hit = self._self_win.get(seat)
        if hit is not None and hit[0] == v:
            return hit[1]
        ok = self._compute_self_win(seat)
        self._self_win[seat] = (v, ok)
        return ok

    def _compute_self_win(self, seat: int) -> bool:
        rules = self.rules
        wilds = self.wilds(seat)
        if rules.four_wilds_win and wilds >= 4 and self.drawn_tile is not None:
            return True
        c = self.counts[seat]
        if not judge.shape_complete(rules, c[:NUM_KINDS], wilds, len(self.melds[seat])):
            return False
        if not judge.pattern_possible(rules, c[:NUM_KINDS], wilds, self.melds[seat]):
            return False
        sit = self._self_situations(seat)
        tiles = [self.drawn_tile] if self.drawn_tile is not None else [t for t in range(42) if c[t]]
        return any(self._score_self(seat, t, sit) is not None for t in tiles)

    def _pattern_possible(self, seat: int, tile: int) -> bool:
        c = self.counts[seat][:NUM_KINDS]
        c[tile] += 1
        return judge.pattern_possible(self.rules, c, self.wilds(seat), self.melds[seat])

    def _discard_options(self, discarder: int, t: int) -> dict[int, ClaimOptions]:
        rules = self.rules
        if t >= 34:  # wildcards (and any flower) are never claimable
            return {}
        out: dict[int, ClaimOptions] = {}
        n = self.players
        live = self.wall.remaining > 0
        for i in range(1, n):
            s = (discarder + i) % n
            c = self.counts[s]
            have = c[t]
            pong = have >= 2 and t not in self.pong_lock[s]
            kong = have >= 3 and live
            chows: tuple[tuple[int, int, int], ...] = ()
            if rules.chow and i == 1 and t < 27:
                chows = _chows(c, t)
            win = False
            if (
                rules.discard_wins
                and not self.win_lock[s]
                and self._completes(s, t)
                and self._pattern_possible(s, t)
            ):
                win = self._score_with(s, t, False, self._discard_situations(s)) is not None
            if win or pong or kong or chows:
                out[s] = ClaimOptions(win, pong, kong, chows)
        return out

    def _rob_options(self, konger: int, t: int) -> dict[int, ClaimOptions]:
        rules = self.rules
        out: dict[int, ClaimOptions] = {}
        if not (rules.discard_wins and rules.robbing_kong):
            return out
        for i in range(1, self.players):
            s = (konger + i) % self.players
            if self.win_lock[s] or not self._completes(s, t) or not self._pattern_possible(s, t):
                continue
            sit = frozenset({"robbing_kong"}) | self._discard_situations(s)
            if self._score_with(s, t, False, sit) is not None:
                out[s] = ClaimOptions(win=True)
        return out

    # -- decisions --------------------------------------------------------------------------

    def awaiting(self) -> tuple[int, ...]:
        """The seats a decision is awaited from (the turn seat, or the window's open seats)."""
        if self.phase == "turn" and self.pending_auto() is None:
            return (self.turn,)
        w = self.window
        if self.phase in ("claim", "rob") and w is not None:
            return tuple(
                s
                for i in range(1, self.players)
                if (s := (w.seat + i) % self.players) in w.options and s not in w.responses
            )
        return ()

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now (``phase == "wait"``: nothing)."""
        if seat not in self.awaiting():
            return LegalActions(seat, "wait")
        if self.phase == "turn":
            c = self.counts[seat]
            discards = tuple(t for t in range(42) if c[t])
            kongs: list[tuple[int, str]] = []
            if self.wall.remaining > 0:
                for t in range(NUM_KINDS):
                    if c[t] == 4:
                        kongs.append((t, MeldKind.CONCEALED_KONG.value))
                for m in self.melds[seat]:
                    if m.kind is MeldKind.PUNG and c[m.base]:
                        kongs.append((m.base, MeldKind.ADDED_KONG.value))
            return LegalActions(
                seat, "turn", self.drawn_tile, discards, tuple(sorted(kongs)),
                win=self.can_self_win(seat),
            )  # fmt: skip
        w = self.window
        assert w is not None
        o = w.options[seat]
        return LegalActions(
            seat, self.phase, w.tile, win=o.win, pong=o.pong, kong=o.kong, chows=o.chows,
            can_pass=True,
        )  # fmt: skip

    def verify(self, action: Action) -> None:
        """Raise IllegalAction (with its reason code) unless ``action`` is legal now."""
        self._decision(action)

    def can(self, action: Action) -> bool:
        try:
            self._decision(action)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action) -> list[Event]:
        """Verify ``action``, apply it and what follows automatically; return those events.

        A refused action raises IllegalAction and changes nothing.
        """
        return self.run(self._decision(action))

    def _decision(self, a: Action) -> Event:
        if self.phase == "ended":
            raise IllegalAction("hand_over", "the hand is over")
        if self.phase in ("new", "dealing", "winning"):
            raise IllegalAction("not_your_turn", "the hand is not waiting for a player")
        s = a.seat
        if not isinstance(s, int) or not 0 <= s < self.players:
            raise IllegalAction("bad_seat", f"seats are 0 to {self.players - 1}")
        if isinstance(a, Discard):
            return self._check_discard(a)
        if isinstance(a, Win):
            if self.phase == "turn" and (s == self.turn or not self.last_discard_wild):
                self._check_turn(s)
                if not self.can_self_win(s):
                    raise IllegalAction("cannot_win", "this hand is not a winning hand now")
                return WinDeclared(s)
            o, w = self._check_claim(s)
            if o.win:
                return Responded(s, "win")
            if self.rules.self_draw_only:
                raise IllegalAction("self_draw_only", "these rules allow only self-drawn wins")
            if w.tile >= 34:
                raise IllegalAction(
                    "wildcard_not_claimable", "nobody may win on a discarded wildcard"
                )
            if w.kind == "rob" and not self.rules.robbing_kong:
                raise IllegalAction("cannot_win", "robbing a kong is off in these rules")
            if self.win_lock[s]:
                raise IllegalAction(
                    "pass_win_locked", "you passed a win: no win on a discard until your next draw"
                )
            raise IllegalAction("cannot_win", f"{tile_name(w.tile)} does not complete your hand")
        if isinstance(a, Pong):
            o, w = self._check_claim(s)
            if o.pong:
                return Responded(s, "pong")
            self._no_meld_claim(s, w, 2, "pong")
        if isinstance(a, Kong):
            if self.phase == "turn":
                return self._check_self_kong(a)
            o, w = self._check_claim(s)
            if a.tile is not None and a.tile != w.tile:
                raise IllegalAction("cannot_kong", "a kong in a claim window is on the discard")
            if o.kong:
                return Responded(s, "kong")
            if self.counts[s][w.tile] >= 3 and w.tile < 34 and self.wall.remaining == 0:
                raise IllegalAction("wall_empty", "no replacement tile is left for a kong")
            self._no_meld_claim(s, w, 3, "kong")
        if isinstance(a, Chow):
            if not self.rules.chow:
                raise IllegalAction("chow_not_allowed", "there is no chow in these rules")
            o, w = self._check_claim(s)
            if w.kind == "discard" and s != (w.seat + 1) % self.players:
                raise IllegalAction(
                    "chow_wrong_seat", "chow only the discard of the player before you"
                )
            if tuple(a.tiles) in o.chows:
                return Responded(s, "chow", tuple(a.tiles))
            if w.tile >= 34:
                raise IllegalAction("wildcard_not_claimable", "a wildcard cannot be chowed")
            raise IllegalAction("cannot_chow", "you cannot chow that run with this discard")
        if isinstance(a, Pass):
            if self.phase == "turn":
                if s == self.turn:
                    raise IllegalAction("nothing_to_pass", "it is your turn: discard a tile")
                raise IllegalAction("no_claim_window", "there is no discard to pass on")
            o, w = self._check_claim(s)
            if not o.any():
                raise IllegalAction("not_a_claimant", "you have nothing to answer in this window")
            return Responded(s, "pass")
        raise IllegalAction("bad_action", f"unknown action {a!r}")

    def _check_turn(self, s: int) -> None:
        if self.phase != "turn" or s != self.turn:
            raise IllegalAction("not_your_turn", f"it is seat {self.turn}'s turn")

    def _check_discard(self, a: Discard) -> Event:
        s, t = a.seat, a.tile
        if self.phase in ("claim", "rob"):
            raise IllegalAction("not_your_turn", "a claim window is open; wait for it to close")
        self._check_turn(s)
        if not isinstance(t, int) or not 0 <= t < 42:
            raise IllegalAction("bad_tile", f"{t!r} is not a tile")
        if not self.counts[s][t]:
            raise IllegalAction("tile_not_in_hand", f"{tile_name(t)} is not in your hand")
        return Discarded(s, t)

    def _check_self_kong(self, a: Kong) -> Event:
        s, t = a.seat, a.tile
        self._check_turn(s)
        if t is None:
            raise IllegalAction("cannot_kong", "name the tile of the kong")
        if not isinstance(t, int) or not 0 <= t < 42:
            raise IllegalAction("bad_tile", f"{t!r} is not a tile")
        if t >= 34:
            raise IllegalAction("wildcard_not_meldable", "wildcards and flowers are never melded")
        c = self.counts[s]
        if not c[t]:
            raise IllegalAction("tile_not_in_hand", f"{tile_name(t)} is not in your hand")
        if self.wall.remaining == 0:
            raise IllegalAction("wall_empty", "no replacement tile is left for a kong")
        if c[t] == 4:
            return Konged(s, t, MeldKind.CONCEALED_KONG.value)
        if any(m.kind is MeldKind.PUNG and m.base == t for m in self.melds[s]):
            return Konged(s, t, MeldKind.ADDED_KONG.value)
        raise IllegalAction(
            "cannot_kong", f"a kong of {tile_name(t)} needs four, or your pung of it"
        )

    def _check_claim(self, s: int) -> tuple[ClaimOptions, Window]:
        w = self.window
        if self.phase not in ("claim", "rob") or w is None:
            if self.last_discard_wild and s != self.turn:
                raise IllegalAction(
                    "wildcard_not_claimable", "a discarded wildcard cannot be claimed"
                )
            raise IllegalAction("no_claim_window", "there is no discard to claim now")
        if s == w.seat:
            raise IllegalAction("not_a_claimant", "you cannot claim your own tile")
        if s in w.responses:
            raise IllegalAction("already_acted", "you have already answered on this tile")
        return w.options.get(s, NO_OPTIONS), w

    def _no_meld_claim(self, s: int, w: Window, need: int, what: str) -> None:
        if w.kind == "rob":
            raise IllegalAction(f"cannot_{what}", "only a win may be claimed on an added kong")
        if w.tile >= 34:
            raise IllegalAction("wildcard_not_claimable", f"a wildcard cannot be {what}ed")
        have = self.counts[s][w.tile]
        if what == "pong" and have >= need and w.tile in self.pong_lock[s]:
            raise IllegalAction(
                "pass_pong_locked",
                f"you passed a pong of {tile_name(w.tile)}; not again before your discard",
            )
        raise IllegalAction(
            f"cannot_{what}",
            f"a {what} of {tile_name(w.tile)} needs {need} in your hand, you hold {have}",
        )

    # -- views ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "ended"

    def hand_size(self, seat: int) -> int:
        """Concealed tiles plus 3 per meld (a kong counts as three)."""
        return sum(self.counts[seat]) + 3 * len(self.melds[seat])

    def tiles_accounted(self) -> int:
        """Live wall + horses + hands + discards + melds + set-aside flowers (tests: = tile_count)."""
        total = self.wall.remaining + self.rules.horses
        for s in range(self.players):
            total += sum(self.counts[s]) + len(self.discards[s]) + len(self.flowers[s])
            total += sum(len(m.tiles) for m in self.melds[s])
        return total

    def snapshot(self) -> dict[str, Any]:
        """A canonical JSON-able picture of the whole state (the hash covers it)."""
        w = self.window
        return {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "commitment": self.commitment,
            "wall": [self.wall.head, self.wall.tail],
            "hands": [format_counts(c) for c in self.counts],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "discards": [[tile_name(t) for t in d] for d in self.discards],
            "flowers": [[tile_name(t) for t in f] for f in self.flowers],
            "phase": self.phase,
            "turn": self.turn,
            "flags": [self.need_draw, self.replacement_due, self.may_self_win, self.last_draw_kong],
            "drawn": None if self.drawn_tile is None else tile_name(self.drawn_tile),
            "window": None
            if w is None
            else {
                "kind": w.kind,
                "seat": w.seat,
                "tile": tile_name(w.tile),
                "options": {
                    str(s): [o.win, o.pong, o.kong, [list(c) for c in o.chows]]
                    for s, o in sorted(w.options.items())
                },
                "responses": {str(s): [r[0], list(r[1])] for s, r in sorted(w.responses.items())},
            },
            "win_lock": self.win_lock,
            "pong_lock": [sorted(p) for p in self.pong_lock],
            "draws": self.draws,
            "discard_count": self.discard_count,
            "calls": self.calls,
            "declared": self.declared,
            "wins": [e.to_json() for e in self.wins],
            "ended": None if self.ended is None else self.ended.to_json(),
            "flower_replace": self.flower_replace,
            "last_discard_wild": self.last_discard_wild,
        }

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of ``snapshot()``: equal states, equal hashes."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def _chows(c: Sequence[int], t: int) -> tuple[tuple[int, int, int], ...]:
    out = []
    n = t % 9
    for start in (t - 2, t - 1, t):
        sn = n - (t - start)
        if sn < 0 or sn > 6:
            continue
        run = (start, start + 1, start + 2)
        if all(c[x] for x in run if x != t):
            out.append(run)
    return tuple(out)


def rules_of(e: HandStarted) -> Rules:
    return get_rules(e.rules, dict(e.options))


_APPLY: dict[type[Event], Any] = {
    HandStarted: HandState._on_hand_started,
    Dealt: HandState._on_dealt,
    FlowerSetAside: HandState._on_flower,
    Drawn: HandState._on_drawn,
    Discarded: HandState._on_discarded,
    Konged: HandState._on_konged,
    WinDeclared: HandState._on_win_declared,
    Responded: HandState._on_responded,
    Called: HandState._on_called,
    Won: HandState._on_won,
    HandEnded: HandState._on_hand_ended,
}


def action_for(ev: Event) -> Action | None:
    """The action a decision event records (None for automatic events)."""
    if isinstance(ev, Discarded):
        return Discard(ev.seat, ev.tile)
    if isinstance(ev, Konged):
        return Kong(ev.seat, ev.tile)
    if isinstance(ev, WinDeclared):
        return Win(ev.seat)
    if isinstance(ev, Responded):
        if ev.choice == "pass":
            return Pass(ev.seat)
        if ev.choice == "win":
            return Win(ev.seat)
        if ev.choice == "pong":
            return Pong(ev.seat)
        if ev.choice == "kong":
            return Kong(ev.seat)
        if ev.choice == "chow" and len(ev.tiles) == 3:
            return Chow(ev.seat, (ev.tiles[0], ev.tiles[1], ev.tiles[2]))
    return None


def check_event(state: HandState, ev: Event, index: int) -> None:
    """Raise ReplayError unless ``ev`` is exactly what may happen next in ``state``."""
    expected = state.pending_auto()
    if expected is not None:
        if ev != expected:
            raise ReplayError(index, f"expected {expected.dumps()} but the log has {ev.dumps()}")
        return
    if not ev.decision:
        raise ReplayError(index, f"a player's decision was due, but the log has {ev.dumps()}")
    action = action_for(ev)
    if action is None:
        raise ReplayError(index, f"{ev.dumps()} is not a valid decision")
    try:
        made = state._decision(action)
    except IllegalAction as exc:
        raise ReplayError(index, f"illegal {ev.dumps()}: {exc.code}: {exc.message}") from None
    if made != ev:
        raise ReplayError(index, f"expected {made.dumps()} but the log has {ev.dumps()}")


def replay_events(events: Sequence[Event], start: int = 0) -> HandState:
    """Fold a hand's events, checking each one; ReplayError names the first bad one.

    ``start`` is the index of the first event in the caller's log (for messages).
    """
    if not events or not isinstance(events[0], HandStarted):
        raise ReplayError(start, "a hand starts with a hand_started event")
    first = events[0]
    try:
        rules = rules_of(first)
    except ValueError as exc:
        raise ReplayError(start, str(exc)) from None
    tiles = list(first.wall) if first.wall else shuffled_wall(rules, first.seed)
    if commitment(first.seed, tiles) != first.commitment:
        raise ReplayError(start, "the wall does not match the hand's published commitment")
    state = HandState(rules)
    state.apply(first)
    for i, ev in enumerate(events[1:], start + 1):
        try:
            check_event(state, ev, i)
            state.apply(ev)
        except ReplayError:
            raise
        except Exception as exc:  # a malformed value inside a well-formed event
            raise ReplayError(i, f"inconsistent {ev.type} event: {exc!r}") from None
    return state
