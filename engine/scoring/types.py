"""The values scoring speaks in: how a hand was won, how it was read, what it scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import CURRENT_REVISION
from engine.tiles import format_tiles, tile_name

SITUATIONS = frozenset(
    {
        "kong_replacement",  # 杠上开花: won on a kong's replacement tile
        "last_tile",  # 海底捞月: won on the last tile of the wall
        "robbing_kong",  # 抢杠: won on the tile another player added to a pung
        "heavenly",  # 天和: the dealer's first 14 tiles
        "earthly",  # 地和: a non-dealer wins on the dealer's first discard
        "human",  # 人和: a non-dealer self-draws on the first draw
        "multi_win3",  # 一炮三响 (Guangdong): three winners on one discard
        "flower_replacement",  # 杠开 (Shanghai): won on the replacement of a bonus tile
        "last_of_kind",  # 和绝张: the winning tile is the last unseen copy
        "last_tile_discard",  # 海底炮 (Changsha): won on the 海底 tile its taker showed
        "lizhi",  # 立直 (option lizhi): the winner declared ready and locked its hand
    }
)

# the pattern of a declared win that is no winning hand (诈胡), where the rules pay for it
FALSE_WIN = "false_win"


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won.

    ``wild_kinds``: the kinds that are jokers in this hand (fixed when the hand starts: the
    wildcard flowers in Heyuan, the kind after an indicator elsewhere); ``None`` means the
    preset's own jokers where they need no indicator (:func:`engine.jokers.wild_kinds`).
    ``flowers``: bonus tiles the winner set aside (Shanghai counts them); ``dealer``: the
    winner is the dealer; ``payer_dealer``: the discarder (or robbed player) is the dealer
    (Beijing's 庄). ``void_suit``: the suit the winner declared void (定缺, Sichuan): a
    hand holding it cannot win. ``revision``: the rules revision the hand is played under
    (``HandStarted.revision``; the current one for a hand scored on its own): a family keeps
    the scoring a hand of an older revision was played with.
    """

    self_drawn: bool = False
    seat_wind: int = 0  # 0..3 = E S W N, the winner's seat relative to the dealer
    round_wind: int = 0  # 0..3 = E S W N
    situations: frozenset[str] = frozenset()
    wild_kinds: frozenset[int] | None = None
    flowers: int = 0
    dealer: bool = False
    payer_dealer: bool = False
    void_suit: int | None = None
    revision: int = CURRENT_REVISION
    # the flowers the winner set aside, by kind (Taiwan's 正花 and 花槓 read which ones), and
    # the hands in a row the dealer has kept the deal before this one (Taiwan's 連N拉N)
    flower_tiles: tuple[int, ...] = ()
    dealer_streak: int = 0
    # riichi: 0 none, 1 riichi, 2 double riichi; won in the ippatsu window; the dora
    # indicators face up and the tiles under them (ura-dora, read only with riichi)
    riichi: int = 0
    ippatsu: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    reds: int = 0  # red fives among the winning hand's tiles (riichi's option aka)
    # 宝牌 (option dora): the kind after the turned dora indicator; each natural tile of it in
    # the winner's hand adds a fan
    dora_kind: int | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """How the winning hand was read for its score (for the settlement picture).

    ``form``: "standard", "seven_pairs", "thirteen_orphans" or "four_wilds".
    ``groups``: the concealed part in natural kinds, e.g. ``(("pung", (0, 0, 0)), ("pair", (4, 4)))``;
    thirteen orphans are written as one group ``("orphans", 14 tiles)``. Exposed melds are not
    repeated here. ``wild_as``: the kinds the wildcards stand for, sorted.
    """

    form: str
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    wild_as: tuple[int, ...] = ()

    def describe(self) -> str:
        """``111m 222m 333m 444m 55m (wildcards: 5m)``."""
        parts = " ".join(format_tiles(tiles) for _shape, tiles in self.groups)
        if self.wild_as:
            parts += f" (wildcards: {' '.join(tile_name(k) for k in self.wild_as)})"
        return parts or self.form


@dataclass(frozen=True, slots=True)
class Score:
    """``points`` one payer pays at unit 1 (before any 包 rule), the pattern and bonus ids,
    ``fan`` where the family counts fan, and the chosen :class:`Reading`."""

    points: int
    patterns: tuple[str, ...]
    fan: int | None = None
    reading: Reading | None = field(default=None, compare=False)
