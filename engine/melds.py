"""Exposed (and concealed-kong) melds: what lies on the table in front of a player."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.tiles import NotationError, format_tiles, is_flower, parse, tile_name


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"  # exposed kong claimed on a discard (明杠 / 点杠)
    ADDED_KONG = "added_kong"  # a pung upgraded with the fourth tile (加杠 / 补杠)
    CONCEALED_KONG = "concealed_kong"  # four from the hand (暗杠)

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def is_concealed(self) -> bool:
        return self is MeldKind.CONCEALED_KONG


# each kind's value as the events write it, and the kind of each value: module constants for
# the hot paths (an enum member's .value is a property and MeldKind(value) a class call, both
# slow reads in Python 3.11)
CHOW_VALUE: Final = MeldKind.CHOW.value
PUNG_VALUE: Final = MeldKind.PUNG.value
KONG_VALUE: Final = MeldKind.KONG.value
ADDED_KONG_VALUE: Final = MeldKind.ADDED_KONG.value
CONCEALED_KONG_VALUE: Final = MeldKind.CONCEALED_KONG.value
# a one-tile kong (杠出去, Yangzhou's 红中赖子): a 红中 or a 赖子 set aside, a replacement drawn;
# no meld is made, so it is an event kind only (Konged.kind)
LAIZI_KONG_VALUE: Final = "laizi_kong"
KIND_OF_VALUE: Final[dict[str, MeldKind]] = {k.value: k for k in MeldKind}


@dataclass(frozen=True, slots=True)
class Meld:
    """A set shown on the table.

    ``tiles`` are natural tiles only (a wildcard is never exposed), sorted.
    ``called`` is the tile taken from a discard (None for a concealed kong),
    ``from_seat`` the seat it came from: the 包 rules and kong payments read it.
    For an added kong, ``from_seat`` stays the seat that fed the original pung.
    ``wild`` (option ``joker_sets``) are the faces of the wild tiles lying in a pong or kong,
    sorted: each plays as the meld's kind for good, so ``tiles`` still read that kind, one per
    tile of the meld (a 9p pong made with a wild 5m: tiles 9p 9p 9p, wild 5m); at least one
    tile of the meld is natural.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    wild: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        t = self.tiles
        if any(is_flower(x) for x in t):
            raise NotationError("a meld is made of natural tiles only, never a flower or wildcard")
        if self.kind is MeldKind.CHOW:
            ok = (
                len(t) == 3
                and t[0] < 27
                and t[0] % 9 <= 6
                and t == (t[0], t[0] + 1, t[0] + 2)
            )
        elif self.kind is MeldKind.PUNG:
            ok = len(t) == 3 and len(set(t)) == 1
        else:
            ok = len(t) == 4 and len(set(t)) == 1
        if not ok:
            raise NotationError(f"{format_tiles(t)} is not a valid {self.kind.value}")
        if self.wild and (self.kind is MeldKind.CHOW or len(self.wild) >= len(t)):
            raise NotationError(
                f"{format_tiles(self.wild)} cannot lie wild in the {self.kind.value} "
                f"{format_tiles(t)}: no chow with wild tiles, and one natural tile names a set"
            )

    @property
    def base(self) -> int:
        """The lowest tile: the kind of a pung/kong, the start of a chow."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    def faces(self) -> tuple[int, ...]:
        """The tiles as they lie: the natural ones, then the wild tiles by their own face."""
        if not self.wild:
            return self.tiles
        return (*self.tiles[: len(self.tiles) - len(self.wild)], *self.wild)

    @property
    def is_triplet(self) -> bool:
        """Pung or any kong (counts as a pong for patterns)."""
        return self.kind is not MeldKind.CHOW

    def notation(self) -> str:
        return format_tiles(self.tiles)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"type": self.kind.value, "tiles": self.notation()}
        if self.called is not None:
            out["called"] = tile_name(self.called)
        if self.from_seat is not None:
            out["from"] = self.from_seat
        if self.wild:
            out["wild"] = format_tiles(self.wild)
        return out

    @classmethod
    def from_json(cls, obj: object) -> Meld:
        """Read ``{"type": "pung", "tiles": "555p"}`` (the evaluate contract's form)."""
        if not isinstance(obj, dict):
            raise NotationError('a meld must be an object like {"type": "pung", "tiles": "555p"}')
        try:
            kind = MeldKind(str(obj.get("type")))
        except ValueError:
            raise NotationError(
                f"meld type {obj.get('type')!r} is not one of chow, pung, kong, "
                "concealed_kong, added_kong"
            ) from None
        text = obj.get("tiles")
        if not isinstance(text, str):
            raise NotationError("a meld needs its tiles in notation, e.g. \"555p\"")
        tiles = tuple(sorted(parse(text)))
        called_raw = obj.get("called")
        called = parse(called_raw)[0] if isinstance(called_raw, str) and called_raw else None
        from_raw = obj.get("from")
        from_seat = from_raw if isinstance(from_raw, int) else None
        wild_raw = obj.get("wild")
        if wild_raw is not None and not isinstance(wild_raw, str):
            raise NotationError('a meld\'s wild tiles are in notation, e.g. "5m"')
        wild = tuple(sorted(parse(wild_raw))) if wild_raw else ()
        return cls(kind, tiles, called, from_seat, wild)


def meld(kind: str, notation: str, called: str | None = None, from_seat: int | None = None) -> Meld:
    """Test and doc helper: ``meld("pung", "555p")``."""
    tiles = tuple(sorted(parse(notation)))
    return Meld(MeldKind(kind), tiles, parse(called)[0] if called else None, from_seat)
