"""The hand text of the variants: Hefei's 八枝 counts each suit (melds included, a kong as
four), and only there; Yangzhou's 连庄 is said in the table text."""

from __future__ import annotations

from engine.tiles import parse
from tables.model import Mode, PrivateView
from tables.text import hand_text, marks_lines
from tests.tables.conftest import ANN, make_service, seated_table


async def test_the_hand_text_counts_the_suits_in_hefei_only():
    texts = {}
    for preset in ("hefei", "guangdong"):
        svc = make_service()
        tid = await seated_table(svc, people=(ANN,), hands=1, preset=preset)
        view = PrivateView(
            table_id=tid, hand_no=0, step=0, seat=0, mode=Mode.WAIT,
            concealed=tuple(parse("234567m88m345p67s")), drawn=None, melds=(), flowers=(),
            actions=(), family=preset,
        )
        texts[preset] = hand_text(view, svc.get(tid), "en")
    assert "Tiles per suit: 万 8 · 筒 3 · 条 2 (八枝: a win needs 8 of one suit)" in texts["hefei"]
    assert "Tiles per suit" not in texts["guangdong"]


def test_the_kept_deal_is_said():
    assert marks_lines((("kept_deal", (2,)),), "en") == ["The dealer has kept the deal 2×"]
    assert marks_lines((("kept_deal", (2,)),), "zh-Hans") == ["庄家连庄 2 次"]


def test_the_dealers_throw_names_the_wall_and_stack():
    # 4 + 5 = 9 counts round to the dealer's own wall (九自手), the smaller die the stack
    assert marks_lines((("deal_dice", (4, 5)),), "en", dealer=2) == [
        "Dice 4+5=9: dealing began at East's wall, stack 4"]
    assert marks_lines((("deal_dice", (1, 1)),), "zh-Hans", dealer=0) == [
        "掷骰 1+1=2：从南的牌墙第 1 墩起牌"]
