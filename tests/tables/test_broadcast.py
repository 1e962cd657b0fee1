"""The views of one table reach its people at once: a person's update that waits (their DM
being retried, or their request waiting for the token's budget) holds up nobody else's."""

from __future__ import annotations

import asyncio

from tables.model import Mode, PrivateView, TableInfo
from tests.tables.conftest import ANN, BOB, CAT, make_service
from tests.tables.fakes import Recording

DAN = type(ANN)(103, "Dan")


class StuckWaiting(Recording):
    """A transport on which every update of a person with nothing to do hangs until released."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.stuck: list[int] = []

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        if view.mode is Mode.WAIT and not self.release.is_set():
            seat = table.seats[view.seat]
            assert seat is not None and seat.user_id is not None
            self.stuck.append(seat.user_id)
            await self.release.wait()
        await super().private(table, view)


async def test_the_person_to_act_is_shown_their_turn_while_the_others_updates_hang() -> None:
    rec = StuckWaiting()
    svc = make_service(transport=rec)
    info = await svc.create(1, 10, ANN, "heyuan-jihu", {}, 1, 1)
    for p in (BOB, CAT, DAN):
        await svc.join(info.id, p)
    start = asyncio.create_task(svc.start(info.id, ANN.user_id))
    for _ in range(200):
        if any(v.mode is Mode.TURN for _u, v in rec.privates):
            break
        await asyncio.sleep(0)
    acting = [u for u, v in rec.privates if v.mode is Mode.TURN]
    # the dealer sees their turn although three other people's deals have not got through
    assert len(acting) == 1 and len(rec.stuck) == 3 and acting[0] not in rec.stuck
    rec.release.set()
    await start
    assert {u for u, _v in rec.privates} == {ANN.user_id, BOB.user_id, CAT.user_id, DAN.user_id}



class Answering(Recording):
    """A transport where one person's update answers a click of theirs."""

    def __init__(self, clicker: int) -> None:
        super().__init__()
        self.clicker = clicker
        self.started: list[int] = []

    def answering(self, table: TableInfo, view: PrivateView) -> bool:
        seat = table.seats[view.seat]
        return seat is not None and seat.user_id == self.clicker

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        seat = table.seats[view.seat]
        assert seat is not None and seat.user_id is not None
        self.started.append(seat.user_id)
        await super().private(table, view)


async def test_the_update_answering_a_click_starts_first_then_the_person_to_act() -> None:
    rec = Answering(clicker=CAT.user_id)
    svc = make_service(transport=rec)
    info = await svc.create(1, 10, ANN, "heyuan-jihu", {}, 1, 1)
    for p in (BOB, CAT, DAN):
        await svc.join(info.id, p)
    await svc.start(info.id, ANN.user_id)
    dealt = rec.started[-4:]
    acting = [u for u, v in rec.privates[-4:] if v.mode is Mode.TURN]
    assert dealt[0] == CAT.user_id
    if acting != [CAT.user_id]:
        assert dealt[1] == acting[0]


async def test_a_transport_closed_under_a_closing_service_is_a_warning_not_an_error(caplog):
    """The process stops (its leases lost, SIGTERM) while a move is still being told: its
    transport is closed already. While the service runs the same failure is an ERROR."""
    from tables.broadcast import Broadcast
    from tables.hub import Hub

    async def closed_session() -> None:
        raise RuntimeError("Session is closed")

    svc = make_service()
    hub: Hub = svc.hub
    show = Broadcast(hub)
    await show._deliver(closed_session())
    assert [r.levelname for r in caplog.records] == ["ERROR"]
    caplog.clear()
    hub.closed = True
    await show._deliver(closed_session())
    assert [r.levelname for r in caplog.records] == ["WARNING"]
