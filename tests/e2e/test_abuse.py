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
