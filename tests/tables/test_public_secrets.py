"""Nothing hidden reaches what everyone sees.

A live table (a person and three computers) is stopped where another seat holds a concealed
kong. Then every hidden fact is changed in place — the kind of that kong, the other seats'
concealed tiles, the wall — and everything public is made again: the view the channel and
the spectators are sent, the table picture's bytes, its text with and without emoji rows,
and the 💡 hint's "unseen" counts of the person. Each must be byte for byte the same.
"""

from __future__ import annotations

import itertools
import random

import discord

from discord_io.emoji import TileEmoji
from engine.melds import Meld, MeldKind
from engine.tiles import NUM_TILE_KINDS
from tables.clock import VirtualClock
from tables.hints import hint_text
from tables.persist import MemoryTables
from tables.pictures import table_png
from tables.service import TableService, TableSettings
from tables.text import table_text
from tests.tables.conftest import ANN, CHANNEL, GUILD
from tests.tables.fakes import Recording

SEED = "s36"  # seat 1 (a computer) makes a concealed kong early in the first hand


async def _table_with_a_concealed_kong():
    ids = (f"t{i}" for i in itertools.count())
    clock, rec = VirtualClock(), Recording()
    svc = TableService(MemoryTables(), rec, clock, TableSettings(), id_factory=lambda: next(ids),
                       seed_factory=lambda: SEED)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1, hints=True)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id, "greedy")
    await svc.start(info.id, ANN.user_id)
    for _ in range(400):
        view = svc.public_view(info.id)
        if any(m.kind is MeldKind.CONCEALED_KONG for m in view.melds[1]):
            return svc, info.id
        t = svc._tables[info.id]
        if 0 in t.game.acting():
            c = t.game.timeout_choice(0)
            await svc.act(info.id, ANN.user_id, t.game.hand_no, t.game.step, c.code, c.arg)
        else:
            assert await clock.run_next()
    raise AssertionError("no concealed kong came up")


def _emoji() -> TileEmoji:
    e = TileEmoji()
    for t in range(NUM_TILE_KINDS):
        for wild in (False, True):
            e._by_key[(t, wild)] = discord.PartialEmoji(name=f"mj{t}{'w' * wild}", id=1 + t * 2 + wild)
    return e


def _public(svc: TableService, tid: str) -> tuple[object, ...]:
    view = svc.public_view(tid)
    emoji = _emoji()
    return (
        table_png(view, "en"),
        table_png(view, "zh-CN", viewer=2),
        table_text(view, "en"),
        table_text(view, "zh-TW", lambda tiles: emoji.row(tiles, view.wild)),
        hint_text(svc.hint(tid, ANN.user_id), "en"),
        svc.hint(tid, ANN.user_id),
        view,
    )


def _change_every_hidden_fact(svc: TableService, tid: str, rng: random.Random) -> None:
    h = svc._tables[tid].game.hand
    seat = h.seats[1]
    i = next(i for i, m in enumerate(seat.melds) if m.kind is MeldKind.CONCEALED_KONG)
    kind = seat.melds[i].tiles[0]
    other = rng.choice([k for k in range(34) if k != kind])
    seat.melds[i] = Meld(MeldKind.CONCEALED_KONG, (other,) * 4)
    # the other seats' concealed tiles and the live wall, pooled and dealt again (sizes kept)
    pool = [k for s in (1, 2, 3) for k in range(NUM_TILE_KINDS) for _ in range(h.seats[s].counts[k])]
    wall = h.wall
    pool += wall.tiles[wall.head:wall.tail]
    rng.shuffle(pool)
    for s in (1, 2, 3):
        st = h.seats[s]
        size = sum(st.counts)
        counts = [0] * NUM_TILE_KINDS
        for k in pool[:size]:
            counts[k] += 1
        del pool[:size]
        st.counts = counts
        st.version += 1
        st.keys = st.held_list = st.fours = None
    wall.tiles[wall.head:wall.tail] = pool
    h._public = None


async def test_no_hidden_fact_changes_a_public_byte():
    svc, tid = await _table_with_a_concealed_kong()
    before = _public(svc, tid)
    assert before[0] is not None and "🀫🀫🀫🀫" in before[2]
    rng = random.Random(36)
    for _ in range(5):
        h = svc._tables[tid].game.hand
        hidden = (tuple(tuple(st.counts) for st in h.seats), tuple(h.wall.tiles),
                  tuple(tuple(st.melds) for st in h.seats))
        _change_every_hidden_fact(svc, tid, rng)
        changed = (tuple(tuple(st.counts) for st in h.seats), tuple(h.wall.tiles),
                   tuple(tuple(st.melds) for st in h.seats))
        assert all(a != b for a, b in zip(hidden, changed, strict=True))  # each did change
        after = _public(svc, tid)
        for what, a, b in zip(("picture", "picture zh", "text", "emoji text", "hint", "hint counts",
                               "view"), before, after, strict=True):
            assert a == b, f"the {what} changed with a hidden fact"


async def test_a_face_down_kong_gives_the_public_view_no_tiles():
    svc, tid = await _table_with_a_concealed_kong()
    view = svc.public_view(tid)
    shown = [m for m in view.melds[1] if m.face_down]
    assert shown and all(m.tiles == () and m.called is None for m in shown)
