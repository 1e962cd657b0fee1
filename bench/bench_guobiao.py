"""Guobiao fan counting: ours (pure Python, :mod:`engine.guobiao`) beside the reference
``pymahjonggb`` (``MahjongFanCalculator``, C++) on the same seeded random winning hands of every
shape (:mod:`engine.guobiao.samples`), and how many of them the two count alike.

Both sides get the hand in their own form, built before the clock starts: ours the packs and
compact tile codes, the reference its tuples of names. The agreement row counts hands whose
fan list (and so total) is equal.

Ours keeps tables that fill as hands come up (each suit's readings by its tile counts, the fans
of set combinations): the first row times them filled, as in a running game; the "first
sight" row empties them before every pass over the hands, so every key is searched anew.
"""

from __future__ import annotations

from functools import partial

from bench import Row, rate
from engine.guobiao import meld_pack
from engine.guobiao.calculator import calculate, clear_tables, code_of
from engine.guobiao.fans import FAN_VALUE, FAN_ZH
from engine.guobiao.samples import SampleHand, random_hands, reference_args

_WAITS = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}


def _ours_args(h: SampleHand) -> tuple[list[int], list[int], int, dict[str, object]]:
    standing = [code_of(k) for k in h.concealed]
    win = code_of(h.win_tile)
    standing.remove(win)
    kw: dict[str, object] = {
        "flowers": h.flowers, "self_drawn": h.self_drawn, "last_of_kind": h.last_of_kind,
        "about_kong": h.about_kong, "wall_last": h.wall_last, "seat_wind": h.seat_wind,
        "round_wind": h.round_wind,
    }  # fmt: skip
    return [meld_pack(m) for m in h.melds], standing, win, kw


def _loop_ours(hands: list[tuple[list[int], list[int], int, dict[str, object]]]) -> None:
    for fixed, standing, win, kw in hands:
        calculate(fixed, standing, win, **kw)  # type: ignore[arg-type]


def _loop_ours_cold(hands: list[tuple[list[int], list[int], int, dict[str, object]]]) -> None:
    clear_tables()
    _loop_ours(hands)


def _loop_ref(fn: object, hands: list[tuple[object, ...]]) -> None:
    for args in hands:
        fn(*args)  # type: ignore[operator]


def run(quick: bool) -> list[Row]:
    import MahjongGB

    n = 500 if quick else 2000
    seconds = 0.2 if quick else 0.5
    sample = random_hands(20_061, n)
    ours = [_ours_args(h) for h in sample]
    ref = [reference_args(h) for h in sample]
    agree = 0
    for (fixed, standing, win, kw), args in zip(ours, ref, strict=True):
        r = calculate(fixed, standing, win, **kw)  # type: ignore[arg-type]
        mine = () if r is None else tuple((FAN_VALUE[f] * c, FAN_ZH[f]) for f, c in r.items())
        theirs = tuple((v, _WAITS.get(s, s)) for v, s in MahjongGB.MahjongFanCalculator(*args))
        agree += mine == theirs
    mine_rate = rate(partial(_loop_ours, ours), n, seconds)
    ref_rate = rate(partial(_loop_ref, MahjongGB.MahjongFanCalculator, ref), n, seconds)
    cold_rate = rate(partial(_loop_ours_cold, ours), n, seconds)
    return [
        Row("guobiao", "fan count, random winning hands", mine_rate, "/s",
            peer="pymahjonggb", peer_value=ref_rate, note="all shapes, melds, situations"),
        Row("guobiao", "fan count, first sight (tables emptied)", cold_rate, "/s",
            peer="pymahjonggb", peer_value=ref_rate, note="every suit key searched anew"),
        Row("guobiao", "hands counted alike (fan list and total)", 100.0 * agree / n, "%",
            peer="pymahjonggb", peer_value=100.0, note=f"{agree} of {n}"),
    ]  # fmt: skip
