"""One seat of a hand as a record: its tiles, melds, river and the flags its rules read."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from engine.melds import Meld, MeldKind
from engine.tiles import COUNT_BYTE, NUM_KINDS, NUM_TILE_KINDS

_KINDS = range(NUM_TILE_KINDS)


@dataclass(slots=True, eq=False)
class SeatState:
    """A seat's part of the hand state (mutable; changed only by the fold).

    ``counts``: concealed tiles by kind (42 long: jokers and flowers included until set
    aside). ``melds``: in the order made (an added kong keeps its pung's place). ``river``:
    discards still on the table (a claimed discard leaves it). ``flowers``: bonus tiles set
    aside. ``version`` changes whenever the concealed tiles do (caches key on it).
    """

    counts: list[int] = field(default_factory=lambda: [0] * NUM_TILE_KINDS)
    melds: list[Meld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    draws: int = 0  # own draws from the live wall (not replacements)
    win_lock: bool = False  # 过胡: passed a discard win; no discard win until its next 动牌
    pong_lock: set[int] = field(default_factory=set)  # 过碰: kinds passed since its last discard
    fresh_pung: int | None = None  # a pung called this turn: no added kong with it yet
    twelve_feeder: int | None = None  # who fed its fourth exposed meld, if liable (包先不包后)
    has_won: bool = False  # out of the hand (games where the others play on)
    void_suit: int | None = None  # a declared void suit (0 m, 1 p, 2 s), where the rules ask
    # kinds this turn's discard may not be (after a chow, with rules.chow_discard_ban)
    discard_ban: frozenset[int] = frozenset()
    # the kind it discarded itself, not to be chowed or ponged before its next draw or call
    # (rules.own_discard_lock)
    discard_lock: int | None = None
    # no call but a win on others' tiles (riichi declared: the riichi family)
    calls_closed: bool = False
    # the kinds it discarded this hand (rules.discard_furiten: 排列出牌)
    thrown: set[int] = field(default_factory=set)
    # declared 立直 (rules.lizhi): the hand is locked; ``lizhi_at`` the place in its river of
    # the discard it declared with (drawn sideways; -1: none)
    lizhi: bool = False
    lizhi_at: int = -1
    version: int = 0
    waits_cache: tuple[int, int] | None = None  # (version, mask of the kinds it waits on)
    self_win_cache: tuple[int, bool] | None = None
    split_cache: tuple[int, list[int], int] | None = None  # (version, naturals, jokers)
    held_cache: tuple[int, tuple[int, ...]] | None = None  # (version, kinds held)
    pattern_cache: tuple[int, Any] | None = None  # (version, the family's pattern facts)
    # the version right after the last draw and the kind drawn: a discard of that kind
    # before any other change gives back the hand of two versions before (discard)
    drawn_at: int = -1
    drawn_kind: int = -1
    # kinds held four times, kept over a draw or a discard (None: to be counted)
    fours: int | None = 0
    # the kinds held, ascending, kept over a draw or a discard (None: to be read)
    held_list: list[int] | None = None
    # the natural concealed counts (jokers out) per suit as the analysis reads them (m, p, s:
    # 9 bytes, honours: 7) and the jokers held, kept over a draw or a discard (None: to be
    # read, HandJudging.shape). A suit's bytes live on while the suit is unchanged, and so
    # does their hash: the analysis tables are dictionaries keyed on them
    keys: tuple[bytes, bytes, bytes, bytes] | None = None
    jokers: int = 0
    keys_before_draw: tuple[bytes, bytes, bytes, bytes] | None = None

    def touch(self) -> None:
        """The concealed tiles changed: every cache keyed on the version is stale."""
        self.version += 1
        self.fours = None
        self.held_list = None
        self.keys = None

    def draw(self, t: int, joker: bool = False) -> None:
        """One tile of kind ``t`` (``joker``: one of the hand's jokers) comes into the hand
        (a draw or a replacement)."""
        c = self.counts
        c[t] += 1
        self.version += 1
        self.drawn_at = self.version
        self.drawn_kind = t
        n = c[t]
        if n == 1:
            if self.held_list is not None:
                insort(self.held_list, t)
        elif n == 4 and self.fours is not None:
            self.fours += 1
        keys = self.keys
        self.keys_before_draw = keys
        if keys is not None:
            if joker:
                self.jokers += 1
            elif t < NUM_KINDS:
                self.keys = _moved(keys, t, n)

    def discard(self, t: int, joker: bool = False) -> None:
        """One tile of kind ``t`` (``joker``: one of the hand's jokers) leaves the hand as a
        discard. Where it is the tile just drawn (about half the discards of a ready
        hand), the hand is the one of two versions before, and so are its waits and pattern
        facts: their caches carry over (the three other seats' discards ask for them
        next)."""
        c = self.counts
        c[t] -= 1
        back = self.drawn_at == self.version and self.drawn_kind == t
        v = self.version = self.version + 1
        n = c[t]
        if n == 0:
            if self.held_list is not None:
                self.held_list.remove(t)
        elif n == 3 and self.fours is not None:
            self.fours -= 1
        if self.keys is not None:
            if joker:
                self.jokers -= 1
            elif back and self.keys_before_draw is not None:
                # the drawn tile goes again: the keys are those before the draw (where
                # they were kept then)
                self.keys = self.keys_before_draw
            elif t < NUM_KINDS:
                self.keys = _moved(self.keys, t, n)
        if back:
            hit = self.waits_cache
            if hit is not None and hit[0] == v - 2:
                self.waits_cache = (v, hit[1])
            facts = self.pattern_cache
            if facts is not None and facts[0] == v - 2:
                self.pattern_cache = (v, facts[1])

    def has_four(self) -> bool:
        """Whether some kind is held four times (the usual turn has no kong to offer)."""
        if self.fours is None:
            self.fours = self.counts.count(4)
        return self.fours > 0

    def held(self) -> tuple[int, ...]:
        """The kinds held (ascending), cached per change of the concealed tiles (the legal
        discards read it on every turn)."""
        hit = self.held_cache
        if hit is None or hit[0] != self.version:
            held = self.held_list
            if held is None:
                held = self.held_list = list(compress(_KINDS, self.counts))
            hit = self.held_cache = (self.version, tuple(held))
        return hit[1]

    def concealed(self) -> list[int]:
        """The concealed tiles (jokers included), sorted."""
        return [t for t, n in enumerate(self.counts) for _ in range(n)]

    @property
    def size(self) -> int:
        """Concealed tiles plus 3 per meld (a kong counts as three)."""
        return sum(self.counts) + 3 * len(self.melds)

    @property
    def exposed(self) -> int:
        """Melds shown on the table (a concealed kong is face down)."""
        return sum(1 for m in self.melds if m.kind is not _CONCEALED_KONG)


_CONCEALED_KONG = MeldKind.CONCEALED_KONG  # (MeldKind.is_concealed, without its look-ups)


def _moved(
    keys: tuple[bytes, bytes, bytes, bytes], t: int, n: int
) -> tuple[bytes, bytes, bytes, bytes]:
    """``keys`` with the count of the natural kind ``t`` now ``n`` (only its suit's bytes
    are new)."""
    a, b, c, d = keys
    if t < 9:
        return a[:t] + COUNT_BYTE[n] + a[t + 1 :], b, c, d
    if t < 18:
        j = t - 9
        return a, b[:j] + COUNT_BYTE[n] + b[j + 1 :], c, d
    if t < 27:
        j = t - 18
        return a, b, c[:j] + COUNT_BYTE[n] + c[j + 1 :], d
    j = t - 27
    return a, b, c, d[:j] + COUNT_BYTE[n] + d[j + 1 :]
