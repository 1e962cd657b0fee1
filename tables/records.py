"""What the table service writes to storage and reads back, as typed frozen records.

Each record turns into the JSON the store keeps (``to_row``) and back (``from_row``). Reading
checks every field: a row damaged outside the bot (a hand-edited database, a bad restore)
raises :class:`BrokenRecord` naming the table and the field, and nothing is changed — the
row stays as it is for an admin to restore or mark abandoned. Missing fields that older
versions did not write read as their defaults; a field of the wrong type never does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine.events import Event, HandEnded, Won
from engine.players import PLAYER_KINDS
from engine.scoring.types import FALSE_WIN
from tables.model import Seat, Status

if TYPE_CHECKING:
    from tables.table import Table

T = TypeVar("T")

SEATS = 4  # an older row without its seats: the four every table had then
MIN_SEATS, MAX_SEATS = 2, 7


class BrokenRecord(ValueError):
    """A stored row that cannot be read back; the message says which table and field."""


def _field(
    obj: Mapping[str, Any], key: str, kind: str, ok: Callable[[Any], bool], default: T, where: str,
) -> T:
    if key not in obj:
        return default
    value = obj[key]
    if not ok(value):
        raise BrokenRecord(f"{where}: {key!r} must be {kind}, not {value!r}")
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_opt_int(v: Any) -> bool:
    return v is None or _is_int(v)


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_level(v: Any) -> bool:
    return isinstance(v, str) and v in PLAYER_KINDS


def _is_opt_level(v: Any) -> bool:
    return v is None or _is_level(v)


def _mapping(obj: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(obj, Mapping):
        raise BrokenRecord(f"{where}: expected a JSON object, not {type(obj).__name__}")
    return obj


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat as stored: who sits there, and whether a computer keeps it."""

    user_id: int | None
    name: str
    locale: str = "en"
    level: str = "greedy"
    afk: bool = False
    left: bool = False
    left_hand: int | None = None
    absent: bool = False  # a computer played a whole hand for the person (tables.rating)

    @classmethod
    def of(cls, seat: Seat) -> SeatRecord:
        return cls(seat.user_id, seat.name, seat.locale, seat.level, seat.afk, seat.left,
                   seat.left_hand, seat.absent)

    def to_seat(self, index: int) -> Seat:
        return Seat(index=index, user_id=self.user_id, name=self.name, locale=self.locale,
                    level=self.level, afk=self.afk, left=self.left, left_hand=self.left_hand,
                    absent=self.absent)

    def to_row(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id, "name": self.name, "locale": self.locale,
            "level": self.level, "afk": self.afk, "left": self.left,
            "left_hand": self.left_hand, "absent": self.absent,
        }

    @classmethod
    def from_row(cls, obj: Any, where: str) -> SeatRecord:
        m = _mapping(obj, where)
        return cls(
            user_id=_field(m, "user_id", "a user id or null", _is_opt_int, None, where),
            name=_field(m, "name", "a text", _is_str, "?", where),
            locale=_field(m, "locale", "a locale", _is_str, "en", where),
            level=_field(m, "level", f"a level ({', '.join(sorted(PLAYER_KINDS))})",
                         _is_level, "greedy", where),
            afk=_field(m, "afk", "true or false", _is_bool, False, where),
            left=_field(m, "left", "true or false", _is_bool, False, where),
            left_hand=_field(m, "left_hand", "a hand number or null", _is_opt_int, None, where),
            absent=_field(m, "absent", "true or false", _is_bool, False, where),
        )


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table besides its events: who hosts, the stakes, the seats (the store's ``seats``
    column). ``None`` where an older row did not record a field: the service's setting."""

    host_id: int
    stake: int
    hands: int
    seats: tuple[SeatRecord | None, ...]
    seed: str = ""
    hints: bool = False
    turn_seconds: float | None = None
    computer_level: str | None = None
    afk_level: str | None = None
    autoplay: bool = False  # computers may play it alone (the terminal's autoplay)

    @classmethod
    def of(cls, t: Table) -> TableSnapshot:
        return cls(
            host_id=t.host_id, stake=t.stake, hands=t.hands,
            seats=tuple(None if s is None else SeatRecord.of(s) for s in t.seats),
            seed=t.seed, hints=t.hints, turn_seconds=t.turn_seconds,
            computer_level=t.computer_level, afk_level=t.afk_level, autoplay=t.autoplay,
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "host_id": self.host_id, "stake": self.stake, "hands": self.hands, "seed": self.seed,
            "turn_seconds": self.turn_seconds, "hints": self.hints,
            "computer_level": self.computer_level,
            "afk_level": self.afk_level, "autoplay": self.autoplay,
            "seats": [None if s is None else s.to_row() for s in self.seats],
        }

    @classmethod
    def from_row(cls, obj: Any, where: str) -> TableSnapshot:
        m = _mapping(obj, where)
        raw_seats = _field(m, "seats", f"a list of {MIN_SEATS} to {MAX_SEATS} seats", _is_seats,
                           [None] * SEATS, where)
        turn = _field(m, "turn_seconds", "a number of seconds > 0 or null", _is_seconds, None,
                      where)
        return cls(
            host_id=_field(m, "host_id", "a user id", _is_int, 0, where),
            stake=_field(m, "stake", "a whole number ≥ 1", _is_positive, 1, where),
            hands=_field(m, "hands", "a whole number ≥ 1", _is_positive, 4, where),
            seats=tuple(
                None if s is None else SeatRecord.from_row(s, f"{where}, seat {i}")
                for i, s in enumerate(raw_seats)
            ),
            seed=_field(m, "seed", "a text", _is_str, "", where),
            hints=_field(m, "hints", "true or false", _is_bool, False, where),
            turn_seconds=None if turn is None else float(turn),
            computer_level=_field(m, "computer_level", "a level or null", _is_opt_level, None,
                                  where),
            afk_level=_field(m, "afk_level", "a level or null", _is_opt_level, None, where),
            autoplay=_field(m, "autoplay", "true or false", _is_bool, False, where),
        )


def _is_seats(v: Any) -> bool:
    return isinstance(v, list) and MIN_SEATS <= len(v) <= MAX_SEATS


def _is_positive(v: Any) -> bool:
    return _is_int(v) and v >= 1


def _is_seconds(v: Any) -> bool:
    return v is None or ((_is_int(v) or isinstance(v, float)) and v > 0)


@dataclass(frozen=True, slots=True)
class TableResult:
    """How a finished table ended: each seat's chips over the game and the hands played."""

    scores: tuple[int, ...]
    hands: int

    def to_row(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "hands": self.hands}

    @classmethod
    def from_row(cls, obj: Any, where: str) -> TableResult:
        m = _mapping(obj, where)
        scores = _field(m, "scores", "a chip count for each seat",
                        lambda v: _is_seats(v) and all(_is_int(x) for x in v), None, where)
        hands = _field(m, "hands", "a whole number ≥ 0", lambda v: _is_int(v) and v >= 0, None,
                       where)
        if scores is None or hands is None:
            raise BrokenRecord(f"{where}: a result needs 'scores' and 'hands'")
        return cls(tuple(scores), hands)


@dataclass(frozen=True, slots=True)
class TableRow:
    """One unfinished table as the store keeps it, read and checked."""

    id: str
    guild_id: int
    channel_id: int
    preset: str
    options: Mapping[str, Any]
    status: Status
    snapshot: TableSnapshot

    @classmethod
    def from_row(
        cls, table_id: str, guild_id: int, channel_id: int, preset: str, options: Any,
        status: str, seats: Any,
    ) -> TableRow:
        where = f"table {table_id}"
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise BrokenRecord(f"{where}: the options must be a JSON object, not {options!r}")
        try:
            state = Status(status)
        except ValueError:
            raise BrokenRecord(f"{where}: there is no table status {status!r}") from None
        return cls(table_id, guild_id, channel_id, preset, dict(options), state,
                   TableSnapshot.from_row(seats, where))


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What leaderboards keep of a hand: who won, how, and its best pattern."""

    winners: tuple[int, ...] = ()
    self_draw: bool = False
    deal_in: int | None = None  # the seat whose discard was won on
    points: int = 0
    pattern: str | None = None

    @classmethod
    def of(cls, events: Sequence[Event]) -> HandSummary:
        # a 诈胡 is a loss for the declarer, never a win in the statistics
        wins = [e for e in events if isinstance(e, Won) and FALSE_WIN not in e.patterns]
        if not wins:
            return cls()
        best = max(wins, key=lambda w: w.points)
        return cls(
            winners=tuple(w.seat for w in wins),
            self_draw=any(w.self_drawn for w in wins),
            deal_in=next((w.from_seat for w in wins if not w.self_drawn), None),
            points=best.points,
            pattern=best.patterns[0] if best.patterns else None,
        )


@dataclass(frozen=True, slots=True)
class Settlement:
    """A hand's settlement, written in the same transaction as its final event.

    ``accounts``: per seat, the user whose chips are at stake (None for the house);
    ``cover``: per seat, the chips at stake when the hand started (以小博大), None where the
    house plays itself. ``payments``: what moves instead of the hand's own payments × stake
    (a game of points, ``tables.points_game``: nothing, or the game's chips at its end)."""

    hand_no: int
    accounts: tuple[int | None, ...]
    ended: HandEnded
    stake: int
    stats: HandSummary
    cover: tuple[int | None, ...] | None = None
    payments: tuple[tuple[int, int, int, str], ...] | None = None

    def owed(self) -> tuple[tuple[int, int, int, str], ...]:
        """The payments (payer, payee, chips, reason) this settlement asks for."""
        if self.payments is not None:
            return self.payments
        return tuple((a, b, amount * self.stake, why) for a, b, amount, why in self.ended.payments)

    def face_value(self) -> tuple[int, ...]:
        """Per seat, the chips :meth:`owed` moves before any cap."""
        if self.payments is None:
            return tuple(d * self.stake for d in self.ended.deltas)
        out = [0] * len(self.accounts)
        for a, b, amount, _why in self.payments:
            out[a] -= amount
            out[b] += amount
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Paid:
    """One payment of a settlement as it was made: ``owed`` and what the payer ``paid``."""

    payer: int
    payee: int
    owed: int
    paid: int


@dataclass(frozen=True, slots=True)
class Settled:
    """Chips that actually moved in a settlement, per seat (sums to zero), and each payment,
    so a payment cut by a cap can be shown."""

    deltas: tuple[int, ...]
    already_settled: bool = False
    payments: tuple[Paid, ...] = ()
