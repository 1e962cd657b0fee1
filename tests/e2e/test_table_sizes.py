"""Whole Sichuan games at 2, 3 and 7 seats through ``python bot.py`` and the Discord double:
``/mahjong new`` with its seats option, the lobby filled by people and computers, every
move a click, and the ledger matching the settlements posted in the channel."""

from __future__ import annotations

import pytest

from tests.discord_double.users import open_table
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("seats", "people", "computers"), [(2, 2, 0), (3, 2, 1), (7, 2, 5)])
async def test_a_sichuan_game_at_other_seat_counts(tmp_path, seats, people, computers):
    hands = 2
    names = ["ann", "bob"][:people]
    async with World(tmp_path, names) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=computers,
                                 preset="sichuan", seats=seats, hands=hands)
        # the lobby said how many seats, numbered in turn order (no winds off four)
        lobby = next(m for m in w.double.bot_messages(w.channel)
                     if f"{seats} seats at this table" in m.content)
        assert "Seat 1:" in lobby.content and f"Seat {seats}:" in lobby.content
        await w.play(timeout=400)
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, hands)
        assert all(len(s.chips) == seats for s in posted)  # every seat on the chips line
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
        assert all(u.clicks > 0 for u in w.users)
