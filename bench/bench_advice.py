"""Hand advice (``/mahjong analyze``): a 14-tile hand with 4 wildcards, every discard weighed.

Random hands of heyuan-jihu (seven pairs and thirteen orphans on, flowers wild), each timed
on its own; p50 and p99 of :func:`engine.advice.advise` (shanten, every discard's improving
tiles with unseen counts, waits, the value when complete), and of the whole answer the bot
sends (advice, the picture, PNG bytes). No peer library reads wildcards, so no ratio.
"""

from __future__ import annotations

import random
import time

from bench import Row, percentiles


def _hands(rng: random.Random, n: int, wilds: int) -> list[list[int]]:
    wall = [k for k in range(34) for _ in range(4)]
    flowers = list(range(34, 42))
    return [sorted(rng.sample(wall, 14 - wilds)) + rng.sample(flowers, wilds) for _ in range(n)]


def run(quick: bool) -> list[Row]:
    from cogs.analyze import Request, analysis_png
    from engine.advice import advise
    from engine.rules import get_rules

    rules = get_rules("heyuan-jihu")
    rng = random.Random(18)
    hands = _hands(rng, 60 if quick else 400, 4)
    advise(rules, hands[0])  # the shanten tables load once per process, as in the bot
    times = []
    for h in hands:
        start = time.perf_counter()
        advise(rules, h)
        times.append((time.perf_counter() - start) * 1000)
    p50, p99 = percentiles(times, 50, 99)
    rows = [
        Row("advice", "14 tiles, 4 wildcards: advise p99", p99, "ms", better="lower",
            note=f"p50 {p50:.2f} ms, max {max(times):.2f} ms; {len(hands)} hands"),
    ]
    answers = []
    for h in hands[: 20 if quick else 100]:
        start = time.perf_counter()
        analysis_png(Request(rules, h, [], None), advise(rules, h), "zh-CN")
        answers.append((time.perf_counter() - start) * 1000)
    a50, a99 = percentiles(answers, 50, 99)
    rows.append(Row("advice", "/mahjong analyze answer (advice + PNG) p99", a99, "ms",
                    better="lower", note=f"p50 {a50:.2f} ms; {len(answers)} hands"))
    return rows
