"""Rating pools per seat count (migration 0008): the ratings kept before it stay, unchanged,
in the four-seat pool; a game is rated in the pool of its seat count only; a place is 1 to the
seat count. On SQLite and PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from store import InvalidInput, Store, StoreSettings
from store.ratings import GLOBAL, apply_game, history, rating_of, ratings_for, top
from tables.rating import ordinal, update
from tests.store.conftest import raw_execute
from tests.store.test_migrations import copy_migrations

GUILD = 7


async def test_ratings_from_before_the_pools_stay_in_the_four_seat_pool(
    settings: StoreSettings, tmp_path: Path
):
    mdir = copy_migrations(tmp_path / "m")
    for later in sorted(mdir.glob("*.sql")) + sorted(mdir.glob("*/*.sql")):
        if int(later.name[:4]) >= 8:
            later.unlink()
    old = await Store.open(settings=settings, migrations_dir=mdir)
    await old.close()
    # a four-seat game's rows as the bot wrote them before 0008 (no seat count anywhere)
    for scope in (GUILD, GLOBAL):
        await raw_execute(settings, "INSERT INTO ratings (scope, user_id, mu, sigma, ordinal, "
                          "games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          scope, 100, 27.5, 7.25, 27.5 - 3 * 7.25, 3, 1000)
        await raw_execute(settings, "INSERT INTO rating_history (scope, user_id, game_id, mu, "
                          "sigma, ordinal, place, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          scope, 100, "t-old", 27.5, 7.25, 27.5 - 3 * 7.25, 4, 1000)
    s = await Store.open(settings=settings)
    try:
        row, place, total = await rating_of(s, GUILD, 100)  # the four-seat pool by default
        assert (row.mu, row.sigma, row.games, row.seats, place, total) == (27.5, 7.25, 3, 4, 1, 1)
        assert [p.game_id for p in await history(s, GLOBAL, 100)] == ["t-old"]
        for n in (2, 3, 5, 6, 7):
            assert await rating_of(s, GUILD, 100, n) is None
            assert await history(s, GUILD, 100, seats=n) == []
        # the old game still counts as rated: it is not rated again
        assert await apply_game(s, "t-old", GUILD, [100, 101, 102, 103], [1, 2, 3, 4],
                                update, ordinal) is None
    finally:
        await s.close()


async def test_a_game_is_rated_in_the_pool_of_its_seat_count_only(store: Store):
    four = [100, 101, 102, 103]
    await apply_game(store, "t4", GUILD, four, [1, 2, 3, 4], update, ordinal)
    before = {r.user_id: r for r in await top(store, GUILD)}
    out = await apply_game(store, "t3", GUILD, [100, 101, 104], [3, 1, 2], update, ordinal)
    assert out is not None and all(after.seats == 3 for _, after in out[GUILD])
    assert all(b is None for b, _ in out[GLOBAL])  # new in the three-seat pool, everywhere
    three = await top(store, GUILD, seats=3)
    assert [r.user_id for r in three] == [101, 104, 100] and all(r.games == 1 for r in three)
    assert {r.user_id: r for r in await top(store, GUILD)} == before  # four seats untouched
    assert (await ratings_for(store, GLOBAL, [100, 104], seats=3)).keys() == {100, 104}
    assert (await ratings_for(store, GLOBAL, [100, 104])).keys() == {100}
    assert [p.place for p in await history(store, GUILD, 100, seats=3)] == [3]
    assert [p.place for p in await history(store, GUILD, 100)] == [1]
    # seven seats: the seventh place is a place
    seven = list(range(200, 207))
    assert await apply_game(store, "t7", GUILD, seven, [1, 2, 3, 4, 5, 6, 7], update, ordinal)
    assert (await top(store, GUILD, 1, seats=7))[0].user_id == 200
    assert len(await top(store, GLOBAL, 10, seats=7)) == 7


async def test_a_place_past_the_seat_count_or_a_table_of_eight_is_refused(store: Store):
    with pytest.raises(InvalidInput):
        await apply_game(store, "t", GUILD, [1, 2, 3], [1, 2, 4], update, ordinal)
    with pytest.raises(InvalidInput):
        await apply_game(store, "t", GUILD, list(range(8)), list(range(1, 9)), update, ordinal)
    assert await top(store, GUILD, seats=3) == []
