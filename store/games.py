"""The game store: table metadata and every table's events, appended with a sequence number.

``(table_id, seq)`` is the primary key of ``game_events``, so the same event can never be
stored twice; an append states the sequence number its first event gets (the number of events
the caller believes are stored), and is refused if that is not exactly the end of the log.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from store.backend import Row, Tx
from store.errors import (
    ConstraintViolation,
    CorruptRow,
    DuplicateEvent,
    InvalidInput,
    SequenceGap,
    StoreError,
    UnknownTable,
)
from store.models import TABLE_STATUSES, UNFINISHED, TableRecord

_TABLE_COLUMNS = (
    "t.id, t.guild_id, t.channel_id, t.preset, t.options, t.seats, t.status, t.result, "
    "t.created_at, t.updated_at, t.finished_at, "
    "(SELECT COALESCE(MAX(e.seq) + 1, 0) FROM game_events e WHERE e.table_id = t.id)"
)


def to_json(value: object, what: str) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{what} cannot be stored as JSON: {exc}") from None


def _plain(seats: Any) -> Any:
    """Seats as JSON: a list (one item per seat) or an object, as the table service keeps them."""
    if isinstance(seats, Mapping):
        return dict(seats)
    if isinstance(seats, (list, tuple)):
        return list(seats)
    raise InvalidInput(f"seats must be a list or a dict, not {type(seats).__name__}")


def _from_json(raw: object, what: str) -> Any:
    try:
        return json.loads(str(raw))
    except ValueError as exc:
        raise CorruptRow(
            f"{what} is not valid JSON ({exc}); the row was damaged outside the bot. Restore it "
            "from a backup or mark the table abandoned."
        ) from None


def check_table_id(table_id: object) -> str:
    if not isinstance(table_id, str) or not table_id or len(table_id) > 100:
        raise InvalidInput(f"table id must be a non-empty text of at most 100 characters, not {table_id!r}")
    return table_id


def _check_status(status: str) -> str:
    if status not in TABLE_STATUSES:
        raise InvalidInput(f"table status must be one of {', '.join(TABLE_STATUSES)}, not {status!r}")
    return status


def _record(row: Row) -> TableRecord:
    tid = str(row[0])
    options = _from_json(row[4], f"table {tid}: options")
    seats = _from_json(row[5], f"table {tid}: seats")
    result = _from_json(row[7], f"table {tid}: result") if row[7] is not None else None
    if not isinstance(options, dict):
        raise CorruptRow(f"table {tid}: options must be a JSON object")
    return TableRecord(
        id=tid, guild_id=int(row[1]), channel_id=int(row[2]), preset=str(row[3]),
        options=options, seats=seats, status=str(row[6]), result=result,
        created_at_ms=int(row[8]), updated_at_ms=int(row[9]),
        finished_at_ms=int(row[10]) if row[10] is not None else None, next_seq=int(row[11]),
    )


async def create_table(
    tx: Tx,
    *,
    table_id: str | None,
    guild_id: int,
    channel_id: int,
    preset: str,
    options: Mapping[str, Any],
    seats: Any,
    status: str,
    now_ms: int,
) -> str:
    tid = check_table_id(table_id) if table_id is not None else uuid.uuid4().hex[:16]
    for name, value in (("guild id", guild_id), ("channel id", channel_id)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{name} must be a whole number ≥ 0, not {value!r}")
    if not isinstance(preset, str) or not preset:
        raise InvalidInput(f"preset must be a preset id, not {preset!r}")
    _check_status(status)
    n = await tx.execute(
        "INSERT INTO game_tables (id, guild_id, channel_id, preset, options, seats, status, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
        (tid, guild_id, channel_id, preset, to_json(dict(options), "options"),
         to_json(_plain(seats), "seats"), status, now_ms, now_ms),
    )
    if n == 0:
        raise InvalidInput(f"a table with id {tid!r} already exists; choose another id")
    return tid


async def get_table(tx: Tx, table_id: str) -> TableRecord:
    row = await tx.fetchone(f"SELECT {_TABLE_COLUMNS} FROM game_tables t WHERE t.id = ?", (table_id,))
    if row is None:
        raise UnknownTable(f"there is no table {table_id!r}")
    return _record(row)


async def list_unfinished(tx: Tx, guild_id: int | None = None) -> list[TableRecord]:
    marks = ", ".join("?" for _ in UNFINISHED)
    sql = f"SELECT {_TABLE_COLUMNS} FROM game_tables t WHERE t.status IN ({marks})"
    params: list[Any] = list(UNFINISHED)
    if guild_id is not None:
        sql += " AND t.guild_id = ?"
        params.append(guild_id)
    rows = await tx.fetchall(sql + " ORDER BY t.created_at, t.id", params)
    return [_record(r) for r in rows]


async def update_table(
    tx: Tx,
    table_id: str,
    *,
    now_ms: int,
    status: str | None = None,
    seats: Any = None,
    options: Mapping[str, Any] | None = None,
    result: Mapping[str, Any] | None = None,
) -> None:
    sets = ["updated_at = ?"]
    params: list[Any] = [now_ms]
    if status is not None:
        sets.append("status = ?")
        params.append(_check_status(status))
        if status not in UNFINISHED:
            sets.append("finished_at = ?")
            params.append(now_ms)
    if seats is not None:
        sets.append("seats = ?")
        params.append(to_json(_plain(seats), "seats"))
    if options is not None:
        sets.append("options = ?")
        params.append(to_json(dict(options), "options"))
    if result is not None:
        sets.append("result = ?")
        params.append(to_json(dict(result), "result"))
    n = await tx.execute(
        f"UPDATE game_tables SET {', '.join(sets)} WHERE id = ?", (*params, table_id)
    )
    if n == 0:
        raise UnknownTable(f"there is no table {table_id!r}")


def event_payloads(table_id: str, events: Sequence[Mapping[str, Any]],
                   first_seq: int | None) -> list[str]:
    """The events of an append as stored (JSON text), the append's arguments checked."""
    check_table_id(table_id)
    if first_seq is not None and (isinstance(first_seq, bool) or not isinstance(first_seq, int) or first_seq < 0):
        raise InvalidInput(f"first_seq must be a whole number ≥ 0, not {first_seq!r}")
    payloads = []
    for i, ev in enumerate(events):
        if not isinstance(ev, Mapping):
            raise InvalidInput(f"event {i} must be a JSON object (a dict), not {type(ev).__name__}")
        payloads.append(to_json(dict(ev), f"event {i}"))
    return payloads


def _append_start(table_id: str, row: Row | None, first_seq: int | None) -> int:
    """Where an append starts, given the table's (status, next seq) row: refused (raised)
    unless the table is unfinished and ``first_seq`` is the end of its log."""
    if row is None:
        raise UnknownTable(f"there is no table {table_id!r}; create it before appending events")
    status, next_seq = str(row[0]), int(row[1])
    if status not in UNFINISHED:
        raise InvalidInput(f"table {table_id} is {status}; no more events can be appended")
    start = next_seq if first_seq is None else first_seq
    if start < next_seq:
        raise DuplicateEvent(
            f"table {table_id}: events from seq {start} are already stored (the log has "
            f"{next_seq}); the append was refused and nothing was written"
        )
    if start > next_seq:
        raise SequenceGap(
            f"table {table_id}: the append starts at seq {start} but the log ends at "
            f"{next_seq}; append the missing events first"
        )
    return start


async def append_batch(
    tx: Tx, items: Sequence[tuple[str, list[str], int | None]], now_ms: int
) -> list[int | StoreError]:
    """Several tables' appends in one transaction, in a fixed number of statements whatever
    their number: each item is (table, its events as :func:`event_payloads` made them, its
    first seq), at most one item per table. Each gets the next free seq of its table, or the
    refusal it would get alone (nothing of it written); the others are written all the same.
    A failure of the statements themselves is raised for the whole batch."""
    tables = [t for t, _p, _f in items]
    if len(set(tables)) != len(tables):
        raise InvalidInput("a batch of appends holds one append per table")
    # the ends of the logs are read and then written: one appender per table at a time
    await tx.lock_many([f"table:{t}" for t in tables])
    marks = ", ".join("?" for _ in tables)
    rows = await tx.fetchall(
        "SELECT t.id, t.status, (SELECT COALESCE(MAX(e.seq) + 1, 0) FROM game_events e "
        f"WHERE e.table_id = t.id) FROM game_tables t WHERE t.id IN ({marks})",
        tables,
    )
    found = {str(r[0]): (r[1], r[2]) for r in rows}
    out: list[int | StoreError] = []
    inserts: list[tuple[str, int, str, int]] = []
    written: list[str] = []
    for table_id, payloads, first_seq in items:
        try:
            start = _append_start(table_id, found.get(table_id), first_seq)
        except StoreError as exc:
            out.append(exc)
            continue
        out.append(start + len(payloads))
        if payloads:
            inserts.extend((table_id, start + i, p, now_ms) for i, p in enumerate(payloads))
            written.append(table_id)
    if inserts:
        await tx.executemany(
            "INSERT INTO game_events (table_id, seq, payload, created_at) VALUES (?, ?, ?, ?)",
            inserts,
        )
        marks = ", ".join("?" for _ in written)
        await tx.execute(f"UPDATE game_tables SET updated_at = ? WHERE id IN ({marks})",
                         (now_ms, *written))
    return out


async def append_events(
    tx: Tx,
    table_id: str,
    events: Sequence[Mapping[str, Any]],
    first_seq: int | None,
    now_ms: int,
) -> int:
    """Append ``events`` as seq first_seq, first_seq+1, …; returns the next free seq."""
    payloads = event_payloads(table_id, events, first_seq)
    # the end of the log is read and then written: one appender per table at a time
    await tx.lock(f"table:{table_id}")
    row = await tx.fetchone(
        "SELECT t.status, (SELECT COALESCE(MAX(e.seq) + 1, 0) FROM game_events e "
        "WHERE e.table_id = t.id) FROM game_tables t WHERE t.id = ?",
        (table_id,),
    )
    start = _append_start(table_id, row, first_seq)
    if not payloads:
        return start
    try:
        await tx.executemany(
            "INSERT INTO game_events (table_id, seq, payload, created_at) VALUES (?, ?, ?, ?)",
            [(table_id, start + i, p, now_ms) for i, p in enumerate(payloads)],
        )
    except ConstraintViolation as exc:  # a second process won the race for this seq
        raise DuplicateEvent(
            f"table {table_id}: seq {start} was stored by someone else first; refused"
        ) from exc
    await tx.execute("UPDATE game_tables SET updated_at = ? WHERE id = ?", (now_ms, table_id))
    return start + len(payloads)


async def load_events(tx: Tx, table_id: str, after_seq: int = -1) -> list[dict[str, Any]]:
    if await tx.fetchone("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)) is None:
        raise UnknownTable(f"there is no table {table_id!r}")
    rows = await tx.fetchall(
        "SELECT seq, payload FROM game_events WHERE table_id = ? AND seq > ? ORDER BY seq",
        (table_id, after_seq),
    )
    out: list[dict[str, Any]] = []
    expect = after_seq + 1
    for seq, payload in rows:
        if int(seq) != expect:
            raise CorruptRow(f"table {table_id}: event {expect} is missing from the log (next is {seq})")
        ev = _from_json(payload, f"table {table_id}: event {seq}")
        if not isinstance(ev, dict):
            raise CorruptRow(f"table {table_id}: event {seq} is not a JSON object")
        out.append(ev)
        expect += 1
    return out


# -- where each person's hand lives (hand_messages, migration 0006) ---------------------------

_SNOWFLAKE_MAX = 2**63 - 1
# tables per read of hand_messages (one statement each: well within every engine's limit on
# parameters, whatever the number of tables a process resumes)
HAND_MESSAGES_CHUNK = 500


def _check_snowflake(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _SNOWFLAKE_MAX:
        raise InvalidInput(f"{name} must be a Discord id (a whole number ≥ 0), not {value!r}")
    return value


async def save_hand_message(
    tx: Tx, table_id: str, user_id: int, channel_id: int, message_id: int, now_ms: int
) -> bool:
    """Keep (table, person) → (DM channel, message), replacing what was kept; False, and
    nothing written, when the table is unknown or has ended (its rows are gone with it)."""
    check_table_id(table_id)
    for name, value in (("user id", user_id), ("channel id", channel_id),
                        ("message id", message_id)):
        _check_snowflake(name, value)
    # finish_table takes the same lock before it deletes: a save never outlives its table
    await tx.lock(f"table:{table_id}")
    row = await tx.fetchone("SELECT status FROM game_tables WHERE id = ?", (table_id,))
    if row is None or str(row[0]) not in UNFINISHED:
        return False
    await tx.execute(
        "INSERT INTO hand_messages (table_id, user_id, channel_id, message_id, updated_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET "
        "channel_id = excluded.channel_id, message_id = excluded.message_id, "
        "updated_at = excluded.updated_at",
        (table_id, user_id, channel_id, message_id, now_ms),
    )
    return True


async def hand_messages(
    tx: Tx, table_ids: Sequence[str]
) -> dict[str, dict[int, tuple[int, int]]]:
    """table → person → (DM channel, message), for the tables asked about that have rows."""
    out: dict[str, dict[int, tuple[int, int]]] = {}
    ids = [check_table_id(t) for t in dict.fromkeys(table_ids)]
    for start in range(0, len(ids), HAND_MESSAGES_CHUNK):
        chunk = ids[start:start + HAND_MESSAGES_CHUNK]
        marks = ", ".join("?" for _ in chunk)
        rows = await tx.fetchall(
            "SELECT table_id, user_id, channel_id, message_id FROM hand_messages "
            f"WHERE table_id IN ({marks}) ORDER BY table_id, user_id", chunk,
        )
        for table_id, user_id, channel_id, message_id in rows:
            out.setdefault(str(table_id), {})[int(user_id)] = (int(channel_id), int(message_id))
    return out


async def forget_hand_messages(tx: Tx, table_id: str) -> int:
    """Delete a table's rows (it finished or was cancelled); how many there were."""
    return await tx.execute("DELETE FROM hand_messages WHERE table_id = ?", (table_id,))
