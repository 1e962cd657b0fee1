"""A three-seat Sichuan game of three people through ``python bot.py`` and the Discord double
is ranked in the three-seat pool: the lobby says so, the result names the pool, ``/rank`` and
the rating leaderboard with ``seats: 3`` show it, and the four-seat ratings kept from before
are untouched (the database read after the bot stopped)."""

from __future__ import annotations

import sqlite3

import pytest

from discord_double.users import open_table, wait_for
from store import Store
from store.ratings import GLOBAL, apply_game
from tables.rating import ordinal, update
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


def _ratings(db) -> dict[tuple[int, int, int], tuple[float, float, int]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {(int(sc), int(n), int(u)): (float(m), float(s), int(g)) for sc, n, u, m, s, g in
                con.execute("SELECT scope, seats, user_id, mu, sigma, games FROM ratings")}
    finally:
        con.close()


async def test_a_three_seat_game_is_rated_in_the_three_seat_pool_only(tmp_path):
    async with World(tmp_path, ["ann", "bob", "cat"]) as w:
        d = w.double
        ann, bob, cat = w.users
        # ann and bob already have four-seat ratings (a game with two others, before)
        store = await Store.open(w.db)
        try:
            await apply_game(store, "earlier", w.guild.id, [ann.id, bob.id, 1, 2],
                             [1, 4, 2, 3], update, ordinal)
        finally:
            await store.close()
        four = {k: v for k, v in _ratings(w.db).items() if k[2] in (ann.id, bob.id)}
        assert len(four) == 4  # ann and bob, in the server's scope and the global one
        await w.start_bot(sync=True)
        table = await open_table(d, ann, [bob, cat], preset="sichuan", seats=3, hands=1)
        lobby = next(m for m in d.bot_messages(w.channel) if "3 seats at this table" in m.content)
        assert "🏆 Ranked among 3-seat tables" in lobby.content
        await w.play(timeout=300)
        rated = await wait_for(
            lambda: [m for m in d.bot_messages(w.channel) if m.content.startswith("🏆")], d, 30,
            "the ranked result")
        assert rated[0].content.startswith("🏆 Ranked result (3-seat tables): ")
        assert all(u.user.name in rated[0].content for u in w.users)
        # /rank with seats 3: cat's rating among three-seat tables, 1 game
        i = await d.slash(cat.user, w.channel, "rank", seats=3)
        assert await d.wait_ack(i)
        shown = await wait_for(lambda: next((m for m in d.bot_messages(w.channel)
                                             if m.content.startswith("**cat's rating")), None),
                               d, 30, "cat's rating")
        assert "(this server, 3-seat tables)" in shown.content and "1 ranked games" in shown.content
        # /rank without seats: the four-seat pool, where cat has played nothing
        i = await d.slash(cat.user, w.channel, "rank")
        assert await d.wait_ack(i)
        await wait_for(lambda: any("has not played a ranked game at 4-seat tables" in t
                                   for t in i.refused), d, 30, "no four-seat rating")
        i = await d.slash(ann.user, w.channel, "leaderboard", by="rating", seats=3)
        assert await d.wait_ack(i)
        board = await wait_for(lambda: next((m for m in d.bot_messages(w.channel)
                                             if m.content.startswith("**Rating leaderboard")),
                                            None), d, 30, "the three-seat leaderboard")
        assert board.content.splitlines()[0] == \
            "**Rating leaderboard (this server, 3-seat tables)**"
        assert board.content.count("(1 games)") == 3
        w.check_books(table, 1)
        await w.bot.stop()
        assert_clean(w)
    after = _ratings(w.db)
    assert {k: v for k, v in after.items() if k[1] == 4 and k[2] in (ann.id, bob.id)} == four
    three = {k: v for k, v in after.items() if k[1] == 3}
    assert sorted(three) == sorted((sc, 3, u.id) for sc in (w.guild.id, GLOBAL)
                                   for u in (ann, bob, cat))
    assert all(g == 1 for _, _, g in three.values())
