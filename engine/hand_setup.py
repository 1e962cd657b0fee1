"""Starting a hand on a wall, dice and dealer of one's choosing (tests, puzzles, audits).

A hand's wall is a list of tiles, head first (:mod:`engine.wall`): the deal, then the live
tiles drawn from the head; replacement tiles come from the tail end, horses sit past it.
Where a tile comes into play depends on the game — the indicator of Shanghai is counted by
the dice from the tail, Beijing's is the first replacement tile, Quzhou's the first live
tile; a reserve keeps the last tiles back, and Baoding's grows with each kong. A
:class:`HandSetup` names those places with the engine's own wall rules, so nobody works
them out per game:

* :meth:`HandSetup.indicator_index` — the tile turned after the deal;
* :meth:`HandSetup.last_live_index` — the last tile a draw may take (海底), given how many
  replacement tiles and kongs come before it;
* :meth:`HandSetup.replacement_index` — the n-th tile taken from the tail end (kongs and
  bonus flowers alike, in the order they are taken).

``at_indicator``, ``at_last_live`` and ``at_replacement`` put a chosen tile there: it
changes places with a copy of that kind the setup has not placed on purpose, so the set of
tiles stays whole. ``start`` deals the hand (a :class:`engine.hand.HandState` whose
``HandStarted`` records the wall and the dice, so its log replays); ``Match.start(...,
setups=[...])`` plays whole matches on such hands::

    setup = HandSetup.dealt(rules, ["123m456m789m1p2p3p5s", …], draws="9s", dealer=1)
    setup = setup.with_dice((3, 4)).at_last_live("5s").at_replacement(1, "2m")
    hand = setup.start()
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import CURRENT_REVISION
from engine.hand.state import HandState
from engine.indicator import check_dice, turned
from engine.rules import Rules
from engine.tiles import parse, parse_one, tile_name
from engine.wall import Wall, rigged_wall, shuffled_wall, wall_tiles


class SetupError(ValueError):
    """A wall, dice or placement that cannot be: a tile the set lacks, a place that holds a
    tile placed on purpose, dice that are not two of 1 to 6."""


@dataclass(frozen=True, slots=True)
class HandSetup:
    """A hand's wall (``tiles``, head first), the dealer's ``dice`` (None: thrown from
    ``seed`` when the hand starts), the ``dealer`` and the hand's ``seed``; ``fixed``: the
    places whose tiles were chosen (never moved by a later placement)."""

    rules: Rules
    tiles: tuple[int, ...]
    dealer: int = 0
    dice: tuple[int, int] | None = None
    seed: str = "setup"
    fixed: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if Counter(self.tiles) != Counter(wall_tiles(self.rules)):
            raise SetupError(f"the wall is not the {self.rules.id} set of {self.rules.tile_count}")
        if self.dice is not None and (why := check_dice(self.dice)):
            raise SetupError(why)
        if not 0 <= self.dealer < self.rules.players:
            raise SetupError(f"the dealer is a seat from 0 to {self.rules.players - 1}")

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def shuffled(
        cls,
        rules: Rules,
        seed: str,
        *,
        dealer: int = 0,
        dice: tuple[int, int] | None = None,
    ) -> HandSetup:
        """The wall ``seed`` shuffles (as a match would deal it), nothing placed yet."""
        return cls(rules, tuple(shuffled_wall(rules, seed)), dealer, dice, seed)

    @classmethod
    def dealt(
        cls,
        rules: Rules,
        hands: Sequence[str],
        draws: str = "",
        tail: str = "",
        *,
        dealer: int = 0,
        dice: tuple[int, int] | None = None,
        indicator: str | None = None,
        seed: str = "setup",
    ) -> HandSetup:
        """A wall dealing ``hands`` in notation by seat (the dealer's has 14 tiles), then
        ``draws`` from the head and ``tail`` (the replacement tiles, in the order taken);
        ``indicator``: the tile turned after the deal where the preset turns one. The other
        tiles fill the middle in an order drawn from ``seed``."""
        if dice is not None and (why := check_dice(dice)):
            raise SetupError(why)
        try:
            tiles = rigged_wall(
                rules, [parse(h) for h in hands], parse(draws), parse(tail), dealer, seed,
                None if indicator is None else parse_one(indicator), dice,
            )  # fmt: skip
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        setup = cls(rules, tuple(tiles), dealer, dice, seed)
        source = rules.indicator_source if indicator is not None else "none"
        # the chosen tiles: the deal and the draws at the head, the replacements at the tail
        # end, each with the indicator where the game turns it there
        head = setup.dealt_count + len(parse(draws)) + (source == "head")
        end = len(tiles) - rules.horses
        fixed = set(range(head)) | set(range(end - len(parse(tail)) - (source == "tail"), end))
        if indicator is not None:
            fixed.add(setup.indicator_index())
        return dataclasses.replace(setup, fixed=frozenset(fixed))

    def with_dice(self, dice: tuple[int, int]) -> HandSetup:
        """The same wall with the dealer's throw chosen (Shanghai's indicator moves with it:
        place it after choosing the dice)."""
        return dataclasses.replace(self, dice=dice)

    # -- places -----------------------------------------------------------------------------

    @property
    def dealt_count(self) -> int:
        """Tiles the deal takes from the head (13 a seat and one more for the dealer)."""
        return self.rules.hand_size * self.rules.players + 1

    def _wall(self) -> Wall:
        return Wall.for_rules(self.rules, list(self.tiles))

    def indicator_index(self) -> int:
        """Where the tile turned after the deal lies (SetupError where the preset has none)."""
        if self.rules.indicator_source == "none":
            raise SetupError(f"{self.rules.id} turns no indicator")
        w = self._wall()
        given = self.dice or ()
        return turned(self.rules, self.seed, len(w.tiles), self.dealt_count, w.tail, given).index

    def replacement_index(self, n: int) -> int:
        """Where the ``n``-th tile taken from the tail end lies (1: the first replacement of
        a kong or a bonus flower; Beijing's indicator comes before it)."""
        if n < 1:
            raise SetupError("replacements are counted from 1")
        w = self._wall()
        at = w.tail - n - (1 if self.rules.indicator_source == "tail" else 0)
        if self.rules.dora and at <= self.baopai_index():
            at -= 1  # replacements pass the 宝牌 indicator by
        if at < self.dealt_count:
            raise SetupError(f"the wall has no replacement {n}")
        return at

    def baopai_index(self) -> int:
        """Where the 宝牌 indicator lies (option dora): the upper tile of the third stack from
        the tail end, after the preset's own turned tile."""
        if not self.rules.dora:
            raise SetupError(f"{self.rules.id} is played without dora here")
        from engine.shared_options import DORA_FROM_TAIL

        tail = self._wall().tail - (1 if self.rules.indicator_source == "tail" else 0)
        return tail - DORA_FROM_TAIL

    def last_live_index(self, replacements: int = 0, kongs: int = 0) -> int:
        """Where the last tile a draw may take lies (海底), when ``replacements`` tiles have
        come from the tail end before it and ``kongs`` kongs were made (the reserve of some
        games grows with them)."""
        w = self._wall()
        source = self.rules.indicator_source
        w.head = self.dealt_count + (1 if source == "head" else 0)
        w.tail -= replacements + (1 if source == "tail" else 0)
        w.kongs = kongs
        if w.remaining <= 0:
            raise SetupError("no live tile would be left")
        return w.head + w.remaining - 1

    # -- placing ----------------------------------------------------------------------------

    def with_tile(self, index: int, tile: int | str) -> HandSetup:
        """The setup with ``tile`` at ``index`` (and kept there): it changes places with a
        copy not placed on purpose, one out of the deal where there is one."""
        t = parse_one(tile) if isinstance(tile, str) else tile
        if not 0 <= index < len(self.tiles):
            raise SetupError(f"the wall has no place {index}")
        tiles = list(self.tiles)
        if tiles[index] != t:
            if index in self.fixed:
                raise SetupError(
                    f"place {index} holds {tile_name(tiles[index])}, placed on purpose"
                )
            free = [j for j, x in enumerate(tiles) if x == t and j not in self.fixed]
            if not free:
                raise SetupError(f"every {tile_name(t)} of the set is placed already")
            # a copy from the live wall first: the deal stays as it was
            j = max(free, key=lambda j: (j >= self.dealt_count, -abs(j - index)))
            tiles[index], tiles[j] = tiles[j], tiles[index]
        return dataclasses.replace(self, tiles=tuple(tiles), fixed=self.fixed | {index})

    def at_indicator(self, tile: int | str) -> HandSetup:
        """``tile`` as the indicator turned after the deal."""
        return self.with_tile(self.indicator_index(), tile)

    def at_baopai(self, tile: int | str) -> HandSetup:
        """``tile`` as the 宝牌 indicator (option dora)."""
        return self.with_tile(self.baopai_index(), tile)

    def at_last_live(self, tile: int | str, replacements: int = 0, kongs: int = 0) -> HandSetup:
        """``tile`` as the last live tile (see :meth:`last_live_index`)."""
        return self.with_tile(self.last_live_index(replacements, kongs), tile)

    def at_replacement(self, n: int, tile: int | str) -> HandSetup:
        """``tile`` as the ``n``-th replacement tile."""
        return self.with_tile(self.replacement_index(n), tile)

    def at_dora(self, k: int, tile: int | str, *, ura: bool = False) -> HandSetup:
        """``tile`` as riichi's ``k``-th dora indicator (0: the one turned at the start), or
        as the tile under it (``ura``: its ura-dora indicator)."""
        from engine.riichi.table import dora_place

        return self.with_tile(dora_place(len(self.tiles), k, ura), tile)

    # -- starting ---------------------------------------------------------------------------

    def start(
        self,
        *,
        hand_no: int = 0,
        round_wind: int = 0,
        revision: int = CURRENT_REVISION,
        carry: dict[str, int] | None = None,
    ) -> HandState:
        """The hand, dealt (and its indicator turned, where the game turns one)."""
        return HandState.start(
            self.rules, self.seed, dealer=self.dealer, hand_no=hand_no, round_wind=round_wind,
            wall=self.tiles, revision=revision, carry=carry, dice=self.dice,
        )  # fmt: skip
