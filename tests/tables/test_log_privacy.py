"""No log level shows a concealed tile: the bot's own DEBUG lines name events without their
tiles, and aiosqlite's DEBUG lines (which carry the SQL parameters, the dealt hands among
them) never reach the log."""

from __future__ import annotations

import logging

from bot import setup_logging
from engine.events import Dealt
from store import Store, StoreSettings
from tables.clock import VirtualClock
from tables.persist import StoreTables
from tests.tables.conftest import ANN, make_service
from tests.tables.fakes import Recording
from tests.tables.test_economy import play_out, table_with


async def test_a_debug_log_of_a_whole_game_shows_no_hand(tmp_path, capsys):
    root = logging.getLogger()
    saved = (root.handlers[:], root.level, logging.getLogger("aiosqlite").level)
    setup_logging("DEBUG")
    try:
        store = await Store.open(tmp_path / "m.db", StoreSettings(synchronous="OFF"))
        clock = VirtualClock()
        svc = make_service(StoreTables(store), Recording(), clock)
        tid = await table_with(svc, (ANN,), 1, 1, {}, computers=3, preset="heyuan-jihu")
        await play_out(svc, clock, tid, (ANN,))
        events = await StoreTables(store).events(tid)
        await store.close()
    finally:
        root.handlers[:], level, sqlite_level = saved
        root.setLevel(level)
        logging.getLogger("aiosqlite").setLevel(sqlite_level)
    err = capsys.readouterr().err
    assert "DEBUG mahjong.tables" in err  # the bot did log at DEBUG
    assert "aiosqlite" not in err
    dealt = next(e for e in events if isinstance(e, Dealt))
    for hand in dealt.to_json()["hands"]:
        assert hand not in err
    assert '"hands"' not in err and "wall" not in err
