"""The loop watch: beats' lag, and the loop's stack logged once per stall."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from discord_io.loopwatch import LoopWatch


def hold_the_loop(seconds: float) -> None:
    time.sleep(seconds)  # what a long synchronous call in a handler would do


async def test_a_blocked_loop_is_logged_once_with_where_it_is(caplog: pytest.LogCaptureFixture):
    watch = LoopWatch(interval=0.01, stall=0.1)
    watch.start()
    try:
        await asyncio.sleep(0.05)
        with caplog.at_level(logging.WARNING, "mahjong.loop"):
            hold_the_loop(0.4)
            await asyncio.sleep(0.05)
        stalled = [r for r in caplog.records if "has not come back" in r.getMessage()]
        assert len(stalled) == 1 and "hold_the_loop" in stalled[0].getMessage()
        assert watch.stalls == 1
        report = watch.report()
        assert "1 stalls over 0.1 s" in report
        assert int(report.split("max ")[1].split(" ms")[0]) >= 300
    finally:
        watch.stop()


async def test_a_loop_that_keeps_coming_back_is_never_reported():
    now = [100.0]
    watch = LoopWatch(interval=0.1, stall=1.0, clock=lambda: now[0])
    watch._last_beat = 100.0
    now[0] = 100.9
    assert watch.check() is None
    now[0] = 101.2
    assert watch.check() is not None  # stalled: its stack (or "?" off the loop's thread)
    assert watch.check() is None  # the same stall, logged once
    assert watch.report() == "no beats"
