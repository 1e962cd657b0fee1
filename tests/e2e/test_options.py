"""The options on several presets through ``python bot.py`` and the Discord double: games of
one hand by two people and two computers, one with 立直 and 宝牌 on (the indicator named on
the table), one with the Charleston (its passes announced); the posted settlements match
the ledger."""

from __future__ import annotations

import pytest

from tests.discord_double.users import open_table
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_a_game_with_lizhi_and_dora_and_the_ledger_matches(tmp_path):
    async with World(tmp_path, ["lan", "mei"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=1,
                                 preset="guangdong", **{"house-rules": "lizhi=1, dora=on"})
        await w.play(timeout=300)
        texts = " ".join(m.content for m in w.double.messages.values())
        assert any(k in texts for k in ("宝牌指示牌", "寶牌指示牌", "Dora indicator")), texts[:2000]
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, 1)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


async def test_a_game_with_the_charleston_and_the_ledger_matches(tmp_path):
    async with World(tmp_path, ["lan", "mei"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=1,
                                 preset="guangdong", **{"house-rules": "charleston=seed"})
        await w.play(timeout=300)
        texts = " ".join(m.content for m in w.double.messages.values())
        assert any(k in texts for k in ("查理士顿", "查理士頓", "Charleston")), texts[:2000]
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, 1)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
