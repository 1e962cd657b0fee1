"""The private hand as text (DMs and the offline terminal) names the wildcards."""

from __future__ import annotations

from tables.model import Mode, PrivateView
from tables.text import hand_text
from tests.conftest import hand
from tests.tables.conftest import ANN, make_service, seated_table


async def test_the_hand_text_names_its_wildcards():
    svc = make_service()
    tid = await seated_table(svc, people=(ANN,), hands=1, preset="heyuan-zheng")
    info = svc.get(tid)
    view = PrivateView(
        table_id=tid, hand_no=0, step=0, seat=0, mode=Mode.WAIT,
        concealed=tuple(hand("123m456p789s11z1f8f")), drawn=None, melds=(), flowers=(),
        actions=(), wild=tuple(range(34, 42)),
    )
    assert "Wildcards among them (2): 18f" in hand_text(view, info, "en")
    assert "其中百搭 2 张：春竹" in hand_text(view, info, "zh-CN")
    plain = PrivateView(
        table_id=tid, hand_no=0, step=0, seat=0, mode=Mode.WAIT,
        concealed=tuple(hand("123m456p789s11z22z")), drawn=None, melds=(), flowers=(),
        actions=(), wild=tuple(range(34, 42)),
    )
    assert "Wildcards" not in hand_text(plain, info, "en")


async def test_settlement_and_standings_speak_words_not_ids(rec, clock):
    from tables.text import settlement_text, standings_text
    from tests.tables.test_service import play_out

    svc = make_service(None, rec, clock)
    tid = await seated_table(svc, people=(ANN,), hands=2, preset="heyuan-zheng")
    await play_out(svc, tid, clock)
    won = [v for v in rec.settlements if v.wins]
    assert won, "two seeded hands and nobody won"
    for v in won:
        text = settlement_text(v, "en")
        for w in v.wins:
            assert all(p not in text for p in w.patterns if "_" in p)  # ids like all_pungs
        assert v.seed in text and v.commitment[:32] in text
    import dataclasses

    v = won[0]
    on_discard = dataclasses.replace(v, wins=(dataclasses.replace(
        v.wins[0], self_drawn=False, from_seat=(v.wins[0].seat + 1) % 4),))
    discarder = on_discard.wins[0].from_seat
    assert "(on your discard)" in settlement_text(on_discard, "en", viewer=discarder)
    assert f"(on {v.names[discarder]}'s discard)" in settlement_text(on_discard, "en")
    standings = standings_text(rec.final[-1], "en")
    assert "chips won or lost at this table" in standings and "balance now" in standings


def test_a_notice_about_the_viewer_says_you():
    from tables.model import Notice
    from tables.text import notice_text

    pong = Notice("call.pong", {"name": "You", "tile": "5m"}, seat=2)
    assert notice_text(pong, "en", viewer=2) == "You pong 5 Characters"
    other = Notice("call.pong", {"name": "CPU2", "tile": "5m"}, seat=2)
    assert notice_text(other, "en", viewer=0) == "CPU2 pongs 5 Characters"
    assert notice_text(Notice("call.win", {"name": "CPU1"}, 1), "en", viewer=0) == "CPU1 wins!"
    assert notice_text(Notice("call.win", {"name": "你"}, 0), "zh-CN", viewer=0) == "你胡了！"


async def test_the_hand_text_names_the_seat_by_its_wind_like_the_picture():
    svc = make_service()
    tid = await seated_table(svc, people=(ANN,), hands=1, preset="heyuan-zheng")
    info = svc.get(tid)
    for dealer, wind in ((0, "East"), (1, "North"), (2, "West"), (3, "South")):
        view = PrivateView(table_id=tid, hand_no=0, step=0, seat=0, mode=Mode.WAIT,
                           concealed=(), drawn=None, melds=(), flowers=(), actions=(),
                           dealer=dealer)
        assert f"you sit {wind}" in hand_text(view, info, "en")


def test_buttons_name_tiles_as_people_say_them():
    from tables.model import ActionChoice
    from tables.text import choice_label, tile_label

    assert [tile_label(t, "en") for t in hand("5p1z7z2f")] == ["5 Dots", "East", "Red", "Summer"]
    assert [tile_label(t, "zh-CN") for t in hand("5p1m")] == ["五筒", "一万"]
    assert [tile_label(t, "zh-TW") for t in hand("5p1m")] == ["五筒", "一萬"]
    chow = ActionChoice("chow", "c", "345m", hand("4m")[0], tuple(hand("345m")))
    assert choice_label(chow, "en") == "Chow 3-4-5 Characters"
    assert choice_label(chow, "zh-CN") == "吃 三万四万五万"
    pong = ActionChoice("pong", "p", "7z", hand("7z")[0])
    assert choice_label(pong, "en") == "Pong Red"
