"""Only what people played is rated: a leaver, or a person whose seat a computer played for a
whole hand, is rated last, and such a game rates no one else (tables.rating.outcome).

The four-alts scenario: four accounts of one person sit at a ranked table and three leave at
hand 1 (or never click). On main the game was rated as if four people had played it: each
leaver was rated on the computer's play and one climbed +113 without a move.
"""

from __future__ import annotations

import pytest

from cogs.game.commands import leave_command
from cogs.rating import Rating, rate_missed
from store import Store
from store.ratings import GLOBAL, history, top
from tables.rating import display, outcome
from tests.cogs.fakes import GUILD, interaction
from tests.cogs.social import store_bot, table_with
from tests.tables.fakes import first_choice, pending

PEOPLE = [(100, "Ann"), (101, "Bob"), (102, "Cat"), (103, "Dan")]


@pytest.fixture
async def bot(tmp_path):
    store = await Store.open(tmp_path / "k.db")
    b = store_bot(store)
    for uid, name in PEOPLE:
        b.add_user(uid, name)
    b.cogs["Rating"] = Rating(b)
    await b.cogs["Rating"].cog_load()
    yield b
    await store.close()


async def play_with_clock(bot, tid: str, clicking: set[int]) -> None:
    """People in ``clicking`` play ``first_choice``; every other seat is left to its timers."""
    for _ in range(20_000):
        if tid not in {t.id for t in bot.tables.tables()}:
            return
        moves = pending(bot.tables, tid, {u: 0 for u in clicking})
        if moves:
            user, view = moves[0]
            code, arg = first_choice(view)
            await bot.tables.act(tid, user, view.hand_no, view.step, code, arg)
        else:
            await bot.tables.run_computers(tid)
            if not pending(bot.tables, tid, {u: 0 for u in clicking}):
                assert await bot.clock.run_next()
    raise AssertionError("the table did not finish")


def test_outcome_rates_forfeiters_alone_and_last():
    assert outcome([5, -5, 0, 0], [False] * 4) == ([1, 4, 2, 2], [True] * 4)
    # a forfeiter with the most chips is still last; the others are not rated
    assert outcome([90, -30, -30, -30], [True, False, True, True]) == (
        [2, 1, 2, 2], [True, False, True, True])
    assert outcome([1, 2, 3, 4], [False, False, False, True])[0] == [3, 2, 1, 4]


async def test_four_alts_three_leave_at_hand_one(bot):
    tid = await table_with(bot, PEOPLE, hands=2)
    for uid, _ in PEOPLE[1:]:
        await leave_command(bot, interaction(bot, bot.users[uid]))
    await play_with_clock(bot, tid, {100})
    rows = {r.user_id: r for r in await top(bot.store, GUILD)}
    assert 100 not in rows  # the one who stayed played against computers: no rating
    for uid, _ in PEOPLE[1:]:
        assert display(rows[uid].ordinal) < 1000 and rows[uid].games == 1
        assert [h.place for h in await history(bot.store, GUILD, uid)] == [2]
    assert {r.user_id for r in await top(bot.store, GLOBAL)} == {101, 102, 103}


async def test_a_person_who_never_clicks_forfeits(bot):
    tid = await table_with(bot, PEOPLE, hands=1)
    await play_with_clock(bot, tid, {100, 101, 102})  # Dan's seat: time-outs, then a computer
    rows = {r.user_id: r for r in await top(bot.store, GUILD)}
    assert set(rows) == {103}
    assert display(rows[103].ordinal) < 1000
    assert [h.place for h in await history(bot.store, GUILD, 103)] == [4]


async def test_the_forfeit_survives_a_stop_before_rating(bot):
    bot.tables.finish_listeners.clear()  # as if the bot stopped before rating it
    tid = await table_with(bot, PEOPLE, hands=1)
    await leave_command(bot, interaction(bot, bot.users[101]))
    await play_with_clock(bot, tid, {100, 102, 103})
    assert await rate_missed(bot.store) == 1
    assert {r.user_id for r in await top(bot.store, GUILD)} == {101}


async def test_four_who_play_are_all_rated(bot):
    tid = await table_with(bot, PEOPLE, hands=1)
    await play_with_clock(bot, tid, {100, 101, 102, 103})
    assert len(await top(bot.store, GUILD)) == 4


async def test_a_rating_the_database_refuses_at_first_is_made_when_it_frees(bot, monkeypatch):
    """Found by the chaos soak: a table finishing while the database was locked went unrated
    until the next start. The rating now waits for the database a while."""
    import cogs.rating as rating
    from store.errors import DatabaseBusy

    real = rating.rate_table
    refused = []

    async def busy_once(*args, **kwargs):
        if not refused:
            refused.append(1)
            raise DatabaseBusy("rating: the database is locked")
        return await real(*args, **kwargs)

    monkeypatch.setattr(rating, "rate_table", busy_once)
    monkeypatch.setattr(rating, "RATING_BACKOFF", (0.01,))
    tid = await table_with(bot, PEOPLE, hands=1)
    await play_with_clock(bot, tid, {100, 101, 102, 103})
    assert refused and len(await top(bot.store, GUILD)) == 4
