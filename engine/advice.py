"""Hand advice: what a player (or ``/mahjong analyze``) wants to know about a hand.

For a 13-tile hand (kongs count three): its shanten, the tiles that would improve it and how
many of each are still unseen, and — when it is ready — its waits that make a legal win
under the preset. For a 14-tile hand: every distinct discard with the same facts after it,
best first; and, when the 14 tiles are complete, what they are worth (as ``evaluate``
scores them). Wildcards and jokers of any kind count, and so do the preset's forms (seven
pairs, thirteen orphans). Pure: the picture and the texts are built from :class:`Advice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import analysis, jokers
from engine.family import family_of
from engine.hand import judge
from engine.melds import Meld
from engine.riichi.score import dora_of
from engine.rules import Rules
from engine.scoring import Score, WinContext, can_win, score_win
from engine.tiles import HONOR_BASE, NUM_KINDS, tile_name


class AdviceError(ValueError):
    """A hand that cannot be analysed; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Option:
    """Discarding ``tile`` (a joker tile when discarding a joker) leaves a hand of
    ``shanten``; ``improving``: (kind, unseen copies) of each kind that lowers it; ``waits``:
    (kind, unseen) of each legal winning tile when that hand is ready."""

    tile: int
    shanten: int
    improving: tuple[tuple[int, int], ...]
    waits: tuple[tuple[int, int], ...] = ()

    @property
    def unseen(self) -> int:
        """Improving tiles still unseen (the ukeire)."""
        return sum(n for _, n in self.improving)


@dataclass(frozen=True, slots=True)
class Advice:
    """The analysis of one hand (see the module docstring)."""

    size: int  # 13 or 14 (the table's hand_size, or one more), a kong counting three
    shanten: int  # of the hand as it is (-1: complete)
    jokers: int  # jokers among the concealed tiles
    wild_kinds: frozenset[int]
    joker_tiles: tuple[int, ...]  # the jokers held, by tile
    improving: tuple[tuple[int, int], ...] = ()  # 13 tiles: (kind, unseen)
    waits: tuple[tuple[int, int], ...] = ()  # 13 tiles, ready: legal winning tiles
    options: tuple[Option, ...] = ()  # 14 tiles: each discard, best first
    score: Score | None = None  # 14 tiles, complete: its value as a win (None: no legal win)
    imagined: int = 0  # imagined jokers besides the tiles (江南's 心皇), counted in ``jokers``
    # riichi: the kind the indicator makes dora, and how many of it the hand holds (melds too)
    dora: tuple[int, ...] = ()
    dora_held: int = 0

    @property
    def waiting(self) -> bool:
        """A hand as dealt (13, 10, 7, 4 or 16 tiles), not one that holds a tile to discard."""
        return (self.size + self.imagined) % 3 == 1


def _unseen(held: Sequence[int], visible: Sequence[int] | None) -> list[int]:
    seen = list(held)
    if visible is not None:
        for k in range(NUM_KINDS):
            seen[k] += visible[k]
    return [max(0, 4 - n) for n in seen]


def _legal_waits(
    rules: Rules,
    tiles13: list[int],
    melds: Sequence[Meld],
    held: Sequence[int],
    unseen: Sequence[int],
    ctx: WinContext,
    wild: frozenset[int],
) -> tuple[tuple[int, int], ...]:
    split = jokers.split_tiles(tiles13, wild, jokers.stand_in(rules, wild))
    assert split is not None  # the caller split these tiles already
    counts, njokers = split
    njokers += rules.imagined  # 江南's 心皇
    # Only a kind that completes the shape can win (the tables agree with scoring's own
    # check), unless the jokers win on their own (四保胡): then every kind is asked. Scoring
    # is the slow part with several wildcards, so most kinds never reach it.
    if family_of(rules).instant_win(rules, njokers) is None:
        made = len(melds) + rules.short_sets
        kinds = sorted(judge.shape_waits(rules, counts, njokers, made, wild, melds))
    else:
        kinds = list(range(NUM_KINDS))
    out = []
    for k in kinds:
        if k in wild or held[k] >= 4 or k in rules.absent_kinds:
            continue
        if can_win(rules, [*tiles13, k], melds, k, ctx):
            out.append((k, unseen[k]))
    return tuple(out)


def advise(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    *,
    indicator: int | None = None,
    win_tile: int | None = None,
    visible: Sequence[int] | None = None,
    seat_wind: int = 0,
    round_wind: int = 0,
) -> Advice:
    """Analyse a hand under ``rules``. ``visible``: other tiles the player can see (34
    counts: discards, others' melds), taken off the unseen counts. ``win_tile``: the winning
    tile of a complete 14-tile hand (default: the last tile given)."""
    try:
        wild = jokers.wild_kinds(rules, indicator)
    except jokers.JokerError as exc:
        raise AdviceError(str(exc)) from None
    tiles = list(concealed)
    split = jokers.split_tiles(tiles, wild, jokers.stand_in(rules, wild))
    if split is None:
        raise AdviceError("a flower that is not a joker in this game cannot be in the hand")
    counts, njokers = split
    njokers += rules.imagined  # 江南's 心皇: one more joker in every reading
    held_jokers = tuple(sorted(t for t in tiles if t in wild))
    size = len(tiles) + 3 * len(melds)
    dealt = rules.hand_size  # 13, or what the table size deals (Sichuan's 成都 tables)
    if size not in (dealt, dealt + 1):
        raise AdviceError(
            f"the hand has {size} tiles (each meld counts 3): give {dealt}, or {dealt + 1} to "
            "choose a discard"
        )
    named = [*tiles, *(t for meld in melds for t in meld.tiles)]
    honour = next((t for t in named if HONOR_BASE <= t < NUM_KINDS and t not in wild), None)
    if honour is not None and not rules.honours:
        raise AdviceError(f"{tile_name(honour)} is an honour, but this game is played without "
                          "honours")
    absent = next((t for t in named if t in rules.absent_kinds and t not in wild), None)
    if absent is not None:
        raise AdviceError(f"{tile_name(absent)} is not in the set {rules.id} is played with")
    held = [0] * NUM_KINDS
    for t in tiles:
        if t < NUM_KINDS:
            held[t] += 1
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    if any(n > 4 for n in held):
        raise AdviceError("a kind appears more than four times (concealed and melds)")
    unseen = _unseen(held, visible)
    dora: tuple[int, ...] = ()
    if family_of(rules).points_game and indicator is not None and indicator < NUM_KINDS:
        if visible is None:  # the indicator lies face up: one copy fewer to come
            unseen[indicator] = max(0, unseen[indicator] - 1)
        dora = (dora_of(indicator),)
    dora_held = sum(held[k] for k in dora)
    for k in rules.absent_kinds:
        unseen[k] = 0  # not in the set
    m = len(melds) + rules.short_sets  # the sets a short hand lacks count as melds
    sp, to = judge.forms(rules, m)
    ctx = WinContext(
        self_drawn=True, seat_wind=seat_wind, round_wind=round_wind, wild_kinds=wild
    )
    shanten = analysis.shanten(counts, njokers, m, seven_pairs=sp, thirteen_orphans=to)
    if size == dealt:
        improving = _improving(counts, njokers, m, sp, to, shanten, unseen, wild, rules.absent_kinds)
        ready = (
            _legal_waits(rules, tiles, melds, held, unseen, ctx, wild) if shanten == 0 else ()
        )
        return Advice(dealt, shanten, njokers, wild, held_jokers, improving, ready,
                      imagined=rules.imagined, dora=dora, dora_held=dora_held)
    options = []
    for o in analysis.discard_options(counts, njokers, m, seven_pairs=sp, thirteen_orphans=to):
        if o.kind < 0:
            if not held_jokers:
                continue  # only an imagined 心皇 (江南): never discarded
            tile = held_jokers[0]
        elif not counts[o.kind]:
            continue
        else:
            tile = o.kind
        improving = tuple((k, unseen[k]) for k in o.accept_kinds
                          if k not in wild and k not in rules.absent_kinds)
        waits: tuple[tuple[int, int], ...] = ()
        if o.shanten == 0:
            rest = list(tiles)
            rest.remove(tile)
            waits = _legal_waits(rules, rest, melds, held, unseen, ctx, wild)
        options.append(Option(tile, o.shanten, improving, waits))
    # best first: lowest shanten, then the most unseen improving tiles, a joker kept on ties
    options.sort(key=lambda o: (o.shanten, -o.unseen, o.tile in wild, o.tile))
    score = None
    # complete in the standard shapes, or in a family's own form (Quzhou's 十三不搭 …)
    if shanten < 0 or judge.shape_complete(rules, counts, njokers, m, wild, melds):
        win = tiles[-1] if win_tile is None else win_tile
        if win not in tiles:
            raise AdviceError("the winning tile must be one of the concealed tiles")
        score = score_win(rules, tiles, melds, win, ctx)
    return Advice(size, shanten, njokers, wild, held_jokers, (), (), tuple(options), score,
                  imagined=rules.imagined, dora=dora, dora_held=dora_held)


def _improving(
    counts: list[int],
    wilds: int,
    melds: int,
    sp: bool,
    to: bool,
    shanten: int,
    unseen: Sequence[int],
    wild: frozenset[int],
    absent: frozenset[int] = frozenset(),
) -> tuple[tuple[int, int], ...]:
    out = []
    c = list(counts)
    for k in range(NUM_KINDS):
        if k in wild or k in absent:  # no honour (or 万) is drawn where the set has none
            continue
        c[k] += 1
        if analysis.shanten(c, wilds, melds, seven_pairs=sp, thirteen_orphans=to) < shanten:
            out.append((k, unseen[k]))
        c[k] -= 1
    return tuple(out)
