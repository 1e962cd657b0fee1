"""A riichi win as scoring reads it, and what it scores."""

from __future__ import annotations

from dataclasses import dataclass

from engine.melds import Meld

# the situations of a win (the evaluate contract's names): 嶺上開花, 槍槓, 海底 / 河底, 天和, 地和
KONG_REPLACEMENT = "kong_replacement"
ROBBING_KONG = "robbing_kong"
LAST_TILE = "last_tile"
HEAVENLY = "heavenly"
EARTHLY = "earthly"
SITUATIONS = frozenset({KONG_REPLACEMENT, ROBBING_KONG, LAST_TILE, HEAVENLY, EARTHLY})


@dataclass(frozen=True, slots=True)
class RiichiWin:
    """A complete-or-not hand with its winning tile and how it was won.

    ``concealed``: the concealed kinds (0–33) including the winning tile; ``melds``: chows,
    pungs and kongs shown (open) and concealed kongs; ``reds``: how many of the hand's tiles
    (concealed and melds) are red fives. ``seat_wind`` / ``round_wind`` are 0–3 (E S W N);
    the East seat is the dealer. ``situations`` holds the names above (``last_tile`` is
    haitei on a self-draw, houtei on a discard). Indicators are kinds; ura-dora count only
    with ``riichi`` or ``double_riichi``; red fives count only with ``aka``.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: int = 0
    reds: int = 0
    self_drawn: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    situations: frozenset[str] = frozenset()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    aka: bool = True

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def is_open(self) -> bool:
        return any(not m.kind.is_concealed for m in self.melds)


@dataclass(frozen=True, slots=True)
class RiichiScore:
    """The score of a winning reading: ``han`` (yakuman 13 each, double 26; a counted
    yakuman keeps its count, e.g. 15), ``fu`` (of the reading, also for limit hands; 0 for
    thirteen orphans), ``yaku`` as (id, han) in the table's order, and the payments: on a
    discard ``main`` is the discarder's, on a self-draw ``main`` the dealer's share (each
    payer's when the dealer won) and ``additional`` each non-dealer's."""

    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    main: int
    additional: int
    level: str
    dealer: bool
    self_drawn: bool

    @property
    def points(self) -> int:
        """What the winner receives for the hand, before honba and riichi sticks."""
        return self.main + 2 * self.additional

    @property
    def patterns(self) -> tuple[str, ...]:
        return tuple(y for y, _ in self.yaku)

    @property
    def yakuman(self) -> bool:
        """A yakuman (not a counted one) made this score."""
        return "yakuman" in self.level and self.level != "kazoe yakuman"

    def payments(self) -> dict[str, int]:
        """Who pays what: ``discarder`` on a discard; ``dealer`` and ``non_dealer`` (each
        of the two) on a non-dealer's self-draw; ``non_dealer`` (each of three) on the
        dealer's."""
        if not self.self_drawn:
            return {"discarder": self.main}
        if self.dealer:
            return {"non_dealer": self.additional}
        return {"dealer": self.main, "non_dealer": self.additional}
