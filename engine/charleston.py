"""查理士顿 Charleston (option ``charleston``, docs/rules/variants.md section 9): after the deal
every seat passes three tiles at once, three times, in the order the option names — ``seed``:
to the next player, the previous, then across; ``american``: next, across, previous. Then
the dealer may call one more round of three passes in the same order.

The passes are steps every seat answers at once (engine.hand.steps, as 换三张): each seat
chooses any three tiles it holds but a wild tile (``Choose`` with the tiles in notation);
the step closes with a :class:`engine.events.TilesExchanged` whose ``dice`` are empty (a
Charleston pass, not a thrown 换三张). The dealer's call is the step ``charleston_more``
(``again`` or ``pass``); it closes with an exchange of nothing, and the three later passes
ask anyone only where the dealer chose ``again``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine.actions import IllegalAction
from engine.events import Chose, Event, TilesExchanged
from engine.tiles import NUM_KINDS, NotationError, format_tiles, parse

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.rules import Rules

MORE: Final = "charleston_more"
PASSES: Final = tuple(f"charleston{i}" for i in range(1, 7))
# the shift of each pass (1: the next seat, 2: across, 3: the previous), by the option
ORDER: Final = {"seed": (1, 3, 2), "american": (1, 2, 3)}


def steps(rules: Rules) -> tuple[str, ...]:
    """The Charleston's steps (none when the option is off)."""
    if rules.charleston == "off" or rules.players != 4:
        return ()
    return (*PASSES[:3], MORE, *PASSES[3:])


def is_step(step: str) -> bool:
    return step == MORE or step in PASSES


def shift(rules: Rules, step: str) -> int:
    """Where the pass ``step`` sends each seat's tiles (seats on in turn order)."""
    return ORDER[rules.charleston][(PASSES.index(step)) % 3]


def seats(hand: HandState, step: str) -> tuple[int, ...]:
    if step == MORE:
        return (hand.dealer,)
    if PASSES.index(step) < 3:
        return tuple(range(hand.players))
    again = any(isinstance(e, Chose) and e.step == MORE and e.value == "again"
                for e in hand.events)
    return tuple(range(hand.players)) if again else ()


def loosest_three(counts: Sequence[int], wild: frozenset[int]) -> tuple[int, ...]:
    """Three tiles that do least for the hand: lone honours first, then suited singles far
    from their neighbours; pairs and runs are kept (a computer's pass, the suggestion)."""
    c = list(counts[:NUM_KINDS])

    def keep(k: int) -> tuple[int, int]:
        if k >= 27:
            return (3 * (c[k] - 1), 0)
        base, i = k - k % 9, k % 9
        near = sum(c[base + j] for j in (i - 2, i - 1, i + 1, i + 2) if 0 <= j < 9)
        return (3 * (c[k] - 1) + near, -abs(4 - i))

    out: list[int] = []
    for _ in range(3):
        held = [k for k in range(NUM_KINDS) if c[k] and k not in wild]
        if not held:
            break
        k = min(held, key=lambda k: (*keep(k), k))
        out.append(k)
        c[k] -= 1
    return tuple(sorted(out))


def _kept(hand: HandState) -> frozenset[int]:
    """Kinds never passed: the wild tiles and the bonus tiles (flowers, Nanjing's dragons)."""
    return hand.wild_kinds | hand.bonus_kinds


def choices(hand: HandState, seat: int, step: str) -> tuple[str, ...]:
    if step == MORE:
        return ("pass", "again")
    three = loosest_three(hand.seats[seat].counts, _kept(hand))
    return (format_tiles(three),) if len(three) == 3 else ()


def check(hand: HandState, seat: int, step: str, value: str) -> str:
    if step == MORE:
        if value not in ("again", "pass"):
            raise IllegalAction("bad_choice", "the dealer calls one more round or passes: "
                                "'again' or 'pass'")
        return value
    try:
        tiles = parse(value)
    except NotationError as exc:
        raise IllegalAction("bad_choice", f"name three tiles, e.g. 19m4z: {exc}") from None
    if len(tiles) != 3:
        raise IllegalAction("bad_choice", "pass exactly three tiles, e.g. 19m4z")
    if any(t in _kept(hand) or t >= NUM_KINDS for t in tiles):
        raise IllegalAction("bad_choice", "wild and bonus tiles cannot be passed in the "
                            "Charleston")
    c = hand.seats[seat].counts
    for t in set(tiles):
        if c[t] < tiles.count(t):
            raise IllegalAction("tile_not_in_hand", f"you do not hold {format_tiles(tiles)}")
    return format_tiles(sorted(tiles))


def close(rules: Rules, hand: HandState, step: str) -> Event:
    n = hand.players
    if step == MORE:
        return TilesExchanged(0, tuple(() for _ in range(n)))
    tiles = tuple(tuple(sorted(parse(hand.choices[s]))) for s in range(n))
    return TilesExchanged(shift(rules, step), tiles)
