"""Jokers (百搭 / 惠牌 / 财神): which kinds are wild in a hand, fixed when the hand starts.

A hand's jokers are a set of tile kinds, ``wild_kinds``. Every copy of those kinds that a
player holds concealed is wild; nothing else in the engine asks "is this code a flower?".

* ``flowers``: the first ``rules.wildcards`` flowers (Heyuan: all eight, or 春夏秋冬);
  with ``wildcards = 0`` (Guangdong) there are none.
* ``next`` / ``next_east`` (indicator rules): the kind after the turned indicator tile —
  see :func:`next_kind`; used by presets whose joker comes from an indicator.
* ``next_no_red`` (Yangzhou's ``laizi`` option): as ``next``, but never 红中 (a turned 白
  gives 发).
* ``white``: the four White dragons (白板) are the jokers, with no indicator (also a
  preset whose ``caishen`` option is ``white``: :attr:`engine.rules.Rules.joker_rule`).
* ``turned`` (Fujian 活动百搭): the turned tile's own kind — its three other tiles; with
  ``rules.joker_next`` (带弟百搭) the next kind of :func:`cycle_next` instead. Where
  ``rules.white_stands_in``, the 白板 are natural tiles of that kind (:func:`stand_in`).
* ``window`` (Philippine 窗百搭): five kinds around the turned tile (:func:`window`).

A 白板 that stands in for the wild kind X plays as X everywhere a hand is read: the
natural counts of :func:`split` (and :func:`split_tiles`) take it out of 白板 and add it to
X, whose own tiles are the wild ones (:func:`move_stand_in`).

Analysis and scoring work on natural counts of the 34 kinds plus a number of wildcards:
:func:`split` turns a hand's counts into that form, taking a held joker kind out of the
counts and adding it to the wildcards (so a joker that is an ordinary kind costs nothing
extra).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from engine.tiles import (
    DRAGONS,
    EAST,
    FLOWER_BASE,
    GREEN,
    HONOR_BASE,
    NUM_KINDS,
    NUM_TILE_KINDS,
    RED,
    WHITE,
    WINDS,
)

if TYPE_CHECKING:
    from engine.rules import Rules

NO_JOKERS: Final[frozenset[int]] = frozenset()
_FLOWER_WILDS: Final = tuple(frozenset(range(FLOWER_BASE, FLOWER_BASE + n)) for n in range(9))
_WHITE: Final = frozenset({WHITE})
_ALL_FLOWERS: Final = _FLOWER_WILDS[NUM_TILE_KINDS - FLOWER_BASE]


class JokerError(ValueError):
    """A preset whose jokers need an indicator was asked for them without one."""


def next_kind(tile: int, *, dragon_cycle: bool = True) -> int:
    """The kind after ``tile`` (the next-kind rule of an indicator).

    Suited n → n+1 of the same suit (9 → 1); winds E → S → W → N → E; dragons
    中 → 发 → 白 → 中 (White 5z, Green 6z, Red 7z: Red → Green → White → Red) when
    ``dragon_cycle``, else a dragon (or a flower) points at East.
    """
    if tile < HONOR_BASE:
        return tile - 8 if tile % 9 == 8 else tile + 1
    if tile in WINDS:
        return WINDS[(tile - EAST + 1) % 4]
    if tile in DRAGONS and dragon_cycle:
        # 中 (7z) → 发 (6z) → 白 (5z) → 中
        return {DRAGONS[2]: DRAGONS[1], DRAGONS[1]: DRAGONS[0], DRAGONS[0]: DRAGONS[2]}[tile]
    return EAST


def dora_kind(indicator: int) -> int:
    """宝牌: the kind after a turned dora indicator (suited n → n+1, 9 → 1; 东 → 南 → 西 → 北
    → 东; 白 → 发 → 中 → 白)."""
    if indicator in DRAGONS:
        # 白 (5z) → 发 (6z) → 中 (7z) → 白
        return DRAGONS[(DRAGONS.index(indicator) + 1) % 3]
    return next_kind(indicator)


# 东 南 西 北 中 发 白, round again (the honour order of the Fujian and Philippine jokers)
HONOUR_CYCLE: Final = (*WINDS, DRAGONS[2], DRAGONS[1], DRAGONS[0])


def cycle_next(tile: int, step: int = 1) -> int:
    """The kind ``step`` places after ``tile`` where 9 and 1 touch (九一相连) and the honours
    run 东 → 南 → 西 → 北 → 中 → 发 → 白 → 东 (首尾相连); ``step`` may be negative."""
    if tile < HONOR_BASE:
        base = tile - tile % 9
        return base + (tile % 9 + step) % 9
    i = HONOUR_CYCLE.index(tile)
    return HONOUR_CYCLE[(i + step) % len(HONOUR_CYCLE)]


def window(tile: int) -> frozenset[int]:
    """The five wild kinds of a turned ``tile`` (窗百搭): a suited n gives n−1, n, n+1 of its
    suit (9 and 1 touch) and n of the two other suits; an honour gives itself and the next
    four of 东 南 西 北 中 发 白."""
    if tile < HONOR_BASE:
        n = tile % 9
        return frozenset(
            {cycle_next(tile, -1), tile, cycle_next(tile, 1), *(9 * s + n for s in range(3))}
        )
    return frozenset(cycle_next(tile, i) for i in range(5))


def stand_in(rules: Rules, wild: frozenset[int]) -> int | None:
    """The kind every 白板 stands for (Fujian's ``white_stands_in``), or None."""
    if rules.joker_rule != "turned" or not rules.white_stands_in or len(wild) != 1:
        return None
    (kind,) = wild
    return None if kind == WHITE else kind


def move_stand_in(natural: list[int], kind: int | None) -> list[int]:
    """``natural`` (34 counts, jokers out) with its 白板 counted as ``kind``, in place."""
    if kind is not None and natural[WHITE]:
        natural[kind] += natural[WHITE]
        natural[WHITE] = 0
    return natural


def wild_kinds(rules: Rules, indicator: int | None = None) -> frozenset[int]:
    """The joker kinds of a hand under ``rules`` (``indicator``: the turned tile, if any)."""
    rule = rules.joker_rule
    if rule == "flowers":
        return _FLOWER_WILDS[rules.wildcards]
    if rule == "none":
        return NO_JOKERS
    if rule == "white":
        return _WHITE
    if rule in ("next", "next_east", "next_no_red"):
        if indicator is None:
            raise JokerError(f"{rules.id} takes its joker from an indicator tile; give one")
        kind = next_kind(indicator, dragon_cycle=rule != "next_east")
        if rule == "next_no_red" and kind == RED:
            kind = GREEN  # 红中 is never the 赖子: a turned 白 gives 发
        return frozenset({kind})
    if rule in ("turned", "window"):
        if indicator is None:
            raise JokerError(f"{rules.id} takes its joker from an indicator tile; give one")
        if rule == "window":
            return window(indicator)
        return frozenset({cycle_next(indicator) if rules.joker_next else indicator})
    raise JokerError(f"unknown joker rule {rule!r} in {rules.id}")


def split(
    counts: Sequence[int], wild: frozenset[int], stand: int | None = None
) -> tuple[list[int], int]:
    """Natural counts of the 34 kinds and the number of wildcards, from a counts array (34
    or 42 long). Kinds in ``wild`` leave the counts and become wildcards; flowers that are
    not wild are left out (they are never part of a hand's shape). ``stand``: the kind the
    白板 stand for (:func:`stand_in`), if any."""
    if stand is not None:
        natural, n = split(counts, wild)
        return move_stand_in(natural, stand), n
    if wild is _ALL_FLOWERS and len(counts) == NUM_TILE_KINDS:
        # every flower is a joker (Heyuan's eight): the naturals are the first 34 kinds
        return list(counts[:NUM_KINDS]), sum(counts[NUM_KINDS:])
    natural = list(counts[:NUM_KINDS])
    n = 0
    for k in wild:
        if k < len(counts):
            c = counts[k]
            if c:
                n += c
                if k < NUM_KINDS:
                    natural[k] = 0
    return natural, n


def split_bytes(counts: Sequence[int], wild: frozenset[int]) -> tuple[bytes, int]:
    """:func:`split` with the natural counts as ``bytes`` (what the analysis reads)."""
    if wild is _ALL_FLOWERS and len(counts) == NUM_TILE_KINDS:
        b = bytes(counts)  # the same object where counts are bytes already
        return b[:NUM_KINDS], sum(b[NUM_KINDS:])
    natural, n = split(counts, wild)
    return bytes(natural), n


def split_tiles(
    tiles: Iterable[int], wild: frozenset[int], stand: int | None = None
) -> tuple[list[int], int] | None:
    """:func:`split` for a list of tiles; None when a flower that is not wild is among them."""
    if stand is not None:
        got = split_tiles(tiles, wild)
        return None if got is None else (move_stand_in(got[0], stand), got[1])
    natural = [0] * NUM_KINDS
    n = 0
    for t in tiles:
        if t in wild:
            n += 1
        elif t < NUM_KINDS:
            natural[t] += 1
        else:
            return None
    return natural, n
