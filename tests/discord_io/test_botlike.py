"""The cogs' view of the bot: the real bot class and the tests' stand-in both have its shape."""

from __future__ import annotations

import pytest

from config import Settings
from discord_io.botlike import BotLike, need_store
from discord_io.client import MahjongBot
from tables.errors import TableError
from tables.persist import MemoryTables
from tables.service import TableService
from tests.cogs.fakes import FakeBot


def test_the_fake_bot_has_every_member_the_cogs_read() -> None:
    assert isinstance(FakeBot(), BotLike)


async def test_the_bot_class_has_every_member_the_cogs_read(tmp_path) -> None:
    bot = MahjongBot(Settings(token="x", db_path=tmp_path / "m.db"))
    try:
        assert bot.store is None and bot.quick_queue is None  # opened in setup_hook
        assert not isinstance(bot, BotLike)  # no table service before setup_hook ...
        bot.tables = TableService(MemoryTables(), bot.transport)  # ... which makes one
        assert isinstance(bot, BotLike)
    finally:
        await bot.close()


def test_a_bot_without_a_store_refuses_in_words() -> None:
    with pytest.raises(TableError) as err:
        need_store(FakeBot(store=None))
    assert err.value.key == "err.unavailable"
