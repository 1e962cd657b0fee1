"""The mjai protocol (the JSON-lines language of riichi AIs), spoken for one seat.

An mjai bot is sent the game's events as JSON objects and answers each batch with one
action object. Events (``actor`` / ``target`` are mjai seat ids):
``start_game``, ``start_kyoku`` (``bakaze``, ``kyoku``, ``honba``, ``kyotaku``, ``oya``,
``dora_marker``, ``scores``, ``tehais``: the bot's own 13 tiles, ``?`` for the others),
``tsumo`` (``pai``; ``?`` for another's draw), ``dahai`` (``pai``, ``tsumogiri``),
``pon`` / ``chi`` / ``daiminkan`` (``target``, ``pai``, ``consumed``), ``ankan``
(``consumed``), ``kakan`` (``pai``, ``consumed``), ``reach``, ``reach_accepted``,
``dora`` (``dora_marker``), ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``.
Answers: ``none``, or an action of the same shape as its event (``dahai``, ``reach``,
``hora``, ``pon``, ``chi``, ``daiminkan``, ``ankan``, ``kakan``, ``ryukyoku``).

Tiles: ``1m``–``9m``, ``1p``–``9p``, ``1s``–``9s``, ``E S W N`` the winds, ``P F C``
白 發 中; a red five is ``5mr`` (option ``aka``: sent where the seat may see it).

Seat ids are relative: the bot is always id 0, the seat after it 1, and so on (so a bot
that takes its id at start, as the mjai.app ``Bot`` does, needs no argument).

This module is pure: :class:`MjaiView` turns a hand's events into the mjai events one
seat may see, and :func:`read_action` turns an answer into a legal action or says why it
is not one. The process is driven outside the engine (``engine.cli.mjai``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import Action, Chow, DeclareDraw, Discard, Kong, Pass, Pong, Riichi, Win
from engine.events import (
    Called,
    Dealt,
    Discarded,
    Drawn,
    Event,
    HandEnded,
    HandStarted,
    Konged,
    Won,
)
from engine.hand.types import LegalActions, Phase

_NAMES: Final = (
    [f"{n}m" for n in range(1, 10)]
    + [f"{n}p" for n in range(1, 10)]
    + [f"{n}s" for n in range(1, 10)]
    + ["E", "S", "W", "N", "P", "F", "C"]
)
_KINDS: Final = {name: kind for kind, name in enumerate(_NAMES)}
_WINDS: Final = ("E", "S", "W", "N")


def mjai_tile(kind: int) -> str:
    """The mjai name of a tile kind (``0`` -> ``1m``, ``33`` (中) -> ``C``)."""
    return _NAMES[kind]


def tile_kind(name: object) -> int | None:
    """The kind an mjai tile name names (a red five as its five), or None."""
    if not isinstance(name, str):
        return None
    if len(name) == 3 and name.endswith("r") and name[0] == "5":
        name = name[:2]
    return _KINDS.get(name)


Msg = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Reds:
    """Which tiles of one event are red fives: ``pai`` the tile drawn, discarded or
    claimed; ``consumed`` one of the tiles from the hand in a call or kong; ``hand`` the
    kinds of the red fives dealt to the seat."""

    pai: bool = False
    consumed: bool = False
    hand: frozenset[int] = frozenset()


def _name(kind: int, red: bool) -> str:
    return mjai_tile(kind) + ("r" if red and kind in (4, 13, 22) else "")


class MjaiView:
    """The mjai events one seat is sent, made from the hand's events as they come.

    ``dora``: the hand's dora indicators face up so far, read by the caller from the table
    (the events do not carry them); a new one is sent as a ``dora`` event at the next
    :meth:`feed`."""

    def __init__(self, seat: int, players: int = 4) -> None:
        self.seat = seat
        self.players = players
        self.started = False
        self.last: Event | None = None
        self.reach_pending: int | None = None
        self.reach_echoed = False  # the bot's own reach was already sent back to it
        self.dora_sent = 0
        self.scores: list[int] = [25000] * players
        self.drawn: int | None = None  # the seat's own last drawn tile
        self.hand_started: HandStarted | None = None
        self.extra_red = False

    def rel(self, seat: int | None) -> int:
        return 0 if seat is None else (seat - self.seat) % self.players

    def feed(
        self, events: Sequence[Event], dora: Sequence[int] = (), reds: Reds = Reds()
    ) -> list[Msg]:
        """The mjai events of ``events``; ``reds``: their red fives (for one event)."""
        out: list[Msg] = []
        for ev in events:
            out += self._one(ev, dora, reds)
            if not isinstance(ev, Dealt):  # the deal stands as the dealer's draw
                self.last = ev
        if self.started and len(dora) > self.dora_sent:
            for d in dora[self.dora_sent :]:
                out.append({"type": "dora", "dora_marker": mjai_tile(d)})
            self.dora_sent = len(dora)
        return out

    def _accept(self) -> list[Msg]:
        if self.reach_pending is None:
            return []
        who, self.reach_pending = self.reach_pending, None
        self.scores[who] -= 1000
        deltas = [0] * self.players
        deltas[self.rel(who)] = -1000
        return [{"type": "reach_accepted", "actor": self.rel(who), "deltas": deltas,
                 "scores": self._rel_scores()}]  # fmt: skip

    def _rel_scores(self) -> list[int]:
        return [self.scores[(self.seat + i) % self.players] for i in range(self.players)]

    def _one(self, ev: Event, dora: Sequence[int], reds: Reds) -> list[Msg]:
        if isinstance(ev, HandStarted):
            self.hand_started = ev
            carry = dict(ev.carry)
            self.scores = [int(carry.get(f"p{s}", 25000)) for s in range(self.players)]
            return []
        if isinstance(ev, Dealt):
            return self._deal(ev, dora, reds)
        out: list[Msg] = []
        if isinstance(ev, Drawn | Called):
            out += self._accept()
        if isinstance(ev, Drawn):
            mine = ev.seat == self.seat
            if mine:
                self.drawn = ev.tile
            pai = _name(ev.tile, reds.pai) if mine else "?"
            out.append({"type": "tsumo", "actor": self.rel(ev.seat), "pai": pai})
        elif isinstance(ev, Discarded):
            if ev.riichi:
                if not (ev.seat == self.seat and self.reach_echoed):
                    out.append({"type": "reach", "actor": self.rel(ev.seat)})
                self.reach_echoed = False
                self.reach_pending = ev.seat
            last = self.last
            tsumogiri = isinstance(last, Drawn) and last.seat == ev.seat and last.tile == ev.tile
            out.append({"type": "dahai", "actor": self.rel(ev.seat), "pai": _name(ev.tile, reds.pai),
                        "tsumogiri": tsumogiri})  # fmt: skip
        elif isinstance(ev, Called):
            kind = {"pung": "pon", "chow": "chi", "kong": "daiminkan"}.get(ev.kind)
            if kind is not None:
                consumed = list(ev.tiles)
                if ev.tile in consumed:
                    consumed.remove(ev.tile)
                names = [
                    _name(t, reds.consumed and i == 0 and t in (4, 13, 22))
                    for i, t in enumerate(sorted(consumed, key=lambda k: k not in (4, 13, 22)))
                ]
                out.append({"type": kind, "actor": self.rel(ev.seat),
                            "target": self.rel(ev.from_seat), "pai": _name(ev.tile, reds.pai),
                            "consumed": names})  # fmt: skip
        elif isinstance(ev, Konged):
            if ev.kind == "concealed_kong":
                four = [_name(ev.tile, reds.consumed)] + [mjai_tile(ev.tile)] * 3
                out.append({"type": "ankan", "actor": self.rel(ev.seat), "consumed": four})  # fmt: skip
            else:
                three = [_name(ev.tile, reds.consumed)] + [mjai_tile(ev.tile)] * 2
                out.append({"type": "kakan", "actor": self.rel(ev.seat),
                            "pai": _name(ev.tile, reds.pai), "consumed": three})  # fmt: skip
        elif isinstance(ev, Won):
            won = mjai_tile(ev.tile) if ev.tile is not None else None
            target = ev.seat if ev.self_drawn or ev.from_seat is None else ev.from_seat
            out.append({"type": "hora", "actor": self.rel(ev.seat), "target": self.rel(target),
                        "pai": won})  # fmt: skip
        elif isinstance(ev, HandEnded):
            for s, d in enumerate(ev.deltas):
                self.scores[s] += d
            if ev.drawn:
                out.append({"type": "ryukyoku",
                            "deltas": [ev.deltas[(self.seat + i) % self.players]
                                       for i in range(self.players)]})  # fmt: skip
            out.append({"type": "end_kyoku"})
        return out

    def _deal(self, ev: Dealt, dora: Sequence[int], reds: Reds) -> list[Msg]:
        hs = self.hand_started
        assert hs is not None
        out: list[Msg] = []
        if not self.started:
            out.append({"type": "start_game", "id": 0, "names": ["0", "1", "2", "3"]})
            self.started = True
        dealer = hs.dealer
        own = sorted(ev.hands[self.seat])
        extra = None
        if len(own) > 13:  # the dealer's fourteenth tile: sent as its first draw
            extra = own.pop()
        red = set(reds.hand)
        mine = []
        for t in own:
            mine.append(_name(t, t in red))
            red.discard(t)
        if extra is not None and extra in red:  # the dealer's red five came as its 14th
            self.extra_red = True
        tehais = [mine if i == 0 else ["?"] * 13
                  for i in range(self.players)]  # fmt: skip
        carry = dict(hs.carry)
        oya = self.rel(dealer)
        out.append({"type": "start_kyoku", "bakaze": _WINDS[hs.round_wind % 4],
                    "kyoku": oya + 1, "honba": int(carry.get("honba", 0)),
                    "kyotaku": int(carry.get("sticks", 0)), "oya": oya,
                    "dora_marker": mjai_tile(dora[0]) if dora else "?",
                    "scores": self._rel_scores(), "tehais": tehais})  # fmt: skip
        self.dora_sent = 1
        if extra is not None:
            self.drawn = extra
        pai = _name(extra, self.extra_red) if extra is not None else "?"
        self.extra_red = False
        out.append({"type": "tsumo", "actor": oya, "pai": pai})
        self.last = Drawn(dealer, extra if extra is not None else 0)
        return out


@dataclass(frozen=True, slots=True)
class Answer:
    """What an answer came to: an action, ``reach`` (the bot declares riichi; its discard
    follows), or ``fault`` (why it is not legal now)."""

    action: Action | None = None
    reach: bool = False
    fault: str = ""


def parse_answer(text: str) -> Msg | None:
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) and isinstance(obj.get("type"), str) else None


def read_action(text: str, legal: LegalActions, seat: int, riichi: bool = False) -> Answer:
    """The action an answer names, if legal now. ``riichi``: the answer is the discard
    after the bot's ``reach``."""
    msg = parse_answer(text)
    if msg is None:
        return Answer(fault="malformed")
    kind = msg["type"]
    pai = tile_kind(msg.get("pai"))
    turn = legal.phase is Phase.TURN
    claim = legal.phase in (Phase.CLAIM, Phase.ROB)
    if kind == "none" and claim and legal.can_pass:
        return Answer(Pass(seat))
    if kind == "hora" and legal.win:
        return Answer(Win(seat))
    if turn and kind == "dahai" and pai is not None:
        if riichi:
            if pai in legal.riichi:
                return Answer(Riichi(seat, pai))
        elif pai in legal.discards:
            return Answer(Discard(seat, pai))
    if turn and kind == "reach" and legal.riichi and not riichi:
        return Answer(reach=True)
    if turn and kind in ("ankan", "kakan"):
        consumed = msg.get("consumed")
        first = tile_kind(consumed[0]) if isinstance(consumed, list) and consumed else None
        tile = pai if kind == "kakan" else first
        want = "added_kong" if kind == "kakan" else "concealed_kong"
        if tile is not None and (tile, want) in legal.kongs:
            return Answer(Kong(seat, tile))
    if turn and kind == "ryukyoku" and legal.declare_draw:
        return Answer(DeclareDraw(seat))
    if claim and kind == "pon" and legal.pong:
        return Answer(Pong(seat))
    if claim and kind == "daiminkan" and legal.kong:
        return Answer(Kong(seat))
    if claim and kind == "chi" and legal.tile is not None:
        consumed = msg.get("consumed")
        if isinstance(consumed, list):
            kinds = [tile_kind(c) for c in consumed]
            if None not in kinds and len(kinds) == 2:
                run = tuple(sorted([legal.tile, *[k for k in kinds if k is not None]]))
                if run in legal.chows:
                    return Answer(Chow(seat, (run[0], run[1], run[2])))
    return Answer(fault="illegal")
