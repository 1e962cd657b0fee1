"""The wall: shuffled from a recorded seed, committed to at hand start, revealed at hand end.

Layout of ``Wall.tiles`` (index 0 is the head)::

    [ dealt and live tiles drawn from the head → ... ← kong/flower replacements | horses ]

Draws take ``tiles[head]`` and move the head forward; replacement tiles (kongs,
bonus flowers) take ``tiles[tail - 1]`` and move the tail back. The last
``rules.horses`` tiles are set aside from the start (奖马). The tiles still in the
wall are ``tiles[head:tail]``; the live ones (``remaining``) are those a draw may
still take: all of them, or all but a reserve the rules keep back (``rules.reserve``,
``rules.reserve_mode``):

* ``keeps_size`` — the reserve stays ``reserve`` tiles: replacements come from the
  tail and the live wall ends ``reserve`` tiles before it (Quzhou);
* ``fixed_end`` — the live wall ends where the reserve began; replacements come from
  the reserve's far end (Beijing);
* ``grows_with_kongs`` — as ``keeps_size``, and each kong keeps one more tile back
  (Baoding: drawn when ``reserve`` + kongs tiles are left).

When no live tile is left the hand is drawn (荒庄).

Fairness: at hand start the table publishes ``commitment(seed, tiles)`` (SHA-256);
at hand end it reveals the seed, and anyone can run ``verify_commitment`` to see
that the wall was fixed before the first tile was dealt.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.rules import Rules
from engine.tiles import NUM_TILE_KINDS, full_set, tile_name


def wall_tiles(rules: Rules) -> list[int]:
    """Every physical tile of this rule set, in a fixed order (before shuffling)."""
    key = (rules.flowers_in_set, rules.honours, rules.characters)
    tiles = _SETS.get(key)
    if tiles is None:  # (made once per kind of set: every hand shuffles a copy)
        tiles = _SETS[key] = tuple(full_set(flowers=key[0], honours=key[1], characters=key[2]))
    return list(tiles)


# (flowers, honours, characters) -> the set's tiles
_SETS: dict[tuple[int, bool, bool], tuple[int, ...]] = {}


def shuffled_wall(rules: Rules, seed: str) -> list[int]:
    """The wall for ``seed``: the full set shuffled by ``random.Random(seed)`` (no global state)."""
    key = (seed, rules.flowers_in_set, rules.honours, rules.characters)
    hit = _LAST_WALL
    if hit and hit[0] == key:
        return list(hit[1])
    tiles = _shuffle(random.Random(seed), wall_tiles(rules))
    # a hand's wall is asked twice in a row (its commitment, then the fold that deals it)
    _LAST_WALL[:] = [key, tuple(tiles)]
    return tiles


_LAST_WALL: list[Any] = []  # the last wall shuffled: (seed, set size, honours), its tiles


def _shuffle(rng: random.Random, x: list[int]) -> list[int]:
    """``rng.shuffle(x)``, written out (the same draws of ``getrandbits`` in the same order,
    so the same wall; tests/engine/test_wall.py holds it to ``random.shuffle``): half the
    time of the library's, whose every step is a method call."""
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(x))
    if steps is None:
        steps = _STEPS[len(x)] = _steps(len(x))
    for i, n, k in steps:
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        x[i], x[r] = x[r], x[i]
    return x


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a shuffle of ``size`` tiles: the place swapped, how many places it
    draws from, and the bits each draw takes (the same for every wall of that size: worked
    out once instead of per step of every shuffle)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}  # wall size -> its shuffle's steps


def commitment(seed: str, tiles: Sequence[int]) -> str:
    """SHA-256 over the seed and the shuffled wall, as published at hand start: of the JSON
    ``{"seed": seed, "wall": [tile names]}`` written without spaces (tests/engine/test_wall.py
    holds the text to json.dumps'; here it is joined from the names already quoted)."""
    try:
        # every tile of a set has its name quoted already: joined at C speed
        wall = ",".join(map(_QUOTED.__getitem__, tiles))
    except KeyError:  # (a tile outside the set: its name as json.dumps writes it)
        wall = ",".join([_QUOTED.get(t) or json.dumps(tile_name(t)) for t in tiles])
    # json.dumps(seed), the encoder it calls on a string
    quoted = _encode_str(seed) if type(seed) is str else json.dumps(seed)
    payload = f'{{"seed":{quoted},"wall":[{wall}]}}'
    return hashlib.sha256(payload.encode()).hexdigest()


_QUOTED: dict[int, str] = {t: json.dumps(tile_name(t)) for t in range(NUM_TILE_KINDS)}
_encode_str = json.encoder.encode_basestring_ascii  # what json.dumps writes a string with


def verify_commitment(commit: str, seed: str, rules: Rules) -> bool:
    """Whether ``commit`` is the commitment of the wall ``seed`` gives under ``rules``."""
    return commitment(seed, shuffled_wall(rules, seed)) == commit


def hand_seed(match_seed: str | int, hand_no: int) -> str:
    """The seed of one hand of a match: a hash, so revealing it tells nothing of other hands."""
    return hashlib.sha256(f"{match_seed}/hand/{hand_no}".encode()).hexdigest()[:32]


@dataclass(slots=True)
class Wall:
    """A shuffled wall being played; mutable, owned by one HandState."""

    tiles: list[int]
    horses: int = 0
    head: int = 0
    tail: int = field(default=-1)
    reserve: int = 0
    reserve_mode: str = "keeps_size"
    kongs: int = 0  # kongs made (the reserve of grows_with_kongs counts them)
    # a tile turned face up in the wall and kept out of play (宝牌's indicator): draws from
    # either end pass it by (-1: none)
    skip: int = -1

    def __post_init__(self) -> None:
        if self.tail < 0:
            self.tail = len(self.tiles) - self.horses

    @classmethod
    def from_seed(cls, rules: Rules, seed: str) -> Wall:
        return cls.for_rules(rules, shuffled_wall(rules, seed))

    @classmethod
    def for_rules(cls, rules: Rules, tiles: list[int]) -> Wall:
        from engine.family import family_of

        # the family says how much is kept back (rules.reserve, or what its options make it)
        reserve, mode = family_of(rules).wall_reserve(rules)
        return cls(tiles, rules.horses, reserve=reserve, reserve_mode=mode)

    @property
    def set_aside(self) -> int:
        """Tiles kept out of play for the whole hand (horses)."""
        return self.horses

    @property
    def in_wall(self) -> int:
        """Tiles still in the wall, live or kept back."""
        return self.tail - self.head

    @property
    def remaining(self) -> int:
        """Live tiles left: what draws (and kong replacements) may still use up."""
        left = self.tail - self.head
        if self.head <= self.skip < self.tail:
            left -= 1
        if not self.reserve:
            return left
        mode = self.reserve_mode
        if mode == "fixed_end":
            end = len(self.tiles) - self.horses - self.reserve
            return max(0, min(left, end - self.head))
        kept = self.reserve + (self.kongs if mode == "grows_with_kongs" else 0)
        return max(0, left - kept)

    def pass_skip(self) -> None:
        """Move either end past the kept-out tile when it is next (after every draw)."""
        if self.skip >= 0:
            if self.tail - 1 == self.skip:
                self.tail -= 1
            elif self.head == self.skip and self.head < self.tail:
                self.head += 1

    @property
    def skipped_out(self) -> int:
        """1 when the kept-out tile is no longer between the ends (passed by a draw)."""
        return int(self.skip >= 0 and not self.head <= self.skip < self.tail)

    def peek_head(self) -> int:
        return self.tiles[self.head]

    def peek_tail(self) -> int:
        return self.tiles[self.tail - 1]

    def draw_head(self) -> int:
        tile = self.tiles[self.head]
        self.head += 1
        return tile

    def draw_tail(self) -> int:
        self.tail -= 1
        return self.tiles[self.tail]

    def horse_tiles(self) -> tuple[int, ...]:
        """The tiles set aside as horses (turned after a win)."""
        return tuple(self.tiles[len(self.tiles) - self.horses :])


def rigged_wall(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    tail: Sequence[int] = (),
    dealer: int = 0,
    seed: str = "rigged",
    indicator: int | None = None,
    dice: tuple[int, int] | None = None,
) -> list[int]:
    """A wall that deals ``hands`` (by seat; the dealer's has ``rules.hand_size + 1`` tiles,
    the others ``rules.hand_size``: 14 and 13).

    ``draws`` are the next live tiles from the head in order, ``tail`` the
    replacement tiles in the order they are taken. The other tiles fill the
    middle in a seeded order. ``indicator``: the tile turned after the deal, put where
    the preset turns it (engine.indicator; with the dice, the hand's seed is ``seed``, or
    ``dice`` where the hand is started with them).
    For tests and puzzles; raises ValueError if the tiles do not exist in this rule set.
    """
    pool = wall_tiles(rules)
    counts: dict[int, int] = {}
    for t in pool:
        counts[t] = counts.get(t, 0) + 1

    def take(ts: Sequence[int]) -> list[int]:
        for t in ts:
            if counts.get(t, 0) <= 0:
                raise ValueError(f"not enough {tile_name(t)} in the set for this rigged wall")
            counts[t] -= 1
        return list(ts)

    players = len(hands)
    order = [(dealer + i) % players for i in range(players)]
    deal: list[int] = []
    dealer_extra: list[int] = []
    size = rules.hand_size
    for i, seat in enumerate(order):
        h = list(hands[seat])
        want = size + 1 if i == 0 else size
        if len(h) != want:
            raise ValueError(f"seat {seat} needs {want} tiles, got {len(h)}")
        if i == 0:
            dealer_extra = take(h[size:])
            h = h[:size]
        deal += take(h)
    source = rules.indicator_source if indicator is not None else "none"
    marker = take([indicator]) if indicator is not None else []
    head = deal + dealer_extra + (marker if source == "head" else []) + take(draws)
    tail_part = (marker if source == "tail" else []) + take(tail)
    rest = [t for t, n in sorted(counts.items()) for _ in range(n)]
    random.Random(seed).shuffle(rest)
    horses = rest[len(rest) - rules.horses :] if rules.horses else []
    middle = rest[: len(rest) - rules.horses] if rules.horses else rest
    wall = head + middle + list(reversed(tail_part)) + horses
    if source == "dice":
        from engine.indicator import dice_offset, hand_dice

        # the indicator's place counts from the tail end of the whole wall (marker included)
        at = len(wall) + 1 - len(horses) - dice_offset(hand_dice(seed, dice or ()))
        if at < len(head) or at > len(wall) - len(horses) - len(tail_part):
            raise ValueError("the dice put the indicator among the rigged draws or tail tiles")
        wall.insert(at, marker[0])
    return wall
