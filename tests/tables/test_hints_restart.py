"""The host's hints choice is kept with the table and survives a restart."""

from __future__ import annotations

from tables.persist import MemoryTables
from tables.service import Person, TableService, TableSettings

ANN = 100


async def test_hints_survive_a_restart():
    store = MemoryTables()
    svc = TableService(store, settings=TableSettings(computer_delay=0.0))
    info = await svc.create(1, 10, Person(ANN, "Ann"), "guangdong", {}, 1, 2, hints=True)
    for _ in range(3):
        await svc.add_computer(info.id, ANN)
    await svc.start(info.id, ANN)
    assert svc.private_view(info.id, ANN).hints
    await svc.close()
    again = TableService(store, settings=TableSettings(computer_delay=0.0))
    assert info.id in await again.resume_all()
    assert again.get(info.id).hints and again.private_view(info.id, ANN).hints
    await again.close()
