"""Player actions: frozen requests a seat makes; the hand verifies them and answers with events.

Every action has the same three faces (pokerkit's verify / can / do):

* ``action.verify(state)`` raises :class:`IllegalAction` with a reason ``code``
  and a message a person can act on; the state is never changed by it;
* ``action.can(state)`` is the yes/no form;
* ``state.act(action)`` (or ``action.apply(state)``) verifies, then returns the
  frozen events it caused (the decision and everything that follows
  automatically until somebody must decide again).

Drawing is not an action: the engine draws for the player as an automatic event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.records import slot_init
from engine.tiles import (
    MAX_SEATS,
    NUM_TILE_KINDS,
    NotationError,
    format_tiles,
    parse,
    parse_one,
    tile_name,
)

if TYPE_CHECKING:
    from engine.events import Event
    from engine.hand import HandState


class IllegalAction(Exception):
    """A refused action. ``code`` is stable (buttons and tests read it); ``message`` is for people.

    Codes: hand_over, not_your_turn, tile_not_in_hand, no_claim_window, not_a_claimant,
    already_acted, wildcard_not_claimable, wildcard_not_meldable, cannot_win, cannot_pong,
    cannot_kong, cannot_chow, chow_not_allowed, chow_wrong_seat, pass_win_locked,
    pass_pong_locked, self_draw_only, wall_empty, nothing_to_pass, bad_seat, bad_tile.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's request. ``name`` is its JSON name; ``code`` its one-letter code in button ids
    (``mj:<table>:<hand>:<code>:<arg>:<step>``), with :meth:`arg` / :meth:`from_arg` the
    argument written after it (a tile or a run in notation, or nothing)."""

    seat: int

    name: ClassVar[str] = "action"
    code: ClassVar[str] = ""

    def arg(self) -> str:
        return ""

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        """The action of ``seat`` whose button argument is ``arg``; NotationError if bad."""
        return cls(seat)

    def verify(self, state: HandState) -> None:
        state.verify(self)

    def can(self, state: HandState) -> bool:
        try:
            state.verify(self)
        except IllegalAction:
            return False
        return True

    def apply(self, state: HandState) -> list[Event]:
        return state.act(self)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "seat": self.seat}


@slot_init
@dataclass(frozen=True, slots=True)
class Discard(Action):
    tile: int
    name: ClassVar[str] = "discard"
    code: ClassVar[str] = "d"

    def arg(self) -> str:
        return tile_name(self.tile)

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        return cls(seat, parse_one(arg))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "seat": self.seat, "tile": tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class Riichi(Action):
    """Declare riichi (立直) with the discard of ``tile`` (the riichi family); offered only
    where ``LegalActions.riichi`` lists the tile."""

    tile: int
    name: ClassVar[str] = "riichi"
    code: ClassVar[str] = "r"

    def arg(self) -> str:
        return tile_name(self.tile)

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        return cls(seat, parse_one(arg))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "seat": self.seat, "tile": tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class DeclareDraw(Action):
    """Declare an abortive draw on one's own turn (riichi's 九種九牌), where
    ``LegalActions.declare_draw`` offers it."""

    name: ClassVar[str] = "declare_draw"
    code: ClassVar[str] = "a"


@dataclass(frozen=True, slots=True)
class Pong(Action):
    """Pong (碰) the discard in the open claim window."""

    name: ClassVar[str] = "pong"
    code: ClassVar[str] = "p"


@dataclass(frozen=True, slots=True)
class Kong(Action):
    """A kong. ``tile=None`` (or the discarded tile) in a claim window claims the discard
    (明杠); on one's own turn ``tile`` names a concealed kong (four in hand) or an added
    kong (the fourth tile onto one's own pung) — the hand decides which."""

    tile: int | None = None
    name: ClassVar[str] = "kong"
    code: ClassVar[str] = "k"

    def arg(self) -> str:
        return "" if self.tile is None else tile_name(self.tile)

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        return cls(seat, parse_one(arg) if arg else None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.name, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = tile_name(self.tile)
        return out


@dataclass(frozen=True, slots=True)
class Chow(Action):
    """Chow (吃) the discard of the player before: ``tiles`` is the whole run, sorted."""

    tiles: tuple[int, int, int]
    name: ClassVar[str] = "chow"
    code: ClassVar[str] = "c"

    def arg(self) -> str:
        return format_tiles(self.tiles)

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        run = tuple(sorted(parse(arg)))
        if len(run) != 3:
            raise NotationError("a chow names three tiles, e.g. 345m")
        return cls(seat, (run[0], run[1], run[2]))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "seat": self.seat, "tiles": format_tiles(self.tiles)}


@dataclass(frozen=True, slots=True)
class Win(Action):
    """Win: self-drawn on one's turn, on a discard, or robbing an added kong."""

    name: ClassVar[str] = "win"
    code: ClassVar[str] = "w"


@slot_init
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every option in the open claim window."""

    name: ClassVar[str] = "pass"
    code: ClassVar[str] = "x"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """An answer to a choice every seat makes at once (``legal.step``): the void suit (``m``,
    ``p``, ``s``), three tiles to exchange (``123m``), ``declare`` / ``pass`` for 起手小胡,
    ``take`` / ``pass`` for the 海底."""

    value: str = ""
    name: ClassVar[str] = "choose"
    code: ClassVar[str] = "y"

    def arg(self) -> str:
        return self.value

    @classmethod
    def from_arg(cls, seat: int, arg: str) -> Action:
        return cls(seat, arg)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "seat": self.seat, "value": self.value}


ACTION_TYPES: dict[str, type[Action]] = {
    c.name: c for c in (Discard, Pong, Kong, Chow, Win, Pass, Choose, Riichi, DeclareDraw)
}
ACTION_CODES: dict[str, type[Action]] = {c.code: c for c in ACTION_TYPES.values()}


# The discards and passes of every turn as shared actions (as engine.events.DISCARDS: equal
# values, read instead of made). Seats 0-3, kinds 0-41.
DISCARD_ACTIONS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(s, t) for t in range(NUM_TILE_KINDS)) for s in range(MAX_SEATS)
)
PASS_ACTIONS: tuple[Pass, ...] = tuple(Pass(s) for s in range(MAX_SEATS))


def action_from_code(seat: int, code: str, arg: str = "") -> Action:
    """The action a button id names (``code`` and ``arg`` as :meth:`Action.arg` writes it);
    IllegalAction("bad_action") for an unknown code or a bad argument."""
    cls = ACTION_CODES.get(code)
    if cls is None:
        raise IllegalAction("bad_action", f"unknown action code {code!r}")
    try:
        return cls.from_arg(seat, arg)
    except (NotationError, ValueError) as exc:
        raise IllegalAction("bad_tile", str(exc)) from None


def action_from_json(obj: Any) -> Action:
    """Read ``{"action": "discard", "seat": 0, "tile": "5m"}``; IllegalAction("bad_action") if bad."""
    if not isinstance(obj, dict) or obj.get("action") not in ACTION_TYPES:
        raise IllegalAction("bad_action", f"actions are: {', '.join(ACTION_TYPES)}")
    seat = obj.get("seat")
    if not isinstance(seat, int):
        raise IllegalAction("bad_seat", "an action needs a seat number")
    name = obj["action"]
    try:
        if name == "discard":
            return Discard(seat, parse_one(obj.get("tile", "")))
        if name == "riichi":
            return Riichi(seat, parse_one(obj.get("tile", "")))
        if name == "kong":
            t = obj.get("tile")
            return Kong(seat, parse_one(t) if t else None)
        if name == "chow":
            ts = tuple(sorted(parse(obj.get("tiles", ""))))
            if len(ts) != 3:
                raise IllegalAction("bad_tile", "a chow names three tiles, e.g. 345m")
            return Chow(seat, (ts[0], ts[1], ts[2]))
        if name == "choose":
            value = obj.get("value", "")
            if not isinstance(value, str):
                raise IllegalAction("bad_action", "a choice is written as text, e.g. \"m\"")
            return Choose(seat, value)
    except NotationError as exc:
        raise IllegalAction("bad_tile", str(exc)) from None
    return ACTION_TYPES[name](seat)
