"""The thinking shared by the ``easy``, ``normal`` and ``hard`` players, with the knobs
that make them differ (:class:`Style`).

Every decision weighs the hand's worth after it (:mod:`engine.players.evaluation`: each
paying target's value times a rough chance of completing it) against the chance of dealing
in to a seat that looks ready (:mod:`engine.players.safety`) where the style defends. Only
the :class:`Observation` is read; randomness comes from the player's own seeded Random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import analysis, scoring
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.family import family_of
from engine.melds import Meld, MeldKind
from engine.players.base import Observation
from engine.players.choices import choose
from engine.players.evaluation import HandView, Prospect, two_step, win_chance
from engine.players.safety import SeatRead, danger, read_seats

# a self-draw is paid by three seats, a discard win by one: a hand's expected chips are
# roughly twice its per-payer worth
PAY = 2.0
# discards within this fraction of the best are compared by two-step acceptance
LOOKAHEAD_BAND = 0.15
# chance per round that a ready seat wins (its wait from the wall and three discards)
READY_WIN = 0.25
# where a wall used up pays the ready hands (查叫), a hand ready then is worth this share of
# its value: about half the seats still in are not ready at the end, and pay it
READY_END = 0.5
# where the others play on after a win (血战), the hazard that the hand ends first is this
# share of the usual one (a win ends only the winner's part)
PLAY_ON_HAZARD = 0.5


@dataclass(frozen=True, slots=True)
class Style:
    """What makes one level play differently from another."""

    visible: bool = True  # count acceptance against every visible tile (else own hand only)
    # rule families where, without ``visible``, every visible tile is counted once the hand is
    # ready (its waits are chosen by what is left of them), only its own tiles before
    ready_sight: tuple[str, ...] = ()
    defence: float = 1.0  # 0: never looks at the others' threats
    decline: bool = False  # may pass a discard win for a self-draw that pays much more
    decline_wall: int = 20  # … only while this many tiles are left
    decline_margin: float = 1.3
    decline_hazard: float = 1.0  # scales the hazard while waiting
    decline_risk: float = 0.5  # chips: what waiting risks (dealing in meanwhile)
    claim_margin: float = 0.0  # a call must raise the hand's worth by this fraction
    slip: float = 0.0  # chance of a careless discard among the next best few
    slip_width: int = 3
    call_whim: float = 0.0  # chance of getting a call wrong (taking a bad one / missing a good one)
    wild_keep: float = 0.6  # a wildcard discard must beat the best other by this much worth
    alarm: float = 0.0  # a seat's threat at which its danger is weighed
    fold_threat: float = 0.45  # fold when a seat is this likely ready …
    fold_shanten: int = 2  # … and this hand is at least this far
    safe_band: float = 0.0  # discards within this fraction of the best count as equal: safest
    flex: float = 0.25  # worth of a hand's second and third targets (see HandView)
    pace: float = 1.0  # assumed speed of filling a hand (see HandView)
    spread: float = 0.35  # how much a wide acceptance now counts (see win_chance)
    lookahead: bool = False  # two-step acceptance between close discards (see two_step)
    # aim at 平胡 (all chows) where the preset pays it (slow; no gain measured)
    chows_target: bool = False
    bonuses: bool = False  # weigh the preset's bonuses (Guangdong's bonus pungs, 飞牌)
    hazard: float = 0.06  # chance per round that another seat wins first (chicken presets)
    hazard_reads: bool = False  # ready-looking seats shorten the expected hand
    # aim at the forms the family pays far more for than a plain hand (Guobiao's 七对)
    deep: bool = False
    # value the targets for speed where the family says (Guobiao: the 8 every payer pays
    # makes a fast cheap hand worth more than a slow big one reads)
    speed: bool = False
    # weigh every discard's chance of dealing in against the hand's worth (push or fold by
    # the numbers), not only when folding
    push_fold: bool = False
    fold_weight: float = 1.0  # how much of the expected cost of dealing in counts then
    walls: bool = False  # read the neighbours' visible counts into a tile's danger (壁)


class Planner:
    """A computer player of a given :class:`Style`."""

    style = Style()

    def __init__(self, seed: str | int = 0) -> None:
        self.rng = random.Random(seed)
        # the other seats read for the observation being answered (asked several times)
        self._read: tuple[Observation, list[SeatRead]] | None = None

    # -- helpers ------------------------------------------------------------------------------

    def _sees_table(self, obs: Observation) -> bool:
        """Whether acceptance is counted against every visible tile for this decision."""
        style = self.style
        if style.visible:
            return True
        if obs.rules.family not in style.ready_sight:
            return False
        melds = len(obs.melds[obs.seat]) + obs.rules.short_sets
        rules = obs.rules
        return analysis.shanten(obs.naturals(), obs.wilds, melds,
                                seven_pairs=rules.seven_pairs and melds == 0,
                                thirteen_orphans=melds == 0 and rules.orphans_form) <= 0

    def _view(self, obs: Observation) -> HandView:
        rules = obs.rules
        c34 = obs.naturals()
        if self._sees_table(obs):
            seen = obs.visible_counts()
            wk = obs.wild_kinds
            # rivers without a joker (most) are passed over by one set test
            wild_gone = sum(
                sum(1 for t in d if t in wk) for d in obs.discards if not wk.isdisjoint(d)
            )
        else:
            seen = list(c34)
            wild_gone = 0
        for k in rules.absent_kinds:
            # a set without honours (108 tiles) or 万 (100 tiles): none is left to draw
            seen[k] = 4
        unseen_wilds = max(0, obs.jokers_in_set - obs.wilds - wild_gone)
        # the seats still in share the wall (in 血战 the winners have left)
        draws = obs.wall_remaining // max(1, obs.seats_in)
        bonus: frozenset[int] = frozenset()
        if self.style.bonuses:
            # pungs that add to a hand (Guangdong: dragons, the seat's own and the round wind)
            seat_wind = (obs.seat - obs.dealer) % len(obs.discards)
            bonus = family_of(rules).bonus_pung_kinds(rules, seat_wind, obs.round_wind)
        faces = [k for k in obs.wild_kinds if k < 34]
        return HandView(
            rules, obs.melds[obs.seat], seen, unseen_wilds, draws, self._hazard(obs), bonus,
            self.style.flex, self.style.pace, self.style.spread, self.style.chows_target,
            faces[0] if len(faces) == 1 else None,
            READY_END if family_of(rules).ready_pays_at_end else 0.0, self.style.deep,
            self.style.speed,
        )  # fmt: skip

    def _hazard(self, obs: Observation) -> float:
        """Chance per round that somebody else wins first: hands end fast where any complete
        hand wins, slower where a pattern is needed; more when a seat looks ready."""
        h = self.style.hazard if obs.rules.chicken_wins else self.style.hazard / 2
        if self.style.hazard_reads:
            for r in self._seats(obs):
                h += READY_WIN * r.threat
        if obs.rules.play_on:
            # another seat's win ends only its own part of the hand (血战到底)
            h *= PLAY_ON_HAZARD
        return min(0.5, h)

    def _reads(self, obs: Observation) -> list[SeatRead]:
        rules = obs.rules
        if self.style.defence <= 0 or not rules.discard_wins:
            return []  # (where only a self-draw wins, no discard can deal in)
        # only seats that look ready and may win on a discard are worth giving up tiles for
        # (Beijing: a seat that has chowed or ponged wins only by self-draw)
        return [
            r
            for r in self._seats(obs)
            if r.threat >= self.style.alarm
            and not (
                rules.discard_win_concealed
                and any(not m.kind.is_concealed for m in obs.melds[r.seat])
            )
        ]

    def _seats(self, obs: Observation) -> list[SeatRead]:
        """:func:`read_seats` of ``obs``, read once per observation."""
        if self._read is None or self._read[0] is not obs:
            self._read = (obs, read_seats(obs))
        return self._read[1]

    def _deal_in(
        self, obs: Observation, seen: list[int], reads: list[SeatRead], tile: int
    ) -> tuple[float, float]:
        """(chance a discard of ``tile`` deals in, the expected loss if it does)."""
        if not reads:
            return 0.0, 0.0
        miss = 1.0
        loss = 0.0
        for r in reads:
            if not r.threat:  # surely not ready: no danger (0.0 either way)
                continue
            p = min(
                0.9, r.threat * danger(obs, seen, r, tile, self.style.walls) * self.style.defence
            )
            miss *= 1.0 - p
            loss += p * r.value
        hit = 1.0 - miss
        return hit, (loss / hit if hit > 0 else 0.0) * obs.rules.unit

    # -- decisions ----------------------------------------------------------------------------

    def act(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        if la.phase == "choose":
            return choose(obs)
        if la.win and not (self.style.decline and self._declines(obs)):
            return Win(s)
        if la.phase == "turn":
            return self._turn(obs)
        return self._claim(obs)

    def _turn(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        c34 = obs.naturals()
        wilds = obs.wilds
        melds = len(obs.melds[s]) + obs.rules.short_sets  # short hands: as melds
        view = self._view(obs)
        if la.kongs:
            options = view.discards(c34, wilds, melds)
            best_now = max((w for _, w, _ in options), default=0.0)
            for k, kind in la.kongs:
                if k in obs.wild_kinds:
                    continue  # never spend jokers on a kong of their face (四百搭 wins instead)
                if c34[k] < (4 if kind == "concealed_kong" else 1):
                    continue  # a kong that would spend wild tiles (joker_sets): they are worth more
                after = list(c34)
                if kind == "concealed_kong":
                    after[k] -= 4
                    m = melds + 1
                else:
                    after[k] -= 1
                    m = melds
                w, _ = view.worth(after, wilds, m)
                if w >= best_now * 0.95 or self._whim() or _kong_pays(obs, c34, after, wilds, m):
                    return Kong(s, k)
        return self._discard(obs, view, c34, wilds, melds)

    def _whim(self) -> bool:
        return self.style.call_whim > 0 and self.rng.random() < self.style.call_whim

    def _discard(
        self, obs: Observation, view: HandView, c34: list[int], wilds: int, melds: int
    ) -> Action:
        s = obs.seat
        hand = obs.hand
        options = view.discards(c34, wilds, melds)
        if family_of(obs.rules).ready_waits_checked:
            options = self._ready_waits(obs, c34, wilds, options)
        reads = self._reads(obs)
        seen = list(view.seen) if self.style.visible else obs.visible_counts()
        best_natural = max((w for k, w, _ in options if k >= 0), default=0.0)
        # push or fold: fold (safest tile first) when a seat looks ready and this hand is
        # still far; otherwise play for the hand, and between nearly equal tiles take the safer
        # (how far the hand is: read only when a seat looks ready)
        folding = (
            bool(reads)
            and max(r.threat for r in reads) >= self.style.fold_threat
            and min((p.shanten for _, _, p in options if p is not None), default=9)
            >= self.style.fold_shanten
        )
        # (not where a pattern is needed to win, 正百搭: there the deal-ins it saved cost
        # more wins than they were worth, docs/players.md)
        push_fold = self.style.push_fold and bool(reads) and obs.rules.chicken_wins
        scored: list[tuple[float, int]] = []
        legal = obs.legal.discards
        for k, worth, _ in options:
            if k >= 0 and not hand[k]:
                continue
            tile = k if k >= 0 else obs.a_wild()
            if tile not in legal:
                continue  # barred this turn (after a chow)
            # the chance of dealing in counts only when folding or choosing the safer of
            # nearly equal tiles
            hit, loss = (
                self._deal_in(obs, seen, reads, tile)
                if folding or self.style.safe_band or push_fold
                else (0.0, 0.0)
            )
            if folding:
                # dealing in pays the winner and ends this hand's own chances
                u = (1.0 - hit) * PAY * worth - hit * (loss + PAY * worth)
                u -= 10.0 * hit
            elif push_fold:
                # push or fold by the numbers: the hand's worth kept unless this tile deals
                # in, and then what dealing in costs beyond what that seat's win would anyway
                u = (1.0 - hit) * PAY * worth - self.style.fold_weight * hit * loss
            else:
                u = PAY * worth
                if self.style.safe_band and worth >= (1.0 - self.style.safe_band) * best_natural:
                    u = (
                        PAY * best_natural * (1.0 - self.style.safe_band)
                        - hit * loss
                        + 1e-3 * worth
                    )
                    u += PAY * best_natural * self.style.safe_band
            if k < 0 and not folding:
                # never throw a wildcard without cause: it must be clearly better
                u -= self.style.wild_keep * PAY * max(best_natural, 0.05)
            scored.append((u, k))
        if not scored:  # nothing analysed (e.g. only flowers left): any legal discard
            return Discard(s, obs.legal.discards[0])
        scored.sort(key=lambda x: (-x[0], x[1]))
        pick = scored[0][1]
        if self.style.lookahead and not folding:
            pick = self._look_ahead(obs, view, c34, wilds, melds, options, scored, pick)
        if self.style.slip and self.rng.random() < self.style.slip:
            naturals = [k for _, k in scored if k >= 0][: self.style.slip_width]
            if naturals:
                pick = self.rng.choice(naturals)
        if pick < 0:
            return Discard(s, obs.a_wild())
        return Discard(s, pick)

    def _ready_waits(
        self,
        obs: Observation,
        c34: list[int],
        wilds: int,
        options: list[tuple[int, float, Prospect | None]],
    ) -> list[tuple[int, float, Prospect | None]]:
        """A discard that leaves the hand ready is worth what its winning waits are: where a
        complete hand need not win (Guobiao's 8 fans, Baoding's suits), each wait is scored
        as a self-draw, and the worth is scaled by the share of the unseen waiting tiles that
        would win (a quarter kept: the hand may still change its wait)."""
        from engine.hand import judge

        rules = obs.rules
        s = obs.seat
        melds = list(obs.melds[s])
        seen = obs.visible_counts()
        wind = (s - obs.dealer) % len(obs.discards)
        ctx = scoring.WinContext(self_drawn=True, seat_wind=wind, round_wind=obs.round_wind,
                                 wild_kinds=obs.wild_kinds)  # fmt: skip
        out = []
        for k, worth, p in options:
            if p is None or p.shanten != 0 or k < 0:
                out.append((k, worth, p))
                continue
            after = list(c34)
            after[k] -= 1
            waits = judge.shape_waits(
                rules, after, wilds, len(melds) + rules.short_sets, obs.wild_kinds, melds
            )
            tiles = [t for t, n in enumerate(after) for _ in range(n)]
            live = good = 0
            for w in waits:
                left = 4 - seen[w]
                if left <= 0:
                    continue
                live += left
                if scoring.score_win(rules, [*tiles, w], melds, w, ctx) is not None:
                    good += left
            share = good / live if live else 0.0
            out.append((k, worth * (0.25 + 0.75 * share), p))
        return out

    def _look_ahead(
        self,
        obs: Observation,
        view: HandView,
        c34: list[int],
        wilds: int,
        melds: int,
        options: list[tuple[int, float, Prospect | None]],
        scored: list[tuple[float, int]],
        pick: int,
    ) -> int:
        """Between the two best discards toward the same plain hand at the same distance,
        the one whose accepting draws lead to the widest next hand (two-step acceptance)."""
        prospect = {k: p for k, _, p in options}
        best = prospect.get(pick)
        if best is None or not best.target.any_form or not 1 <= best.shanten <= 2 or pick < 0:
            return pick
        top = [pick]
        for u, k in scored[1:3]:
            p = prospect.get(k)
            if (
                k >= 0 and p is not None and p.target.any_form and p.shanten == best.shanten
                and u >= scored[0][0] * (1.0 - LOOKAHEAD_BAND)
            ):  # fmt: skip
                top.append(k)
        if len(top) < 2:
            return pick
        scores = {k: two_step(obs.rules, c34, wilds, melds, k, view.seen) for k in top[:2]}
        return max(top[:2], key=lambda k: (scores[k], k == pick))

    def _claim(self, obs: Observation) -> Action:
        la = obs.legal
        s = obs.seat
        tile = la.tile
        if tile is None or la.phase != "claim":
            return Pass(s)
        c34 = obs.naturals()
        wilds = obs.wilds
        melds = len(obs.melds[s]) + obs.rules.short_sets  # short hands: as melds
        view = self._view(obs)
        now, _ = view.worth(c34, wilds, melds)
        margin = 1.0 + self.style.claim_margin
        best: tuple[float, Action] | None = None
        if tile in obs.wild_kinds:
            return Pass(s)  # a pong or kong of a discarded joker's face would spend our jokers
        if la.kong:
            after = list(c34)
            spent = 3 - min(after[tile], 3)  # wild tiles that go in with the natural ones
            after[tile] -= 3 - spent
            left = wilds - spent
            w = self._after_call(obs, view, after, left, Meld(MeldKind.KONG, (tile,) * 4, tile))
            if w >= now * 0.95 or _kong_pays(obs, c34, after, left, melds + 1):
                best = (max(w, now * margin), Kong(s))
        if la.pong:
            after = list(c34)
            spent = 2 - min(after[tile], 2)
            after[tile] -= 2 - spent
            w = self._after_call(
                obs, view, after, wilds - spent, Meld(MeldKind.PUNG, (tile,) * 3, tile)
            )
            if w > now * margin and (best is None or w > best[0]):
                best = (w, Pong(s))
        for run in la.chows:
            if any(x != tile and x in obs.wild_kinds for x in run):
                continue  # never spend a joker on a chow
            after = list(c34)
            for x in run:
                if x != tile:
                    after[x] -= 1
            w = self._after_call(obs, view, after, wilds, Meld(MeldKind.CHOW, run, tile))
            if w > now * margin and (best is None or w > best[0]):
                best = (w, Chow(s, run))
        if self._whim():
            # a careless call: take the first one offered, or miss the good one
            if best is None:
                if la.pong:
                    return Pong(s)
            else:
                return Pass(s)
        return best[1] if best is not None else Pass(s)

    def _after_call(
        self, obs: Observation, view: HandView, counts: list[int], wilds: int, made: Meld
    ) -> float:
        """The worth of the hand after a call: the best discard's (pong, chow), or the
        13-tile hand's before its replacement draw (a kong)."""
        melds = [*obs.melds[obs.seat], made]
        called = HandView(
            view.rules, melds, view.seen, view.unseen_wilds, view.draws, view.hazard,
            view.bonus_kinds, view.flex, view.pace, view.spread,
            any(t.chows for t in view.targets) or not view.targets, view.face_kind,
            view.ready_end, view.deep, view.speed,
        )  # fmt: skip
        if made.is_kong:
            return called.worth(counts, wilds, len(melds) + obs.rules.short_sets)[0]
        opts = called.discards(counts, wilds, len(melds) + obs.rules.short_sets)
        return max((w for k, w, _ in opts if k >= 0), default=0.0)

    def _declines(self, obs: Observation) -> bool:
        """Whether to pass a win on a discard for a self-draw that pays much more.

        A discard win is paid by one seat, a self-draw by all three (and in Guangdong with a
        fan more): where the wait is wide and the wall long, waiting can be worth more than
        taking. 过胡 then bars discard wins until this seat's next draw; it plays on for the
        self-draw. Self-drawn wins are always taken.
        """
        la = obs.legal
        if la.phase == "turn" or la.tile is None or obs.wall_remaining < self.style.decline_wall:
            return False
        rules = obs.rules
        s = obs.seat
        n = len(obs.discards)
        tile = la.tile
        tiles = [t for t, k in enumerate(obs.hand) for _ in range(k)]
        wind = (s - obs.dealer) % n
        ron = scoring.score_win(
            rules, [*tiles, tile], list(obs.melds[s]), tile,
            scoring.WinContext(self_drawn=False, seat_wind=wind, round_wind=obs.round_wind,
                               wild_kinds=obs.wild_kinds),
        )  # fmt: skip
        tsumo = scoring.score_win(
            rules, [*tiles, tile], list(obs.melds[s]), tile,
            scoring.WinContext(self_drawn=True, seat_wind=wind, round_wind=obs.round_wind,
                               wild_kinds=obs.wild_kinds),
        )  # fmt: skip
        if ron is None or tsumo is None:
            return False
        # a self-draw is paid by the seats still in (in 血战 the winners have left)
        family = family_of(rules)
        now = family.win_gain(rules, ron, False, s, obs.dealer, obs.seats_in)
        later = family.win_gain(rules, tsumo, True, s, obs.dealer, obs.seats_in)
        from engine import analysis

        c34 = obs.naturals()
        melds = len(obs.melds[s]) + obs.rules.short_sets  # short hands: as melds
        waits = analysis.waits(
            c34, obs.wilds, melds, seven_pairs=rules.seven_pairs and melds == 0,
            thirteen_orphans=melds == 0 and rules.orphans_form,
        )  # fmt: skip
        view = self._view(obs)
        accept = view.unseen_wilds + sum(4 - view.seen[k] for k in waits if view.seen[k] < 4)
        # while it waits, a seat that looks ready may win first (calibrated threats)
        miss = 1.0
        for r in self._seats(obs):
            miss *= 1.0 - READY_WIN * r.threat
        if obs.rules.play_on:
            miss = 1.0 - (1.0 - miss) * PLAY_ON_HAZARD  # their win does not end this hand
        hazard = min(0.6, max(view.hazard, 1.0 - miss) * self.style.decline_hazard)
        p = win_chance(0, accept, view.unseen, obs.wall_remaining // obs.seats_in, False, hazard)
        return p * later > self.style.decline_margin * now + self.style.decline_risk


def _kong_pays(obs: Observation, before: list[int], after: list[int], wilds: int, melds: int) -> bool:
    """Where a kong is paid at once and adds a fan (the family's ``kongs_pay``: Sichuan's
    刮风下雨), a kong that keeps the hand as close to winning is taken: its shape costs less
    than the kong brings."""
    if not family_of(obs.rules).kongs_pay:
        return False
    sp = obs.rules.seven_pairs
    made = len(obs.melds[obs.seat]) + obs.rules.short_sets
    now = analysis.shanten(before, wilds, made, seven_pairs=sp, thirteen_orphans=False)
    return analysis.shanten(after, wilds, melds, seven_pairs=False, thirteen_orphans=False) <= now
