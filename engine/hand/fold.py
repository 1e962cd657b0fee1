"""The fold: how each event changes a hand's state (one function per event type).

Every function trusts its event (``replay_events`` checks a log before folding it) and is
the only place the state changes. Hands of revision 0 (recorded before the first rules
revision) keep the behaviour they were played with where a later revision changed it; each
such place says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import jokers
from engine.events import (
    Called,
    Chose,
    Dealt,
    Discarded,
    DrawDeclared,
    Drawn,
    Event,
    FlowerSetAside,
    HaidiOffered,
    HandEnded,
    HandStarted,
    IndicatorTurned,
    Konged,
    Responded,
    SmallWinsShown,
    TilesExchanged,
    VoidsChosen,
    WinDeclared,
    Won,
)
from engine.hand import claims, marks, steps
from engine.hand.types import (
    CLAIM,
    DEALING,
    DISCARD_WINDOW,
    ENDED,
    NO_OPTIONS,
    ROB,
    ROB_WINDOW,
    TURN,
    WINNING,
    ClaimOptions,
    Window,
)
from engine.melds import (
    CHOW_VALUE,
    CONCEALED_KONG_VALUE,
    KIND_OF_VALUE,
    KONG_VALUE,
    LAIZI_KONG_VALUE,
    PUNG_VALUE,
    Meld,
    MeldKind,
)
from engine.tiles import MAX_SEATS, NUM_KINDS, NUM_TILE_KINDS, WHITE
from engine.wall import Wall, shuffled_wall

if TYPE_CHECKING:
    from engine.hand.state import HandState


def on_hand_started(h: HandState, e: HandStarted) -> None:
    h.hand_no, h.dealer, h.round_wind = e.hand_no, e.dealer, e.round_wind
    h.seed, h.commitment = e.seed, e.commitment
    h.revision = e.revision
    h.given_dice = e.given_dice
    tiles = list(e.wall) if e.wall else shuffled_wall(h.rules, e.seed)
    h.wall = Wall.for_rules(h.rules, tiles)
    h.carry = dict(e.carry)
    # jokers chosen by an indicator are known once it is turned (on_indicator)
    h.wild_kinds = jokers.wild_kinds(h.rules) if h.rules.indicator_source == "none" else frozenset()
    h.stand_in = None
    # split's fast path: no ordinary kind is a joker and every flower in the wall is one
    h._flower_jokers = bool(h.wild_kinds) and all(k >= NUM_KINDS for k in h.wild_kinds) and (
        len(h.wild_kinds) == h.rules.flowers_in_set
    )
    h.phase = DEALING


def on_dealt(h: HandState, e: Dealt) -> None:
    for seat, tiles in enumerate(e.hands):
        st = h.seats[seat]
        c = st.counts
        for t in tiles:
            c[t] += 1
        st.touch()
    bonus = h.bonus_kinds
    if bonus:  # (the bonus tiles dealt: counted apart, where there are any)
        h.flowers_in_hands += sum(1 for tiles in e.hands for t in tiles if t in bonus)
    h.wall.head = sum(len(hand) for hand in e.hands)
    h.phase = TURN
    h.turn = h.dealer
    h.may_self_win = True
    h.indicator_due = h.rules.indicator_source != "none"
    if h.rules.dora and not h.indicator_due:
        _turn_dora(h)
    if not h.legacy:
        h.flower_rounds = _queue_flower_round(h)
    steps.open_steps(h)  # choices after the deal (定缺, 换三张, 起手小胡), where the family asks


def on_exchanged(h: HandState, e: TilesExchanged) -> None:
    """换三张: each seat's three tiles go to the seat ``shift`` places on in turn order."""
    n = h.players
    for seat, tiles in enumerate(e.tiles):
        giver, taker = h.seats[seat], h.seats[(seat + e.shift) % n]
        for t in tiles:
            giver.counts[t] -= 1
            taker.counts[t] += 1
    for st in h.seats:
        st.touch()
    steps.advance(h)


def on_voids(h: HandState, e: VoidsChosen) -> None:
    for st, suit in zip(h.seats, e.suits, strict=True):
        st.void_suit = suit
        st.touch()  # what wins (and what is ready) changed
    if any(suit is not None for suit in e.suits):
        h.declared_voids = tuple(e.suits)
    steps.advance(h)


def on_small_wins(h: HandState, e: SmallWinsShown) -> None:
    h.small_wins = e.items
    steps.advance(h)


def on_indicator(h: HandState, e: IndicatorTurned) -> None:
    """The indicator is turned: the hand's jokers are fixed from now on."""
    h.indicator, h.dice = e.tile, e.dice
    h.indicator_due = False
    h.wild_kinds = jokers.wild_kinds(h.rules, e.tile)
    h.stand_in = jokers.stand_in(h.rules, h.wild_kinds)
    if h.stand_in is not None:
        for st in h.seats:
            st.touch()  # the 白板 held now count as the wild kind
    source = h.rules.indicator_source
    if source == "tail":  # Beijing's 惠坯 stays on the table; replacements start after it
        h.wall.tail -= 1
        h.indicator_out = 1
    elif source == "head":  # Quzhou: the next tile of the wall, kept out of play
        h.wall.head += 1
        h.indicator_out = 1
    for st in h.seats:
        st.touch()  # what is a joker changed: cached splits and waits are stale
    if h.rules.dora:
        _turn_dora(h)


def _turn_dora(h: HandState) -> None:
    """宝牌: the upper tile of the third stack from the tail end (after the preset's own
    turned tile) is turned and kept out of play; draws pass it by. ◇ A bonus tile there
    (a flower, or a Nanjing dragon) is passed over for the next tile towards the head."""
    from engine.shared_options import DORA_FROM_TAIL

    w = h.wall
    at = w.tail - DORA_FROM_TAIL
    while at > w.head and w.tiles[at] in h.bonus_kinds:
        at -= 1
    w.skip = at
    h.dora_indicator = w.tiles[at]


def _queue_flower_round(h: HandState) -> bool:
    """补花 at the deal, one round at a time: every seat, from the dealer, sets aside the bonus
    tiles it holds now; replacements that are bonus tiles again wait for the next round
    (seed 000: 若补回来的是花牌则待该轮完结后再补). False when no bonus tile is left."""
    bonus = h.bonus_kinds
    if not bonus or not h.flowers_in_hands:
        return False
    for i in range(h.players):
        seat = (h.dealer + i) % h.players
        c = h.seats[seat].counts
        h.flower_queue.extend((seat, f) for f in sorted(bonus) for _ in range(c[f]))
    return True


def on_flower(h: HandState, e: FlowerSetAside) -> None:
    st = h.seats[e.seat]
    st.counts[e.tile] -= 1
    st.flowers.append(e.tile)
    h.flowers_in_hands -= 1
    h.flower_replace = e.seat
    if h.flower_queue and h.flower_queue[0] == (e.seat, e.tile):
        h.flower_queue.pop(0)
    st.touch()
    if h.phase is TURN and h.family.bonus_tile_wins:
        # a flower shown (in play or in the deal's 补花) may be offered as a win (Taiwan's
        # 七搶一): a window on the flower that may be taken, its owner's, closed by the
        # shower's replacement when nobody takes it
        offer = h.family.bonus_offer(h.rules, h, e.seat, e.tile)
        if offer is not None:
            owner, tile, seats = offer
            win = ClaimOptions(win=True)
            h.window = Window(ROB_WINDOW, owner, tile, {s: win for s in seats})
            h.phase = ROB


def on_drawn(h: HandState, e: Drawn) -> None:
    s, t = e.seat, e.tile
    st = h.seats[s]
    st.draw(t, t in h.wild_kinds)
    if t == WHITE and h.stand_in is not None:
        st.touch()  # the kept per-suit keys count by face; a stand-in counts as its kind
    if e.from_tail:
        h.wall.tail -= 1
    else:
        h.wall.head += 1
    if h.wall.skip >= 0:
        h.wall.pass_skip()
    if t in h.bonus_kinds:
        h.flowers_in_hands += 1
    if h.flower_replace is not None:
        # a replacement for a bonus tile: the seat's turn state is unchanged (a window that
        # offered the tile as a win, nobody taking it, closes)
        h.flower_replace = None
        if h.window is not None and h.window.tile in h.bonus_kinds:
            h.window = None
            h.phase = TURN
        if s == h.turn and h.drawn_tile is not None:
            h.drawn_tile = t
            # a win on it is 杠开 where the family reads it (the flag is kept only there)
            h.last_draw_flower = h.family.flower_replacement_wins
        if h.flower_rounds and not h.flower_queue:
            # the deal's round is over: the next takes the replacements that were flowers
            h.flower_rounds = _queue_flower_round(h)
        return
    h.window = None
    h.phase = TURN
    h.turn = s
    h.drawn_tile = t
    h.may_self_win = True
    h.last_draw_kong = e.from_tail
    if not e.from_tail:
        h.last_kong = None
    h.need_draw = False
    h.replacement_due = False
    h.last_draw_flower = False
    st.draws += 1
    st.win_lock = False
    st.discard_lock = None
    if st.pong_lock and h.pong_lock_lifted_by_draw:
        st.pong_lock.clear()  # 过碰 until one's next draw (Quzhou), replacement draws too


def on_discarded(h: HandState, e: Discarded) -> None:
    s, t = e.seat, e.tile
    st = h.seats[s]
    wild = t in h.wild_kinds
    st.discard(t, wild)
    if t == WHITE and h.stand_in is not None:
        st.touch()
    st.river.append(t)
    if e.riichi and h.rules.lizhi:  # 立直 (rules.lizhi): the hand is locked from now
        st.lizhi, st.lizhi_at = True, len(st.river) - 1
    if h.rules.discard_furiten:
        st.thrown.add(t)
    if st.pong_lock and not h.pong_lock_lifted_by_draw:
        st.pong_lock.clear()  # 过碰 until one's own discard (revision 3: where the page says)
    st.fresh_pung = None
    rules = h.rules
    if st.discard_ban:
        st.discard_ban = frozenset()
    if rules.own_discard_lock:
        st.discard_lock = t
    if rules.burn_dealer:
        marks.burn_discard(h, s, t)
    h.last_draw_flower = False
    h.discard_count += 1
    h.last_discarder = s
    h.public_version += 1
    h.last_discard_version = h.public_version
    # a discarded joker is only its face where jokers may be called (Shanghai)
    h.last_discard_wild = wild and not rules.joker_calls
    h.drawn_tile = None
    h.may_self_win = False
    h.last_draw_kong = False
    h.last_kong = None
    options = claims.discard_options(h, s, t)
    # a window nobody may answer (most discards) is never changed: one per seat and tile
    # is shared instead of making a new one each time
    h.window = Window(DISCARD_WINDOW, s, t, options) if options else _CLOSED[s][t]
    h.withheld = claims.withheld_on(h, s, t, options)
    h.phase = CLAIM


_CLOSED = [[Window(DISCARD_WINDOW, s, t, {}) for t in range(NUM_TILE_KINDS)] for s in range(MAX_SEATS)]


def on_konged(h: HandState, e: Konged) -> None:
    s, t = e.seat, e.tile
    st = h.seats[s]
    c = st.counts
    h.calls += 1
    h.public_version += 1
    h.drawn_tile = None
    h.may_self_win = False
    h.last_draw_flower = False
    h.wall.kongs += 1
    if e.kind == LAIZI_KONG_VALUE:
        # 杠出去: the tile is set aside beside the melds (with the seat's bonus tiles), and a
        # replacement comes from the tail; no meld, nothing to rob
        c[t] -= 1
        st.flowers.append(t)
        h.last_kong = None
        h.replacement_due = True
    elif e.kind == CONCEALED_KONG_VALUE:
        c[t] -= 4 - len(e.wild)
        for w in e.wild:  # option joker_sets: wild tiles in the kong as its kind
            c[w] -= 1
        st.melds.append(Meld(MeldKind.CONCEALED_KONG, (t, t, t, t), wild=e.wild))
        h.last_kong = len(st.melds) - 1
        h.replacement_due = True
        if h.rules.concealed_rob_patterns:  # riichi: thirteen orphans may rob it
            options = claims.rob_options(h, s, t, concealed=True)
            if options:
                h.window = Window(ROB_WINDOW, s, t, options)
                h.phase = ROB
                h.withheld = claims.withheld_on(h, s, t, options, robbing=True)
    else:
        c[e.wild[0] if e.wild else t] -= 1
        ms = st.melds
        for i, m in enumerate(ms):
            if m.kind is MeldKind.PUNG and m.base == t:
                wild = tuple(sorted((*m.wild, *e.wild)))
                ms[i] = Meld(MeldKind.ADDED_KONG, (t, t, t, t), m.called, m.from_seat, wild)
                h.last_kong = i
                break
        options = claims.rob_options(h, s, t)
        h.window = Window(ROB_WINDOW, s, t, options)
        h.phase = ROB
        h.withheld = claims.withheld_on(h, s, t, options, robbing=True)
    st.touch()


def on_draw_declared(h: HandState, e: DrawDeclared) -> None:
    h.draw_declared = e.seat
    h.need_draw = True  # nobody decides now: the hand's end is due (auto.pending)
    h.may_self_win = False


def on_win_declared(h: HandState, e: WinDeclared) -> None:
    h.declared = e.seat
    h.phase = WINNING


def on_responded(h: HandState, e: Responded) -> None:
    w = h.window
    assert w is not None
    s = e.seat
    w.responses[s] = (e.choice, e.tiles)
    opts = w.options.get(s, NO_OPTIONS)
    st = h.seats[s]
    if opts.win and e.choice != "win" and h.rules.pass_win_lock:
        st.win_lock = True
    if opts.pong and e.choice in ("pass", "chow") and h.rules.pass_pong_lock:
        st.pong_lock.add(w.tile)


def on_called(h: HandState, e: Called) -> None:
    s, t = e.seat, e.tile
    h.seats[e.from_seat].river.pop()
    st = h.seats[s]
    c = st.counts
    used = list(e.tiles)
    used.remove(t)
    for x in used:
        c[x] -= 1
    st.touch()
    if e.kind != CHOW_VALUE and any(x != t for x in e.tiles):
        # option joker_sets: the wild tiles lie in the meld as its kind for good
        wild = tuple(sorted(x for x in e.tiles if x != t))
        st.melds.append(Meld(KIND_OF_VALUE[e.kind], (t,) * len(e.tiles), t, e.from_seat, wild))
    else:
        st.melds.append(Meld(KIND_OF_VALUE[e.kind], e.tiles, t, e.from_seat))
    h.calls += 1
    h.public_version += 1
    h.last_discard_wild = False
    h.withheld = claims.NOTHING_WITHHELD  # the tile is claimed: what it withheld is moot
    h.window = None
    h.phase = TURN
    h.turn = s
    h.drawn_tile = None
    h.may_self_win = False
    h.last_draw_kong = False
    h.replacement_due = e.kind == KONG_VALUE
    h.last_kong = len(st.melds) - 1 if h.replacement_due else None
    if h.replacement_due:
        h.wall.kongs += 1
    h.last_draw_flower = False
    rules = h.rules
    if rules.chow_discard_ban and e.kind == CHOW_VALUE:
        st.discard_ban = marks.chow_bans(e.tiles, t)
    st.discard_lock = None
    if rules.burn_dealer:
        marks.burn_call(h)
    if rules.bind_calls:
        marks.bind_call(h, s, e.kind, e.from_seat)
    if h.legacy:
        return
    # a call is 动牌: it lifts the seat's 过胡 as a draw does, where the game says so (revision
    # 1 lifted it on every call, in every game)
    if h.win_lock_lifted_by_call:
        st.win_lock = False
    st.fresh_pung = t if e.kind == PUNG_VALUE else None
    # 十二张落地: the feeder of a fourth exposed meld is liable for that seat's self-draw,
    # but only for the first seat it does this to (包先不包后)
    if st.exposed == 4 and all(o.twelve_feeder != e.from_seat for o in h.seats):
        st.twelve_feeder = e.from_seat


def on_won(h: HandState, e: Won) -> None:
    h.wins.append(e)
    h.public_version += 1  # a robbed kong is a pung again, its tile in the river
    w = h.window
    if w is not None:
        w.won += 1
    if "robbing_kong" in e.situations and w is not None:
        h.robbed = (w.seat, w.tile)
    if not h.rules.play_on:
        return
    # 血战到底: the winner leaves the hand and the others play on
    h.seats[e.seat].has_won = True
    h.out_seats = tuple([s for s, st in enumerate(h.seats) if st.has_won])
    if h.robbed is not None and w is not None and w.kind is ROB_WINDOW:
        # the robbed kong is a pung again; its fourth tile went out as if discarded
        seat, tile = h.robbed
        st = h.seats[seat]
        for i, m in enumerate(st.melds):
            if m.kind is MeldKind.ADDED_KONG and m.base == tile:
                st.melds[i] = Meld(MeldKind.PUNG, (tile,) * 3, m.called, m.from_seat)
                st.river.append(tile)
                h.wall.kongs -= 1
                st.touch()
                break


def on_hand_ended(h: HandState, e: HandEnded) -> None:
    h.ended = e
    h.phase = ENDED
    h.window = None


APPLY: dict[type[Event], Callable[[HandState, Any], None]] = {
    HandStarted: on_hand_started,
    Dealt: on_dealt,
    IndicatorTurned: on_indicator,
    FlowerSetAside: on_flower,
    Drawn: on_drawn,
    Discarded: on_discarded,
    Konged: on_konged,
    WinDeclared: on_win_declared,
    DrawDeclared: on_draw_declared,
    Responded: on_responded,
    Called: on_called,
    Won: on_won,
    HandEnded: on_hand_ended,
    TilesExchanged: on_exchanged,
    VoidsChosen: on_voids,
    SmallWinsShown: on_small_wins,
    HaidiOffered: steps.on_offered,
    Chose: steps.on_chose,
}
