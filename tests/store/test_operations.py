"""Operations: the database file is private, and a file deleted or replaced under a running
bot is noticed before anything more is written into it."""

from __future__ import annotations

import os
import stat

import pytest

from store import AccountRef, StorageFailure, Store, StoreSettings
from tables import durable
from tables.clock import VirtualClock
from tables.errors import TableError
from tables.persist import StoreTables
from tests.tables.conftest import ANN, GUILD, make_service
from tests.tables.fakes import Recording


async def test_the_database_file_is_created_0600(tmp_path):
    store = await Store.open(tmp_path / "new.db")
    await store.balance(AccountRef.user(GUILD, 1))
    await store.close()
    for name in ("new.db",):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600


@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_file_gone_while_running_refuses_every_write(tmp_path, how, monkeypatch):
    monkeypatch.setattr(durable, "BACKOFF", (0.0,))
    path = tmp_path / "m.db"
    store = await Store.open(path, StoreSettings(synchronous="OFF"))
    try:
        await _gone(store, path, how)
    finally:
        await store.close()


async def _gone(store: Store, path, how: str) -> None:
    await store.balance(AccountRef.user(GUILD, 1))
    os.unlink(path)
    if how == "replaced":
        path.write_bytes(b"")
    with pytest.raises(StorageFailure) as exc:
        await store.grant(AccountRef.user(GUILD, 1), 5, actor_id=9, reason="x")
    assert how in str(exc.value) and "nothing more is written" in str(exc.value)
    # through the table service: the move is refused and not applied
    clock, rec = VirtualClock(), Recording()
    svc = make_service(StoreTables(store), rec, clock)
    with pytest.raises(TableError):
        await svc.create(GUILD, 10, ANN, "heyuan-jihu", {}, 1, 1)
    assert svc.tables() == [] and svc.table_for(GUILD, ANN.user_id) is None
