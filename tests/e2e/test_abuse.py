"""Hostile members and a flaky Discord, through ``python bot.py`` and the Discord double.

Names that try to ping, clicks forged from another server, one member spamming lobbies,
a DM that keeps failing: the bot must stay quiet, refuse, and keep the real players' table
moving.
"""

from __future__ import annotations

import pytest

from tests.discord_double.users import open_table
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_names_that_mention_never_ping(tmp_path):
    """Display names with @everyone, @here, a role and a user mention are shown as text: no
    message the bot sends pings anyone, except the one DMs-closed notice, which pings only
    the person it is for."""
    async with World(tmp_path, ["host @here", "@everyone hi", "x", "y"],
                     closed_dms=("y",)) as w:
        victim = w.people[2]
        role = w.guild.id + 1  # any role id: a role mention must never ping
        w.people[2].name = f"<@&{role}>"
        w.people[3].name = f"<@!{victim.id}>"
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], hands=1)
        await w.play(timeout=240)
        await w.bot.stop()
        sent = [m for m in w.double.messages.values() if m.author_id == w.double.bot.id]
        text = "\n".join(h for m in sent for h in m.history)
        for name in ("host @here", "@everyone hi", f"<@&{role}>", f"<@!{victim.id}>"):
            assert name in text, f"{name!r} was never shown"
        pinged = [(m.content[:80], m.pings) for m in sent if m.pings]
        dm_closed = [p for p in pinged if "DMs" in p[0] or "DM" in p[0]]
        assert all(p[1] == [f"user:{w.people[3].id}"] for p in dm_closed), pinged
        assert [p for p in pinged if p not in dm_closed] == []
        w.check_books(table, 1)


async def test_one_seat_per_person_and_no_clicks_from_another_server(tmp_path):
    """Two /mahjong new at once give one lobby; a Join forged from another server (guild B
    sending guild A's custom_id) seats no one and opens no account in guild A."""
    import asyncio
    import sqlite3

    from tests.discord_double.users import lobby_button, lobby_message, wait_for

    async with World(tmp_path, ["ann", "bob"]) as w:
        d = w.double
        ann, bob = w.people
        other = d.add_guild("elsewhere", bob)  # guild B: Bob's own server, the bot is in it
        await w.start_bot(sync=True)
        both = await asyncio.gather(*(d.slash(ann, w.channel, "mahjong", "new") for _ in range(2)))
        assert all([await d.wait_ack(i) for i in both])
        lobby = await wait_for(lambda: lobby_message(d, w.channel), d, 30, "the lobby")
        await asyncio.sleep(1.0)
        lobbies = [m for m in d.bot_messages(w.channel)
                   if any(c.get("custom_id", "").endswith(":join::0")
                          for row in m.components for c in row.get("components", []))]
        assert len(lobbies) == 1, [m.content for m in lobbies]
        # from guild B, a click carrying guild A's join button
        join_id = lobby_button(lobby, "join")
        forged = d._new_message(other.channels[0], {"content": "join!", "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Join",
                                        "custom_id": join_id}]}]}, [])
        i = await d.click(bob, forged, join_id)
        assert await d.wait_ack(i)
        await asyncio.sleep(1.0)
        assert "bob" not in lobby_message(d, w.channel).content  # not seated
        refusals = [m.content for m in d.messages.values() if m.visible_to == bob.id]
        assert any("does not exist" in t for t in refusals), refusals
        await w.bot.stop()
        con = sqlite3.connect(f"file:{w.db}?mode=ro", uri=True)
        try:
            opened = con.execute("SELECT COUNT(*) FROM accounts WHERE guild_id = ? AND user_id = ?",
                                 (w.guild.id, bob.id)).fetchone()[0]
        finally:
            con.close()
        assert opened == 0
