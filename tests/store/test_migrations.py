"""Numbered migrations: applied in order, recorded, refused when edited or unknown."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from store import MigrationError, SettingError, Store, StoreSettings
from store.migrations import MIGRATIONS_DIR, load, split_statements


def copy_migrations(dst: Path) -> Path:
    """The shipped migrations (with the per-engine folders) copied to ``dst``."""
    shutil.copytree(MIGRATIONS_DIR, dst)
    return dst


async def names_in(tx, backend: str) -> set[str]:
    if backend == "sqlite":
        rows = await tx.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    else:
        rows = await tx.fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
    return {str(r[0]) for r in rows}


async def table_names(s: Store) -> set[str]:
    return await s.run_read(lambda tx: names_in(tx, s.backend.name))


async def columns(s: Store) -> dict[str, list[str]]:
    """Every table's columns, in order."""
    async def read(tx):
        out = {}
        for t in sorted(await names_in(tx, s.backend.name)):
            if s.backend.name == "sqlite":
                out[t] = [str(r[1]) for r in await tx.fetchall(f"PRAGMA table_info({t})")]
            else:
                out[t] = [str(r[0]) for r in await tx.fetchall(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                    "current_schema() AND table_name = ? ORDER BY ordinal_position", (t,))]
        return out

    return await s.run_read(read)


async def test_migrations_are_applied_once_and_recorded(settings: StoreSettings):
    s = await Store.open(settings=settings)
    await s.close()
    s = await Store.open(settings=settings)
    try:
        async def versions(tx):
            return await tx.fetchall("SELECT version, name FROM schema_migrations ORDER BY version")

        assert [(int(v), n) for v, n in await s.run_read(versions)] == [(m.version, m.name) for m in load()]
    finally:
        await s.close()


@pytest.mark.postgresql_only
async def test_both_backends_have_the_same_tables_and_columns(settings: StoreSettings, tmp_path: Path):
    on_pg = await Store.open(settings=settings)
    on_sqlite = await Store.open(tmp_path / "same.db")
    try:
        assert await columns(on_pg) == await columns(on_sqlite)
    finally:
        await on_pg.close()
        await on_sqlite.close()


@pytest.mark.postgresql_only
async def test_two_processes_migrating_at_once_apply_each_migration_once(settings: StoreSettings):
    import asyncio

    stores = await asyncio.gather(*(Store.open(settings=settings) for _ in range(3)))
    try:
        async def versions(tx):
            return await tx.fetchall("SELECT version FROM schema_migrations ORDER BY version")

        assert [int(v) for (v,) in await stores[0].run_read(versions)] == [m.version for m in load()]
    finally:
        for s in stores:
            await s.close()


@pytest.mark.sqlite_only
async def test_wal_and_foreign_keys_are_on(store: Store):
    async def pragmas(tx):
        return [await tx.fetchone("PRAGMA foreign_keys"), await tx.fetchone("PRAGMA journal_mode")]

    assert await store.run_read(pragmas) == [(1,), ("wal",)]


async def test_an_edited_migration_stops_start_up(settings: StoreSettings, tmp_path: Path):
    mdir = copy_migrations(tmp_path / "m")
    s = await Store.open(settings=settings, migrations_dir=mdir)
    await s.close()
    first = sorted(mdir.iterdir())[0]
    first.write_text(first.read_text() + "\n-- edited\n")
    with pytest.raises(MigrationError, match="edited after it was applied"):
        await Store.open(settings=settings, migrations_dir=mdir)


async def test_a_database_from_newer_code_is_refused(settings: StoreSettings, tmp_path: Path):
    mdir = copy_migrations(tmp_path / "m")
    (mdir / "0999_future.sql").write_text("CREATE TABLE future (x INTEGER);\n")
    s = await Store.open(settings=settings, migrations_dir=mdir)
    await s.close()
    with pytest.raises(MigrationError, match="newer version"):
        await Store.open(settings=settings)


async def test_a_failing_migration_is_rolled_back(settings: StoreSettings, tmp_path: Path):
    mdir = copy_migrations(tmp_path / "m")
    (mdir / "0998_broken.sql").write_text(
        "CREATE TABLE half (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match=r"0998_broken\.sql failed and was rolled back"):
        await Store.open(settings=settings, migrations_dir=mdir)
    s = await Store.open(settings=settings)
    try:
        tables = await table_names(s)
    finally:
        await s.close()
    assert "half" not in tables and "accounts" in tables


def test_badly_named_migrations_are_refused(tmp_path: Path):
    (tmp_path / "1_x.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="NNNN_lowercase_name"):
        load(tmp_path)


def test_statements_split_on_semicolons_outside_strings():
    sql = "-- a comment; with a semicolon\nCREATE TABLE a (x TEXT DEFAULT ';');\nINSERT INTO a VALUES ('b;c');\n"
    assert split_statements(sql) == ["CREATE TABLE a (x TEXT DEFAULT ';');", "INSERT INTO a VALUES ('b;c');"]


async def test_an_in_memory_store_works_with_one_connection():
    s = await Store.open(":memory:")
    try:
        await s.create_table(guild_id=1, channel_id=1, preset="p", table_id="t")
        assert await s.append_events("t", [{"type": "a"}], 0) == 1
        assert await s.load_events("t") == [{"type": "a"}]
    finally:
        await s.close()


def test_settings_from_the_environment():
    s = StoreSettings.from_env({"MAHJONG_DB": "/x/y.db", "MAHJONG_STARTING_CHIPS": "300",
                                "MAHJONG_DAILY_CHIPS": "", "MAHJONG_DB_SYNC": "NORMAL"})
    assert (s.path, s.starting_chips, s.daily_amount, s.synchronous) == ("/x/y.db", 300, 100, "NORMAL")
    with pytest.raises(SettingError, match="whole number"):
        StoreSettings.from_env({"MAHJONG_STARTING_CHIPS": "lots"})


async def test_rows_copied_with_their_ids_by_a_migration_do_not_clash_with_new_ids(
    settings: StoreSettings, tmp_path: Path
):
    # the shape of a table rebuild (new table, rows copied with their ids): new rows get
    # the next ids on both engines (on PostgreSQL the identity sequence is moved past them)
    mdir = copy_migrations(tmp_path / "m")
    (mdir / "0900_rebuilt.sql").write_text(
        "CREATE TABLE rebuilt (id INTEGER PRIMARY KEY, note TEXT NOT NULL);\n"
        "INSERT INTO rebuilt (id, note) VALUES (5, 'copied');\n"
    )
    s = await Store.open(settings=settings, migrations_dir=mdir)
    try:
        async with s.backend.write("a new row") as tx:
            row = await tx.fetchone("INSERT INTO rebuilt (note) VALUES ('new') RETURNING id")
        assert row is not None and int(row[0]) == 6
    finally:
        await s.close()
