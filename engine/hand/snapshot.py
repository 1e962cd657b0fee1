"""The canonical picture of a hand's state that its hash covers (``HandState.snapshot``).

Hands of revision 0 keep exactly the picture they had when they were recorded (their stored
hashes still match); later revisions add the seat flags they introduced, and the state the
indicator games brought (``ext``) appears only in hands that have it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.tiles import format_counts, tile_name

if TYPE_CHECKING:
    from engine.hand.state import HandState


def snapshot(self: HandState) -> dict[str, Any]:
    """A canonical JSON-able picture of the whole state (the hash covers it).

    Hands of revision 0 keep exactly the picture they had when they were recorded (their
    stored hashes still match); later revisions add the seat flags they introduced.
    """
    w = self.window
    seats = self.seats
    out: dict[str, Any] = {
        "hand_no": self.hand_no,
        "dealer": self.dealer,
        "round_wind": self.round_wind,
        "commitment": self.commitment,
        "wall": [self.wall.head, self.wall.tail],
        "hands": [format_counts(st.counts) for st in seats],
        "melds": [[m.to_json() for m in st.melds] for st in seats],
        "discards": [[tile_name(t) for t in st.river] for st in seats],
        "flowers": [[tile_name(t) for t in st.flowers] for st in seats],
        "phase": self.phase.value,
        "turn": self.turn,
        "flags": [self.need_draw, self.replacement_due, self.may_self_win, self.last_draw_kong],
        "drawn": None if self.drawn_tile is None else tile_name(self.drawn_tile),
        "window": None
        if w is None
        else {
            "kind": w.kind.value,
            "seat": w.seat,
            "tile": tile_name(w.tile),
            "options": {
                str(s): [o.win, o.pong, o.kong, [list(c) for c in o.chows]]
                for s, o in sorted(w.options.items())
            },
            "responses": {str(s): [r[0], list(r[1])] for s, r in sorted(w.responses.items())},
        },
        "win_lock": [st.win_lock for st in seats],
        "pong_lock": [sorted(st.pong_lock) for st in seats],
        "draws": [st.draws for st in seats],
        "discard_count": self.discard_count,
        "calls": self.calls,
        "declared": self.declared,
        "wins": [e.to_json() for e in self.wins],
        "ended": None if self.ended is None else self.ended.to_json(),
        "flower_replace": self.flower_replace,
        "last_discard_wild": self.last_discard_wild,
    }
    if not self.legacy:
        out["revision"] = self.revision
        out["wild_kinds"] = [tile_name(k) for k in sorted(self.wild_kinds)]
        out["last_kong"] = self.last_kong
        out["flower_queue"] = [[s, tile_name(t)] for s, t in self.flower_queue]
        out["flower_rounds"] = self.flower_rounds
        out["seats"] = [
            [st.fresh_pung, st.twelve_feeder, st.has_won, st.void_suit] for st in seats
        ]
        ext = _extended(self)
        if ext:
            out["ext"] = ext
    return out

def _extended(self: HandState) -> dict[str, Any]:
    """State the indicator games added, present only where a hand has it (the snapshots,
    and so the hashes, of every other game stay as they were)."""
    ext: dict[str, Any] = {}
    rules = self.rules
    if self.indicator is not None or self.indicator_due:
        ind = None if self.indicator is None else tile_name(self.indicator)
        ext["indicator"] = [ind, list(self.dice), self.indicator_due, self.indicator_out]
    if rules.lizhi:
        ext["lizhi"] = [st.lizhi for st in self.seats]
    if self.dora_indicator is not None:
        ext["dora"] = [tile_name(self.dora_indicator), self.wall.skip]
    if self.carry:
        ext["carry"] = dict(self.carry)
    if self.given_dice:
        ext["given_dice"] = list(self.given_dice)
    if self.last_draw_flower:
        ext["last_draw_flower"] = True
    seats = self.seats
    if rules.chow_discard_ban:
        ext["discard_ban"] = [[tile_name(t) for t in sorted(st.discard_ban)] for st in seats]
    if rules.own_discard_lock:
        ext["discard_lock"] = [
            None if st.discard_lock is None else tile_name(st.discard_lock) for st in seats
        ]
    if rules.burn_dealer:
        ext["burn"] = self.burn.snapshot()
    if rules.bind_calls:
        ext["feeds"] = sorted([a, b, n] for (a, b), n in self.feeds.items())
        ext["bound"] = [list(p) for p in self.bound]
    # the choices every seat makes at once (定缺, 换三张, 起手小胡, the 海底 offer)
    if self.step is not None or self.steps_left:
        ext["step"] = [
            self.step,
            list(self.steps_left),
            list(self.step_seats),
            {str(s): v for s, v in sorted(self.choices.items())},
        ]
    if self.small_wins:
        ext["small_wins"] = [list(items) for items in self.small_wins]
    if self.haidi_first is not None:
        ext["haidi"] = [self.haidi_first, self.haidi_taker, self.haidi_passes, self.haidi_declined]
    return ext
