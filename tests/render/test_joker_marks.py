"""The joker presets' marks on the pictures: Fujian's 白板 = kind in the table's centre and a
badge on each 白板 (river, meld, hand), the Philippine window's five jokers, Jiangnan's dashed
心皇 slot and the tile it stood for."""

from __future__ import annotations

import dataclasses

from PIL import ImageChops

from engine.tiles import WHITE, parse
from render import samples
from render.hand import hand_image
from render.table import table_image
from render.views import HandView, MeldView


def _table(marks: tuple = (), wild: frozenset[int] = frozenset({4})):
    tv = samples.sample_table()
    seats = []
    for s in tv.seats:
        seats.append(dataclasses.replace(
            s, discards=[t for t in s.discards if t != WHITE],
            melds=[m for m in s.melds if WHITE not in m.tiles],
            open_hand=None if s.open_hand is None else [t for t in s.open_hand if t != WHITE]))
    seats[0] = dataclasses.replace(seats[0], melds=[MeldView((WHITE,) * 3, 1, 1)])
    seats[2] = dataclasses.replace(seats[2], discards=[*seats[2].discards, WHITE])
    return table_image(dataclasses.replace(tv, seats=seats, marks=marks, indicator=4,
                                           wild_kinds=wild, family="fujian"), "en")


def test_the_stand_in_is_shown_on_the_table():
    plain, marked = _table(), _table(marks=(("stand_in", (4,)),))
    assert ImageChops.difference(plain, marked).getbbox() is not None


def test_a_window_of_five_jokers_is_drawn_whole():
    one = _table()
    five = _table(wild=frozenset(parse("3p4p5p4m4s")))
    assert ImageChops.difference(one, five).getbbox() is not None


def test_the_white_badge_and_the_imagined_tile_on_the_hand():
    tiles = parse("123m456p789s5z55z")
    base = HandView(tiles, None)
    assert ImageChops.difference(hand_image(base), hand_image(
        dataclasses.replace(base, stand_in=4))).getbbox() is not None
    slot = hand_image(dataclasses.replace(base, imagined_slot=True))
    shown = hand_image(dataclasses.replace(base, imagined=parse("7z")[0]))
    assert ImageChops.difference(slot, hand_image(base)).getbbox() is not None
    assert ImageChops.difference(slot, shown).getbbox() is not None
