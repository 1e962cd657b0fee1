"""The standings say the same of a computer seat in text and picture: its net for the table,
played on the house's chips (it has no account, so no balance of its own)."""

from __future__ import annotations

from typing import Any

import render
from tables import pictures
from tables.persist import MemoryTables
from tables.text import standings_text
from tests.tables.conftest import ANN, CHANNEL, GUILD, make_service
from tests.tables.fakes import Recording


async def test_a_computer_that_won_shows_its_net_on_house_chips(monkeypatch):
    rec = Recording()
    svc = make_service(MemoryTables(), rec)
    info = await svc.create(GUILD, CHANNEL, ANN, "guangdong", {}, 1, 2, seat_host=False)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    await svc.start(info.id, ANN.user_id)  # computers only: they play to the end
    view = rec.final[0]
    assert all(b is None for b in view.balances) and any(t > 0 for t in view.totals)
    drawn: list[Any] = []
    real = render.leaderboard_image

    def spy(lv: Any, locale: object = "en") -> Any:
        drawn.append(lv)
        return real(lv, locale)

    monkeypatch.setattr(render, "leaderboard_image", spy)
    assert pictures.standings_png(view, "en") is not None
    rows = {r.name: r for r in drawn[0].rows}
    for i, name in enumerate(view.names):
        assert rows[name].chips is None  # not "Chips 0": the picture says "house chips"
        assert rows[name].change == view.totals[i]
    text = standings_text(view, "en")
    assert "balance now —" not in text and "—" not in text
    for i, name in enumerate(view.names):
        assert f"{name}: {view.totals[i]:+d} at this table, on house chips" in text
    for locale in ("zh-Hans", "zh-Hant"):
        assert pictures.standings_png(view, locale) is not None
        assert "—" not in standings_text(view, locale)
