"""Operations seen from the cogs: cancelled lobbies leave nothing behind in the transport, and
an admin cannot save a default preset that does not exist."""

from __future__ import annotations

import pytest

from cogs.admin import Admin
from store import Store
from tables.errors import TableError
from tables.service import Person
from tables.table import MAX_OPENS, OPEN_WINDOW
from tests.cogs.fakes import CHANNEL, GUILD, FakeBot, interaction, run_command


async def test_cancelled_lobbies_free_their_transport_records():
    bot = FakeBot()
    bot.add_user(100, "Ann")
    for n in range(20):
        await bot.clock.advance(OPEN_WINDOW / MAX_OPENS)  # within a member's opening rate
        info = await bot.tables.create(GUILD, CHANNEL, Person(100, "Ann"), "heyuan-jihu", {}, 1, 1)
        if n % 2:
            await bot.tables.cancel(info.id, 100)
        else:
            await bot.tables.leave(GUILD, 100)  # the last person leaves: cancelled too
    t = bot.transport
    assert t.lobby_messages == {} and t._lobby_latest == {} and t._lobby_locks == {}


async def test_a_default_preset_that_is_not_a_preset_is_refused_at_save(tmp_path):
    store = await Store.open(tmp_path / "a.db")
    try:
        bot = FakeBot(store)
        bot.add_user(9, "Admin")
        cog = Admin(bot)
        it = interaction(bot, bot.users[9], manage_guild=True)
        with pytest.raises(TableError) as err:
            await run_command(cog.preset, cog, it, "no-such-game")
        # the preset is typed (completed, not a fixed list): the same refusal as /mahjong new
        assert err.value.key == "err.unknown_preset"
        assert err.value.args_["preset"] == "no-such-game"
        assert (await store.get_guild_settings(GUILD)).default_preset == "heyuan-zheng"
        it = interaction(bot, bot.users[9], manage_guild=True)
        await run_command(cog.preset, cog, it, "guangdong")
        assert (await store.get_guild_settings(GUILD)).default_preset == "guangdong"
    finally:
        await store.close()
