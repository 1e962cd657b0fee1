"""/mahjong analyze through ``python bot.py`` and the double: a picture and a short text."""

from __future__ import annotations

import pytest

from tests.discord_double.users import wait_for
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_analyze_answers_with_a_picture_privately_or_publicly_and_hints_on_bad_input(
        tmp_path):
    async with World(tmp_path, ["hana"], ) as w:
        d = w.double
        d.keep_pictures = True
        hana = w.people[0]
        hana.locale = "zh-TW"
        await w.start_bot(sync=True)
        assert "analyze" in {o["name"] for o in d.commands["mahjong"]["options"]}

        async def ask(**options):
            i = await d.slash(hana, w.channel, "mahjong", "analyze", **options)
            assert await d.wait_ack(i)
            return await wait_for(lambda: next(
                (m for m in d.visible(hana.id, w.channel) if m.interaction_id == i.id
                 and m.content), None), d, 30, "the answer")

        m = await ask(hand="13m46p79s1z2z3z4z1f2f3f4f", rules="heyuan-jihu")
        assert m.ephemeral and m.visible_to == hana.id
        assert m.content.startswith("**河源百搭·雞胡百搭** · 14 張 · 向聽 1")
        (pic,) = m.attachments
        assert pic.filename == "analysis.png" and pic.png and pic.size > 10_000

        m = await ask(hand="234m567p11z22z", rules="guangdong", melds="pung 555s", public=True)
        assert not m.ephemeral and "聽" in m.content and m.attachments

        m = await ask(hand="123m456p789s1z2z3z4z1x")
        assert m.ephemeral and not m.attachments and len(m.content.splitlines()) == 1
        assert "123m456p789s1z2z3z4z1f" in m.content  # the example
        await w.bot.stop()
        assert_clean(w)
