"""The end-of-hand picture names each seat by its wind in that hand, whoever deals."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import render
from engine.match import first_dealer
from tables import pictures
from tables.clock import VirtualClock
from tables.persist import MemoryTables
from tables.service import TableService, TableSettings
from tables.text import settlement_text
from tests.tables.conftest import ANN, CHANNEL, GUILD
from tests.tables.fakes import Recording

SEED = "d7"  # a match whose first dealer sits at seat 2


@pytest.mark.parametrize("preset", ["guobiao", "changsha", "beijing"])
async def test_the_settlement_picture_shows_the_hands_real_winds(preset, monkeypatch):
    assert first_dealer(SEED) == 2
    rec, clock = Recording(), VirtualClock()
    ids = (f"t{i}" for i in itertools.count())
    svc = TableService(MemoryTables(), rec, clock, TableSettings(),
                       id_factory=lambda: next(ids), seed_factory=lambda: SEED)
    info = await svc.create(GUILD, CHANNEL, ANN, preset, {}, 1, 1, seat_host=False)
    for _ in range(3):
        await svc.add_computer(info.id, ANN.user_id)
    await svc.start(info.id, ANN.user_id)  # computers only: the hand plays to its end
    view = rec.settlements[0]
    assert view.dealer == 2
    drawn: list[Any] = []
    real = render.settlement_image

    def spy(sv: Any, locale: object = "en") -> Any:
        drawn.append(sv)
        return real(sv, locale)

    monkeypatch.setattr(render, "settlement_image", spy)
    assert pictures.settlement_png(view, "en") is not None
    # seat 2 deals: it is East, seat 3 South, seat 0 West, seat 1 North
    assert tuple(drawn[0].seat_winds) == (2, 3, 0, 1)
    assert settlement_text(view, "en")  # the channel's text draws on the same dealer
