"""/mahjong replay: a finished hand as a GIF with step buttons, through the cog."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.game.cog import Mahjong
from cogs.game.replay import REPLAY_TEMPLATE, ReplayButton, parse_which
from discord_io.client import handle_command_error
from i18n.bot_text import bt
from store import Store
from tables.errors import TableError
from tests.cogs.fakes import interaction, run_command, sent_texts
from tests.cogs.social import play_out, store_bot, table_with

ANN = 100


@pytest.fixture
async def bot(tmp_path):
    store = await Store.open(tmp_path / "r.db")
    b = store_bot(store)
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    b.add_user(101, "Bob")
    yield b
    await store.close()


def test_parse_which():
    assert parse_which("3fa9c1d0:2") == ("3fa9c1d0", 1)
    assert parse_which(" #3FA9C1D0 2 ") == ("3fa9c1d0", 1)
    assert parse_which("3fa9c1d0:0") is None and parse_which("hello") is None


async def press(bot, user_id, custom_id, message=None):
    it = interaction(bot, bot.users[user_id])
    it.message = message
    m = re.fullmatch(REPLAY_TEMPLATE, custom_id)
    assert m, custom_id
    item = await ReplayButton.from_custom_id(it, discord.ui.Button(custom_id=custom_id), m)
    await item.callback(it)
    return it


async def test_replay_of_my_last_hand_then_step_by_step(bot):
    cog = bot.cogs["Mahjong"]
    # before any hand: a clear refusal
    it = interaction(bot, bot.users[ANN])
    with pytest.raises(TableError) as err:
        await run_command(cog.replay, cog, it, None)
    assert err.value.key == "err.replay_none"
    tid = await table_with(bot, [(ANN, "Ann")], computers=3, hands=1)
    await play_out(bot, tid, {ANN: 0})
    # autocomplete offers the hand just played
    it = interaction(bot, bot.users[ANN])
    choices = await cog._replay_autocomplete(it, "")
    assert [c.value for c in choices] == [f"{tid}:1"]
    it = interaction(bot, bot.users[ANN], discord.Locale.chinese)
    await run_command(cog.replay, cog, it, None)
    sent = it.followup.send.await_args.kwargs
    assert sent["file"].filename == f"replay-{tid}-1.gif"
    assert sent["file"].fp.read(4) == b"GIF8"
    assert sent["content"].startswith(f"牌桌 #{tid} · 第 1 局回放")
    ids = [c.custom_id for c in sent["view"].children]
    assert ids[2] == f"mjr:{tid}:0:1:next"
    # a step press on the public message answers the presser alone, with one frame
    it = await press(bot, 101, ids[2])
    step = it.followup.send.await_args.kwargs
    assert step["ephemeral"] is True and step["file"].filename.endswith("-1.png")
    assert "Step 1/" in step["content"]
    # presses on that ephemeral message edit it in place
    own = type("M", (), {"flags": discord.MessageFlags(ephemeral=True)})()
    it = await press(bot, 101, f"mjr:{tid}:0:9999:last", own)
    edit = it.edit_original_response.await_args.kwargs
    total = int(re.search(r"Step (\d+)/(\d+)", edit["content"]).group(2))
    assert f"Step {total}/{total}" in edit["content"]
    assert "The result" in edit["content"]  # the last step is the hand's settlement
    # the one before it: every hand open, captioned with who won (or the drawn hand)
    it = await press(bot, 101, f"mjr:{tid}:0:{total - 1}:prev", own)
    before = it.edit_original_response.await_args.kwargs["content"]
    assert f"Step {total - 1}/{total}" in before
    assert " wins on " in before or "Drawn hand" in before or " win, in that order" in before


async def test_unknown_other_server_and_unfinished_hands_are_refused(bot):
    cog = bot.cogs["Mahjong"]
    for which, key in (("nonsense", "err.replay_bad"), ("deadbeef:1", "err.replay_bad")):
        it = interaction(bot, bot.users[ANN])
        with pytest.raises(TableError) as err:
            await run_command(cog.replay, cog, it, which)
        assert err.value.key == key
    tid = await table_with(bot, [(ANN, "Ann")], computers=3, hands=1)
    it = interaction(bot, bot.users[ANN])
    try:
        await run_command(cog.replay, cog, it, f"{tid}:1")
    except TableError as exc:
        await handle_command_error(it, exc)
    assert sent_texts(it.followup.send) == [bt("err.replay_unfinished", "en")]
    # the press of an old button for it is refused the same way, nothing drawn
    it = await press(bot, ANN, f"mjr:{tid}:0:1:next")
    assert bt("err.replay_unfinished", "en") in sent_texts(it.followup.send)
