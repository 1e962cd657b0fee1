"""Guobiao 国标 fan counting (:mod:`engine.guobiao.calculator`) in the project's terms.

:func:`count_fans` takes a hand as the rest of the engine holds it (kinds 0–33, melds, the
winning tile inside the concealed tiles) and returns its :class:`FanResult`, or None when the
tiles make no winning form. The 8-fan minimum is the family's business
(:mod:`engine.family.guobiao`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.melds import Meld, MeldKind

if TYPE_CHECKING:
    from engine.guobiao.calculator import FanResult

# the calculator is imported when a hand is first counted, not with the package: the presets
# read only the fan table (engine.guobiao.fans), and a process that plays no Guobiao game
# need not compile and run the calculator's thousand lines

__all__ = ["FanResult", "count_fans", "meld_pack"]


def meld_pack(m: Meld) -> int:
    """A meld as a compact pack: a concealed kong is offered by nobody (offer 0)."""
    from engine.guobiao.calculator import CHOW, KONG, PUNG, code_of, make_pack

    if m.kind is MeldKind.CHOW:
        return make_pack(1, CHOW, code_of(m.tiles[1]))
    if m.kind is MeldKind.PUNG:
        return make_pack(1, PUNG, code_of(m.tiles[0]))
    return make_pack(0 if m.kind is MeldKind.CONCEALED_KONG else 1, KONG, code_of(m.tiles[0]))


def count_fans(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    *,
    flowers: int = 0,
    self_drawn: bool = False,
    last_of_kind: bool = False,
    about_kong: bool = False,
    wall_last: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
) -> FanResult | None:
    """The fans of a 14-tile hand (kongs count three): ``concealed`` includes ``win_tile``."""
    from engine.guobiao.calculator import calculate, code_of

    standing = [code_of(k) for k in concealed]
    win = code_of(win_tile)
    try:
        standing.remove(win)
    except ValueError:
        return None
    return calculate(
        [meld_pack(m) for m in melds], standing, win, flowers=flowers, self_drawn=self_drawn,
        last_of_kind=last_of_kind, about_kong=about_kong, wall_last=wall_last,
        seat_wind=seat_wind, round_wind=round_wind,
    )  # fmt: skip


def __getattr__(name: str) -> Any:
    if name == "FanResult":
        from engine.guobiao.calculator import FanResult

        return FanResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
