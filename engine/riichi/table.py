"""The riichi table game's own record of a hand (``HandState.table``), folded from its events
by :func:`observe` (rule page ``riichi.md``, "Play" and "Draws").

It keeps what the common hand state does not: each seat's riichi (and double riichi), the
ippatsu window, the sticks put on the table, the furiten of each kind, the kan dora turned,
the first discards (四風連打), the kongs by seat (四槓散了), nagashi mangan. After every event
it sets the seats' flags the common checks read: ``win_lock`` (furiten: no ron, with its
reason from :func:`lock_code`), ``calls_closed`` (riichi: no call but ron) and
``discard_ban`` (after riichi every tile but the one drawn; kuikae after a chow or pung).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from engine import analysis
from engine.events import (
    Called,
    Dealt,
    Discarded,
    Drawn,
    Event,
    HandStarted,
    Konged,
    Responded,
    Won,
)
from engine.hand import judge
from engine.hand.marks import chow_bans
from engine.melds import CONCEALED_KONG_VALUE, KONG_VALUE
from engine.riichi.divide import complete
from engine.riichi.score import ORPHANS

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.rules import Rules

START_POINTS: Final = 25000
RIICHI_STICK: Final = 1000
WINDS: Final = (27, 28, 29, 30)
_ALL: Final = frozenset(range(34))


@dataclass(slots=True)
class RiichiTable:
    """The riichi facts of one hand (mutable; changed only by :func:`observe`)."""

    players: int = 4
    riichi: list[int] = field(default_factory=lambda: [0] * 4)  # 0, 1 riichi, 2 double
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    sticks: list[bool] = field(default_factory=lambda: [False] * 4)  # a stick put this hand
    pending: int | None = None  # the seat whose riichi discard is still in its window
    discarded: list[set[int]] = field(default_factory=lambda: [set() for _ in range(4)])
    discards_made: list[int] = field(default_factory=lambda: [0] * 4)
    temporary: list[bool] = field(default_factory=lambda: [False] * 4)
    riichi_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    discard_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    dora: int = 1  # indicators face up
    kan_waiting: int = 0  # open / added kongs whose indicator turns at the konger's discard
    called: bool = False  # a call or kong of any kind so far
    first: list[int] = field(default_factory=list)  # the first discards, while no call
    kong_seats: list[int] = field(default_factory=list)
    nagashi: list[bool] = field(default_factory=lambda: [True] * 4)
    riichi_cache: list[tuple[int, tuple[int, ...], tuple[int, ...]] | None] = field(
        default_factory=lambda: [None] * 4
    )
    # red fives (option ``aka``): the first copy of 5m, 5p, 5s in the wall is red; where it
    # lies by suit (its wall index), the seat holding it (concealed or in a meld; None: the
    # wall, a river, the dead wall), whether it is still concealed, and the red five just
    # discarded (its kind), which a ron or a call takes
    red_index: dict[int, int] = field(default_factory=dict)
    red_holder: dict[int, int | None] = field(default_factory=dict)
    red_concealed: dict[int, bool] = field(default_factory=dict)
    red_discard: int | None = None


# -- waits ------------------------------------------------------------------------------------


def waits_mask(rules: Rules, counts: list[int] | bytes | bytearray, melds: int) -> int:
    """The kinds that complete 13 tiles (``counts``, 34 kinds) with ``melds`` sets made, in
    shape (sets and a pair, seven pairs, thirteen orphans), less kinds held four times."""
    b = bytes(counts[:34])
    sp, to = judge.forms(rules, melds)
    mask: int = analysis.waits_of_keys((b[:9], b[9:18], b[18:27], b[27:]), 0, melds, sp, to)
    if not mask:
        return 0
    full = list(b)
    for k in range(34):
        if mask >> k & 1:
            # no kind held four times; seven pairs must be seven distinct pairs (the
            # common analysis reads four of a kind as two)
            full[k] += 1
            if b[k] == 4 or not complete(full, melds):
                mask &= ~(1 << k)
            full[k] -= 1
    return mask


def seat_waits(h: HandState, seat: int) -> int:
    st = h.seats[seat]
    return waits_mask(h.rules, st.counts, len(st.melds))


def points_of(h: HandState, seat: int) -> int:
    """The seat's points as the hand started (the match carries them)."""
    return int(h.carry.get(f"p{seat}", START_POINTS))


def dora_place(wall_size: int, k: int, ura: bool = False) -> int:
    """Where the ``k``-th dora indicator (0: the first) lies in a wall of ``wall_size``
    tiles, or the tile under it (``ura``): in the dead wall (the last 14 tiles, whose last
    four are the kong replacements), dora k at 6 + 2k from the end, its ura at 5 + 2k."""
    return wall_size - (5 if ura else 6) - 2 * k


def indicators(h: HandState, count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The first ``count`` dora indicators and the tiles under them (ura-dora indicators)."""
    tiles = h.wall.tiles
    n = len(tiles)
    dora = tuple(tiles[dora_place(n, k)] for k in range(count))
    ura = tuple(tiles[dora_place(n, k, True)] for k in range(count))
    return dora, ura


# -- riichi -----------------------------------------------------------------------------------


def riichi_discards(h: HandState, seat: int, discards: tuple[int, ...]) -> tuple[int, ...]:
    """The discards that may declare riichi: a closed hand (concealed kongs allowed), not
    yet riichi, ready after the discard, 1,000 points, 4 tiles left in the live wall."""
    t: RiichiTable = h.table
    st = h.seats[seat]
    if (
        t.riichi[seat]
        or st.exposed
        or h.wall.remaining < 4
        or points_of(h, seat) < RIICHI_STICK
    ):
        return ()
    hit = t.riichi_cache[seat]
    if hit is not None and hit[0] == st.version and hit[1] == discards:
        return hit[2]
    counts = bytearray(st.counts[:34])
    melds = len(st.melds)
    out = []
    for d in discards:
        if d >= 34:
            continue
        counts[d] -= 1
        if waits_mask(h.rules, counts, melds):
            out.append(d)
        counts[d] += 1
    got = tuple(out)
    t.riichi_cache[seat] = (st.version, discards, got)
    return got


def riichi_refusal(h: HandState, seat: int, tile: int) -> str:
    t: RiichiTable = h.table
    st = h.seats[seat]
    if t.riichi[seat]:
        return "you have declared riichi already"
    if st.exposed:
        return "riichi needs a closed hand"
    if h.wall.remaining < 4:
        return "riichi needs at least 4 tiles left in the live wall"
    if points_of(h, seat) < RIICHI_STICK:
        return "riichi needs 1,000 points for the stick"
    return "that discard does not leave the hand ready"


def kong_after_riichi(h: HandState, seat: int, tile: int, kind: str) -> bool:
    """After riichi: a concealed kong of the tile just drawn that keeps the set of waits."""
    st = h.seats[seat]
    if kind != CONCEALED_KONG_VALUE or tile != h.drawn_tile:
        return False
    before = list(st.counts[:34])
    before[tile] -= 1
    after = list(st.counts[:34])
    after[tile] -= 4
    melds = len(st.melds)
    return waits_mask(h.rules, before, melds) == waits_mask(h.rules, after, melds + 1)


def lock_code(h: HandState, seat: int) -> str:
    """Why the seat may not win on a discard now ("": it may)."""
    t: RiichiTable = h.table
    if t.riichi_furiten[seat]:
        return "furiten_riichi"
    if t.discard_furiten[seat]:
        return "furiten_discard"
    if t.temporary[seat]:
        return "furiten_temporary"
    return ""


# -- the fold ---------------------------------------------------------------------------------


def _kuikae(kind: str, tiles: tuple[int, ...], tile: int) -> frozenset[int]:
    """What a chow or pung forbids discarding this turn (kuikae): the called kind, and after
    a chow the tile at the other end of the run (:func:`engine.hand.marks.chow_bans`)."""
    if kind != "chow":
        return frozenset({tile})
    return chow_bans(tuple(sorted(tiles)), tile)


def _put_stick(t: RiichiTable) -> None:
    if t.pending is not None:
        t.sticks[t.pending] = True
        t.pending = None


FIVES: Final = (4, 13, 22)


def reds_of(h: HandState, seat: int, win_tile: int | None = None) -> int:
    """The red fives the seat holds (concealed or called), and the discarded one it wins on
    (``win_tile``: the discard's kind, on a ron)."""
    t: RiichiTable = h.table
    n = sum(1 for k, who in t.red_holder.items() if who == seat)
    if win_tile is not None and t.red_discard == win_tile:
        n += 1
    return n


def _red_dealt(h: HandState) -> None:
    t: RiichiTable = h.table
    size, n = h.rules.hand_size, h.players
    for k, i in t.red_index.items():
        if i < size * n:
            t.red_holder[k] = (h.dealer + i // size) % n
            t.red_concealed[k] = True
        elif i == size * n:
            t.red_holder[k] = h.dealer
            t.red_concealed[k] = True


def _red_fives(h: HandState, ev: Event) -> None:
    """Follow the red fives through the hand (the seat keeps its red five concealed while it
    holds another five of the suit: a five it discards or melds is a plain one first)."""
    t: RiichiTable = h.table
    if isinstance(ev, HandStarted):
        tiles = h.wall.tiles
        for k in FIVES:
            if k in tiles:
                t.red_index[k] = tiles.index(k)
                t.red_holder[k] = None
    elif isinstance(ev, Dealt):
        _red_dealt(h)
    elif isinstance(ev, Drawn):
        i = h.wall.tail if ev.from_tail else h.wall.head - 1
        if t.red_index.get(ev.tile) == i:
            t.red_holder[ev.tile] = ev.seat
            t.red_concealed[ev.tile] = True
    elif isinstance(ev, Discarded):
        k = ev.tile
        t.red_discard = None
        if t.red_holder.get(k) == ev.seat and t.red_concealed.get(k) and not h.seats[ev.seat].counts[k]:
            t.red_holder[k] = None
            t.red_discard = k
    elif isinstance(ev, Called):
        if t.red_discard is not None and t.red_discard == ev.tile:
            t.red_holder[ev.tile] = ev.seat
            t.red_concealed[ev.tile] = False
        for k in set(ev.tiles) & set(FIVES):
            if t.red_holder.get(k) == ev.seat and not h.seats[ev.seat].counts[k]:
                t.red_concealed[k] = False
        t.red_discard = None
    elif isinstance(ev, Konged):
        k = ev.tile
        if t.red_holder.get(k) == ev.seat and not h.seats[ev.seat].counts[k]:
            t.red_concealed[k] = False


def observe(rules: Rules, h: HandState, ev: Event) -> None:
    """Fold ``ev`` (already applied to ``h``) into ``h.table`` and set the seats' flags."""
    t: RiichiTable = h.table
    if rules.aka:
        _red_fives(h, ev)
    if isinstance(ev, Drawn):
        s = ev.seat
        if t.pending is not None:
            _put_stick(t)  # the riichi discard passed: its stick is on the table
        if ev.from_tail:  # a kong's replacement: every ippatsu is broken
            t.ippatsu = [False] * t.players
        if t.riichi[s]:
            h.seats[s].discard_ban = _ALL - {ev.tile}
    elif isinstance(ev, Discarded):
        s, k = ev.seat, ev.tile
        if t.kan_waiting:
            t.dora += t.kan_waiting
            t.kan_waiting = 0
        t.discarded[s].add(k)
        t.discards_made[s] += 1
        if k not in ORPHANS:
            t.nagashi[s] = False
        if t.riichi[s]:
            t.ippatsu[s] = False  # the first discard after riichi closes the window
        t.temporary[s] = False
        if ev.riichi:
            first = t.discards_made[s] == 1 and not t.called
            t.riichi[s] = 2 if first else 1
            t.ippatsu[s] = True
            t.pending = s
            h.seats[s].calls_closed = True
        if not t.called and len(t.first) < h.players:
            t.first.append(k)
        t.discard_furiten[s] = bool(seat_waits(h, s) & _mask(t.discarded[s]))
    elif isinstance(ev, Responded):
        w = h.window
        if w is not None and ev.choice != "win":
            opts = w.options.get(ev.seat)
            if opts is not None and opts.win:
                t.temporary[ev.seat] = True
                if t.riichi[ev.seat]:
                    t.riichi_furiten[ev.seat] = True
    elif isinstance(ev, Called):
        _put_stick(t)
        t.called = True
        t.ippatsu = [False] * t.players
        t.nagashi[ev.from_seat] = False
        t.temporary[ev.seat] = False
        if ev.kind == KONG_VALUE:
            t.kan_waiting += 1
            t.kong_seats.append(ev.seat)
        else:
            h.seats[ev.seat].discard_ban = _kuikae(ev.kind, ev.tiles, ev.tile)
    elif isinstance(ev, Konged):
        t.called = True
        if t.kan_waiting:  # another kong first: the earlier one's indicator turns now
            t.dora += t.kan_waiting
            t.kan_waiting = 0
        if ev.kind == CONCEALED_KONG_VALUE:
            t.dora += 1
        else:
            t.kan_waiting += 1
        t.kong_seats.append(ev.seat)
    elif isinstance(ev, Won) and t.pending is not None and ev.from_seat == t.pending:
        t.pending = None  # won on: the riichi is void, no stick
    for s in range(h.players):
        h.seats[s].win_lock = bool(lock_code(h, s))


def _mask(kinds: set[int]) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


# -- abortive draws and the end of the hand --------------------------------------------------


def abort_reason(h: HandState) -> str:
    """The abortive draw due as the next seat would draw ("" none): 四風連打 (the four first
    discards one wind, no call), 四家立直 (the fourth riichi passed), 四槓散了 (four kongs
    by two or more players, the last one's discard passed)."""
    t: RiichiTable = h.table
    n = h.players
    first = t.first
    one_wind = len(first) == n and first[0] in WINDS and all(k == first[0] for k in first)
    if one_wind and not t.called and h.discard_count == n:
        return "four_winds"
    declared = sum(1 for s in range(n) if t.sticks[s] or t.pending == s)
    if declared == n:
        return "four_riichi"
    if len(t.kong_seats) >= 4 and len(set(t.kong_seats)) >= 2 and not t.kan_waiting:
        return "four_kongs"
    return ""


def nine_kinds(h: HandState, seat: int) -> bool:
    """九種九牌: the seat's first turn (no discard of its own yet), no call of any kind in
    the hand, nine or more kinds of terminals and honours among its 14 tiles."""
    t: RiichiTable = h.table
    if t.called or t.discards_made[seat] or h.turn != seat or not h.may_self_win:
        return False
    c = h.seats[seat].counts
    return sum(1 for k in ORPHANS if c[k]) >= 9


def sticks_put(h: HandState) -> tuple[int, ...]:
    """The seats whose riichi stick went on the table this hand (a riichi discard still in
    its window counts once the hand ends without a win on it)."""
    t: RiichiTable = h.table
    out = [s for s in range(h.players) if t.sticks[s]]
    p = t.pending
    if p is not None and not h.wins:
        w = h.window
        won_on = w is not None and any(r[0] == "win" for r in w.responses.values())
        if not won_on:
            out.append(p)
    return tuple(sorted(out))


def tenpai_seats(h: HandState) -> tuple[int, ...]:
    return tuple(s for s in range(h.players) if seat_waits(h, s))


def nagashi_seats(h: HandState) -> tuple[int, ...]:
    t: RiichiTable = h.table
    return tuple(s for s in range(h.players) if t.nagashi[s] and t.discards_made[s])
