"""/chips, /daily, /history, /leaderboard and the admin commands, on a real SQLite store."""

from __future__ import annotations

import re

import discord
import pytest

import i18n
from cogs.admin import Admin
from cogs.ledger import Ledger
from discord_io.client import COGS, handle_command_error
from discord_io.translator import LOCALES, BotTranslator
from i18n.bot_text import bt
from store import AccountRef, Store
from tables.errors import TableError
from tests.cogs.fakes import GUILD, FakeBot, interaction, run_command, sent_texts

NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def bot(tmp_path):
    store = await Store.open(tmp_path / "l.db")
    b = FakeBot(store)
    b.add_user(1, "Ann")
    b.add_user(2, "Bob")
    b.add_user(9, "Admin")
    yield b
    await store.close()


async def test_chips_daily_history_leaderboard(bot):
    cog = Ledger(bot)
    it = interaction(bot, bot.users[1])
    await run_command(cog.chips, cog, it, None)
    assert sent_texts(it.response.send_message) == [bt("chips.balance", "en", name="Ann", chips=1000)]
    assert it.response.send_message.await_args.kwargs["ephemeral"] is True
    it = interaction(bot, bot.users[1], discord.Locale.chinese)
    await run_command(cog.daily, cog, it)
    assert "1100" in sent_texts(it.response.send_message)[0]  # the one default: 100 a day
    it = interaction(bot, bot.users[1], discord.Locale.chinese)
    await run_command(cog.daily, cog, it)  # twice in a day: refused, nothing paid
    assert sent_texts(it.response.send_message)[0].startswith("今天已经领过了")
    assert await bot.store.balance(AccountRef.user(GUILD, 1)) == 1100
    it = interaction(bot, bot.users[1])
    await run_command(cog.history, cog, it)
    assert it.response.send_message.await_args.kwargs["ephemeral"] is True
    it = interaction(bot, bot.users[1])
    await run_command(cog.leaderboard, cog, it, "season")
    text = sent_texts(it.followup.send)[0]
    assert "1100" in text and len(text) <= 2000


async def test_admin_grants_with_who_and_why_and_refuses_without_permission(bot):
    cog = Admin(bot)
    it = interaction(bot, bot.users[2], manage_guild=False)
    assert await cog.interaction_check(it) is False
    it = interaction(bot, bot.users[9], manage_guild=True)
    assert await cog.interaction_check(it) is True
    await run_command(cog.grant, cog, it, bot.users[1], 50, "tournament prize")
    assert await bot.store.balance(AccountRef.user(GUILD, 1)) == 1050
    (item,) = [h for h in await bot.store.history(AccountRef.user(GUILD, 1)) if h.kind == "admin_grant"]
    assert item.actor_id == 9 and item.reason == "tournament prize"
    it = interaction(bot, bot.users[9], manage_guild=True)
    with pytest.raises(TableError) as err:
        await run_command(cog.remove, cog, it, bot.users[1], 999_999, "oops")
    assert err.value.key == "err.not_enough_chips"
    await handle_command_error(it, err.value)
    assert it.response.send_message.await_args.kwargs["ephemeral"] is True
    assert await bot.store.balance(AccountRef.user(GUILD, 1)) == 1050
    it = interaction(bot, bot.users[9], manage_guild=True)
    await run_command(cog.timer, cog, it, 45)
    assert (await bot.store.get_guild_settings(GUILD)).turn_timer == 45
    it = interaction(bot, bot.users[9], manage_guild=True)
    with pytest.raises(TableError):
        await run_command(cog.season_reset, cog, it, "yes")
    it = interaction(bot, bot.users[9], manage_guild=True)
    await run_command(cog.season_reset, cog, it, "RESET")
    assert await bot.store.current_season(GUILD) == 2


async def test_every_command_is_localized_within_discord_rules(tmp_path):
    from config import load_settings
    from discord_io.client import MahjongBot

    bot = MahjongBot(load_settings(environ={}, dotenv=None, db_path=tmp_path / "b.db"))
    for ext in COGS:
        await bot.load_extension(ext)
    tr = BotTranslator()
    payloads = [await c.get_translated_payload(bot.tree, tr) for c in bot.tree.get_commands()]
    names = {p["name"] for p in payloads}
    assert {"mahjong", "chips", "daily", "leaderboard", "history", "mahjong-admin"} <= names
    admin = next(p for p in payloads if p["name"] == "mahjong-admin")
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value

    def walk(node):
        yield node
        for o in node.get("options", []):
            yield from walk(o)
        yield from node.get("choices") or []

    seen = 0
    for p in payloads:
        for node in walk(p):
            if "name_localizations" not in node:  # number choices (hands: 1, 2, 4 …) need none
                assert isinstance(node.get("value"), int)
                continue
            for loc in ("zh-CN", "zh-TW", "en-US"):
                local = node["name_localizations"][loc]
                assert len(local) <= (100 if "value" in node else 32)
                if "value" not in node:
                    assert NAME.match(local) and local == local.lower(), local
                if "description" in node and node.get("description"):
                    assert 1 <= len(node["description_localizations"][loc]) <= 100
            seen += 1
    assert seen > 40
    assert {i18n.normalize_locale(loc) for loc in LOCALES} == set(i18n.LOCALES)


async def test_admin_sets_the_computer_levels_and_takes_a_backup(bot, tmp_path):
    from unittest.mock import MagicMock

    cog = Admin(bot)
    bot.settings = MagicMock(claim_seconds=10, backup_dir=tmp_path / "backups", backups_kept=2)
    it = interaction(bot, bot.users[9], manage_guild=True)
    await run_command(cog.computers, cog, it, "hard", "easy")
    s = await bot.store.get_guild_settings(GUILD)
    assert (s.computer_level, s.afk_level) == ("hard", "easy")
    assert "computers hard · afk easy" in sent_texts(it.response.send_message)[0]
    with pytest.raises(TableError):  # not a level: refused, nothing stored
        await run_command(cog.computers, cog, interaction(bot, bot.users[9], manage_guild=True),
                          "grandmaster")
    assert (await bot.store.get_guild_settings(GUILD)).computer_level == "hard"
    it = interaction(bot, bot.users[9], manage_guild=True)
    await run_command(cog.backup, cog, it)
    (made,) = (tmp_path / "backups").iterdir()
    assert made.name.startswith("mahjong-") and made.stat().st_size > 0
    assert str(made) in sent_texts(it.followup.send)[0]
    other = interaction(bot, bot.users[9], manage_guild=True)
    with pytest.raises(TableError) as err:  # at once again (any server): refused, no file
        await run_command(cog.backup, cog, other)
    assert err.value.key == "err.cooldown" and len(list((tmp_path / "backups").iterdir())) == 1
