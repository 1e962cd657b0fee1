"""The global pacer: at most ``rate`` REST requests start per ``per`` seconds, in arrival order."""

from __future__ import annotations

import asyncio

import pytest

from discord_io.pacing import GlobalPacer, pace_requests


class FakeHTTP:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def request(self, route: str, **kwargs: object) -> str:
        self.calls.append(route)
        return route.upper()


async def test_requests_past_the_rate_wait_their_turn_in_order():
    http = FakeHTTP()
    pacer = GlobalPacer(rate=3, per=0.05)
    pace_requests(http, pacer)
    routes = [f"r{i}" for i in range(7)]
    results = await asyncio.gather(*(http.request(r) for r in routes))
    assert results == [r.upper() for r in routes]
    assert http.calls == routes  # first come, first served
    assert pacer.waited >= 1  # past the first three, someone had to wait


def test_a_pacer_needs_a_positive_rate():
    with pytest.raises(ValueError):
        GlobalPacer(rate=0)
