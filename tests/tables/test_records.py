"""The records a table keeps in storage: what is written reads back the same, an older row
reads with its defaults, and a damaged one is refused with a message naming the field."""

from __future__ import annotations

import json
import logging

import pytest

from engine.events import HandEnded, Won
from tables.persist import MemoryTables
from tables.records import (
    BrokenRecord,
    HandSummary,
    SeatRecord,
    TableResult,
    TableRow,
    TableSnapshot,
)
from tables.table import Table, TableSettings
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service, seated_table
from tests.tables.fakes import Recording


def stored(snap: TableSnapshot) -> dict:
    """As a database gives it back: JSON text, parsed."""
    return json.loads(json.dumps(snap.to_row()))


SNAP = TableSnapshot(
    host_id=ANN.user_id, stake=5, hands=2, seed="s33d", hints=True, turn_seconds=20.0,
    computer_level="easy", afk_level="hard",
    seats=(SeatRecord(ANN.user_id, "Ann", "zh-CN", "hard", afk=True),
           SeatRecord(None, "CPU1", level="normal"),
           SeatRecord(BOB.user_id, "Bob", level="hard", left=True, left_hand=1),
           None),
)


def test_a_snapshot_reads_back_as_it_was_written():
    assert TableSnapshot.from_row(stored(SNAP), "table t0") == SNAP
    result = TableResult((10, -5, 0, -5), 2)
    assert TableResult.from_row(json.loads(json.dumps(result.to_row())), "t0") == result


def test_a_row_an_older_version_wrote_reads_with_the_defaults():
    old = {"host_id": 100, "stake": 1, "hands": 4, "seed": "",
           "seats": [{"user_id": 100, "name": "Ann"}, None, None, None]}
    snap = TableSnapshot.from_row(old, "table t0")
    assert (snap.turn_seconds, snap.computer_level, snap.afk_level, snap.hints) == \
        (None, None, None, False)
    assert snap.seats[0] == SeatRecord(100, "Ann")


@pytest.mark.parametrize(("damage", "message"), [
    (lambda r: r.update(stake="lots"), "table t0: 'stake' must be a whole number ≥ 1, not 'lots'"),
    (lambda r: r.update(stake=0), "'stake' must be a whole number ≥ 1, not 0"),
    (lambda r: r.update(hands=True), "'hands' must be a whole number ≥ 1, not True"),
    (lambda r: r.update(host_id=None), "'host_id' must be a user id, not None"),
    (lambda r: r.update(seats=[None]), "'seats' must be a list of 2 to 7 seats"),
    (lambda r: r.update(seats=[None] * 8), "'seats' must be a list of 2 to 7 seats"),
    (lambda r: r.update(turn_seconds=-3), "'turn_seconds' must be a number of seconds > 0"),
    (lambda r: r.update(afk_level="grandmaster"), "'afk_level' must be a level or null"),
    (lambda r: r["seats"][0].update(user_id="ann"),
     "table t0, seat 0: 'user_id' must be a user id or null, not 'ann'"),
    (lambda r: r["seats"][1].update(level="wizard"), "table t0, seat 1: 'level' must be a level"),
    (lambda r: r["seats"][2].update(afk="yes"), "table t0, seat 2: 'afk' must be true or false"),
    (lambda r: r["seats"][2].update(left_hand="1"), "seat 2: 'left_hand' must be a hand number"),
    (lambda r: r["seats"].__setitem__(3, "Dan"), "table t0, seat 3: expected a JSON object, not str"),
])
def test_a_damaged_snapshot_is_refused_naming_the_field(damage, message):
    row = stored(SNAP)
    damage(row)
    with pytest.raises(BrokenRecord) as err:
        TableSnapshot.from_row(row, "table t0")
    assert message in str(err.value)


def test_a_row_that_is_not_an_object_or_has_an_unknown_status_is_refused():
    with pytest.raises(BrokenRecord, match="table t0: expected a JSON object, not list"):
        TableSnapshot.from_row([], "table t0")
    with pytest.raises(BrokenRecord, match="table t0: there is no table status 'paused'"):
        TableRow.from_row("t0", GUILD, CHANNEL, "heyuan-jihu", {}, "paused", stored(SNAP))
    with pytest.raises(BrokenRecord, match="the options must be a JSON object"):
        TableRow.from_row("t0", GUILD, CHANNEL, "heyuan-jihu", [1], "waiting", stored(SNAP))
    with pytest.raises(BrokenRecord, match="a result needs 'scores' and 'hands'"):
        TableResult.from_row({"scores": [0, 0, 0, 0]}, "t0")


def test_a_table_becomes_its_snapshot_and_back():
    row = TableRow.from_row("t0", GUILD, CHANNEL, "heyuan-jihu", {"flowers": True}, "playing",
                            stored(SNAP))
    t = Table.from_snapshot(row.id, row.guild_id, row.channel_id, row.preset,
                            dict(row.options), row.status, row.snapshot, TableSettings())
    assert t.snapshot() == SNAP
    assert t.seats[0] is not None and t.seats[0].afk and t.seats[0].level == "hard"
    assert t.seats[2] is not None and t.seats[2].person is None  # Bob left


def test_a_hands_summary_names_the_winner_and_the_best_pattern():
    assert HandSummary.of([]) == HandSummary()
    won = Won(seat=2, tile=5, self_drawn=False, from_seat=1, value=8, fan=None,
              patterns=("all_pungs", "lone_wild"), situations=())
    ended = HandEnded(drawn=False, winners=(2,), deltas=(0, -8, 8, 0), payments=(), seed="s")
    summary = HandSummary.of([won, ended])
    assert summary == HandSummary((2,), False, 1, 8, "all_pungs")


async def test_a_damaged_lobby_in_memory_is_left_out_of_the_resume_and_kept(caplog):
    store = MemoryTables()
    svc = make_service(store, Recording())
    tid = await seated_table(svc, people=(ANN,), hands=1)
    lobby = (await svc.create(GUILD, CHANNEL, BOB, "heyuan-jihu", {}, 1, 1)).id
    await svc.close()
    store.rows[tid].seats["seats"][0]["user_id"] = "ann"
    before = json.dumps(store.rows[tid].seats)
    again = make_service(store, Recording())
    with caplog.at_level(logging.ERROR, logger="mahjong.tables"):
        assert await again.resume_all() == [lobby]
    assert f"table {tid}, seat 0: 'user_id' must be a user id or null, not 'ann'" in caplog.text
    assert "left as it is" in caplog.text
    assert json.dumps(store.rows[tid].seats) == before and store.rows[tid].status == "playing"
    assert again.table_for(GUILD, ANN.user_id) is None
