"""Update stages: durations per stage, reported as percentiles and reset."""

from __future__ import annotations

from discord_io.latency import Stages


def test_stages_report_percentiles_per_stage_then_start_again():
    stages = Stages()
    for ms in range(1, 101):
        stages.record("hand picture", ms / 1000)
    stages.record("move", 0.004)
    with stages.timed("shown"):
        pass
    report = stages.report()
    assert report.startswith("hand picture p50 51 / p99 100 / max 100 ms (100); move p50 4")
    assert "shown p50 0 / p99 0 / max 0 ms (1)" in report
    assert stages.report() == "none"


def test_a_stage_that_fails_is_still_timed():
    stages = Stages()
    try:
        with stages.timed("shown"):
            raise RuntimeError("refused")
    except RuntimeError:
        pass
    assert "shown" in stages.report()
