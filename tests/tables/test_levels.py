"""Computer levels: the level a host picks for a seat, the table's default and the AFK level
are the ones whose player makes the moves."""

from __future__ import annotations

import pytest

from engine.players import PLAYER_KINDS, GreedyPlayer, register
from tables.errors import TableError
from tables.text import lobby_text, settlement_text, table_text
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service
from tests.tables.test_service import play_out

ASKED: list[str] = []


class _Spy(GreedyPlayer):
    """Plays like greedy and notes which level was asked to move."""

    def __init__(self, seed: str, kind: str = "") -> None:
        super().__init__(seed)
        self.kind = kind

    def act(self, obs):  # type: ignore[no-untyped-def]
        ASKED.append(self.kind)
        return super().act(obs)


@pytest.fixture
def spies():
    ASKED.clear()
    added = []
    for kind in ("spy_a", "spy_b", "spy_afk"):
        register(kind, lambda seed, k=kind: _Spy(seed, k))
        added.append(kind)
    yield
    for kind in added:
        PLAYER_KINDS.pop(kind, None)


async def test_each_computer_seat_plays_at_the_level_it_was_added_with(rec, clock, spies):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1,
                            computer_level="spy_b")
    await svc.add_computer(info.id, ANN.user_id, "spy_a")
    await svc.add_computer(info.id, ANN.user_id)  # no level: the table's default
    await svc.add_computer(info.id, ANN.user_id, "hard")
    seats = svc.get(info.id).seats
    assert [s.level for s in seats[1:]] == ["spy_a", "spy_b", "hard"]
    assert "CPU1 (spy_a computer)" in lobby_text(svc.get(info.id), "en")
    assert "CPU3 (hard computer)" in lobby_text(svc.get(info.id), "en")
    assert "CPU3（困难电脑）" in lobby_text(svc.get(info.id), "zh-CN")
    await svc.start(info.id, ANN.user_id)
    view = svc.public_view(info.id)
    assert view.levels == ("", "spy_a", "spy_b", "hard")
    assert "CPU3 (hard computer)" in table_text(view, "en")
    await play_out(svc, info.id, clock)
    assert {"spy_a", "spy_b"} <= set(ASKED) and "spy_afk" not in ASKED
    assert "CPU1 (spy_a computer)" in settlement_text(rec.settlements[-1], "en")


async def test_a_person_who_times_out_is_kept_by_the_afk_level(rec, clock, spies):
    svc = make_service(None, rec, clock, afk_timeouts=1)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1,
                            computer_level="spy_a", afk_level="spy_afk")
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    await svc.start(info.id, ANN.user_id)
    while info.id in {t.id for t in svc.tables()} and "spy_afk" not in ASKED:
        assert await clock.run_next()  # Ann never clicks: her timer runs out
    assert "spy_afk" in ASKED


async def test_an_unknown_level_is_refused_and_changes_nothing(rec, clock):
    svc = make_service(None, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1)
    with pytest.raises(TableError) as err:
        await svc.add_computer(info.id, ANN.user_id, "grandmaster")
    assert err.value.key == "err.bad_level"
    assert svc.get(info.id).seats[1:] == (None, None, None)
    with pytest.raises(TableError):
        await svc.create(GUILD, CHANNEL, BOB, "heyuan-jihu", computer_level="nope")
    assert svc.table_for(GUILD, BOB.user_id) is None


async def test_levels_survive_a_restart(rec, clock):
    from tables.persist import MemoryTables

    store = MemoryTables()
    svc = make_service(store, rec, clock)
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-jihu", {}, 1, 1,
                            computer_level="easy", afk_level="hard")
    await svc.add_computer(info.id, ANN.user_id, "hard")
    again = make_service(store, rec, clock)
    await again.resume_all()
    t = again.get(info.id)
    assert t.computer_level == "easy" and t.seats[1].level == "hard"
    assert t.seats[0].level == "hard"  # Ann's seat, if a computer ever keeps it


def test_the_pictures_name_a_computer_with_its_level():
    from render.fonts import safe_text
    from tables.pictures import picture_names

    assert picture_names(("Ann", "CPU1"), ("", "hard"), "en") == ["Ann", "CPU1 · hard"]
    for locale, word in (("zh-Hans", "困难"), ("zh-Hant", "困難")):
        (_, name) = picture_names(("Ann", "CPU1"), ("", "hard"), locale)
        assert name == f"CPU1·{word}" and safe_text(name, "bold") == name  # no missing glyph
