"""The preset option through ``python bot.py`` and the Discord double: what Discord shows
as it is typed (an autocomplete interaction and its answer, in the typer's locale), and a
preset typed by hand that no table plays, refused in one line with no lobby."""

from __future__ import annotations

import pytest

from discord_double.users import lobby_message
from engine.rules import TABLE_PRESETS
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_the_preset_is_completed_in_each_locale_and_a_bad_one_refused(tmp_path):
    async with World(tmp_path, ["lan"]) as w:
        await w.start_bot(sync=True)
        d, lan = w.double, w.people[0]
        channel = w.channel
        everything = await d.autocomplete(lan, channel, "mahjong", "new", "preset", "")
        assert sorted(c["value"] for c in everything) == sorted(TABLE_PRESETS)
        assert len(everything) <= 25
        for locale, typed, name in (("zh-CN", "河源", "广东 · 河源百搭·正百搭"),
                                    ("zh-TW", "四川", "四川 · 四川血戰到底"),
                                    ("en-US", "jiangsu", "Jiangsu · Nanjing Mahjong")):
            lan.locale = locale
            choices = await d.autocomplete(lan, channel, "mahjong", "new", "preset", typed)
            assert name in [c["name"] for c in choices], (locale, choices)
        # /mahjong quick and /mahjong rules complete the same way
        lan.locale = "en-US"
        (quick,) = await d.autocomplete(lan, channel, "mahjong", "quick", "preset", "taiwan")
        assert quick == {"name": "Taiwan · Taiwanese 16-Tile", "value": "taiwan"}
        assert await d.autocomplete(lan, channel, "mahjong", "rules", "preset", "zzz") == []
        # typed by hand: refused in one line, and no lobby
        i = await d.slash(lan, channel, "mahjong", "new", preset="hong-kong")
        assert await d.wait_ack(i)
        (refusal,) = i.refused
        assert "hong-kong" in refusal and "\n" not in refusal.strip(), refusal
        assert lobby_message(d, channel) is None
        await w.bot.stop()
