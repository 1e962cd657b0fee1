"""Events: the frozen facts a hand and a match are folded from.

Two sorts:

* decision events record what a player chose (``Discarded``, ``Konged``,
  ``WinDeclared``, ``Responded``); each maps back to one action (``as_action``);
* automatic events follow from the state alone (``Dealt``, ``Drawn``,
  ``Called``, ``Won``, ``HandEnded`` …); replaying a log recomputes them and
  refuses a log where they differ.

Every event serialises to one JSON object with a ``"type"`` field
(``to_json``) and back (``event_from_json``). Tiles are written in notation.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar

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


class EventError(ValueError):
    """A JSON object that is not a well-formed event."""


# The engine's rules revision, written into MatchStarted and HandStarted. A hand is played
# and replayed under the revision it started with, so a log (a table stored before an
# upgrade) replays exactly as it was played. 0: logs written before the field existed;
# 1 to 3: the rule fixes of docs/engine.md ("Revisions").
CURRENT_REVISION = 3
# fields read as this value when a stored event lacks them (events written before they existed)
_LEGACY_DEFAULTS: dict[str, Any] = {"revision": 0}
# fields written only when not empty (added for some games; the others' events are unchanged)
_OMITTED_WHEN_EMPTY = frozenset(
    {"carry", "turned", "given_dice", "chosen_walls", "riichi", "wild"}
)
# fields written only when set (None: left out, so the other games' events are unchanged)
_OMITTED_WHEN_NONE = frozenset({"next_dealer"})


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"
    decision: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _OMITTED_WHEN_EMPTY and not value:
                continue  # a field later games added: logs of the others stay as they were
            if f.name in _OMITTED_WHEN_NONE and value is None:
                continue  # a field later games added: logs of the others stay as they were
            out[f.name] = _encode(f.name, value)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


# -- match ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    type: ClassVar[str] = "match_started"
    seed: str
    rules: str
    options: tuple[tuple[str, Any], ...]
    first_dealer: int
    players: int = 4
    hands_limit: int | None = None
    revision: int = CURRENT_REVISION
    # the first dealer and the hands' walls and dice were chosen by whoever started the match
    # (engine.hand_setup), not drawn from ``seed``: a puzzle or a test, not a fair game
    chosen_walls: bool = False


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    type: ClassVar[str] = "match_ended"
    hands_played: int
    totals: tuple[int, ...]


# -- hand: automatic --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins. ``commitment`` is public at once; ``seed`` must stay hidden from
    players until ``HandEnded`` reveals it (use ``public_json``)."""

    type: ClassVar[str] = "hand_started"
    hand_no: int
    dealer: int
    round_wind: int
    seed: str
    commitment: str
    rules: str
    options: tuple[tuple[str, Any], ...] = ()
    # a rigged wall (tests, puzzles), head first; empty: the wall is shuffled from ``seed``
    wall: tuple[int, ...] = ()
    revision: int = CURRENT_REVISION
    # state the match carries into this hand, by name (Shanghai's 荒番 count): (name, value)
    # pairs, sorted; empty for games that carry nothing (then left out of the JSON)
    carry: tuple[tuple[str, int], ...] = ()
    # the dealer's two dice where they were given (a hand started on a chosen wall:
    # engine.hand_setup); empty: thrown from ``seed`` (engine.indicator.throw_dice)
    given_dice: tuple[int, ...] = ()

    def public_json(self) -> dict[str, Any]:
        out = self.to_json()
        out.pop("seed")
        return out


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    type: ClassVar[str] = "dealt"
    hands: tuple[tuple[int, ...], ...]  # by seat, sorted; the dealer's has 14


@dataclass(frozen=True, slots=True)
class IndicatorTurned(Event):
    """After the deal the indicator tile is turned face up for all to see; the hand's jokers
    are the kind after it (engine.indicator). ``index`` is its place in the wall (the
    committed order, head first); ``dice`` the dealer's throw where the dice choose it."""

    type: ClassVar[str] = "indicator_turned"
    tile: int
    index: int
    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FlowerSetAside(Event):
    """补花 (bonus-flower presets): a flower leaves the hand; a tail draw replaces it."""

    type: ClassVar[str] = "flower_set_aside"
    seat: int
    tile: int


@slot_init
@dataclass(frozen=True, slots=True)
class Drawn(Event):
    type: ClassVar[str] = "drawn"
    seat: int
    tile: int
    from_tail: bool = False


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A claim on a discard won the window: the meld is exposed (pung, kong or chow)."""

    type: ClassVar[str] = "called"
    seat: int
    kind: str  # MeldKind value: pung, kong, chow
    tiles: tuple[int, ...]
    tile: int
    from_seat: int


@dataclass(frozen=True, slots=True)
class Won(Event):
    """A seat wins. ``value`` is what one payer owes for it at a unit stake before 包 and
    the game's additions, read as ``value_style`` says (engine.family.ValueStyle):
    ``multiple`` (×n of the unit: Heyuan, Baoding, Changsha), ``fan`` (2^fan: Guangdong,
    Sichuan; ``fan`` is the count), ``hua`` (花 × 2^番, Shanghai), ``fan_sum`` (the fan added
    up: Beijing, Guobiao), ``duan`` (段, Quzhou), ``tai`` (台, paid with a 底: Taiwan). Hands of revision 0 and 1 wrote no style and
    named the value ``points`` (their logs read and write it so)."""

    type: ClassVar[str] = "won"
    seat: int
    tile: int | None
    self_drawn: bool
    from_seat: int | None
    value: int
    fan: int | None
    patterns: tuple[str, ...]
    situations: tuple[str, ...]
    liable: int | None = None
    value_style: str = ""

    @property
    def points(self) -> int:
        """``value`` by the name logs of revision 0 and 1 give it."""
        return self.value

    def to_json(self) -> dict[str, Any]:
        out = Event.to_json(self)
        if not self.value_style:
            # a hand of revision 0 or 1: its log (and its state's hash) as it was written
            out = {("points" if k == "value" else k): v for k, v in out.items()}
            del out["value_style"]
        return out


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The final event: the settlement, the revealed seed. Stores settle from it alone."""

    type: ClassVar[str] = "hand_ended"
    drawn: bool
    winners: tuple[int, ...]
    deltas: tuple[int, ...]
    payments: tuple[tuple[int, int, int, str], ...]  # payer, payee, amount, reason
    seed: str
    horse_tiles: tuple[int, ...] = ()
    # the tiles turned after the hand in the order turned (Changsha's birds), where the family
    # turns them instead of horses; empty elsewhere (then left out of the JSON)
    turned: tuple[int, ...] = ()
    # who deals next where the hand decides it (the family's rule: Changsha's discarder after
    # 通炮, the 海底 taker after a drawn hand); None: the match's rotation rule decides
    next_dealer: int | None = None


# -- the choices every seat makes at once before play (定缺, 换三张, 起手小胡, 海底) ---------


@dataclass(frozen=True, slots=True)
class TilesExchanged(Event):
    """换三张: every seat gave ``tiles[seat]`` (three of one suit) to ``(seat + shift) % 4``;
    ``dice`` is the throw that chose the shift (1: the next seat, 3: the previous, 2: across)."""

    type: ClassVar[str] = "tiles_exchanged"
    shift: int
    tiles: tuple[tuple[int, ...], ...]
    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class VoidsChosen(Event):
    """定缺 revealed: each seat's void suit (0 m, 1 p, 2 s), chosen by all at once."""

    type: ClassVar[str] = "voids_chosen"
    suits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SmallWinsShown(Event):
    """起手小胡 shown after the deal: by seat, the ids declared (one per item: 四喜 once per
    kind held four times), and what they pay as (payer, payee, amount) rows."""

    type: ClassVar[str] = "small_wins_shown"
    items: tuple[tuple[str, ...], ...]
    payments: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HaidiOffered(Event):
    """The last live tile (海底) is offered to ``seat`` (in turn order from the seat due to
    draw it); the seat takes it or passes."""

    type: ClassVar[str] = "haidi_offered"
    seat: int


# -- hand: decisions --------------------------------------------------------------------------


@slot_init
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A discard; ``riichi``: the discard declares riichi (立直, the riichi family), written
    only when set."""

    type: ClassVar[str] = "discarded"
    decision: ClassVar[bool] = True
    seat: int
    tile: int
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Konged(Event):
    """A kong from one's own hand on one's own turn: concealed, or added onto a pung."""

    type: ClassVar[str] = "konged"
    decision: ClassVar[bool] = True
    seat: int
    tile: int
    kind: str  # concealed_kong | added_kong | laizi_kong (a one-tile kong: Yangzhou's 红中赖子)
    # option joker_sets: the wild tiles that go into the kong as its kind (left out when none)
    wild: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class WinDeclared(Event):
    """A self-drawn win (or a heavenly win on the deal) declared on one's own turn."""

    type: ClassVar[str] = "win_declared"
    decision: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class DrawDeclared(Event):
    """An abortive draw declared on one's own turn (riichi's 九種九牌: nine kinds of
    terminals and honours on one's first draw); the hand ends drawn."""

    type: ClassVar[str] = "draw_declared"
    decision: ClassVar[bool] = True
    seat: int


@slot_init
@dataclass(frozen=True, slots=True)
class Responded(Event):
    """An answer in a claim window: pass, win, pong, kong or chow (with the chow's tiles)."""

    type: ClassVar[str] = "responded"
    decision: ClassVar[bool] = True
    seat: int
    choice: str
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Chose(Event):
    """A seat's answer to a choice every seat makes at once (``step``: ``exchange``, ``void``,
    ``small_wins``, ``haidi``); ``value`` as :class:`engine.actions.Choose` writes it. Others
    do not see it until the step closes."""

    type: ClassVar[str] = "chose"
    decision: ClassVar[bool] = True
    seat: int
    step: str
    value: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        MatchStarted, MatchEnded, HandStarted, Dealt, FlowerSetAside, Drawn, Called, Won,
        HandEnded, Discarded, Konged, WinDeclared, DrawDeclared, Responded, IndicatorTurned,
        TilesExchanged,
        VoidsChosen, SmallWinsShown, HaidiOffered, Chose,
    )
}  # fmt: skip


# -- JSON -------------------------------------------------------------------------------------

# The draws, discards and passes of every turn as shared records: a frozen record is a value
# (the same seat and tile make an equal one), and reading one from these tables costs about a
# tenth of making one, three or four times a turn. Seats 0-3, kinds 0-41.
HEAD_DRAWS: tuple[tuple[Drawn, ...], ...] = tuple(
    tuple(Drawn(s, t) for t in range(NUM_TILE_KINDS)) for s in range(MAX_SEATS)
)
TAIL_DRAWS: tuple[tuple[Drawn, ...], ...] = tuple(
    tuple(Drawn(s, t, True) for t in range(NUM_TILE_KINDS)) for s in range(MAX_SEATS)
)
DISCARDS: tuple[tuple[Discarded, ...], ...] = tuple(
    tuple(Discarded(s, t) for t in range(NUM_TILE_KINDS)) for s in range(MAX_SEATS)
)
PASSES: tuple[Responded, ...] = tuple(Responded(s, "pass") for s in range(MAX_SEATS))


_TILE_FIELDS = {"tile"}
_TILES_FIELDS = {"tiles", "horse_tiles", "wild"}
# fields holding tiles in an order that matters (not sorted when read back)
_ORDERED_TILES_FIELDS = {"turned"}


def _encode(name: str, value: Any) -> Any:
    if name in _TILE_FIELDS:
        return None if value is None else tile_name(value)
    if name in _TILES_FIELDS and not (value and isinstance(value[0], tuple)):
        return format_tiles(value)
    if name in _ORDERED_TILES_FIELDS:
        return [tile_name(t) for t in value]
    if name == "hands" or name in _TILES_FIELDS:
        return [format_tiles(h) for h in value]
    if name == "wall":
        return [tile_name(t) for t in value]
    if name in ("options", "carry"):
        return dict(value)
    if isinstance(value, tuple):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


def _decode(name: str, value: Any) -> Any:
    if name in _TILE_FIELDS:
        return None if value is None else parse_one(value)
    if name in _TILES_FIELDS and isinstance(value, str):
        return tuple(sorted(parse(value)))
    if name in _ORDERED_TILES_FIELDS:
        return tuple(parse_one(t) for t in value)
    if name == "hands" or name in _TILES_FIELDS:
        return tuple(tuple(sorted(parse(h))) for h in value)
    if name == "wall":
        return tuple(parse_one(t) for t in value)
    if name in ("options", "carry"):
        if not isinstance(value, dict):
            raise EventError(f"{name} must be an object")
        return tuple(sorted(value.items()))
    if isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


# the scalar fields' types, checked on reading so a wrong type is a clear EventError here
# rather than a TypeError deep in a replay; whole numbers stay within 64 bits
_SCALARS: dict[str, tuple[type, ...]] = {"int": (int,), "int | None": (int, type(None)),
                                         "str": (str,), "bool": (bool,)}
_INT_LIMIT = 2**63


def _check_scalar(cls_type: str, f: dataclasses.Field[Any], value: Any) -> None:
    kinds = _SCALARS.get(str(f.type).split("#")[0].strip())
    if kinds is None or f.name in _TILE_FIELDS:
        return
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise EventError(f"{cls_type} event: {f.name} must be {f.type!s}, not {type(value).__name__}")
    if isinstance(value, int) and not isinstance(value, bool) and not -_INT_LIMIT < value < _INT_LIMIT:
        raise EventError(f"{cls_type} event: {f.name} is out of range")


def event_from_json(obj: Any) -> Event:
    """Read one event object (as written by ``to_json``); EventError says what is wrong."""
    if not isinstance(obj, dict):
        raise EventError("an event must be a JSON object")
    cls = EVENT_TYPES.get(obj.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise EventError(f"unknown event type {obj.get('type')!r}")
    if cls is Won and "points" in obj:
        if "value" in obj or "value_style" in obj:
            raise EventError("won event: points (revision 0 and 1) or value, not both")
        obj = {("value" if k == "points" else k): v for k, v in obj.items()}
    kwargs: dict[str, Any] = {}
    try:
        for f in dataclasses.fields(cls):
            if f.name in obj:
                _check_scalar(cls.type, f, obj[f.name])
                kwargs[f.name] = _decode(f.name, obj[f.name])
            elif f.name in _LEGACY_DEFAULTS:
                kwargs[f.name] = _LEGACY_DEFAULTS[f.name]
            elif f.default is dataclasses.MISSING:
                raise EventError(f"{cls.type} event lacks the field {f.name!r}")
        extra = set(obj) - {f.name for f in dataclasses.fields(cls)} - {"type"}
        if extra:
            raise EventError(f"{cls.type} event has unknown fields: {', '.join(sorted(extra))}")
        return cls(**kwargs)
    except (NotationError, TypeError) as exc:
        raise EventError(f"bad {cls.type} event: {exc}") from None


def event_from_line(line: str) -> Event:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise EventError(f"not JSON: {exc.msg}") from None
    except ValueError as exc:  # an integer past Python's digit limit
        raise EventError(f"not readable: {exc}".split(";")[0]) from None
    except RecursionError:
        raise EventError("not readable: nested too deeply") from None
    return event_from_json(obj)
