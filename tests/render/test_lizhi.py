"""立直 (option lizhi) in the pictures: the declared discard lies sideways in its river with a
stick in front of the seat, and the hand picture shows the stick and the stake."""

from __future__ import annotations

from engine.tiles import parse
from render.hand import hand_image
from render.table import table_image
from render.views import HandView, SeatView, TableView


def _table(lizhi_at: int | None):
    seats = [SeatView(name=f"P{i}", discards=parse("1m9p4z2s"), seat_wind=i,
                      lizhi_at=lizhi_at if i == 0 else None) for i in range(4)]
    return table_image(TableView(seats=seats, wall_remaining=60), "en")


def test_the_sideways_discard_and_the_stick():
    plain, declared = _table(None), _table(2)
    assert plain.size == declared.size
    diff = [(x, y) for x in range(0, plain.width, 2) for y in range(0, plain.height, 2)
            if plain.getpixel((x, y)) != declared.getpixel((x, y))]
    # the river's third tile turned, and the stick: only the bottom seat's side changed
    assert diff and min(y for _, y in diff) > plain.height // 2


def test_the_hand_picture_shows_the_stake():
    hand = HandView(concealed=parse("123m456p789s5s6s1z1z"))
    assert hand_image(HandView(concealed=hand.concealed, lizhi=2), "en").height > \
        hand_image(hand, "en").height
