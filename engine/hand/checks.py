"""Verifying decisions: one check per action type, each returning the decision event or
raising :class:`IllegalAction` with its reason code (the state is never changed here).

:data:`CHECKS` maps an action type to its check; :func:`decision` runs the checks common to
every action first (the hand is waiting for a player, the seat exists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import joker_sets
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
)
from engine.events import (
    DISCARDS,
    PASSES,
    Discarded,
    DrawDeclared,
    Event,
    Konged,
    Responded,
    WinDeclared,
)
from engine.hand import steps
from engine.hand.types import (
    CLAIM,
    DEALING,
    DISCARD_WINDOW,
    ENDED,
    NEW,
    NO_OPTIONS,
    ROB,
    ROB_WINDOW,
    TURN,
    WINNING,
    ClaimOptions,
    Window,
)
from engine.melds import ADDED_KONG_VALUE, CONCEALED_KONG_VALUE, LAIZI_KONG_VALUE, MeldKind
from engine.tiles import NUM_KINDS, NUM_TILE_KINDS, RED, WHITE, tile_name

if TYPE_CHECKING:
    from engine.hand.seat import SeatState
    from engine.hand.state import HandState

_CLAIM_PHASES = (CLAIM, ROB)


def decision(h: HandState, a: Action) -> Event:
    """The decision event of ``a``, or IllegalAction."""
    if type(a) is Discard and h.phase is TURN and a.seat == h.turn:
        return check_discard(h, a)  # the usual decision: the checks below all pass
    if h.phase is ENDED:
        raise IllegalAction("hand_over", "the hand is over")
    if h.phase in (NEW, DEALING, WINNING):
        raise IllegalAction("not_your_turn", "the hand is not waiting for a player")
    s = a.seat
    if not isinstance(s, int) or not 0 <= s < h.players:
        raise IllegalAction("bad_seat", f"seats are 0 to {h.players - 1}")
    check = CHECKS.get(type(a))
    if check is None:
        raise IllegalAction("bad_action", f"unknown action {a!r}")
    return check(h, a)


def kong_floor(h: HandState) -> int:
    """A kong needs more than this many live tiles: one for its replacement, and where the
    last tile is offered as the 海底 (rules.haidi_offer) that tile is not a replacement.
    Where the rules allow only so many kongs a hand (``max_kongs``), none once they are
    made (the floor is then beyond any wall)."""
    most = h.rules.max_kongs
    if most and h.wall.kongs >= most:
        return 1 << 30
    return 1 if h.rules.haidi_offer else 0


def in_void(st: SeatState, t: int) -> bool:
    """Whether ``t`` is of the suit the seat declared void (定缺)."""
    return st.void_suit is not None and t < 27 and t // 9 == st.void_suit


def holds_void(st: SeatState) -> bool:
    v = st.void_suit
    return v is not None and any(st.counts[9 * v : 9 * v + 9])


def own_kongs(h: HandState, seat: int) -> tuple[tuple[int, str], ...]:
    """The kongs ``seat`` may declare on its own turn: (tile, concealed_kong | added_kong)."""
    st = h.seats[seat]
    c = st.counts
    one = laizi_kongs(h, c) if h.rules.laizi else ()
    four = st.has_four()
    if h.rules.joker_sets and h.wild_kinds and not st.lizhi:
        jokers = joker_kongs(h, st)
        if jokers and h.wall.remaining > kong_floor(h) and not (
            h.rules.own_kong_after_draw and not h.may_self_win
        ):
            return tuple(sorted({*_natural_kongs(h, seat, c, one, four), *jokers}))
    return _natural_kongs(h, seat, c, one, four)


def joker_kongs(h: HandState, st: SeatState) -> list[tuple[int, str]]:
    """Option ``joker_sets``: the kongs a seat may declare only with wild tiles — four of a
    kind held with at least one natural, or a wild tile added to its pung."""
    c = st.counts
    wild = h.wild_kinds
    held = sum(c[w] for w in wild if w < len(c))
    if not held:
        return []
    out = [
        (t, CONCEALED_KONG_VALUE)
        for t in range(NUM_KINDS)
        if 0 < c[t] < 4 and c[t] + held >= 4 and t not in wild and not (t == WHITE and h.stand_in is not None)
    ]
    for m in st.melds:
        if m.kind is _PUNG and not c[m.base] and m.base != st.fresh_pung:
            out.append((m.base, ADDED_KONG_VALUE))
    return [k for k in out if not in_void(st, k[0])]


def _natural_kongs(
    h: HandState, seat: int, c: list[int], one: tuple[tuple[int, str], ...], four: bool
) -> tuple[tuple[int, str], ...]:
    """The kongs of natural tiles (and Yangzhou's one-tile kongs) ``seat`` may declare."""
    st = h.seats[seat]
    if not four and not one:
        # the usual turn: only an added kong could be, onto a pung of a kind held
        fresh = st.fresh_pung
        for m in st.melds:
            if m.kind is _PUNG and c[m.base] and m.base != fresh:
                break
        else:
            return ()
    if h.wall.remaining <= kong_floor(h):
        return ()
    if h.rules.own_kong_after_draw and not h.may_self_win:
        return ()  # a kong only right after a draw (riichi), not after a call
    # jokers go into a kong as their face only where the rules say so (Shanghai)
    wild = frozenset() if h.rules.joker_calls else h.wild_kinds
    kongs = []
    if four:
        kongs = [(t, CONCEALED_KONG_VALUE) for t in range(NUM_KINDS) if c[t] == 4 and t not in wild]
    for m in st.melds:
        if m.kind is _PUNG and c[m.base] and m.base != st.fresh_pung:
            kongs.append((m.base, ADDED_KONG_VALUE))
    if st.void_suit is not None:
        kongs = [k for k in kongs if not in_void(st, k[0])]
    if st.lizhi:  # 立直: a concealed kong only where the waits stay the same
        kongs = [k for k in kongs if k[1] == CONCEALED_KONG_VALUE and lizhi_kong_keeps(h, seat, k[0])]
    kongs.extend(one)
    if st.calls_closed:  # riichi: only the kongs the family keeps (the waits unchanged)
        kongs = [k for k in kongs if h.family.kong_after_riichi(h.rules, h, seat, k[0], k[1])]
    return tuple(sorted(kongs))


def ready_after(h: HandState, seat: int, t: int, kong: bool = False) -> frozenset[int]:
    """The kinds the seat would wait on after discarding ``t`` (``kong``: after a concealed
    kong of ``t``, the tile just drawn), read from its concealed tiles."""
    from engine.hand import judge

    naturals, jokers = h.split(seat)
    c = list(naturals)
    melds = len(h.seats[seat].melds) + kong

    def take(k: int, n: int) -> int:
        """Take ``n`` of ``k`` out; the jokers left."""
        if k == WHITE and h.stand_in is not None:
            c[h.stand_in] -= n  # a Fujian 白板 is a natural tile of the wild kind
            return jokers
        if k in h.wild_kinds:
            return jokers - n
        c[k] -= n
        return jokers

    jokers = take(t, 4 if kong else 1)
    if jokers < 0 or min(c) < 0:
        return frozenset()
    out = []
    for k in range(NUM_KINDS):
        if k in h.rules.absent_kinds:
            continue
        if k in h.wild_kinds:
            if judge.shape_complete(h.rules, c, jokers + 1, melds):
                out.append(k)
            continue
        c[k] += 1
        if judge.shape_complete(h.rules, c, jokers, melds):
            out.append(k)
        c[k] -= 1
    return frozenset(out)


def lizhi_kong_keeps(h: HandState, seat: int, t: int) -> bool:
    """立直: whether a concealed kong of ``t`` keeps the waits the seat declared on."""
    d = h.drawn_tile
    if d is None or d != t:
        return False  # ◇ only a kong of the tile just drawn (the hand held three)
    before = ready_after(h, seat, d)
    return bool(before) and ready_after(h, seat, t, kong=True) == before


def lizhi_discards(h: HandState, seat: int) -> tuple[int, ...]:
    """The discards ``seat`` may declare 立直 with now (rules.lizhi): none where it holds an
    exposed meld, has declared, or fewer than 4 live tiles are left."""
    st = h.seats[seat]
    if (
        not h.rules.lizhi or st.lizhi or h.wall.remaining < 4
        or any(not m.kind.is_concealed for m in st.melds)
    ):
        return ()
    from engine.hand import judge

    naturals, jokers = h.split(seat)
    melds = len(st.melds)
    if judge.shanten(h.rules, naturals, jokers, melds) > 0:
        return ()  # no discard leaves this hand ready (most turns end here)
    out = []
    for t in legal_discards(h, st, st.held()):
        c, j = list(naturals), jokers
        k = h.stand_in if t == WHITE and h.stand_in is not None else t
        if t in h.wild_kinds and k == t:
            j -= 1
        else:
            c[k] -= 1
        if j >= 0 and min(c) >= 0 and judge.shanten(h.rules, c, j, melds) <= 0:
            out.append(t)
    return tuple(out)


def laizi_kongs(h: HandState, c: list[int]) -> tuple[tuple[int, str], ...]:
    """The one-tile kongs (杠出去) a seat holding ``c`` may make under ``laizi``: a 红中 or a
    赖子 (the hand's wild kind), one at a time."""
    kinds = sorted({RED, *(k for k in h.wild_kinds if k < NUM_KINDS)})
    return tuple((t, LAIZI_KONG_VALUE) for t in kinds if c[t])


# a class attribute is a slow read in Python 3.11: the kinds own_kongs reads every turn
_PUNG = MeldKind.PUNG


def allowed_discards(st: SeatState, discards: tuple[int, ...]) -> tuple[int, ...]:
    """``discards`` less what a chow bans this turn (``st.discard_ban``): no ban when the
    discard leaves a single tile (大吊车), nor when every tile held is banned."""
    if not st.discard_ban or sum(st.counts) <= 2:
        return discards
    allowed = tuple(t for t in discards if t not in st.discard_ban)
    return allowed or discards


def legal_discards(h: HandState, st: SeatState, discards: tuple[int, ...]) -> tuple[int, ...]:
    """``discards`` less what the rules forbid this turn: anything but the void suit while
    the seat holds it (定缺); anything but the 海底 its taker drew (it is shown,
    rules.haidi_offer); what a chow bans (:func:`allowed_discards`)."""
    if st.void_suit is not None and holds_void(st):
        return tuple(t for t in discards if in_void(st, t))
    if h.haidi_taker is not None and h.wall.remaining == 0 and h.drawn_tile is not None:
        return (h.drawn_tile,)
    if st.lizhi and h.drawn_tile is not None:
        return (h.drawn_tile,)  # 立直: the hand is locked
    return allowed_discards(st, discards)


def _forced(h: HandState, s: int, win: bool) -> None:
    """Refuse anything but the win where the seat must take it (rules.forced_win_tiles)."""
    if win and h.must_win():
        raise IllegalAction(
            "must_win", f"only {h.wall.remaining} tiles are left: a winning hand must win now"
        )


def _check_turn(h: HandState, s: int) -> None:
    if h.phase is not TURN or s != h.turn:
        raise IllegalAction("not_your_turn", f"it is seat {h.turn}'s turn")


def _check_tile(t: object) -> int:
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < NUM_TILE_KINDS:
        raise IllegalAction("bad_tile", f"{t!r} is not a tile")
    return t


def _refuse_withheld(h: HandState, s: int, action: str) -> None:
    """Refuse with the rule's own code where a lock kept ``action`` from the seat on the last
    tile given up (HandState.withheld: 过胡, 过碰, one's own discard, a discarded joker),
    whether or not a window is still open on it."""
    kept = h.withheld.get(s) if h.withheld else None
    if not kept:
        return
    for what, code in kept:
        if what == action or (action == "kong" and code in _KONG_LOCKS):
            raise IllegalAction(code, _WITHHELD_WHY[code](h, s))


def _win_lock_why(h: HandState, s: int) -> str:
    code = h.family.win_lock_code(h.rules, h, s)
    if code != "pass_win_locked":
        return _FURITEN_WHY.get(code, code)
    lifted_by = "draw or call" if h.win_lock_lifted_by_call else "draw"
    return f"you passed a win: no win on a discard until your next {lifted_by}"


_FURITEN_WHY = {
    "furiten_discard": "furiten: one of your waits is among your own discards (tsumo only)",
    "furiten_temporary": "furiten: you passed a winning tile; no ron before your next discard",
    "furiten_riichi": "furiten: a winning tile passed after your riichi; tsumo only this hand",
}


# a kong on the discard is kept by these locks too (过碰 keeps pongs only)
_KONG_LOCKS = frozenset({"wildcard_not_claimable", "own_discard_locked"})
_WITHHELD_WHY: dict[str, Callable[[HandState, int], str]] = {
    "pass_win_locked": _win_lock_why,
    "furiten_discard": _win_lock_why,
    "furiten_temporary": _win_lock_why,
    "furiten_riichi": _win_lock_why,
    "wildcard_not_claimable": lambda h, s: "a discarded wildcard cannot be claimed",
    "own_discard_locked": lambda h, s: (
        "you discarded that tile yourself: no pong or chow of it before your next draw or call"
    ),
    "pass_pong_locked": lambda h, s: (
        "you passed a pong of that tile: not again before your own next "
        + ("draw" if h.pong_lock_lifted_by_draw else "discard")
    ),
}


def _check_claim(
    h: HandState, s: int, action: str = ""
) -> tuple[ClaimOptions, Window]:
    w = h.window
    if h.phase not in _CLAIM_PHASES or w is None:
        _refuse_withheld(h, s, action)
        if h.last_discard_wild and s != h.turn:
            raise IllegalAction("wildcard_not_claimable", "a discarded wildcard cannot be claimed")
        raise IllegalAction("no_claim_window", "there is no discard to claim now")
    if s == w.seat:
        raise IllegalAction("not_a_claimant", "you cannot claim your own tile")
    if s in w.responses:
        raise IllegalAction("already_acted", "you have already answered on this tile")
    return w.options.get(s, NO_OPTIONS), w


def _no_meld_claim(h: HandState, s: int, w: Window, need: int, what: str) -> None:
    """Why a pong / kong on the window's tile is refused (always raises)."""
    if w.kind is ROB_WINDOW:
        raise IllegalAction(f"cannot_{what}", "only a win may be claimed on an added kong")
    if w.tile in h.wild_kinds:
        raise IllegalAction("wildcard_not_claimable", f"a wildcard cannot be {what}ed")
    st = h.seats[s]
    have = st.counts[w.tile]
    if have >= need and st.discard_lock == w.tile:
        raise IllegalAction(
            "own_discard_locked",
            f"you discarded {tile_name(w.tile)} yourself: not before your next draw or call",
        )
    if what == "pong" and have >= need and w.tile in st.pong_lock:
        raise IllegalAction(
            "pass_pong_locked",
            f"you passed a pong of {tile_name(w.tile)}; not again before your next "
            + ("draw" if h.pong_lock_lifted_by_draw else "discard"),
        )
    raise IllegalAction(
        f"cannot_{what}",
        f"a {what} of {tile_name(w.tile)} needs {need} in your hand, you hold {have}",
    )


def check_discard(h: HandState, a: Discard) -> Event:
    s = a.seat
    t = a.tile
    if (
        h.phase is TURN
        and s == h.turn
        and type(t) is int
        and 0 <= t < NUM_TILE_KINDS
        and not h.rules.forced_win_tiles
    ):
        # the usual discard, every check below passing in one go: where no void suit, 海底
        # or chow's ban narrows the discards, any kind held may go
        st = h.seats[s]
        if st.counts[t] and (
            (st.void_suit is None and h.haidi_taker is None and not st.discard_ban
             and not st.lizhi)
            or t in legal_discards(h, st, st.held())
        ):
            return DISCARDS[s][t]
    if h.phase in _CLAIM_PHASES:
        raise IllegalAction("not_your_turn", "a claim window is open; wait for it to close")
    _check_turn(h, s)
    t = _check_tile(a.tile)
    st = h.seats[s]
    if not st.counts[t]:
        raise IllegalAction("tile_not_in_hand", f"{tile_name(t)} is not in your hand")
    if h.rules.forced_win_tiles:
        _forced(h, s, h.can_self_win(s))
    if t not in legal_discards(h, st, st.held()):
        if holds_void(st):
            raise IllegalAction(
                "void_first", "tiles of your void suit must be discarded before any other"
            )
        if h.haidi_taker == s:
            raise IllegalAction("haidi_shown", "the 海底 you took is shown: discard it")
        raise IllegalAction(
            "discard_banned",
            f"after that chow you may not discard {tile_name(t)} this turn "
            "(the chowed tile or the far end of the run)",
        )
    return Discarded(s, t)


def check_riichi(h: HandState, a: Riichi) -> Event:
    """A discard declaring riichi: only a tile ``legal_actions`` offers for it."""
    if h.phase in _CLAIM_PHASES:
        raise IllegalAction("not_your_turn", "a claim window is open; wait for it to close")
    _check_turn(h, a.seat)
    t = _check_tile(a.tile)
    legal = h.legal_actions(a.seat)
    if t not in legal.riichi:
        why = h.family.riichi_refusal(h.rules, h, a.seat, t) if h.table is not None else (
            "立直 needs no exposed meld, 4 live tiles left and a hand ready after discarding "
            f"{tile_name(t)}")
        raise IllegalAction("cannot_riichi", why)
    return Discarded(a.seat, t, True)


def check_declare_draw(h: HandState, a: DeclareDraw) -> Event:
    """An abortive draw declared on one's own turn, where the family offers one."""
    _check_turn(h, a.seat)
    if not h.legal_actions(a.seat).declare_draw:
        raise IllegalAction(
            "cannot_declare_draw",
            "nine kinds of terminals and honours on your first draw, before any call",
        )
    return DrawDeclared(a.seat)


def check_win(h: HandState, a: Win) -> Event:
    s = a.seat
    if h.phase is TURN and (s == h.turn or not h.last_discard_wild):
        if s != h.turn:
            _refuse_withheld(h, s, "win")
        _check_turn(h, s)
        if not h.can_self_win(s):
            if h.rules.false_win and s == h.turn and h.idle():
                return WinDeclared(s)  # 诈胡: the declaration stands and is paid for
            raise IllegalAction("cannot_win", "this hand is not a winning hand now")
        return WinDeclared(s)
    o, w = _check_claim(h, s, "win")
    if o.win:
        return Responded(s, "win")
    if h.rules.self_draw_only:
        raise IllegalAction("self_draw_only", "these rules allow only self-drawn wins")
    if w.tile in h.wild_kinds:
        raise IllegalAction("wildcard_not_claimable", "nobody may win on a discarded wildcard")
    if w.kind is ROB_WINDOW and not h.rules.robbing_kong:
        raise IllegalAction("cannot_win", "robbing a kong is off in these rules")
    if h.win_locked(s):
        raise IllegalAction(h.family.win_lock_code(h.rules, h, s), _win_lock_why(h, s))
    raise IllegalAction("cannot_win", f"{tile_name(w.tile)} does not complete your hand")


def check_pong(h: HandState, a: Pong) -> Event:
    s = a.seat
    o, w = _check_claim(h, s, "pong")
    _forced(h, s, o.win)
    if o.pong:
        return Responded(s, "pong")
    _no_meld_claim(h, s, w, 2, "pong")
    raise AssertionError("unreachable")


def check_kong(h: HandState, a: Kong) -> Event:
    if h.phase is TURN:
        return _check_own_kong(h, a)
    s = a.seat
    o, w = _check_claim(h, s, "kong")
    if a.tile is not None and a.tile != w.tile:
        raise IllegalAction("cannot_kong", "a kong in a claim window is on the discard")
    _forced(h, s, o.win)
    if o.kong:
        return Responded(s, "kong")
    st = h.seats[s]
    if st.counts[w.tile] >= 3 and w.tile not in h.wild_kinds and h.wall.remaining == 0:
        raise IllegalAction("wall_empty", "no replacement tile is left for a kong")
    _no_meld_claim(h, s, w, 3, "kong")
    raise AssertionError("unreachable")


def _check_own_kong(h: HandState, a: Kong) -> Event:
    s = a.seat
    _check_turn(h, s)
    if a.tile is None:
        raise IllegalAction("cannot_kong", "name the tile of the kong")
    t = _check_tile(a.tile)
    if h.rules.laizi and t < NUM_KINDS and (t == RED or t in h.wild_kinds):
        return _check_laizi_kong(h, s, t)
    wild = t in h.wild_kinds and not h.rules.joker_calls
    if wild or t in h.bonus_kinds or t >= NUM_KINDS:
        raise IllegalAction("wildcard_not_meldable", "wildcards and flowers are never melded")
    st = h.seats[s]
    c = st.counts
    if not c[t] and not (h.rules.joker_sets and (t, ADDED_KONG_VALUE) in joker_kongs(h, st)):
        raise IllegalAction("tile_not_in_hand", f"{tile_name(t)} is not in your hand")
    if h.rules.forced_win_tiles:
        _forced(h, s, h.can_self_win(s))
    if h.wall.remaining <= kong_floor(h):
        raise IllegalAction("wall_empty", "no replacement tile is left for a kong")
    if h.rules.own_kong_after_draw and not h.may_self_win:
        raise IllegalAction("cannot_kong", "a kong of your own only right after your draw")
    if in_void(st, t):
        raise IllegalAction("void_suit", "tiles of your void suit are discarded, not melded")
    if st.calls_closed and not any(k[0] == t for k in own_kongs(h, s)):
        raise IllegalAction(
            "riichi_locked",
            "after riichi only a concealed kong of the tile just drawn that keeps your waits",
        )
    if c[t] == 4:
        return Konged(s, t, CONCEALED_KONG_VALUE)
    if (
        h.rules.joker_sets
        and not any(m.kind is MeldKind.PUNG and m.base == t for m in st.melds)
        and (t, CONCEALED_KONG_VALUE) in joker_kongs(h, st)
    ):
        used = joker_sets.declared_tiles(c, h.wild_kinds, t, 4)
        assert used is not None, "joker_kongs offered it"
        return Konged(s, t, CONCEALED_KONG_VALUE, tuple(x for x in used if x != t))
    if any(m.kind is MeldKind.PUNG and m.base == t for m in st.melds):
        if t == st.fresh_pung:
            raise IllegalAction(
                "cannot_kong",
                f"you ponged {tile_name(t)} this turn: discard first; add the fourth on a later turn",
            )
        if not c[t]:  # option joker_sets: the lowest wild tile held goes on the pung
            w = min(x for x in h.wild_kinds if x < len(c) and c[x])
            return Konged(s, t, ADDED_KONG_VALUE, (w,))
        return Konged(s, t, ADDED_KONG_VALUE)
    raise IllegalAction("cannot_kong", f"a kong of {tile_name(t)} needs four, or your pung of it")


def _check_laizi_kong(h: HandState, s: int, t: int) -> Event:
    """杠出去: one 红中 or one 赖子 set aside, a replacement drawn from the tail."""
    if not h.seats[s].counts[t]:
        raise IllegalAction("tile_not_in_hand", f"{tile_name(t)} is not in your hand")
    if h.wall.remaining <= kong_floor(h):
        raise IllegalAction("wall_empty", "no replacement tile is left for a kong")
    return Konged(s, t, LAIZI_KONG_VALUE)


def check_chow(h: HandState, a: Chow) -> Event:
    if not h.rules.chow:
        raise IllegalAction("chow_not_allowed", "there is no chow in these rules")
    s = a.seat
    o, w = _check_claim(h, s)
    if w.kind is DISCARD_WINDOW and s != (w.seat + 1) % h.players:
        raise IllegalAction("chow_wrong_seat", "chow only the discard of the player before you")
    if tuple(a.tiles) in o.chows:
        return Responded(s, "chow", tuple(a.tiles))
    if w.tile in h.wild_kinds:
        raise IllegalAction("wildcard_not_claimable", "a wildcard cannot be chowed")
    raise IllegalAction("cannot_chow", "you cannot chow that run with this discard")


def check_pass(h: HandState, a: Pass) -> Event:
    s = a.seat
    if h.phase is TURN:
        if s == h.turn:
            raise IllegalAction("nothing_to_pass", "it is your turn: discard a tile")
        raise IllegalAction("no_claim_window", "there is no discard to pass on")
    o, _ = _check_claim(h, s)
    if not o.any():
        raise IllegalAction("not_a_claimant", "you have nothing to answer in this window")
    _forced(h, s, o.win)
    return PASSES[s]


CHECKS: dict[type[Action], Callable[[HandState, Any], Event]] = {
    Discard: check_discard,
    Win: check_win,
    Pong: check_pong,
    Kong: check_kong,
    Chow: check_chow,
    Pass: check_pass,
    Choose: steps.check,
    Riichi: check_riichi,
    DeclareDraw: check_declare_draw,
}
