"""The 台 of a Taiwan 16-tile win (rule page ``taiwan.md``, "台 table").

A winning hand is 17 tiles (a kong counting 3): five sets and a pair, or 嚦咕嚦咕 (seven
pairs and a pung, no melds, option ``seven_pairs_pung``); with all eight flowers set aside
(option ``flower_win``) the flowers win alone (八仙過海 self-drawn, 七搶一 taken).

Every reading is tried — each split of the concealed tiles into sets and a pair, the 嚦咕嚦咕
reading, and in each split every group the winning tile may have completed (a pung finished
by a discard is not concealed; 平胡 needs a two-sided chow) — and the one of most 台 counts.

T is the hand's 台 (every item but ``dealer`` and ``dealer_streak``); D = 1 + 2N (莊家 and
連N拉N) is added where the winner (``WinContext.dealer``) or the payer the score describes
(``payer_dealer``) is the dealer. :class:`Score` ``points`` = T + D, ``fan`` = T: the
settlement pays each payer ``(base + T + D) × unit`` with D for that payer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.readings import standard_complete
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import DRAGONS, FLOWER_BASE, HONOR_BASE, NUM_KINDS, WINDS

# the 35 items of the page's table, in its order: (id, 台). ``dealer_streak`` is 2 per hand
# of the streak (listed once per hand); ``heavenly`` follows the option ``heavenly_tai``
TAI: Final = (
    ("dealer", 1), ("dealer_streak", 2),
    ("self_draw", 1), ("concealed", 1), ("concealed_self_draw", 3), ("single_wait", 1),
    ("all_melded", 2), ("half_melded", 1),
    ("round_wind_pung", 1), ("seat_wind_pung", 1), ("dragon_pung", 1),
    ("small_three_dragons", 4), ("big_three_dragons", 8), ("small_four_winds", 8),
    ("big_four_winds", 16),
    ("all_chows", 2), ("all_pungs", 4), ("three_concealed_pungs", 2),
    ("four_concealed_pungs", 5), ("five_concealed_pungs", 8), ("seven_pairs_pung", 8),
    ("half_flush", 4), ("full_flush", 8), ("all_honours", 16),
    ("seat_flower", 1), ("flower_set", 2), ("eight_flowers", 8), ("seven_rob_one", 8),
    ("kong_bloom", 1), ("robbing_kong", 1), ("last_tile_draw", 1), ("last_tile_discard", 1),
    ("heavenly", 24), ("earthly", 16), ("human", 8),
)  # fmt: skip
ORDER: Final = {p: i for i, (p, _) in enumerate(TAI)}
DEALER_ITEMS: Final = frozenset({"dealer", "dealer_streak"})
FLOWER_SETS: Final = (frozenset(range(FLOWER_BASE, FLOWER_BASE + 4)),
                      frozenset(range(FLOWER_BASE + 4, FLOWER_BASE + 8)))  # fmt: skip
ALL_FLOWERS: Final = FLOWER_SETS[0] | FLOWER_SETS[1]

# a set of a reading: (shape "chow" / "pung", first kind, concealed); a kong reads as a pung
Group = tuple[str, int, bool]


def tai_values(rules: Rules) -> dict[str, int]:
    """Each item's 台 under ``rules`` (天胡 per ``heavenly_tai``)."""
    values = dict(TAI)
    values["heavenly"] = rules.heavenly_tai
    return values


def dealer_tai(streak: int) -> int:
    """D: 莊家 1 + 連N拉N 2N."""
    return 1 + 2 * streak


def dealer_items(streak: int) -> list[str]:
    """莊家 and 連N拉N as listed: ``dealer_streak`` once per hand of the streak (2 台 each),
    as the page lists an item counted more than once."""
    return ["dealer"] + ["dealer_streak"] * streak


def seat_flowers(seat_wind: int) -> frozenset[int]:
    """A seat's flowers (正花): 1f 5f East's, 2f 6f South's, 3f 7f West's, 4f 8f North's."""
    return frozenset({FLOWER_BASE + seat_wind, FLOWER_BASE + 4 + seat_wind})


def flower_items(flowers: Sequence[int], seat_wind: int) -> list[str]:
    """正花 for each seat flower, 花槓 for each whole set (taking its 正花's place)."""
    held = frozenset(flowers)
    own = seat_flowers(seat_wind)
    out: list[str] = []
    for fs in FLOWER_SETS:
        if fs <= held:
            out.append("flower_set")
        else:
            out += ["seat_flower"] * len(own & fs & held)
    return out


def flower_win(rules: Rules, ctx: WinContext) -> bool:
    """All eight flowers set aside with ``flower_win`` on: the flowers win alone."""
    return rules.flower_win and frozenset(ctx.flower_tiles) >= ALL_FLOWERS


def flower_win_score(ctx: WinContext) -> Score:
    """八仙過海 (self-drawn) or 七搶一 (taken from another), with the dealer's 台."""
    item = "eight_flowers" if ctx.self_drawn else "seven_rob_one"
    return _finish([item], 8, ctx, Reading("flowers"))


def _finish(items: list[str], t: int, ctx: WinContext, reading: Reading | None) -> Score:
    if ctx.dealer or ctx.payer_dealer:
        items = dealer_items(ctx.dealer_streak) + items
        d = dealer_tai(ctx.dealer_streak)
    else:
        d = 0
    items.sort(key=ORDER.__getitem__)
    return Score(points=t + d, patterns=tuple(items), fan=t, reading=reading)


# -- shapes -----------------------------------------------------------------------------------


def lugu_pung(counts: Sequence[int]) -> int | None:
    """The pung of a 嚦咕嚦咕 reading of 17 concealed tiles (seven pairs + one pung; four of a
    kind is two pairs), or None."""
    if sum(counts[:NUM_KINDS]) != 17:
        return None
    odd = [k for k in range(NUM_KINDS) if counts[k] % 2]
    if len(odd) != 1 or counts[odd[0]] < 3:
        return None
    return odd[0]


def complete(rules: Rules, counts: Sequence[int], melds: int) -> bool:
    """Whether the concealed counts with ``melds`` melds make a winning shape."""
    if standard_complete(tuple(counts), 0, 5 - melds):
        return True
    return rules.seven_pairs_pung and not melds and lugu_pung(counts) is not None


def waits(rules: Rules, counts16: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Kinds completing the 16 tiles in any form, kinds the hand holds four of left out."""
    held = list(counts16[:NUM_KINDS])
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    c = list(counts16[:NUM_KINDS])
    out = []
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        c[k] += 1
        if complete(rules, c, len(melds)):
            out.append(k)
        c[k] -= 1
    return out


def divisions(c: list[int], sets: int) -> Iterator[tuple[list[tuple[str, int]], int]]:
    """Every split of the counts into ``sets`` sets and a pair: (sets, pair kind)."""
    for pair in range(NUM_KINDS):
        if c[pair] >= 2:
            c[pair] -= 2
            for groups in _sets(c, sets, 0):
                yield groups, pair
            c[pair] += 2


def _sets(c: list[int], sets: int, start: int) -> Iterator[list[tuple[str, int]]]:
    k = next((i for i in range(start, NUM_KINDS) if c[i]), None)
    if k is None:
        if sets == 0:
            yield []
        return
    if sets == 0:
        return
    if c[k] >= 3:
        c[k] -= 3
        for rest in _sets(c, sets - 1, k):
            yield [("pung", k), *rest]
        c[k] += 3
    if k < HONOR_BASE and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in range(3):
            c[k + i] -= 1
        for rest in _sets(c, sets - 1, k):
            yield [("chow", k), *rest]
        for i in range(3):
            c[k + i] += 1


# -- the items --------------------------------------------------------------------------------


def _honour_items(pungs: Sequence[int], pair: int | None, ctx: WinContext) -> list[str]:
    """圈風, 門風, 三元牌, 小/大三元, 小/大四喜 of the pung kinds and the pair."""
    out: list[str] = []
    dragons = [k for k in pungs if k in DRAGONS]
    if len(dragons) == 3:
        out.append("big_three_dragons")
    elif len(dragons) == 2 and pair in DRAGONS:
        out.append("small_three_dragons")
    else:
        out += ["dragon_pung"] * len(dragons)
    winds = [k for k in pungs if k in WINDS]
    if len(winds) == 4:
        return [*out, "big_four_winds"]
    if len(winds) == 3 and pair in WINDS:
        out.append("small_four_winds")
    if WINDS[ctx.round_wind] in winds:
        out.append("round_wind_pung")
    if WINDS[ctx.seat_wind] in winds:
        out.append("seat_wind_pung")
    return out


def _suit_items(counts: Sequence[int], melds: Sequence[Meld]) -> list[str]:
    kinds = [k for k in range(NUM_KINDS) if counts[k]] + [m.base for m in melds]
    suits = {k // 9 for k in kinds if k < HONOR_BASE}
    honours = any(k >= HONOR_BASE for k in kinds)
    if not suits:
        return ["all_honours"]
    if len(suits) == 1:
        return ["half_flush"] if honours else ["full_flush"]
    return []


def _hand_items(rules: Rules, ctx: WinContext, melds: Sequence[Meld]) -> list[str]:
    """Items every reading shares: how it was won, flowers and situations."""
    sits = ctx.situations
    concealed = all(m.kind is MeldKind.CONCEALED_KONG for m in melds)
    out: list[str] = []
    if ctx.self_drawn:
        out.append("concealed_self_draw" if concealed else "self_draw")
    elif concealed:
        out.append("concealed")
    out += flower_items(ctx.flower_tiles, ctx.seat_wind)
    if "last_tile" in sits:
        out.append("last_tile_draw" if ctx.self_drawn else "last_tile_discard")
    elif ctx.self_drawn and sits & {"kong_replacement", "flower_replacement"}:
        out.append("kong_bloom")
    if "robbing_kong" in sits and not ctx.self_drawn:
        out.append("robbing_kong")
    if "heavenly" in sits:
        out = [p for p in out if p not in ("concealed_self_draw", "self_draw")] + ["heavenly"]
    elif "earthly" in sits:
        out = [p for p in out if p not in ("concealed_self_draw", "self_draw")] + ["earthly"]
    elif "human" in sits:
        out = [p for p in out if p != "concealed"] + ["human"]
    return out


def _two_sided(start: int, win: int) -> bool:
    """The winning tile ends a chow and did not wait at an edge (1-2 on 3, 8-9 on 7)."""
    return (win == start and start % 9 != 6) or (win == start + 2 and start % 9 != 0)


def _standard_items(
    groups: Sequence[Group],
    pair: int,
    melds: Sequence[Meld],
    ctx: WinContext,
    single: bool,
    honours: bool,
    half_melded: bool,
    win_chow: int | None,
) -> list[str]:
    """The shape items of one reading of five sets and a pair (``win_chow``: the chow the
    winning tile completed, if it completed one)."""
    out = _honour_items([k for s, k, _ in groups if s == "pung"], pair, ctx)
    pungs = sum(1 for s, _, _ in groups if s == "pung")
    hidden = sum(1 for s, _, c in groups if s == "pung" and c)
    if hidden == 5:
        out.append("five_concealed_pungs")
    else:
        if pungs == 5:
            out.append("all_pungs")
        if hidden == 4:
            out.append("four_concealed_pungs")
        elif hidden == 3:
            out.append("three_concealed_pungs")
    called = len(melds) == 5 and not any(m.kind is MeldKind.CONCEALED_KONG for m in melds)
    if called and not ctx.self_drawn:
        out.append("all_melded")
        single = False  # 全求人 includes the 獨聽
    elif called and half_melded:
        out.append("half_melded")
    if (
        pungs == 0
        and not honours
        and not ctx.flower_tiles
        and not ctx.self_drawn
        and win_chow is not None
    ):
        out.append("all_chows")
        single = False  # 平胡 includes its wait
    if single and not ctx.situations & {"heavenly"}:
        out.append("single_wait")
    return out


def score_taiwan(
    rules: Rules, counts: Sequence[int], melds: Sequence[Meld], win_tile: int, ctx: WinContext
) -> Score | None:
    """The best reading of a 17-tile hand (``counts``: the concealed tiles, the winning one
    included), or None when it does not win."""
    if flower_win(rules, ctx):
        return flower_win_score(ctx)
    n = len(melds)
    c = list(counts[:NUM_KINDS])
    lugu = lugu_pung(c) if rules.seven_pairs_pung and not n else None
    found = list(divisions(list(c), 5 - n))
    if not found and lugu is None:
        return None
    c16 = list(c)
    c16[win_tile] -= 1
    single = len(waits(rules, c16, melds)) == 1
    base = _hand_items(rules, ctx, melds)
    suits = _suit_items(c, melds)
    honours = any(c[k] for k in range(HONOR_BASE, NUM_KINDS)) or any(
        m.base >= HONOR_BASE for m in melds
    )
    values = tai_values(rules)
    best: tuple[int, list[str], Reading] | None = None

    def consider(items: list[str], reading: Reading) -> None:
        nonlocal best
        if "all_honours" in items:
            items = [p for p in items if p != "all_pungs"]
        if "heavenly" in items:
            items = [p for p in items if p != "single_wait"]
        t = sum(values[p] for p in items)
        if best is None or t > best[0]:
            best = (t, items, reading)

    meld_groups: list[Group] = [
        ("chow" if m.kind is MeldKind.CHOW else "pung", m.base, m.kind is MeldKind.CONCEALED_KONG)
        for m in melds
    ]
    for sets, pair in found:
        reading = Reading(
            "standard",
            (*((s, (k, k + 1, k + 2) if s == "chow" else (k,) * 3) for s, k in sets),
             ("pair", (pair, pair))),
        )  # fmt: skip
        # the group the winning tile completed: the pair, a pung of it or a chow holding it
        places: list[tuple[int, int | None]] = []  # (index of a pung made open, chow start)
        if pair == win_tile:
            places.append((-1, None))
        for i, (s, k) in enumerate(sets):
            if s == "pung" and k == win_tile:
                places.append((i if not ctx.self_drawn else -1, None))
            elif s == "chow" and k <= win_tile <= k + 2:
                places.append((-1, k if _two_sided(k, win_tile) else None))
        for opened, chow in places:
            groups = meld_groups + [(s, k, i != opened) for i, (s, k) in enumerate(sets)]
            items = (
                base
                + suits
                + _standard_items(
                    groups, pair, melds, ctx, single, honours, rules.half_melded, chow
                )
            )
            consider(items, reading)
    if lugu is not None:
        items = ["seven_pairs_pung", *_honour_items([lugu], None, ctx)]
        for p in base:
            if p == "concealed_self_draw":
                items.append("self_draw")
            elif p != "concealed":
                items.append(p)
        if single:
            items.append("single_wait")
        consider(items + suits, Reading("seven_pairs_pung"))
    assert best is not None
    return _finish(best[1], best[0], ctx, best[2])
