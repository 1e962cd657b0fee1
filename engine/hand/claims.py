"""Claim windows: who may do what with a discard (or an added kong), and how a window closes.

When a tile is discarded, :func:`discard_options` asks every other seat once: win (its shape
waits, cached per change of its hand, then the family's pattern filter, then scoring),
pong, kong, chow. The window waits for every seat with an option; :func:`resolve` then
applies the priority win > pong/kong > chow, several wins following
``rules.multiple_winners``, and otherwise the next seat draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import joker_sets, settlement
from engine.events import Called, Drawn, Event, Won
from engine.family import WinFacts
from engine.hand import auto, checks, marks, steps
from engine.hand.types import ROB_WINDOW, SEATS_AFTER, ClaimOptions, PlannedWin, Window
from engine.melds import CHOW_VALUE, KONG_VALUE, PUNG_VALUE
from engine.scoring import Score
from engine.tiles import NUM_KINDS, WHITE

if TYPE_CHECKING:
    from engine.hand.seat import SeatState
    from engine.hand.state import HandState


def chows_of(c: Sequence[int], t: int) -> tuple[tuple[int, int, int], ...]:
    """The runs the counts ``c`` can make with the discarded suited tile ``t``."""
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


def can_win_on(
    h: HandState, seat: int, tile: int, robbing: bool = False, discarder: int | None = None
) -> bool:
    """Whether ``seat`` may win on another seat's ``tile`` (a discard, or a robbed kong;
    ``discarder``: whose tile it is)."""
    k = _kind(h, tile)
    if h.win_locked(seat) or not h.waits_mask(seat) >> k & 1 or not h.pattern_possible_on(seat, k):
        return False
    if h.rules.discard_furiten and tile in h.seats[seat].thrown:
        return False  # 排列出牌: a kind one discarded oneself
    return _scores_on(h, seat, tile, robbing, discarder)


def _kind(h: HandState, t: int) -> int:
    """The kind the tile ``t`` plays as: a 白板 that stands in (Fujian) is the wild kind."""
    return h.stand_in if t == WHITE and h.stand_in is not None else t


def _scores_on(h: HandState, seat: int, tile: int, robbing: bool, discarder: int | None) -> bool:
    """The last step of :func:`can_win_on`: the hand with ``tile`` scores."""
    situations = auto.discard_situations(h, seat)
    if robbing:
        situations = situations | {"robbing_kong"}
    return h.wins_with(seat, tile, situations, discarder)


def discard_options(h: HandState, discarder: int, t: int) -> dict[int, ClaimOptions]:
    """Every other seat's options on the discard ``t`` (seats with none are left out)."""
    rules = h.rules
    if (t in h.wild_kinds and not rules.joker_calls) or t in h.bonus_kinds:
        return {}  # jokers (and bonus tiles) are never claimable, except as their face
    out: dict[int, ClaimOptions] = {}
    n = h.players
    if rules.last_tile_dead and h.wall.remaining == 0:
        return out  # the last live tile is dead when let go: the hand is drawn (Baoding)
    if not rules.discard_claims:
        return out  # discards lie face down (two-player Sichuan): nothing to claim
    discard_wins = h.discard_wins
    k = _kind(h, t)
    chow_seat = (discarder + 1) % n if rules.chow and t < 27 else -1
    seats = h.seats
    family = h.family
    for s in SEATS_AFTER[n][discarder]:
        st = seats[s]
        if st.has_won:
            continue  # out of the hand (血战到底)
        # a win first: the seat's waits (cached per change of its hand, the cache read
        # here; most discards end there), then the family's pattern filter (its facts
        # cached alike), then scoring
        win = False
        if discard_wins and not (st.win_lock and h.win_locked(s)) and t not in st.thrown:
            known = st.waits_cache
            waits = known[1] if known is not None and known[0] == st.version else h.waits_mask(s)
            if waits >> k & 1:
                facts = st.pattern_cache
                win = family.pattern_possible_on(
                    rules,
                    facts[1] if facts is not None and facts[0] == st.version else h.pattern_facts(s),
                    k,
                ) and _scores_on(h, s, t, False, discarder)
        # then a meld, where the seat holds two of the kind or may chow
        held = st.counts[t] + (wild_held(h, st, t) if rules.joker_sets else 0)
        if (held >= 2 or s == chow_seat) and not st.lizhi:  # 立直: no calls
            pong, kong, chows = _meld_options(h, st, s == chow_seat, t, h.wall.remaining, held)
            if chows:
                out[s] = ClaimOptions(win, pong, kong, chows)
            elif win or pong or kong:
                out[s] = _OPTIONS[win][pong][kong]  # the same few values, shared
        elif win:
            out[s] = _OPTIONS[True][False][False]
    return out


# the claim options without a chow, by win, pong and kong
_OPTIONS = [[[ClaimOptions(w, p, k) for k in (False, True)] for p in (False, True)] for w in (False, True)]


def wild_held(h: HandState, st: SeatState, t: int) -> int:
    """Option ``joker_sets``: the wild tiles a seat may put with the discard ``t`` into a pong
    or kong (none for a tile that plays as another kind, a stand-in 白板)."""
    if _kind(h, t) != t or t in h.wild_kinds:
        return 0
    c = st.counts
    return sum(c[w] for w in h.wild_kinds if w < len(c))


def call_tiles(h: HandState, seat: int, t: int, size: int) -> tuple[int, ...]:
    """The tiles of a pong (3) or kong (4) the seat makes on the discard ``t``: the discard,
    then its natural tiles of the kind, then (option ``joker_sets``) wild ones."""
    if not h.rules.joker_sets or h.seats[seat].counts[t] >= size - 1:
        return (t,) * size
    used = joker_sets.call_tiles(h.seats[seat].counts, h.wild_kinds, t, size)
    assert used is not None, "the claim options allowed this call"
    return tuple(sorted((t, *used)))


def _meld_options(
    h: HandState, st: SeatState, chow_seat: bool, t: int, remaining: int, have: int
) -> tuple[bool, bool, tuple[tuple[int, int, int], ...]]:
    """The pong, kong and chows a seat may make on the discard ``t`` (``chow_seat``: it is
    the next seat, where the rules have chows), holding ``have`` tiles that may go with it
    into a pong or kong."""
    rules = h.rules
    # no chow or pong of the kind one threw oneself since one's last draw (Shanghai); the
    # 海底 its taker shows may only be won on (rules.haidi_offer)
    own = (
        st.calls_closed
        or st.discard_lock == t
        or (remaining == 0 and (h.haidi_taker is not None or not rules.last_discard_calls))
        or checks.in_void(st, t)
    )
    pong = have >= 2 and t not in st.pong_lock and not own
    kong = have >= 3 and remaining > checks.kong_floor(h) and not own
    chows: tuple[tuple[int, int, int], ...] = ()
    if chow_seat and not own and not (rules.furiten_chow and t in st.thrown):
        chows = chows_of(st.counts, t)
        if chows and h.wild_kinds and not rules.joker_calls:
            # a joker never goes into a chow (except as its face, where the rules say)
            chows = tuple(r for r in chows if not any(x in h.wild_kinds for x in r))
    if rules.kuikae and (pong or chows):
        # kuikae (riichi): no call after which every tile left is one the call forbids
        pong = pong and _kuikae_leaves(st.counts, (t, t), frozenset({t}))
        chows = tuple(
            r for r in chows
            if _kuikae_leaves(st.counts, tuple(x for x in r if x != t), marks.chow_bans(r, t))
        )  # fmt: skip
    return pong, kong, chows


def _kuikae_leaves(c: Sequence[int], used: tuple[int, ...], banned: frozenset[int]) -> bool:
    """Whether a hand of counts ``c`` keeps a tile it may discard after melding ``used``."""
    left = list(c[:NUM_KINDS])
    for x in used:
        left[x] -= 1
    return any(n and k not in banned for k, n in enumerate(left))


# what a rule kept from a seat, by seat (HandState.withheld): nothing, the usual case, shared
NOTHING_WITHHELD: dict[int, tuple[tuple[str, str], ...]] = {}


def withheld_on(
    h: HandState,
    discarder: int,
    t: int,
    options: dict[int, ClaimOptions],
    robbing: bool = False,
) -> dict[int, tuple[tuple[str, str], ...]]:
    """The claims a lock kept from each seat on the tile ``t`` (a discard, or an added kong
    where ``robbing``): a win its 过胡 hides, a pong its 过碰 or its own discard forbids, a
    win or pong of a discarded joker. Asked after every discard: most end at the first
    test (no joker, no seat locked)."""
    rules = h.rules
    seats = h.seats
    joker = t in h.wild_kinds and not rules.joker_calls
    if not joker and not any(
        st.win_lock or st.pong_lock or st.discard_lock == t or t in st.thrown for st in seats
    ):
        return NOTHING_WITHHELD
    out: dict[int, tuple[tuple[str, str], ...]] = {}
    for s in SEATS_AFTER[h.players][discarder]:
        st = seats[s]
        if st.has_won:
            continue
        opts = options.get(s)
        kept: list[tuple[str, str]] = []
        if h.discard_wins and not (opts is not None and opts.win):
            if joker and h.waits_mask(s) >> _kind(h, t) & 1:
                kept.append(("win", "wildcard_not_claimable"))
            elif h.win_locked(s) and _would_win(h, s, t, robbing, discarder):
                kept.append(("win", h.family.win_lock_code(rules, h, s)))
            elif t in st.thrown and _would_win(h, s, t, robbing, discarder, furiten=False):
                kept.append(("win", "discard_furiten"))
        if not robbing and st.counts[t] >= 2 and not (opts is not None and opts.pong):
            if joker:
                kept.append(("pong", "wildcard_not_claimable"))
            elif st.discard_lock == t:
                kept.append(("pong", "own_discard_locked"))
            elif t in st.pong_lock:
                kept.append(("pong", "pass_pong_locked"))
        if kept:
            out[s] = tuple(kept)
    return out or NOTHING_WITHHELD


def _would_win(
    h: HandState, seat: int, tile: int, robbing: bool, discarder: int, furiten: bool = True
) -> bool:
    """Whether ``seat`` could win on ``tile`` but for its 过胡 (and, ``furiten`` False, but
    for 排列出牌)."""
    k = _kind(h, tile)
    if not h.waits_mask(seat) >> k & 1 or not h.pattern_possible_on(seat, k):
        return False
    if furiten and h.rules.discard_furiten and tile in h.seats[seat].thrown:
        return False
    return _scores_on(h, seat, tile, robbing, discarder)


def rob_options(
    h: HandState, konger: int, t: int, concealed: bool = False
) -> dict[int, ClaimOptions]:
    """Who may rob the added kong of ``t`` (a win on it, where discard wins and robbing are
    on); a ``concealed`` kong only with a win of ``rules.concealed_rob_patterns``."""
    rules = h.rules
    out: dict[int, ClaimOptions] = {}
    if not (rules.discard_wins and rules.robbing_kong):
        return out
    if concealed and not rules.concealed_rob_patterns:
        return out
    for i in range(1, h.players):
        s = (konger + i) % h.players
        if not h.seats[s].has_won and can_win_on(h, s, t, robbing=True, discarder=konger):
            if concealed:
                sit = auto.discard_situations(h, s) | {"robbing_kong"}
                sc = h.score_with(s, t, False, sit, konger)
                if sc is None or not set(sc.patterns) & set(rules.concealed_rob_patterns):
                    continue
            out[s] = ClaimOptions(win=True)
    return out


def resolve(h: HandState, w: Window) -> Event:
    """The event that closes a window whose every claimant has answered."""
    order = SEATS_AFTER[h.players][w.seat]
    responses = w.responses
    # the choices in turn order (most windows close on passes: no generator, no default
    # records made per seat)
    choices = [responses[s][0] if s in responses else "pass" for s in order]
    if "win" in choices:
        if w.plan is None:
            w.plan = win_plan(h, w, list(order))
        if w.won < len(w.plan):
            seat, score, situations = w.plan[w.won]
            return won_event(h, seat, score, situations, w.tile, w.seat)
        if h.rules.play_on and h.seats_in() >= 2:
            # 血战到底: the seat after the last winner draws
            return steps.head_draw(h, h.next_seat(w.plan[-1][0]))
        return auto.end_event(h)
    if w.kind is ROB_WINDOW:
        return Drawn(w.seat, h.wall.peek_tail(), True)
    if "pong" in choices or "kong" in choices:
        for s, choice in zip(order, choices, strict=True):
            if choice in ("pong", "kong"):
                if choice == "pong":
                    return Called(s, PUNG_VALUE, call_tiles(h, s, w.tile, 3), w.tile, w.seat)
                return Called(s, KONG_VALUE, call_tiles(h, s, w.tile, 4), w.tile, w.seat)
    if "chow" in choices:
        for s, choice in zip(order, choices, strict=True):
            if choice == "chow":
                return Called(s, CHOW_VALUE, responses[s][1], w.tile, w.seat)
    return steps.head_draw(h, h.next_seat(w.seat))


def win_plan(h: HandState, w: Window, order: list[int]) -> list[PlannedWin]:
    """Who of the seats that chose to win actually wins, in turn order, with their scores."""
    claimants = [s for s in order if w.responses.get(s, ("",))[0] == "win"]
    mode = h.rules.multiple_winners
    base = frozenset({"robbing_kong"}) if w.kind is ROB_WINDOW else frozenset()
    if mode == "all" and len(claimants) == 3:
        base = base | {"multi_win3"}
    rules = h.rules
    if rules.riichi_rons:  # riichi: the option multiple_ron decides
        mode = "order" if rules.multiple_ron == "head_bump" else "all"
        if rules.multiple_ron == "double" and rules.abortive_draws and len(claimants) >= 3:
            return []  # three rons: an abortive draw (三家和了)
    scored = []
    for s in claimants:
        sit = base | auto.discard_situations(h, s)
        sc = h.score_with(s, w.tile, False, sit, w.seat)
        assert sc is not None, "a win option that does not score"
        scored.append((s, sc, sit))
    if mode == "all":
        return scored
    if mode == "order":
        return scored[:1]
    best = max(x[1].points for x in scored)
    return [next(x for x in scored if x[1].points == best)]


def won_event(
    h: HandState,
    seat: int,
    score: Score,
    situations: frozenset[str],
    tile: int | None,
    discarder: int | None,
) -> Won:
    """The Won event of ``seat``: its score and who pays it whole (包), if anyone."""
    ctx = h.win_context(seat, discarder is None, situations, discarder)
    st = h.seats[seat]
    melds = tuple(st.melds)
    kong = h.last_kong if h.last_draw_kong else None
    feeder = st.twelve_feeder
    if h.legacy:
        # revision 0 read the last kong in the meld list, and blamed every fourth meld's feeder
        kong = max((i for i, m in enumerate(melds) if m.is_kong), default=None)
        exposed = [m for m in melds if not m.kind.is_concealed]
        feeder = exposed[3].from_seat if len(exposed) >= 4 else None
    facts = WinFacts(melds, ctx, discarder, kong, feeder, h.revision)
    liable = settlement.liable_seat(h.rules, facts, score)
    return Won(
        seat=seat,
        tile=tile,
        self_drawn=discarder is None,
        from_seat=discarder,
        value=score.points,
        fan=score.fan,
        patterns=tuple(score.patterns),
        situations=tuple(sorted(situations)),
        liable=liable,
        # how the value reads, in the log itself (revision 2 on; older hands wrote none)
        value_style=h.family.value_style if h.revision >= 2 else "",
    )
