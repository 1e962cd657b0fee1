"""Tiles as small ints and the project's tile notation.

Kinds 0–33 are the 34 suited and honour kinds; 34–41 are the eight flowers.

    0–8    1m–9m   characters 万
    9–17   1p–9p   dots 筒
    18–26  1s–9s   bamboo 条
    27–33  1z–7z   East South West North White Green Red (东南西北白发中)
    34–41  1f–8f   春 夏 秋 冬 梅 兰 菊 竹

Notation: digits followed by their suit letter, e.g. ``123m5z2f``. ``format``
always writes suits in the order m p s z f with digits ascending, so the
written form of a multiset of tiles is canonical.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

NUM_KINDS: Final = 34  # suited + honours: what a wildcard may stand for
NUM_TILE_KINDS: Final = 42  # plus the eight flowers
MAX_SEATS: Final = 7  # the most seats a table has (Sichuan's 七人; rules.players)
# each count as a one-byte ``bytes``: a count changed inside a pattern kept as bytes (a
# suit's counts) is spliced in as ``key[:j] + COUNT_BYTE[n] + key[j + 1:]``
COUNT_BYTE: Final = tuple(bytes((n,)) for n in range(256))
FLOWER_BASE: Final = 34
HONOR_BASE: Final = 27
SUITS: Final = "mpsz"
SUIT_LETTERS: Final = "mpszf"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
ORPHANS: Final = (*TERMINALS, *range(27, 34))
FLOWERS: Final = tuple(range(34, 42))

_SUIT_RANGE: Final = {"m": (0, 9), "p": (9, 9), "s": (18, 9), "z": (27, 7), "f": (34, 8)}

ZH_NAMES: Final = (
    *(f"{n}万" for n in "一二三四五六七八九"),
    *(f"{n}筒" for n in "一二三四五六七八九"),
    *(f"{n}条" for n in "一二三四五六七八九"),
    "东", "南", "西", "北", "白", "发", "中",
    "春", "夏", "秋", "冬", "梅", "兰", "菊", "竹",
)  # fmt: skip

# Spoken names (button labels, screen readers): "5 Dots", "East", "Red", "Plum".
EN_NAMES: Final = (
    *(f"{n} Characters" for n in range(1, 10)),
    *(f"{n} Dots" for n in range(1, 10)),
    *(f"{n} Bamboo" for n in range(1, 10)),
    "East", "South", "West", "North", "White", "Green", "Red",
    "Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo flower",
)  # fmt: skip


class NotationError(ValueError):
    """Raised for tile notation that cannot be read; the message says what is wrong."""


def suit_of(tile: int) -> str:
    """The notation letter of a tile's suit (``m p s z f``)."""
    if tile >= FLOWER_BASE:
        return "f"
    return SUITS[tile // 9] if tile < HONOR_BASE else "z"


def number_of(tile: int) -> int:
    """The digit written for a tile (1–9 for suits, 1–7 honours, 1–8 flowers)."""
    letter = suit_of(tile)
    return tile - _SUIT_RANGE[letter][0] + 1


def is_honor(tile: int) -> bool:
    return HONOR_BASE <= tile < FLOWER_BASE


def is_flower(tile: int) -> bool:
    return tile >= FLOWER_BASE


def is_suited(tile: int) -> bool:
    return tile < HONOR_BASE


def is_terminal(tile: int) -> bool:
    return tile < HONOR_BASE and tile % 9 in (0, 8)


def is_orphan(tile: int) -> bool:
    """Terminal or honour (幺九)."""
    return is_terminal(tile) or is_honor(tile)


def tile_name(tile: int) -> str:
    """One tile in notation, e.g. ``5m``."""
    check_tile(tile)
    return f"{number_of(tile)}{suit_of(tile)}"


def check_tile(tile: int) -> None:
    if not isinstance(tile, int) or not 0 <= tile < NUM_TILE_KINDS:
        raise NotationError(f"{tile!r} is not a tile (kinds are 0–41)")


def parse(text: str) -> list[int]:
    """Read notation into a list of tiles, in the order written.

    >>> parse("123m5z2f")
    [0, 1, 2, 31, 35]
    """
    if not isinstance(text, str):
        raise NotationError("tile notation must be a string such as '123m5z'")
    tiles: list[int] = []
    digits: list[int] = []
    for pos, ch in enumerate(text.strip()):
        if ch.isspace():
            continue
        if ch.isdigit():
            digits.append(int(ch))
            continue
        letter = ch.lower()
        if letter not in _SUIT_RANGE:
            raise NotationError(
                f"unexpected {ch!r} at position {pos + 1}: use digits followed by m, p, s, z or f"
            )
        if not digits:
            raise NotationError(f"{ch!r} at position {pos + 1} has no digits before it")
        base, size = _SUIT_RANGE[letter]
        for d in digits:
            if not 1 <= d <= size:
                raise NotationError(f"{d}{letter} does not exist: {letter} runs from 1 to {size}")
            tiles.append(base + d - 1)
        digits = []
    if digits:
        raise NotationError(
            f"digits {''.join(map(str, digits))} at the end have no suit letter (m, p, s, z or f)"
        )
    return tiles


def parse_one(text: str) -> int:
    """Read exactly one tile, e.g. ``"5m"``."""
    tiles = parse(text)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {len(tiles)} in {text!r}")
    return tiles[0]


def format_tiles(tiles: Iterable[int]) -> str:
    """Write tiles in canonical notation (suits m p s z f, digits ascending)."""
    by_suit: dict[str, list[int]] = {s: [] for s in SUIT_LETTERS}
    for t in tiles:
        check_tile(t)
        by_suit[suit_of(t)].append(number_of(t))
    return "".join("".join(map(str, sorted(ds))) + s for s, ds in by_suit.items() if ds)


def format_counts(counts: Sequence[int]) -> str:
    """Write a counts array (length 34 or 42) in canonical notation."""
    return format_tiles(t for t, n in enumerate(counts) for _ in range(n))


def to_counts(tiles: Iterable[int], size: int = NUM_TILE_KINDS) -> list[int]:
    """Counts per kind (length ``size``: 34 ignores flowers only if none are present)."""
    counts = [0] * size
    for t in tiles:
        if t >= size:
            raise NotationError(f"{tile_name(t)} does not fit a counts array of {size} kinds")
        counts[t] += 1
    return counts


def full_set(flowers: int = 8, honours: bool = True, characters: bool = True) -> list[int]:
    """Every physical tile of a set: 4 of each kind plus ``flowers`` flowers (1f first);
    without ``honours`` no honour, without ``characters`` no 万 (the 100-tile game)."""
    kinds = range(0 if characters else 9, NUM_KINDS if honours else HONOR_BASE)
    return [k for k in kinds for _ in range(4)] + list(FLOWERS[:flowers])
