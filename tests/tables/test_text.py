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
