from __future__ import annotations

import itertools

import pytest

from tables.clock import VirtualClock
from tables.persist import MemoryTables
from tables.service import Person, TableService, TableSettings
from tests.tables.fakes import Recording

ANN, BOB, CAT = Person(100, "Ann"), Person(101, "Bob"), Person(102, "Cat")
GUILD, CHANNEL = 1, 10


def make_service(store=None, transport=None, clock=None, **settings):
    ids = (f"t{i}" for i in itertools.count())
    return TableService(
        store if store is not None else MemoryTables(),
        transport if transport is not None else Recording(),
        clock if clock is not None else VirtualClock(),
        TableSettings(**settings),
        id_factory=lambda: next(ids),
        seed_factory=lambda: "fixed-seed",
    )


async def seated_table(svc, people=(ANN, BOB), hands=2, preset="heyuan-jihu", options=None):
    info = await svc.create(GUILD, CHANNEL, people[0], preset, dict(options or {}), 1, hands)
    for p in people[1:]:
        await svc.join(info.id, p)
    for _ in range(len(info.seats) - len(people)):
        await svc.add_computer(info.id, people[0].user_id)
    await svc.start(info.id, people[0].user_id)
    return info.id


@pytest.fixture
def clock():
    return VirtualClock()


@pytest.fixture
def rec():
    return Recording()
