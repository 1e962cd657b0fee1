"""What the engine does by itself: the deal, draws, 补花, closing windows, wins and the end.

:func:`pending` names the one automatic event due now (``None`` when a player must decide);
``HandState.run`` applies it and asks again, so a decision is followed by everything it
sets off. The situations of a win (杠上开花, 海底, 天和 …) are read here from the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import settlement
from engine.events import (
    HEAD_DRAWS,
    TAIL_DRAWS,
    Dealt,
    Drawn,
    Event,
    FlowerSetAside,
    HandEnded,
    Won,
)
from engine.hand import claims, steps
from engine.hand.types import CHOOSE, CLAIM, DEALING, ENDED, NEW, TURN, WINNING
from engine.scoring import Score
from engine.scoring.types import FALSE_WIN

if TYPE_CHECKING:
    from engine.hand.state import HandState


def pending(h: HandState) -> Event | None:
    """The automatic event due now, or None when a player must decide (or it is over)."""
    phase = h.phase
    if phase is TURN:
        if not (
            h.need_draw
            or h.replacement_due
            or h.flower_replace is not None
            or h.flowers_in_hands
            or h.indicator_due
        ):
            return None
    elif phase is CLAIM and h.flower_replace is None and not h.flowers_in_hands:
        open_ = h.window
        assert open_ is not None
        if not open_.options:  # nobody may claim the discard: the next seat draws (or it ends)
            nxt = (open_.seat + 1) % h.players  # h.next_seat(), its usual answer first
            return steps.head_draw(h, h.next_seat(open_.seat) if h.seats[nxt].has_won else nxt)
        if open_.waiting():
            return None
        return claims.resolve(h, open_)
    elif phase is ENDED or phase is NEW:
        return None
    elif phase is CHOOSE:
        if h.indicator_due:  # the turned tile first: a Charleston knows what is wild
            from engine.indicator import indicator_event

            return indicator_event(h)
        return end_event(h) if h.haidi_declined else steps.pending(h)
    if phase is DEALING:
        return deal_event(h)
    w = h.wall
    if h.indicator_due:  # turned right after the deal, before any 补花
        from engine.indicator import indicator_event

        return indicator_event(h)
    if h.flower_replace is not None:
        if h.family.bonus_tile_wins:  # the flower just set aside may win by itself
            if h.wins:
                return end_event(h)
            won = h.family.bonus_win(h.rules, h)
            if won is not None:
                return won
            offered = h.window
            if offered is not None and offered.tile in h.bonus_kinds:
                # offered as a win (七搶一): the holder answers; a pass closes it with the
                # shower's replacement
                if offered.waiting():
                    return None
                taker = next((s for s, r in offered.responses.items() if r[0] == "win"), None)
                if taker is not None:
                    return h.family.bonus_claim(h.rules, h, taker)
        if w.remaining == 0:
            return end_event(h)
        return Drawn(h.flower_replace, w.peek_tail(), True)
    if h.flower_queue:
        seat, tile = h.flower_queue[0]
        return FlowerSetAside(seat, tile)
    if h.flowers_in_hands:
        bonus = sorted(h.bonus_kinds)
        for i in range(h.players):
            seat = (h.dealer + i) % h.players
            c = h.seats[seat].counts
            for f in bonus:
                if c[f]:
                    return FlowerSetAside(seat, f)
    if phase is TURN:
        if h.replacement_due:
            return TAIL_DRAWS[h.turn][w.peek_tail()]
        if h.need_draw:
            if w.remaining and h.draw_declared is None:
                return HEAD_DRAWS[h.turn][w.peek_head()]
            return end_event(h)
        return None
    if phase is WINNING:
        declared = h.declared
        assert declared is not None
        if not h.wins or (h.rules.play_on and not h.seats[declared].has_won):
            return self_win_event(h, declared)
        if h.rules.play_on and h.seats_in() >= 2:
            return steps.head_draw(h, h.next_seat(declared))  # 血战: the others play on
        return end_event(h)
    win = h.window
    assert win is not None
    if win.waiting():
        return None
    return claims.resolve(h, win)


def deal_event(h: HandState) -> Dealt:
    """``hand_size`` (13) tiles to each seat from the dealer on, then the dealer's one more."""
    tiles = h.wall.tiles
    n = h.players
    size = h.rules.hand_size
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        seat = (h.dealer + i) % n
        hands[seat] = tiles[size * i : size * i + size]
    hands[h.dealer] = [*hands[h.dealer], tiles[size * n]]
    return Dealt(tuple(tuple(sorted(hand)) for hand in hands))


def discard_situations(h: HandState, seat: int) -> frozenset[str]:
    """Situations of a win on another seat's tile: 人和 before one's first draw."""
    sit: set[str] = set()
    if seat != h.dealer and h.seats[seat].draws == 0 and h.calls == 0:
        sit.add("human")
    if h.family.last_discard_wins and h.wall.remaining == 0:
        sit.add("last_tile")  # Beijing: a win on the last discard is 海底 too
    if h.haidi_taker is not None and h.wall.remaining == 0:
        sit.add("last_tile_discard")  # 海底炮: the tile its taker showed
    return frozenset(sit)


def self_situations(h: HandState, seat: int) -> frozenset[str]:
    """Situations of a self-drawn win: 杠上开花, 海底捞月, 天和, 地和."""
    sit = set()
    if h.last_draw_kong:
        sit.add("kong_replacement")
    if h.last_draw_flower:
        sit.add("flower_replacement")
    if h.drawn_tile is not None and h.wall.remaining == 0:
        sit.add("last_tile")
    if h.calls == 0:
        draws = h.seats[seat].draws
        if seat == h.dealer and h.discard_count == 0 and draws == 0:
            sit.add("heavenly")
        elif seat != h.dealer and draws == 1 and h.drawn_tile is not None:
            sit.add("earthly")
    return frozenset(sit)


def self_win_event(h: HandState, seat: int) -> Won:
    """The Won event of a declared self-draw: the best of its readings (and winning tiles,
    on the dealer's 14 dealt tiles)."""
    from engine.hand.claims import won_event

    sit = self_situations(h, seat)
    best: Score | None = None
    best_tile: int | None = h.drawn_tile
    c = h.seats[seat].counts
    tiles = [h.drawn_tile] if h.drawn_tile is not None else [t for t in range(len(c)) if c[t]]
    for t in tiles:
        sc = h.score_self(seat, t, sit)
        if sc is not None and (best is None or sc.points > best.points):
            best, best_tile = sc, t
    if best is None:
        best = h.family.instant_win(h.rules, h.wilds(seat))
    if best is None and h.rules.false_win:
        # 诈胡: a declared win that is none; the family's settlement charges the declarer
        best = Score(points=0, patterns=(FALSE_WIN,))
        return won_event(h, seat, best, frozenset(), h.drawn_tile, None)
    assert best is not None, "a declared self-draw that does not score"
    return won_event(h, seat, best, sit, best_tile, None)


def lizhi_stakes(h: HandState) -> list[tuple[int, int]]:
    """立直 (rules.lizhi): the stakes on the table, (seat, chips) — those a drawn hand left
    (``carry`` "lizhi.<seat>") and this hand's declarations."""
    out = [(int(k[6:]), v) for k, v in sorted(h.carry.items()) if k.startswith("lizhi.")]
    stake = h.rules.lizhi * h.rules.unit
    out += [(s, stake) for s, st in enumerate(h.seats) if st.lizhi]
    return out


def end_event(h: HandState) -> HandEnded:
    """The settlement of the hand (wins, 包, horses, kongs) and the revealed seed."""
    rules = h.rules
    wins = []
    for w in h.wins:
        sc = Score(points=w.value, patterns=tuple(w.patterns), fan=w.fan)
        wins.append(settlement.WinRecord(w.seat, sc, w.self_drawn, w.from_seat, w.liable))
    kongs = []
    for seat, st in enumerate(h.seats):
        for m in st.melds:
            if m.is_kong and (seat, m.base) != h.robbed:
                kongs.append(settlement.KongRecord(seat, m.kind, m.from_seat, m.base))
    drawn = not wins
    horses = h.wall.horse_tiles() if wins and rules.horses else ()
    outcome = settlement.HandOutcome(
        wins=tuple(wins), kongs=tuple(kongs), players=h.players, drawn=drawn, dealer=h.dealer,
        horse_tiles=tuple(horses), facts=h.family.hand_facts(rules, h),
    )  # fmt: skip
    st_ = settlement.settle_hand(rules, outcome)
    if rules.lizhi and wins:  # 立直: the first winner takes every stake on the table
        st_ = settlement.Settlement.of(
            [*st_.payments, *(settlement.Payment(s, h.wins[0].seat, chips, "lizhi")
                              for s, chips in lizhi_stakes(h) if s != h.wins[0].seat)],
            h.players,
        )
    return HandEnded(
        drawn=drawn,
        winners=tuple(w.seat for w in h.wins),
        deltas=tuple(st_.deltas),
        payments=tuple((p.payer, p.payee, p.amount, p.reason) for p in st_.payments),
        seed=h.seed,
        horse_tiles=tuple(sorted(horses)),
        turned=h.family.turned_tiles(rules, h),
        next_dealer=h.family.dealer_after(rules, h),
    )
