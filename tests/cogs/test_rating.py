"""Ratings: a ranked game (four people, no hints) updates them once; /rank shows them."""

from __future__ import annotations

import discord
import pytest

from cogs.rating import Rating, rate_table
from i18n.bot_text import bt
from store import Store
from store.ratings import GLOBAL, history, rating_of, top
from tables.rating import display, places, update
from tests.cogs.fakes import CHANNEL, GUILD, interaction, run_command, sent_texts
from tests.cogs.social import play_out, store_bot, table_with

PEOPLE = [(100, "Ann"), (101, "Bob"), (102, "Cat"), (103, "Dan")]


@pytest.fixture
async def bot(tmp_path):
    store = await Store.open(tmp_path / "k.db")
    b = store_bot(store)
    for uid, name in PEOPLE:
        b.add_user(uid, name)
    b.add_user(104, "Eve")
    b.cogs["Rating"] = Rating(b)
    await b.cogs["Rating"].cog_load()
    yield b
    await store.close()


def test_places_by_final_chips_share_ties():
    assert places([10, -5, -5, 0]) == [1, 3, 3, 2]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]


def test_the_winner_gains_and_the_last_loses():
    after = update([None, None, None, None], [1, 2, 3, 4])
    assert after[0][0] > 25 > after[3][0]
    assert all(s < 25 / 3 for _, s in after)  # everyone is surer of after a game


async def test_a_ranked_game_is_rated_once_and_rank_shows_it(bot):
    tid = await table_with(bot, PEOPLE, hands=1)
    info = bot.tables.get(tid)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    texts = sent_texts(bot.channels[CHANNEL].send)
    ranked_lines = [t for t in texts if t.startswith("🏆")]
    assert len(ranked_lines) == 1 and all(n in ranked_lines[0] for _, n in PEOPLE)
    for scope in (GUILD, GLOBAL):
        rows = await top(bot.store, scope)
        assert sorted(r.user_id for r in rows) == [uid for uid, _ in PEOPLE]
        assert all(r.games == 1 for r in rows)
    # rating the same table again changes nothing
    assert await rate_table(bot.store, info, (1, 2, 3, 4)) is None
    assert len(await history(bot.store, GUILD, 100)) == 1
    cog = bot.cogs["Rating"]
    it = interaction(bot, bot.users[100], discord.Locale.taiwan_chinese)
    await run_command(cog.rank, cog, it, None, "server")
    kw = it.followup.send.await_args.kwargs
    assert kw["file"].filename == "rank.png"
    row, _, total = await rating_of(bot.store, GUILD, 100)
    assert f"等級分 {display(row.ordinal)}" in it.followup.send.await_args.args[0]
    assert total == 4


async def test_tables_with_a_computer_or_hints_are_not_rated(bot):
    tid = await table_with(bot, PEOPLE[:3], computers=1, hands=1)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE[:3]})
    tid = await table_with(bot, PEOPLE, hands=1, hints=True)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    assert await top(bot.store, GUILD) == []
    cog = bot.cogs["Rating"]
    it = interaction(bot, bot.users[104])
    await run_command(cog.rank, cog, it, None, "global")
    assert sent_texts(it.response.send_message) == [
        bt("rank.none", "en", name="Eve", pool="4-seat tables")]


async def test_leaderboards_by_rating_and_chips_with_ratings_beside_over_each_period(bot):
    from cogs.ledger import Ledger

    tid = await table_with(bot, PEOPLE, hands=1)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    cog = Ledger(bot)
    it = interaction(bot, bot.users[100])
    await run_command(cog.leaderboard, cog, it, "season", "rating")
    text = sent_texts(it.followup.send)[0]
    assert text.count("(1 games)") == 4
    assert it.followup.send.await_args.kwargs["files"][0].filename == "leaderboard.png"
    for period in ("today", "week", "month", "season", "all"):
        it = interaction(bot, bot.users[100])
        await run_command(cog.leaderboard, cog, it, period, "chips")
        text = sent_texts(it.followup.send)[0]
        assert bt(f"period.{period}", "en") in text.splitlines()[0]
        assert text.count("· rating ") == 4, text


async def test_stats_picture_over_periods(bot):
    from cogs.stats import Stats
    from store.periods import period_stats

    tid = await table_with(bot, PEOPLE, hands=2)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    cog = Stats(bot)
    for period in ("today", "week", "month", "season", "all"):
        st = await period_stats(bot.store, GUILD, 100, period)
        assert st.hands == 2 and 0 <= st.win_rate <= 1 and 0 <= st.deal_in_rate <= 1
        it = interaction(bot, bot.users[100], discord.Locale.chinese)
        await run_command(cog.stats, cog, it, None, period)
        kw = it.followup.send.await_args.kwargs
        assert kw["file"].filename == "stats.png"
        assert "2 局" in it.followup.send.await_args.args[0]
    # someone who never played: a clear line, and still a picture
    it = interaction(bot, bot.users[104])
    await run_command(cog.stats, cog, it, None, "today")
    assert bt("stats.none", "en", name="Eve") in it.followup.send.await_args.args[0]


async def test_period_starts_are_utc_day_monday_and_first_of_month():
    import datetime as dt

    from store.periods import period_start

    now = int(dt.datetime(2026, 11, 26, 15, 30, tzinfo=dt.UTC).timestamp() * 1000)  # Thursday

    def day(ms):
        return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).date().isoformat()

    assert day(period_start("today", now)) == "2026-11-26"
    assert day(period_start("week", now)) == "2026-11-23"
    assert day(period_start("month", now)) == "2026-11-01"
    assert period_start("season", now) is None and period_start("all", now) is None


async def test_a_game_left_unrated_by_a_stop_is_rated_on_start_up(bot):
    from cogs.rating import rate_missed

    bot.tables.finish_listeners.clear()  # as if the bot stopped before rating it
    tid = await table_with(bot, PEOPLE, hands=1)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    assert await top(bot.store, GUILD) == []
    assert await rate_missed(bot.store) == 1
    assert len(await top(bot.store, GUILD)) == 4
    assert await rate_missed(bot.store) == 0


async def test_a_three_seat_game_is_rated_in_the_three_seat_pool_only(bot):
    # a four-seat game first: its ratings are what the three-seat game must leave alone
    tid = await table_with(bot, PEOPLE, hands=1)
    await play_out(bot, tid, {uid: 0 for uid, _ in PEOPLE})
    four = {s: {r.user_id: r for r in await top(bot.store, s)} for s in (GUILD, GLOBAL)}
    three = [*PEOPLE[:2], (104, "Eve")]
    tid = await table_with(bot, three, hands=1, preset="sichuan", options={"players": 3})
    assert len(bot.tables.get(tid).seats) == 3
    await play_out(bot, tid, {uid: 0 for uid, _ in three})
    for s in (GUILD, GLOBAL):
        assert {r.user_id: r for r in await top(bot.store, s)} == four[s]
        rows = await top(bot.store, s, seats=3)
        assert sorted(r.user_id for r in rows) == [100, 101, 104]
        assert all(r.games == 1 and r.seats == 3 for r in rows)
    announced = [t for t in sent_texts(bot.channels[CHANNEL].send) if t.startswith("🏆")]
    assert len(announced) == 2 and "(3-seat tables)" in announced[1]
    assert "(4-seat tables)" in announced[0]
    cog = bot.cogs["Rating"]
    # /rank: four seats by default (Eve has none there), the pool asked for otherwise
    it = interaction(bot, bot.users[104])
    await run_command(cog.rank, cog, it, None, "server")
    assert sent_texts(it.response.send_message) == [
        bt("rank.none", "en", name="Eve", pool="4-seat tables")]
    it = interaction(bot, bot.users[104], discord.Locale.chinese)
    await run_command(cog.rank, cog, it, None, "global", 3)
    title = it.followup.send.await_args.args[0].splitlines()[0]
    assert title == "**Eve 的等级分（全部服务器 · 3人桌）**"
    assert "/3 名 · 1 场排位" in it.followup.send.await_args.args[0]
    # the rating leaderboard of three seats lists the three; of four, the four
    from cogs.ledger import Ledger

    led = Ledger(bot)
    for seats, who in ((3, ("Ann", "Bob", "Eve")), (None, ("Ann", "Bob", "Cat", "Dan"))):
        it = interaction(bot, bot.users[100])
        await run_command(led.leaderboard, led, it, "season", "rating", seats)
        text = sent_texts(it.followup.send)[0]
        assert text.splitlines()[0] == f"**Rating leaderboard (this server, {seats or 4}-seat tables)**"
        assert text.count("(1 games)") == len(who)
        assert all(n in text for n in who) and (seats is None) == ("Eve" not in text)
