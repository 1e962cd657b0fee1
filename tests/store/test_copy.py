"""``python -m store.copy``: a SQLite ledger moved into PostgreSQL, checked by the books."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from store import HandStats, PaymentIn, Store, StoreSettings
from store.copy import CopyRefused, copy_sqlite_to_postgres, main
from tests.store.conftest import GUILD, FakeClock, house, raw_execute, snapshot, user

SEATS = (user(1), user(2), user(3), house())


async def a_played_sqlite_ledger(path: Path, clock: FakeClock) -> dict:
    s = await Store.open(settings=StoreSettings(path=str(path)), clock=clock)
    try:
        await s.create_table(guild_id=GUILD, channel_id=1, preset="p", table_id="t")
        for h in range(6):
            pays = [PaymentIn(p, h % 4, 5 * (h + 1)) for p in range(4) if p != h % 4]
            await s.settle_hand("t", h, SEATS, pays, HandStats((h % 4,), True, None, h, "pat"),
                                events=[{"type": "hand_end", "hand": h}], first_seq=h)
        await s.claim_daily(user(1))
        await s.grant(user(9, guild=8), 40, actor_id=5, reason="welcome")
        await s.reset_season(GUILD, actor_id=5)
        await s.settle_hand("t", 6, SEATS, [PaymentIn(3, 0, 70)])
        return await snapshot(s)
    finally:
        await s.close()


@pytest.mark.postgresql_only
async def test_a_copied_ledger_reads_and_settles_the_same(
    settings: StoreSettings, clock: FakeClock, tmp_path: Path
):
    source = tmp_path / "old.db"
    before = await a_played_sqlite_ledger(source, clock)
    report = await copy_sqlite_to_postgres(str(source), settings.database_url or "",
                                           schema=settings.database_schema)
    assert report.rows["ledger_entries"] > 0 and report.guilds == 2
    on_pg = await Store.open(settings=settings, clock=clock)  # verify_on_open: books balance
    try:
        assert await snapshot(on_pg) == before
        old = await Store.open(settings=StoreSettings(path=str(source)), clock=clock)
        try:
            for ref in (*SEATS, user(9, guild=8)):
                assert await on_pg.history(ref) == await old.history(ref)
            for by in ("chips", "net", "best_hand"):
                assert await on_pg.leaderboard(GUILD, by) == await old.leaderboard(GUILD, by)
        finally:
            await old.close()
        # new rows get ids after the copied ones, and a copied hand stays settled
        assert (await on_pg.settle_hand("t", 3, SEATS, [PaymentIn(1, 0, 1)])).already_settled
        r = await on_pg.settle_hand("t", 7, SEATS, [PaymentIn(1, 0, 1)])
        assert not r.already_settled and r.txn_id > max(row[0] for row in before["ledger_txns"])
        await on_pg.verify_books()
    finally:
        await on_pg.close()


@pytest.mark.postgresql_only
async def test_a_copy_into_a_ledger_in_use_is_refused_and_changes_nothing(
    settings: StoreSettings, clock: FakeClock, tmp_path: Path
):
    source = tmp_path / "old.db"
    await a_played_sqlite_ledger(source, clock)
    on_pg = await Store.open(settings=settings, clock=clock)
    try:
        await on_pg.balance(user(1))
        before = await snapshot(on_pg)
        with pytest.raises(CopyRefused, match="empty"):
            await copy_sqlite_to_postgres(str(source), settings.database_url or "",
                                          schema=settings.database_schema)
        assert await snapshot(on_pg) == before
    finally:
        await on_pg.close()


@pytest.mark.postgresql_only
async def test_tampered_source_books_are_not_copied(
    settings: StoreSettings, clock: FakeClock, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    source = tmp_path / "old.db"
    await a_played_sqlite_ledger(source, clock)
    sqlite_side = dataclasses.replace(settings, database_url=None, path=str(source))
    await raw_execute(sqlite_side, "UPDATE accounts SET balance = balance + 1 WHERE user_id = 2")
    args = [str(source), settings.database_url or "", "--schema", settings.database_schema or ""]
    assert await asyncio.to_thread(main, args) == 1
    assert "does not balance" in capsys.readouterr().err
    on_pg = await Store.open(settings=settings, clock=clock)
    try:
        assert (await snapshot(on_pg))["ledger_txns"] == []
    finally:
        await on_pg.close()
