"""The bot as shards through the double: one gateway session per shard, each guild's events on
the session of the shard that holds it, and two processes on one PostgreSQL ledger."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_double.server import Channel, DiscordDouble, Message
from tests.discord_double.users import (
    ScriptedUser,
    controls_of,
    lobby_message,
    open_table,
    wait_for,
)
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


# -- direct-message clicks: Discord sends them all to shard 0 -------------------------------


def play_on_shard(w: World, shard: int, count: int) -> None:
    """Move the world's people to a channel of a guild on ``shard`` (their DMs stay DMs)."""
    d = w.double
    ch = guild_on_each_shard(w, count)[shard]
    g = d.guilds[ch.guild_id]
    for p in w.people:
        d.add_member(g, p)
    w.guild, w.channel = g, ch.id
    w.users = [ScriptedUser(d, p, ch.id, seed=100 + i, delay=(0.05, 0.2))
               for i, p in enumerate(w.people)]


async def ledger_of(schema: str, table: str) -> tuple[int, int]:
    """(hand settlements of ``table``, the sum of every ledger entry) in the shared ledger."""
    import asyncpg

    conn = await asyncpg.connect(pg.URL, server_settings={"search_path": schema})
    try:
        hands = await conn.fetchval("SELECT COUNT(*) FROM ledger_txns WHERE game_id = $1 AND "
                                    "kind = 'hand_settlement'", table)
        total = await conn.fetchval("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries")
    finally:
        await conn.close()
    return int(hands), int(total)


async def test_dm_clicks_reach_the_process_running_the_table(tmp_path: Path, ledger):
    """A table in a guild of shard 1: its hands are played in DMs, whose clicks Discord
    delivers to shard 0's process; that process forwards them to shard 1's, which answers
    through the clicks' tokens. A pick the rules refuse (换三张 of two suits) is refused with
    its sentence across the processes too, and the books balance."""
    async with World(tmp_path, ["jun", "kai"]) as w:
        d = w.double
        play_on_shard(w, 1, 2)
        await w.start_bot(sync=True, extra=ledger | {"MAHJONG_SHARD_IDS": "0"})
        await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        w.users[1].mix_budget = 1
        table = await open_table(d, w.users[0], w.users[1:], computers=2, hands=1,
                                 preset="sichuan", **{"house-rules": "exchange_three=true"})
        await w.play(timeout=240)
        dm_clicks = [i for i in d.interactions.values() if i.type == 3 and i.guild_id is None]
        assert dm_clicks and not d.failed_interactions()
        refusals = [m for m in d.messages.values()
                    if m.visible_to == w.users[1].id and "must all be one suit" in m.content]
        assert len(refusals) == w.users[1].mixed_tries, [u.log for u in w.users]
        for b in w.bots:
            await b.stop()
        first, second = (b.log_text() for b in w.bots)
        # every DM click went to shard 0's process (the double routes as Discord does), and
        # the table is shard 1's: each was forwarded there and answered there
        assert f"forwarding DM clicks for table {table} " in first, first[-2000:]
        assert f"answering DM clicks for table {table} " in second, second[-2000:]
        for text in (first, second):
            assert " ERROR " not in text, text[-3000:]
            # one token, two processes: each took its requests from the budget they share
            assert "request budget shared with the token's other processes" in text
            granted = re.findall(r"shared budget: \d+ asks, (\d+) starts granted", text)
            assert granted and int(granted[-1]) > 0, text[-2000:]
            assert re.findall(r"shared budget: .*, (\d+) failed", text)[-1] == "0"
        assert await ledger_of(ledger["MAHJONG_DATABASE_SCHEMA"], table) == (1, 0)


async def test_a_dm_click_while_its_process_is_down_is_refused_then_played_after_restart(
    tmp_path: Path, ledger
):
    """The process running a table is killed (-9): a click in a DM for that table gets a
    clear answer from shard 0's process (nothing happens at the table); the restarted
    process takes the table back (its lease was freed with the dead process) and the game
    is played to its end."""
    async with World(tmp_path, ["ann"]) as w:
        d = w.double
        play_on_shard(w, 1, 2)
        await w.start_bot(sync=True, extra=ledger | {"MAHJONG_SHARD_IDS": "0"})
        owner = await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        u = w.users[0]
        table = await open_table(d, u, [], computers=3, hands=1)

        def my_turn() -> Message | None:
            m = u.hand_message()
            return m if m is not None and u.choose(m) is not None else None

        m = await wait_for(my_turn, d, 60, "ann's turn")
        await owner.kill()
        pick = u.choose(m)
        assert pick is not None
        i = await d.click(u.user, m, pick[0].custom_id, pick[1])
        assert await d.wait_ack(i), "the click was not acknowledged within 3 s"
        await wait_for(lambda: i.refused, d, 15, "an answer to the click")
        assert "restarting" in i.refused[0] and "nothing was changed" in i.refused[0]
        await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        await w.play(timeout=240)
        assert not d.failed_interactions()
        await w.bots[0].stop()
        await w.bots[2].stop()
        assert f"click for table {table} refused" in w.bots[0].log_text()
        assert await ledger_of(ledger["MAHJONG_DATABASE_SCHEMA"], table) == (1, 0)


async def test_a_false_win_is_asked_and_declared_across_processes(tmp_path: Path, ledger):
    """诈胡 at a table on shard 1: the win button, the question's Cancel and Declare anyway
    are all clicked in DMs, reach shard 0's process and are answered by shard 1's — the
    question shown, cancelled, asked again, declared, the penalty settled once."""
    from tests.e2e.test_false_win import Declarer, asking, press, question

    async with World(tmp_path, ["lan", "mei"]) as w:
        d = w.double
        play_on_shard(w, 1, 2)
        lan = w.users[0] = Declarer(d, w.people[0], w.channel, seed=7, delay=(0.05, 0.2))
        await w.start_bot(sync=True, extra=ledger | {"MAHJONG_SHARD_IDS": "0"})
        await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        table = await open_table(d, lan, w.users[1:], computers=2, hands=1, preset="baoding",
                                 stake=2)
        mei = asyncio.create_task(w.users[1].play(w.finished, 300))
        await lan.play(lambda: asking(lan) is not None, 120)
        hand = asking(lan)
        assert hand is not None, lan.log
        await press(lan, hand, "fw")
        q = await wait_for(lambda: question(lan), d, 15, "the question")
        await press(lan, q, "fwn")
        await wait_for(lambda: q.content.startswith("Cancelled") and not controls_of(q), d, 15,
                       "the question cancelled")
        await press(lan, hand, "fw")
        q2 = await wait_for(lambda: question(lan, after=q.id), d, 15, "the second question")
        await press(lan, q2, "fwy")
        await wait_for(w.settlements, d, 30, "the settlement")
        await wait_for(lambda: q2.content == "Declared: a false win (诈胡)." and not controls_of(q2),
                       d, 30, "the question answered")
        await lan.play(w.finished, 120)
        await mei
        (posted,) = w.settlements()
        assert posted.chips["lan"] < 0 and sum(posted.chips.values()) == 0
        for b in w.bots:
            await b.stop()
        assert f"forwarding DM clicks for table {table} " in w.bots[0].log_text()
        assert " ERROR " not in w.bots[1].log_text(), w.bots[1].log_text()[-3000:]
        assert await ledger_of(ledger["MAHJONG_DATABASE_SCHEMA"], table) == (1, 0)


async def cut_lease_session(schema: str, table: str) -> int:
    """End, from outside, the database session holding ``table``'s lease (as a database
    restart would): the number of sessions ended."""
    import asyncpg

    from store.postgres_backend import LEASE_KEY, to_dollar_params

    conn = await asyncpg.connect(pg.URL, server_settings={"search_path": schema})
    try:
        return int(await conn.fetchval(
            "SELECT count(pg_terminate_backend(l.pid)) FROM pg_locks l, "
            f"(SELECT {to_dollar_params(LEASE_KEY)} AS k) h "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
            "AND l.classid::bigint = ((h.k >> 32) & 4294967295) "
            "AND l.objid::bigint = (h.k & 4294967295)", f"table:{table}"))
    finally:
        await conn.close()


async def test_a_process_whose_leases_are_lost_stops_and_its_restart_plays_on(
    tmp_path: Path, ledger
):
    """The session holding a process's table leases ends under it (the database restarted,
    or the connection was cut): the process notices within seconds and stops with its own
    exit code rather than go on playing tables another process may now take; started again,
    it takes the table back and the game is played to its end, the books balanced."""
    from discord_io.client import LEASES_LOST_EXIT

    async with World(tmp_path, ["ann"]) as w:
        d = w.double
        play_on_shard(w, 1, 2)
        await w.start_bot(sync=True, extra=ledger | {"MAHJONG_SHARD_IDS": "0"})
        owner = await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        u = w.users[0]
        table = await open_table(d, u, [], computers=3, hands=1)
        await wait_for(lambda: u.hand_message(), d, 60, "ann's hand")
        schema = ledger["MAHJONG_DATABASE_SCHEMA"]
        assert await cut_lease_session(schema, table) == 1
        assert owner.proc is not None
        code = await asyncio.wait_for(owner.proc.wait(), 30)
        assert code == LEASES_LOST_EXIT, owner.log_text()[-2000:]
        assert "table leases were lost" in owner.log_text()
        await w.start_bot(extra=ledger | {"MAHJONG_SHARD_IDS": "1"})
        await w.play(timeout=240)
        assert not d.failed_interactions()
        assert await ledger_of(schema, table) == (1, 0)
