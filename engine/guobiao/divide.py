"""Guobiao divisions: every way to read the concealed tiles as sets and a pair, in the
reference calculator's order (its ties between equal readings depend on that order).

The plain search over the whole count table, as the reference does it: the calculator reads
the divisions one suit at a time (:func:`engine.guobiao.suits.divisions`), and the tests hold
that to this, division by division in order."""

from __future__ import annotations

from collections.abc import Sequence

from engine.guobiao.codes import ALL_TILES, CHOW, PAIR, PUNG, make_pack


def divide(cnt: list[int], fixed: Sequence[int], out: list[tuple[int, ...]]) -> None:
    """Every division of the counted tiles into sets and a pair after the ``fixed`` packs, each
    multiset of sets once (sets taken in non-decreasing order), in the reference's order."""
    nfixed = len(fixed)
    work = [*fixed, 0, 0, 0, 0, 0][:5]
    if any(cnt[t] > 1 for t in ALL_TILES):
        divide_sets(cnt, work, nfixed, out, 0, 0)


# divide's search as module functions, not closures: a closure that calls itself is a
# reference cycle, left for the garbage collector after every hand it scores


def divide_sets(
    cnt: list[int], work: list[int], nfixed: int, out: list[tuple[int, ...]], step: int, prev: int
) -> bool:
    """The sets from pack ``step`` on (each not below ``prev``), then the pair."""
    idx = step + nfixed
    if idx == 4:
        return divide_pair(cnt, work, nfixed, out)
    ret = False
    for t in ALL_TILES:
        c = cnt[t]
        if c < 1:
            continue
        if c > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                work[idx] = make_pack(0, PUNG, t)
                cnt[t] -= 3
                if divide_sets(cnt, work, nfixed, out, step + 1, eigen):
                    ret = True
                cnt[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and cnt[t + 1] and cnt[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                work[idx] = make_pack(0, CHOW, t + 1)
                cnt[t] -= 1
                cnt[t + 1] -= 1
                cnt[t + 2] -= 1
                if divide_sets(cnt, work, nfixed, out, step + 1, eigen):
                    ret = True
                cnt[t] += 1
                cnt[t + 1] += 1
                cnt[t + 2] += 1
    return ret


def divide_pair(cnt: list[int], work: list[int], nfixed: int, out: list[tuple[int, ...]]) -> bool:
    """The pair that ends a division, if the tiles left are one; the division is kept once."""
    for t in ALL_TILES:
        if cnt[t] < 2:
            continue
        cnt[t] -= 2
        done = not any(cnt)
        cnt[t] += 2
        if done:
            div = (*work[:nfixed], *sorted(work[nfixed:4]), make_pack(0, PAIR, t))
            if all(od[nfixed:4] != div[nfixed:4] for od in out):
                out.append(div)
            return True
    return False
