"""What the table service hands to transports and takes from them: plain frozen data.

Nothing here knows Discord or pictures. A transport turns a ``PrivateView`` into a
DM with buttons (cogs), a prompt in a terminal (offline), or a line in a test's
recording; it turns an ``ActionChoice`` back into a click with ``ActionChoice.code``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.melds import Meld, MeldKind


class Status(StrEnum):
    LOBBY = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "abandoned"


class Mode(StrEnum):
    """What a seat is being asked right now."""

    TURN = "turn"  # discard (or kong / self-drawn win)
    CLAIM = "claim"  # someone's discard: pong / kong / chow / win / pass
    WAIT = "wait"  # nothing to do
    AFK = "afk"  # a computer keeps the seat until "I'm back"
    OVER = "over"  # the hand (or game) has ended


@dataclass(slots=True)
class Seat:
    """One seat of a table. ``user_id`` is None for a computer seat."""

    index: int
    user_id: int | None
    name: str
    locale: str = "en"
    level: str = "greedy"  # computer strength when a computer plays the seat
    afk: bool = False  # a person's seat a computer is keeping
    timeouts: int = 0  # time-outs in a row
    left: bool = False  # the person left; a computer has the seat for good
    dm_closed: bool = False  # told once in the channel
    # the hand the person left during: its chips stay theirs to the end of that hand (托管)
    left_hand: int | None = None
    # a computer played a whole hand of this person's seat (time-outs, "away", left): the
    # person forfeits a ranked game (tables.rating). The two hand numbers below find it: the
    # last hand the person moved in, and the last one a computer or a time-out moved for them
    # (kept in memory only; a restarted table gives the person the benefit of the doubt)
    absent: bool = False
    moved_hand: int = -1
    kept_hand: int = -1

    @property
    def is_computer(self) -> bool:
        return self.user_id is None or self.afk or self.left

    @property
    def person(self) -> int | None:
        """The person who owns this seat and may act for it (None for computers / leavers)."""
        return None if self.user_id is None or self.left else self.user_id


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as transports see it (no tiles)."""

    id: str
    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    options: tuple[tuple[str, Any], ...]
    stake: int
    hands: int
    status: Status
    seats: tuple[Seat | None, ...]
    hints: bool = False  # the host turned on the 💡 button (the table is not ranked)
    computer_level: str = "normal"  # what "Add computer" seats unless a level is chosen

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s is not None and s.person == user_id:
                return s.index
        return None

    def name(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name if s is not None else "?"


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """One legal move for a seat: what a button does.

    ``kind``: discard, pong, kong, concealed_kong, added_kong, chow, win, self_draw, pass, and
    false_win (a win declared on a hand that is none, where the rules pay 诈胡 for it).
    ``code`` is the short form that rides in a button's custom_id (``d``, ``p``, ``k`` …) and
    ``arg`` its tile argument in notation (``5m``, ``345m``, or ``""``).
    """

    kind: str
    code: str
    arg: str = ""
    tile: int | None = None
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PrivateView:
    """One seat's own view: its tiles and the moves it may make now. Only its owner sees it."""

    table_id: str
    hand_no: int
    step: int
    seat: int
    mode: Mode
    concealed: tuple[int, ...]  # sorted, without the drawn tile
    drawn: int | None
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    actions: tuple[ActionChoice, ...]
    deadline: float | None = None  # clock time the current timer runs out
    seconds: float | None = None  # the timer's length, for "(30 s)"
    claim_tile: int | None = None
    claim_from: int | None = None
    turn_seat: int | None = None
    shanten: int | None = None
    waits: tuple[int, ...] = ()
    wild: tuple[int, ...] = ()  # tiles that are wildcards in this preset (to mark them)
    indicator: int | None = None  # the turned indicator, where the jokers come from one
    dora: int | None = None  # the turned 宝牌 indicator (option dora)
    lizhi: int = 0  # the 立直 stake this seat put on the table (chips; 0: not declared)
    family: str = ""  # the preset's rule family (names the joker: 百搭, 惠牌, 财神)
    dead_jokers: bool = False  # a joker in a meld is only its face (Shanghai)
    imagined: int = 0  # imagined wild tiles the seat holds besides its hand (江南's 心皇)
    stand_in: int | None = None  # the kind every 白板 stands for (Fujian)
    hints: bool = False  # the table offers the 💡 button
    dealer: int = 0  # the hand's dealer: seats are named by their wind from the dealer
    # a choice every seat makes at once (exchange, void, small_wins, haidi), while it is asked
    choosing: str = ""
    # besides the listed choices, any ``pick`` tiles of one suit from the hand (换三张: 3)
    pick: int = 0
    # a Charleston pass under way: which way the tiles go (1 next, 2 across, 3 previous)
    pass_shift: int = 0
    void_suit: int | None = None  # the seat's declared void suit (0 m, 1 p, 2 s), once chosen
    seats: int = 4  # the table's seat count (a seat is named by its wind only at four)
    out: bool = False  # the seat has won and is out while the others play on (血战)
    won_tile: int | None = None  # the tile it won on
    # 换三张: the three tiles this seat was given, until it has played (the public notice
    # says only which way the tiles went)
    received: tuple[int, ...] = ()
    # why a win or claim on the last tile given up is not offered (the engine's
    # ``LegalActions.withheld``): the rule's code, with what lifts the lock where that differs
    # by game — "pass_win_locked.draw" / ".draw_or_call" (过胡), "pass_pong_locked.discard" /
    # ".draw" (过碰), "own_discard_locked", "wildcard_not_claimable" (a discarded joker)
    withheld: tuple[str, ...] = ()
    riichi: int = 0  # riichi: 1 declared, 2 double riichi — the hand is locked (tsumogiri)

    def shown_key(self) -> tuple[Any, ...]:
        """Everything of this view its owner's message shows (text, picture, buttons): two views
        with equal keys look the same, so a transport need not redraw the message.

        Whose turn it is and the step count are left out while the seat has nothing to decide
        (the step only rides in the buttons of a seat that acts), so another seat's move
        changes nothing here unless it touches this seat's tiles or opens a claim for it.
        """
        deciding = self.mode in (Mode.TURN, Mode.CLAIM)
        return (
            self.table_id, self.hand_no, self.seat, self.mode, self.step if deciding else None,
            self.concealed, self.drawn, self.melds, self.flowers, self.actions,
            self.deadline if deciding else None, self.claim_tile, self.claim_from,
            self.shanten, self.waits, self.wild, self.indicator, self.dora, self.lizhi,
            self.hints, self.choosing, self.pick, self.pass_shift, self.void_suit, self.out,
            self.won_tile, self.received, self.withheld, self.riichi,
        )


@dataclass(frozen=True, slots=True)
class ShownMeld:
    """A meld as everyone at the table sees it. A concealed kong is four backs: its ``tiles``
    are empty, so nothing built from a public view can show (or leak) what it is made of."""

    kind: MeldKind
    tiles: tuple[int, ...]  # () for a concealed kong
    called: int | None = None
    from_seat: int | None = None

    @property
    def face_down(self) -> bool:
        return self.kind is MeldKind.CONCEALED_KONG

    @classmethod
    def of(cls, meld: Meld) -> ShownMeld:
        if meld.kind is MeldKind.CONCEALED_KONG:
            return cls(meld.kind, ())
        return cls(meld.kind, meld.tiles, meld.called, meld.from_seat)

    def meld(self) -> Meld:
        """The engine meld (an exposed one only: a face-down kong has no tiles to give)."""
        if self.face_down:
            raise ValueError("a face-down kong's tiles are not public")
        return Meld(self.kind, self.tiles, self.called, self.from_seat)


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone at the channel may see: never a concealed tile. It is built from public
    facts only (rivers, exposed melds, counts), so two hands that differ only in what is hidden
    — the seats' tiles, the wall, the kind of a concealed kong — give equal views."""

    table_id: str
    rules_name: str
    hand_no: int
    hands_total: int
    dealer: int
    round_wind: int
    wall_remaining: int
    turn_seat: int | None
    rivers: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[ShownMeld, ...], ...]  # concealed kongs included, as four backs
    flowers: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    names: tuple[str, ...]
    computer: tuple[bool, ...]
    scores: tuple[int, ...]  # chips won or lost at this table so far
    levels: tuple[str, ...] = ()  # the level of the computer playing each seat ("" a person)
    commitment: str = ""
    last_discard: tuple[int, int] | None = None  # (seat, tile)
    deadline: float | None = None
    finished: bool = False
    wild: tuple[int, ...] = ()  # the hand's joker kinds (public: they are shown to all)
    indicator: int | None = None  # the turned indicator (public)
    dora: int | None = None  # the turned 宝牌 indicator (option dora)
    # 立直 (option lizhi): the seats that declared, and the stakes on the table (chips)
    lizhi: tuple[bool, ...] = ()
    stakes: int = 0
    lizhi_at: tuple[int, ...] = ()  # each seat's 立直 discard in its river (-1: none)
    family: str = ""
    # facts of the hand everyone sees (engine.family Mark): 荒番, 烧庄, 互包, 花 counts, dice
    marks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    dead_jokers: bool = False  # a joker thrown or called is only its face (Shanghai)
    # chips each seat has paid (−) or been paid (+) so far in this hand, for games that pay
    # during the hand (刮风下雨, 起手小胡, a 血战 win); empty for the others. They move in the
    # hand's settlement, which lists each payment again.
    running: tuple[int, ...] = ()
    # discards lie face down (Sichuan's two-player game) until the hand ends: ``rivers`` then
    # hold only placeholders, one per discard, so the view still carries nothing hidden
    hidden_rivers: bool = False


@dataclass(frozen=True, slots=True)
class Notice:
    """A short public message: ``key`` in i18n.bot_text with its arguments."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class WinInfo:
    seat: int
    tile: int | None
    self_drawn: bool
    from_seat: int | None
    points: int
    fan: int | None
    patterns: tuple[str, ...]
    situations: tuple[str, ...]
    concealed: tuple[int, ...]  # the winner's hand, revealed at the end
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...] = ()  # bonus tiles the winner set aside (Taiwan's 正花 …)
    imagined: int | None = None  # what the 心皇 was read as at the win (江南)
    # riichi: the win's fu, its yaku with their han (dora counted), and its limit
    # ("mangan" …; "" below one); fu None where the game counts none
    fu: int | None = None
    yaku: tuple[tuple[str, int], ...] = ()
    limit: str = ""


# the payments besides a win, in the order a settlement lists them (each has its words:
# ``settlement.extra.<reason>`` in i18n.bot_text)
EXTRA_REASONS = ("kong", "horse", "burn", "bound", "draw", "small_win", "flower_pig",
                 "not_ready", "refund", "false_win", "lizhi")


@dataclass(frozen=True, slots=True)
class SettlementView:
    table_id: str
    hand_no: int
    rules_name: str
    drawn: bool
    wins: tuple[WinInfo, ...]
    deltas: tuple[int, ...]  # engine deltas at a unit stake, per seat
    chips: tuple[int, ...]  # chips actually moved, per seat
    payments: tuple[tuple[int, int, int, str], ...]
    names: tuple[str, ...]
    seed: str
    commitment: str
    stake: int = 1  # chips per unit: payments are in units
    wild: tuple[int, ...] = ()  # the hand's joker kinds
    indicator: int | None = None
    dora: int | None = None  # the turned 宝牌 indicator (option dora)
    family: str = ""
    marks: tuple[tuple[str, tuple[int, ...]], ...] = ()  # as PublicView's
    # payments cut by 以小博大 or by what the payer held: (payer, payee, owed, paid) in chips
    cut: tuple[tuple[int, int, int, int], ...] = ()
    levels: tuple[str, ...] = ()  # as PublicView's
    # list every payment on the picture (games where a win does not end the hand, birds)
    itemised: bool = False
    dealer: int = 0  # the hand's dealer: each seat's wind follows from it
    # a riichi abortive draw ("" a drawn hand of an empty wall): nine_kinds (declared by
    # ``abort_seat``), four_winds, four_riichi, four_kongs, three_rons
    abort: str = ""
    abort_seat: int | None = None

    def seat_winds(self) -> tuple[int, ...]:
        """Each seat's wind in this hand (0–3: E S W N), the dealer East; at a table of another
        size each seat's place in turn order from the dealer (0 = the dealer)."""
        return tuple((s - self.dealer) % len(self.names) for s in range(len(self.names)))

    def ledger(self) -> tuple[tuple[int, int, int, str], ...]:
        """Every payment in chips, in the order it fell due (when ``itemised``)."""
        if not self.itemised:
            return ()
        return tuple((a, b, n * self.stake, r) for a, b, n, r in self.payments)

    def extras(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Per-seat nets of the payments besides the win (kongs, horses, 烧庄, 互包, a drawn
        hand's penalty, a false win's), in chips."""
        out = []
        for reason in EXTRA_REASONS:
            nets = [0] * len(self.names)
            for payer, payee, amount, why in self.payments:
                if why == reason:
                    nets[payer] -= amount * self.stake
                    nets[payee] += amount * self.stake
            if any(nets):
                out.append((reason, tuple(nets)))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class StandingsView:
    table_id: str
    names: tuple[str, ...]
    totals: tuple[int, ...]  # chips won/lost over the game, per seat
    balances: tuple[int | None, ...]  # ledger balance afterwards (None for computers)
    hands_played: int
    # a game of points (riichi): the final ranking, first to last, as (seat, final points,
    # result in whole points with uma and oka, chips); the uma, and the stake
    final: tuple[tuple[int, int, int, int], ...] = ()
    uma: str = ""
    stake: int = 1
