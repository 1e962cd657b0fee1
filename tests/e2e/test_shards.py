"""The bot as shards through the double: one gateway session per shard, each guild's events on
the session of the shard that holds it, and two processes on one PostgreSQL ledger."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_double.server import Channel, DiscordDouble
from tests.discord_double.users import lobby_message, wait_for
from tests.e2e.world import World
from tests.store import pg

pytestmark = pytest.mark.e2e


def guild_on_each_shard(w: World, count: int) -> list[Channel]:
    """A channel in a guild of each shard (a guild's shard is its id's time part, mod count)."""
    d = w.double
    found = {d.shard_of(w.guild.id, count): w.double.channels[w.channel]}
    while len(found) < count:
        time.sleep(0.002)  # the next snowflake's millisecond
        g = d.add_guild(f"g{len(d.guilds)}", w.people[0])
        found.setdefault(d.shard_of(g.id, count), d.channels[g.channels[0]])
    return [found[s] for s in range(count)]


async def opens_a_table(d: DiscordDouble, w: World, channel: Channel) -> None:
    i = await d.slash(w.people[0], channel.id, "mahjong", "new")
    assert await d.wait_ack(i), "/mahjong new was not acknowledged within 3 s"
    await wait_for(lambda: lobby_message(d, channel.id), d, 20, f"the lobby in {channel.name}")


def session_guilds(d: DiscordDouble) -> dict[tuple[int, int], set[int]]:
    """Per (shard, count): the guilds its READY listed."""
    import json

    out: dict[tuple[int, int], set[int]] = {}
    for s in d.sessions.values():
        for _seq, text in s.buffer:
            frame = json.loads(text)
            if frame["t"] == "READY":
                out[s.shard] = {int(g["id"]) for g in frame["d"]["guilds"]}
    return out


async def test_one_process_runs_two_shards_each_with_its_own_guilds(tmp_path: Path):
    async with World(tmp_path, ["ann"]) as w:
        d = w.double
        channels = guild_on_each_shard(w, 2)
        d.shard_count = 2  # what GET /gateway/bot recommends
        await w.start_bot(sync=True, extra={"MAHJONG_SHARD_COUNT": "2"})
        await wait_for(lambda: len(d.identified_shards) >= 2, d, 30, "both shards")
        assert sorted(d.identified_shards) == [(0, 2), (1, 2)]
        ready = session_guilds(d)
        for shard, ch in enumerate(channels):
            assert ch.guild_id in ready[(shard, 2)]
            assert ch.guild_id not in ready[(1 - shard, 2)]
            await opens_a_table(d, w, ch)


@pytest.fixture
async def ledger() -> AsyncIterator[dict[str, str]]:
    pg.require()
    schema = pg.new_schema()
    try:
        yield {"MAHJONG_DATABASE_URL": pg.URL, "MAHJONG_DATABASE_SCHEMA": schema,
               "MAHJONG_SHARD_COUNT": "2"}
    finally:
        await pg.drop_schema(schema)


async def test_two_processes_one_shard_each_share_one_ledger(tmp_path: Path, ledger):
    async with World(tmp_path, ["ann"]) as w:
        d = w.double
        channels = guild_on_each_shard(w, 2)
        await w.start_bot(sync=True, extra=ledger | {"MAHJONG_SHARD_IDS": "0"})
        await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        assert sorted(d.identified_shards) == [(0, 2), (1, 2)]
        for ch in channels:
            await opens_a_table(d, w, ch)
        for b in w.bots:
            assert " ERROR " not in b.log_text(), b.log_text()[-2000:]
