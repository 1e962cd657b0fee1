"""Picture speed and size: a hand and the table as PNG bytes (what the bot sends), warm caches."""

from __future__ import annotations

import time
from collections.abc import Callable

from bench import Row, median, percentiles


def _times(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def run(quick: bool) -> list[Row]:
    import render
    from engine.rules import PRESETS
    from render import samples

    n = 30 if quick else 200
    hand, table = samples.sample_hand(), samples.sample_table()
    settlement, board = samples.sample_settlement(), samples.sample_leaderboard()
    cases: dict[str, tuple[Callable[[], object], float | None]] = {
        "hand picture (PNG bytes)": (lambda: render.render_hand(hand, "zh-CN"), 5.0),
        "table picture (PNG bytes)": (lambda: render.render_table(table, "zh-CN"), 20.0),
        "settlement picture (PNG bytes)": (lambda: render.render_settlement(settlement, "en"), None),
        "leaderboard picture (PNG bytes)": (lambda: render.render_leaderboard(board, "en"), None),
        "hand image only (no PNG)": (lambda: render.hand_image(hand, "zh-CN"), None),
        "table image only (no PNG)": (lambda: render.table_image(table, "zh-CN"), None),
    }
    rows = []
    for name, (fn, target) in cases.items():
        fn()  # warm the tile and font caches, as a running bot has them
        samples_ms = _times(fn, n)
        p90 = percentiles(samples_ms, 90)[0]
        note = f"p90 {p90:.2f} ms" + (f"; target < {target:g} ms" if target else "")
        rows.append(Row("render", name, median(samples_ms), "ms", better="lower", note=note))
    sizes = {
        "hand PNG size": render.render_hand(hand, "zh-CN"),
        "table PNG size": render.render_table(table, "zh-CN"),
        "settlement PNG size": render.render_settlement(settlement, "en"),
        "rules sheet PNG size (guangdong)": render.render_rules(PRESETS["guangdong"], "en"),
    }
    for name, png in sizes.items():
        rows.append(Row("render", name, len(png) / 1024, "KB", better="lower",
                        note="target < 200 KB"))
    return rows
