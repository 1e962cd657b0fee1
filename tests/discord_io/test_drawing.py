"""Pictures drawn off the event loop: in threads, or in worker processes that may die."""

from __future__ import annotations

import os
import signal

import pytest

from discord_io.drawing import PictureWorkers
from tables import pictures
from tables.model import Mode, PrivateView
from tests.conftest import hand


def _view() -> PrivateView:
    return PrivateView(table_id="t1", hand_no=0, step=0, seat=0, mode=Mode.WAIT,
                       concealed=tuple(hand("123m456p789s11z1f8f")), drawn=None, melds=(),
                       flowers=(), actions=(), wild=tuple(range(34, 42)))


async def test_threads_draw_the_picture_and_say_what_it_cost():
    workers = PictureWorkers()
    data, cpu = await workers.draw(pictures.hand_png, _view(), "en")
    assert data is not None and data.startswith(b"\x89PNG") and cpu > 0
    workers.close()


async def test_a_worker_process_draws_the_same_picture_and_one_that_dies_is_replaced():
    workers = PictureWorkers(processes=1)
    try:
        here = pictures.hand_png(_view(), "zh-CN")
        there, cpu = await workers.draw(pictures.hand_png, _view(), "zh-CN")
        assert there == here and cpu > 0
        # a worker killed (out of memory, by hand): that picture still comes (from a thread),
        # and the next one from a new pool
        pool = workers._pool
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        again, _ = await workers.draw(pictures.hand_png, _view(), "zh-CN")
        assert again == here
        assert workers.broken == 1
        later, _ = await workers.draw(pictures.hand_png, _view(), "zh-CN")
        assert later == here and workers._pool is not None and workers._pool is not pool
    finally:
        workers.close()
    assert workers._pool is None


def test_a_negative_number_of_processes_is_refused():
    with pytest.raises(ValueError):
        PictureWorkers(processes=-1)
