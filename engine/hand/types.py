"""The small values of a hand: its phases, claim windows, what a seat may do, replay errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.actions import (
    Action,
    Choose,
    Chow,
    DeclareDraw,
    Discard,
    Kong,
    Pass,
    Pong,
    Riichi,
    Win,
)
from engine.records import quick_init
from engine.tiles import MAX_SEATS

if TYPE_CHECKING:
    from engine.scoring import Score


class Phase(StrEnum):
    """Where a hand is. ``WAIT`` appears only in :class:`LegalActions` (nothing to do)."""

    NEW = "new"  # no HandStarted yet
    DEALING = "dealing"  # started, the deal is due
    TURN = "turn"  # the turn seat discards, kongs or wins (after any automatic draw)
    CLAIM = "claim"  # a discard's claim window is open
    ROB = "rob"  # an added kong's window (robbing the kong) is open
    CHOOSE = "choose"  # every seat asked makes a choice at once (定缺, 换三张, 起手小胡, 海底)
    WINNING = "winning"  # a self-drawn win was declared; its Won and the end follow
    ENDED = "ended"
    WAIT = "wait"


# The phases as plain names for the hot paths: a class attribute such as ``Phase.TURN`` is a
# generic look-up in Python 3.11 (about 60 ns, and a decision compares the phase a dozen
# times), a module constant a dictionary read
NEW = Phase.NEW
DEALING = Phase.DEALING
TURN = Phase.TURN
CLAIM = Phase.CLAIM
ROB = Phase.ROB
CHOOSE = Phase.CHOOSE
WINNING = Phase.WINNING
ENDED = Phase.ENDED
WAIT = Phase.WAIT


class WindowKind(StrEnum):
    DISCARD = "discard"
    ROB = "rob"


DISCARD_WINDOW = WindowKind.DISCARD
ROB_WINDOW = WindowKind.ROB

# the other seats after a seat, in turn order: SEATS_AFTER[players][seat]
SEATS_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((d + i) % n for i in range(1, n)) for d in range(n)) for n in range(MAX_SEATS + 1)
)


class ReplayError(ValueError):
    """An event that the engine would not have produced at that point of the log."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"event {index + 1}: {message}")
        self.index = index
        self.message = message


@dataclass(frozen=True, slots=True)
class ClaimOptions:
    """What one seat may do with the tile in an open window."""

    win: bool = False
    pong: bool = False
    kong: bool = False
    chows: tuple[tuple[int, int, int], ...] = ()

    def any(self) -> bool:
        return self.win or self.pong or self.kong or bool(self.chows)


NO_OPTIONS = ClaimOptions()

# a planned win on a window: (seat, score, situations)
PlannedWin = tuple[int, "Score", frozenset[str]]


@dataclass(slots=True)
class Window:
    """An open claim window: on a discard, or on an added kong (robbing it)."""

    kind: WindowKind
    seat: int  # the discarder / the player adding to the kong
    tile: int
    options: dict[int, ClaimOptions]
    responses: dict[int, tuple[str, tuple[int, ...]]] = field(default_factory=dict)
    plan: list[PlannedWin] | None = None
    won: int = 0  # Won events of the plan applied so far

    def waiting(self) -> bool:
        return len(self.responses) < len(self.options)


@quick_init
@dataclass(frozen=True, slots=True)
class LegalActions:
    """Everything one seat may do right now; the buttons are built from it.

    ``phase`` is ``TURN`` (it is this seat's turn), ``CLAIM`` / ``ROB`` (this seat must
    answer a window about ``tile``), or ``WAIT`` (nothing to do).
    """

    seat: int
    phase: Phase
    tile: int | None = None
    discards: tuple[int, ...] = ()  # distinct tiles that may be discarded
    kongs: tuple[tuple[int, str], ...] = ()  # own-turn kongs: (tile, concealed_kong|added_kong)
    win: bool = False
    pong: bool = False
    kong: bool = False  # kong on the discard
    chows: tuple[tuple[int, int, int], ...] = ()
    can_pass: bool = False
    # in a CHOOSE phase: the step (exchange, void, small_wins, haidi) and the values one may
    # choose (for the exchange, a suggested three per suit)
    step: str = ""
    choices: tuple[str, ...] = ()
    # in a CHOOSE phase: how many tiles of one suit the seat may also name freely (换三张: 3)
    pick: int = 0
    # what a rule kept from this seat on the last tile given up (a discard or an added
    # kong), as (action, refusal code) pairs: ("win", "pass_win_locked") for 过胡, ("pong",
    # "pass_pong_locked") for 过碰, "own_discard_locked", "wildcard_not_claimable" (a
    # discarded joker) — why nothing (or less) is offered, where a lock is the reason
    withheld: tuple[tuple[str, str], ...] = ()
    # the discards that may declare riichi (the riichi family: closed, ready after the
    # discard, points and wall enough)
    riichi: tuple[int, ...] = ()
    # an abortive draw this seat may declare now (riichi's 九種九牌)
    declare_draw: bool = False

    def any(self) -> bool:
        return self.phase is not Phase.WAIT

    def actions(self) -> list[Action]:
        """The concrete actions (a discard per tile kind, each kong, each chow …)."""
        s = self.seat
        out: list[Action] = []
        if self.phase is Phase.CHOOSE:
            return [Choose(s, v) for v in self.choices]
        if self.win:
            out.append(Win(s))
        if self.phase is Phase.TURN:
            out += [Kong(s, t) for t, _ in self.kongs]
            out += [Discard(s, t) for t in self.discards]
            out += [Riichi(s, t) for t in self.riichi]
            if self.declare_draw:
                out.append(DeclareDraw(s))
        else:
            if self.pong:
                out.append(Pong(s))
            if self.kong:
                out.append(Kong(s))
            out += [Chow(s, c) for c in self.chows]
            if self.can_pass:
                out.append(Pass(s))
        return out
