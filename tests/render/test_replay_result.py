"""A replay ends on the result: every hand open with the winners and their tiles marked, then
the hand's settlement (each win in order, its patterns, every payment, birds, 荒番)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import render.replay_result as result
from engine.events import HandEnded, HandStarted, Won
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from render import replay as rp
from render.replay_step import frame_count, replay_frame
from render.words import tile_words

NAMES = ["Ann", "Bo", "Chen", "Dee"]


def _hands(preset: str, seed: str, hands: int, level: str = "greedy") -> list[list[Any]]:
    players = [get_player(level, f"{seed}/{i}") for i in range(4)]
    m = play_match(Match.start(get_rules(preset), seed, hands_limit=hands), players)
    starts = [e.hand_no for e in m.events if isinstance(e, HandStarted)]
    return [rp.hand_events(m.events, n) for n in starts]


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    seen: list[Any] = []
    real = result.settlement_image

    def spy(view: Any, locale: object = "en") -> Any:
        seen.append(view)
        return real(view, locale)

    monkeypatch.setattr(result, "settlement_image", spy)
    return seen


@pytest.mark.parametrize("preset", ["guangdong", "sichuan", "changsha", "guobiao", "beijing"])
def test_the_last_frames_show_the_winners_and_every_payment(preset, monkeypatch):
    seen = _spy(monkeypatch)
    for events in _hands(preset, "result-1", 2):
        end = events[-1]
        assert isinstance(end, HandEnded)
        start = events[0]
        seen.clear()
        frames = rp.replay_frames(events, NAMES, locale="zh-Hans")
        # one size from the first frame to the last: nothing left blank
        assert {f.image.size for f in frames} == {frames[0].image.size}
        opened, last = frames[-2], frames[-1]
        assert last.final and last.step == last.steps == len(frames)
        wins = [e for e in events if isinstance(e, Won) and "false_win" not in e.patterns]
        if len(wins) == 1:  # who won, on which tile (in words), from whom
            w = wins[0]
            assert NAMES[w.seat] in opened.caption
            assert w.tile is not None and tile_words(w.tile, "zh-Hans") in opened.caption
            assert "m" not in opened.caption and "p" not in opened.caption
        elif wins:
            assert all(NAMES[w.seat] in opened.caption for w in wins)
        else:
            assert opened.caption == "荒庄 · 流局"
        (view,) = seen  # the result frame is the settlement of exactly this hand
        assert [w.seat for w in view.wins] == [w.seat for w in events if isinstance(w, Won)]
        assert list(view.payments) == list(end.deltas)
        assert tuple(view.seat_winds) == tuple((s - start.dealer) % 4 for s in range(4))
        paid = sum(a for _p, _q, a, _r in end.payments)
        if view.ledger:  # every payment in the order it fell due
            assert list(view.ledger) == list(end.payments)
        else:  # the win panels and one line per other reason add up to the totals
            assert not paid or view.wins or view.extras
        if preset == "sichuan":
            assert view.ledger == tuple(end.payments)  # 血战: each win, 刮风下雨, 查叫 …
        if end.turned:  # Changsha's birds are named on the result
            assert [v[0] for n, v in view.marks if n == "bird"] == list(end.turned)


def test_shanghai_shows_the_huangfan_that_raised_the_payments(monkeypatch):
    seen = _spy(monkeypatch)
    hands = _hands("shanghai", "hf-0", 3, level="random")
    carried = [h for h in hands if isinstance(h[0], HandStarted) and h[0].carry]
    assert carried
    rp.replay_frames(carried[0], NAMES, locale="en")
    (view,) = seen
    n = dict(carried[0][0].carry)["huangfan"]
    # the count in force when the hand was paid (the carried one, raised by the dice)
    assert any(m == "huangfan" and v[0] >= n for m, v in view.marks)


def test_the_step_buttons_show_the_same_two_last_frames():
    events = _hands("sichuan", "result-2", 1)[0]
    frames = rp.replay_frames(events, NAMES, locale="en")
    assert frame_count(events) == len(frames)
    for k in (len(frames) - 1, len(frames)):
        alone = replay_frame(events, k, NAMES, locale="en")
        assert alone.caption == frames[k - 1].caption
        assert alone.image.tobytes() == frames[k - 1].image.tobytes()


def test_a_seat_out_of_the_hand_names_its_tile_in_words():
    from engine.tiles import parse_one
    from render.table import seat_marks
    from render.views import SeatView, TableView

    seats = [SeatView(name=n) for n in NAMES]
    view = TableView(seats=seats, wall_remaining=40, marks=(("out", (1, parse_one("3p"))),
                                                             ("void", (1, 2))))
    assert seat_marks(view, 1, "zh-Hans")[0] == ["已和 三筒", "缺条"]
    assert seat_marks(view, 1, "en")[0] == ["Won on 3 Dots", "Void Bamboo"]


def test_each_river_has_its_seats_wind_beside_it():
    from render.draw import CREAM
    from render.table import CENTRE, SIZE, table_image
    from render.views import SeatView, TableView

    seats = [SeatView(name=n, seat_wind=(s - 2) % 4, is_dealer=s == 2) for s, n in
             enumerate(NAMES)]
    img = table_image(TableView(seats=seats, wall_remaining=40, viewer=1)).convert("RGB")
    c0 = (SIZE - CENTRE) // 2
    near, far, mid = c0 + 19, c0 + CENTRE - 19, c0 + CENTRE // 2
    # a disc on the centre's edge beside each of the four rivers (as on the seats' plates)
    for x, y in ((mid, far), (far, mid), (mid, near), (near, mid)):
        ring = [img.getpixel((x + dx, y + dy)) for dx, dy in ((-8, 0), (8, 0), (0, -8), (0, 8))]
        assert any(p == CREAM for p in ring), (x, y, ring)


async def test_a_false_win_ends_its_replay_as_what_it_cost():
    from tables.persist import MemoryTables
    from tests.tables.conftest import make_service
    from tests.tables.test_false_win import declare, next_turn, table_of_four

    store = MemoryTables()
    svc = make_service(store)
    tid = await table_of_four(svc)
    user, view = await next_turn(svc, tid)
    await declare(svc, tid, user, view)  # the dealer's 诈胡 ends hand 1
    events = rp.hand_events(await store.events(tid), 0)
    frames = rp.replay_frames(events, NAMES, locale="en")
    assert frames[-2].caption == f"{NAMES[view.seat]}: false win"
    assert frames[-1].final and frames[-1].caption == "The result"


def test_a_riichi_replay_ends_on_han_fu_dora_sticks_and_points(monkeypatch):
    seen = _spy(monkeypatch)
    hands = _hands("riichi", "result-1", 3, level="normal")
    won = [h for h in hands if any(isinstance(e, Won) for e in h)]
    assert won
    for events in won:
        seen.clear()
        rp.replay_frames(events, NAMES, locale="en")
        (view,) = seen
        notes = "\n".join(view.notes)
        marks = dict(view.marks)
        for w in (e for e in events if isinstance(e, Won)):
            assert re.search(rf"^{NAMES[w.seat]}: {w.fan} han \d+ fu", notes, re.M), notes
        assert "Dora indicators: " + tile_words(marks["dora"][0], "en") in notes
        assert f"Honba {marks['honba'][0]} (300 each)" in notes
        assert "Points: " in notes and f"{marks['points'][0]:,}" in notes
        if "ura" in marks:
            assert "Ura-dora indicators" in notes
    seen.clear()
    rp.replay_frames(won[0], NAMES, locale="zh-Hant")
    assert any("符" in n and "翻" in n for n in seen[0].notes)
    seen.clear()
    rp.replay_frames(won[0], NAMES, locale="zh-Hans")
    assert any("宝牌指示牌" in n for n in seen[0].notes)


def test_other_games_replays_have_no_riichi_lines(monkeypatch):
    seen = _spy(monkeypatch)
    rp.replay_frames(_hands("guobiao", "result-1", 1)[0], NAMES, locale="en")
    assert not seen[0].notes
