"""The request budget through ``python bot.py`` and the double: every request the bot sends is
counted under a send path that names its budget, and a person who has clicked on their DM
has it updated through their own interaction token, never by a bot REST request."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.discord_double.server import Message
from tests.discord_double.users import GAME_ID, open_table
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

EXEMPT = ("/interactions/", "/webhooks/")


def budget_line(log: str) -> dict[str, int]:
    """The bot's last ``requests by budget`` line as {"global/table.edit": n, …}."""
    lines = re.findall(r"requests by budget: (.*)", log)
    assert lines, log[-3000:]
    out = {}
    for part in lines[-1].split(", "):
        name, n = part.rsplit(" ", 1)
        out[name] = int(n)
    return out


async def test_every_request_is_counted_and_a_fresh_token_keeps_dms_off_the_global_budget(
        tmp_path):
    async with World(tmp_path, ["ann", "bob", "cat", "dan"], seed=3) as w:
        d = w.double
        first_click: dict[int, float] = {}  # person → when they first clicked on their DM
        original = d.click

        async def click(user: Any, message: Message, custom_id: str, values: Any = None) -> Any:
            ch = d.channels[message.channel_id]
            if ch.type == 1 and (GAME_ID.match(custom_id) or custom_id.startswith("mjs:")):
                first_click.setdefault(user.id, d.request_paths[-1][0] if d.request_paths
                                       else 0.0)
            return await original(user, message, custom_id, values)

        d.click = click  # type: ignore[method-assign]
        await w.start_bot(sync=True)
        await open_table(d, w.users[0], w.users[1:], hands=1)
        lobby = next(m for m in d.bot_messages(w.channel) if not m.ephemeral)  # the first
        await w.play(timeout=300)

        def standings() -> int:
            return sum(1 for m in d.bot_messages(w.channel) if m.content.startswith("**Standings**"))

        # a second game, the same people: their DM channels are not opened again
        second = d.request_paths[-1][0]
        await open_table(d, w.users[1], [w.users[0], *w.users[2:]], hands=1)
        await asyncio.wait_for(asyncio.gather(*(
            u.play(lambda: standings() == 2, 300) for u in w.users)), 305)
        assert standings() == 2
        await w.bot.stop()
        assert d.rejections == [] and d.ratelimited == []

        # every bot REST request the double saw is one the bot counted under a path of ours
        # (all but the login's GET /users/@me, made before the session is metered)
        counted = budget_line(w.bot.log_text())
        assert "global/unlabelled" not in counted, counted
        assert "requests sent on another budget" not in w.bot.log_text()
        rest = [(t, m, p) for t, m, p in d.request_paths if not p.startswith(EXEMPT)]
        exempt = len(d.request_paths) - len(rest)
        routes = sorted({f"{m} {re.sub(r'/[0-9]+', '/{id}', p)}" for _t, m, p in rest})
        assert sum(n for k, n in counted.items() if k.startswith("global/")) == len(rest) - 1, \
            (counted, len(rest), routes)
        # (a click answered while the bot shut down may come after its last count)
        assert 0 <= exempt - sum(n for k, n in counted.items()
                                 if k.startswith("interaction/")) <= 2, (counted, exempt)
        for path in ("private.click", "private.token", "lobby.token"):
            assert counted.get(f"interaction/{path}", 0) > 0, counted

        # once a person has clicked on their DM, no bot REST request touches it again in that
        # game: their own move and every later update (your turn, a claim) ride on their token
        assert set(first_click) == {p.id for p in w.people}
        for p in w.people:
            dm = d.dm_channel(p.id)
            after = [(m, path) for t, m, path in rest
                     if first_click[p.id] < t < second and path.startswith(f"/channels/{dm.id}/")]
            assert after == [], (p.name, after)
        opened = [path for _t, m, path in rest if m == "POST" and path == "/users/@me/channels"]
        assert len(opened) <= len(w.people), opened  # once per person, not per game
        # the lobby was sent once and then changed only through the clicks on it
        lobby_edits = [path for _t, m, path in rest
                       if m == "PATCH" and path.endswith(f"/messages/{lobby.id}")]
        assert lobby_edits == []
