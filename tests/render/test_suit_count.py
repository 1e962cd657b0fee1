"""八枝 (Hefei): the hand picture counts each suit under the hand where a win needs eight of
one, melds included and a kong as four; the dealer's throw (Hefei's 掷骰) on the plate of the
wall where dealing began."""

from __future__ import annotations

from engine.melds import meld
from engine.tiles import parse
from render.hand import hand_image, suit_counts
from render.views import HandView, MeldView


def _view(need: int) -> HandView:
    return HandView(concealed=parse("23456m88m345p67s"), drawn=parse("9s")[0],
                    melds=[MeldView.from_meld(meld("kong", "1111p", "1p", 1), 0)],
                    suit_need=need)


def test_suit_counts_hold_the_drawn_tile_and_a_kong_as_four():
    assert suit_counts(_view(8)) == (7, 7, 3)


def test_the_line_is_drawn_only_where_the_game_needs_it():
    with_line, without = hand_image(_view(8)), hand_image(_view(0))
    assert with_line.height > without.height and with_line.width == without.width


def test_the_dealers_throw_is_on_the_plate_of_the_wall_it_names():
    import dataclasses

    from render import samples
    from render.table import deal_wall, seat_marks

    view = dataclasses.replace(samples.sample_table(), marks=(("deal_dice", (1, 2)),))
    dealer = next(i for i, s in enumerate(view.seats) if s.is_dealer)
    wall = deal_wall(view, (1, 2))
    assert wall == (dealer + 2) % 4
    assert seat_marks(view, wall, "en")[0] == ["1+2, stack 1"]
    assert all(seat_marks(view, i, "en")[0] == [] for i in range(4) if i != wall)
