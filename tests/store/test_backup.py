"""Online backups: a consistent copy taken while writes go on, dated files pruned to a count."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from store import AccountRef, Store, StoreError
from store.backups import backup_into

GUILD = 7


async def test_a_backup_taken_during_writes_is_a_consistent_store(tmp_path):
    store = await Store.open(tmp_path / "live.db")
    try:
        refs = [AccountRef.user(GUILD, u) for u in range(1, 6)]

        async def keep_writing() -> None:
            for i in range(40):
                await store.grant(refs[i % 5], 10, actor_id=1, reason="busy", idem_key=f"k{i}")

        writer = asyncio.create_task(keep_writing())
        await asyncio.sleep(0)
        size = await store.backup(tmp_path / "copy" / "b.db")
        await writer
        assert size > 0 and not list((tmp_path / "copy").glob("*.partial"))
    finally:
        await store.close()
    copy = await Store.open(tmp_path / "copy" / "b.db")  # verify_on_open checks the books
    try:
        balances = [await copy.balance(r) for r in refs]
        assert all(b >= 1000 for b in balances)  # starting chips plus whatever was granted
    finally:
        await copy.close()


async def test_the_backup_cannot_overwrite_the_database_itself(tmp_path):
    store = await Store.open(tmp_path / "live.db")
    try:
        with pytest.raises(StoreError):
            await store.backup(tmp_path / "live.db")
    finally:
        await store.close()


async def test_dated_backups_keep_the_newest(tmp_path):
    store = await Store.open(tmp_path / "live.db")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "notes.txt").write_text("mine")
    try:
        t0 = datetime(2026, 1, 1, tzinfo=UTC)
        for h in range(5):
            await backup_into(store, tmp_path / "b", keep=3, now=t0 + timedelta(hours=h))
    finally:
        await store.close()
    names = sorted(p.name for p in (tmp_path / "b").iterdir())
    assert names == ["mahjong-20260101-020000.db", "mahjong-20260101-030000.db",
                     "mahjong-20260101-040000.db", "notes.txt"]
