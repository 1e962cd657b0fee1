"""The variants told as changes to Guangdong (合肥 …) through ``python bot.py`` and the
Discord double: each is a choice of ``/mahjong new``'s preset option, and a game of one hand
by two people and two computers posts settlements the ledger holds, chips only changing
hands."""

from __future__ import annotations

import pytest

from tests.discord_double.users import open_table
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

VARIANTS = ["hefei", "hundred", "yangzhou", "fujian", "philippine", "nanjing", "jiangnan"]
# a game with each variant's own option where it has one (Yangzhou's 红中赖子)
OPTIONS = {"yangzhou": "laizi=on"}


@pytest.mark.parametrize("preset", VARIANTS)
async def test_a_game_of_each_variant_and_the_ledger_matches(tmp_path, preset):
    hands = 1  # one whole hand each: the suite's time is shared
    async with World(tmp_path, ["lan", "mei"]) as w:
        await w.start_bot(sync=True)
        # /mahjong new's preset autocomplete offers it
        offered = await w.double.autocomplete(w.people[0], w.channel, "mahjong", "new", "preset",
                                              preset)
        assert preset in [c["value"] for c in offered]
        extra = {"house-rules": OPTIONS[preset]} if preset in OPTIONS else {}
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset=preset, **extra)
        await w.play(timeout=300)
        if preset in OPTIONS:  # the option is on: the 赖子 is named on the table
            texts = " ".join(m.content for m in w.double.messages.values())
            assert "laizi" in texts.lower() or "赖子" in texts or "賴子" in texts, texts[:3000]
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
