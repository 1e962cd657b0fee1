"""查理士顿 at the table: the pass step's line names its number and direction in three
languages, the dealer's call is asked, a suggestion reads as "pass …", and the menu offers
any tile held but a wild one (honours too)."""

from __future__ import annotations

from discord_io.views.controls import pick_options
from engine.tiles import parse
from tables.model import ActionChoice, Mode, PrivateView, Seat, Status, TableInfo
from tables.text import choice_label, hand_text

INFO = TableInfo(id="t1", guild_id=1, channel_id=2, host_id=100, preset="guangdong",
                 options=(("charleston", "seed"),), stake=1, hands=1, status=Status.PLAYING,
                 seats=tuple(Seat(i, 100 + i, f"P{i}") for i in range(4)))


def _view(step: str, shift: int) -> PrivateView:
    return PrivateView(table_id="t", hand_no=0, step=1, seat=0, mode=Mode.CLAIM,
                       concealed=tuple(parse("19m5p1z2z3z")), drawn=None, melds=(), flowers=(),
                       actions=(), choosing=step, pick=3 if shift else 0, pass_shift=shift,
                       wild=tuple(parse("5p")))


def test_the_pass_and_the_dealers_call_in_words():
    assert "给上家" in hand_text(_view("charleston2", 3), INFO, "zh-Hans")
    assert "給對家" in hand_text(_view("charleston3", 2), INFO, "zh-Hant")
    assert "Charleston pass 1" in hand_text(_view("charleston1", 1), INFO, "en")
    assert "one more round" in hand_text(_view("charleston_more", 0), INFO, "en")
    c = ActionChoice("choose_charleston1", "y", "1z2z3z", tiles=tuple(parse("1z2z3z")))
    assert choice_label(c, "en").startswith("Pass")


def test_the_menu_offers_honours_but_no_wild_tile():
    values = [o.value.split(".")[0] for o in pick_options(_view("charleston1", 1), "en")]
    assert values == ["1m", "9m", "1z", "2z", "3z"]
