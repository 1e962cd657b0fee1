"""Quick play, a ranked game, a spectator, its replay, /rank, /stats, the rating leaderboard
and a learner's table with hints, through ``python bot.py`` and the Discord double: four
people queue, the table opens by itself with a fifth person watching, they play a hand, the
game is rated, the hand is replayed as a GIF stepped through with buttons, and a table with
hints answers the 💡 button and is not rated."""

from __future__ import annotations

import pytest

from tests.discord_double.users import controls_of, open_table, wait_for
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


def _buttons(m):
    return [c["custom_id"] for row in m.components for c in row.get("components", [])]


async def test_queue_ranked_game_spectator_replay_rank_and_stats(tmp_path):
    async with World(tmp_path, ["kai", "lin", "mei", "ned"]) as w:
        d = w.double
        eve = d.add_user("eve")  # a spectator
        d.add_member(w.guild, eve)
        await w.start_bot(sync=True)
        for u in w.users:
            i = await d.slash(u.user, w.channel, "mahjong", "quick", preset="guangdong", wait=0,
                              hands=1)
            assert await d.wait_ack(i), "/mahjong quick was not acknowledged"
        opened = await wait_for(
            lambda: [m for m in d.bot_messages(w.channel) if m.content.startswith("⚡")], d, 30,
            "the quick table to open")
        assert all(f"<@{u.id}>" in opened[0].content for u in w.users)
        table = w.table_id()
        i = await d.slash(eve, w.channel, "mahjong", "watch")
        assert await d.wait_ack(i)
        await w.play(timeout=240)
        # eve followed the table in her DM: pictures of the public table, never a hand
        dm = next(c for c in d.channels.values() if c.type == 1 and c.recipient == eve.id)
        seen = d.visible(eve.id, dm.id)
        assert seen and all("Hand:" not in m.content for m in seen)
        assert any(a.filename == "table.png" for m in seen for a in m.attachments)
        assert any("👁 1 watching" in m.content for m in d.bot_messages(w.channel))
        rated = await wait_for(
            lambda: [m for m in d.bot_messages(w.channel) if m.content.startswith("🏆")], d, 30,
            "the ranked result")
        assert all(u.user.name in rated[0].content for u in w.users)
        # the replay of kai's last hand: a GIF, public, with step buttons
        kai, lin = w.users[0], w.users[1]
        i = await d.slash(kai.user, w.channel, "mahjong", "replay")
        assert await d.wait_ack(i)

        def replay():
            return next((m for m in d.bot_messages(w.channel)
                         if any(a.filename.endswith(".gif") for a in m.attachments)), None)

        shown = await wait_for(replay, d, 60, "the replay GIF")
        assert shown.visible_to is None and f"#{table}" in shown.content
        nxt = next(b for b in _buttons(shown) if b.endswith(":next"))
        click = await d.click(lin.user, shown, nxt)
        assert await d.wait_ack(click)

        def step():
            return next((m for m in d.visible(lin.id, w.channel)
                         if m.visible_to == lin.id and "Step 1/" in m.content
                         and m.attachments and m.attachments[0].png), None)

        mine = await wait_for(step, d, 30, "lin's first step")
        last = next(b for b in _buttons(mine) if b.endswith(":last"))
        click = await d.click(lin.user, mine, last)
        assert await d.wait_ack(click)
        await wait_for(lambda: "Step 1/" not in mine.content, d, 30, "the last step")
        total = mine.content.split("Step ")[1].split(":")[0]
        assert total.split("/")[0] == total.split("/")[1]
        # /rank: kai's rating with its picture
        i = await d.slash(kai.user, w.channel, "rank")
        assert await d.wait_ack(i)
        await wait_for(lambda: any(a.filename == "rank.png" for m in d.bot_messages(w.channel)
                                   for a in m.attachments), d, 30, "the rank picture")
        # /stats: kai's hands as a picture
        i = await d.slash(kai.user, w.channel, "stats", period="today")
        assert await d.wait_ack(i)
        await wait_for(lambda: any(a.filename == "stats.png" for m in d.bot_messages(w.channel)
                                   for a in m.attachments), d, 30, "the stats picture")
        # the rating leaderboard: the four, each after one game
        i = await d.slash(kai.user, w.channel, "leaderboard", period="today", by="rating")
        assert await d.wait_ack(i)
        board = await wait_for(lambda: next((m for m in d.bot_messages(w.channel)
                                             if m.content.startswith("**Rating leaderboard")),
                                            None), d, 30, "the rating leaderboard")
        assert board.content.count("(1 games)") == 4
        w.check_books(table, 1)  # before a second table posts its own "Hand 1"
        # a learner's table: hints on, so not ranked; kai asks for one in his hand
        hinted = await open_table(d, kai, [], computers=3, hands=1, preset="guangdong",
                                  hints=True)

        def hint_button():
            m = kai.hand_message()
            return m if m is not None and any(c.code == "hint" for c in controls_of(m)) else None

        m = await wait_for(hint_button, d, 30, "the 💡 button")
        click = await d.click(kai.user, m, f"mj:{hinted}:0:hint::0")
        assert await d.wait_ack(click)
        await wait_for(lambda: any("Shanten" in t or "Ready" in t or "complete" in t
                                   for t in click.refused), d, 10, "the hint")
        assert any("marked as hinted" in t for t in click.refused)

        def second_standings() -> bool:
            return sum(m.content.startswith("**Standings**")
                       for m in d.bot_messages(w.channel)) >= 2

        await kai.play(second_standings, 120)
        assert second_standings()
        ranked = [m for m in d.bot_messages(w.channel) if m.content.startswith("🏆")]
        assert len(ranked) == 1  # the hints table was not rated
        await w.bot.stop()
        assert_clean(w)
