"""Riichi tile notation: the project's notation plus ``0m`` / ``0p`` / ``0s`` for the red
fives (``340m`` is 3m 4m and a red 5m). A red five is a five for every purpose; only the
count of red tiles scores (aka dora)."""

from __future__ import annotations

from typing import Final

from engine.tiles import NotationError, parse

RED_FIVES: Final = (4, 13, 22)  # the kinds 5m 5p 5s
Tile = tuple[int, bool]  # (kind, red)


def parse_tiles(text: object, what: str) -> list[Tile]:
    """Read notation with red fives into (kind, red) pairs, in the order written; ``what``
    names the field in the message of a NotationError."""
    if not isinstance(text, str):
        raise NotationError(f"{what} must be tiles in notation such as \"340m\", got {text!r}")
    plain: list[str] = []
    red_at: list[int] = []  # positions (in tiles) of the red fives
    digits: list[str] = []
    count = 0
    for ch in text.strip():
        if ch.isdigit():
            digits.append(ch)
            continue
        if ch.isspace():
            continue
        if digits:
            letter = ch.lower()
            for d in digits:
                if d == "0":
                    if letter not in "mps":
                        raise NotationError(
                            f"{what}: 0{ch} does not exist (0m, 0p and 0s are the red fives)"
                        )
                    red_at.append(count)
                    plain.append("5")
                else:
                    plain.append(d)
                count += 1
            digits = []
        plain.append(ch)
    plain.extend(digits)  # parse says what is wrong with trailing digits
    try:
        kinds = parse("".join(plain))
    except NotationError as exc:
        raise NotationError(f"{what}: {exc}") from None
    if any(k >= 34 for k in kinds):
        raise NotationError(f"{what}: riichi is played without flowers")
    reds = set(red_at)
    return [(k, i in reds) for i, k in enumerate(kinds)]


def tile_text(tile: Tile) -> str:
    """One tile in notation (``0p`` for a red five)."""
    kind, red = tile
    if red:
        return "0" + "mps"[kind // 9]
    if kind < 27:
        return f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return f"{kind - 26}z"
