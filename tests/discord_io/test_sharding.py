"""The bot as shards: settings read and checked, discord.py's AutoShardedBot when sharded."""

from __future__ import annotations

import discord
import pytest

from config import ConfigError, Settings, load_settings
from discord_io.client import MahjongBot, ShardedMahjongBot, make_bot, shares_budget
from discord_io.pacing import GLOBAL_RATE
from tables.shards import ShardSet

PG = "postgresql://bot@db/mahjong"


def test_not_sharded_by_default():
    s = load_settings(environ={}, dotenv=None)
    assert s.shards() is None
    assert type(make_bot(Settings(token="x"))) is MahjongBot


def test_a_process_running_some_shards():
    s = load_settings(environ={"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "1,3",
                               "MAHJONG_DATABASE_URL": PG}, dotenv=None)
    assert s.shards() == ShardSet(4, frozenset({1, 3}))
    bot = make_bot(s)
    assert isinstance(bot, ShardedMahjongBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert "bot@db" not in repr(s)  # the database URL may carry a password: never printed
    # the token's global limit is shared: two of four shards pace half of it
    assert bot.pacer.rate == GLOBAL_RATE // 2
    assert make_bot(Settings(token="x")).pacer.rate == GLOBAL_RATE


def test_only_a_process_running_some_shards_shares_the_token_budget():
    some = {"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "1,3", "MAHJONG_DATABASE_URL": PG}
    assert shares_budget(load_settings(environ=some, dotenv=None))
    assert not shares_budget(load_settings(environ=some | {"MAHJONG_SHARED_BUDGET": "0"},
                                           dotenv=None))
    assert not shares_budget(load_settings(environ={"MAHJONG_SHARD_COUNT": "2"}, dotenv=None))
    assert not shares_budget(load_settings(environ={}, dotenv=None))


def test_one_process_may_run_every_shard_on_sqlite():
    s = load_settings(environ={"MAHJONG_SHARD_COUNT": "2"}, dotenv=None)
    assert s.shards() == ShardSet(2, frozenset({0, 1}))


@pytest.mark.parametrize(("env", "why"), [
    ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "1"}, "MAHJONG_DATABASE_URL"),
    ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "4", "MAHJONG_DATABASE_URL": PG}, "between 0 and 3"),
    ({"MAHJONG_SHARD_IDS": "1"}, "MAHJONG_SHARD_COUNT"),
])
def test_bad_shard_settings_stop_start_up(env, why):
    with pytest.raises(ConfigError, match=why):
        load_settings(environ=env, dotenv=None)
