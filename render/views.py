"""What the pictures show: small plain dataclasses, filled in by the bot from the game state.

render/ does not import the engine's state machine: the caller converts its state
into these views (``MeldView.from_meld`` helps with ``engine.melds.Meld``).
Every view is checked when drawn; bad input raises :class:`RenderError` with a
message that says what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.melds import Meld, MeldKind
from engine.tiles import (
    DRAGONS,
    FLOWERS,
    NUM_TILE_KINDS,
    NotationError,
    format_tiles,
    is_flower,
    tile_name,
)

MAX_HAND_TILES = 17  # concealed + drawn + 3 per meld (a kong counts three; Taiwan: 17)
# tiles a hand may set aside: the flowers, and the dragons where they count as flowers
BONUS_TILES = frozenset(FLOWERS) | frozenset(DRAGONS)


class RenderError(ValueError):
    """A view that cannot be drawn: an unknown tile, too many tiles, a bad seat..."""


def check_tiles(tiles: Iterable[object], what: str) -> list[int]:
    out = []
    for t in tiles:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < NUM_TILE_KINDS:
            raise RenderError(f"{what}: {t!r} is not a tile (kinds are 0–41, e.g. parse('5m'))")
        out.append(t)
    return out


def check_copies(tiles: Iterable[int], what: str) -> None:
    """No kind more than four times, no flower twice."""
    for t, n in Counter(tiles).items():
        limit = 1 if t in FLOWERS else 4
        if n > limit:
            raise RenderError(f"{what}: {n} × {tile_name(t)} (a set has {limit})")


@dataclass(frozen=True, slots=True)
class MeldView:
    """An exposed meld as laid on the table.

    ``tiles`` in the order laid (natural tiles, 3 or 4). ``called_index`` is the
    position of the claimed tile, drawn turned sideways; by table custom it points
    at the seat it came from (``from_relative`` 3 = previous player → left,
    2 = opposite → middle, 1 = next player → right), which :meth:`from_meld` uses.
    ``concealed`` kongs show their two end tiles face down (the owner's own hand, a finished
    hand); an ``added`` kong stacks the fourth tile on the turned one. ``hidden``: another
    seat's concealed kong as the table sees it, all four tiles face down — its kind is not
    known to the picture at all (:meth:`face_down_kong`; ``tiles`` are placeholders).
    """

    tiles: tuple[int, ...]
    called_index: int | None = None
    from_relative: int | None = None
    concealed: bool = False
    added: bool = False
    hidden: bool = False

    @classmethod
    def face_down_kong(cls) -> MeldView:
        """A concealed kong whose kind the viewer does not know: four backs."""
        return cls((0, 0, 0, 0), concealed=True, hidden=True)

    def check(self) -> None:
        if self.hidden:
            if len(self.tiles) != 4 or not self.concealed:
                raise RenderError("a hidden meld is a concealed kong of four tiles")
            return
        tiles = check_tiles(self.tiles, "meld")
        if len(tiles) not in (3, 4):
            raise RenderError(f"a meld has 3 or 4 tiles, not {len(tiles)} ({format_tiles(tiles)})")
        if any(is_flower(t) for t in tiles):
            raise RenderError(f"a meld holds natural tiles only: {format_tiles(tiles)}")
        if self.called_index is not None and not 0 <= self.called_index < len(tiles):
            raise RenderError(f"called_index {self.called_index} is outside the meld")
        if self.added and len(tiles) != 4:
            raise RenderError("an added kong has four tiles")

    @classmethod
    def from_meld(cls, meld: Meld, seat: int | None = None) -> MeldView:
        """Lay an engine meld: the claimed tile turned towards the seat it came from."""
        tiles = list(meld.tiles)
        if meld.kind is MeldKind.CONCEALED_KONG:
            return cls(tuple(tiles), concealed=True)
        rel = None
        if seat is not None and meld.from_seat is not None:
            rel = (meld.from_seat - seat) % 4 or None
        called = meld.called if meld.called is not None else tiles[0]
        if called in tiles:  # put the claimed tile where custom says, the rest in order
            tiles.remove(called)
        n = 3 if meld.kind is MeldKind.ADDED_KONG else len(tiles) + 1
        index = {3: 0, 2: 1, 1: n - 1}.get(rel or 3, 0)
        tiles.insert(index, called)
        return cls(tuple(tiles), called_index=index, from_relative=rel,
                   added=meld.kind is MeldKind.ADDED_KONG)


@dataclass(frozen=True, slots=True)
class HandView:
    """One player's hand, as its owner sees it.

    ``concealed`` excludes ``drawn`` (the tile just drawn, shown set apart).
    ``flowers`` are bonus flowers set aside (wildcards stay in ``concealed``).
    ``wild_kinds`` are the hand's joker kinds (the flowers in Baida, the kind after the
    indicator elsewhere); they get the gold mark everywhere.
    ``waits``: the kinds that would win, drawn in a strip below (None: no strip).
    ``sort``: sort the concealed tiles (wildcards first, then m p s z f).
    ``indicator``: the turned indicator where the jokers come from one, drawn beside the
    hand with the joker kind (``family`` names them: 百搭, 惠牌, 财神).
    """

    concealed: Sequence[int]
    drawn: int | None = None
    melds: Sequence[MeldView] = ()
    flowers: Sequence[int] = ()
    wild_kinds: frozenset[int] = frozenset()
    waits: Sequence[int] | None = None
    sort: bool = True
    indicator: int | None = None
    # 宝牌 (option dora): the turned indicator, drawn beside the hand with the 宝牌 kind;
    # tiles of that kind get a red frame (the winner's 宝牌 on the settlement)
    dora: int | None = None
    # 立直 (option lizhi): the stake this seat put on the table (0: not declared), drawn as a
    # stick under the hand
    lizhi: int = 0
    # a Charleston pass under way: (its number, where the tiles go: 1 next, 2 across, 3
    # previous), drawn as a strip that names the direction
    charleston: tuple[int, int] | None = None
    family: str = ""
    dead_jokers: bool = False  # a joker kind in a meld is only its face (Shanghai): plain
    void_suit: int | None = None  # the owner's declared void suit (0 m, 1 p, 2 s): a line below
    out: bool = False  # the owner has won and is out while the others play on (血战)
    won_tile: int | None = None  # the tile it won on, drawn on that line
    # tiles of one suit a win needs (Hefei's 八枝: 8): a line below counts each suit, melds
    # included and a kong as four; 0: no line
    suit_need: int = 0
    # 江南's 心皇: an empty dashed slot after the hand while it plays (``imagined_slot``), at
    # a win the tile it stood for in a dashed frame (``imagined``)
    imagined: int | None = None
    imagined_slot: bool = False
    # Fujian: the kind every 白板 stands for, a small badge on each 白板 of the hand
    stand_in: int | None = None

    def check(self) -> None:
        if self.void_suit is not None and self.void_suit not in (0, 1, 2):
            raise RenderError(f"void_suit {self.void_suit!r} is not 0, 1 or 2 (m, p, s)")
        if self.won_tile is not None:
            check_tiles([self.won_tile], "winning tile")
        if not 0 <= self.suit_need <= 17:
            raise RenderError(f"suit_need {self.suit_need!r} is not 0..17")
        concealed = check_tiles(self.concealed, "concealed tiles")
        drawn = [] if self.drawn is None else check_tiles([self.drawn], "drawn tile")
        for m in self.melds:
            if not isinstance(m, MeldView):
                raise RenderError(f"melds must be MeldView, not {type(m).__name__}")
            m.check()
        flowers = check_tiles(self.flowers, "flowers")
        if any(f not in BONUS_TILES for f in flowers):
            raise RenderError(
                f"tiles set aside must be flowers (or dragons, where they count as flowers): "
                f"{format_tiles(flowers)}"
            )
        total = len(concealed) + len(drawn) + 3 * len(self.melds)
        if total > MAX_HAND_TILES:
            raise RenderError(
                f"too many tiles for one hand: {total} (concealed {len(concealed)}, drawn "
                f"{len(drawn)}, {len(self.melds)} melds × 3); a hand holds at most 17"
            )
        check_copies(
            [*concealed, *drawn, *flowers, *(t for m in self.melds for t in m.tiles)], "hand"
        )
        check_tiles(self.wild_kinds, "wild_kinds")
        if self.waits is not None:
            check_tiles(self.waits, "waits")
        if self.indicator is not None:
            check_tiles([self.indicator], "indicator")


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat at the table as everyone sees it (no concealed tiles, only their number)."""

    name: str
    discards: Sequence[int] = ()
    melds: Sequence[MeldView] = ()
    concealed_count: int = 13
    flowers: Sequence[int] = ()
    seat_wind: int = 0  # 0–3: E S W N (at a table of other than four: the place from the dealer)
    score: int | None = None
    points: int | None = None  # a game of points (riichi): the seat's points, shown for score
    is_dealer: bool = False
    is_turn: bool = False
    running: int | None = None  # paid (−) or won (+) so far in this hand, where paid at once
    # the hand shown face up (a replay's end: every hand open), in place of the face-down
    # tiles; ``won_tile`` the tile it won on, set apart and marked; ``winner`` outlines the plate
    open_hand: Sequence[int] | None = None
    won_tile: int | None = None
    winner: bool = False
    # the river lies face down (Sichuan's two players): drawn as backs, one per discard
    discards_face_down: bool = False
    # 立直 (option lizhi): the discard declared with lies sideways (its place in the river;
    # None: not declared) and a 立直 stick lies in front of the seat
    lizhi_at: int | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """The table seen from above. ``seats`` in seat order (play order E S W N from seat 0).

    ``viewer`` is the seat drawn at the bottom; ``last_discard`` is (seat, index in
    that seat's discards) and gets highlighted. ``indicator``: the turned indicator, shown
    in the centre with the joker kind (named after ``family``); ``marks``: facts of the hand
    shown to all, by name (``huangfan`` (n,), ``burn`` (rounds,), ``bound`` (seat, seat),
    ``hua`` (bonus tiles per seat), ``dice`` (a, b)); ``dead_jokers``: a joker kind in a
    river or a meld is only its face (Shanghai), so it is drawn plain there.
    """

    seats: Sequence[SeatView]
    wall_remaining: int
    round_wind: int = 0
    last_discard: tuple[int, int] | None = None
    hand_number: int | None = None
    viewer: int = 0
    wild_kinds: frozenset[int] = frozenset()
    indicator: int | None = None
    family: str = ""
    marks: Sequence[tuple[str, Sequence[int]]] = ()
    dead_jokers: bool = False

    def check(self) -> None:
        if not 2 <= len(self.seats) <= 7:
            raise RenderError(f"a table picture has 2 to 7 seats, not {len(self.seats)}")
        for i, s in enumerate(self.seats):
            if not isinstance(s, SeatView):
                raise RenderError(f"seat {i} must be a SeatView, not {type(s).__name__}")
            check_tiles(s.discards, f"seat {i} discards")
            # two players share a wall of 81 tiles: one river may hold some 45 (packed smaller)
            if len(s.discards) > 60:
                raise RenderError(f"seat {i} has {len(s.discards)} discards; at most 60 fit")
            for m in s.melds:
                m.check()
            check_tiles(s.flowers, f"seat {i} flowers")
            if s.open_hand is not None:
                shown = check_tiles(s.open_hand, f"seat {i} open hand")
                won = [] if s.won_tile is None else check_tiles([s.won_tile], f"seat {i} won tile")
                if len(shown) + len(won) + 3 * len(s.melds) > MAX_HAND_TILES:
                    raise RenderError(f"seat {i}: too many tiles for one hand")
            if not 0 <= s.concealed_count <= MAX_HAND_TILES:
                raise RenderError(
                    f"seat {i}: {s.concealed_count} concealed tiles (0–{MAX_HAND_TILES})"
                )
            if len(s.melds) > 5 or s.concealed_count + 3 * len(s.melds) > MAX_HAND_TILES:
                raise RenderError(f"seat {i}: too many tiles for one hand")
            if not 0 <= s.seat_wind < max(4, len(self.seats)):
                raise RenderError(f"seat {i}: seat_wind {s.seat_wind} is not 0–3 (E S W N) "
                                  "or a place at the table")
        if sum(s.is_dealer for s in self.seats) > 1:
            raise RenderError("more than one dealer")
        if not 0 <= self.round_wind <= 3:
            raise RenderError(f"round_wind {self.round_wind} is not 0–3 (E S W N)")
        if not 0 <= self.viewer < len(self.seats):
            raise RenderError(f"viewer {self.viewer} is not a seat (0–{len(self.seats) - 1})")
        if not 0 <= self.wall_remaining <= 144:
            raise RenderError(f"wall_remaining {self.wall_remaining} is not 0–144")
        if self.last_discard is not None:
            seat, index = self.last_discard
            if not 0 <= seat < len(self.seats) or not 0 <= index < len(self.seats[seat].discards):
                raise RenderError(f"last_discard {self.last_discard} is not a discard on the table")
        # face-down discards are placeholders: they name no tile to count
        check_copies([t for s in self.seats for t in (
                          *(() if s.discards_face_down else s.discards), *s.flowers, *(
                          x for m in s.melds if not m.hidden for x in m.tiles))],
                     "table")
        if self.indicator is not None:
            check_tiles([self.indicator], "indicator")
        check_marks(self.marks)


@dataclass(frozen=True, slots=True)
class WinView:
    """One winner of a hand. ``hand.drawn`` is the winning tile (set apart).

    ``patterns`` are (pattern or bonus id, value) as scored: multiples in Heyuan,
    fan in Guangdong (the settlement's ``value_style`` says). ``points`` is what one payer
    pays at the table's unit.
    """

    seat: int
    hand: HandView
    patterns: Sequence[tuple[str, int]]
    points: int
    self_drawn: bool = False
    discarder: int | None = None
    fan: int | None = None  # Guangdong: the total fan after additions and cap


# payments besides the win that a settlement explains (engine Payment reasons): kongs,
# horses, 烧庄 (burn), 互包 (bound: the bound player pays the win instead), a drawn hand's
# penalty (draw), a false win's penalty (诈胡)
EXTRA_REASONS = ("kong", "horse", "burn", "bound", "draw", "small_win", "flower_pig", "not_ready",
                 "refund", "false_win", "lizhi")
# the payments a settlement's ledger may list, in the order they fell due
LEDGER_REASONS = ("win", *EXTRA_REASONS)
# the facts a table or settlement may show, with how many values each carries: 荒番, 烧庄,
# 互包, 花, dice; a seat's void suit (seat, suit), a seat out of the hand with its winning
# tile (seat, tile), 起手小胡 shown (seat, items), the 海底's taker (seat), a bird (tile), the
# dealer's streak (連N拉N: N), the hands in a row the dealer has kept the deal (连庄: N), the
# dealer's throw that chose where dealing began (Hefei: the two dice); the kind every 白板
# stands for (Fujian: kind), Nanjing's second throw (two dice) and where the deal started
# (the seat that threw again, the stack of its wall)
MARKS = {"huangfan": 1, "burn": 1, "bound": 2, "hua": 4, "dice": 2, "void": 2, "out": 2,
         "small_win": 2, "haidi": 1, "bird": 1, "streak": 1, "kept_deal": 1,
         "deal_dice": 2, "stand_in": 1, "dice_again": 2, "deal_start": 2,
         # riichi (engine.riichi.marks): sticks on the table, honba, the sticks a winner takes
         "sticks": 1, "honba": 1, "pot": 1}
# riichi marks of any length: each seat's points (may be below 0), the dora and ura-dora
# indicators, the seats that declared riichi
ANY_LENGTH = {"points": True, "dora": False, "ura": False, "riichi": False}


def check_marks(marks: Sequence[tuple[str, Sequence[int]]]) -> None:
    for name, values in marks:
        if name in ANY_LENGTH:
            if any(isinstance(v, bool) or not isinstance(v, int) or (v < 0 and not ANY_LENGTH[name])
                   for v in values):
                raise RenderError(f"mark {name!r} takes whole numbers, not {values!r}")
            continue
        if name not in MARKS:
            raise RenderError(f"unknown mark {name!r} (known: {', '.join(MARKS)})")
        if len(values) != MARKS[name] or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values
        ):
            raise RenderError(f"mark {name!r} takes {MARKS[name]} whole numbers, not {values!r}")


@dataclass(frozen=True, slots=True)
class SettlementView:
    """The end of a hand: winners (none: a drawn hand) and what each seat gets (+) or pays (−)."""

    names: Sequence[str]
    payments: Sequence[int]
    wins: Sequence[WinView] = ()
    family: str = "heyuan"  # the rule family: pattern names in its own words
    value_style: str = "multiple"  # "multiple": values are ×multiples; "fan": values are fan
    seat_winds: Sequence[int] = (0, 1, 2, 3)
    seed_text: str | None = None
    hand_number: int | None = None
    wild_kinds: frozenset[int] = frozenset()
    # payments besides the win, per seat (+ gets, − pays), e.g. ("kong", (3, -1, 1, -3)):
    # they explain why the seats' totals differ from the win's points
    extras: Sequence[tuple[str, Sequence[int]]] = ()
    marks: Sequence[tuple[str, Sequence[int]]] = ()  # as TableView's (荒番, 烧庄, 互包 …)
    # lines under the payments, already in the reader's language (a payment cut by 以小博大)
    notes: Sequence[str] = ()
    # every payment in the order it fell due (payer, payee, amount, reason), for hands where
    # the win panels alone do not add up to the totals (血战到底's wins paid by those still
    # in, birds); empty: the totals and ``extras`` say it all
    ledger: Sequence[tuple[int, int, int, str]] = ()
    # Taiwan (value style "tai"): the 底 in 台 and the chips a 台 is worth; each win is shown
    # as (底 + 台) × unit with the 底 and the dealer's 台 as rows of their own
    base: int | None = None
    unit: int = 1

    def check(self) -> None:
        check_marks(self.marks)
        n = len(self.names)
        if not 2 <= n <= 7 or len(self.payments) != n or len(self.seat_winds) != n:
            raise RenderError("a settlement needs 2 to 7 names, and a payment and a seat wind "
                              "for each")
        for row in self.ledger:
            payer, payee, _amount, reason = row
            if reason not in LEDGER_REASONS or not (0 <= payer < n and 0 <= payee < n):
                raise RenderError(f"a ledger row {row!r} is not a payment between seats")
        for reason, nets in self.extras:
            if reason not in EXTRA_REASONS:
                raise RenderError(f"unknown payment reason {reason!r} (known: {EXTRA_REASONS})")
            if len(nets) != n or any(isinstance(x, bool) or not isinstance(x, int) for x in nets):
                raise RenderError(f"{reason} payments need {n} whole numbers")
        if len(self.wins) > max(3, n - 1):
            raise RenderError("more winners than seats that could win")
        for w in self.wins:
            if not 0 <= w.seat < n:
                raise RenderError(f"winner seat {w.seat} is not 0–{n - 1}")
            # a false win (诈胡) may be declared on a turn begun by a call: no tile was drawn
            false_win = [pid for pid, _v in w.patterns] == ["false_win"]
            if w.hand.drawn is None and not false_win:
                raise RenderError("a winning hand needs its winning tile (hand.drawn)")
            w.hand.check()
        if any(isinstance(p, bool) or not isinstance(p, int) for p in self.payments):
            raise RenderError("payments are whole chips")


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """``chips``: the account's balance; None for a seat with no account (a computer, which
    plays on the house's chips): the row says so, and ``change`` is all it has."""

    rank: int
    name: str
    chips: int | None
    change: int = 0


@dataclass(frozen=True, slots=True)
class LeaderboardView:
    rows: Sequence[LeaderRow]
    title: str | None = None  # already in the reader's language; default "Leaderboard"
    highlight: frozenset[int] = field(default_factory=frozenset)  # ranks to highlight

    def check(self) -> None:
        if len(self.rows) > 25:
            raise RenderError(f"{len(self.rows)} rows; a leaderboard picture shows at most 25")


def parse_view_tiles(text: str) -> list[int]:
    """Tile notation for views (tests, samples): NotationError becomes RenderError."""
    from engine.tiles import parse

    try:
        return parse(text)
    except NotationError as exc:
        raise RenderError(str(exc)) from None
