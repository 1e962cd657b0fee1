"""/mahjong quick: four waiting open a table; a chosen wait fills it with computers; leaving is
one click; refusals change nothing."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.game.cog import Mahjong
from cogs.game.queue import QUEUE_TEMPLATE, QueueLeaveButton, get_queue
from i18n.bot_text import bt
from tables.errors import TableError
from tables.model import Status
from tests.cogs.fakes import CHANNEL, GUILD, FakeBot, interaction, run_command, sent_texts

PEOPLE = [(100, "Ann"), (101, "Bob"), (102, "Cat"), (103, "Dan"), (104, "Eve")]


@pytest.fixture
def bot():
    b = FakeBot()
    b.cogs["Mahjong"] = Mahjong(b)
    for uid, name in PEOPLE:
        b.add_user(uid, name)
    return b


async def quick(bot, uid, preset="guangdong", wait=None, level=None,
                locale=discord.Locale.american_english):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[uid], locale)
    await run_command(cog.quick, cog, it, preset, wait, level, 1)
    return it


async def test_four_waiting_open_a_table_with_everyone_seated(bot):
    for uid, _ in PEOPLE[:3]:
        it = await quick(bot, uid, wait=0)
    it.response.defer.assert_awaited_once()
    kw = it.followup.send.await_args.kwargs
    assert kw["ephemeral"] is True and [c.custom_id for c in kw["view"].children] == ["mjq:leave"]
    assert "(3/4)" in sent_texts(it.followup.send)[0]
    assert bot.tables.tables() == []
    await quick(bot, 103)
    (table,) = bot.tables.tables()
    assert table.status is Status.PLAYING
    assert sorted(s.user_id for s in table.seats) == [100, 101, 102, 103]
    opened = [t for t in sent_texts(bot.channels[CHANNEL].send) if t.startswith("⚡")]
    assert len(opened) == 1 and all(f"<@{u}>" in opened[0] for u, _ in PEOPLE[:4])
    assert get_queue(bot).waiting(GUILD, "guangdong") == []
    # seated now: queueing again is refused, and so is queueing twice
    with pytest.raises(TableError) as err:
        await quick(bot, 100)
    assert err.value.key == "err.already_seated"
    await quick(bot, 104, wait=0)
    with pytest.raises(TableError) as err:
        await quick(bot, 104, preset="beijing")
    assert err.value.key == "queue.already"


async def test_the_first_persons_wait_fills_the_seats_with_computers(bot):
    it = await quick(bot, 100, wait=30, level="easy", locale=discord.Locale.chinese)
    assert "30 秒" in sent_texts(it.followup.send)[0]
    await quick(bot, 101, wait=300)  # the first person's choice stands
    await bot.clock.advance(29)
    assert bot.tables.tables() == []
    await bot.clock.advance(2)
    (table,) = bot.tables.tables()
    assert table.status is Status.PLAYING
    computers = [s for s in table.seats if s.user_id is None]
    assert len(computers) == 2 and all(s.level == "easy" for s in computers)


async def test_leaving_is_one_click_and_an_empty_queue_opens_nothing(bot):
    await quick(bot, 100, wait=30)
    it = interaction(bot, bot.users[100])
    it.message = type("M", (), {"flags": discord.MessageFlags(ephemeral=True)})()
    m = re.fullmatch(QUEUE_TEMPLATE, "mjq:leave")
    item = await QueueLeaveButton.from_custom_id(it, discord.ui.Button(custom_id="mjq:leave"), m)
    await item.callback(it)
    assert it.response.edit_message.await_args.kwargs["content"] == bt("queue.left", "en")
    assert get_queue(bot).waiting(GUILD, "guangdong") == []
    await bot.clock.advance(60)
    assert bot.tables.tables() == []
    it = interaction(bot, bot.users[100])
    it.message = None
    await item.callback(it)
    assert sent_texts(it.response.send_message) == [bt("queue.not_in", "en")]


async def test_without_a_wait_no_computer_ever_comes(bot):
    await quick(bot, 100, wait=0)
    await bot.clock.advance(10_000)
    assert bot.tables.tables() == []
    assert [p.user_id for p in get_queue(bot).waiting(GUILD, "guangdong")] == [100]


async def test_quick_has_a_cooldown_and_its_refusal_is_a_sentence(bot):
    from discord import app_commands

    from discord_io.client import handle_command_error

    cog = bot.cogs["Mahjong"]
    assert len(cog.quick.checks) == 1
    it = interaction(bot, bot.users[100])
    cooldown = app_commands.Cooldown(2, 20.0)
    await handle_command_error(it, app_commands.CommandOnCooldown(cooldown, 12.3))
    assert sent_texts(it.response.send_message) == [bt("err.cooldown", "en", seconds=13)]


@pytest.mark.parametrize(("preset", "wait", "level", "hands", "key"), [
    ("guangdong", 30, "godlike", 1, "err.bad_level"),
    ("guangdong", 30, "greedy", 1, "err.bad_level"),  # an engine player, not a level offered
    ("guangdong", 30, "easy", 0, "err.bad_option"),
    ("guangdong", 30, "easy", 10_000, "err.bad_option"),
    ("no-such-game", 30, "easy", 1, "err.unknown_preset"),  # typed by hand: no such rules
    ("guangdong", -5, "easy", 1, "err.bad_option"),
    ("guangdong", 10**9, "easy", 1, "err.bad_option"),
])
async def test_forged_option_values_are_refused_at_the_command(bot, preset, wait, level, hands,
                                                               key):
    """On main a bad level seated the queue in a lobby that never started (the refusal was
    raised inside the timer), hands=0 or an unknown preset dropped them with no word."""
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[100])
    with pytest.raises(TableError) as err:
        await run_command(cog.quick, cog, it, preset, wait, level, hands)
    assert err.value.key == key
    assert bt(key, "en", **err.value.args_)  # a sentence, in the clicker's language
    queue = get_queue(bot)
    assert queue.queue_of(GUILD, 100) is None and bot.tables.tables() == []
    # the person is free: a good request queues them as usual
    await quick(bot, 100, wait=30, level="easy")
    assert queue.queue_of(GUILD, 100) == "guangdong"


async def test_a_queue_whose_table_cannot_start_leaves_nobody_waiting(bot, monkeypatch):
    async def refuse(*_a, **_k):
        raise TableError("err.storage")

    await quick(bot, 100, wait=30, level="easy")
    await quick(bot, 101)
    monkeypatch.setattr(bot.tables, "start", refuse)
    await bot.clock.advance(31)  # the wait runs out: computers fill, the start is refused
    assert [t.status for t in bot.tables.tables()] == []  # the lobby was closed
    assert bot.tables.table_for(GUILD, 100) is None and bot.tables.table_for(GUILD, 101) is None
    failed = [t for t in sent_texts(bot.channels[CHANNEL].send) if "<@100>" in t]
    assert len(failed) == 1 and "<@101>" in failed[0] and "queue again" in failed[0]
    await quick(bot, 100, wait=30, level="easy")  # free to queue again


async def test_a_queue_per_seat_count_opens_when_its_seats_are_full(bot):
    cog = bot.cogs["Mahjong"]

    async def ask(uid, seats):
        it = interaction(bot, bot.users[uid], discord.Locale.american_english)
        await run_command(cog.quick, cog, it, "sichuan", 0, None, 1, seats)
        return it

    it = await ask(100, 3)
    assert "(1/3)" in sent_texts(it.followup.send)[0]
    assert "The table opens when 3 are waiting." in sent_texts(it.followup.send)[0]
    await ask(101, None)  # the preset's own count (four): another queue
    await ask(102, 3)
    assert bot.tables.tables() == []
    assert [p.user_id for p in get_queue(bot).waiting(GUILD, "sichuan", 3)] == [100, 102]
    assert [p.user_id for p in get_queue(bot).waiting(GUILD, "sichuan")] == [101]
    await ask(103, 3)  # the third for three seats opens their table
    (table,) = bot.tables.tables()
    assert table.status is Status.PLAYING and len(table.seats) == 3
    assert sorted(s.user_id for s in table.seats) == [100, 102, 103]
    assert [p.user_id for p in get_queue(bot).waiting(GUILD, "sichuan")] == [101]
    # a count the preset does not play is refused at the command, nobody queued
    with pytest.raises(TableError) as err:
        it = interaction(bot, bot.users[104], discord.Locale.american_english)
        await run_command(cog.quick, cog, it, "guangdong", 0, None, 1, 3)
    assert err.value.key == "err.bad_option"
    assert get_queue(bot).queue_of(GUILD, 104) is None
