"""The language of the Botzone Chinese-Standard-Mahjong judge, spoken for one seat.

Botzone (the Peking University AI platform; its yearly Chinese Standard Mahjong competition
plays Guobiao) runs a bot as a program that is sent *requests* and answers each with one
*response* line. Requests, with the player ids of the judge (0 is the dealer, East; a seat's
id is its seat wind) and its tile names (``W1``–``W9`` 万, ``B1``–``B9`` 饼, ``T1``–``T9``
条, ``F1``–``F4`` the winds East to North, ``J1`` 中 ``J2`` 發 ``J3`` 白, ``H1``–``H8`` the
flowers):

* ``0 id quan`` — the bot's id and the round wind;
* ``1 h0 h1 h2 h3 t1 … t13 f…`` — each player's flower count, the bot's 13 tiles, then every
  player's flowers;
* ``2 T`` — the bot drew ``T`` (the dealer's fourteenth tile is sent this way too);
* ``3 id DRAW`` / ``3 id BUHUA H`` — a player drew / set a flower aside (its replacement
  follows as the next draw);
* ``3 id PLAY T``, ``3 id PENG T``, ``3 id CHI M T`` — a discard, alone or after a pong or a
  chow (``M`` the chow's middle tile); ``T`` is the discarded tile;
* ``3 id GANG`` — a kong: concealed after the player's draw (no tile shown), else on the
  last discard; ``3 id BUGANG T`` — a pong made a kong with ``T`` (it may be robbed).

Answers: ``PASS``; after ``2 T``: ``PLAY T``, ``GANG T`` (concealed), ``BUGANG T``, ``HU``;
on another's discard: ``PENG T`` (pong, then discard ``T``), ``CHI M T``, ``GANG``, ``HU``;
on ``BUGANG``: ``HU`` (robbing the kong). Every other request is answered ``PASS``.

This module is pure: :class:`SeatRequests` turns a hand's events into the requests one seat
is sent (only what that seat may see: another seat's draw and concealed kong without their
tiles, as the judge sends them), and :func:`read_answer` turns a response line into one of
the seat's legal actions or says why it is not one. The program itself is driven outside the
engine (``engine.cli.botzone``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.events import (
    Called,
    Dealt,
    Discarded,
    Drawn,
    Event,
    FlowerSetAside,
    HandStarted,
    Konged,
)
from engine.hand.types import LegalActions, Phase
from engine.melds import CHOW_VALUE, KONG_VALUE, PUNG_VALUE
from engine.tiles import FLOWERS, NUM_KINDS

KEEP_RUNNING: Final = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"

# project kind -> judge name: 0-8 W, 9-17 B, 18-26 T, 27-30 F1-F4, 31 白 J3, 32 發 J2, 33 中 J1
_NAMES: Final = (
    [f"W{n}" for n in range(1, 10)]
    + [f"B{n}" for n in range(1, 10)]
    + [f"T{n}" for n in range(1, 10)]
    + [f"F{n}" for n in range(1, 5)]
    + ["J3", "J2", "J1"]
    + [f"H{n}" for n in range(1, 9)]
)
_KINDS: Final = {name: kind for kind, name in enumerate(_NAMES)}


def name_of(kind: int) -> str:
    """The judge's name of a tile kind (``0`` -> ``W1``, ``33`` (中) -> ``J1``)."""
    return _NAMES[kind]


def kind_of(name: str) -> int | None:
    """The kind of a judge's tile name, or None when it names no tile (flowers included)."""
    return _KINDS.get(name)


class SeatRequests:
    """The requests the judge sends one seat, made from the hand's events as they come.

    Feed it the events in order (:meth:`feed`); it returns the new request lines. The deal is
    held back until the deal's flowers are replaced (the judge sends the hands after 补花), and
    a pong's or chow's request waits for the caller's discard, which it carries."""

    def __init__(self, seat: int, players: int = 4) -> None:
        self.seat = seat
        self.players = players
        self.dealer = 0
        self.quan = 0
        self._hands: list[list[int]] | None = None  # the deal, while its flowers are replaced
        self._flowers: list[list[int]] = [[] for _ in range(players)]
        self._called: dict[int, str] = {}  # seat -> "PENG" / "CHI M", waiting for its discard
        self.drawn: int | None = None  # the tile of this seat's last draw request

    def pid(self, seat: int) -> int:
        """The judge's player id of a seat: its wind, the dealer being 0."""
        return (seat - self.dealer) % self.players

    def feed(self, events: Iterable[Event]) -> list[str]:
        out: list[str] = []
        for ev in events:
            if self._hands is not None and not (
                isinstance(ev, FlowerSetAside) or (isinstance(ev, Drawn) and ev.from_tail)
            ):
                self._close_deal(out)
            self._one(ev, out)
        return out

    def flush(self) -> list[str]:
        """What is held back when a decision is due now (the dealer's first turn)."""
        out: list[str] = []
        if self._hands is not None:
            self._close_deal(out)
        return out

    def _one(self, ev: Event, out: list[str]) -> None:
        me = self.seat
        if isinstance(ev, HandStarted):
            self.dealer, self.quan = ev.dealer, ev.round_wind
            out.append(f"0 {self.pid(me)} {self.quan}")
        elif isinstance(ev, Dealt):
            self._hands = [list(h) for h in ev.hands]
        elif self._hands is not None:  # the deal's flowers, replaced from the tail
            if isinstance(ev, FlowerSetAside):
                self._hands[ev.seat].remove(ev.tile)
                self._flowers[ev.seat].append(ev.tile)
            elif isinstance(ev, Drawn):
                self._hands[ev.seat].append(ev.tile)
        elif isinstance(ev, Drawn):
            if ev.tile >= NUM_KINDS:
                return  # a flower: its BUHUA comes with its FlowerSetAside
            if ev.seat == me:
                self.drawn = ev.tile
                out.append(f"2 {name_of(ev.tile)}")
            else:
                out.append(f"3 {self.pid(ev.seat)} DRAW")
        elif isinstance(ev, FlowerSetAside):
            out.append(f"3 {self.pid(ev.seat)} BUHUA {name_of(ev.tile)}")
        elif isinstance(ev, Discarded):
            how = self._called.pop(ev.seat, "PLAY")
            out.append(f"3 {self.pid(ev.seat)} {how} {name_of(ev.tile)}")
        elif isinstance(ev, Called):
            if ev.kind == PUNG_VALUE:
                self._called[ev.seat] = "PENG"
            elif ev.kind == CHOW_VALUE:
                self._called[ev.seat] = f"CHI {name_of(ev.tiles[1])}"
            elif ev.kind == KONG_VALUE:
                out.append(f"3 {self.pid(ev.seat)} GANG")
        elif isinstance(ev, Konged):
            if ev.kind == "added_kong":
                out.append(f"3 {self.pid(ev.seat)} BUGANG {name_of(ev.tile)}")
            else:  # concealed: the others are not shown the tile
                out.append(f"3 {self.pid(ev.seat)} GANG")

    def _close_deal(self, out: list[str]) -> None:
        hands, self._hands = self._hands, None
        assert hands is not None
        n, dealer = self.players, self.dealer
        by_pid = [(dealer + p) % n for p in range(n)]
        mine = sorted(hands[self.seat])
        extra = None
        if self.seat == dealer:  # the judge deals 13 and sends the dealer's 14th as a draw
            extra = mine.pop()
        counts = " ".join(str(len(self._flowers[s])) for s in by_pid)
        flowers = [name_of(f) for s in by_pid for f in self._flowers[s]]
        out.append(" ".join(["1", counts, *map(name_of, mine), *flowers]))
        if extra is not None:
            self.drawn = extra
            out.append(f"2 {name_of(extra)}")
        else:
            out.append(f"3 {self.pid(dealer)} DRAW")


@dataclass(frozen=True, slots=True)
class Answer:
    """A response read against the seat's legal actions: ``action`` (None: not a legal
    answer), ``discard`` (the tile a pong or chow answer throws after the call) and, when
    the answer is refused, ``fault``: ``malformed`` (not the judge's language) or ``illegal``."""

    action: Action | None
    discard: int | None = None
    fault: str | None = None


def _counts_after(hand: Iterable[int], take: Iterable[int], add: int) -> list[int]:
    c = list(hand)
    c[add] += 1
    for t in take:
        c[t] -= 1
    return c


_ARITY: Final = {"PASS": (0,), "HU": (0,), "PLAY": (1,), "BUGANG": (1,), "PENG": (1,),
                  "CHI": (2,), "GANG": (0, 1)}  # fmt: skip


def well_formed(line: str) -> bool:
    """Whether a line is an answer of the judge's language at all (a verb, its tiles)."""
    words = line.split()
    if not words or len(words) - 1 not in _ARITY.get(words[0], ()):
        return False
    return all(kind_of(w) is not None and kind_of(w) not in FLOWERS for w in words[1:])


def read_answer(line: str, legal: LegalActions, hand: list[int]) -> Answer:
    """The action a response line asks for, if it is one of ``legal`` (``hand``: the seat's
    counts, to check the discard a pong or chow answer names)."""
    words = line.split()
    seat, phase = legal.seat, legal.phase
    verb = words[0] if words else ""
    tiles = [kind_of(w) for w in words[1:]]
    arity = {"PASS": 0, "HU": 0, "PLAY": 1, "BUGANG": 1, "PENG": 1, "CHI": 2}.get(verb)
    if verb == "GANG":
        arity = 1 if phase is Phase.TURN else 0
    if arity is None or len(tiles) != arity or any(t is None or t in FLOWERS for t in tiles):
        return Answer(None, fault="malformed")
    t = tiles[0] if tiles else None
    if verb == "HU":
        return Answer(Win(seat)) if legal.win else Answer(None, fault="illegal")
    if phase is Phase.TURN:
        if verb == "PLAY" and t in legal.discards:
            return Answer(Discard(seat, t))
        if verb in ("GANG", "BUGANG"):
            kind = "concealed_kong" if verb == "GANG" else "added_kong"
            if (t, kind) in legal.kongs:
                return Answer(Kong(seat, t))
        return Answer(None, fault="illegal")
    if phase is Phase.ROB:
        return Answer(Pass(seat)) if verb == "PASS" else Answer(None, fault="illegal")
    # a claim on another seat's discard
    x = legal.tile
    if verb == "PASS":
        return Answer(Pass(seat))
    if verb == "GANG" and legal.kong:
        return Answer(Kong(seat))
    if x is None or t is None:
        return Answer(None, fault="illegal")
    if verb == "PENG" and legal.pong and _counts_after(hand, (x, x, x), x)[t] > 0:
        return Answer(Pong(seat), discard=t)
    if verb == "CHI" and tiles[1] is not None:
        run = (t - 1, t, t + 1)
        throw = tiles[1]
        if run in legal.chows and _counts_after(hand, run, x)[throw] > 0:
            return Answer(Chow(seat, run), discard=throw)
    return Answer(None, fault="illegal")
