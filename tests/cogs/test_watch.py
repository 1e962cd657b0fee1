"""/mahjong watch: a spectator's DM follows the table with public information only, and the
table message counts the watchers."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.game.cog import Mahjong
from cogs.game.watch import WATCH_TEMPLATE, StopWatching, spectators_of
from i18n.bot_text import bt
from tables.errors import TableError
from tables.text import hand_text
from tests.cogs.fakes import FakeBot, interaction, run_command, sent_texts
from tests.cogs.social import play_out, table_with

ANN, EVE = 100, 666


@pytest.fixture
def bot():
    b = FakeBot()
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    b.add_user(EVE, "Eve")
    return b


def table_content(bot, tid):
    msg = bot.transport.table_messages[tid]
    return msg.edit.await_args.kwargs["content"]


async def test_a_spectator_sees_only_the_public_table_and_is_counted(bot):
    cog = bot.cogs["Mahjong"]
    tid = await table_with(bot, [(ANN, "Ann")], computers=3, hands=1)
    await bot.transport.drain()
    it = interaction(bot, bot.users[ANN])
    with pytest.raises(TableError) as err:
        await run_command(cog.watch, cog, it, tid)
    assert err.value.key == "watch.seated"
    it = interaction(bot, bot.users[EVE])
    (choice,) = await cog._watch_autocomplete(it, "")
    assert choice.value == tid
    await run_command(cog.watch, cog, it, None)  # the one table being played
    assert sent_texts(it.followup.send) == [bt("watch.ok", "en", table=tid)]
    await bot.transport.drain()
    assert bt("watch.count", "en", n=1) in table_content(bot, tid)
    # Ann's private hands, as her DMs showed them, for the privacy check below
    private = []
    real_private = bot.transport.private

    async def spy(table, view):
        private.append(hand_text(view, table, "en"))
        await real_private(table, view)

    bot.transport.private = spy
    (first,) = bot.users[EVE].send.await_args_list  # one DM message, edited from then on
    dm_msg = spectators_of(bot).watchers[tid][EVE][1]
    await play_out(bot, tid, {ANN: 0})
    await bot.transport.drain()
    assert spectators_of(bot).count(tid) == 0  # let go after the final picture
    assert bot.users[EVE].send.await_count == 1
    shown = [first.kwargs] + [c.kwargs for c in dm_msg.edit.await_args_list]
    assert len(shown) > 5 and bt("watch.ended", "en", table=tid) in shown[-1]["content"]
    concealed_lines = {ln for text in private for ln in text.splitlines() if ln.startswith("Hand:")}
    assert concealed_lines
    # every picture a watcher got is one the channel's table message showed (a PublicView)
    table_msg = bot.transport.table_messages[tid]
    public = {f.fp.getvalue() for c in table_msg.edit.await_args_list
              for f in c.kwargs["attachments"]}
    for kw in shown:
        assert all(f.fp.getvalue() in public for f in kw.get("files") or kw.get("attachments"))
        assert [f.filename for f in kw.get("files") or kw.get("attachments")] == ["table.png"]
        assert "Hand:" not in kw["content"]
        assert not concealed_lines & set(kw["content"].splitlines())


async def test_stop_watching_in_one_click(bot):
    cog = bot.cogs["Mahjong"]
    tid = await table_with(bot, [(ANN, "Ann")], computers=3, hands=1)
    it = interaction(bot, bot.users[EVE])
    await run_command(cog.watch, cog, it, tid)
    it = interaction(bot, bot.users[EVE])
    m = re.fullmatch(WATCH_TEMPLATE, f"mjw:{tid}:stop")
    item = await StopWatching.from_custom_id(it, discord.ui.Button(custom_id=f"mjw:{tid}:stop"), m)
    await item.callback(it)
    assert it.response.edit_message.await_args.kwargs["content"] == bt("watch.stopped", "en",
                                                                        table=tid)
    await bot.transport.drain()
    assert "👁" not in table_content(bot, tid)
    it = interaction(bot, bot.users[EVE])
    await item.callback(it)
    assert sent_texts(it.response.send_message) == [bt("watch.not_watching", "en")]
