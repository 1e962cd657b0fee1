"""Engine events in words: the public notices of a table (calls, wins, voids) and the
play-by-play moves a terminal prints. A concealed tile is never named."""

from __future__ import annotations

from engine.events import (
    Called,
    Discarded,
    Drawn,
    Event,
    FlowerSetAside,
    HaidiOffered,
    HandEnded,
    HandStarted,
    IndicatorTurned,
    Konged,
    SmallWinsShown,
    TilesExchanged,
    VoidsChosen,
    Won,
)
from engine.scoring.types import FALSE_WIN
from engine.tiles import format_tiles, tile_name
from tables.model import Notice
from tables.table import Table
from tables.text import ABORT_KEYS


def notice_for(t: Table, e: Event) -> Notice | None:
    """The channel's notice for an event, or None when the event shows only in the table."""
    if isinstance(e, Called):
        key = {"pung": "call.pong", "kong": "call.kong", "chow": "call.chow"}.get(e.kind)
        if key is None:
            return None
        return Notice(key, {"name": t.name(e.seat), "tile": tile_name(e.tile),
                            "tiles": format_tiles(e.tiles)}, e.seat)
    if isinstance(e, Konged):
        key = {"concealed_kong": "call.concealed_kong",
               "laizi_kong": "call.laizi_kong"}.get(e.kind, "call.added_kong")
        args = {"name": t.name(e.seat)}
        if e.kind != "concealed_kong":  # a concealed kong's tile stays hidden
            args["tile"] = tile_name(e.tile)
        return Notice(key, args, e.seat)
    if isinstance(e, Won):
        key = "call.self_draw" if e.self_drawn else "call.win"
        if FALSE_WIN in e.patterns:
            key = "call.false_win"
        return Notice(key, {"name": t.name(e.seat)}, e.seat)
    if isinstance(e, HandEnded) and e.drawn:
        kind, seat = t.game.abort() if t.game is not None else ("", None)
        if kind:  # a riichi abortive draw: why, in the reader's language
            return Notice(ABORT_KEYS[kind], {"name": "" if seat is None else t.name(seat)})
        return Notice("call.draw", {})
    if isinstance(e, VoidsChosen):  # 定缺: shown together once every seat has chosen
        # names and suit numbers: tables.text words them in each reader's language
        return Notice("call.voids", {"names": [t.name(seat) for seat in range(len(e.suits))],
                                     "suits": list(e.suits)})
    if isinstance(e, TilesExchanged) and not e.dice and t.playing().rules.charleston != "off":
        # a Charleston pass (none for the dealer's call of another round)
        if not e.shift:
            return None
        return Notice("call.charleston", {"shift": e.shift})
    if isinstance(e, TilesExchanged):
        # the previous seat is ``shift`` n - 1 at a table of n (3 seats: 2 is not across)
        return Notice("call.exchanged", {"shift": {1: 1, t.size - 1: 3}.get(e.shift, e.shift)})
    if isinstance(e, SmallWinsShown):
        shown = [(seat, items) for seat, items in enumerate(e.items) if items]
        if not shown:
            return None
        names = ", ".join(t.name(seat) for seat, _ in shown)
        items = "; ".join(" + ".join(items) for _, items in shown)
        amount = max((a for _, _, a in e.payments), default=0)
        return Notice("call.small_wins", {"name": names, "items": items, "amount": amount},
                      shown[0][0])
    if isinstance(e, HaidiOffered):
        return Notice("call.haidi", {"name": t.name(e.seat)}, e.seat)
    if isinstance(e, IndicatorTurned):  # public: everyone sees the turned tile
        game = t.playing()
        wild = game.hand.wild_kinds if game.hand is not None else frozenset()
        return Notice("call.indicator", {"tile": tile_name(e.tile), "kind": game.rules.family,
                                         "joker": format_tiles(sorted(wild))})
    return None


def move_for(t: Table, e: Event, draws_after: int) -> Notice | None:
    """A public move in words for a play-by-play transport; a drawn tile stays hidden.
    ``draws_after``: draws of the same move still to come (the wall count as of this event)."""
    game = t.playing()
    wall = game.hand.wall.remaining + draws_after if game.hand is not None else 0
    if isinstance(e, HandStarted):
        args: dict[str, object] = {
            "hand": e.hand_no + 1, "hands": t.hands, "dealer": t.name(e.dealer),
            "dealer_seat": e.dealer, "wall": wall, "hash": e.commitment,
        }
        if t.size == 4:
            return Notice("move.hand", {**args, "wind": e.round_wind % 4})
        # another seat count has no winds: its seat count instead of a round wind
        return Notice("move.hand.seats", {**args, "n": t.size})
    if isinstance(e, Drawn):
        return Notice("move.draw", {"name": t.name(e.seat), "wall": wall}, e.seat)
    if isinstance(e, Discarded):
        return Notice("move.discard", {"name": t.name(e.seat), "tile": tile_name(e.tile)}, e.seat)
    if isinstance(e, FlowerSetAside):
        return Notice("move.flower", {"name": t.name(e.seat), "tile": tile_name(e.tile)}, e.seat)
    return None
