"""Random winning Guobiao hands, seeded: what the differential test against the reference
calculator and the bench count.

Every shape comes up: four sets and a pair (with chows, pungs, melded and concealed kongs,
up to four melds; now and then drawn from one suit and the honours, or from a narrow band of
ranks, so the big fans appear), seven pairs, 十三幺, 全不靠 / 七星不靠 and 组合龙 (concealed
or with one meld). Each hand carries its situation: self-draw or discard, 和绝张, a kong
(杠上开花 / 抢杠和), the last tile, the winds and flowers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.melds import Meld, MeldKind
from engine.tiles import ORPHANS

_KNITTED_RANKS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))


@dataclass(frozen=True, slots=True)
class SampleHand:
    concealed: tuple[int, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    win_tile: int
    flowers: int
    self_drawn: bool
    last_of_kind: bool
    about_kong: bool
    wall_last: bool
    seat_wind: int
    round_wind: int


def _standard(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    mode = rng.random()
    suits = [0, 1, 2]
    honours = True
    lo, hi = 0, 8
    if mode < 0.25:
        suits = [rng.randrange(3)]
        honours = rng.random() < 0.5
    elif mode < 0.35:
        lo = rng.choice((0, 3, 5))
        hi = lo + 3
        honours = False
    pung_share = rng.choice((0.15, 0.4, 0.8))
    honour_share = 0.25
    ends = False
    if 0.35 <= mode < 0.42:  # honours and pungs: the wind and dragon hands
        honour_share, pung_share = 0.85, 1.0
    elif 0.42 <= mode < 0.47:  # terminals and pungs
        ends, pung_share = True, 1.0
        honours = rng.random() < 0.5
    green = 0.47 <= mode < 0.5  # 绿一色: 23468s and 发
    seen = [0] * 34
    sets: list[tuple[str, int]] = []

    def kind() -> int:
        if green:
            return rng.choice((19, 20, 21, 23, 25, 32))
        if honours and rng.random() < honour_share:
            return 27 + rng.randrange(7)
        if ends:
            return rng.choice(suits) * 9 + rng.choice((0, 8))
        return rng.choice(suits) * 9 + rng.randint(lo, hi)

    for _ in range(4):
        for _try in range(20):
            if rng.random() < pung_share:
                k = kind()
                if seen[k] <= 1:
                    seen[k] += 3
                    sets.append(("pung", k))
                    break
            else:
                s = rng.choice(suits)
                start = s * 9 + rng.randint(lo, min(hi, 8) - 2 if hi - lo >= 2 else lo)
                if green:
                    start = 19
                if start % 9 > 6:
                    continue
                if all(seen[start + i] < 4 for i in range(3)):
                    for i in range(3):
                        seen[start + i] += 1
                    sets.append(("chow", start))
                    break
        else:
            return None
    for _try in range(20):
        pair = kind()
        if seen[pair] <= 2:
            seen[pair] += 2
            break
    else:
        return None
    n_melds = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
    rng.shuffle(sets)
    concealed: list[int] = [pair, pair]
    melds: list[Meld] = []
    for i, (shape, k) in enumerate(sets):
        if shape == "pung" and seen[k] < 4 and rng.random() < 0.25:
            kong = (
                MeldKind.CONCEALED_KONG if (i >= n_melds or rng.random() < 0.4) else MeldKind.KONG
            )
            seen[k] += 1
            melds.append(Meld(kong, (k,) * 4))
            continue
        if i < n_melds:
            if shape == "pung":
                melds.append(Meld(MeldKind.PUNG, (k,) * 3))
            else:
                melds.append(Meld(MeldKind.CHOW, (k, k + 1, k + 2)))
        else:
            concealed.extend((k,) * 3 if shape == "pung" else (k, k + 1, k + 2))
    return concealed, melds


def _terminal_chows(rng: random.Random) -> list[int]:
    """一色双龙会 / 三色双龙会: 123 and 789 twice around a pair of 5s."""
    pair_suit = rng.randrange(3)
    if rng.random() < 0.5:
        bases = [pair_suit * 9, pair_suit * 9, pair_suit * 9 + 6, pair_suit * 9 + 6]
    else:
        others = [s for s in range(3) if s != pair_suit]
        bases = [others[0] * 9, others[0] * 9 + 6, others[1] * 9, others[1] * 9 + 6]
    tiles = [pair_suit * 9 + 4] * 2
    for b in bases:
        tiles += [b, b + 1, b + 2]
    return tiles


def _seven_pairs(rng: random.Random) -> list[int]:
    if rng.random() < 0.15:  # 连七对
        s = rng.randrange(3) * 9 + rng.randint(0, 2)
        return [k for k in range(s, s + 7) for _ in (0, 1)]
    pool = list(range(27)) if rng.random() < 0.5 else list(range(34))
    if rng.random() < 0.3:
        pool = [k for k in pool if k // 9 == 0 or k >= 27]
    kinds = [rng.choice(pool) for _ in range(7)]
    out: list[int] = []
    for k in kinds:
        if out.count(k) >= 4:
            k = next(x for x in pool if out.count(x) < 2)
        out += [k, k]
    return out


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    order = rng.sample(_KNITTED_RANKS, 3)
    seq = [s * 9 + r for s, ranks in enumerate(order) for r in ranks]
    form = rng.random()
    if form < 0.5:  # 全不靠 / 七星不靠: 14 distinct from the knitted nine and the honours
        honours = list(range(27, 34))
        n_num = rng.randint(7, 9)
        tiles = rng.sample(seq, n_num) + rng.sample(honours, 14 - n_num)
        return tiles, []
    # 组合龙 + a set and a pair, the set perhaps melded
    seen = [0] * 34
    for k in seq:
        seen[k] += 1
    tiles = list(seq)
    melds: list[Meld] = []
    if rng.random() < 0.5:
        s = rng.randrange(3) * 9 + rng.randint(0, 6)
        group = [s, s + 1, s + 2]
        shape = MeldKind.CHOW
    else:
        k = rng.randrange(34)
        group = [k, k, k]
        shape = MeldKind.PUNG
    for k in group:
        seen[k] += 1
    if any(c > 4 for c in seen):
        return None
    if rng.random() < 0.4:
        melds.append(Meld(shape, tuple(group)))
    else:
        tiles += group
    pair = rng.randrange(34)
    if seen[pair] > 2:
        return None
    tiles += [pair, pair]
    return tiles, melds


def random_hand(rng: random.Random) -> SampleHand:
    """One random winning hand with a random situation."""
    while True:
        r = rng.random()
        melds: list[Meld] = []
        if r < 0.7:
            got = _standard(rng)
            if got is None:
                continue
            tiles, melds = got
        elif r < 0.72:
            tiles = _terminal_chows(rng)
        elif r < 0.82:
            tiles = _seven_pairs(rng)
        elif r < 0.94:
            got = _knitted(rng)
            if got is None:
                continue
            tiles, melds = got
        elif r < 0.97:
            tiles = [*ORPHANS, rng.choice(ORPHANS)]
        else:  # 九莲宝灯's shape, sometimes
            base = rng.randrange(3) * 9
            tiles = [base, base, *range(base, base + 9), base + 8, base + 8]
            tiles.append(base + rng.randrange(9))
        win = rng.choice(tiles)
        self_drawn = rng.random() < 0.4
        return SampleHand(
            concealed=tuple(sorted(tiles)),
            melds=tuple(melds),
            win_tile=win,
            flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
            self_drawn=self_drawn,
            last_of_kind=rng.random() < 0.2,
            about_kong=rng.random() < 0.12,
            wall_last=rng.random() < 0.1,
            seat_wind=rng.randrange(4),
            round_wind=rng.randrange(4),
        )


def reference_args(h: SampleHand) -> tuple[object, ...]:
    """The hand as ``MahjongGB.MahjongFanCalculator``'s positional arguments."""
    standing = list(h.concealed)
    standing.remove(h.win_tile)
    packs = []
    for m in h.melds:
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", reference_name(m.tiles[1]), 1))
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", reference_name(m.tiles[0]), 1))
        else:
            packs.append(
                ("GANG", reference_name(m.tiles[0]), 0 if m.kind is MeldKind.CONCEALED_KONG else 1)
            )
    return (
        tuple(packs), tuple(reference_name(k) for k in standing), reference_name(h.win_tile),
        h.flowers, h.self_drawn, h.last_of_kind, h.about_kong, h.wall_last, h.seat_wind,
        h.round_wind,
    )  # fmt: skip


def reference_name(kind: int) -> str:
    """A tile in the reference's names: W characters, T bamboo, B dots, F winds, J 中发白."""
    if kind < 27:
        return "WBT"[kind // 9] + str(kind % 9 + 1)
    if kind < 31:
        return f"F{kind - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[kind]


def random_hands(seed: int, n: int) -> list[SampleHand]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]
