"""One table as the service holds it in memory, and the settings every table starts from.

A ``Table`` is mutable and lives under its own asyncio lock; what leaves the service is its
frozen ``TableInfo`` (for transports) or its ``TableSnapshot`` (for storage,
``tables.records``).
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engine.players import PLAYER_KINDS
from store.settings import COMPUTER_LEVELS, DEFAULT_COMPUTER_LEVEL
from tables.clock import Handle
from tables.errors import TableError
from tables.game import GameDriver
from tables.model import Seat, Status, TableInfo
from tables.records import TableSnapshot
from tables.walls import ChosenWalls

# the seats of a table unless its rules say otherwise (``Rules.players``: Sichuan plays 2-7)
SEATS = 4
MIN_SEATS, MAX_SEATS = 2, 7
MAX_STAKE = 1_000_000
HAND_CHOICES = (1, 2, 4, 8, 16)
MAX_HANDS = 64
# one member must not fill a channel with lobbies: open lobbies per channel, and how long a
# lobby may wait for its Start before it is closed (seconds)
MAX_LOBBIES_PER_CHANNEL = 3
LOBBY_TIMEOUT = 600.0
# nor open table after table and walk away: tables opened plus tables left while being played,
# per member and server, within OPEN_WINDOW seconds, before a new one is refused
MAX_OPENS = 4
OPEN_WINDOW = 600.0


@dataclass(frozen=True, slots=True)
class Person:
    user_id: int
    name: str
    locale: str = "en"


@dataclass(frozen=True, slots=True)
class TableSettings:
    turn_seconds: float = 30.0
    claim_seconds: float = 10.0
    afk_timeouts: int = 2  # time-outs in a row before a computer keeps the seat
    computer_delay: float = 0.0  # seconds before a computer moves (0: at once)
    computer_level: str = DEFAULT_COMPUTER_LEVEL  # a computer seat's level unless chosen
    afk_level: str = DEFAULT_COMPUTER_LEVEL  # who keeps a person's seat (time-outs, leaving)
    stake: int = 1
    # the first hands of every table of a preset dealt from chosen walls (tables.walls)
    walls: ChosenWalls | None = None


@dataclass(eq=False)
class Table:
    id: str
    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    options: dict[str, Any]
    stake: int
    hands: int
    status: Status
    seats: list[Seat | None]
    seed: str = ""
    turn_seconds: float = 30.0
    game: GameDriver | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: Handle | None = None
    timer_step: tuple[int, int] = (-1, -1)
    deadline: float | None = None
    cpu_timer: Handle | None = None
    scores: list[int] = field(default_factory=list)  # one per seat (filled in on creation)
    hands_played: int = 0
    outbox: list[Any] = field(default_factory=list)  # transport calls queued under the lock
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # per seat, the chips at stake when the hand started (以小博大, see tables/economy.py)
    cover: list[int | None] | None = None
    hints: bool = False  # the host's choice: a 💡 button in private hands (the table is unranked)
    computer_level: str = DEFAULT_COMPUTER_LEVEL  # what "Add computer" seats by default
    afk_level: str = DEFAULT_COMPUTER_LEVEL
    # the one-time code of the 诈胡 question each seat was asked: (hand, step, code), until it
    # is answered (memory only: after a restart the question is asked again)
    confirm_codes: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    # a table its host only watches (the terminal's autoplay): computers may play it alone
    autoplay: bool = False

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * len(self.seats)

    @property
    def size(self) -> int:
        """How many seats the table has (its rules' ``players``)."""
        return len(self.seats)

    def people_present(self, hand_no: int) -> bool:
        """Someone still plays here: a seated person who has not left and whose seat a
        computer did not play for the whole of hand ``hand_no``."""
        return any(
            s is not None and s.person is not None
            and not (s.kept_hand == hand_no and s.moved_hand != hand_no)
            for s in self.seats
        )

    def info(self) -> TableInfo:
        return TableInfo(
            id=self.id, guild_id=self.guild_id, channel_id=self.channel_id, host_id=self.host_id,
            preset=self.preset, options=tuple(sorted(self.options.items())), stake=self.stake,
            hands=self.hands, status=self.status, hints=self.hints,
            computer_level=self.computer_level,
            seats=tuple(
                None if s is None else dataclasses.replace(s) for s in self.seats
            ),
        )

    def snapshot(self) -> TableSnapshot:
        """What the store keeps of the table besides its events (its ``seats`` column)."""
        return TableSnapshot.of(self)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s is not None and s.person == user_id:
                return s.index
        return None

    def name(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name if s is not None else "?"

    def names(self) -> tuple[str, ...]:
        return tuple(self.name(i) for i in range(self.size))

    def is_computer(self, seat: int) -> bool:
        s = self.seats[seat]
        return s is None or s.is_computer

    def levels(self) -> tuple[str, ...]:
        """The level of the computer playing each seat now ("" where a person plays)."""
        return tuple(
            s.level if s is not None and s.is_computer else "" for s in self.seats
        )

    def playing(self) -> GameDriver:
        """The game being played; a refusal when the table is a lobby or over."""
        if self.game is None or self.status is not Status.PLAYING:
            raise TableError(
                "err.no_table" if self.status is not Status.LOBBY else "err.not_lobby"
            )
        return self.game

    def seat_for(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("err.not_seated")
        return seat

    def lobby_only(self) -> None:
        if self.status is not Status.LOBBY:
            raise TableError("err.not_lobby")

    @classmethod
    def from_snapshot(
        cls, table_id: str, guild_id: int, channel_id: int, preset: str,
        options: dict[str, Any], status: Status, snap: TableSnapshot, defaults: TableSettings,
    ) -> Table:
        """A table as the store kept it; what an older row did not record comes from
        ``defaults`` (the service's settings)."""
        return cls(
            id=table_id, guild_id=guild_id, channel_id=channel_id, host_id=snap.host_id,
            preset=preset, options=dict(options), stake=snap.stake, hands=snap.hands,
            status=status,
            seats=[None if r is None else r.to_seat(i) for i, r in enumerate(snap.seats)],
            seed=snap.seed,
            turn_seconds=defaults.turn_seconds if snap.turn_seconds is None else snap.turn_seconds,
            hints=snap.hints,
            computer_level=snap.computer_level or defaults.computer_level,
            afk_level=snap.afk_level or defaults.afk_level,
            autoplay=snap.autoplay,
        )


def check_level(level: str) -> str:
    """``level`` if a computer can play it; else a refusal naming the levels."""
    if level not in PLAYER_KINDS:
        raise TableError("err.bad_level", level=level, levels=", ".join(COMPUTER_LEVELS))
    return level
