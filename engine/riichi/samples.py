"""Random winning riichi hands, seeded, as ``evaluate`` lines: what the differential test
against the reference library and the bench count.

Every shape comes up: four sets and a pair (closed, or with chows, pungs, open and concealed
kongs, up to four melds; now and then drawn from one suit, from the simples, the terminals,
the honours or the green tiles, or built around a yaku's sets — three identical sequences
across the suits, 123 456 789, two identical sequences, dragon and wind pungs — so every
yaku appears), seven distinct pairs, thirteen orphans and nine gates. Each hand carries its
situation: ron or tsumo, seat and round winds, riichi / double riichi / ippatsu on closed
hands, rinshan, chankan, haitei / houtei, tenhou, chiihou, red fives (option ``aka`` 3 or
0) and up to five dora indicators with their ura-dora. Only lines that can happen at a
table are made (the evaluate command refuses the others).
"""

from __future__ import annotations

import random
from typing import Any, Final

from engine.riichi.notation import Tile

ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN: Final = (19, 20, 21, 23, 25, 32)
SIMPLES: Final = tuple(k for k in range(27) if 0 < k % 9 < 8)
Set = tuple[str, int]  # ("chow" | "pung", lowest kind)


def _kinds(s: Set) -> list[int]:
    shape, k = s
    return [k, k + 1, k + 2] if shape == "chow" else [k, k, k]


class _Builder:
    """Sets and a pair drawn under a theme, with the copies left of each kind."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [4] * 34

    def take(self, kinds: list[int]) -> bool:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if any(self.left[k] < n for k, n in need.items()):
            return False
        for k, n in need.items():
            self.left[k] -= n
        return True


def _themed_sets(rng: random.Random, b: _Builder) -> list[Set] | None:
    """Up to four sets fixed by a theme (the rest are drawn at random)."""
    theme = rng.random()
    suits = rng.sample(range(3), 3)
    if theme < 0.08:  # sanshoku doujun
        r = rng.randint(0, 6)
        return [("chow", s * 9 + r) for s in suits]
    if theme < 0.14:  # sanshoku doukou
        r = rng.randint(0, 8)
        return [("pung", s * 9 + r) for s in suits]
    if theme < 0.22:  # ittsu
        return [("chow", suits[0] * 9 + r) for r in (0, 3, 6)]
    if theme < 0.30:  # iipeiko / ryanpeikou
        a = suits[0] * 9 + rng.randint(0, 6)
        out = [("chow", a), ("chow", a)]
        if rng.random() < 0.4:
            c = suits[1] * 9 + rng.randint(0, 6)
            out += [("chow", c), ("chow", c)]
        return out
    if theme < 0.36:  # dragons: shou sangen / daisangen
        return [("pung", d) for d in rng.sample((31, 32, 33), rng.choice((2, 3)))]
    if theme < 0.42:  # winds: shousuushii / dai suushii
        return [("pung", w) for w in rng.sample((27, 28, 29, 30), rng.choice((3, 4)))]
    return []


def _chow_ok(mode: str, k: int) -> bool:
    """Whether a sequence from ``k`` fits the theme ``mode``."""
    if k >= 27 or k % 9 > 6:
        return False
    if mode == "simples":
        return 0 < k % 9 < 6
    if mode == "green":
        return k == 19
    if mode == "ends":
        return k % 9 in (0, 6)
    return mode in ("any", "one_suit")


_POOLS: Final = {
    "simples": SIMPLES,
    "orphans": ORPHANS,
    "terminals": (0, 8, 9, 17, 18, 26),
    "honours": tuple(range(27, 34)),
    "green": GREEN,
    "ends": ORPHANS,
}
_MODES: Final = (("any", 62), ("one_suit", 10), ("simples", 12), ("orphans", 3),
                 ("terminals", 2), ("honours", 2), ("green", 2), ("ends", 7))  # fmt: skip


def _standard(rng: random.Random) -> tuple[list[Set], int] | None:
    """Four sets and a pair, as kinds."""
    b = _Builder(rng)
    mode = rng.choices([m for m, _ in _MODES], [w for _, w in _MODES])[0]
    pung_share = rng.choice((0.1, 0.25, 0.25, 0.5, 1.0))
    if mode == "one_suit":
        s = rng.randrange(3)
        pool: tuple[int, ...] = tuple(range(s * 9, s * 9 + 9))
        if rng.random() < 0.5:
            pool += tuple(range(27, 34))
    else:
        pool = _POOLS.get(mode, tuple(range(34)))
    sets = (_themed_sets(rng, b) or []) if mode == "any" else []
    for s_ in sets:
        if not b.take(_kinds(s_)):
            return None
    while len(sets) < 4:
        for _ in range(30):
            if mode in ("ends", "green", "simples", "one_suit") and rng.random() >= pung_share:
                k = rng.choice(pool if mode == "one_suit" else range(27))
                if not _chow_ok(mode, k) or (mode == "one_suit" and k + 2 not in pool):
                    continue
                s_new: Set = ("chow", k)
            else:
                k = rng.choice(pool)
                chow = mode == "any" and rng.random() >= pung_share and _chow_ok(mode, k)
                s_new = ("chow", k) if chow else ("pung", k)
            if b.take(_kinds(s_new)):
                sets.append(s_new)
                break
        else:
            return None
    for _ in range(30):
        pair = rng.choice(pool)
        if b.take([pair, pair]):
            return sets, pair
    return None


def _seven_pairs(rng: random.Random) -> list[int]:
    pool = rng.choice((list(range(34)), list(SIMPLES), [*list(range(27, 34)), 0, 8],
                       list(range(9)) + list(range(27, 34))))
    pool = pool if len(pool) >= 7 else list(range(34))
    kinds = rng.sample(pool, 7)
    return [k for k in kinds for _ in (0, 1)]


def _tiles(kinds: list[int], reds: list[int]) -> list[Tile]:
    """(kind, red) for each kind, making the first five of each suit in ``reds`` red."""
    out = []
    for k in kinds:
        red = k in reds
        if red:
            reds.remove(k)
        out.append((k, red))
    return out


def text(tiles: list[Tile]) -> str:
    """Notation of (kind, red) tiles, suit by suit (a red five written 0)."""
    digits: list[list[tuple[int, bool]]] = [[], [], [], []]
    for k, r in tiles:
        suit = k // 9 if k < 27 else 3
        digits[suit].append((k, r))
    parts = []
    for suit, mine in enumerate(digits):
        if mine:
            mine.sort()
            parts.append("".join("0" if r else str(k - 9 * suit + 1) for k, r in mine) + "mpsz"[suit])
    return "".join(parts)


def _shape(rng: random.Random) -> tuple[list[int], list[tuple[str, list[int]]]] | None:
    """Concealed kinds (winning tile included) and melds (type, kinds)."""
    r = rng.random()
    if r < 0.05:
        return [*ORPHANS, rng.choice(ORPHANS)], []
    if r < 0.14:
        return _seven_pairs(rng), []
    if r < 0.17:
        base = rng.randrange(3) * 9
        return [base, base, *range(base, base + 9), base + 8, base + 8, base + rng.randrange(9)], []
    got = _standard(rng)
    if got is None:
        return None
    sets, pair = got
    rng.shuffle(sets)
    opened = rng.choice((0, 0, 0, 0, 1, 1, 2, 3, 4))
    kongs = rng.random() < 0.25
    all_kongs = rng.random() < 0.03
    concealed = [pair, pair]
    melds: list[tuple[str, list[int]]] = []
    held = [0] * 34
    for s in sets:
        for k in _kinds(s):
            held[k] += 1
    held[pair] += 2
    for i, (shape, k) in enumerate(sets):
        if shape == "pung" and held[k] == 3 and (all_kongs or (kongs and rng.random() < 0.5)):
            kind = "concealed_kong" if i >= opened or rng.random() < 0.3 else "kong"
            melds.append((kind, [k] * 4))
        elif i < opened:
            melds.append((shape, _kinds((shape, k))))
        else:
            concealed += _kinds((shape, k))
    return concealed, melds


def random_line(rng: random.Random) -> dict[str, Any]:
    """One random winning hand with a random situation, as an ``evaluate`` line."""
    while True:
        got = _shape(rng)
        if got is not None:
            break
    concealed_kinds, meld_kinds = got
    aka = 0 if rng.random() < 0.15 else 3
    held = concealed_kinds + [k for _, ks in meld_kinds for k in ks]
    # with red fives, a suit's fourth five is its red one
    fives = [k for k in (4, 13, 22) if rng.random() < 0.6 or held.count(k) == 4] if aka else []
    concealed = _tiles(concealed_kinds, fives)
    melds = [(kind, _tiles(ks, fives)) for kind, ks in meld_kinds]
    if rng.random() < 0.04:
        _spoil(rng, concealed, held, bool(aka))
    is_open = any(kind != "concealed_kong" for kind, _ in melds)
    has_kong = any(kind.endswith("kong") for kind, _ in melds)
    line: dict[str, Any] = {"rules": "riichi", "concealed": text(concealed)}
    if aka == 0:
        line["options"] = {"aka": 0}
    if melds:
        line["melds"] = [{"type": kind, "tiles": text(ts)} for kind, ts in melds]
    win = rng.choice(concealed)
    line["win_tile"] = text([win])
    self_drawn = rng.random() < 0.45
    seat = rng.randrange(4)
    line["seat_wind"] = seat + 1
    line["round_wind"] = rng.choice((1, 1, 2, 2, 3, 4))
    sits: list[str] = []
    blessing = rng.random() < 0.06 and not melds
    if blessing:  # tenhou / chiihou: the first draw, no call, no riichi
        self_drawn = True
        sits.append("heavenly" if seat == 0 else "earthly")
    else:
        if not is_open and rng.random() < 0.5:
            line["riichi"] = True
            if rng.random() < 0.12:
                line["double_riichi"] = True
            if rng.random() < 0.25:
                line["ippatsu"] = True
        r = rng.random()
        if has_kong and self_drawn and r < 0.3:
            sits.append("kong_replacement")
        elif not self_drawn and r < 0.06:
            sits.append("robbing_kong")
        elif r < 0.36 and rng.random() < 0.2:
            sits.append("last_tile")
    if rng.random() < 0.03:
        sits.append("last_of_kind")
    line["self_drawn"] = self_drawn
    if sits:
        line["situation"] = sits
    _indicators(rng, line, concealed, melds, fives)
    return line


def _spoil(rng: random.Random, concealed: list[Tile], held: list[int], aka: bool) -> None:
    """Change one plain concealed tile into another kind: mostly no longer a winning hand
    (the library's ``hand_not_winning``), sometimes another one."""
    i = rng.randrange(len(concealed))
    kind, red = concealed[i]
    new = rng.randrange(34)
    limit = 3 if aka and new in (4, 13, 22) else 4
    if red or new == kind or held.count(new) >= limit:
        return
    held.remove(kind)
    held.append(new)
    concealed[i] = (new, False)


def _indicators(
    rng: random.Random,
    line: dict[str, Any],
    concealed: list[Tile],
    melds: list[tuple[str, list[Tile]]],
    reds_left: list[int],
) -> None:
    """Dora indicators (0–5, often pointing at a kind in the hand) and ura-dora, from the
    copies left (a red five among them only where none is in the hand)."""
    left = [4] * 34
    held = [k for k, _ in concealed] + [k for _, ts in melds for k, _ in ts]
    for k in held:
        left[k] -= 1
    aka = "options" not in line
    plain_fives = {k: 3 - sum(1 for t in [*concealed, *(t for _, ts in melds for t in ts)]
                              if t == (k, False)) for k in (4, 13, 22)}  # fmt: skip

    def pick() -> Tile | None:
        for _ in range(20):
            if rng.random() < 0.45:
                k = rng.choice(held)
                k = _before(k)
            else:
                k = rng.randrange(34)
            if left[k]:
                red = k in reds_left and (rng.random() < 0.3 or not plain_fives[k])
                if aka and k in plain_fives and not red:
                    if not plain_fives[k]:
                        continue
                    plain_fives[k] -= 1
                left[k] -= 1
                if red:
                    reds_left.remove(k)
                return (k, red)
        return None

    n = rng.choices((0, 1, 2, 3, 4, 5), (15, 45, 20, 10, 6, 4))[0]
    dora = [t for t in (pick() for _ in range(n)) if t is not None]
    if dora:
        line["dora_indicators"] = text(dora)
    if dora and (line.get("riichi") or rng.random() < 0.1):
        m = len(dora) if rng.random() < 0.8 else rng.randrange(len(dora))
        ura = [t for t in (pick() for _ in range(m)) if t is not None]
        if ura:
            line["ura_dora_indicators"] = text(ura)


def _before(kind: int) -> int:
    """The indicator that makes ``kind`` dora."""
    if kind < 27:
        return kind + 8 if kind % 9 == 0 else kind - 1
    if kind < 31:
        return 27 + (kind - 27 - 1) % 4
    return 31 + (kind - 31 - 1) % 3


def random_lines(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_line(rng) for _ in range(n)]
